import { LockOutlined } from '@ant-design/icons';
import { checkNewPassword, type PasswordPolicy } from '@atrium/contract';
import { Form, Input, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { policyRules } from '../../../shared/forms/password-rules';

export interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

/**
 * The password twice, with the policy's rules listed above and checked as typed by the contract's
 * `checkNewPassword`, so the form refuses what the server would, in the same words.
 */
export function NewPasswordFields({ form, policy, testIdPrefix }: { form: FormInstance; policy: PasswordPolicy; testIdPrefix: string }) {
  const { t } = useTranslation();
  const rule = (field: keyof NewPasswordValues): Rule => ({
    validator: () => {
      const { password = '', confirmPassword = '' } = form.getFieldsValue() as Partial<NewPasswordValues>;
      if (field === 'password') {
        if (!password) return Promise.reject(new Error(t('common.password.required')));
        const problem = checkNewPassword(password, policy);
        return problem ? Promise.reject(new Error(t(`directory.activate.problems.${problem.key}`, problem.params))) : Promise.resolve();
      }
      if (!confirmPassword) return Promise.reject(new Error(t('common.password.confirmRequired')));
      return confirmPassword === password ? Promise.resolve() : Promise.reject(new Error(t('common.password.mismatch')));
    },
  });
  return (
    <>
      <ul className="atrium-public-rules" data-testid={`${testIdPrefix}-rules`}>
        {policyRules(policy).map((item) => (
          <li key={item.key}>{t(item.key, item.params)}</li>
        ))}
      </ul>
      <Form.Item name="password" label={t('registration.password.password')} rules={[rule('password')]}>
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid={`${testIdPrefix}-password`} />
      </Form.Item>
      <Form.Item name="confirmPassword" label={t('registration.password.confirm')} dependencies={['password']} rules={[rule('confirmPassword')]}>
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid={`${testIdPrefix}-confirm`} />
      </Form.Item>
    </>
  );
}
