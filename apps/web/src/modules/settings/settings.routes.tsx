import type { PageRoute } from '../../shared/routing/page-route';

export const settingsRoutes: PageRoute[] = [
  {
    path: '/global',
    titleKey: 'menu.global',
    menuKey: 'global',
    keepAlive: true,
    load: () => import('./pages/global-page').then((m) => m.GlobalPage),
  },
];
