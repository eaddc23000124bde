import type { PageRoute } from '../../shared/routing/page-route';

/** The accounts page for calendar services (spec 000 section 2, /account; decision 0023). */
export const calendarSyncRoutes: PageRoute[] = [
  {
    path: '/account',
    titleKey: 'menu.account',
    menuKey: 'account',
    keepAlive: true,
    texts: ['calendar-sync'],
    load: () => import('./pages/account-page').then((m) => m.AccountPage),
  },
];
