import { COOKIE_PREFIX, OnSiteList } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';

/** How often the on-site list refreshes while it is shown. */
export const ON_SITE_REFRESH_MS = 30_000;

/**
 * `GET /visitor/on-site`: everyone checked in (reception's muster list), refreshed every 30 seconds
 * while `enabled`, also in a background tab so that the stored copy stays current. Each answer is
 * stored on this computer for when the network drops. Failures are not toasted at every refresh: the
 * drawer says them once.
 */
export function useOnSite(companyId: number, locationId: number | undefined, enabled: boolean) {
  return useQuery({
    // Under the visits' key: a check-in or check-out (which invalidates them) refreshes it at once.
    queryKey: ['visitor', 'visits', 'on-site', locationId ?? null],
    queryFn: async ({ signal }) => {
      const list = await api.get<OnSiteList>('/visitor/on-site', { query: { locationId }, signal, notify: false });
      saveOnSiteCopy(companyId, locationId, list);
      return list;
    },
    enabled,
    staleTime: 0,
    refetchInterval: ON_SITE_REFRESH_MS,
    refetchIntervalInBackground: true,
  });
}

// ---- The stored copy (decision 0018, "On site now"): one per company and location filter ----

/** localStorage key of the copy for a company and a location filter (`all` without one). */
export const onSiteCopyKey = (companyId: number, locationId: number | undefined) => `${COOKIE_PREFIX}onsite_${companyId}_${locationId ?? 'all'}`;

/** Keeps the last answer, overwriting the one before. */
export function saveOnSiteCopy(companyId: number, locationId: number | undefined, list: OnSiteList): void {
  try {
    localStorage.setItem(onSiteCopyKey(companyId, locationId), JSON.stringify(list));
  } catch {
    // Storage full or disabled: the list still shows, only without a copy for later.
  }
}

/** The stored copy, or null when there is none or it no longer reads as a list (an older format). */
export function readOnSiteCopy(companyId: number, locationId: number | undefined): OnSiteList | null {
  try {
    const raw = localStorage.getItem(onSiteCopyKey(companyId, locationId));
    if (raw === null) return null;
    const parsed = OnSiteList.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
