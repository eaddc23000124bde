import { LAZY_PAGE_TIMEOUT_MS } from '@atrium/contract';
import type { RouteObject } from 'react-router';
import { authRoutes } from '../modules/auth/auth.routes';
import { padRoutes } from '../modules/pad/pad.routes';
import { directoryPublicRoutes } from '../modules/directory/directory.routes';
import { livePublicRoutes } from '../modules/live/live.routes';
import { RegistrationLayout } from '../modules/registration/registration-context';
import { recoveryRoutes, registrationWizardRoutes } from '../modules/registration/registration.routes';
import type { PageRoute, RouteHandle } from '../shared/routing/page-route';
import { LoadingScreen } from '../shared/ui/loading-screen';
import { SHELL_PAGES } from './page-routes';
import { DefaultRedirect, SessionGate } from './session-gate';
import { NotFoundPage } from './shell/not-found-page';
import { PageError } from './shell/page-error';
import { RootLayout } from './root-layout';
import { ShellPagesProvider } from './shell-pages';
import { ShellLayout } from './shell/shell-layout';

/** Rejects when a page's code takes longer than the spec's lazy-load time-out (a chunk load error). */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Chunk load timed out')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** A route whose component loads on first visit; shell pages carry their page in the handle for tabs. */
function lazyRoute(page: PageRoute, inShell: boolean): RouteObject {
  const handle: RouteHandle = inShell ? { titleKey: page.titleKey, page } : { titleKey: page.titleKey };
  return {
    path: page.path,
    handle,
    lazy: async () => ({ Component: await withTimeout(page.load(), LAZY_PAGE_TIMEOUT_MS) }),
    ErrorBoundary: PageError,
  };
}

/** The console's routes: public pages, then the signed-in shell with its pages and the 404. */
export function appRoutes(pages: readonly PageRoute[] = SHELL_PAGES): RouteObject[] {
  const notFound: RouteHandle = { titleKey: 'shell.notFound.title' };
  return [
    {
      element: (
        <ShellPagesProvider value={pages}>
          <RootLayout />
        </ShellPagesProvider>
      ),
      HydrateFallback: LoadingScreen,
      ErrorBoundary: PageError,
      children: [
        ...authRoutes.map((page) => lazyRoute(page, false)),
        ...directoryPublicRoutes.map((page) => lazyRoute(page, false)),
        { element: <RegistrationLayout />, children: registrationWizardRoutes.map((page) => lazyRoute(page, false)) },
        ...recoveryRoutes.map((page) => lazyRoute(page, false)),
        ...livePublicRoutes.map((page) => lazyRoute(page, false)),
        ...padRoutes.map((page) => lazyRoute(page, false)),
        {
          element: <SessionGate />,
          children: [
            {
              element: <ShellLayout />,
              children: [
                { index: true, element: <DefaultRedirect /> },
                ...pages.map((page) => lazyRoute(page, true)),
                { path: '*', element: <NotFoundPage />, handle: notFound },
              ],
            },
          ],
        },
      ],
    },
  ];
}
