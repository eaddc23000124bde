import type { PageRoute } from '../../shared/routing/page-route';

export const locationRoutes: PageRoute[] = [
  {
    path: '/meeting',
    titleKey: 'menu.meeting',
    menuKey: 'meeting',
    keepAlive: true,
    load: () => import('./pages/meeting-page').then((m) => m.MeetingPage),
  },
];
