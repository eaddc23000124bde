import type { PageRoute } from '../../shared/routing/page-route';

export const groupRoutes: PageRoute[] = [
  {
    path: '/group',
    titleKey: 'menu.group',
    menuKey: 'group',
    keepAlive: true,
    load: () => import('./pages/group-page').then((m) => m.GroupPage),
  },
  {
    path: '/group-detail/:id',
    titleKey: 'group.detail.title',
    menuKey: 'group',
    load: () => import('./pages/group-detail-page').then((m) => m.GroupDetailPage),
  },
];
