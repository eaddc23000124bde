import type {
  CalendarAuthAddress,
  CalendarAuthBody,
  CalendarConnection,
  CalendarSyncBody,
  CreateCalendarConnectionBody,
  Page,
  Room,
  UpdateCalendarConfigBody,
} from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/api';

export const calendarSyncKeys = {
  all: ['calendarSync'] as const,
  list: ['calendarSync', 'list'] as const,
  one: (id: number) => ['calendarSync', 'one', id] as const,
};

/** `GET /third-party`: the company's calendar connections with each room's link and sync health. */
export function useCalendarConnections() {
  // The health message and the declines' reasons come in the caller's language: read again when it changes.
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...calendarSyncKeys.list, i18n.language],
    queryFn: ({ signal }) => api.get<CalendarConnection[]>('/third-party', { signal }),
    // The health of a link moves with the scheduled pulls: read again while the page is open.
    refetchInterval: 60_000,
  });
}

/** `GET /third-party?id=`: one connection with the calendars its account reaches (asked of the service). */
export function useCalendarCollections(id: number | undefined) {
  return useQuery({
    queryKey: calendarSyncKeys.one(id ?? 0),
    // The link dialog says a refusal of the service itself.
    // The answer is the list with that one connection in it.
    queryFn: async ({ signal }) => (await api.get<CalendarConnection[]>('/third-party', { query: { id: id! }, signal, notify: false }))[0],
    enabled: id !== undefined,
    staleTime: 0,
    retry: false,
  });
}

/** `POST /location/findRoomList`: rooms to link, found by name. */
export function useLinkableRooms(keyword: string) {
  return useQuery({
    queryKey: ['calendarSync', 'rooms', keyword],
    queryFn: ({ signal }) => api.post<Page<Room>>('/location/findRoomList', { page: 1, pageSize: 50, ...(keyword ? { keyword } : {}) }, { signal }),
    placeholderData: keepPreviousData,
  });
}

function useCalendarMutation<T, R>(call: (body: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarSyncKeys.all }) });
}

// The connect and password forms show the service's refusal themselves ("Token invalid"), so it is not toasted too.
export const useConnectCalendar = () => useCalendarMutation((body: CreateCalendarConnectionBody) => api.post<CalendarConnection>('/third-party', body, { notify: false }));
export const useDisconnectCalendar = () => useCalendarMutation((id: number) => api.delete<null>('/third-party', { id }));
export const useCalendarAuth = () => useCalendarMutation((body: CalendarAuthBody) => api.post<CalendarConnection>('/third-party/auth', body, { notify: false }));
export const useCalendarConfig = () => useCalendarMutation((body: UpdateCalendarConfigBody) => api.post<CalendarConnection>('/third-party/update-config', body, { notify: false }));
export const useCalendarSync = () => useCalendarMutation((body: Partial<CalendarSyncBody> & { id: number }) => api.post<CalendarConnection>('/third-party/sync', body));
/** `GET /third-party/auth-address`: the provider's consent page of an OAuth connection (Google, Microsoft 365). */
export const useCalendarAuthAddress = () => useMutation({ mutationFn: (id: number) => api.get<CalendarAuthAddress>('/third-party/auth-address', { query: { id } }) });
