import { STANDARD_DEPLOYMENT_PROFILE, type DeploymentLogoutResult, type DeploymentProfile, type LoginResult } from '@atrium/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api/api';

/** The installation's, not the session's: kept when the sign-in page clears the previous session's cache. */
export const DEPLOYMENT_PROFILE_KEY = ['deployment', 'profile'] as const;

/**
 * `GET /deployment/profile`: the host's deployment profile (docs/decisions/0021), asked once per page
 * load. A failure counts as the standard console, quietly: the profile only adjusts the shell.
 */
export const deploymentProfileQuery = queryOptions({
  queryKey: DEPLOYMENT_PROFILE_KEY,
  queryFn: ({ signal }) => api.get<DeploymentProfile>('/deployment/profile', { signal, notify: false }).catch(() => STANDARD_DEPLOYMENT_PROFILE),
  staleTime: Infinity,
  gcTime: Infinity,
});

/** The host's profile; the standard console until it has loaded. */
export function useDeploymentProfile(): { profile: DeploymentProfile; isLoaded: boolean } {
  const { data } = useQuery(deploymentProfileQuery);
  return { profile: data ?? STANDARD_DEPLOYMENT_PROFILE, isLoaded: data !== undefined };
}

/** `GET /beike/logout`: ends the session; answers the external sign-out page (`returnTo`, a console path, as its way back), or null for /login. */
export const signOutThroughProfile = (returnTo: string) => api.get<DeploymentLogoutResult>('/beike/logout', { query: { url: returnTo } });

/** `GET /beike/getToken`: the trusted reverse proxy signs the browser's user in; the page falls back to the form quietly. */
export const signInThroughProxy = () => api.get<LoginResult>('/beike/getToken', { notify: false });
