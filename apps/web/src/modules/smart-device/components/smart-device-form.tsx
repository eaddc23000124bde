import {
  deployerProblem,
  HomieId,
  normaliseMacAddress,
  FILTER_DEBOUNCE_MS,
  SMART_DEVICE_KINDS,
  SMART_DEVICE_LIMITS,
  SmartDeviceInput,
  SmartDeviceIpAddress,
  type SmartDeviceDetail,
  type SmartDeviceKind,
} from '@atrium/contract';
import { Alert, App, Button, Col, Form, Input, Modal, Row, Select, Skeleton, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { claimFailure, type FailurePlacement } from '../../../shared/forms/form-failure';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { zodRule } from '../../../shared/forms/zod-rule';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { useSaveSmartDevice, useSmartDevice, useSmartDeviceOptions } from '../api/smart-device.api';

interface FormValues {
  name: string;
  kind?: SmartDeviceKind;
  brand?: string;
  model?: string;
  serialNumber?: string;
  ipAddress: string;
  macAddress?: string;
  homieId?: string;
  roomId?: number | null;
  deployerIds: number[];
}
type FormField = keyof FormValues;

/** The request's fields, each under the form field of the same name. */
const REQUEST_FIELDS: Partial<Record<string, FormField>> = Object.fromEntries(
  (['name', 'kind', 'brand', 'model', 'serialNumber', 'ipAddress', 'macAddress', 'homieId', 'roomId', 'deployerIds'] as const).map((field) => [field, field]),
);

const valuesOf = (device: SmartDeviceDetail | undefined): FormValues =>
  device
    ? {
        name: device.name,
        kind: device.kind,
        brand: device.brand ?? '',
        model: device.model ?? '',
        serialNumber: device.serialNumber ?? '',
        ipAddress: device.ipAddress ?? '',
        macAddress: device.macAddress ?? '',
        homieId: device.homieId,
        roomId: device.roomId,
        deployerIds: device.deployers.map((deployer) => deployer.id),
      }
    : { name: '', ipAddress: '', deployerIds: [] };

/** Adds a device (`deviceId` null) or edits one; the contract's rules check each field before sending. */
export function SmartDeviceFormModal({ deviceId, onClose }: { deviceId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useSmartDevice(deviceId);
  const isLoading = deviceId !== null && !detail.data;
  return (
    // The form has its own buttons, so leaving with unsaved changes asks first.
    <Modal
      open
      title={deviceId === null ? t('smart-device.form.addTitle') : t('smart-device.form.editTitle', { name: detail.data?.name ?? '' })}
      footer={null}
      closable={false}
      mask={{ closable: false }}
      width={720}
      destroyOnHidden
    >
      {isLoading ? <Skeleton active /> : <DeviceForm device={detail.data} onClose={onClose} />}
    </Modal>
  );
}

function DeviceForm({ device, onClose }: { device: SmartDeviceDetail | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveSmartDevice();
  const [keyword, setKeyword] = useState('');
  const options = useSmartDeviceOptions(useDebouncedValue(keyword.trim(), FILTER_DEBOUNCE_MS));
  const [failure, setFailure] = useState<string | null>(null);
  const initialValues = useMemo(() => valuesOf(device), [device]);
  const dirty = useFormDirty(form, { initialValues });
  const { confirmLeave } = useUnsavedChanges(dirty.isDirty);
  const textRule = zodRule(SmartDeviceInput.shape.brand, t('smart-device.form.textRule', { max: SMART_DEVICE_LIMITS.textMax }));

  // The colleagues found, and the device's own deployers so their names show before any search.
  const userOptions = useMemo(() => {
    const found = new Map((device?.deployers ?? []).map((deployer) => [deployer.id, deployer.name]));
    for (const user of options.data?.users ?? []) found.set(user.id, user.email ? `${user.name} (${user.email})` : user.name);
    return [...found].map(([value, label]) => ({ value, label }));
  }, [device, options.data]);
  const roomOptions = (options.data?.rooms ?? []).map((room) => ({ value: room.id, label: room.floorName ? `${room.floorName} / ${room.name}` : room.name }));

  const show = (placement: FailurePlacement<FormField>) => {
    form.setFields(Object.entries(placement.fields).map(([name, text]) => ({ name: name as FormField, errors: [text as string] })));
    setFailure(placement.form);
  };
  const refusedText = (field: FormField) => {
    if (field === 'ipAddress') return t('smart-device.form.ipRule');
    if (field === 'macAddress') return t('smart-device.form.macRule');
    if (field === 'deployerIds') return t('smart-device.form.deployerTwice');
    if (field === 'homieId') return t('smart-device.form.homieIdRule');
    return t('smart-device.form.refused');
  };
  // Refused fields are shown under them; the rest (a room gone meanwhile, …) in the form's alert.
  const claim = claimFailure<FormField>({ paths: REQUEST_FIELDS, refusedText, showsOthers: true }, show);

  const submit = async (values: FormValues) => {
    setFailure(null);
    const body = {
      name: values.name,
      kind: values.kind!,
      brand: values.brand || null,
      model: values.model || null,
      serialNumber: values.serialNumber || null,
      ipAddress: values.ipAddress,
      macAddress: values.macAddress || null,
      ...(values.homieId ? { homieId: values.homieId } : {}),
      roomId: values.roomId ?? null,
      deployerIds: values.deployerIds ?? [],
    };
    const saved = await save.mutateAsync({ id: device?.id ?? null, body, claim });
    void message.success(t('smart-device.form.saved', { name: saved.name }));
    onClose();
  };

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onValuesChange={dirty.onValuesChange}
      onFinish={(values) => void submit(values).catch(() => undefined)}
      data-testid="smart-device-form"
    >
      {failure ? <Alert type="error" showIcon title={failure} /> : null}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={t('smart-device.fields.name')} rules={[{ required: true, whitespace: true, message: t('smart-device.form.nameRequired') }, zodRule(SmartDeviceInput.shape.name, t('smart-device.form.nameRule', { max: SMART_DEVICE_LIMITS.nameMax }))]}>
            <Input maxLength={SMART_DEVICE_LIMITS.nameMax} data-testid="smart-form-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="kind" label={t('smart-device.fields.kind')} rules={[{ required: true, message: t('smart-device.form.kindRequired') }]}>
            <Select showSearch={{ optionFilterProp: 'label' }} options={SMART_DEVICE_KINDS.map((kind) => ({ value: kind, label: t(`smart-device.kinds.${kind}`) }))} data-testid="smart-form-kind" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="brand" label={t('smart-device.fields.brand')} rules={[textRule]}>
            <Input maxLength={SMART_DEVICE_LIMITS.textMax} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="model" label={t('smart-device.fields.model')} rules={[textRule]}>
            <Input maxLength={SMART_DEVICE_LIMITS.textMax} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="serialNumber" label={t('smart-device.fields.serialNumber')} rules={[textRule]}>
            <Input maxLength={SMART_DEVICE_LIMITS.textMax} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="homieId" label={t('smart-device.fields.homieId')} extra={t('smart-device.form.homieIdHint')} rules={[{ validator: (_r, value?: string) => (!value || HomieId.safeParse(value).success ? Promise.resolve() : Promise.reject(new Error(t('smart-device.form.homieIdRule')))) }]}>
            <Input maxLength={64} data-testid="smart-form-homie-id" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="ipAddress" label={t('smart-device.fields.ipAddress')} rules={[{ required: true, whitespace: true, message: t('smart-device.form.ipRequired') }, { validator: (_r, value?: string) => (!value?.trim() || SmartDeviceIpAddress.safeParse(value).success ? Promise.resolve() : Promise.reject(new Error(t('smart-device.form.ipRule')))) }]}>
            <Input data-testid="smart-form-ip" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="macAddress" label={t('smart-device.fields.macAddress')} rules={[{ validator: (_r, value?: string) => (!value?.trim() || normaliseMacAddress(value) ? Promise.resolve() : Promise.reject(new Error(t('smart-device.form.macRule')))) }]}>
            <Input placeholder="AA:BB:CC:DD:EE:FF" data-testid="smart-form-mac" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="roomId" label={t('smart-device.fields.room')} extra={t('smart-device.form.roomHint')}>
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={roomOptions} data-testid="smart-form-room" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="deployerIds"
            label={t('smart-device.fields.deployers')}
            extra={t('smart-device.form.deployersHint')}
            rules={[{ validator: (_r, value?: number[]) => (deployerProblem(value ?? []) ? Promise.reject(new Error(t('smart-device.form.deployerTwice'))) : Promise.resolve()) }]}
          >
            <Select mode="multiple" showSearch={{ filterOption: false, onSearch: setKeyword }} options={userOptions} data-testid="smart-form-deployers" />
          </Form.Item>
        </Col>
      </Row>
      <Space className="atrium-smart-form-buttons">
        <Button onClick={() => confirmLeave(onClose)} data-testid="smart-form-cancel">
          {t('common.actions.cancel')}
        </Button>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="smart-form-submit">
          {t('smart-device.actions.save')}
        </Button>
      </Space>
    </Form>
  );
}
