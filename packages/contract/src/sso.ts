import { z } from 'zod';
import { CompanyDomain } from './company.js';
import { TEXT_MAX } from './limits.js';
import { PageQuery, pageOf } from './paging.js';
import { UserEmail, UserName } from './directory.js';
import { WorkChatProvider } from './directory-sync.js';

/** Who signs in by single sign-on: every member but the exceptions, or only the listed members. */
export const SsoScope = z.enum(['all', 'part']);
export type SsoScope = z.infer<typeof SsoScope>;

/** The two lists of a company: members (applies with scope `part`) and exceptions (with scope `all`). */
export const SsoMemberKind = z.enum(['member', 'exception']);
export type SsoMemberKind = z.infer<typeof SsoMemberKind>;

/** Claims commonly holding the user name; any other claim name may be typed. */
export const SSO_CLAIM_SUGGESTIONS = ['email', 'preferred_username', 'upn', 'sub'] as const;
export const SSO_DEFAULT_CLAIM = 'email';
/** A claim name: letters, digits and _ . : -, as providers name them. */
export const SSO_CLAIM_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;
/** The ID token claim holding the user name. */
export const SsoClaim = z.string().trim().regex(SSO_CLAIM_PATTERN, 'A claim name: letters, digits and _ . : -');
/** How long a started sign-in may take at the provider, in minutes. */
export const SSO_LOGIN_MINUTES = 10;
/** How long the link of the single sign-on notice works, in hours. */
export const SSO_MAIL_LINK_HOURS = 72;

/**
 * The issuer: an https URL, or http on this machine (127.0.0.1, localhost) for a provider under test.
 * Compared exactly with the `issuer` of the provider's discovery document, so no trailing slash is added.
 */
export const SsoIssuer = z
  .string()
  .trim()
  .max(TEXT_MAX)
  .refine((value) => isAcceptedIssuer(value), { message: 'An https:// address of the OpenID provider' });

/** The issuer field of the setting form: an issuer, or empty while SSO is off. */
export const SsoIssuerField = z.union([SsoIssuer, z.literal('')]);

export function isAcceptedIssuer(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.search || url.hash || url.username || url.password) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
}

export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

/** The company's single sign-on setting as the console reads it; the client secret is never returned. */
export const SsoSetting = z.object({
  isEnabled: z.boolean(),
  issuer: z.string(),
  clientId: z.string(),
  hasSecret: z.boolean().describe('A client secret is stored; it is never sent back'),
  userNameClaim: z.string().describe('ID token claim holding the user name or e-mail'),
  scope: SsoScope,
  redirectUri: z.string().describe('The address to register at the provider as redirect URI'),
  updatedAt: z.number().int().nullable(),
});
export type SsoSetting = z.infer<typeof SsoSetting>;

/** `PUT /sso/setting` body. An empty or absent secret keeps the stored one. */
export const UpdateSsoSettingBody = z
  .object({
    isEnabled: z.boolean(),
    issuer: SsoIssuerField.default(''),
    clientId: z.string().trim().max(TEXT_MAX).default(''),
    clientSecret: z.string().trim().max(1024).optional().describe('Empty or absent: keep the stored secret'),
    userNameClaim: SsoClaim.default(SSO_DEFAULT_CLAIM),
    scope: SsoScope.default('all'),
  })
  .strict();
export type UpdateSsoSettingBody = z.infer<typeof UpdateSsoSettingBody>;
export type UpdateSsoSettingInput = z.input<typeof UpdateSsoSettingBody>;

/** One user on a list of the setting. */
export const SsoMember = z.object({
  userId: z.number().int(),
  userName: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  department: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  kind: SsoMemberKind,
  isActive: z.boolean(),
  isSso: z.boolean().describe('Has signed in by single sign-on or was created for it'),
});
export type SsoMember = z.infer<typeof SsoMember>;

/** `GET /sso/members` query. */
export const SsoMemberListQuery = PageQuery.extend({
  kind: SsoMemberKind,
  keyword: z.string().trim().max(TEXT_MAX).optional(),
});
export type SsoMemberListQuery = z.infer<typeof SsoMemberListQuery>;
export const SsoMemberPage = pageOf(SsoMember);

/** `GET /sso/candidates` query: company users by name, for the member and exception pickers. */
export const SsoCandidateQuery = PageQuery.extend({ keyword: z.string().trim().max(TEXT_MAX).optional() });
export type SsoCandidateQuery = z.infer<typeof SsoCandidateQuery>;

