import { Activity, useLayoutEffect, useState, type ReactElement } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { unsavedStore } from '../../shared/forms/unsaved-store';
import { PageTabContext } from '../../shared/routing/page-tab';

export interface KeepAliveOutletProps {
  /** Whether the current page stays mounted while hidden. */
  keepAlive: boolean;
  /** Path of the current page's tab: pages are kept per tab. */
  activePath: string;
  /** Paths of the open tabs; a kept page whose tab closed is dropped. */
  openPaths: readonly string[];
}

/** A kept page: the router's element for the address it last showed. */
interface KeptPage {
  element: ReactElement;
  address: string;
}

/**
 * The router outlet, except that pages flagged keep-alive stay mounted, hidden, while another tab
 * shows, so their state (typed text, scroll, filters) survives (spec 000 section 2: cached pages).
 * Each page learns its tab (`usePageTab`), so its unsaved forms are known per tab.
 */
export function KeepAliveOutlet({ keepAlive, activePath, openPaths }: KeepAliveOutletProps) {
  const outlet = useOutlet();
  const { pathname, search } = useLocation();
  const address = pathname + search;
  const [kept, setKept] = useState<ReadonlyMap<string, KeptPage>>(() => new Map());

  // Adjusts the kept pages while rendering: remember the current one at its current address (a tab
  // may change address, e.g. another inner tab of a detail page), forget those whose tab closed.
  const isStale = keepAlive && outlet !== null && kept.get(activePath)?.address !== address;
  const closed = [...kept.keys()].filter((path) => path !== activePath && !openPaths.includes(path));
  let shown = kept;
  if (isStale || closed.length > 0) {
    const next = new Map(kept);
    if (isStale) next.set(activePath, { element: outlet, address });
    for (const path of closed) next.delete(path);
    shown = next;
    setKept(next);
  }

  // A layout effect runs before the effects of the pages just hidden are cleaned up, so their dirty
  // forms stay marked; when the shell goes (sign-out), nothing is hidden any more.
  const hiddenKey = [...shown.keys()].filter((path) => path !== activePath).join('\n');
  useLayoutEffect(() => {
    unsavedStore.setHiddenTabs(hiddenKey ? hiddenKey.split('\n') : []);
    return () => unsavedStore.setHiddenTabs([]);
  }, [hiddenKey]);

  return (
    <>
      {[...shown].map(([path, page]) => (
        <Activity key={path} mode={path === activePath ? 'visible' : 'hidden'}>
          <PageTabContext value={path}>{page.element}</PageTabContext>
        </Activity>
      ))}
      {keepAlive ? null : <PageTabContext value={activePath}>{outlet}</PageTabContext>}
    </>
  );
}
