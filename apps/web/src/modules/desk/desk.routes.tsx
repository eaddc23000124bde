import { DESK_LIVE_SCREEN_PATH } from '@atrium/contract';
import type { PageRoute } from '../../shared/routing/page-route';

/** The desk pages built so far (issue 21; decision 0019): the floor map editor, the desks and neighbourhoods of each floor, booking a desk, the booking rules. */
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
    texts: ['desk'],
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
