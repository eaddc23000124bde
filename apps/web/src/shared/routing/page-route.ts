import type { ComponentType } from 'react';
import { generatePath, matchPath } from 'react-router';

/** A console page as a module declares it in `<domain>.routes.tsx` (STYLE.md: routes as data). */
export interface PageRoute {
  /** Route pattern, e.g. `/personal` or `/role-detail/:id/:tab`. */
  path: string;
  /**
   * Pattern naming the page's console tab when it is shorter than `path`, e.g. `/role-detail/:id`
   * for `/role-detail/:id/:tab`: one tab per role, whichever of its inner tabs shows. Defaults to
   * the address itself.
   */
  tabPath?: string;
  /** Translation key of the title shown in the tab and the window title. */
  titleKey: string;
  /** Key of the menu entry that opens the page, when there is one. */
  menuKey?: string;
  /** Whether the page stays mounted, with its state, while its tab is hidden. */
  keepAlive?: boolean;
  /** Loads the page's code on first visit. */
  load: () => Promise<ComponentType>;
  /** Text domains of its own (shared/i18n/text-domains.ts, PAGE_TEXT_DOMAINS), loaded with its code. */
  texts?: readonly string[];
}

/** What the router keeps on each route for the shell: the title, and the page for tab handling. */
export interface RouteHandle {
  titleKey: string;
  page?: PageRoute;
}

/** The console tab an address of `page` belongs to (see `PageRoute.tabPath`). */
export function tabPathOf(page: PageRoute | undefined, pathname: string): string {
  if (!page?.tabPath) return pathname;
  const match = matchPath({ path: page.path, end: true }, pathname);
  return match ? generatePath(page.tabPath, match.params) : pathname;
}
