import { z } from 'zod';
import { PHONE_PATTERN } from './directory.js';
import { Gender } from './session.js';
import { TimeZone } from './location.js';

/** A phone number in the directory's format (spec 000 section 5), or empty to clear it. */
export const Phone = z
  .string()
  .trim()
  .max(32)
  .refine((value) => value === '' || (PHONE_PATTERN.test(value) && (value.match(/[0-9]/g) ?? []).length >= 5 && (value.match(/[0-9]/g) ?? []).length <= 20), {
    message: 'A phone number: digits, optionally +, spaces, hyphens or brackets',
  });

/** `GET /user/common/details` result: the caller's own profile. */
export const OwnProfile = z.object({
  id: z.number().int(),
  userName: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  fullName: z.string(),
  phone: z.string().nullable(),
  gender: Gender,
  avatar: z.string().nullable(),
  /** The user's own IANA time zone for the console; null follows the browser's. */
  timeZone: z.string().nullable(),
});
export type OwnProfile = z.infer<typeof OwnProfile>;

/** `PUT /user/profile` body: what a user may change of themselves (not the user name or e-mail). */
export const UpdateProfileBody = z.object({
  firstName: z.string().trim().min(1).max(64),
  lastName: z.string().trim().max(64).optional().transform((value) => value ?? ''),
  phone: Phone.optional().transform((value) => (value ? value : null)),
  gender: Gender,
  avatar: z
    .string()
    .trim()
    .regex(/^\/api\/upload\/files\/[0-9]+\/[A-Za-z0-9_-]+\.(png|jpg)$/, 'A file address answered by the upload')
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  /** The zone the console shows and takes times in (an IANA name); null follows the browser; absent keeps it. */
  timeZone: TimeZone.nullable().optional(),
});
export type UpdateProfileBody = z.input<typeof UpdateProfileBody>;
export type UpdateProfileValues = z.output<typeof UpdateProfileBody>;

/** One of the caller's live sessions. */
export const OwnSession = z.object({
  id: z.number().int(),
  createdAt: z.number().int(),
  lastSeenAt: z.number().int(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  isCurrent: z.boolean(),
});
export type OwnSession = z.infer<typeof OwnSession>;

/** `DELETE /user/sessions` body: one session by id, or every other session when `id` is absent. */
export const EndSessionsBody = z.object({ id: z.number().int().positive().optional() });
export type EndSessionsBody = z.infer<typeof EndSessionsBody>;
