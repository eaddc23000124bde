import type { PageRoute } from '../../shared/routing/page-route';

export const doorDisplayRoutes: PageRoute[] = [
  {
    path: '/door-displays',
    titleKey: 'menu.doorDisplays',
    menuKey: 'doorDisplays',
    keepAlive: true,
    texts: ['door-display'],
    load: () => import('./pages/door-displays-page').then((m) => m.DoorDisplaysPage),
  },
];
