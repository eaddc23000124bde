import type { PageRoute } from '../../shared/routing/page-route';

export const roleRoutes: PageRoute[] = [
  {
    path: '/role',
    titleKey: 'menu.role',
    menuKey: 'role',
    keepAlive: true,
    load: () => import('./pages/role-page').then((m) => m.RolePage),
  },
  {
    path: '/role-detail/:id/:tab',
    // One tab per role: switching between members and permissions keeps the same console tab.
    tabPath: '/role-detail/:id',
    titleKey: 'role.detail.title',
    keepAlive: true,
    load: () => import('./pages/role-detail-page').then((m) => m.RoleDetailPage),
  },
];
