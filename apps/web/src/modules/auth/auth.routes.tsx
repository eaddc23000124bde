import type { PageRoute } from '../../shared/routing/page-route';

/** The sign-in page: plain markup, the one page that loads no antd (router.tsx, issue 19). */
export const LOGIN_PATH = '/login';

/** Pages outside the shell, open without a session. */
export const authRoutes: PageRoute[] = [
  {
    path: LOGIN_PATH,
    titleKey: 'auth.login.title',
    load: () => import('./pages/login-page').then((m) => m.LoginPage),
  },
  {
    path: '/login-sso',
    titleKey: 'auth.sso.title',
    load: () => import('./pages/login-sso-page').then((m) => m.LoginSsoPage),
  },
  {
    // DingTalk's own sign-in runs on its cloud and is not offered; the page leads to the company's OpenID provider.
    path: '/login-dingtalk',
    titleKey: 'auth.dingtalk.title',
    load: () => import('./pages/login-sso-page').then((m) => () => <m.LoginSsoPage variant="dingtalk" />),
  },
  {
    path: '/no-access',
    titleKey: 'auth.noAccess.title',
    load: () => import('./pages/no-access-page').then((m) => m.NoAccessPage),
  },
];
