import { SaveOutlined, SyncOutlined } from '@ant-design/icons';
import { DIRECTORY_SYNC_SCHEDULES, WORK_CHAT_PROVIDERS, isWorkChatBaseUrl, type RoleMapping, type WorkChatProvider, type WorkChatSetting } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Collapse, Form, Input, Segmented, Select, Skeleton, Space, Switch, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { useRunWorkChatSync, useSaveWorkChatSetting, workChatSettingQuery } from '../api/directory-sync.api';
import { SyncReport } from './directory-sync-card';
import { RoleMappingField } from './role-mapping-field';

interface WorkChatValues {
  isEnabled: boolean;
  isSignInEnabled: boolean;
  scheduleHours: number;
  corpId: string;
  appKey: string;
  secret: string;
  baseUrl: string;
  roleMapping: RoleMapping;
}

const toValues = (setting: WorkChatSetting): WorkChatValues => ({
  isEnabled: setting.isEnabled,
  isSignInEnabled: setting.isSignInEnabled,
  scheduleHours: setting.scheduleHours,
  corpId: setting.corpId,
  appKey: setting.appKey,
  secret: '',
  baseUrl: setting.baseUrl,
  roleMapping: setting.roleMapping,
});

/** The id a provider's calls need besides the secret: WeCom's and Feishu's first id, DingTalk's app key. */
const requiredId = (provider: WorkChatProvider): 'corpId' | 'appKey' => (provider === 'dingtalk' ? 'appKey' : 'corpId');

