import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { passwordChangeProblems, type PasswordChange, type PasswordField } from './password-rules';

/** antd form rules for a password change form, one per field, from `passwordChangeProblems`. */
export function usePasswordRules(form: FormInstance, hasOldField: boolean) {
  const { t } = useTranslation();
  return (field: PasswordField): Rule[] => [
    {
      validator: () => {
        const problem = passwordChangeProblems(form.getFieldsValue() as PasswordChange, hasOldField)[field];
        return problem ? Promise.reject(new Error(t(problem))) : Promise.resolve();
      },
    },
  ];
}
