import type { PageRoute } from '../../shared/routing/page-route';

export const managerRoutes: PageRoute[] = [
  {
    path: '/manager',
    titleKey: 'menu.manager',
    menuKey: 'manager',
    keepAlive: true,
    load: () => import('./pages/manager-page').then((m) => m.ManagerPage),
  },
];
