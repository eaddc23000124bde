import { REGISTRATION_LIMITS, RegistrationCode } from '@atrium/contract';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/api-client';
import { zodRule } from '../../../shared/forms/zod-rule';
import { useNow } from '../../../shared/hooks/use-now';
import { useSendRegistrationCode, useVerifyRegistrationCode } from '../api/registration.api';
import { PublicFrame } from '../components/public-frame';
import { useRegistration, WizardGuard } from '../registration-context';
import { resendSecondsLeft } from '../wizard-steps';

/** /register-code: the six digits from the mail, with a resend after the countdown. */
export function RegisterCodePage() {
  return (
    <WizardGuard step="code">
      <CodeStep />
    </WizardGuard>
  );
}

function CodeStep() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state, update } = useRegistration();
  const email = state.email ?? '';
  const verify = useVerifyRegistrationCode();
  const resend = useSendRegistrationCode();
  const [form] = Form.useForm<{ code: string }>();
  const [resent, setResent] = useState(false);
  const now = useNow(1000);
  const secondsLeft = resendSecondsLeft(state.codeSentAt, now, REGISTRATION_LIMITS.resendSeconds);

  const submit = ({ code }: { code: string }) =>
    verify.mutate(
      { email, code },
      {
        onSuccess: ({ registrationToken }) => {
          update({ registrationToken });
          void navigate('/register-pwd');
        },
      },
    );

  const sendAgain = () => {
    verify.reset();
    resend.mutate(
      { email },
      {
        onSuccess: () => {
          update({ codeSentAt: Date.now() });
          setResent(true);
          form.resetFields();
        },
        onError: (error) => {
          // The server counts the wait itself (another tab, another device): follow it.
          const wait = error instanceof ApiError ? (error.result as { retryAfterSeconds?: number } | null)?.retryAfterSeconds : undefined;
          if (wait) update({ codeSentAt: Date.now() - (REGISTRATION_LIMITS.resendSeconds - wait) * 1000 });
        },
      },
    );
  };

  const error = verify.error ?? resend.error;
  return (
    <PublicFrame
      testId="page-register-code"
      step="code"
      title={t('registration.code.title')}
      subtitle={t('registration.code.subtitle', { email })}
      footer={<Link to="/register">{t('registration.code.changeEmail')}</Link>}
    >
      {error ? (
        <Alert className="atrium-form-alert" type="error" showIcon role="alert" title={error.message} />
      ) : resent ? (
        <Alert className="atrium-form-alert" type="success" showIcon role="status" title={t('registration.code.resent')} />
      ) : null}
      <Form<{ code: string }> form={form} layout="vertical" requiredMark={false} size="large" onFinish={submit} disabled={verify.isPending}>
        <Form.Item
          name="code"
          label={t('registration.code.label')}
          rules={[{ required: true, message: t('registration.code.required') }, zodRule(RegistrationCode, t('registration.code.invalid'))]}
        >
          <Input.OTP
            length={REGISTRATION_LIMITS.codeDigits}
            formatter={(value) => value.replace(/\D/g, '')}
            autoFocus
            aria-label={t('registration.code.label')}
            data-testid="register-code"
            className="atrium-code-input"
          />
        </Form.Item>
        <div className="atrium-code-resend">
          <span>{t('registration.code.hint', { minutes: REGISTRATION_LIMITS.codeMinutes })}</span>
          <Button type="link" size="small" onClick={sendAgain} disabled={secondsLeft > 0 || resend.isPending} data-testid="register-resend">
            {secondsLeft > 0 ? t('registration.code.resendIn', { seconds: secondsLeft }) : t('registration.code.resend')}
          </Button>
        </div>
        <Button type="primary" htmlType="submit" block loading={verify.isPending} data-testid="register-code-submit">
          {t('registration.code.submit')}
        </Button>
      </Form>
    </PublicFrame>
  );
}
