import { z } from 'zod';

/**
 * Deployment profiles (issue 23, spec 000 sections 1, 2 and 7): what the spec calls the variant
 * deployment, as configuration. An installation's DEPLOYMENT_PROFILES file names profiles chosen by
 * the request's host name; without the file every host gets the standard console.
 */

/** Pages a profile may open on at `/` (spec 000 section 2). */
export const DEPLOYMENT_HOME_PAGES = ['/reserve', '/roomBoard'] as const;
export type DeploymentHomePage = (typeof DEPLOYMENT_HOME_PAGES)[number];

/** How /login signs in: the password form, the company's single sign-on, or the trusted reverse proxy. */
export const DEPLOYMENT_SIGN_IN_PAGES = ['form', 'sso', 'proxy'] as const;
export type DeploymentSignInPage = (typeof DEPLOYMENT_SIGN_IN_PAGES)[number];

/** Console entries a profile may hide. */
export const DEPLOYMENT_HIDDEN_ENTRIES = ['myAccount'] as const;
export type DeploymentHiddenEntry = (typeof DEPLOYMENT_HIDDEN_ENTRIES)[number];

/** `GET /deployment/profile`: what the console needs of the host's profile; no secrets. */
export const DeploymentProfile = z.object({
  name: z.string().describe('The profile\'s name; "standard" without a profile file'),
  homePage: z.enum(DEPLOYMENT_HOME_PAGES),
  signInPage: z.enum(DEPLOYMENT_SIGN_IN_PAGES),
  ssoDomain: z.string().nullable(),
  hiddenEntries: z.array(z.enum(DEPLOYMENT_HIDDEN_ENTRIES)),
  help: z.object({ url: z.string(), rules: z.array(z.object({ url: z.string(), userIds: z.array(z.number()), departmentIds: z.array(z.number()) })) }).nullable(),
  showUserCode: z.boolean(),
  hasExternalSignOut: z.boolean().describe('Sign-out goes through `GET /beike/logout`, which answers the external page to open'),
});
export type DeploymentProfile = z.infer<typeof DeploymentProfile>;

/** The console of an installation without profiles: today's behaviour. */
export const STANDARD_DEPLOYMENT_PROFILE: DeploymentProfile = {
  name: 'standard',
  homePage: '/reserve',
  signInPage: 'form',
  ssoDomain: null,
  hiddenEntries: [],
  help: null,
  showUserCode: false,
  hasExternalSignOut: false,
};

/** `GET /beike/logout` query: the address the external sign-out page should send the browser back to. */
export const DeploymentLogoutQuery = z.object({
  url: z.string().trim().max(2000).optional().describe('Address to come back to after the external sign-out (same site only)'),
});
export type DeploymentLogoutQuery = z.infer<typeof DeploymentLogoutQuery>;

/** `GET /beike/logout` answer: where the browser goes now; null means the console's own /login. */
export const DeploymentLogoutResult = z.object({ url: z.string().nullable() });
export type DeploymentLogoutResult = z.infer<typeof DeploymentLogoutResult>;

/** The help link a user sees: the first rule naming the user or the user's department, else the profile's. */
export function helpUrlFor(help: DeploymentProfile['help'], user: { id: number; departmentId: number | null }): string | null {
  if (!help) return null;
  const rule = help.rules.find((candidate) => candidate.userIds.includes(user.id) || (user.departmentId !== null && candidate.departmentIds.includes(user.departmentId)));
  return rule?.url ?? help.url;
}
