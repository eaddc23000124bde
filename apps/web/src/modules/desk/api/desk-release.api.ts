import type { BookDeskSeriesBody, DeskNear, DeskNearQuery, DeskSeriesResult, ReleasableDesk, SaveDeskReleaseBody } from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';

// Away days and "book next to" (decision 0019): the booking page's calls beside desk.api.ts.

/** The booking views' key (desk.api.ts): a release changes what the map shows. */
const BOOKING_KEY = ['desk-booking'] as const;
const keys = {
  releases: ['desk-booking', 'releases'] as const,
  near: (query: DeskNearQuery) => ['desk-booking', 'near', query] as const,
  colleagues: (keyword: string) => ['desk-booking', 'colleagues', keyword] as const,
};

/** `GET /desk/releases`: the reader's own assigned desks with their releases not ended. */
export function useMyDeskReleases() {
  return useQuery({ queryKey: keys.releases, queryFn: ({ signal }) => api.get<ReleasableDesk[]>('/desk/releases', { signal }) });
}

function useReleaseMutation<B>(call: (body: B) => Promise<ReleasableDesk>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: BOOKING_KEY }) });
}

/** `POST /desk/releases`: releases the reader's desk for days. */
export const useReleaseDesk = () => useReleaseMutation((body: SaveDeskReleaseBody) => api.post<ReleasableDesk>('/desk/releases', body));
/** `DELETE /desk/releases`: takes a release back (days others booked stay released). */
export const useTakeBackRelease = () => useReleaseMutation((id: number) => api.delete<ReleasableDesk>('/desk/releases', { id }));

/** `GET /meeting/colleagues`: active colleagues by name (the booking area's search). */
export function useDeskColleagues(keyword: string) {
  return useQuery({
    queryKey: keys.colleagues(keyword),
    queryFn: ({ signal }) => api.get<Array<{ id: number; fullName: string; email: string | null }>>('/meeting/colleagues', { query: { keyword }, signal }),
    enabled: keyword.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

/** `GET /desk/booking/near`: where a colleague sits then, and the free desks nearest to them. */
export function useDeskNear(query: DeskNearQuery | undefined) {
  return useQuery({
    queryKey: keys.near(query ?? ({} as DeskNearQuery)),
    queryFn: ({ signal }) => api.get<DeskNear>('/desk/booking/near', { query: { ...query! }, signal }),
    enabled: query !== undefined,
  });
}

/** `POST /desk/book/series`: the same desk weekly, each week booked or refused with its reason. */
export function useBookDeskSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BookDeskSeriesBody) => api.post<DeskSeriesResult>('/desk/book/series', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BOOKING_KEY }),
  });
}