/** One provider's setting: ids, write-only secret, sync and sign-in switches, role mapping, a sync and its last report. */
function WorkChatForm({ setting, canEdit }: { setting: WorkChatSetting; canEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { provider } = setting;
  const save = useSaveWorkChatSetting();
  const run = useRunWorkChatSync(provider);
  const [form] = Form.useForm<WorkChatValues>();
  const isEnabled = Form.useWatch('isEnabled', form) ?? setting.isEnabled;
  const isSignInEnabled = Form.useWatch('isSignInEnabled', form) ?? setting.isSignInEnabled;
  const isOn = isEnabled || isSignInEnabled;
  const initialValues = toValues(setting);
  const dirty = useFormDirty(form, { initialValues });
  useUnsavedChanges(dirty.isDirty);

  const submit = (values: WorkChatValues) => {
    save.mutate(
      { provider, ...values, ...(values.secret ? {} : { secret: undefined }), ...(provider === 'feishu' ? { appKey: '' } : {}) },
      {
        onSuccess: (saved) => {
          void message.success(t('sso.workChat.saved'));
          form.setFieldsValue(toValues(saved));
          dirty.markClean();
        },
      },
    );
  };
  const requiredWhenOn = (text: string) => ({
    validator: (_rule: unknown, value: string) => (!isOn || value?.trim() ? Promise.resolve() : Promise.reject(new Error(text))),
  });
  const report = setting.lastReport ?? run.data;
  const redirectUri = `${window.location.origin}/api/oauth/work-chat/callback/${provider}`;

  return (
    <>
      {save.isError ? <Alert className="atrium-form-alert" type="error" showIcon role="alert" title={save.error.message} data-testid="work-chat-save-error" /> : null}
      {/* Named: its field ids (and so its labels) must not be the LDAP card's on the same page. */}
      <Form<WorkChatValues> form={form} name="work-chat" layout="vertical" initialValues={initialValues} onFinish={submit} onValuesChange={dirty.onValuesChange} disabled={!canEdit || save.isPending}>
        <div className="atrium-ldap-fields">
          <Form.Item name="isEnabled" label={t('sso.workChat.syncEnabled')} valuePropName="checked">
            <Switch data-testid="work-chat-enabled" />
          </Form.Item>
          <Form.Item name="isSignInEnabled" label={t('sso.workChat.signInEnabled')} valuePropName="checked" extra={t('sso.workChat.signInHint')}>
            <Switch data-testid="work-chat-sign-in" />
          </Form.Item>
          <Form.Item
            name="scheduleHours"
            label={t('sso.ldap.schedule')}
            extra={setting.nextSyncAt ? t('sso.ldap.nextSyncAt', { time: dayjs(setting.nextSyncAt).format('YYYY-MM-DD HH:mm') }) : undefined}
          >
            <Select options={DIRECTORY_SYNC_SCHEDULES.map((hours) => ({ value: hours, label: t(`sso.ldap.schedules.${hours}`) }))} data-testid="work-chat-schedule" />
          </Form.Item>
        </div>
        <div className="atrium-ldap-fields">
          <Form.Item
            name="corpId"
            label={t(`sso.workChat.corpId.${provider}`)}
            required={isOn && requiredId(provider) === 'corpId'}
            rules={requiredId(provider) === 'corpId' ? [requiredWhenOn(t('sso.workChat.idRequired'))] : []}
          >
            <Input maxLength={128} autoComplete="off" data-testid="work-chat-corp-id" />
          </Form.Item>
          {provider === 'feishu' ? null : (
            <Form.Item
              name="appKey"
              label={t(`sso.workChat.appKey.${provider}`)}
              required={isOn && requiredId(provider) === 'appKey'}
              rules={requiredId(provider) === 'appKey' ? [requiredWhenOn(t('sso.workChat.idRequired'))] : []}
            >
              <Input maxLength={128} autoComplete="off" data-testid="work-chat-app-key" />
            </Form.Item>
          )}
          <Form.Item
            name="secret"
            label={t('sso.workChat.secret')}
            required={isOn && !setting.hasSecret}
            extra={setting.hasSecret ? t('sso.workChat.secretSaved') : t('sso.workChat.secretHint')}
            rules={[requiredWhenOn(t('sso.workChat.secretRequired'))].filter(() => !setting.hasSecret)}
          >
            <Input.Password maxLength={512} autoComplete="new-password" placeholder={setting.hasSecret ? t('sso.ldap.passwordPlaceholderSaved') : ''} data-testid="work-chat-secret" />
          </Form.Item>
        </div>
        <Typography.Paragraph className="atrium-muted" data-testid="work-chat-redirect">
          {t('sso.workChat.redirectUri')} <Typography.Text code copyable>{redirectUri}</Typography.Text>
        </Typography.Paragraph>
        <Collapse
          size="small"
          className="atrium-ldap-mapping"
          items={[
            {
              key: 'roles',
              label: t('sso.roleMapping.title'),
              forceRender: true,
              children: <RoleMappingField groupLabel={t('sso.roleMapping.department')} testId="work-chat-role-mapping" />,
            },
            {
              key: 'base',
              label: t('sso.workChat.baseUrl'),
              forceRender: true,
              children: (
                <Form.Item
                  name="baseUrl"
                  extra={t('sso.workChat.baseUrlHint')}
                  rules={[{ validator: (_rule, value: string) => (!value || isWorkChatBaseUrl(value.trim()) ? Promise.resolve() : Promise.reject(new Error(t('sso.workChat.baseUrlInvalid')))) }]}
                >
                  <Input maxLength={254} aria-label={t('sso.workChat.baseUrl')} data-testid="work-chat-base-url" />
                </Form.Item>
              ),
            },
          ]}
        />
        {canEdit ? (
          <Space wrap>
            <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending} data-testid="work-chat-save">
              {t('common.actions.save')}
            </Button>
            <Button icon={<SyncOutlined />} onClick={() => run.mutate()} loading={run.isPending} disabled={!setting.isEnabled} data-testid="work-chat-sync">
              {t('sso.ldap.sync')}
            </Button>
          </Space>
        ) : null}
      </Form>
      {run.isError ? <Alert className="atrium-ldap-check" type="error" showIcon role="alert" title={run.error.message} data-testid="work-chat-sync-error" /> : null}
      {setting.lastError && !run.isError && !run.isSuccess ? (
        <Alert className="atrium-ldap-check" type="warning" showIcon title={t('sso.workChat.lastError', { error: setting.lastError })} data-testid="work-chat-last-error" />
      ) : null}
      {report ? <SyncReport report={report} at={setting.lastSyncAt} /> : null}
    </>
  );
}

/** WeCom, Feishu and DingTalk: each provider's directory sync and sign-in (decision 0024). */
export function WorkChatCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const [provider, setProvider] = useState<WorkChatProvider>('wecom');
  const setting = useQuery(workChatSettingQuery(provider));
  return (
    <Card className="atrium-card atrium-ldap-card" title={t('sso.workChat.title')} data-testid="work-chat-card">
      <p className="atrium-muted atrium-card-intro">{t('sso.workChat.hint')}</p>
      <Segmented<WorkChatProvider>
        value={provider}
        onChange={setProvider}
        options={WORK_CHAT_PROVIDERS.map((value) => ({ value, label: t(`sso.workChat.providers.${value}`) }))}
        data-testid="work-chat-provider"
      />
      <div className="atrium-work-chat-form">
        {setting.data ? <WorkChatForm key={`${provider}-${setting.data.updatedAt ?? 0}`} setting={setting.data} canEdit={canEdit} /> : <Skeleton active />}
      </div>
    </Card>
  );
}
