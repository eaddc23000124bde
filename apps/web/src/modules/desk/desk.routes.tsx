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
    path: '/deskeeper-strategy',
    titleKey: 'menu.deskeeperStrategy',
    menuKey: 'deskeeperStrategy',
    keepAlive: true,
    texts: ['desk'],
    load: () => import('./pages/desk-rules-page').then((m) => m.DeskRulesPage),
  },
];
