import { MailOutlined } from '@ant-design/icons';
import { RegistrationEmail } from '@atrium/contract';
import { Alert, Button, Form, Input, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { zodRule } from '../../../shared/forms/zod-rule';
import { useRegistrationStatus, useSendRegistrationCode } from '../api/registration.api';
import { PublicFrame } from '../components/public-frame';
import { useRegistration } from '../registration-context';

/** /register: the address the code goes to; it becomes the administrator's user name. */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state, update } = useRegistration();
  const status = useRegistrationStatus();
  const send = useSendRegistrationCode();

  const submit = ({ email }: { email: string }) => {
    const address = email.trim().toLowerCase();
    send.mutate(
      { email: address },
      {
        onSuccess: () => {
          update({ email: address, codeSentAt: Date.now(), registrationToken: null });
          void navigate('/register-code');
        },
      },
    );
  };

  const footer = (
    <>
      {t('registration.haveAccount')} <Link to="/login">{t('registration.toLogin')}</Link>
    </>
  );

  if (status.isPending) {
    return (
      <PublicFrame testId="page-register">
        <Spin />
      </PublicFrame>
    );
  }
  if (status.data?.isOpen === false) {
    return (
      <PublicFrame testId="page-register" footer={footer}>
        <Result status="info" title={t('registration.closedTitle')} subTitle={t('registration.closedText')} data-testid="registration-closed" />
      </PublicFrame>
    );
  }

  return (
    <PublicFrame testId="page-register" step="email" title={t('registration.email.title')} subtitle={t('registration.email.subtitle')} footer={footer}>
      {send.isError ? <Alert className="atrium-form-alert" type="error" showIcon role="alert" title={send.error.message} /> : null}
      <Form<{ email: string }> layout="vertical" requiredMark={false} size="large" initialValues={{ email: state.email ?? '' }} onFinish={submit} disabled={send.isPending}>
        <Form.Item
          name="email"
          label={t('registration.email.label')}
          rules={[{ required: true, message: t('registration.email.required') }, zodRule(RegistrationEmail, t('registration.email.invalid'))]}
        >
          <Input prefix={<MailOutlined />} type="email" autoComplete="email" placeholder="name@company.com" data-testid="register-email" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={send.isPending} data-testid="register-submit">
          {t('registration.email.submit')}
        </Button>
      </Form>
    </PublicFrame>
  );
}
