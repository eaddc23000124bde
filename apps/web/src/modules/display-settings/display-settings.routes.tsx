import type { PageRoute } from '../../shared/routing/page-route';

export const displaySettingsRoutes: PageRoute[] = [
  {
    path: '/display-settings',
    titleKey: 'menu.displaySettings',
    menuKey: 'displaySettings',
    keepAlive: true,
    load: () => import('./pages/display-settings-page').then((m) => m.DisplaySettingsPage),
  },
];
