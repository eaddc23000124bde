import { LockOutlined } from '@ant-design/icons';
import { checkNewPassword } from '@atrium/contract';
import { Alert, Button, Form, Input, Result, Spin } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { LoginPageState } from '../../auth/pages/login-page';
import { AtriumLogo } from '../../../shared/ui/atrium-logo';
import { policyRules } from '../../../shared/forms/password-rules';
import { LanguageSwitch } from '../../../shared/ui/language-switch';
import { useActivate, useActivationCheck } from '../api/directory.api';
import './activate-page.css';

interface ActivateValues {
  password: string;
  confirmPassword: string;
}

/** /activate/:reqToken (public): a new user chooses a password under the company's policy. */
export function ActivatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const reqToken = useParams().reqToken ?? '';
  const check = useActivationCheck(reqToken);
  const activate = useActivate();
  const [form] = Form.useForm<ActivateValues>();
  const policy = check.data?.passwordPolicy ?? null;

  const passwordRule = (field: keyof ActivateValues): Rule => ({
    validator: () => {
      const { password = '', confirmPassword = '' } = form.getFieldsValue() as Partial<ActivateValues>;
      if (field === 'password') {
        if (!password) return Promise.reject(new Error(t('common.password.required')));
        const problem = policy ? checkNewPassword(password, policy) : null;
        return problem ? Promise.reject(new Error(t(`directory.activate.problems.${problem.key}`, problem.params))) : Promise.resolve();
      }
      if (!confirmPassword) return Promise.reject(new Error(t('common.password.confirmRequired')));
      return confirmPassword === password ? Promise.resolve() : Promise.reject(new Error(t('common.password.mismatch')));
    },
  });

  const submit = (values: ActivateValues) =>
    activate.mutate(
      { reqToken, ...values },
      {
        onSuccess: () => {
          const state: LoginPageState = { userName: check.data?.userName ?? '', notice: t('directory.activate.done') };
          void navigate('/login', { replace: true, state });
        },
      },
    );

  let body;
  if (check.isPending) body = <Spin />;
  else if (check.isError || !check.data?.valid) {
    body = (
      <Result
        status="warning"
        title={t('directory.activate.invalidTitle')}
        subTitle={t('directory.activate.invalidText')}
        extra={<Link to="/login">{t('directory.activate.toLogin')}</Link>}
        data-testid="directory-activate-invalid"
      />
    );
  } else {
    body = (
      <>
        <h1>{t('directory.activate.title')}</h1>
        <p className="atrium-login-subtitle">{t('directory.activate.subtitle', { userName: check.data.userName })}</p>
        {policy ? (
          <ul className="atrium-activate-rules" data-testid="directory-activate-rules">
            {policyRules(policy).map((rule) => (
              <li key={rule.key}>{t(rule.key, rule.params)}</li>
            ))}
          </ul>
        ) : null}
        {activate.isError ? <Alert className="atrium-form-alert" type="error" showIcon role="alert" title={activate.error.message} /> : null}
        <Form<ActivateValues> form={form} layout="vertical" requiredMark={false} onFinish={submit} disabled={activate.isPending}>
          <Form.Item label={t('directory.fields.userName')}>
            <Input value={check.data.userName ?? ''} readOnly disabled autoComplete="username" data-testid="directory-activate-username" />
          </Form.Item>
          <Form.Item name="password" label={t('directory.activate.password')} rules={[passwordRule('password')]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid="directory-activate-password" />
          </Form.Item>
          <Form.Item name="confirmPassword" label={t('directory.activate.confirm')} dependencies={['password']} rules={[passwordRule('confirmPassword')]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid="directory-activate-confirm" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={activate.isPending} data-testid="directory-activate-submit">
            {t('directory.activate.submit')}
          </Button>
        </Form>
      </>
    );
  }

  return (
    <div className="atrium-activate" data-testid="page-activate">
      <header className="atrium-activate-top">
        <div className="atrium-activate-brand">
          <AtriumLogo size={32} />
          <span>{t('common.appName')}</span>
        </div>
        <LanguageSwitch testId="activate-lang" showName />
      </header>
      <main className="atrium-activate-card">{body}</main>
    </div>
  );
}
