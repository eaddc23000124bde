import { z } from 'zod';
import { TEXT_MAX } from './limits.js';

/** Attribute defaults that fit Active Directory; `uid` is read when the user-name attribute is absent. */
export const LDAP_DEFAULT_MAPPING = {
  userName: 'sAMAccountName',
  email: 'mail',
  firstName: 'givenName',
  lastName: 'sn',
  department: 'department',
  groups: 'memberOf',
} as const;
/** The user-name attribute read when the mapped one is absent (OpenLDAP and most other servers). */
export const LDAP_FALLBACK_USER_NAME = 'uid';
export const LDAP_DEFAULT_FILTER = '(objectClass=person)';

/** An LDAP attribute name: letters, digits and hyphens, starting with a letter (RFC 4512). */
export const LdapAttribute = z.string().trim().regex(/^[A-Za-z][A-Za-z0-9-]{0,63}$/, 'An attribute name: letters, digits and -');

/** The server address: ldap:// or ldaps://, host and optional port, nothing more. */
export function isLdapUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'ldap:' || url.protocol === 'ldaps:') && url.hostname !== '' && !url.username && !url.password && !url.search && !url.hash && (url.pathname === '' || url.pathname === '/');
}
export const LdapUrlField = z.union([
  z.string().trim().max(TEXT_MAX).refine(isLdapUrl, { message: 'An ldap:// or ldaps:// address' }),
  z.literal(''),
]);

/** A filter in parentheses, as RFC 4515 writes them; the server judges the rest. */
export const LdapFilter = z
  .string()
  .trim()
  .max(1024)
  .refine((value) => value.startsWith('(') && value.endsWith(')'), { message: 'A filter in parentheses, e.g. (objectClass=person)' });

export const LdapMapping = z.object({
  userName: LdapAttribute.default(LDAP_DEFAULT_MAPPING.userName),
  email: LdapAttribute.default(LDAP_DEFAULT_MAPPING.email),
  firstName: LdapAttribute.default(LDAP_DEFAULT_MAPPING.firstName),
  lastName: LdapAttribute.default(LDAP_DEFAULT_MAPPING.lastName),
  department: LdapAttribute.default(LDAP_DEFAULT_MAPPING.department).describe('An attribute naming the department by name'),
  groups: LdapAttribute.default(LDAP_DEFAULT_MAPPING.groups).describe("An attribute listing the user's groups (DNs; their CN is the group's name)"),
});
export type LdapMapping = z.infer<typeof LdapMapping>;

/** Most rules one role mapping holds. */
export const ROLE_MAPPING_MAX = 50;

/** One rule of a role mapping: users in this group (or department, for a work-chat directory) get this role. */
export const RoleMappingRule = z.object({
  group: z.string().trim().min(1).max(128).describe('A group name (LDAP: the CN of a group; work chat: a department name), compared ignoring case'),
  roleId: z.number().int().positive(),
});
export type RoleMappingRule = z.infer<typeof RoleMappingRule>;
/** Ordered rules: the first whose group a user has gives the role; a user no rule names keeps theirs. */
export const RoleMapping = z.array(RoleMappingRule).max(ROLE_MAPPING_MAX);
export type RoleMapping = z.infer<typeof RoleMapping>;

/** One entry a sync left alone, and why (in the caller's language). */
export const DirectorySyncSkip = z.object({ entry: z.string().describe('The DN of the entry'), reason: z.string() });

/** What a sync did: `GET /ad/synGroupAndUser`. */
export const DirectorySyncReport = z.object({
  departmentsCreated: z.number().int(),
  usersCreated: z.number().int(),
  usersUpdated: z.number().int(),
  skipped: z.array(DirectorySyncSkip),
});
export type DirectorySyncReport = z.infer<typeof DirectorySyncReport>;

/** The company's directory sync setting as the console reads it; the bind password is never returned. */
export const DirectorySyncSetting = z.object({
  isEnabled: z.boolean(),
  url: z.string(),
  bindDn: z.string(),
  hasPassword: z.boolean().describe('A bind password is stored; it is never sent back'),
  baseDn: z.string(),
  userFilter: z.string(),
  mapping: LdapMapping,
  roleMapping: RoleMapping,
  caCertificate: z.string().describe('PEM of the private certificate authority for ldaps://; empty for the system authorities'),
  scheduleHours: z.number().int().describe('Hours between scheduled syncs; 0: on demand only'),
  nextSyncAt: z.number().int().nullable().describe('When the next scheduled sync is due; null when none is scheduled'),
  lastSyncAt: z.number().int().nullable(),
  lastReport: DirectorySyncReport.nullable(),
  updatedAt: z.number().int().nullable(),
});
export type DirectorySyncSetting = z.infer<typeof DirectorySyncSetting>;

/** Hours between scheduled syncs the setting offers; 0 syncs only when an administrator asks. */
export const DIRECTORY_SYNC_SCHEDULES = [0, 1, 6, 12, 24] as const;
export const DirectorySyncScheduleHours = z
  .number()
  .int()
  .refine((hours) => (DIRECTORY_SYNC_SCHEDULES as readonly number[]).includes(hours), { message: `One of ${DIRECTORY_SYNC_SCHEDULES.join(', ')}` });

/** Longest CA certificate bundle accepted (PEM text). */
export const LDAP_CA_MAX = 16_384;

/**
 * The certificate authority an ldaps:// server's certificate is checked against when it is not one
 * of the public ones: PEM text with one or more certificates; empty for the system's authorities.
 */
