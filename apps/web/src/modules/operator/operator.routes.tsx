import { OPERATOR_LOGIN_PATH } from '@atrium/contract';
import type { PageRoute } from '../../shared/routing/page-route';

/** The operator's sign-in, outside both the company shell and the operator console (decision 0021). */
export const operatorRoutes: PageRoute[] = [
  {
    path: OPERATOR_LOGIN_PATH,
    titleKey: 'operator.login.title',
    load: () => import('./pages/operator-login-page').then((m) => m.OperatorLoginPage),
  },
];

/** The operator console's frame (the boss menu), holding the operator's pages. */
export const loadOperatorLayout = () => import('./components/operator-layout').then((m) => m.OperatorLayout);
