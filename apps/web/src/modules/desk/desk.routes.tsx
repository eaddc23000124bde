import type { PageRoute } from '../../shared/routing/page-route';

/** The desk pages built so far (issue 21; decision 0019): the desks and neighbourhoods of each floor. */
export const deskRoutes: PageRoute[] = [
  {
    path: '/deskeeper-station-setting',
    titleKey: 'menu.stationSetting',
    menuKey: 'stationSetting',
    keepAlive: true,
    texts: ['desk'],
    load: () => import('./pages/desk-settings-page').then((m) => m.DeskSettingsPage),
  },
];
