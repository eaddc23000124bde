import { ArrowLeftOutlined, KeyOutlined } from '@ant-design/icons';
import { COMPANY_DOMAIN_PATTERN, SSO_LOGIN_ERRORS, TEXT_MAX, type SsoLoginError } from '@atrium/contract';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { safeRedirect } from '../../../shared/session/redirect';
import { useSsoLoginUrl } from '../api/auth.api';
import { LoginLayout } from '../components/login-layout';

interface SsoValues {
  account: string;
}

const isKnownError = (code: string | null): code is SsoLoginError => (SSO_LOGIN_ERRORS as readonly string[]).includes(code ?? '');
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface LoginSsoPageProps {
  /** `dingtalk`: the /login-dingtalk page, which says first that DingTalk's own sign-in is not offered. */
  variant?: 'sso' | 'dingtalk';
}

/**
 * /login-sso: a work e-mail or the company domain leads to the company's identity provider; the
 * provider's way back lands here with `?error=` when the sign-in was refused.
 */
export function LoginSsoPage({ variant = 'sso' }: LoginSsoPageProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const start = useSsoLoginUrl();
  const error = params.get('error');
  const redirect = safeRedirect(params.get('redirect'));

  const submit = ({ account }: SsoValues) => {
    const typed = account.trim();
    const query = typed.includes('@') ? { email: typed } : { domain: typed };
    start.mutate({ ...query, ...(redirect ? { redirect } : {}) }, { onSuccess: ({ url }) => window.location.assign(url) });
  };

  return (
    <LoginLayout testId={variant === 'dingtalk' ? 'page-login-dingtalk' : 'page-login-sso'}>
      <div className="atrium-login-card">
        <h1>{variant === 'dingtalk' ? t('auth.dingtalk.title') : t('auth.sso.title')}</h1>
        {variant === 'dingtalk' ? (
          <Alert className="atrium-form-alert" type="info" showIcon title={t('auth.dingtalk.notice')} data-testid="login-dingtalk-notice" />
        ) : null}
        <p className="atrium-login-subtitle">{t('auth.sso.subtitle')}</p>
        <Form<SsoValues>
          layout="vertical"
          requiredMark={false}
          size="large"
          initialValues={{ account: params.get('email') ?? params.get('domain') ?? '' }}
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
            label={t('auth.sso.account')}
            extra={t('auth.sso.accountHint')}
            rules={[
              { required: true, whitespace: true, message: t('auth.sso.accountRequired') },
              {
                validator: (_rule, value: string) => {
                  const typed = value?.trim() ?? '';
                  const isValid = !typed || (typed.includes('@') ? EMAIL.test(typed) : COMPANY_DOMAIN_PATTERN.test(typed));
                  return isValid ? Promise.resolve() : Promise.reject(new Error(t('auth.sso.accountInvalid')));
                },
              },
            ]}
          >
            <Input prefix={<KeyOutlined />} placeholder={t('auth.sso.accountPlaceholder')} autoComplete="email" autoFocus maxLength={TEXT_MAX} data-testid="login-sso-account" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={start.isPending || start.isSuccess} data-testid="login-sso-submit">
            {t('auth.sso.submit')}
          </Button>
        </Form>
        <div className="atrium-login-sso-back">
          <Link to={redirect ? `/login?${new URLSearchParams({ redirect }).toString()}` : '/login'} data-testid="login-sso-back">
            <ArrowLeftOutlined /> {t('auth.sso.backToPassword')}
          </Link>
        </div>
      </div>
    </LoginLayout>
  );
}
