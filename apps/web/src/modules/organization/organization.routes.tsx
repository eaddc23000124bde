import type { PageRoute } from '../../shared/routing/page-route';

export const organizationRoutes: PageRoute[] = [
  {
    path: '/organizational-members',
    titleKey: 'menu.organizationalMembers',
    menuKey: 'organizationalMembers',
    keepAlive: true,
    load: () => import('./pages/organization-members-page').then((m) => m.OrganizationMembersPage),
  },
  {
    path: '/organizational-role',
    titleKey: 'menu.organizationalRole',
    menuKey: 'organizationalRole',
    keepAlive: true,
    load: () => import('./pages/organization-role-page').then((m) => m.OrganizationRolePage),
  },
];
