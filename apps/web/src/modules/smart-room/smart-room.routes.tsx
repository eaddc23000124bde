import type { PageRoute } from '../../shared/routing/page-route';

export const smartRoomRoutes: PageRoute[] = [
  {
    path: '/smart-analysis',
    titleKey: 'menu.smartAnalysis',
    menuKey: 'smartAnalysis',
    keepAlive: true,
    texts: ['smart-room'],
    load: () => import('./pages/smart-analysis-page').then((m) => m.SmartAnalysisPage),
  },
  {
    path: '/smart-location',
    titleKey: 'menu.smartLocation',
    menuKey: 'smartLocation',
    keepAlive: true,
    texts: ['smart-room'],
    load: () => import('./pages/smart-location-page').then((m) => m.SmartLocationPage),
  },
  {
    path: '/smart-induction',
    titleKey: 'menu.smartInduction',
    menuKey: 'smartInduction',
    keepAlive: true,
    texts: ['smart-room'],
    load: () => import('./pages/smart-induction-page').then((m) => m.SmartInductionPage),
  },
  {
    path: '/smart-setting',
    titleKey: 'menu.smartSetting',
    menuKey: 'smartSetting',
    keepAlive: true,
    texts: ['smart-room'],
    load: () => import('./pages/smart-setting-page').then((m) => m.SmartSettingPage),
  },
];
