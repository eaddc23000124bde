import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { RequestOptions } from '../../shared/api/api-client';
import { fetchCurrentUser, fetchMenu, sessionKeys } from '../../shared/session/session.api';

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
    const refresh = <T,>(key: readonly string[], fetch: (options: RequestOptions) => Promise<T>) =>
      fetch({ signal: controller.signal, notify: false })
        // The cache shares unchanged structure, so an unchanged answer re-renders nothing.
        .then((fresh) => queryClient.setQueryData(key, fresh))
        .catch(() => undefined);
    void refresh(sessionKeys.menu, fetchMenu);
    void refresh(sessionKeys.currentUser, fetchCurrentUser);
    return () => controller.abort();
  }, [pathname, queryClient]);
}
