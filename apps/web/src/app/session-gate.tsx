import { menuPaths } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useEffect, useMemo } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { LoginPageState } from '../modules/auth/pages/login-page';
import { ApiError } from '../shared/api/api-client';
import { buildMenu, flattenMenu } from '../shared/menu/menu-model';
import { preferencesStore, usePreferencesUserId } from '../shared/preferences/preferences-store';
import { SessionProvider, useSession, type Session } from '../shared/session/session-context';
import { currentUserQuery, menuQuery } from '../shared/session/session.api';
import { LoadingScreen } from '../shared/ui/loading-screen';
import { useDeploymentProfile } from '../shared/deployment/deployment.api';
import { defaultPagePath, hasShellPage } from './page-routes';
import { publicFaceOf } from '../shared/routing/public-faces';
import { useShellPages } from './shell-pages';

/** The public face of a lobby-screen address, loaded only by a visitor without a session. */
const PublicFacePage = lazy(() => import('./public-face-page').then((m) => ({ default: m.PublicFacePage })));

/**
 * The signed-in part of the console. Loads the user and the menu behind the loading screen; a
 * session that must change its password goes to the change form, a menu that fails to load to
 * /no-access (spec 000 section 6), no session to sign-in (the API client's 2001 reaction).
 */
export function SessionGate() {
  const user = useQuery(currentUserQuery);
  const mustChange = user.data?.mustChangePassword === true;
  const menu = useQuery({ ...menuQuery, enabled: user.isSuccess && !mustChange });
  const preferencesUserId = usePreferencesUserId();
  const userId = user.data?.id;
  const pages = useShellPages();
  const face = publicFaceOf(useLocation().pathname);

  useEffect(() => {
    if (userId !== undefined) preferencesStore.activate(userId);
  }, [userId]);

  const session = useMemo<Session | null>(() => {
    if (!user.data || !menu.data) return null;
    const menuNodes = buildMenu(menu.data, (path) => hasShellPage(path, pages));
    return { user: user.data, menu: menu.data, menuNodes, menuItems: flattenMenu(menuNodes), menuPaths: menuPaths(menu.data) };
  }, [user.data, menu.data, pages]);

  // The shell and the page are drawn in a background render that yields to the browser every few
  // milliseconds (a first render of the whole console would otherwise block a phone's main thread
  // for a third of a second, issue 19); the loading screen stays until it is done.
  const shownSession = useDeferredValue(session, null);

  if (user.isError) {
    // 2001: the API client is already on its way to the sign-in page, unless the page has a public face.
    const signingIn = user.error instanceof ApiError && user.error.kind === 'sign-in';
    if (signingIn && face) {
      return (
        <Suspense fallback={<LoadingScreen />}>
          <PublicFacePage face={face} />
        </Suspense>
      );
    }
    return signingIn ? <LoadingScreen /> : <Navigate to="/no-access" replace />;
  }
  if (mustChange) {
    const state: LoginPageState = { changePassword: true, passwordExpired: user.data!.passwordExpired, userName: user.data!.userName };
    return <Navigate to="/login" replace state={state} />;
  }
  if (menu.isError) return <Navigate to="/no-access" replace />;
  if (!shownSession || preferencesUserId !== shownSession.user.id) return <LoadingScreen />;
  return (
    <SessionProvider value={shownSession}>
      <Outlet />
    </SessionProvider>
  );
}

/** `/`: the user's default page, the deployment profile's home page first. */
export function DefaultRedirect() {
  const { menuPaths: paths } = useSession();
  const pages = useShellPages();
  const { profile, isLoaded } = useDeploymentProfile();
  if (!isLoaded) return <LoadingScreen />;
  return <Navigate to={defaultPagePath(paths, (path) => hasShellPage(path, pages), profile.homePage)} replace />;
}
