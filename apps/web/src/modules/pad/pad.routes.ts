import type { PageRoute } from '../../shared/routing/page-route';

/** The door display page: public (the display proves itself with its device token), outside the shell. */
export const padRoutes: PageRoute[] = [
  {
    path: '/pad',
    titleKey: 'pad.title',
    load: () => import('./pages/pad-page').then((m) => m.PadPage),
  },
];

/** The page a room's QR code opens: signed in, always allowed, not in the menu. */
export const checkInRoutes: PageRoute[] = [
  {
    path: '/check-in',
    titleKey: 'pad.qr.title',
    load: () => import('./pages/check-in-page').then((m) => m.CheckInPage),
  },
];
