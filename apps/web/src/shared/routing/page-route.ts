import type { ComponentType } from 'react';

/** A console page as a module declares it in `<domain>.routes.tsx` (STYLE.md: routes as data). */
export interface PageRoute {
  /** Route pattern, e.g. `/personal` or `/role-detail/:id/:tab`. */
  path: string;
  /** Translation key of the title shown in the tab and the window title. */
  titleKey: string;
  /** Key of the menu entry that opens the page, when there is one. */
  menuKey?: string;
  /** Whether the page stays mounted, with its state, while its tab is hidden. */
  keepAlive?: boolean;
  /** Loads the page's code on first visit. */
  load: () => Promise<ComponentType>;
}

/** What the router keeps on each route for the shell: the title, and the page for tab handling. */
export interface RouteHandle {
  titleKey: string;
  page?: PageRoute;
}
