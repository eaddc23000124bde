import type { PageRoute } from '../../shared/routing/page-route';

/** The directory inside the shell. */
export const directoryRoutes: PageRoute[] = [
  {
    path: '/directory',
    titleKey: 'menu.directory',
    menuKey: 'directory',
    keepAlive: true,
    load: () => import('./pages/directory-page').then((m) => m.DirectoryPage),
  },
];

/** Public pages of the directory, outside the shell and without a session: account activation. */
export const directoryPublicRoutes: PageRoute[] = [
  {
    path: '/activate/:reqToken',
    titleKey: 'directory.activate.title',
    load: () => import('./pages/activate-page').then((m) => m.ActivatePage),
  },
];
