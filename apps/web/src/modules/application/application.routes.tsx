import type { PageRoute } from '../../shared/routing/page-route';

export const applicationRoutes: PageRoute[] = [
  {
    path: '/application',
    titleKey: 'menu.application',
    menuKey: 'application',
    keepAlive: false,
    load: () => import('./pages/application-page').then((m) => m.ApplicationPage),
  },
];
