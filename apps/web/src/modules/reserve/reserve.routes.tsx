import type { PageRoute } from '../../shared/routing/page-route';

export const reserveRoutes: PageRoute[] = [
  {
    path: '/reserve',
    titleKey: 'menu.reserve',
    menuKey: 'reserve',
    keepAlive: true,
    load: () => import('./pages/reserve-page').then((m) => m.ReservePage),
  },
];
