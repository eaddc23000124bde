import type { PasswordPolicy } from '@atrium/contract';

/** The fields of a password change; `oldPassword` only where the form asks for it. */
export interface PasswordChange {
  oldPassword?: string;
  newPassword?: string;
  confirmPassword?: string;
}

export type PasswordField = keyof PasswordChange;

/**
 * The client-side rules of a password change (spec 000 section 5), as translation keys per field:
 * every field required, no spaces, the two new entries equal, the new one different from the old one.
 * The server checks the same rules and the company's policy (length, character classes) again.
 */
export function passwordChangeProblems(values: PasswordChange, hasOldField: boolean): Partial<Record<PasswordField, string>> {
  const problems: Partial<Record<PasswordField, string>> = {};
  const { oldPassword = '', newPassword = '', confirmPassword = '' } = values;
  if (hasOldField && !oldPassword) problems.oldPassword = 'common.password.oldRequired';

  if (!newPassword) problems.newPassword = 'common.password.required';
  else if (/\s/.test(newPassword)) problems.newPassword = 'common.password.spaces';
  else if (hasOldField && oldPassword && newPassword === oldPassword) problems.newPassword = 'common.password.sameAsOld';

  if (!confirmPassword) problems.confirmPassword = 'common.password.confirmRequired';
  else if (newPassword && confirmPassword !== newPassword) problems.confirmPassword = 'common.password.mismatch';
  return problems;
}

/** The rules of a policy as translation keys with their values, for the list above the form. */
export function policyRules(policy: PasswordPolicy): Array<{ key: string; params?: Record<string, number> }> {
  return [
    { key: 'directory.activate.rules.minLength', params: { min: policy.minLength } },
    { key: 'directory.activate.rules.noSpaces' },
    ...(policy.needsUppercase ? [{ key: 'directory.activate.rules.uppercase' }] : []),
    ...(policy.needsLowercase ? [{ key: 'directory.activate.rules.lowercase' }] : []),
    ...(policy.needsNumber ? [{ key: 'directory.activate.rules.number' }] : []),
    ...(policy.needsSpecial ? [{ key: 'directory.activate.rules.special' }] : []),
  ];
}
