import type { PageRoute } from '../../shared/routing/page-route';

export const bookingRoutes: PageRoute[] = [
  {
    path: '/reserve',
    titleKey: 'menu.reserve',
    menuKey: 'reserve',
    keepAlive: true,
    load: () => import('./pages/booking-page').then((m) => m.BookingPage),
  },
];
