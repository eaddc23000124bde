import type { PageRoute } from '../../shared/routing/page-route';

export const messageRemindRoutes: PageRoute[] = [
  {
    path: '/message-remind',
    titleKey: 'menu.messageRemind',
    menuKey: 'messageRemind',
    keepAlive: true,
    load: () => import('./pages/message-remind-page').then((m) => m.MessageRemindPage),
  },
];
