import { Activity, useState, type ReactElement } from 'react';
import { useLocation, useOutlet } from 'react-router';

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

  return (
    <>
      {[...shown].map(([path, page]) => (
        <Activity key={path} mode={path === activePath ? 'visible' : 'hidden'}>
          {page.element}
        </Activity>
      ))}
      {keepAlive ? null : outlet}
    </>
  );
}
