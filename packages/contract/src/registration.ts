import { z } from 'zod';
import { CompanyDomain, CompanySizeBand } from './company.js';
import { ReqToken } from './directory.js';
import { PASSWORD_MAX, TEXT_MAX } from './limits.js';
import { PasswordPolicy } from './password.js';
import { NewPassword } from './session.js';

/** Limits of public registration and password recovery (docs/decisions/0003, Registration and recovery). */
export const REGISTRATION_LIMITS = {
  /** Digits of the e-mailed code. */
  codeDigits: 6,
  /** How long a code may be typed, in minutes. */
  codeMinutes: 15,
  /** Wrong entries after which a code is used up. */
  codeMaxWrongTries: 5,
  /** How long the token answered for a right code may create a company, in minutes. */
  tokenMinutes: 60,
  /** At most one mail per address in this many seconds (codes and reset links alike). */
  resendSeconds: 60,
  /** Mails one caller address may ask for per hour, whatever the recipients. */
  mailsPerAddressPerHour: 20,
  /** How long a password reset link works, in minutes. */
  resetLinkMinutes: 60,
} as const;

/** Industries offered at registration; the value is stored as the company's industry. */
export const COMPANY_INDUSTRIES = [
  'Technology',
  'Finance',
  'Manufacturing',
  'Healthcare',
  'Education',
  'Retail',
  'Professional services',
  'Public sector',
  'Other',
] as const;
export const CompanyIndustry = z.enum(COMPANY_INDUSTRIES);
export type CompanyIndustry = z.infer<typeof CompanyIndustry>;

/** An e-mail address, trimmed and lower-cased (it becomes the administrator's user name). */
export const RegistrationEmail = z
  .string()
  .trim()
  .max(TEXT_MAX)
  .pipe(z.email('Not a valid e-mail address'))
  .transform((email) => email.toLowerCase());

/** The e-mailed code: exactly six digits. */
export const RegistrationCode = z.string().trim().regex(/^[0-9]{6}$/, 'Six digits');

/** `POST /register/sendCode` body. */
export const SendRegistrationCodeBody = z.object({ email: RegistrationEmail });
export type SendRegistrationCodeBody = z.input<typeof SendRegistrationCodeBody>;

/** `POST /register/verifyCode` body. */
export const VerifyRegistrationCodeBody = z.object({ email: RegistrationEmail, code: RegistrationCode });
export type VerifyRegistrationCodeBody = z.input<typeof VerifyRegistrationCodeBody>;

/** `POST /register/verifyCode` result: the single-use token that lets `POST /register/create` run. */
export const VerifyRegistrationCodeResult = z.object({ registrationToken: z.string() });
export type VerifyRegistrationCodeResult = z.infer<typeof VerifyRegistrationCodeResult>;

/** The first administrator's full name. */
export const RegistrationFullName = z.string().trim().min(1, 'Required').max(64);
/** The new company's name. */
export const RegistrationCompanyName = z.string().trim().min(1, 'Required').max(TEXT_MAX);

/** `POST /register/create` body: the company, its first administrator and their password. */
export const CreateCompanyBody = z.object({
  registrationToken: ReqToken,
  password: NewPassword,
  fullName: RegistrationFullName,
  companyName: RegistrationCompanyName,
  domain: CompanyDomain.transform((domain) => domain.toLowerCase()),
  industry: CompanyIndustry,
  size: CompanySizeBand,
});
export type CreateCompanyBody = z.input<typeof CreateCompanyBody>;
export type CreateCompanyValues = z.output<typeof CreateCompanyBody>;

/** `GET /register/status` result: whether this installation lets anyone create a company. */
export const RegistrationStatus = z.object({ isOpen: z.boolean() });
export type RegistrationStatus = z.infer<typeof RegistrationStatus>;

/** `GET /user/sendResetPasswordEmail` query: the e-mail or user name of the account. */
export const SendResetPasswordQuery = z.object({ email: z.string().trim().min(1).max(TEXT_MAX) });

/** `GET /user/checkResetReq` query. */
export const CheckResetQuery = z.object({ reqToken: ReqToken });
/** Whether a reset link works, for which user name and under which password policy; nothing more. */
export const CheckResetResult = z.object({
  valid: z.boolean(),
  userName: z.string().nullable(),
  passwordPolicy: PasswordPolicy.nullable(),
});
export type CheckResetResult = z.infer<typeof CheckResetResult>;

/** `POST /user/resetPassword` body. */
export const ResetPasswordBody = z.object({
  reqToken: ReqToken,
  password: NewPassword,
  confirmPassword: z.string().min(1).max(PASSWORD_MAX),
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;
