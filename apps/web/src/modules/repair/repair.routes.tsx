import type { PageRoute } from '../../shared/routing/page-route';

/** The repair centre (issue 21; decision 0019 "The repair centre"). */
export const repairRoutes: PageRoute[] = [
  {
    path: '/deskeeper-repair',
    titleKey: 'menu.deskeeperRepair',
    menuKey: 'deskeeperRepair',
    keepAlive: true,
    // Its inspections tab is the inspection module's.
    texts: ['repair', 'inspection'],
    load: () => import('./pages/repair-page').then((m) => m.RepairPage),
  },
];
