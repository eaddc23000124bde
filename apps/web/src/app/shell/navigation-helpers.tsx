import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { safeRedirect } from '../../shared/session/redirect';

/**
 * The spec's hidden helper routes (000 section 2), signed in and without a tab of their own.
 *
 * `/redirect/<path>` opens `/<path>`, its query and hash kept: a link or a bookmark can name a console page
 * through it, and a page is drawn afresh when the same address is opened through it. Only a page of this
 * console: anything else (`/redirect//host`, a sign-in page) opens the default page.
 */
export function RedirectPage() {
  const rest = useParams()['*'] ?? '';
  const { search, hash } = useLocation();
  return <Navigate to={safeRedirect(`/${rest}${search}${hash}`) ?? '/'} replace />;
}

/**
 * `/refresh?from=<path>` reloads the console's data (every query is fetched again) and returns to `from`,
 * or the default page: "refresh" without reloading the browser, the shell and its tabs kept.
 */
export function RefreshPage() {
  const queryClient = useQueryClient();
  const { search } = useLocation();
  useEffect(() => {
    void queryClient.invalidateQueries();
  }, [queryClient]);
  return <Navigate to={safeRedirect(new URLSearchParams(search).get('from')) ?? '/'} replace />;
}
