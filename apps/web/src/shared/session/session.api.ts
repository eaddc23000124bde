import type { CurrentUserInfo, MenuEntry } from '@atrium/contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../api/api';
import { deploymentProfileQuery } from '../deployment/deployment.api';
import type { RequestOptions } from '../api/api-client';

export const sessionKeys = {
  all: ['session'] as const,
  currentUser: ['session', 'currentUser'] as const,
  menu: ['session', 'menu'] as const,
};

/** `GET /user/getCurrentUserInfo`: who is signed in (spec 000 section 7). */
export const fetchCurrentUser = (options: RequestOptions) => api.get<CurrentUserInfo>('/user/getCurrentUserInfo', options);

/** `GET /user/getMenuList`: the signed-in user's menu. */
export const fetchMenu = (options: RequestOptions) => api.get<MenuEntry[]>('/user/getMenuList', options);

/** Who is signed in, asked at start-up. */
export const currentUserQuery = queryOptions({
  queryKey: sessionKeys.currentUser,
  queryFn: ({ signal }) => fetchCurrentUser({ signal }),
  staleTime: Infinity,
});

/** The signed-in user's menu. */
export const menuQuery = queryOptions({
  queryKey: sessionKeys.menu,
  queryFn: ({ signal }) => fetchMenu({ signal }),
  staleTime: Infinity,
});

/**
 * Asks for the user and the menu at once, before the session gate is rendered (app/app.tsx). The gate
 * itself asks for the menu only once the user is known not to owe a password change; here it is asked
 * beside the user, quietly: refused (a password to change), it is dropped from the cache, and the gate
 * decides as it always does.
 */
export function prefetchSession(queryClient: QueryClient) {
  void queryClient.prefetchQuery(currentUserQuery);
  // The host's deployment profile: `/` waits for its home page, the header for its help link.
  void queryClient.prefetchQuery(deploymentProfileQuery);
  queryClient
    .fetchQuery({ ...menuQuery, queryFn: ({ signal }) => fetchMenu({ signal, notify: false }) })
    .catch(() => queryClient.removeQueries({ queryKey: sessionKeys.menu, exact: true }));
}