export const LdapCaCertificate = z
  .string()
  .trim()
  .max(LDAP_CA_MAX)
  .refine((value) => value === '' || /^-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----$/.test(value), {
    message: 'PEM text: -----BEGIN CERTIFICATE----- ... -----END CERTIFICATE-----',
  });

const connectionFields = {
  url: LdapUrlField.default(''),
  bindDn: z.string().trim().max(TEXT_MAX).default(''),
  bindPassword: z.string().max(1024).optional().describe('Empty or absent: keep the stored password'),
  baseDn: z.string().trim().max(TEXT_MAX).default(''),
  userFilter: LdapFilter.default(LDAP_DEFAULT_FILTER),
  mapping: LdapMapping.default(LdapMapping.parse({})),
  caCertificate: LdapCaCertificate.default(''),
};

/** `PUT /ad/setting` body. */
export const UpdateDirectorySyncSettingBody = z
  .object({ isEnabled: z.boolean(), scheduleHours: DirectorySyncScheduleHours.default(0), roleMapping: RoleMapping.default([]), ...connectionFields })
  .strict();
export type UpdateDirectorySyncSettingBody = z.infer<typeof UpdateDirectorySyncSettingBody>;
export type UpdateDirectorySyncSettingInput = z.input<typeof UpdateDirectorySyncSettingBody>;

/** `POST /ad/check` body: the form's values, tried before saving; an empty password uses the stored one. */
export const DirectorySyncCheckBody = z.object(connectionFields).strict();
export type DirectorySyncCheckBody = z.infer<typeof DirectorySyncCheckBody>;
export type DirectorySyncCheckInput = z.input<typeof DirectorySyncCheckBody>;

/** `POST /ad/check` answer: 200 either way; `error` says why the server could not be used. */
export const DirectorySyncCheckResult = z.object({
  ok: z.boolean(),
  entries: z.number().int().nullable().describe('Entries the filter finds under the base DN'),
  error: z.string().nullable(),
});
export type DirectorySyncCheckResult = z.infer<typeof DirectorySyncCheckResult>;

/** The work-chat providers whose directories sync and whose accounts sign in (decision 0024). */
export const WORK_CHAT_PROVIDERS = ['wecom', 'feishu', 'dingtalk'] as const;
export const WorkChatProvider = z.enum(WORK_CHAT_PROVIDERS);
export type WorkChatProvider = z.infer<typeof WorkChatProvider>;

/** A provider's base URL: https, or http on this machine (a local proxy, the tests' fakes); no credentials, query or fragment. */
export function isWorkChatBaseUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const isLocal = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  return (url.protocol === 'https:' || (url.protocol === 'http:' && isLocal)) && !url.username && !url.password && !url.search && !url.hash;
}

/** The company's setting for one work-chat provider as the console reads it; the secret is never returned. */
export const WorkChatSetting = z.object({
  provider: WorkChatProvider,
  isEnabled: z.boolean().describe('The directory sync of this provider may run'),
  isSignInEnabled: z.boolean().describe('People may sign in with this provider'),
  corpId: z.string().describe('WeCom corp id (corpid), Feishu app id (app_id), DingTalk corp id (corpId)'),
  appKey: z.string().describe('WeCom agent id (agentid), DingTalk app key (appkey, the OAuth client id); unused for Feishu'),
  hasSecret: z.boolean().describe('A secret is stored; it is never sent back'),
  baseUrl: z.string().describe("Empty: the provider's real hosts; else one address that serves them all"),
  roleMapping: RoleMapping,
  scheduleHours: z.number().int().describe('Hours between scheduled syncs; 0: on demand only'),
  nextSyncAt: z.number().int().nullable().describe('When the next scheduled sync is due; null when none is scheduled'),
  lastSyncAt: z.number().int().nullable(),
  lastReport: DirectorySyncReport.nullable(),
  lastError: z.string().nullable().describe("Why the last sync failed (the provider's message); null when it succeeded"),
  updatedAt: z.number().int().nullable(),
});
export type WorkChatSetting = z.infer<typeof WorkChatSetting>;

/** `GET /work-chat/setting` query. */
export const WorkChatSettingQuery = z.object({ provider: WorkChatProvider });

/** `PUT /work-chat/setting` body; an empty or absent secret keeps the stored one. */
export const UpdateWorkChatSettingBody = z
  .object({
    provider: WorkChatProvider,
    isEnabled: z.boolean(),
    isSignInEnabled: z.boolean().default(false),
    scheduleHours: DirectorySyncScheduleHours.default(0),
    corpId: z.string().trim().max(128).default(''),
    appKey: z.string().trim().max(128).default(''),
    secret: z.string().trim().max(512).optional().describe('Empty or absent: keep the stored secret'),
    baseUrl: z.union([z.literal(''), z.string().trim().max(TEXT_MAX).refine(isWorkChatBaseUrl, { message: 'An https:// address (http:// only on this machine)' })]).default(''),
    roleMapping: RoleMapping.default([]),
  })
  .strict();
export type UpdateWorkChatSettingBody = z.infer<typeof UpdateWorkChatSettingBody>;
export type UpdateWorkChatSettingInput = z.input<typeof UpdateWorkChatSettingBody>;

/** `POST /company/sync-work-wechat` body: the provider to sync, WeCom when absent. */
export const WorkChatSyncBody = z.object({ provider: WorkChatProvider.default('wecom') }).strict();
