import type { PageRoute } from '../../shared/routing/page-route';

export const blacklistRoutes: PageRoute[] = [
  {
    path: '/booker-blacklist',
    titleKey: 'menu.bookerBlacklist',
    menuKey: 'bookerBlacklist',
    keepAlive: true,
    load: () => import('./pages/blacklist-page').then((m) => m.BlacklistPage),
  },
];
