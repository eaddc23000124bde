import { ApiOutlined, SaveOutlined } from '@ant-design/icons';
import { SSO_CLAIM_SUGGESTIONS, SsoClaim, SsoIssuerField, type SsoCheckResult, type SsoScope, type SsoSetting } from '@atrium/contract';
import { Alert, App, AutoComplete, Button, Card, Descriptions, Form, Input, Radio, Space, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { zodRule } from '../../../shared/forms/zod-rule';
import { useCheckSsoProvider, useSaveSsoSetting } from '../api/sso.api';

interface ProviderValues {
  isEnabled: boolean;
  issuer: string;
  clientId: string;
  clientSecret: string;
  userNameClaim: string;
  scope: SsoScope;
}

export interface SsoProviderFormProps {
  setting: SsoSetting;
  canEdit: boolean;
}

const toValues = (setting: SsoSetting): ProviderValues => ({
  isEnabled: setting.isEnabled,
  issuer: setting.issuer,
  clientId: setting.clientId,
  clientSecret: '',
  userNameClaim: setting.userNameClaim,
  scope: setting.scope,
});

/** What the provider check found, or why it failed. */
function CheckResult({ result }: { result: SsoCheckResult }) {
  const { t } = useTranslation();
  if (!result.isReachable) {
    return <Alert type="error" showIcon title={t('sso.provider.checkFailed')} description={result.error} data-testid="sso-check-result" />;
  }
  return (
    <Alert
      type="success"
      showIcon
      title={t('sso.provider.checkOk')}
      data-testid="sso-check-result"
      description={
        <Descriptions size="small" column={1} className="atrium-sso-check">
          <Descriptions.Item label={t('sso.provider.issuer')}>{result.issuer}</Descriptions.Item>
          <Descriptions.Item label={t('sso.provider.authorizationEndpoint')}>{result.authorizationEndpoint}</Descriptions.Item>
          <Descriptions.Item label={t('sso.provider.tokenEndpoint')}>{result.tokenEndpoint}</Descriptions.Item>
          {result.claimsSupported.length ? (
            <Descriptions.Item label={t('sso.provider.claims')}>
              <Space size={[4, 4]} wrap>
                {result.claimsSupported.map((claim) => (
                  <Tag key={claim}>{claim}</Tag>
                ))}
              </Space>
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      }
    />
  );
}

/** The provider: on/off, issuer, client, the claim naming the user, and who signs in by SSO; its tab asks before unsaved changes go. */
export function SsoProviderForm({ setting, canEdit }: SsoProviderFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveSsoSetting();
  const check = useCheckSsoProvider();
  const [form] = Form.useForm<ProviderValues>();
  const isEnabled = Form.useWatch('isEnabled', form) ?? setting.isEnabled;
  const scope = Form.useWatch('scope', form) ?? setting.scope;
  const initialValues = toValues(setting);
  const dirty = useFormDirty(form, { initialValues });
  useUnsavedChanges(dirty.isDirty);

  const submit = (values: ProviderValues) => {
    save.mutate(
      { ...values, ...(values.clientSecret ? {} : { clientSecret: undefined }) },
      {
        onSuccess: (saved) => {
          void message.success(t('sso.provider.saved'));
          form.setFieldsValue(toValues(saved));
          dirty.markClean();
        },
      },
    );
  };

  const runCheck = async () => {
    const { issuer } = await form.validateFields(['issuer']);
    if (issuer) check.mutate(issuer);
  };

  const requiredWhenOn = (text: string) => ({
    validator: (_rule: unknown, value: string) => (!isEnabled || value?.trim() ? Promise.resolve() : Promise.reject(new Error(text))),
  });

  return (
    <Card className="atrium-card" title={t('sso.provider.title')} data-testid="sso-provider">
      <p className="atrium-muted atrium-card-intro">{t('sso.provider.hint')}</p>
      {save.isError ? <Alert className="atrium-form-alert" type="error" showIcon role="alert" title={save.error.message} data-testid="sso-save-error" /> : null}
      <Form<ProviderValues> form={form} layout="vertical" initialValues={initialValues} onFinish={submit} onValuesChange={dirty.onValuesChange} disabled={!canEdit || save.isPending}>
        <Form.Item name="isEnabled" label={t('sso.provider.enabled')} valuePropName="checked">
          <Switch data-testid="sso-enabled" />
        </Form.Item>
        <Form.Item label={t('sso.provider.issuer')} required={isEnabled} extra={t('sso.provider.issuerHint')}>
          <Space.Compact className="atrium-sso-issuer">
            <Form.Item
              name="issuer"
              noStyle
              rules={[requiredWhenOn(t('sso.provider.issuerRequired')), zodRule(SsoIssuerField, t('sso.provider.issuerInvalid'))]}
            >
              <Input placeholder="https://login.example.com" maxLength={254} data-testid="sso-issuer" />
            </Form.Item>
            <Button icon={<ApiOutlined />} onClick={() => void runCheck().catch(() => undefined)} loading={check.isPending} disabled={!canEdit} data-testid="sso-check">
              {t('sso.provider.check')}
            </Button>
          </Space.Compact>
        </Form.Item>
        {check.data ? <div className="atrium-sso-check-result"><CheckResult result={check.data} /></div> : null}
        <Form.Item name="clientId" label={t('sso.provider.clientId')} required={isEnabled} rules={[requiredWhenOn(t('sso.provider.clientIdRequired'))]}>
          <Input maxLength={254} autoComplete="off" data-testid="sso-client-id" />
        </Form.Item>
        <Form.Item
          name="clientSecret"
          label={t('sso.provider.clientSecret')}
          required={isEnabled && !setting.hasSecret}
          extra={setting.hasSecret ? t('sso.provider.secretSaved') : t('sso.provider.secretHint')}
          rules={[requiredWhenOn(t('sso.provider.secretRequired'))].filter(() => !setting.hasSecret)}
        >
          <Input.Password
            maxLength={1024}
            autoComplete="new-password"
            placeholder={setting.hasSecret ? t('sso.provider.secretPlaceholderSaved') : ''}
            data-testid="sso-client-secret"
          />
        </Form.Item>
        <Form.Item
          name="userNameClaim"
          label={t('sso.provider.claim')}
          extra={t('sso.provider.claimHint')}
          rules={[{ required: true, message: t('sso.provider.claimRequired') }, zodRule(SsoClaim, t('sso.provider.claimInvalid'))]}
        >
          <AutoComplete
            options={SSO_CLAIM_SUGGESTIONS.map((claim) => ({ value: claim, label: `${claim} — ${t(`sso.claims.${claim}`)}` }))}
            style={{ maxWidth: 360 }}
            data-testid="sso-claim"
          />
        </Form.Item>
        <Form.Item name="scope" label={t('sso.provider.scope')} extra={t(`sso.scope.${scope}Hint`)}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={[
              { value: 'all', label: t('sso.scope.all') },
              { value: 'part', label: t('sso.scope.part') },
            ]}
            data-testid="sso-scope"
          />
        </Form.Item>
        <Form.Item label={t('sso.provider.redirectUri')} extra={t('sso.provider.redirectUriHint')}>
          <Typography.Paragraph copyable={{ text: setting.redirectUri }} className="atrium-sso-redirect" data-testid="sso-redirect-uri">
            <code>{setting.redirectUri}</code>
          </Typography.Paragraph>
        </Form.Item>
        {canEdit ? (
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending} data-testid="sso-save">
            {t('common.actions.save')}
          </Button>
        ) : null}
      </Form>
    </Card>
  );
}
