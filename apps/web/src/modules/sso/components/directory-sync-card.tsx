import { ApiOutlined, SaveOutlined, SyncOutlined } from '@ant-design/icons';
import {
  LDAP_DEFAULT_FILTER,
  LdapAttribute,
  LdapFilter,
  LdapUrlField,
  LdapCaCertificate,
  DIRECTORY_SYNC_SCHEDULES,
  LDAP_CA_MAX,
  type DirectorySyncCheckInput,
  type DirectorySyncReport,
  type DirectorySyncSetting,
  type LdapMapping,
  type RoleMapping,
} from '@atrium/contract';
import { Alert, App, Button, Card, Collapse, Form, Input, List, Select, Space, Statistic, Switch, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { zodRule } from '../../../shared/forms/zod-rule';
import { useCheckDirectorySync, useRunDirectorySync, useSaveDirectorySyncSetting } from '../api/directory-sync.api';
import { RoleMappingField } from './role-mapping-field';

interface SyncValues {
  isEnabled: boolean;
  url: string;
  bindDn: string;
  bindPassword: string;
  baseDn: string;
  userFilter: string;
  mapping: LdapMapping;
  roleMapping: RoleMapping;
  caCertificate: string;
  scheduleHours: number;
}

export interface DirectorySyncCardProps {
  setting: DirectorySyncSetting;
  canEdit: boolean;
}

const MAPPING_FIELDS = ['userName', 'email', 'firstName', 'lastName', 'department', 'groups'] as const;

const toValues = (setting: DirectorySyncSetting): SyncValues => ({
  isEnabled: setting.isEnabled,
  url: setting.url,
  bindDn: setting.bindDn,
  bindPassword: '',
  baseDn: setting.baseDn,
  userFilter: setting.userFilter || LDAP_DEFAULT_FILTER,
  mapping: setting.mapping,
  roleMapping: setting.roleMapping,
  caCertificate: setting.caCertificate,
  scheduleHours: setting.scheduleHours,
});

/** What a sync did: counts, then the entries it left alone and why. */
export function SyncReport({ report, at }: { report: DirectorySyncReport; at: number | null }) {
  const { t } = useTranslation();
  return (
    <div className="atrium-ldap-report" data-testid="ldap-report">
      <Typography.Text type="secondary">
        {at ? t('sso.ldap.lastSyncAt', { time: dayjs(at).format('YYYY-MM-DD HH:mm') }) : t('sso.ldap.lastSync')}
      </Typography.Text>
      <Space size="large" wrap className="atrium-ldap-counts">
        <Statistic title={t('sso.ldap.usersCreated')} value={report.usersCreated} />
        <Statistic title={t('sso.ldap.usersUpdated')} value={report.usersUpdated} />
        <Statistic title={t('sso.ldap.departmentsCreated')} value={report.departmentsCreated} />
        <Statistic title={t('sso.ldap.skipped')} value={report.skipped.length} />
      </Space>
      {report.skipped.length ? (
        <List
          size="small"
          bordered
          className="atrium-ldap-skipped"
          dataSource={report.skipped}
          renderItem={(skip) => (
            <List.Item>
              <List.Item.Meta title={<span className="atrium-ldap-dn">{skip.entry}</span>} description={skip.reason} />
            </List.Item>
          )}
        />
      ) : null}
    </div>
  );
}

/** Directory sync from LDAP / Active Directory: the connection, a check, a sync and the last report; its tab asks before unsaved changes go. */
export function DirectorySyncCard({ setting, canEdit }: DirectorySyncCardProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveDirectorySyncSetting();
  const check = useCheckDirectorySync();
  const run = useRunDirectorySync();
  const [form] = Form.useForm<SyncValues>();
  const isEnabled = Form.useWatch('isEnabled', form) ?? setting.isEnabled;
  const initialValues = toValues(setting);
  const dirty = useFormDirty(form, { initialValues });
  useUnsavedChanges(dirty.isDirty);

  const withoutEmptyPassword = <T extends { bindPassword: string }>(values: T) => ({ ...values, ...(values.bindPassword ? {} : { bindPassword: undefined }) });

  const submit = (values: SyncValues) => {
    save.mutate(withoutEmptyPassword(values), {
      onSuccess: (saved) => {
        void message.success(t('sso.ldap.saved'));
        form.setFieldsValue(toValues(saved));
        dirty.markClean();
      },
    });
  };

  const runCheck = async () => {
    // The check tries the connection only: whether the sync is on, and its schedule, are not sent.
    const { isEnabled: _on, scheduleHours: _schedule, roleMapping: _roles, ...values } = await form.validateFields();
    check.mutate(withoutEmptyPassword(values) as DirectorySyncCheckInput);
  };

  const requiredWhenOn = (text: string) => ({
    validator: (_rule: unknown, value: string) => (!isEnabled || value?.trim() ? Promise.resolve() : Promise.reject(new Error(text))),
  });

  // The setting is read again after a sync; until then the answer stands in for the stored report.
  const report = setting.lastReport ?? run.data;

  return (
    <Card className="atrium-card atrium-ldap-card" title={t('sso.ldap.title')} data-testid="ldap-card">
      <p className="atrium-muted atrium-card-intro">{t('sso.ldap.hint')}</p>
      {save.isError ? <Alert className="atrium-form-alert" type="error" showIcon role="alert" title={save.error.message} data-testid="ldap-save-error" /> : null}
      <Form<SyncValues> form={form} layout="vertical" initialValues={initialValues} onFinish={submit} onValuesChange={dirty.onValuesChange} disabled={!canEdit || save.isPending}>
        <div className="atrium-ldap-fields">
          <Form.Item name="isEnabled" label={t('sso.ldap.enabled')} valuePropName="checked">
            <Switch data-testid="ldap-enabled" />
          </Form.Item>
          <Form.Item
            name="scheduleHours"
            label={t('sso.ldap.schedule')}
            extra={setting.nextSyncAt ? t('sso.ldap.nextSyncAt', { time: dayjs(setting.nextSyncAt).format('YYYY-MM-DD HH:mm') }) : undefined}
          >
            <Select
              options={DIRECTORY_SYNC_SCHEDULES.map((hours) => ({ value: hours, label: t(`sso.ldap.schedules.${hours}`) }))}
              data-testid="ldap-schedule"
            />
          </Form.Item>
        </div>
        <div className="atrium-ldap-fields">
          <Form.Item
            name="url"
            label={t('sso.ldap.url')}
            required={isEnabled}
            rules={[requiredWhenOn(t('sso.ldap.urlRequired')), zodRule(LdapUrlField, t('sso.ldap.urlInvalid'))]}
          >
            <Input placeholder="ldaps://dc1.example.com" maxLength={254} data-testid="ldap-url" />
          </Form.Item>
          <Form.Item name="baseDn" label={t('sso.ldap.baseDn')} required={isEnabled} rules={[requiredWhenOn(t('sso.ldap.baseDnRequired'))]}>
            <Input placeholder="dc=example,dc=com" maxLength={254} data-testid="ldap-base-dn" />
          </Form.Item>
          <Form.Item name="bindDn" label={t('sso.ldap.bindDn')} required={isEnabled} rules={[requiredWhenOn(t('sso.ldap.bindDnRequired'))]}>
            <Input placeholder="cn=atrium,ou=service,dc=example,dc=com" maxLength={254} autoComplete="off" data-testid="ldap-bind-dn" />
          </Form.Item>
          <Form.Item
            name="bindPassword"
            label={t('sso.ldap.bindPassword')}
            required={isEnabled && !setting.hasPassword}
            extra={setting.hasPassword ? t('sso.ldap.passwordSaved') : t('sso.ldap.passwordHint')}
            rules={[requiredWhenOn(t('sso.ldap.passwordRequired'))].filter(() => !setting.hasPassword)}
          >
            <Input.Password maxLength={1024} autoComplete="new-password" placeholder={setting.hasPassword ? t('sso.ldap.passwordPlaceholderSaved') : ''} data-testid="ldap-bind-password" />
          </Form.Item>
        </div>
        <Form.Item name="userFilter" label={t('sso.ldap.userFilter')} rules={[zodRule(LdapFilter, t('sso.ldap.userFilterInvalid'))]}>
          <Input maxLength={1024} data-testid="ldap-filter" />
        </Form.Item>
        <Collapse
          size="small"
          className="atrium-ldap-mapping"
          items={[
            {
              key: 'mapping',
              label: t('sso.ldap.mapping'),
              forceRender: true,
              children: (
                <div className="atrium-ldap-fields">
                  {MAPPING_FIELDS.map((field) => (
                    <Form.Item
                      key={field}
                      name={['mapping', field]}
                      label={t(`sso.ldap.attributes.${field}`)}
                      rules={[{ required: true, message: t('sso.ldap.attributeInvalid') }, zodRule(LdapAttribute, t('sso.ldap.attributeInvalid'))]}
                    >
                      <Input maxLength={64} data-testid={`ldap-attribute-${field}`} />
                    </Form.Item>
                  ))}
                </div>
              ),
            },
            {
              key: 'roles',
              label: t('sso.roleMapping.title'),
              forceRender: true,
              children: <RoleMappingField groupLabel={t('sso.roleMapping.ldapGroup')} testId="ldap-role-mapping" />,
            },
            {
              key: 'ca',
              label: t('sso.ldap.caCertificate'),
              forceRender: true,
              children: (
                <Form.Item name="caCertificate" extra={t('sso.ldap.caCertificateHint')} rules={[zodRule(LdapCaCertificate, t('sso.ldap.caCertificateInvalid'))]}>
                  <Input.TextArea
                    rows={5}
                    maxLength={LDAP_CA_MAX}
                    spellCheck={false}
                    className="atrium-ldap-ca"
                    placeholder={'-----BEGIN CERTIFICATE-----\n…\n-----END CERTIFICATE-----'}
                    aria-label={t('sso.ldap.caCertificate')}
                    data-testid="ldap-ca-certificate"
                  />
                </Form.Item>
              ),
            },
          ]}
        />
        {check.data ? (
          <Alert
            className="atrium-ldap-check"
            type={check.data.ok ? 'success' : 'error'}
            showIcon
            title={check.data.ok ? t('sso.ldap.checkOk', { count: check.data.entries ?? 0 }) : t('sso.ldap.checkFailed')}
            description={check.data.error}
            data-testid="ldap-check-result"
          />
        ) : null}
        {canEdit ? (
          <Space wrap>
            <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending} data-testid="ldap-save">
              {t('common.actions.save')}
            </Button>
            <Button icon={<ApiOutlined />} onClick={() => void runCheck().catch(() => undefined)} loading={check.isPending} data-testid="ldap-check">
              {t('sso.ldap.check')}
            </Button>
            <Button icon={<SyncOutlined />} onClick={() => run.mutate()} loading={run.isPending} disabled={!setting.isEnabled} data-testid="ldap-sync">
              {t('sso.ldap.sync')}
            </Button>
          </Space>
        ) : null}
      </Form>
      {canEdit && !setting.isEnabled ? <p className="atrium-muted atrium-ldap-note">{t('sso.ldap.syncNeedsSaved')}</p> : null}
      {run.isError ? <Alert className="atrium-ldap-check" type="error" showIcon role="alert" title={run.error.message} data-testid="ldap-sync-error" /> : null}
      {report ? <SyncReport report={report} at={setting.lastSyncAt} /> : null}
    </Card>
  );
}
