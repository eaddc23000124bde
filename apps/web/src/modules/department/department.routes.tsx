import type { PageRoute } from '../../shared/routing/page-route';

export const departmentRoutes: PageRoute[] = [
  {
    path: '/group',
    titleKey: 'menu.group',
    menuKey: 'group',
    keepAlive: true,
    load: () => import('./pages/department-page').then((m) => m.DepartmentPage),
  },
  {
    path: '/group-detail/:id',
    titleKey: 'department.detail.title',
    menuKey: 'group',
    load: () => import('./pages/department-detail-page').then((m) => m.DepartmentDetailPage),
  },
];
