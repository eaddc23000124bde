import type { CalendarConnection } from '@atrium/contract';
import { Alert, App, Form, Input, Modal } from 'antd';
import type { ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-client';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { useCalendarAuth } from '../api/calendar-sync.api';

interface Values {
  account: string;
  credential: string;
}

/** A connection's new password (and account), checked by the service before it is kept: what mends a failing link. */
export function CredentialModal({ connection, onClose }: { connection: CalendarConnection; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const auth = useCalendarAuth();
  const initialValues = { account: connection.account, credential: '' };
  const dirty = useFormDirty(form, { initialValues });
  const { confirmLeave } = useUnsavedChanges(dirty.isDirty);
  const [problem, setProblem] = useState<string | null>(null);
  // Google and Microsoft 365: the OAuth client's id and secret (kept unchecked; another client id asks for a new consent).
  const isOAuth = connection.kind !== 'caldav';

  async function save() {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setProblem(null);
    try {
      await auth.mutateAsync({ id: connection.id, account: values.account, credential: values.credential });
      void message.success(t(isOAuth ? 'calendar-sync.connection.clientSecretSaved' : 'calendar-sync.connection.credentialSaved'));
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setProblem(error.message);
    }
  }

  return (
    <Modal
      open
      title={t(isOAuth ? 'calendar-sync.credentialModal.titleOAuth' : 'calendar-sync.credentialModal.title', { name: connection.name })}
      okText={t('calendar-sync.credentialModal.save')}
      cancelText={t('calendar-sync.cancel')}
      onOk={() => void save()}
      onCancel={() => confirmLeave(onClose)}
      confirmLoading={auth.isPending}
      okButtonProps={{ 'data-testid': 'calendar-credential-save' } as ButtonProps}
    >
      <Form form={form} layout="vertical" requiredMark initialValues={initialValues} onValuesChange={dirty.onValuesChange} onFinish={() => void save()}>
        <Form.Item name="account" label={t(isOAuth ? 'calendar-sync.fields.clientId' : 'calendar-sync.fields.account')} rules={[{ required: true, whitespace: true, message: t('calendar-sync.fields.required') }]}>
          <Input maxLength={254} autoComplete="off" data-testid="calendar-credential-account" />
        </Form.Item>
        <Form.Item
          name="credential"
          label={t(isOAuth ? 'calendar-sync.fields.clientSecret' : 'calendar-sync.fields.credential')}
          extra={t(isOAuth ? 'calendar-sync.fields.clientSecretHelp' : 'calendar-sync.fields.credentialHelp')} rules={[{ required: true, message: t('calendar-sync.fields.required') }]}>
          <Input.Password maxLength={2000} autoComplete="new-password" autoFocus data-testid="calendar-credential-value" />
        </Form.Item>
        {problem ? <Alert type="error" showIcon title={problem} data-testid="calendar-credential-problem" /> : null}
      </Form>
    </Modal>
  );
}
