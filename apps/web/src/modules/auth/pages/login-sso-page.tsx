import { ArrowLeftOutlined, KeyOutlined } from '@ant-design/icons';
import { COMPANY_DOMAIN_PATTERN, SSO_LOGIN_ERRORS, TEXT_MAX, type SsoLoginError } from '@atrium/contract';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { safeRedirect } from '../../../shared/session/redirect';
import { useSsoLoginUrl, useWorkChatLoginUrl } from '../api/auth.api';
import { LoginLayout } from '../components/login-layout';

interface SsoValues {
  account: string;
}

const isKnownError = (code: string | null): code is SsoLoginError => (SSO_LOGIN_ERRORS as readonly string[]).includes(code ?? '');
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface LoginSsoPageProps {
  /** `dingtalk`: the /login-dingtalk page, which starts the company's DingTalk sign-in (decision 0024). */
  variant?: 'sso' | 'dingtalk';
}

/**
 * /login-sso: a work e-mail or the company domain leads to the company's identity provider; the
 * provider's way back lands here with `?error=` when the sign-in was refused.
 */
export function LoginSsoPage({ variant = 'sso' }: LoginSsoPageProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const sso = useSsoLoginUrl();
  const dingtalk = useWorkChatLoginUrl();
  const isDingtalk = variant === 'dingtalk';
  const start = isDingtalk ? dingtalk : sso;
  const error = params.get('error');
  const redirect = safeRedirect(params.get('redirect'));

  const submit = ({ account }: SsoValues) => {
    const typed = account.trim();
    const go = { onSuccess: ({ url }: { url: string }) => window.location.assign(url) };
    // DingTalk's sign-in is the company's own DingTalk app, named by the company domain.
    if (isDingtalk) dingtalk.mutate({ provider: 'dingtalk', domain: typed, ...(redirect ? { redirect } : {}) }, go);
    else sso.mutate({ ...(typed.includes('@') ? { email: typed } : { domain: typed }), ...(redirect ? { redirect } : {}) }, go);
  };

  return (
    <LoginLayout testId={variant === 'dingtalk' ? 'page-login-dingtalk' : 'page-login-sso'}>
      <div className="atrium-login-card">
        <h1>{variant === 'dingtalk' ? t('auth.dingtalk.title') : t('auth.sso.title')}</h1>
        <p className="atrium-login-subtitle">{isDingtalk ? t('auth.dingtalk.subtitle') : t('auth.sso.subtitle')}</p>
        <Form<SsoValues>
          layout="vertical"
          requiredMark={false}
          size="large"
          initialValues={{ account: (isDingtalk ? null : params.get('email')) ?? params.get('domain') ?? '' }}
          onFinish={submit}
          disabled={start.isPending || start.isSuccess}
        >
          {start.isError ? (
            <Alert className="atrium-form-alert" type="error" showIcon role="alert" title={start.error.message} data-testid="login-sso-error" />
          ) : error ? (
            <Alert
              className="atrium-form-alert"
              type="error"
              showIcon
              role="alert"
              title={isKnownError(error) ? t(`auth.sso.errors.${error}`) : t('auth.sso.errors.providerRefused')}
              data-testid="login-sso-error"
            />
          ) : null}
          <Form.Item
            name="account"
            label={isDingtalk ? t('auth.dingtalk.domain') : t('auth.sso.account')}
            extra={isDingtalk ? t('auth.dingtalk.domainHint') : t('auth.sso.accountHint')}
            rules={[
              { required: true, whitespace: true, message: isDingtalk ? t('auth.dingtalk.domainRequired') : t('auth.sso.accountRequired') },
              {
                validator: (_rule, value: string) => {
                  const typed = value?.trim() ?? '';
                  const isValid = !typed || (typed.includes('@') ? !isDingtalk && EMAIL.test(typed) : COMPANY_DOMAIN_PATTERN.test(typed));
                  return isValid ? Promise.resolve() : Promise.reject(new Error(isDingtalk ? t('auth.dingtalk.domainInvalid') : t('auth.sso.accountInvalid')));
                },
              },
            ]}
          >
            <Input prefix={<KeyOutlined />} placeholder={isDingtalk ? t('auth.dingtalk.domainPlaceholder') : t('auth.sso.accountPlaceholder')} autoComplete="email" autoFocus maxLength={TEXT_MAX} data-testid="login-sso-account" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={start.isPending || start.isSuccess} data-testid="login-sso-submit">
            {t('auth.sso.submit')}
          </Button>
        </Form>
        {isDingtalk ? (
          <div className="atrium-login-sso-back">
            <Link to={redirect ? `/login-sso?${new URLSearchParams({ redirect }).toString()}` : '/login-sso'} data-testid="login-dingtalk-sso">
              {t('auth.login.ssoLink')}
            </Link>
          </div>
        ) : null}
        <div className="atrium-login-sso-back">
          <Link to={redirect ? `/login?${new URLSearchParams({ redirect }).toString()}` : '/login'} data-testid="login-sso-back">
            <ArrowLeftOutlined /> {t('auth.sso.backToPassword')}
          </Link>
        </div>
      </div>
    </LoginLayout>
  );
}
