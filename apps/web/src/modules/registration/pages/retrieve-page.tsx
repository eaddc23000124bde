import { UserOutlined } from '@ant-design/icons';
import { SendResetPasswordQuery } from '@atrium/contract';
import { Alert, Button, Form, Input, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { zodRule } from '../../../shared/forms/zod-rule';
import { useSendResetMail } from '../api/registration.api';
import { PublicFrame } from '../components/public-frame';

/** /retrieve: asks for a reset link; the confirmation is the same whether or not the account exists. */
export function RetrievePage() {
  const { t } = useTranslation();
  const send = useSendResetMail();
  const back = <Link to="/login">{t('registration.backToLogin')}</Link>;

  if (send.isSuccess) {
    return (
      <PublicFrame testId="page-retrieve" footer={back}>
        <Result status="success" title={t('registration.retrieve.sentTitle')} subTitle={t('registration.retrieve.sentText')} data-testid="retrieve-sent" />
      </PublicFrame>
    );
  }
  return (
    <PublicFrame testId="page-retrieve" title={t('registration.retrieve.title')} subtitle={t('registration.retrieve.subtitle')} footer={back}>
      {send.isError ? <Alert className="atrium-form-alert" type="error" showIcon role="alert" title={send.error.message} /> : null}
      <Form<{ email: string }> layout="vertical" requiredMark={false} size="large" onFinish={({ email }) => send.mutate(email.trim())} disabled={send.isPending}>
        <Form.Item
          name="email"
          label={t('registration.retrieve.label')}
          rules={[{ required: true, message: t('registration.retrieve.required') }, zodRule(SendResetPasswordQuery.shape.email, t('registration.retrieve.required'))]}
        >
          <Input prefix={<UserOutlined />} autoComplete="username" data-testid="retrieve-email" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={send.isPending} data-testid="retrieve-submit">
          {t('registration.retrieve.submit')}
        </Button>
      </Form>
    </PublicFrame>
  );
}
