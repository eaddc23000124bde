import { SafetyPassword, type SmartDeviceActivationCode, type SmartDeviceRestartResult, type SmartDeviceRow } from '@atrium/contract';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../shared/api/api-client';
import { useDeleteSmartDevice, useIssueActivationCode, useRestartSmartDevice } from '../api/smart-device.api';

/** Issues a device's activation code on request and shows it this once, with its expiry. */
export function ActivationCodeModal({ device, onClose }: { device: SmartDeviceRow; onClose: () => void }) {
  const { t } = useTranslation();
  const issue = useIssueActivationCode();
  const [issued, setIssued] = useState<SmartDeviceActivationCode | null>(null);
  return (
    <Modal
      open
      title={t('smart-device.code.title', { name: device.name })}
      okText={issued ? t('common.actions.close') : t('smart-device.code.submit')}
      okButtonProps={{ 'data-testid': 'smart-code-submit' }}
      cancelButtonProps={issued ? { style: { display: 'none' } } : {}}
      cancelText={t('common.actions.cancel')}
      confirmLoading={issue.isPending}
      onOk={() => (issued ? onClose() : void issue.mutateAsync(device.id).then(setIssued, () => undefined))}
      onCancel={onClose}
      destroyOnHidden
    >
      {issued ? (
        <Alert
          type="success"
          showIcon
          title={t('smart-device.code.shownOnce')}
          description={
            <div data-testid="smart-code-result">
              <Typography.Text code copyable className="atrium-smart-code" data-testid="smart-code">
                {issued.code}
              </Typography.Text>
              <p>{t('smart-device.code.expires', { time: dayjs(issued.expiresAt).format('YYYY-MM-DD HH:mm') })}</p>
            </div>
          }
        />
      ) : (
        <p>{t('smart-device.code.intro')}</p>
      )}
    </Modal>
  );
}

/** Restarts a device after the company's 6-digit safety password; shows the device's answer. */
export function RestartModal({ device, onClose }: { device: SmartDeviceRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ safetyPassword: string }>();
  const restart = useRestartSmartDevice();
  const [answer, setAnswer] = useState<SmartDeviceRestartResult | null>(null);
  // A refusal (wrong password, no broker) is said under the password, once.
  const claim = (error: ApiError) => {
    if (error.kind === 'cancelled' || error.kind === 'sign-in') return false;
    form.setFields([{ name: 'safetyPassword', errors: [error.message] }]);
    return true;
  };
  const submit = async ({ safetyPassword }: { safetyPassword: string }) => setAnswer(await restart.mutateAsync({ id: device.id, safetyPassword, claim }));

  return (
    <Modal
      open
      title={t('smart-device.restart.title', { name: device.name })}
      okText={answer ? t('common.actions.close') : t('smart-device.restart.submit')}
      okButtonProps={{ danger: !answer, 'data-testid': 'smart-restart-submit' }}
      cancelButtonProps={answer ? { style: { display: 'none' } } : {}}
      cancelText={t('common.actions.cancel')}
      confirmLoading={restart.isPending}
      onOk={() => (answer ? onClose() : form.submit())}
      onCancel={onClose}
      destroyOnHidden
    >
      {answer ? (
        <Alert
          type={answer.result === 'acked' ? 'success' : answer.result === 'pending' ? 'info' : 'warning'}
          showIcon
          title={t(`smart-device.restart.result.${answer.result}`)}
          description={t('smart-device.restart.commandId', { id: answer.commandId })}
          data-testid="smart-restart-result"
        />
      ) : (
        <Form form={form} layout="vertical" onFinish={(values) => void submit(values).catch(() => undefined)}>
          <p>{t('smart-device.restart.intro')}</p>
          <Form.Item name="safetyPassword" label={t('smart-device.restart.safetyPassword')} rules={[{ validator: (_r, value?: string) => (SafetyPassword.safeParse(value ?? '').success ? Promise.resolve() : Promise.reject(new Error(t('smart-device.restart.sixDigits')))) }]}>
            <Input.Password maxLength={6} inputMode="numeric" autoComplete="off" data-testid="smart-restart-password" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** Asks before deleting a device. */
export function DeleteDeviceModal({ device, onClose }: { device: SmartDeviceRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const remove = useDeleteSmartDevice();
  const confirm = async () => {
    await remove.mutateAsync(device.id);
    void message.success(t('smart-device.delete.done'));
    onClose();
  };
  return (
    <Modal
      open
      title={t('smart-device.delete.title', { name: device.name })}
      okText={t('smart-device.delete.submit')}
      okButtonProps={{ danger: true, 'data-testid': 'smart-delete-submit' }}
      cancelText={t('common.actions.cancel')}
      confirmLoading={remove.isPending}
      onOk={() => void confirm().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>{t('smart-device.delete.intro')}</p>
    </Modal>
  );
}
