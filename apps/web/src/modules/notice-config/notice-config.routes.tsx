import type { PageRoute } from '../../shared/routing/page-route';

export const noticeConfigRoutes: PageRoute[] = [
  {
    path: '/message-remind',
    titleKey: 'menu.messageRemind',
    menuKey: 'messageRemind',
    keepAlive: true,
    load: () => import('./pages/notice-config-page').then((m) => m.NoticeConfigPage),
  },
];
