import type { PageRoute } from '../../shared/routing/page-route';

/** The operator console's pages (inside the operator layout, not the company shell). */
export const branchRoutes: PageRoute[] = [
  {
    path: '/branch',
    titleKey: 'operator.menu.branch',
    load: () => import('./pages/branch-page').then((m) => m.BranchPage),
  },
];
