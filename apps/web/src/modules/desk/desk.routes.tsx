import type { PageRoute } from '../../shared/routing/page-route';

/** The desk pages built so far (issue 21; decision 0019): the desks and neighbourhoods of each floor, booking a desk, the booking rules, monitoring. */
export const deskRoutes: PageRoute[] = [
  {
    path: '/deskeeper-station-setting',
    titleKey: 'menu.stationSetting',
    menuKey: 'stationSetting',
    keepAlive: true,
    texts: ['desk'],
    load: () => import('./pages/desk-settings-page').then((m) => m.DeskSettingsPage),
  },
  {
    path: '/deskeeper-reservation',
    titleKey: 'menu.deskeeperReservation',
    menuKey: 'deskeeperReservation',
    keepAlive: true,
    // The desk's dialog reports a problem with it (the repair centre's texts).
    texts: ['desk', 'repair'],
    load: () => import('./pages/desk-booking-page').then((m) => m.DeskBookingPage),
  },
  {
    path: '/deskeeper-strategy',
    titleKey: 'menu.deskeeperStrategy',
    menuKey: 'deskeeperStrategy',
    keepAlive: true,
    texts: ['desk'],
    load: () => import('./pages/desk-rules-page').then((m) => m.DeskRulesPage),
  },
  {
    path: '/deskeeper-console',
    titleKey: 'menu.deskeeperConsole',
    menuKey: 'deskeeperConsole',
    keepAlive: true,
    texts: ['desk'],
    load: () => import('./pages/desk-console-page').then((m) => m.DeskConsolePage),
  },
  {
    path: '/deskeeper-overview',
    titleKey: 'menu.deskeeperOverview',
    menuKey: 'deskeeperOverview',
    keepAlive: true,
    texts: ['desk'],
    load: () => import('./pages/desk-overview-page').then((m) => m.DeskOverviewPage),
  },
  {
    path: '/deskeeper-station-monitoring',
    titleKey: 'menu.stationMonitoring',
    menuKey: 'stationMonitoring',
    keepAlive: true,
    texts: ['desk'],
    load: () => import('./pages/desk-stations-page').then((m) => m.DeskStationsPage),
  },
];
