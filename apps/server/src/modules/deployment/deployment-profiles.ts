import { z } from 'zod';
import { DEPLOYMENT_HIDDEN_ENTRIES, DEPLOYMENT_HOME_PAGES, DEPLOYMENT_SIGN_IN_PAGES } from '@atrium/contract';

/**
 * The DEPLOYMENT_PROFILES file (docs/decisions/0021, "Deployment profiles"), checked at start-up by
 * config.ts. The server's own setting, so its schema stays here rather than in the console's bundle;
 * what the console is told is `DeploymentProfile` of the contract.
 */

const HttpUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => /^https?:\/\/[^/\s]+/.test(value) && URL.canParse(value), { message: 'expected an http(s):// address' });

/** A help link for some users: those named, or members of the departments named. */
export const DeploymentHelpRule = z
  .object({
    url: HttpUrl,
    userIds: z.array(z.number().int().positive()).max(1000).default([]),
    departmentIds: z.array(z.number().int().positive()).max(1000).default([]),
  })
  .strict();
export type DeploymentHelpRule = z.infer<typeof DeploymentHelpRule>;

/** The help link in the header: the first rule that names the user, else `url`. */
export const DeploymentHelp = z
  .object({ url: HttpUrl, rules: z.array(DeploymentHelpRule).max(100).default([]) })
  .strict();
export type DeploymentHelp = z.infer<typeof DeploymentHelp>;

/** Host names: exact (`rooms.example.com`), or every subdomain of a name when it starts with a dot (`.example.com`). */
const HostPattern = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^\.?[a-z0-9-]+(\.[a-z0-9-]+)*$/, { message: 'expected a host name, or .domain for its subdomains' });

/** Sign-in through the trusted reverse proxy (`GET /beike/getToken`): the proxy names the user in a header and proves itself with a shared secret. */
export const DeploymentProxySignIn = z
  .object({
    /** The company whose user the header names. */
    companyId: z.number().int().positive(),
    /** The header carrying the user name (or e-mail). */
    userHeader: z.string().trim().toLowerCase().regex(/^[a-z0-9-]+$/).default('x-remote-user'),
    /** The header carrying the shared secret. */
    secretHeader: z.string().trim().toLowerCase().regex(/^[a-z0-9-]+$/).default('x-proxy-secret'),
    /** The shared secret, at least 32 characters; never answered, never logged. */
    secret: z.string().min(32, { message: 'the shared secret must have at least 32 characters' }).max(512),
  })
  .strict();
export type DeploymentProxySignIn = z.infer<typeof DeploymentProxySignIn>;

/** One profile as the file states it. */
export const DeploymentProfileSetting = z
  .object({
    name: z.string().trim().min(1).max(64),
    /** Hosts this profile serves; empty on the default profile. */
    hosts: z.array(HostPattern).max(100).default([]),
    homePage: z.enum(DEPLOYMENT_HOME_PAGES).default('/reserve'),
    signInPage: z.enum(DEPLOYMENT_SIGN_IN_PAGES).default('form'),
    /** With signInPage `sso`: the company domain whose single sign-on /login opens. */
    ssoDomain: z.string().trim().toLowerCase().max(253).optional(),
    /** Where the browser goes after sign-out (an external page, e.g. the proxy's own sign-out); unset: /login. */
    signOutUrl: HttpUrl.optional(),
    /** The query parameter of signOutUrl that carries the address to come back to (`/beike/logout?url=`). */
    signOutReturnParameter: z.string().trim().regex(/^[A-Za-z0-9_.-]{1,64}$/).optional(),
    hiddenEntries: z.array(z.enum(DEPLOYMENT_HIDDEN_ENTRIES)).max(DEPLOYMENT_HIDDEN_ENTRIES.length).default([]),
    help: DeploymentHelp.optional(),
    showUserCode: z.boolean().default(false),
    proxySignIn: DeploymentProxySignIn.optional(),
  })
  .strict()
  .refine((profile) => profile.signInPage !== 'sso' || Boolean(profile.ssoDomain), { message: 'signInPage "sso" needs ssoDomain', path: ['ssoDomain'] })
  .refine((profile) => profile.signInPage !== 'proxy' || Boolean(profile.proxySignIn), { message: 'signInPage "proxy" needs proxySignIn', path: ['proxySignIn'] })
  .refine((profile) => !profile.signOutReturnParameter || Boolean(profile.signOutUrl), { message: 'signOutReturnParameter needs signOutUrl', path: ['signOutReturnParameter'] });
export type DeploymentProfileSetting = z.infer<typeof DeploymentProfileSetting>;

/** The DEPLOYMENT_PROFILES file: host-matched profiles and, optionally, the profile of every other host. */
export const DeploymentProfilesFile = z
  .object({
    profiles: z.array(DeploymentProfileSetting).max(100).default([]),
    default: DeploymentProfileSetting.optional(),
  })
  .strict()
  .refine((file) => file.profiles.every((profile) => profile.hosts.length > 0), { message: 'every profile of "profiles" needs at least one host', path: ['profiles'] })
  .refine((file) => (file.default?.hosts.length ?? 0) === 0, { message: 'the default profile serves every other host: leave its hosts out', path: ['default', 'hosts'] })
  .refine((file) => new Set(file.profiles.flatMap((profile) => profile.hosts)).size === file.profiles.flatMap((profile) => profile.hosts).length, { message: 'a host is named by two profiles', path: ['profiles'] });
export type DeploymentProfilesFile = z.infer<typeof DeploymentProfilesFile>;

