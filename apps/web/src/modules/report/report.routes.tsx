import type { PageRoute } from '../../shared/routing/page-route';

export const reportRoutes: PageRoute[] = [
  {
    path: '/report',
    titleKey: 'menu.report',
    menuKey: 'report',
    keepAlive: true,
    load: () => import('./pages/report-page').then((m) => m.ReportPage),
  },
];
