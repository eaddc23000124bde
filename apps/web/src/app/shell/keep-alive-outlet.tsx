import { Activity, useState, type ReactElement } from 'react';
import { useLocation, useOutlet } from 'react-router';

export interface KeepAliveOutletProps {
  /** Whether the current page stays mounted while hidden. */
  keepAlive: boolean;
  /** Paths of the open tabs; a kept page whose tab closed is dropped. */
  openPaths: readonly string[];
}

/**
 * The router outlet, except that pages flagged keep-alive stay mounted, hidden, while another tab
 * shows, so their state (typed text, scroll, filters) survives (spec 000 section 2: cached pages).
 */
export function KeepAliveOutlet({ keepAlive, openPaths }: KeepAliveOutletProps) {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const [kept, setKept] = useState<ReadonlyMap<string, ReactElement>>(() => new Map());

  // Adjusts the kept pages while rendering: remember the current one, forget those whose tab closed.
  const isNew = keepAlive && outlet !== null && !kept.has(pathname);
  const closed = [...kept.keys()].filter((path) => path !== pathname && !openPaths.includes(path));
  let shown = kept;
  if (isNew || closed.length > 0) {
    const next = new Map(kept);
    if (isNew) next.set(pathname, outlet);
    for (const path of closed) next.delete(path);
    shown = next;
    setKept(next);
  }

  return (
    <>
      {[...shown].map(([path, element]) => (
        <Activity key={path} mode={path === pathname ? 'visible' : 'hidden'}>
          {element}
        </Activity>
      ))}
      {keepAlive ? null : outlet}
    </>
  );
}
