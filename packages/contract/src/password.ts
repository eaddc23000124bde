import { z } from 'zod';
import { PASSWORD_EXPIRY_CHOICES, PASSWORD_MAX } from './limits.js';
import type { MessageOf } from './messages.js';

/** A company's password policy (spec 000 sections 3 and 5); stored as the `passwordPolicy` setting. */
export const PasswordPolicy = z.object({
  minLength: z.number().int().min(1).max(PASSWORD_MAX),
  /** Days after which a password must be changed; null means never. */
  expiryDays: z
    .number()
    .int()
    .refine((days) => (PASSWORD_EXPIRY_CHOICES as readonly number[]).includes(days), {
      message: `Expected one of ${PASSWORD_EXPIRY_CHOICES.join(', ')}`,
    })
    .nullable(),
  needsUppercase: z.boolean(),
  needsLowercase: z.boolean(),
  needsNumber: z.boolean(),
  needsSpecial: z.boolean(),
});
export type PasswordPolicy = z.infer<typeof PasswordPolicy>;

/** Why a new password was refused: a message key and its placeholders. */
export type PasswordProblem = MessageOf<
  'passwordsDoNotMatch' | 'passwordHasSpaces' | 'passwordTooShort' | 'passwordNeedsUppercase' | 'passwordNeedsLowercase' | 'passwordNeedsNumber' | 'passwordNeedsSpecial'
>;

/**
 * The first rule a new password breaks, or null when it is acceptable (spec 000 section 5):
 * the confirmation must match, no whitespace, then the policy's length and character classes.
 * The server and the console's forms both use it so they refuse with the same message.
 */
export function checkNewPassword(password: string, policy: PasswordPolicy, confirmation?: string): PasswordProblem | null {
  if (confirmation !== undefined && password !== confirmation) return { key: 'passwordsDoNotMatch' };
  if (/\s/.test(password)) return { key: 'passwordHasSpaces' };
  if ([...password].length < policy.minLength) return { key: 'passwordTooShort', params: { min: policy.minLength } };
  if (policy.needsUppercase && !/[A-Z]/.test(password)) return { key: 'passwordNeedsUppercase' };
  if (policy.needsLowercase && !/[a-z]/.test(password)) return { key: 'passwordNeedsLowercase' };
  if (policy.needsNumber && !/[0-9]/.test(password)) return { key: 'passwordNeedsNumber' };
  if (policy.needsSpecial && !/[^A-Za-z0-9\s]/.test(password)) return { key: 'passwordNeedsSpecial' };
  return null;
}
