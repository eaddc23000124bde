import type { CurrentUserInfo, MenuEntry } from '@atrium/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../shared/api/api';
import { sessionKeys } from '../../shared/session/session.api';

/**
 * Asks the server for the menu and the current user again after each navigation, so a role changed
 * by an administrator shows on the user's next click without signing in again: entries appear or
 * go, edit buttons follow the permissions, and a page no longer allowed turns into /no-access.
 * Quietly: a failed refresh keeps what is on screen (a lost session still goes to sign-in through
 * the API client). The first page uses what was just loaded, also when it was reached through `/`,
 * which only sends the user on to their first page.
 */
export function useMenuFollowsRole(pathname: string) {
  const queryClient = useQueryClient();
  const loadedFor = useRef(pathname);

  useEffect(() => {
    if (loadedFor.current === pathname) return;
    const isFirstPage = loadedFor.current === '/';
    loadedFor.current = pathname;
    if (isFirstPage) return;
    const controller = new AbortController();
    const refresh = <T,>(key: readonly string[], path: string) =>
      api
        .get<T>(path, { signal: controller.signal, notify: false })
        // The cache shares unchanged structure, so an unchanged answer re-renders nothing.
        .then((fresh) => queryClient.setQueryData(key, fresh))
        .catch(() => undefined);
    void refresh<MenuEntry[]>(sessionKeys.menu, '/user/getMenuList');
    void refresh<CurrentUserInfo>(sessionKeys.currentUser, '/user/getCurrentUserInfo');
    return () => controller.abort();
  }, [pathname, queryClient]);
}
