import { LockOutlined } from '@ant-design/icons';
import { SafetyPassword, type SafetyPasswordStatus, type UpdateSafetyPasswordBody } from '@atrium/contract';
import { Alert, App, Button, Card, Form, Input, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { zodRule } from '../../../shared/forms/zod-rule';
import { useUpdateSafetyPassword } from '../api/settings.api';

interface SafetyValues {
  currentPassword?: string;
  newPassword: string;
  confirmPassword: string;
}

export interface SafetyPasswordFormProps {
  status: SafetyPasswordStatus;
  canEdit: boolean;
}

/** Sets or changes the 6-digit safety password that high-risk actions ask for (spec 000 sections 5, 6). */
export function SafetyPasswordForm({ status, canEdit }: SafetyPasswordFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useUpdateSafetyPassword();
  const [form] = Form.useForm<SafetyValues>();
  const dirty = useFormDirty(form);
  useUnsavedChanges(dirty.isDirty);
  const digits = [zodRule(SafetyPassword, t('settings.safety.sixDigits'))];

  const submit = (values: SafetyValues) => {
    const body: UpdateSafetyPasswordBody = {
      newPassword: values.newPassword,
      confirmPassword: values.confirmPassword,
      ...(status.isSet ? { currentPassword: values.currentPassword } : {}),
    };
    save.mutate(body, {
      onSuccess: () => {
        void message.success(t('settings.safety.saved'));
        form.resetFields();
        dirty.markClean();
        save.reset();
      },
    });
  };

  const digitInput = (testId: string, autoComplete: string) => (
    <Input.Password prefix={<LockOutlined />} inputMode="numeric" maxLength={6} autoComplete={autoComplete} style={{ maxWidth: 260 }} data-testid={testId} />
  );

  return (
    <Card
      className="atrium-card"
      title={t('settings.safety.title')}
      extra={
        <Tag variant="filled" color={status.isSet ? 'success' : 'warning'} data-testid="settings-safety-status">
          {status.isSet ? t('settings.safety.isSet') : t('settings.safety.notSet')}
        </Tag>
      }
      data-testid="settings-safety"
    >
      <p className="atrium-muted atrium-card-intro">
        {t('settings.safety.hint')}
        {status.updatedAt ? ` ${t('settings.safety.updatedAt', { time: dayjs(status.updatedAt).format('YYYY-MM-DD HH:mm') })}` : ''}
      </p>
      {save.isError ? <Alert className="atrium-form-alert" type="error" showIcon role="alert" title={save.error.message} /> : null}
      <Form<SafetyValues> form={form} layout="vertical" requiredMark={false} onFinish={submit} onValuesChange={dirty.onValuesChange} disabled={!canEdit || save.isPending}>
        {status.isSet ? (
          <Form.Item name="currentPassword" label={t('settings.safety.current')} rules={[{ required: true, message: t('settings.safety.currentRequired') }, ...digits]}>
            {digitInput('settings-safety-current', 'current-password')}
          </Form.Item>
        ) : null}
        <Form.Item name="newPassword" label={t('settings.safety.new')} rules={[{ required: true, message: t('settings.safety.newRequired') }, ...digits]}>
          {digitInput('settings-safety-new', 'new-password')}
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('settings.safety.confirm')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('settings.safety.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: (_rule, value: string | undefined) =>
                !value || value === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('settings.safety.mismatch'))),
            }),
          ]}
        >
          {digitInput('settings-safety-confirm', 'new-password')}
        </Form.Item>
        {canEdit ? (
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="settings-safety-submit">
            {status.isSet ? t('settings.safety.change') : t('settings.safety.set')}
          </Button>
        ) : (
          <p className="atrium-muted">{t('settings.readOnly')}</p>
        )}
      </Form>
    </Card>
  );
}
