import type { PageRoute } from '../../shared/routing/page-route';

export const frontendLogRoutes: PageRoute[] = [
  {
    path: '/log',
    titleKey: 'menu.frontendLog',
    menuKey: 'frontendLog',
    keepAlive: true,
    load: () => import('./pages/frontend-log-page').then((m) => m.FrontendLogPage),
  },
];
