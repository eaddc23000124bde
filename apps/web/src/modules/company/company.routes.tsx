import type { PageRoute } from '../../shared/routing/page-route';

export const companyRoutes: PageRoute[] = [
  {
    path: '/company',
    titleKey: 'menu.company',
    menuKey: 'company',
    keepAlive: true,
    load: () => import('./pages/company-page').then((m) => m.CompanyPage),
  },
];
