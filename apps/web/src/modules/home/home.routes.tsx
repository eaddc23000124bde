import type { PageRoute } from '../../shared/routing/page-route';

export const homeRoutes: PageRoute[] = [
  {
    path: '/index',
    titleKey: 'home.title',
    keepAlive: true,
    load: () => import('./pages/index-page').then((m) => m.IndexPage),
  },
];
