import type { PageRoute } from '../../shared/routing/page-route';

export const mailRoutes: PageRoute[] = [
  {
    path: '/mail-outbox',
    titleKey: 'menu.mailOutbox',
    menuKey: 'mailOutbox',
    keepAlive: true,
    load: () => import('./pages/mail-outbox-page').then((m) => m.MailOutboxPage),
  },
];
