import { LockOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { AntdTheme } from '../../../app/antd-theme';
import { usePasswordRules } from '../../../shared/forms/use-password-rules';
import { useUpdateDefaultPassword } from '../api/auth.api';

interface ChangeValues {
  newPassword: string;
  confirmPassword: string;
}

export interface ChangeDefaultPasswordFormProps {
  userName: string;
  /** Why the password must change: a first sign-in or the company's expiry policy. */
  reason?: 'initial' | 'expired';
  onChanged: () => void;
  onBack: () => void;
}

/**
 * The forced change (first sign-in or expired password): a new password twice (docs/decisions/0001),
 * then sign in again. It shows on `/login`, which loads no antd by itself: the form brings antd's
 * theme with it.
 */
export function ChangeDefaultPasswordForm(props: ChangeDefaultPasswordFormProps) {
  return (
    <AntdTheme>
      <ChangeForm {...props} />
    </AntdTheme>
  );
}

function ChangeForm({ userName, reason = 'initial', onChanged, onBack }: ChangeDefaultPasswordFormProps) {
  const { t } = useTranslation();
  const change = useUpdateDefaultPassword();
  const [form] = Form.useForm<ChangeValues>();

  const rules = usePasswordRules(form, false);

  return (
    <Form<ChangeValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      size="large"
      onFinish={(values) => change.mutate(values, { onSuccess: onChanged })}
      disabled={change.isPending}
    >
      <Alert
        className="atrium-form-alert"
        type={change.isError ? 'error' : 'warning'}
        showIcon
        role="alert"
        title={change.isError ? change.error.message : t(reason === 'expired' ? 'auth.login.passwordExpired' : 'auth.changePassword.firstLogin')}
        description={change.isError ? undefined : t('auth.changePassword.hint', { userName })}
      />
      <Form.Item name="newPassword" label={t('auth.changePassword.newPassword')} rules={rules('newPassword')}>
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" autoFocus data-testid="change-password-new" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('auth.changePassword.confirmPassword')}
        dependencies={['newPassword']}
        rules={rules('confirmPassword')}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid="change-password-confirm" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={change.isPending} data-testid="change-password-submit">
        {t('auth.changePassword.submit')}
      </Button>
      <Button type="link" block className="atrium-login-back" onClick={onBack}>
        {t('auth.changePassword.backToSignIn')}
      </Button>
    </Form>
  );
}
