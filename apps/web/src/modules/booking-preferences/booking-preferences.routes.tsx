import type { PageRoute } from '../../shared/routing/page-route';

export const bookingPreferencesRoutes: PageRoute[] = [
  {
    path: '/booker-preferences',
    titleKey: 'menu.bookerPreferences',
    menuKey: 'bookerPreferences',
    keepAlive: true,
    load: () => import('./pages/booking-preferences-page').then((m) => m.BookingPreferencesPage),
  },
];
