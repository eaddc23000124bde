import { WalkInHostQuery, type WalkInHost } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';

/**
 * Where a walk-in's host search asks (the kiosk's device call or the walk-in link's public one):
 * `scope` keeps the answers of one caller apart from another's.
 */
export interface HostFinder {
  scope: string;
  search: (keyword: string, signal: AbortSignal) => Promise<WalkInHost[]>;
}

/** The hosts whose name holds `keyword`: asked once the keyword is long enough for the server (two letters). */
export function useWalkInHosts(finder: HostFinder, keyword: string) {
  return useQuery({
    queryKey: ['visitor', 'walk-in', 'hosts', finder.scope, keyword],
    queryFn: ({ signal }) => finder.search(keyword, signal),
    enabled: WalkInHostQuery.safeParse({ keyword }).success,
    staleTime: 60_000,
    retry: false,
  });
}
