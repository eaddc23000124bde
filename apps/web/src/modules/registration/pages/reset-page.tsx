import { Alert, Button, Form, Input, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { LoginPageState } from '../../auth/pages/login-page';
import { useResetCheck, useResetPassword } from '../api/registration.api';
import { NewPasswordFields, type NewPasswordValues } from '../components/new-password-fields';
import { PublicFrame } from '../components/public-frame';

/** /reset/:reqToken: a new password through the mailed link, under the company's policy. */
export function ResetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const reqToken = useParams().reqToken ?? '';
  const check = useResetCheck(reqToken);
  const reset = useResetPassword();
  const [form] = Form.useForm<NewPasswordValues>();
  const back = <Link to="/login">{t('registration.backToLogin')}</Link>;

  const submit = (values: NewPasswordValues) =>
    reset.mutate(
      { reqToken, ...values },
      {
        onSuccess: () => {
          const state: LoginPageState = { userName: check.data?.userName ?? '', notice: t('registration.reset.done') };
          void navigate('/login', { replace: true, state });
        },
      },
    );

  if (check.isPending) {
    return (
      <PublicFrame testId="page-reset">
        <Spin />
      </PublicFrame>
    );
  }
  if (check.isError || !check.data.valid || !check.data.passwordPolicy) {
    return (
      <PublicFrame testId="page-reset" footer={back}>
        <Result
          status="warning"
          title={t('registration.reset.invalidTitle')}
          subTitle={t('registration.reset.invalidText')}
          extra={
            <Link to="/retrieve">
              <Button type="primary">{t('registration.reset.askAgain')}</Button>
            </Link>
          }
          data-testid="reset-invalid"
        />
      </PublicFrame>
    );
  }
  return (
    <PublicFrame testId="page-reset" title={t('registration.reset.title')} subtitle={t('registration.reset.subtitle', { userName: check.data.userName })} footer={back}>
      {reset.isError ? <Alert className="atrium-form-alert" type="error" showIcon role="alert" title={reset.error.message} /> : null}
      <Form<NewPasswordValues> form={form} layout="vertical" requiredMark={false} size="large" onFinish={submit} disabled={reset.isPending}>
        <Form.Item label={t('registration.password.userName')}>
          <Input value={check.data.userName ?? ''} readOnly disabled autoComplete="username" data-testid="reset-username" />
        </Form.Item>
        <NewPasswordFields form={form} policy={check.data.passwordPolicy} testIdPrefix="reset" />
        <Button type="primary" htmlType="submit" block loading={reset.isPending} data-testid="reset-submit">
          {t('registration.reset.submit')}
        </Button>
      </Form>
    </PublicFrame>
  );
}
