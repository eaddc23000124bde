import type { PageRoute } from '../../shared/routing/page-route';

/** The live views inside the shell: the room board and the meetings happening now. */
export const liveRoutes: PageRoute[] = [
  {
    path: '/roomBoard',
    titleKey: 'menu.roomBoard',
    menuKey: 'roomBoard',
    keepAlive: true,
    load: () => import('./pages/room-board-page').then((m) => m.RoomBoardPage),
  },
  {
    path: '/live',
    titleKey: 'menu.live',
    menuKey: 'live',
    keepAlive: true,
    load: () => import('./pages/live-page').then((m) => m.LivePage),
  },
];

/** The public board, outside the shell and without a session: its link's secret opens it. */
export const livePublicRoutes: PageRoute[] = [
  {
    path: '/flght-board',
    titleKey: 'live.public.title',
    load: () => import('./pages/public-board-page').then((m) => m.PublicBoardPage),
  },
];
