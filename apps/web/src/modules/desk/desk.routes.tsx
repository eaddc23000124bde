import { DESK_LIVE_SCREEN_PATH } from '@atrium/contract';
import type { PageRoute } from '../../shared/routing/page-route';

/** The desk pages built so far (issue 21; decision 0019): the floor map editor, the desks and neighbourhoods of each floor, booking a desk, the booking rules, who may book and the closure days, monitoring, the live view. */
export const deskRoutes: PageRoute[] = [
  {
    path: '/deskeeper-configuration',
    titleKey: 'menu.deskeeperConfiguration',
    menuKey: 'deskeeperConfiguration',
    keepAlive: true,
    texts: ['desk'],
    load: () => import('./pages/desk-map-page').then((m) => m.DeskMapPage),
  },
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
    path: '/deskeeper-live',
    titleKey: 'menu.deskeeperLive',
    menuKey: 'deskeeperLive',
    keepAlive: true,
    texts: ['desk'],
    load: () => import('./pages/desk-live-page').then((m) => m.DeskLivePage),
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
    path: '/deskeeper-station-strategy',
    titleKey: 'menu.stationStrategy',
    menuKey: 'stationStrategy',
    keepAlive: true,
    texts: ['desk'],
    load: () => import('./pages/desk-access-page').then((m) => m.DeskAccessPage),
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

/** The lobby screen, outside the shell and without a session: its link's secret opens one floor. */
export const deskPublicRoutes: PageRoute[] = [
  {
    path: DESK_LIVE_SCREEN_PATH,
    titleKey: 'menu.deskeeperLive',
    texts: ['desk'],
    load: () => import('./pages/desk-live-screen-page').then((m) => m.DeskLiveScreenPage),
  },
];
