import type { PageRoute } from '../../shared/routing/page-route';

export const operationLogRoutes: PageRoute[] = [
  {
    path: '/operation-log',
    titleKey: 'menu.operationLog',
    menuKey: 'operationLog',
    keepAlive: true,
    texts: ['operation-log'],
    load: () => import('./pages/operation-log-page').then((m) => m.OperationLogPage),
  },
];
