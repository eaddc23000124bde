import type { PageRoute } from '../../shared/routing/page-route';

export const messageLogRoutes: PageRoute[] = [
  {
    path: '/message-log',
    titleKey: 'menu.messageLog',
    menuKey: 'messageLog',
    keepAlive: true,
    load: () => import('./pages/message-log-page').then((m) => m.MessageLogPage),
  },
];