/** A company user as the pickers show them, with the lists they are on. */
export const SsoCandidate = SsoMember.omit({ kind: true }).extend({ isMember: z.boolean(), isException: z.boolean() });
export type SsoCandidate = z.infer<typeof SsoCandidate>;
export const SsoCandidatePage = pageOf(SsoCandidate);

const UserIds = z.array(z.coerce.number().int().positive()).min(1).max(500);

/** `POST /sso/members` and `DELETE /sso/members` body. */
export const SsoMembersBody = z.object({ userIds: UserIds, kind: SsoMemberKind });
export type SsoMembersBody = z.infer<typeof SsoMembersBody>;

/** `POST /sso/check` body: the issuer to try. */
export const SsoCheckBody = z.object({ issuer: SsoIssuer });

/** What the provider's discovery document says, or why it could not be read. */
export const SsoCheckResult = z.object({
  isReachable: z.boolean(),
  issuer: z.string(),
  authorizationEndpoint: z.string().nullable(),
  tokenEndpoint: z.string().nullable(),
  jwksUri: z.string().nullable(),
  scopesSupported: z.array(z.string()),
  claimsSupported: z.array(z.string()),
  error: z.string().nullable().describe('Why the document could not be used'),
});
export type SsoCheckResult = z.infer<typeof SsoCheckResult>;

/** Which company a public sign-in is for: a member's work e-mail or the company domain. */
export const SsoLoginQuery = z
  .object({
    email: UserEmail.optional(),
    domain: CompanyDomain.optional(),
    redirect: z.string().trim().max(TEXT_MAX).optional().describe('Console path to open after sign-in (same site only)'),
  })
  .refine((query) => Boolean(query.email) !== Boolean(query.domain), { message: 'Give either email or domain' });
export type SsoLoginQuery = z.infer<typeof SsoLoginQuery>;

export const SsoLoginUrl = z.object({ url: z.string().describe("The provider's authorization address to open") });

/** Error codes `/login-sso?error=` shows (translated by the console). */
export const SSO_LOGIN_ERRORS = ['stateInvalid', 'providerRefused', 'userUnknown', 'userInactive', 'notCovered', 'ssoUnavailable', 'linkInvalid'] as const;
export type SsoLoginError = (typeof SSO_LOGIN_ERRORS)[number];

/** `GET /oauth/callback` query, as the provider sends it; checked by openid-client. */
export const SsoCallbackQuery = z.object({
  state: z.string().max(512).optional(),
  code: z.string().max(4096).optional(),
  error: z.string().max(TEXT_MAX).optional(),
  error_description: z.string().max(1024).optional(),
  iss: z.string().max(TEXT_MAX).optional(),
});

/** `GET /oauth/ssoAuthActivate` query: the token of the notice mail's link. */
export const SsoActivateQuery = z.object({ token: z.string().trim().max(128).optional() });

/** `GET /oauth/sendOauthMail` query: comma-separated user ids. */
export const SendSsoMailQuery = z.object({
  userIds: z
    .string()
    .trim()
    .regex(/^\d+(,\d+)*$/, 'Comma-separated user ids')
    .transform((value) => [...new Set(value.split(',').map(Number))])
    .pipe(z.array(z.number().int().positive()).min(1).max(500)),
});

/** Who got the notice: mailed users, and those skipped because SSO does not cover them or they have no e-mail. */
export const SendSsoMailResult = z.object({ sent: z.array(z.number().int()), skipped: z.array(z.number().int()) });
export type SendSsoMailResult = z.infer<typeof SendSsoMailResult>;

/** `POST /user/addSSOUser` body: a user who signs in by single sign-on only. */
export const AddSsoUserBody = z.object({
  userName: UserName,
  email: UserEmail,
  fullName: z.string().trim().min(1).max(128),
  departmentId: z.coerce.number().int().positive().nullish().transform((value) => value ?? null),
  roleId: z.coerce.number().int().positive().optional().describe("Absent: the company's default role"),
});
export type AddSsoUserBody = z.infer<typeof AddSsoUserBody>;

/**
 * `GET /googleOauth/getUserInfoByToken` (spec 000 section 7): the signed-in user as the Google sign-in
 * knows them: who the session (the `token` header or cookie) names, and the company's provider.
 */
