import {
  AddVisitorDeviceBody,
  BADGE_OFFSET_MAX_MM,
  BADGE_STOCKS,
  DEFAULT_BADGE_STOCK,
  KIOSK_PATH,
  VISITOR_DEVICE_KINDS,
  VISITOR_DEVICE_NAME_MAX,
  type BadgeStockName,
  type VisitLocation,
  type VisitorDevice,
  type VisitorDeviceKind,
} from '@atrium/contract';
import { Alert, App, Form, Input, Modal, Radio, Select, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-client';
import { claimOnForm } from '../../../shared/forms/form-failure';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { useAddVisitorDevice, useUpdateVisitorDevice } from '../api/reception-devices.api';
import { ActivationCode, placeLabel } from './reception-device-parts';

interface DeviceForm {
  kind: VisitorDeviceKind;
  name: string;
  serial?: string;
  printerId?: number | null;
  stock?: BadgeStockName;
  /** Offsets as typed ("1.5", "-2"): a number input takes whole numbers only. */
  offsetXMm?: string;
  offsetYMm?: string;
}

/** The fields the server may refuse, each the form's own. */
type RefusableField = 'name' | 'serial' | 'printerId' | 'stock' | 'offsetXMm' | 'offsetYMm';
const REFUSABLE: Record<RefusableField, RefusableField> = { name: 'name', serial: 'serial', printerId: 'printerId', stock: 'stock', offsetXMm: 'offsetXMm', offsetYMm: 'offsetYMm' };

const OffsetMm = AddVisitorDeviceBody.shape.offsetXMm.unwrap();
/** A typed offset as a number: a comma is a decimal point too; empty is 0. */
const offsetOf = (text: string | undefined) => (text?.trim() ? Number(text.trim().replace(',', '.')) : 0);

/** The contract's offset rule (-10 to 10 mm, one decimal) on the typed text. */
const offsetRuleOf = (message: string): Rule => ({
  validator: (_rule, value?: string) => {
    const typed = value?.trim() ?? '';
    const isNumber = typed === '' || /^-?\d+([.,]\d+)?$/.test(typed);
    return isNumber && OffsetMm.safeParse(offsetOf(typed)).success ? Promise.resolve() : Promise.reject(new Error(message));
  },
});

export interface ReceptionDeviceModalProps {
  place: VisitLocation;
  /** The device being changed; null adds one. */
  device: VisitorDevice | null;
  /** The place's badge printers, for a kiosk. */
  printers: VisitorDevice[];
  onClose: () => void;
}

/**
 * Adds or changes a reception device of a place: its kind (fixed once added), name and serial; a kiosk's
 * badge printer; a printer's label stock and calibration. A new kiosk's activation code is shown at once,
 * with where to type it.
 */
export function ReceptionDeviceModal({ place, device, printers, onClose }: ReceptionDeviceModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const isPhone = useMediaQuery('(max-width: 640px)');
  const [form] = Form.useForm<DeviceForm>();
  const add = useAddVisitorDevice();
  const update = useUpdateVisitorDevice();
  const [issued, setIssued] = useState<VisitorDevice | null>(null);
  const chosenKind = (Form.useWatch('kind', form) as VisitorDeviceKind | undefined) ?? device?.kind ?? 'pad';
  const initialValues: DeviceForm = device
    ? {
        kind: device.kind,
        name: device.name,
        serial: device.serial ?? '',
        printerId: device.printerId,
        stock: device.stock ?? DEFAULT_BADGE_STOCK,
        offsetXMm: String(device.offsetXMm),
        offsetYMm: String(device.offsetYMm),
      }
    : { kind: 'pad', name: '', serial: '', printerId: null, stock: DEFAULT_BADGE_STOCK, offsetXMm: '0', offsetYMm: '0' };
  const dirty = useFormDirty(form, { initialValues });
  // Once a kiosk's code is shown, nothing is left unsaved.
  const { confirmLeave } = useUnsavedChanges(dirty.isDirty && issued === null);

  async function submit() {
    let values: DeviceForm;
    try {
      values = await form.validateFields();
    } catch {
      return; // The form shows what is missing.
    }
    const forKind = {
      ...(values.kind === 'pad' ? { printerId: values.printerId ?? null } : {}),
      ...(values.kind === 'printer' ? { stock: values.stock ?? DEFAULT_BADGE_STOCK, offsetXMm: offsetOf(values.offsetXMm), offsetYMm: offsetOf(values.offsetYMm) } : {}),
    };
    const serial = values.serial?.trim() ?? '';
    try {
      if (device) {
        const answer = await update.mutateAsync({ id: device.id, name: values.name, serial, ...forKind });
        void message.success(answer.message);
        onClose();
        return;
      }
      const answer = await add.mutateAsync({ kind: values.kind, name: values.name, locationId: place.id, ...(serial ? { serial } : {}), ...forKind });
      void message.success(answer.message);
      if (answer.result.kind === 'pad' && answer.result.activationCode) setIssued(answer.result);
      else onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // Fields the server refused get the form's own words; anything else is said once.
      const placed = claimOnForm<RefusableField>(form, { paths: REFUSABLE, refusedText: (field) => refusedText(field) })(error);
      if (!placed) void message.error(error.message);
    }
  }

  function refusedText(field: RefusableField): string {
    if (field === 'name') return t('visitor.devices.nameRule', { max: VISITOR_DEVICE_NAME_MAX });
    if (field === 'offsetXMm' || field === 'offsetYMm') return t('visitor.devices.offsetRule', { max: BADGE_OFFSET_MAX_MM });
    if (field === 'serial') return t('visitor.devices.serialRule');
    return t('visitor.devices.printerRule');
  }

  const offsetRule = offsetRuleOf(t('visitor.devices.offsetRule', { max: BADGE_OFFSET_MAX_MM }));

  return (
    <Modal
      open
      title={issued ? t('visitor.devices.issuedTitle') : device ? t('visitor.devices.editTitle', { name: device.name }) : t('visitor.devices.addTitle')}
      width={isPhone ? '100%' : 520}
      okText={issued ? t('visitor.devices.done') : t('visitor.devices.save')}
      cancelText={t('visitor.devices.cancel')}
      cancelButtonProps={issued ? { style: { display: 'none' } } : {}}
      onOk={() => (issued ? onClose() : void submit())}
      onCancel={() => (issued ? onClose() : confirmLeave(onClose))}
      confirmLoading={add.isPending || update.isPending}
      okButtonProps={{ 'data-testid': 'reception-device-save' } as ButtonProps}
      destroyOnHidden
    >
      {issued ? (
        <div className="atrium-reception-issued" data-testid="reception-issued">
          <Typography.Paragraph>{t('visitor.devices.issuedFor', { name: issued.name, place: placeLabel(place) })}</Typography.Paragraph>
          <ActivationCode code={issued.activationCode!} testId="reception-issued-code" />
          <Alert type="info" showIcon className="atrium-reception-issued-hint" title={t('visitor.devices.issuedHint', { url: `${window.location.origin}${KIOSK_PATH}` })} />
        </div>
      ) : (
        <Form form={form} layout="vertical" requiredMark initialValues={initialValues} onValuesChange={dirty.onValuesChange} data-testid="reception-device-form">
          <Typography.Paragraph type="secondary">{t('visitor.devices.atPlace', { place: placeLabel(place) })}</Typography.Paragraph>
          <Form.Item name="kind" label={t('visitor.devices.fields.kind')} rules={[{ required: true }]}>
            <Radio.Group
              optionType="button"
              disabled={device !== null}
              options={VISITOR_DEVICE_KINDS.map((value) => ({ value, label: t(`visitor.devices.kind.${value}`) }))}
              data-testid="reception-device-kind"
            />
          </Form.Item>
          <Form.Item name="name" label={t('visitor.devices.fields.name')} rules={[{ required: true, whitespace: true, message: t('visitor.devices.nameRequired') }, { max: VISITOR_DEVICE_NAME_MAX, message: t('visitor.devices.nameRule', { max: VISITOR_DEVICE_NAME_MAX }) }]}>
            <Input maxLength={VISITOR_DEVICE_NAME_MAX} placeholder={t(`visitor.devices.namePlaceholder.${chosenKind}`)} autoFocus data-testid="reception-device-name" />
          </Form.Item>
          <Form.Item name="serial" label={t('visitor.devices.fields.serial')} extra={t('visitor.devices.serialHint')}>
            <Input maxLength={64} data-testid="reception-device-serial" />
          </Form.Item>
          {chosenKind === 'pad' ? (
            <Form.Item name="printerId" label={t('visitor.devices.fields.printer')} extra={t(printers.length > 0 ? 'visitor.devices.printerHint' : 'visitor.devices.noPrinters')}>
              <Select
                allowClear
                disabled={printers.length === 0}
                placeholder={t('visitor.devices.noPrinter')}
                options={printers.map((printer) => ({ value: printer.id, label: printer.name }))}
                onClear={() => form.setFieldValue('printerId', null)}
                data-testid="reception-device-printer"
              />
            </Form.Item>
          ) : null}
          {chosenKind === 'printer' ? (
            <>
              <Form.Item name="stock" label={t('visitor.devices.fields.stock')} rules={[{ required: true }]}>
                <Select options={BADGE_STOCKS.map((value) => ({ value, label: t(`visitor.badge.stocks.${value}`) }))} data-testid="reception-device-stock" />
              </Form.Item>
              <div className="atrium-reception-offsets">
                <Form.Item name="offsetXMm" label={t('visitor.devices.fields.offsetX')} rules={[offsetRule]}>
                  <Input inputMode="decimal" suffix="mm" maxLength={5} data-testid="reception-device-offset-x" />
                </Form.Item>
                <Form.Item name="offsetYMm" label={t('visitor.devices.fields.offsetY')} rules={[offsetRule]}>
                  <Input inputMode="decimal" suffix="mm" maxLength={5} data-testid="reception-device-offset-y" />
                </Form.Item>
              </div>
              <Typography.Paragraph type="secondary" className="atrium-reception-offset-hint">
                {t('visitor.devices.offsetHint', { max: BADGE_OFFSET_MAX_MM })}
              </Typography.Paragraph>
            </>
          ) : null}
        </Form>
      )}
    </Modal>
  );
}
