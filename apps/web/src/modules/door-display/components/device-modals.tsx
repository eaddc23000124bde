import { AddActivationCodeBody, DeviceName, DOOR_DISPLAY_LIMITS, SafetyPassword, type DisplayRoom, type DoorDisplay } from '@atrium/contract';
import { Alert, App, Checkbox, Form, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { zodRule } from '../../../shared/forms/zod-rule';
import { useAddActivationCode, useCancelDoorDisplays, useUpdateDoorDisplay } from '../api/door-display.api';
import { NumberInput } from '../../../shared/ui/number-input';

/** Room options: the name with its location path, searchable by both. */
export const roomOptions = (rooms: readonly DisplayRoom[]) =>
  rooms.map((room) => ({ value: room.id, label: [...room.path, room.name].join(' / ') }));

/** Issues activation codes for a room; asks before a filled-in request is dropped. */
export function AddCodeModal({ rooms, onClose }: { rooms: readonly DisplayRoom[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ roomId: number; name?: string; count: number }>();
  const add = useAddActivationCode();
  const [issued, setIssued] = useState<DoorDisplay[] | null>(null);
  const initialValues = { count: 1 };
  const dirty = useFormDirty(form, { initialValues });
  // Once the codes are issued, nothing is left unsaved.
  const { confirmLeave } = useUnsavedChanges(dirty.isDirty && issued === null);

  const submit = async (values: { roomId: number; name?: string; count: number }) => {
    const result = await add.mutateAsync({ roomId: values.roomId, count: values.count, ...(values.name?.trim() ? { name: values.name.trim() } : {}) });
    void message.success(t('door-display.add.done', { count: result.list.length }));
    setIssued(result.list);
  };

  return (
    <Modal
      open
      title={t('door-display.add.title')}
      okText={issued ? t('common.actions.close') : t('door-display.add.submit')}
      okButtonProps={{ 'data-testid': 'add-code-submit' }}
      cancelButtonProps={issued ? { style: { display: 'none' } } : {}}
      cancelText={t('common.actions.cancel')}
      confirmLoading={add.isPending}
      onOk={() => (issued ? onClose() : form.submit())}
      onCancel={() => confirmLeave(onClose)}
      destroyOnHidden
    >
      {issued ? (
        <Alert
          type="success"
          showIcon
          title={t('door-display.add.issuedTitle')}
          description={
            <div data-testid="add-code-result">
              <p>{t('door-display.add.issuedHint')}</p>
              {issued.map((device) => (
                <div key={device.id}>
                  {device.name}:{' '}
                  <Typography.Text code copyable className="atrium-door-code" data-testid="issued-code">
                    {device.activationCode}
                  </Typography.Text>
                </div>
              ))}
            </div>
          }
        />
      ) : (
        <Form form={form} layout="vertical" initialValues={initialValues} onValuesChange={dirty.onValuesChange} onFinish={(values) => void submit(values).catch(() => undefined)} data-testid="add-code-form">
          <Form.Item name="roomId" label={t('door-display.fields.room')} rules={[{ required: true, message: t('door-display.add.pickRoom') }]}>
            <Select showSearch={{ optionFilterProp: 'label' }} options={roomOptions(rooms)} placeholder={t('door-display.add.pickRoom')} data-testid="add-code-room" />
          </Form.Item>
          <Form.Item name="name" label={t('door-display.fields.name')} extra={t('door-display.add.nameHint')} rules={[{ validator: (_r, value?: string) => (!value?.trim() || DeviceName.safeParse(value).success ? Promise.resolve() : Promise.reject(new Error(t('door-display.add.nameRule', { max: DOOR_DISPLAY_LIMITS.nameMax })))) }]}>
            <Input maxLength={DOOR_DISPLAY_LIMITS.nameMax} data-testid="add-code-name" />
          </Form.Item>
          <Form.Item name="count" label={t('door-display.add.count')} rules={[zodRule(AddActivationCodeBody.shape.count.unwrap(), t('door-display.add.countRule', { max: DOOR_DISPLAY_LIMITS.maxCodesPerRequest }))]}>
            <NumberInput min={1} max={DOOR_DISPLAY_LIMITS.maxCodesPerRequest} data-testid="add-code-count" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

interface RebindValues {
  roomId: number;
  name: string;
  regenerateCode: boolean;
  safetyPassword?: string;
}

/** Moves a display to another room, renames it, or issues it a new code; asks before unsaved changes go. */
export function RebindModal({ device, rooms, onClose }: { device: DoorDisplay; rooms: readonly DisplayRoom[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<RebindValues>();
  const update = useUpdateDoorDisplay();
  const regenerate = Form.useWatch('regenerateCode', form);
  const signsOut = regenerate === true && device.status !== 'inactive';
  const initialValues: RebindValues = { roomId: device.roomId, name: device.name, regenerateCode: false };
  const dirty = useFormDirty(form, { initialValues });
  const { confirmLeave } = useUnsavedChanges(dirty.isDirty);

  const submit = async (values: RebindValues) => {
    await update.mutateAsync({
      id: device.id,
      name: values.name,
      roomId: values.roomId,
      ...(values.regenerateCode ? { regenerateCode: true } : {}),
      ...(signsOut && values.safetyPassword ? { safetyPassword: values.safetyPassword } : {}),
    });
    void message.success(t('door-display.rebind.done'));
    onClose();
  };

  return (
    <Modal
      open
      title={t('door-display.rebind.title', { name: device.name })}
      okText={t('door-display.actions.save')}
      okButtonProps={{ 'data-testid': 'rebind-submit' }}
      cancelText={t('common.actions.cancel')}
      confirmLoading={update.isPending}
      onOk={() => form.submit()}
      onCancel={() => confirmLeave(onClose)}
      destroyOnHidden
    >
      <Form<RebindValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={dirty.onValuesChange}
        onFinish={(values) => void submit(values).catch(() => undefined)}
      >
        <Form.Item name="roomId" label={t('door-display.fields.room')} rules={[{ required: true }]}>
          <Select showSearch={{ optionFilterProp: 'label' }} options={roomOptions(rooms)} data-testid="rebind-room" />
        </Form.Item>
        <Form.Item name="name" label={t('door-display.fields.name')} rules={[zodRule(DeviceName, t('door-display.add.nameRule', { max: DOOR_DISPLAY_LIMITS.nameMax }))]}>
          <Input maxLength={DOOR_DISPLAY_LIMITS.nameMax} />
        </Form.Item>
        <Form.Item name="regenerateCode" valuePropName="checked" extra={device.status === 'inactive' ? t('door-display.rebind.newCodeHint') : t('door-display.rebind.signOutHint')}>
          <Checkbox data-testid="rebind-regenerate">{t('door-display.rebind.newCode')}</Checkbox>
        </Form.Item>
        {signsOut ? (
          <Form.Item name="safetyPassword" label={t('door-display.safetyPassword')} extra={t('door-display.safetyPasswordHint')} rules={[{ validator: (_r, value?: string) => (!value || SafetyPassword.safeParse(value).success ? Promise.resolve() : Promise.reject(new Error(t('door-display.settings.sixDigits')))) }]}>
            <Input.Password maxLength={6} inputMode="numeric" autoComplete="off" />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}

/** Confirms cancelling displays; activated ones sign out, so the safety password is asked for. */
export function CancelDisplaysModal({ devices, onClose }: { devices: DoorDisplay[]; onClose: (cancelled: boolean) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ safetyPassword?: string }>();
  const cancel = useCancelDoorDisplays();
  const activated = devices.filter((device) => device.status !== 'inactive');

  const submit = async ({ safetyPassword }: { safetyPassword?: string }) => {
    const result = await cancel.mutateAsync({ ids: devices.map((device) => device.id), ...(activated.length > 0 && safetyPassword ? { safetyPassword } : {}) });
    void message.success(t('door-display.cancel.done', { count: result.count }));
    onClose(true);
  };

  return (
    <Modal
      open
      title={t('door-display.cancel.title', { count: devices.length })}
      okText={t('door-display.cancel.submit')}
      okButtonProps={{ danger: true, 'data-testid': 'cancel-displays-submit' }}
      cancelText={t('common.actions.cancel')}
      confirmLoading={cancel.isPending}
      onOk={() => form.submit()}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values).catch(() => undefined)}>
        <Alert type="warning" showIcon title={t('door-display.cancel.intro')} className="atrium-door-cancel-intro" />
        <ul className="atrium-door-cancel-list">
          {devices.map((device) => (
            <li key={device.id}>
              {device.roomName} · {device.name}
            </li>
          ))}
        </ul>
        {activated.length > 0 ? (
          <Form.Item name="safetyPassword" label={t('door-display.safetyPassword')} extra={t('door-display.safetyPasswordHint')} rules={[{ validator: (_r, value?: string) => (!value || SafetyPassword.safeParse(value).success ? Promise.resolve() : Promise.reject(new Error(t('door-display.settings.sixDigits')))) }]}>
            <Input.Password maxLength={6} inputMode="numeric" autoComplete="off" data-testid="cancel-displays-safety" />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
