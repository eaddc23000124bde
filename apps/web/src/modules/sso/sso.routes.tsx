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
  {
    // Where linking an account at the company's provider comes back to (spec 000 section 2).
    path: '/auth-add',
    titleKey: 'auth.authAdd.title',
    texts: ['sso'],
    load: () => import('./pages/auth-add-page').then((m) => m.AuthAddPage),
  },
];