export const GoogleUserInfo = z.object({
  id: z.number().int(),
  userName: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  /** Whether the user has signed in through the company's provider. */
  isSso: z.boolean(),
  /** The company's OpenID issuer when single sign-on is on, else null. */
  issuer: z.string().nullable(),
  /** Whether that issuer is Google, so `POST /googleOauth/oAuth2Login` works for the company. */
  isGoogle: z.boolean(),
});
export type GoogleUserInfo = z.infer<typeof GoogleUserInfo>;

/** Why linking an account on /auth-add failed (`/auth-add?error=`). */
export const SSO_LINK_ERRORS = ['stateInvalid', 'providerRefused', 'ssoUnavailable', 'userInactive', 'identityTaken'] as const;
export type SsoLinkError = (typeof SSO_LINK_ERRORS)[number];

/** `GET /oauth/identities`: the caller's accounts at the company's provider, linked on /auth-add. */
export const LinkedIdentity = z.object({
  issuer: z.string(),
  /** The e-mail the provider gave when linked, if any. */
  email: z.string().nullable(),
  linkedAt: z.number().int(),
});
export type LinkedIdentity = z.infer<typeof LinkedIdentity>;

export const LinkedIdentities = z.object({
  /** The company's provider while single sign-on is on (null: nothing can be linked now). */
  issuer: z.string().nullable(),
  list: z.array(LinkedIdentity),
});
export type LinkedIdentities = z.infer<typeof LinkedIdentities>;

/** `DELETE /oauth/identities`: unlink the caller's account at this issuer. */
export const UnlinkIdentityBody = z.object({ issuer: z.string().trim().min(1).max(TEXT_MAX) });
export type UnlinkIdentityBody = z.infer<typeof UnlinkIdentityBody>;

/** `GET /oauth/work-chat/providers` query: the company the login page names by its domain. */
export const WorkChatProvidersQuery = z.object({ domain: CompanyDomain });
/** The work-chat providers a company offers sign-in with (decision 0024). */
export const WorkChatProviders = z.object({ providers: z.array(WorkChatProvider) });
export type WorkChatProviders = z.infer<typeof WorkChatProviders>;

/** `GET /oauth/work-chat/login` query: a sign-in through the company's WeCom, Feishu or DingTalk app. */
export const WorkChatLoginQuery = z.object({
  provider: WorkChatProvider,
  domain: CompanyDomain,
  redirect: z.string().trim().max(TEXT_MAX).optional().describe('Console path to open after sign-in (same site only)'),
});
export type WorkChatLoginQuery = z.infer<typeof WorkChatLoginQuery>;

/** `GET /oauth/feiShuAuth` query: the Feishu sign-in of the company named by its domain. */
export const FeishuAuthQuery = WorkChatLoginQuery.omit({ provider: true });

/** `GET /oauth/work-chat/callback/{provider}` query, as each provider sends it (DingTalk names the code `authCode`). */
export const WorkChatCallbackQuery = z.object({
  state: z.string().max(512).optional(),
  code: z.string().max(1024).optional(),
  authCode: z.string().max(1024).optional(),
  error: z.string().max(TEXT_MAX).optional(),
});
export const WorkChatCallbackParams = z.object({ provider: WorkChatProvider });

/** The start-up call's kinds of code: an app opened inside WeCom (1), Feishu (2) or DingTalk (3) got it from the app's JS API. */
export const WORK_CHAT_AUTH_TYPES = { 1: 'wecom', 2: 'feishu', 3: 'dingtalk' } as const;

/**
 * `POST /oauth/work-chat/auth-code` body: the console opened with `?corpId=` inside a work-chat app
 * (spec 000 section 7: "authCode, authType (3), companyDomain and phone") signs in with the code the
 * app's JS API gave. `phone` is accepted and not used: only the provider says who the person is.
 */
export const WorkChatAuthCodeBody = z
  .object({
    authCode: z.string().trim().min(1).max(1024),
    authType: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(3),
    companyDomain: CompanyDomain,
    corpId: z.string().trim().max(128).optional().describe("The corp id the app was opened with; when given it must be the company's"),
    phone: z.string().trim().max(32).optional(),
  })
  .strict();
export type WorkChatAuthCodeBody = z.infer<typeof WorkChatAuthCodeBody>;
