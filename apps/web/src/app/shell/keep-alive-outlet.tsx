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
  let next = kept;
  if (keepAlive && outlet && !kept.has(pathname)) next = new Map(kept).set(pathname, outlet);
  const closed = [...next.keys()].filter((path) => path !== pathname && !openPaths.includes(path));
  if (closed.length > 0) {
    next = new Map(next);
    for (const path of closed) (next as Map<string, ReactElement>).delete(path);
  }
  if (next !== kept) setKept(next);

  return (
    <>
      {[...next].map(([path, element]) => (
        <Activity key={path} mode={path === pathname ? 'visible' : 'hidden'}>
          {element}
        </Activity>
      ))}
      {keepAlive ? null : outlet}
    </>
  );
}
