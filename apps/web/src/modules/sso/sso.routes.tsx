import type { PageRoute } from '../../shared/routing/page-route';

/** The single sign-on setting inside the shell. */
export const ssoRoutes: PageRoute[] = [
  {
    path: '/sso-setting',
    titleKey: 'menu.ssoSetting',
    menuKey: 'ssoSetting',
    keepAlive: true,
    texts: ['sso'],
    load: () => import('./pages/sso-setting-page').then((m) => m.SsoSettingPage),
  },
];
