import { OPERATOR_LOGIN_PATH, PASSWORD_MAX, TEXT_MAX } from '@atrium/contract';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/api-client';
import { isOperatorPath, safeRedirect } from '../../../shared/session/redirect';
import { LanguageSwitch } from '../../../shared/ui/language-switch';
import { useOperatorLogin } from '../api/operator.api';
import '../operator.css';

interface Fields {
  userName: string;
  password: string;
}

/** /boss/login: an operator of the installation signs in; then the operator console (/branch). */
export function OperatorLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useOperatorLogin();
  const [failure, setFailure] = useState<string>();

  async function submit(fields: Fields) {
    setFailure(undefined);
    try {
      await login.mutateAsync(fields);
      const target = safeRedirect(params.get('redirect'));
      void navigate(target && isOperatorPath(target) && target !== OPERATOR_LOGIN_PATH ? target : '/branch', { replace: true });
    } catch (error) {
      if (error instanceof ApiError) setFailure(error.message);
      else throw error;
    }
  }

  return (
    <main className="atrium-operator-login">
      <Card className="atrium-operator-login-card" title={t('operator.login.title')} extra={<LanguageSwitch testId="operator-login-lang" />}>
        <p className="atrium-operator-login-subtitle">{t('operator.login.subtitle')}</p>
        {failure ? <Alert type="error" showIcon title={failure} data-testid="operator-login-error" className="atrium-operator-login-error" /> : null}
        <Form<Fields> layout="vertical" onFinish={(fields) => void submit(fields)} requiredMark={false}>
          <Form.Item name="userName" label={t('operator.login.userName')} rules={[{ required: true, whitespace: true, message: t('operator.login.required') }]}>
            <Input autoComplete="username" maxLength={TEXT_MAX} data-testid="operator-login-user" autoFocus />
          </Form.Item>
          <Form.Item name="password" label={t('operator.login.password')} rules={[{ required: true, message: t('operator.login.required') }]}>
            <Input.Password autoComplete="current-password" maxLength={PASSWORD_MAX} data-testid="operator-login-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="operator-login-submit">
            {t('operator.login.submit')}
          </Button>
        </Form>
        <p className="atrium-operator-login-foot">
          <Link to="/login">{t('operator.login.companySignIn')}</Link>
        </p>
      </Card>
    </main>
  );
}
