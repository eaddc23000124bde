import type { PageRoute } from '../../shared/routing/page-route';

export const personalRoutes: PageRoute[] = [
  {
    path: '/personal',
    titleKey: 'menu.personal',
    menuKey: 'personal',
    keepAlive: true,
    load: () => import('./pages/personal-page').then((m) => m.PersonalPage),
  },
];
