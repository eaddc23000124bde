import type { PageRoute } from '../../shared/routing/page-route';

export const broadcastRoutes: PageRoute[] = [
  {
    path: '/broadcast',
    titleKey: 'menu.broadcast',
    menuKey: 'broadcast',
    keepAlive: true,
    load: () => import('./pages/broadcast-page').then((m) => m.BroadcastPage),
  },
];
