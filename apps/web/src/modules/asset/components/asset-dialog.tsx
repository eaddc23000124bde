import { ASSET_NOTES_MAX, ASSET_SERIAL_MAX, ASSET_TAG_MAX, type Asset, type AssetOptions } from '@atrium/contract';
import type { ButtonProps } from 'antd';
import { App, DatePicker, Form, Input, Modal, Select, TreeSelect } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSaveAsset } from '../api/asset.api';
import { locationTree } from './location-tree';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';

interface AssetValues {
  tag?: string;
  serial?: string;
  modelId?: number;
  status?: 'ready' | 'in_repair' | 'retired';
  locationId?: number;
  purchaseDate?: Dayjs | null;
  warrantyEnd?: Dayjs | null;
  nextAuditAt?: Dayjs | null;
  notes?: string;
}

const day = (date: Dayjs | null | undefined) => (date ? date.format('YYYY-MM-DD') : null);

/** Adds an asset or changes one: tag, serial, model, status (not while checked out), location, dates, notes. */
export function AssetDialog({ options, asset, onClose }: { options: AssetOptions; asset?: Asset; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<AssetValues>();
  const dirty = useFormDirty(form);
  const { confirmLeave } = useUnsavedChanges(dirty.isDirty);
  const save = useSaveAsset();
  const isDeployed = asset?.status === 'deployed';

  async function submit() {
    let values: AssetValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      const saved = await save.mutateAsync({
        ...(asset ? { id: asset.id } : {}),
        tag: values.tag!.trim(),
        serial: values.serial?.trim() || null,
        modelId: values.modelId!,
        ...(isDeployed ? {} : { status: values.status ?? 'ready' }),
        locationId: values.locationId ?? null,
        purchaseDate: day(values.purchaseDate),
        warrantyEnd: day(values.warrantyEnd),
        nextAuditAt: values.nextAuditAt ? values.nextAuditAt.startOf('day').valueOf() : null,
        notes: values.notes?.trim() || null,
      });
      void message.success(t('asset.list.saved', { tag: saved.tag }));
      onClose();
    } catch {
      // The client has shown the server's reason.
    }
  }

  return (
    <Modal
      open
      title={asset ? t('asset.list.editTitle', { tag: asset.tag }) : t('asset.list.addTitle')}
      okText={t('asset.actions.save')}
      cancelText={t('asset.actions.cancel')}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'asset-save' } as ButtonProps}
      onOk={() => void submit()}
      onCancel={() => confirmLeave(onClose)}
    >
      <Form<AssetValues>
        form={form}
        onValuesChange={dirty.onValuesChange}
        layout="vertical"
        initialValues={{
          tag: asset?.tag,
          serial: asset?.serial ?? undefined,
          modelId: asset?.modelId,
          status: asset && asset.status !== 'deployed' ? asset.status : 'ready',
          locationId: asset?.locationId ?? undefined,
          purchaseDate: asset?.purchaseDate ? dayjs(asset.purchaseDate) : null,
          warrantyEnd: asset?.warrantyEnd ? dayjs(asset.warrantyEnd) : null,
          nextAuditAt: asset?.nextAuditAt ? dayjs(asset.nextAuditAt) : null,
          notes: asset?.notes ?? undefined,
        }}
      >
        <Form.Item name="tag" label={t('asset.fields.tag')} rules={[{ required: true, whitespace: true, message: t('asset.rules.tag') }]}>
          <Input maxLength={ASSET_TAG_MAX} data-testid="asset-tag" />
        </Form.Item>
        <Form.Item name="modelId" label={t('asset.fields.model')} rules={[{ required: true, message: t('asset.rules.model') }]}>
          <Select<number>
            showSearch
            optionFilterProp="label"
            options={options.models.map((model) => ({ value: model.id, label: `${model.name} (${model.categoryName})` }))}
            data-testid="asset-model"
          />
        </Form.Item>
        <Form.Item name="serial" label={t('asset.fields.serial')}>
          <Input maxLength={ASSET_SERIAL_MAX} data-testid="asset-serial" />
        </Form.Item>
        {isDeployed ? null : (
          <Form.Item name="status" label={t('asset.fields.status')}>
            <Select
              options={(['ready', 'in_repair', 'retired'] as const).map((status) => ({ value: status, label: t(`asset.statuses.${status}`) }))}
              data-testid="asset-status"
            />
          </Form.Item>
        )}
        <Form.Item name="locationId" label={t('asset.fields.location')}>
          <TreeSelect<number> treeData={locationTree(options.locations)} allowClear showSearch treeNodeFilterProp="title" data-testid="asset-location" />
        </Form.Item>
        <Form.Item name="purchaseDate" label={t('asset.fields.purchaseDate')}>
          <DatePicker style={{ width: '100%' }} data-testid="asset-purchase-date" />
        </Form.Item>
        <Form.Item name="warrantyEnd" label={t('asset.fields.warrantyEnd')}>
          <DatePicker style={{ width: '100%' }} data-testid="asset-warranty-end" />
        </Form.Item>
        <Form.Item name="nextAuditAt" label={t('asset.fields.nextAuditAt')}>
          <DatePicker style={{ width: '100%' }} data-testid="asset-next-audit" />
        </Form.Item>
        <Form.Item name="notes" label={t('asset.fields.notes')}>
          <Input.TextArea maxLength={ASSET_NOTES_MAX} rows={3} data-testid="asset-notes" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
