import { DEFAULT_PASSWORD_POLICY } from '@atrium/contract';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NewPasswordFields, type NewPasswordValues } from '../components/new-password-fields';
import { PublicFrame } from '../components/public-frame';
import { useRegistration, WizardGuard } from '../registration-context';

/** /register-pwd: the administrator's password, twice, under the default policy a new company starts with. */
export function RegisterPasswordPage() {
  return (
    <WizardGuard step="password">
      <PasswordStep />
    </WizardGuard>
  );
}

function PasswordStep() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state, update } = useRegistration();
  const [form] = Form.useForm<NewPasswordValues>();

  const submit = ({ password }: NewPasswordValues) => {
    update({ password });
    void navigate('/register-type');
  };

  return (
    <PublicFrame testId="page-register-pwd" step="password" title={t('registration.password.title')} subtitle={t('registration.password.subtitle')}>
      <Form<NewPasswordValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        size="large"
        initialValues={{ password: state.password ?? '', confirmPassword: state.password ?? '' }}
        onFinish={submit}
      >
        <Form.Item label={t('registration.password.userName')}>
          <Input value={state.email ?? ''} readOnly disabled autoComplete="username" data-testid="register-pwd-username" />
        </Form.Item>
        <NewPasswordFields form={form} policy={DEFAULT_PASSWORD_POLICY} testIdPrefix="register-pwd" />
        <Button type="primary" htmlType="submit" block data-testid="register-pwd-submit">
          {t('registration.next')}
        </Button>
      </Form>
    </PublicFrame>
  );
}
