import type { PageRoute } from '../../shared/routing/page-route';

/** The devices page (issue 22; decision 0020 "Devices page"). */
export const smartDeviceRoutes: PageRoute[] = [
  {
    path: '/smart-equipment',
    titleKey: 'menu.smartEquipment',
    menuKey: 'smartEquipment',
    keepAlive: true,
    texts: ['smart-device'],
    load: () => import('./pages/smart-devices-page').then((m) => m.SmartDevicesPage),
  },
];
