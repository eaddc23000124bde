import { LockOutlined, UserOutlined } from '@ant-design/icons';
import type { LoginResult } from '@atrium/contract';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLogin } from '../api/auth.api';

interface LoginValues {
  userName: string;
  password: string;
}

export interface LoginFormProps {
  initialUserName: string;
  /** A message to show above the form, such as the confirmation of a password change. */
  notice?: string;
  onSignedIn: (result: LoginResult, userName: string) => void;
}

/** Account and password; the server's refusal (wrong credentials, throttling) shows above the fields. */
export function LoginForm({ initialUserName, notice, onSignedIn }: LoginFormProps) {
  const { t } = useTranslation();
  const login = useLogin();
  const [form] = Form.useForm<LoginValues>();

  const submit = ({ userName, password }: LoginValues) => {
    login.mutate(
      { userName, password, timeVersion: Date.now() },
      { onSuccess: (result) => onSignedIn(result, userName.trim()) },
    );
  };

  return (
    <Form<LoginValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      size="large"
      initialValues={{ userName: initialUserName, password: '' }}
      onFinish={submit}
      disabled={login.isPending}
    >
      {login.isError ? (
        <Alert className="atrium-form-alert" type="error" showIcon title={login.error.message} role="alert" />
      ) : notice ? (
        <Alert className="atrium-form-alert" type="success" showIcon title={notice} role="status" />
      ) : null}
      <Form.Item
        name="userName"
        label={t('auth.login.userName')}
        rules={[{ required: true, whitespace: true, message: t('auth.login.userNameRequired') }]}
      >
        <Input
          prefix={<UserOutlined />}
          placeholder={t('auth.login.userNamePlaceholder')}
          autoComplete="username"
          autoFocus={!initialUserName}
          maxLength={254}
          data-testid="login-username"
        />
      </Form.Item>
      <Form.Item name="password" label={t('auth.login.password')} rules={[{ required: true, message: t('auth.login.passwordRequired') }]}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('auth.login.passwordPlaceholder')}
          autoComplete="current-password"
          autoFocus={!!initialUserName}
          data-testid="login-password"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
        {t('auth.login.submit')}
      </Button>
    </Form>
  );
}
