import { PASSWORD_EXPIRY_CHOICES, POLICY_MIN_LENGTH, type PasswordPolicy, type UpdatePasswordPolicyBody } from '@atrium/contract';
import { Alert, App, Button, Card, Checkbox, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { useUpdatePasswordPolicy } from '../api/settings.api';
import { NumberInput } from '../../../shared/ui/number-input';

/** The form's value for "never": antd's Select needs a non-null value. */
const NEVER = 0;

interface PolicyValues {
  minLength: number | null;
  expiryDays: number;
  classes: Array<'needsUppercase' | 'needsLowercase' | 'needsNumber' | 'needsSpecial'>;
}

const CLASSES = ['needsUppercase', 'needsLowercase', 'needsNumber', 'needsSpecial'] as const;

export interface PasswordPolicyFormProps {
  policy: PasswordPolicy;
  canEdit: boolean;
}

const toValues = (policy: PasswordPolicy): PolicyValues => ({
  minLength: policy.minLength,
  expiryDays: policy.expiryDays ?? NEVER,
  classes: CLASSES.filter((name) => policy[name]),
});

/** The company's password policy (spec 000 sections 3 and 5): length, expiry, character classes; its tab asks before unsaved changes go. */
export function PasswordPolicyForm({ policy, canEdit }: PasswordPolicyFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useUpdatePasswordPolicy();
  const [form] = Form.useForm<PolicyValues>();
  const initialValues = toValues(policy);
  const dirty = useFormDirty(form, { initialValues });
  useUnsavedChanges(dirty.isDirty);

  const submit = (values: PolicyValues) => {
    const body: UpdatePasswordPolicyBody = {
      minLength: values.minLength ?? POLICY_MIN_LENGTH.min,
      expiryDays: values.expiryDays === NEVER ? null : (values.expiryDays as UpdatePasswordPolicyBody['expiryDays']),
      needsUppercase: values.classes.includes('needsUppercase'),
      needsLowercase: values.classes.includes('needsLowercase'),
      needsNumber: values.classes.includes('needsNumber'),
      needsSpecial: values.classes.includes('needsSpecial'),
    };
    save.mutate(body, {
      onSuccess: (saved) => {
        void message.success(t('settings.policy.saved'));
        form.setFieldsValue(toValues(saved));
        dirty.markClean();
      },
    });
  };

  return (
    <Card className="atrium-card" title={t('settings.policy.title')} data-testid="settings-policy">
      <p className="atrium-muted atrium-card-intro">{t('settings.policy.hint')}</p>
      {save.isError ? <Alert className="atrium-form-alert" type="error" showIcon role="alert" title={save.error.message} /> : null}
      <Form<PolicyValues> form={form} layout="vertical" initialValues={initialValues} onFinish={submit} onValuesChange={dirty.onValuesChange} disabled={!canEdit || save.isPending}>
        <Form.Item
          name="minLength"
          label={t('settings.policy.minLength')}
          rules={[
            { required: true, message: t('settings.policy.minLengthRequired') },
            {
              type: 'number',
              min: POLICY_MIN_LENGTH.min,
              max: POLICY_MIN_LENGTH.max,
              message: t('settings.policy.minLengthRange', POLICY_MIN_LENGTH),
            },
          ]}
        >
          <NumberInput min={POLICY_MIN_LENGTH.min} max={POLICY_MIN_LENGTH.max} style={{ width: 160 }} data-testid="settings-min-length" />
        </Form.Item>
        <Form.Item name="expiryDays" label={t('settings.policy.expiry')} rules={[{ required: true, message: t('settings.policy.expiryRequired') }]}>
          <Select
            style={{ maxWidth: 260 }}
            data-testid="settings-expiry"
            options={[
              ...PASSWORD_EXPIRY_CHOICES.map((days) => ({ value: days, label: t('settings.policy.days', { count: days }) })),
              { value: NEVER, label: t('settings.policy.never') },
            ]}
          />
        </Form.Item>
        <Form.Item name="classes" label={t('settings.policy.classes')}>
          <Checkbox.Group
            className="atrium-settings-classes"
            data-testid="settings-classes"
            options={CLASSES.map((name) => ({ value: name, label: t(`settings.policy.${name}`) }))}
          />
        </Form.Item>
        {canEdit ? (
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="settings-policy-submit">
            {t('settings.policy.submit')}
          </Button>
        ) : (
          <p className="atrium-muted">{t('settings.readOnly')}</p>
        )}
      </Form>
    </Card>
  );
}
