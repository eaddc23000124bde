import type { PageRoute } from '../../shared/routing/page-route';

/** The air-quality pages (decision 0020, "Air pages and the public board"). */
export const airRoutes: PageRoute[] = [
  {
    path: '/air-sensors',
    titleKey: 'menu.airSensors',
    menuKey: 'airSensors',
    keepAlive: true,
    texts: ['air'],
    load: () => import('./pages/air-sensors-page').then((m) => m.AirSensorsPage),
  },
  {
    path: '/quality-data',
    titleKey: 'menu.qualityData',
    menuKey: 'qualityData',
    keepAlive: true,
    texts: ['air'],
    load: () => import('./pages/quality-data-page').then((m) => m.QualityDataPage),
  },
  {
    path: '/quality-equipment',
    titleKey: 'menu.qualityEquipment',
    menuKey: 'qualityEquipment',
    keepAlive: true,
    texts: ['air'],
    load: () => import('./pages/quality-equipment-page').then((m) => m.QualityEquipmentPage),
  },
  {
    path: '/quality-location',
    titleKey: 'menu.qualityLocation',
    menuKey: 'qualityLocation',
    keepAlive: true,
    texts: ['air'],
    load: () => import('./pages/quality-location-page').then((m) => m.QualityLocationPage),
  },
];

/** The lobby screen's air board, outside the shell and without a session: its link's secret opens it. */
export const airPublicRoutes: PageRoute[] = [
  {
    path: '/air-board/:token',
    titleKey: 'menu.airQuality',
    texts: ['air'],
    load: () => import('./pages/air-board-page').then((m) => m.AirBoardPage),
  },
];
