import { z } from 'zod';
import { PASSWORD_EXPIRY_CHOICES } from './limits.js';
import { PasswordPolicy } from './password.js';

/** Bounds of the policy's minimum length an administrator may choose. */
export const POLICY_MIN_LENGTH = { min: 6, max: 64 } as const;

/** `GET /passStrategy/getPassStrategy` result: the company's password policy (spec 000 section 3). */
export const PasswordPolicyResult = PasswordPolicy;

/** `POST /passStrategy/updatePassStrategy` body: the whole policy; `expiryDays` null means never. */
export const UpdatePasswordPolicyBody = z.object({
  minLength: z.number().int().min(POLICY_MIN_LENGTH.min).max(POLICY_MIN_LENGTH.max),
  expiryDays: z
    .union(PASSWORD_EXPIRY_CHOICES.map((days) => z.literal(days)) as unknown as [z.ZodLiteral<30>, z.ZodLiteral<60>])
    .nullable()
    .describe(`One of ${PASSWORD_EXPIRY_CHOICES.join(', ')} days, or null for never`),
  needsUppercase: z.boolean(),
  needsLowercase: z.boolean(),
  needsNumber: z.boolean(),
  needsSpecial: z.boolean(),
});
export type UpdatePasswordPolicyBody = z.infer<typeof UpdatePasswordPolicyBody>;

/** The safety password high-risk actions ask for: exactly 6 digits (spec 000 section 5). */
export const SafetyPassword = z.string().regex(/^\d{6}$/, 'Exactly 6 digits');

/**
 * How a high-risk request carries the safety password: a `safetyPassword` field in its JSON body
 * (docs/api.md, Safety password). Modules extend their body schema with this.
 */
export const SafetyPasswordField = z.object({ safetyPassword: SafetyPassword });

/** `GET /safety-password` result. */
export const SafetyPasswordStatus = z.object({
  isSet: z.boolean(),
  updatedAt: z.number().int().nullable().describe('When it was last set, UTC epoch milliseconds'),
});
export type SafetyPasswordStatus = z.infer<typeof SafetyPasswordStatus>;

/** `PUT /safety-password` body: the current one is required once one exists. */
export const UpdateSafetyPasswordBody = z.object({
  currentPassword: SafetyPassword.optional(),
  newPassword: SafetyPassword,
  confirmPassword: SafetyPassword,
});
export type UpdateSafetyPasswordBody = z.infer<typeof UpdateSafetyPasswordBody>;

/** `POST /safety-password/verify` body: checks a typed safety password (throttled like any use). */
export const VerifySafetyPasswordBody = SafetyPasswordField;
