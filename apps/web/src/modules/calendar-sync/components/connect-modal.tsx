import type { CalendarKind, CreateCalendarConnectionBody } from '@atrium/contract';
import { Alert, App, Form, Input, Modal, Radio } from 'antd';
import type { ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-client';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { useConnectCalendar } from '../api/calendar-sync.api';

type Values = CreateCalendarConnectionBody;

const HTTP_ADDRESS = /^https?:\/\/\S+$/i;
/** The services offered: CalDAV by account and password; Google and Microsoft 365 by the company's OAuth client and a consent. */
const KINDS: readonly CalendarKind[] = ['caldav', 'google', 'graph'];
const DEFAULT_API: Record<Exclude<CalendarKind, 'caldav'>, string> = { google: 'https://www.googleapis.com', graph: 'https://graph.microsoft.com' };

/**
 * Connects a calendar service. CalDAV: the server checks the password by listing the account's calendars before it
 * keeps anything, and a refusal ("Token invalid", "Failed to obtain third-party resources") is shown here. Google
 * and Microsoft 365: the company's OAuth client (client id and secret) is kept as given; the connection's card then
 * offers "Authorise", the provider's consent page (decision 0023).
 */
export function ConnectModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const connect = useConnectCalendar();
  const dirty = useFormDirty(form);
  const { confirmLeave } = useUnsavedChanges(dirty.isDirty);
  const [problem, setProblem] = useState<string | null>(null);
  const kind = Form.useWatch('kind', form) ?? 'caldav';
  const isOAuth = kind !== 'caldav';

  async function save() {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return; // The form shows what is missing.
    }
    setProblem(null);
    try {
      const serverUrl = values.serverUrl?.trim();
      // An OAuth service's address is optional: left empty, the provider's real host.
      await connect.mutateAsync({ ...values, kind, ...(serverUrl ? { serverUrl } : { serverUrl: undefined }) });
      void message.success(t(isOAuth ? 'calendar-sync.connection.connectedOAuth' : 'calendar-sync.connection.connected'));
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
      <Form form={form} layout="vertical" requiredMark initialValues={{ kind: 'caldav' }} onValuesChange={dirty.onValuesChange} onFinish={() => void save()}>
        <Form.Item name="kind" label={t('calendar-sync.fields.kind')}>
          <Radio.Group optionType="button" data-testid="calendar-form-kind" onChange={() => setProblem(null)}>
            {KINDS.map((option) => (
              <Radio.Button key={option} value={option} data-testid={`calendar-form-kind-${option}`}>
                {t(`calendar-sync.kinds.${option}`)}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        {isOAuth ? <Alert type="info" showIcon title={t('calendar-sync.fields.oauthHelp', { callback: `${window.location.origin}/api/third-party/oauth/callback` })} data-testid="calendar-form-oauth-help" /> : null}
        <Form.Item name="name" label={t('calendar-sync.fields.name')} rules={[required]}>
          <Input maxLength={100} placeholder={t('calendar-sync.fields.namePlaceholder')} autoFocus data-testid="calendar-form-name" />
        </Form.Item>
        <Form.Item
          name="serverUrl"
          label={t(isOAuth ? 'calendar-sync.fields.apiUrl' : 'calendar-sync.fields.serverUrl')}
          extra={isOAuth ? t('calendar-sync.fields.apiUrlHelp', { url: DEFAULT_API[kind as keyof typeof DEFAULT_API] }) : t('calendar-sync.fields.serverUrlHelp')}
          rules={[...(isOAuth ? [] : [required]), { pattern: HTTP_ADDRESS, message: t('calendar-sync.fields.serverUrlInvalid') }]}
        >
          <Input maxLength={500} inputMode="url" placeholder={isOAuth ? DEFAULT_API[kind as keyof typeof DEFAULT_API] : undefined} data-testid="calendar-form-server" />
        </Form.Item>
        <Form.Item
          name="account"
          label={t(isOAuth ? 'calendar-sync.fields.clientId' : 'calendar-sync.fields.account')}
          extra={kind === 'graph' ? t('calendar-sync.fields.clientIdGraphHelp') : undefined}
          rules={[required]}
        >
          <Input maxLength={254} autoComplete="off" data-testid="calendar-form-account" />
        </Form.Item>
        <Form.Item
          name="credential"
          label={t(isOAuth ? 'calendar-sync.fields.clientSecret' : 'calendar-sync.fields.credential')}
          extra={t(isOAuth ? 'calendar-sync.fields.clientSecretHelp' : 'calendar-sync.fields.credentialHelp')}
          rules={[{ required: true, message: t('calendar-sync.fields.required') }]}
        >
          <Input.Password maxLength={2000} autoComplete="new-password" data-testid="calendar-form-credential" />
        </Form.Item>
        {problem ? <Alert type="error" showIcon title={problem} data-testid="calendar-form-problem" /> : null}
      </Form>
    </Modal>
  );
}
