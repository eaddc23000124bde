import type { PageRoute } from '../../shared/routing/page-route';

export const displayInfoRoutes: PageRoute[] = [
  {
    path: '/display-settings',
    titleKey: 'menu.displaySettings',
    menuKey: 'displaySettings',
    keepAlive: true,
    load: () => import('./pages/display-info-page').then((m) => m.DisplayInfoPage),
  },
];
