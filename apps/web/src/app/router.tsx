import { LAZY_PAGE_TIMEOUT_MS } from '@atrium/contract';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { authRoutes, LOGIN_PATH } from '../modules/auth/auth.routes';
import { padRoutes } from '../modules/pad/pad.routes';
import { deskPublicRoutes } from '../modules/desk/desk.routes';
import { directoryPublicRoutes } from '../modules/directory/directory.routes';
import { airPublicRoutes } from '../modules/air/air.routes';
import { livePublicRoutes } from '../modules/live/live.routes';
import { recoveryRoutes, registrationWizardRoutes } from '../modules/registration/registration.routes';
import { visitorPublicRoutes } from '../modules/visitor/visitor.routes';
import { signInLinkPublicRoutes } from '../modules/sign-in-link/sign-in-link.routes';
import { branchRoutes } from '../modules/branch/branch.routes';
import { loadOperatorLayout, operatorRoutes } from '../modules/operator/operator.routes';
import { loadPageTexts } from '../shared/i18n/i18n';
import type { PageRoute, RouteHandle } from '../shared/routing/page-route';
import { LoadingScreen } from '../shared/ui/loading-screen';
import { SHELL_PAGES } from './page-routes';
import { PageError } from './shell/page-error';
import { RootLayout } from './root-layout';
import { ShellPagesProvider } from './shell-pages';

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

/** A route whose component loads on first use: the signed-in part of the console, the registration wizard, the 404. */
function lazyComponent(load: () => Promise<ComponentType>) {
  return async () => ({ Component: await withTimeout(load(), LAZY_PAGE_TIMEOUT_MS) });
}

/**
 * Where a page shows. The sign-in pages and the door display need only the core texts, loaded before
 * the first paint; any other page loads the console's texts and its own with its code
 * (shared/i18n/text-domains.ts).
 */
type PageKind = 'core' | 'public' | 'shell';

/** A route whose component loads on first visit; shell pages carry their page in the handle for tabs. */
function lazyRoute(page: PageRoute, kind: PageKind): RouteObject {
  const handle: RouteHandle = kind === 'shell' ? { titleKey: page.titleKey, page } : { titleKey: page.titleKey };
  return {
    path: page.path,
    handle,
    lazy: async () => {
      const texts = kind === 'core' ? undefined : loadPageTexts(page.texts);
      const [Component] = await withTimeout(Promise.all([page.load(), texts]), LAZY_PAGE_TIMEOUT_MS);
      return { Component };
    },
    ErrorBoundary: PageError,
  };
}

/**
 * The signed-in shell (menu, header, tabs, search, notifications) and the console's texts load with
 * the first signed-in page, beside that page's code: the sign-in pages never fetch them (issue 19).
 */
async function loadShellLayout() {
  const [{ ShellLayout }] = await withTimeout(Promise.all([import('./shell/shell-layout'), loadPageTexts()]), LAZY_PAGE_TIMEOUT_MS);
  return { Component: ShellLayout };
}

/** The id of the route that holds every signed-in page (the session gate). */
export const SESSION_ROUTE_ID = 'session';

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
        ...authRoutes.filter((page) => page.path === LOGIN_PATH).map((page) => lazyRoute(page, 'core')),
        // The door display is plain markup too: a tablet on the wall runs no antd.
        ...padRoutes.map((page) => lazyRoute(page, 'core')),
        {
          // antd's theme and App context (toasts, confirmations) for every other page.
          lazy: lazyComponent(() => import('./app-context').then((m) => m.AppContextLayout)),
          children: [
            ...authRoutes.filter((page) => page.path !== LOGIN_PATH).map((page) => lazyRoute(page, 'core')),
            ...directoryPublicRoutes.map((page) => lazyRoute(page, 'public')),
            {
              lazy: lazyComponent(() => import('../modules/registration/registration-context').then((m) => m.RegistrationLayout)),
              children: registrationWizardRoutes.map((page) => lazyRoute(page, 'public')),
            },
            ...recoveryRoutes.map((page) => lazyRoute(page, 'public')),
            ...livePublicRoutes.map((page) => lazyRoute(page, 'public')),
            ...deskPublicRoutes.map((page) => lazyRoute(page, 'public')),
            ...airPublicRoutes.map((page) => lazyRoute(page, 'public')),
            ...visitorPublicRoutes.map((page) => lazyRoute(page, 'public')),
            // Pages whose address contains /single skip the session check (spec 000 section 2).
            ...signInLinkPublicRoutes.map((page) => lazyRoute(page, 'public')),
            // The operator area (decision 0021): its sign-in, and its console in a frame of its own.
            ...operatorRoutes.map((page) => lazyRoute(page, 'public')),
            { lazy: lazyComponent(loadOperatorLayout), children: branchRoutes.map((page) => lazyRoute(page, 'public')) },
            {
              // The session's code loads with the first signed-in address, not with the sign-in page.
              id: SESSION_ROUTE_ID,
              lazy: lazyComponent(() => import('./session-gate').then((m) => m.SessionGate)),
              children: [
                // The spec's hidden helpers: they open another page and have no tab of their own.
                { path: '/redirect/*', lazy: lazyComponent(() => import('./shell/navigation-helpers').then((m) => m.RedirectPage)) },
                { path: '/refresh', lazy: lazyComponent(() => import('./shell/navigation-helpers').then((m) => m.RefreshPage)) },
                {
                  lazy: loadShellLayout,
                  children: [
                    { index: true, lazy: lazyComponent(() => import('./session-gate').then((m) => m.DefaultRedirect)) },
                    ...pages.map((page) => lazyRoute(page, 'shell')),
                    { path: '*', lazy: lazyComponent(() => import('./shell/not-found-page').then((m) => m.NotFoundPage)), handle: notFound },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ];
}
