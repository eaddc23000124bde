import type { PageRoute } from '../../shared/routing/page-route';

/** Where a link that cannot sign in sends the phone. */
export const SINGLE_ERROR_PATH = '/single-error';

/** The public pages of sign-in by link (spec 000 section 2): they skip the session check. */
export const signInLinkPublicRoutes: PageRoute[] = [
  { path: '/single/:token', titleKey: 'sign-in-link.single.title', load: () => import('./pages/single-page').then((m) => m.SinglePage) },
  { path: SINGLE_ERROR_PATH, titleKey: 'sign-in-link.error.title', load: () => import('./pages/single-error-page').then((m) => m.SingleErrorPage) },
];
