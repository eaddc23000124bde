import { z } from 'zod';
import { PASSWORD_MAX, TEXT_MAX } from './limits.js';
import { PageQuery, pageOf } from './paging.js';
import { PasswordPolicy } from './password.js';
import { Gender, NewPassword } from './session.js';

/** User names: letters, digits and . _ - @, 2 to 64 characters; they can't change after creation. */
export const USER_NAME_PATTERN = /^[A-Za-z0-9._@-]{2,64}$/;
/** Phone numbers: an optional +, then digits, spaces, dashes and brackets, 5 to 20 characters (spec 000 section 5). */
export const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{3,18}[0-9]$/;
/** How long an activation link stays valid, in hours. */
export const ACTIVATION_HOURS = 72;

export const UserName = z.string().trim().regex(USER_NAME_PATTERN, 'Letters, digits and . _ - @, 2 to 64 characters');
export const UserEmail = z.string().trim().max(TEXT_MAX).pipe(z.email('Not a valid e-mail address'));
export const UserPhone = z.string().trim().regex(PHONE_PATTERN, 'Not a valid phone number');

/** Whether a user account may sign in. */
export const UserStatus = z.enum(['active', 'inactive']);
export type UserStatus = z.infer<typeof UserStatus>;

const Id = z.coerce.number().int().positive();
const NamedRef = z.object({ id: z.number().int(), name: z.string() });

/** A user as the directory lists and shows it. */
export const DirectoryUser = z.object({
  id: z.number().int(),
  userName: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  fullName: z.string(),
  usercode: z.string().nullable(),
  phone: z.string().nullable(),
  gender: Gender,
  avatar: z.string().nullable(),
  department: NamedRef.nullable(),
  role: NamedRef,
  location: NamedRef.nullable(),
  status: UserStatus,
  isPendingActivation: z.boolean().describe('Created but the activation link has not been used yet'),
  isSso: z.boolean(),
  createdAt: z.number().int(),
});
export type DirectoryUser = z.infer<typeof DirectoryUser>;

/** `POST /user/getUserList` body: paging and filters. */
export const UserListQuery = PageQuery.extend({
  keyword: z.string().trim().max(TEXT_MAX).optional().describe('Part of the name, user name, e-mail or usercode'),
  departmentId: Id.optional().describe('The department and its sub-departments'),
  roleId: Id.optional(),
  locationId: Id.optional(),
  status: UserStatus.optional(),
});
export type UserListQuery = z.infer<typeof UserListQuery>;
export const UserListPage = pageOf(DirectoryUser);

/** `GET /user/details` query. */
export const UserDetailsQuery = z.object({ id: Id });

const optionalText = (max = TEXT_MAX) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

/** The fields an administrator edits on a user. */
const EditableUserFields = z.object({
  firstName: z.string().trim().min(1).max(64),
  lastName: z.string().trim().min(1).max(64),
  usercode: optionalText(64),
  phone: z.union([UserPhone, z.literal('')]).nullish().transform((value) => (value ? value : null)),
  gender: Gender.default('secret'),
  departmentId: Id.nullish().transform((value) => value ?? null),
  roleId: Id.optional().describe("Absent: the company's default role"),
  locationId: Id.nullish().transform((value) => value ?? null),
});

/** `POST /user` body. The new user gets an activation e-mail and sets their own password. */
export const CreateUserBody = EditableUserFields.extend({
  userName: UserName,
  email: UserEmail,
});
export type CreateUserBody = z.infer<typeof CreateUserBody>;
export type CreateUserInput = z.input<typeof CreateUserBody>;

/** `PUT /user` body. User name and e-mail may be sent but must equal the stored ones. */
export const UpdateUserBody = EditableUserFields.extend({
  id: Id,
  status: UserStatus.optional(),
  userName: z.string().trim().optional().describe('Must equal the stored user name: it cannot change'),
  email: z.string().trim().optional().describe('Must equal the stored e-mail: it cannot change'),
});
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

/** `DELETE /user` body. */
export const DeleteUsersBody = z.object({ ids: z.array(Id).min(1).max(500) });
/** `PUT /user/group` body: move users to a department (null: no department). */
export const MoveUsersBody = z.object({ userIds: z.array(Id).min(1).max(500), departmentId: Id.nullable() });
/** `POST /user/resendActivation` body. */
export const ResendActivationBody = z.object({ id: Id });
/** `POST /user/activationLink` body: the pending user to bring in without a mail server. */
export const ActivationLinkBody = z.object({ id: Id });
/** A fresh activation link, handed to the caller once (every earlier link of the user stops working). */
export const ActivationLinkResult = z.object({
  link: z.string().describe('PUBLIC_URL/activate/<reqToken>; shown once, never stored in clear'),
  expiresAt: z.number().int().describe('When the link stops working, UTC epoch milliseconds'),
});
export type ActivationLinkResult = z.infer<typeof ActivationLinkResult>;

export const ReqToken = z.string().trim().min(16).max(128);
/** `GET /user/checkActiveUserReq` query. */
export const CheckActivationQuery = z.object({ reqToken: ReqToken });
/**
 * Whether an activation link is usable and for which user name; with a usable link also the
 * company's password policy, so the form can show its rules. Nothing else about the user.
 */
export const CheckActivationResult = z.object({
  valid: z.boolean(),
  userName: z.string().nullable(),
  passwordPolicy: PasswordPolicy.nullable(),
});
export type CheckActivationResult = z.infer<typeof CheckActivationResult>;

/** `POST /user/activeUserAndSetPassword` body. */
export const ActivateUserBody = z.object({
  reqToken: ReqToken,
  password: NewPassword,
  confirmPassword: z.string().min(1).max(PASSWORD_MAX),
});
export type ActivateUserBody = z.infer<typeof ActivateUserBody>;

/** Options for the directory's filters and forms. */
export const DirectoryOptions = z.object({
  departments: z.array(z.object({ id: z.number().int(), name: z.string(), parentId: z.number().int().nullable() })),
  roles: z.array(z.object({ id: z.number().int(), name: z.string(), isDefault: z.boolean() })),
  locations: z.array(z.object({ id: z.number().int(), name: z.string(), level: z.number().int() })),
});
export type DirectoryOptions = z.infer<typeof DirectoryOptions>;

/** Export formats of the directory. */
export const ExportFormat = z.enum(['xlsx', 'csv']);
/** `POST /user/export` body: the list's filters (no paging) and the format. */
export const ExportUsersBody = UserListQuery.omit({ page: true, pageSize: true }).extend({ format: ExportFormat.default('xlsx') });
export type ExportUsersBody = z.infer<typeof ExportUsersBody>;

/** Largest number of rows one import reads. */
export const IMPORT_MAX_ROWS = 1000;
/** Largest import file, in bytes. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** What became of an import: the rows accepted, and each refused row with its reasons. */
export const ImportReport = z.object({
  accepted: z.array(z.object({ sheet: z.string(), row: z.number().int().describe('Row number in the sheet, from 1 (the header)'), userName: z.string(), id: z.number().int() })),
  refused: z.array(z.object({ sheet: z.string(), row: z.number().int(), userName: z.string().nullable(), reasons: z.array(z.string()) })),
});
export type ImportReport = z.infer<typeof ImportReport>;
