import { LockOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { usePasswordRules } from '../../../shared/forms/use-password-rules';
import { useUpdateUserPassword } from '../api/personal.api';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** A signed-in user's password change: the old one, then the new one twice. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const change = useUpdateUserPassword();
  const [form] = Form.useForm<PasswordValues>();
  const dirty = useFormDirty(form);
  useUnsavedChanges(dirty.isDirty);

  const rules = usePasswordRules(form, true);

  const submit = (values: PasswordValues) =>
    change.mutate(values, {
      onSuccess: () => {
        void message.success(t('personal.password.success'));
        form.resetFields();
        dirty.markClean();
        change.reset();
      },
    });

  return (
    <Card className="atrium-card" title={t('personal.password.title')}>
      <p className="atrium-muted atrium-card-intro">{t('personal.password.hint')}</p>
      {change.isError ? <Alert className="atrium-form-alert" type="error" showIcon role="alert" title={change.error.message} /> : null}
      <Form<PasswordValues> form={form} layout="vertical" requiredMark={false} onFinish={submit} onValuesChange={dirty.onValuesChange} disabled={change.isPending}>
        <Form.Item name="oldPassword" label={t('personal.password.old')} rules={rules('oldPassword')}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" data-testid="personal-old-password" />
        </Form.Item>
        <Form.Item name="newPassword" label={t('personal.password.new')} dependencies={['oldPassword']} rules={rules('newPassword')}>
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid="personal-new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('personal.password.confirm')}
          dependencies={['newPassword']}
          rules={rules('confirmPassword')}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid="personal-confirm-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="personal-submit">
          {t('personal.password.submit')}
        </Button>
      </Form>
    </Card>
  );
}
