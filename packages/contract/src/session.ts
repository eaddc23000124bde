import { z } from 'zod';
import { PASSWORD_MAX, TEXT_MAX } from './limits.js';
import type { MenuEntry } from './menu.js';

/** `POST /login` body (spec 000 section 7). */
export const LoginBody = z.object({
  userName: z.string().trim().min(1).max(TEXT_MAX).describe('Account name or e-mail address'),
  password: z.string().min(1).max(PASSWORD_MAX),
  timeVersion: z.union([z.number(), z.string().max(64)]).optional().describe("Client's time or version marker; recorded, not interpreted"),
});
export type LoginBody = z.infer<typeof LoginBody>;

/** A room location the user is attached to (`userGroupDto.roomLocations`). */
export const RoomLocation = z.object({ id: z.number().int(), locationName: z.string(), level: z.number().int() });

/** The user fields the login answer carries (spec 000 section 7). */
export const UserSummary = z.object({
  id: z.number().int(),
  avatar: z.string().nullable(),
  fullName: z.string(),
  userName: z.string(),
  usercode: z.string().nullable(),
  email: z.string().nullable(),
  userGroupDto: z.object({ roomLocations: z.array(RoomLocation) }),
});
export type UserSummary = z.infer<typeof UserSummary>;

export const LoginResult = UserSummary.extend({
  token: z.string().describe('Session token; send it as the `token` header (the console uses the HttpOnly cookie instead)'),
  isDefaultPassword: z.boolean().describe('True at first sign-in: only the password change is allowed until it is done'),
  passwordExpired: z.boolean(),
});
export type LoginResult = z.infer<typeof LoginResult>;

export const Gender = z.enum(['male', 'female', 'secret']);

/** `GET /user/getCurrentUserInfo` result. */
export const CurrentUserInfo = UserSummary.extend({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  gender: Gender,
  role: z.object({ id: z.number().int(), name: z.string() }),
  department: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  company: z.object({ id: z.number().int(), name: z.string(), logo: z.string().nullable() }),
  permissions: z.array(z.string()),
  mustChangePassword: z.boolean(),
  passwordExpired: z.boolean(),
  /** The user's own IANA time zone (set on /personal); null: the console follows the browser's. */
  timeZone: z.string().nullable(),
});
export type CurrentUserInfo = z.infer<typeof CurrentUserInfo>;

/** `GET /role/current` result: the caller's permissions as items with a name (spec 000 section 6). */
export const RoleCurrentResult = z.array(z.object({ name: z.string() }));

/** `GET /checkIsLogin` result. */
export const CheckIsLoginResult = z.boolean();

/** A new password: no spaces; length and character classes follow the company's policy on the server. */
export const NewPassword = z.string().min(1).max(PASSWORD_MAX);

/** `POST /user/updateDefaultPassword` body: the first-sign-in change. */
export const UpdateDefaultPasswordBody = z.object({
  newPassword: NewPassword,
  confirmPassword: NewPassword,
});
export type UpdateDefaultPasswordBody = z.infer<typeof UpdateDefaultPasswordBody>;

/** `POST /user/updateUserPassword` body: a signed-in user changes their password. */
export const UpdateUserPasswordBody = z.object({
  oldPassword: z.string().min(1).max(PASSWORD_MAX),
  newPassword: NewPassword,
  confirmPassword: NewPassword,
});
export type UpdateUserPasswordBody = z.infer<typeof UpdateUserPasswordBody>;

/** A menu entry as a zod schema, for validation and OpenAPI; the type lives in menu.ts. */
export const MenuEntrySchema: z.ZodType<MenuEntry> = z.object({
  key: z.string(),
  path: z.string(),
  title: z.string().describe('Translation key of the title'),
  icon: z.string(),
  iconSvg: z.string().optional(),
  externalUrl: z.string().optional(),
  menuType: z.enum(['BOOKER', 'ADMIN', 'MESSAGE', 'SMART', 'GUIDER', 'DESK', 'ORG', 'STORE', 'HELP']),
  view: z.boolean(),
  edit: z.boolean(),
  get children() {
    return z.array(MenuEntrySchema);
  },
});
export const MenuListResult = z.array(MenuEntrySchema);

/** `GET /health` result. */
export const HealthResult = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
  version: z.string(),
});
