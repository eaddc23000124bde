import type { CreateCalendarConnectionBody } from '@atrium/contract';
import { Alert, App, Form, Input, Modal } from 'antd';
import type { ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-client';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { useConnectCalendar } from '../api/calendar-sync.api';

type Values = Omit<CreateCalendarConnectionBody, 'kind'>;

const HTTP_ADDRESS = /^https?:\/\/\S+$/i;

/**
 * Connects a CalDAV account: the server checks the password by listing the account's calendars before it keeps
 * anything, and a refusal ("Token invalid", "Failed to obtain third-party resources") is shown here.
 */
export function ConnectModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const connect = useConnectCalendar();
  const dirty = useFormDirty(form);
  const { confirmLeave } = useUnsavedChanges(dirty.isDirty);
  const [problem, setProblem] = useState<string | null>(null);

  async function save() {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return; // The form shows what is missing.
    }
    setProblem(null);
    try {
      await connect.mutateAsync({ kind: 'caldav', ...values });
      void message.success(t('calendar-sync.connection.connected'));
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setProblem(error.message);
    }
  }

  const required = { required: true, whitespace: true, message: t('calendar-sync.fields.required') };
  return (
    <Modal
      open
      title={t('calendar-sync.connect')}
      okText={t('calendar-sync.connect')}
      cancelText={t('calendar-sync.cancel')}
      onOk={() => void save()}
      onCancel={() => confirmLeave(onClose)}
      confirmLoading={connect.isPending}
      okButtonProps={{ 'data-testid': 'calendar-connect-save' } as ButtonProps}
    >
      <Form form={form} layout="vertical" requiredMark onValuesChange={dirty.onValuesChange} onFinish={() => void save()}>
        <Form.Item name="name" label={t('calendar-sync.fields.name')} rules={[required]}>
          <Input maxLength={100} placeholder={t('calendar-sync.fields.namePlaceholder')} autoFocus data-testid="calendar-form-name" />
        </Form.Item>
        <Form.Item
          name="serverUrl"
          label={t('calendar-sync.fields.serverUrl')}
          extra={t('calendar-sync.fields.serverUrlHelp')}
          rules={[required, { pattern: HTTP_ADDRESS, message: t('calendar-sync.fields.serverUrlInvalid') }]}
        >
          <Input maxLength={500} inputMode="url" data-testid="calendar-form-server" />
        </Form.Item>
        <Form.Item name="account" label={t('calendar-sync.fields.account')} rules={[required]}>
          <Input maxLength={254} autoComplete="off" data-testid="calendar-form-account" />
        </Form.Item>
        <Form.Item name="credential" label={t('calendar-sync.fields.credential')} extra={t('calendar-sync.fields.credentialHelp')} rules={[{ required: true, message: t('calendar-sync.fields.required') }]}>
          <Input.Password maxLength={2000} autoComplete="new-password" data-testid="calendar-form-credential" />
        </Form.Item>
        {problem ? <Alert type="error" showIcon title={problem} data-testid="calendar-form-problem" /> : null}
      </Form>
    </Modal>
  );
}
