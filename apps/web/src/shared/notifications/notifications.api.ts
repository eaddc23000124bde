import type { NotificationPage, NotificationReadResult, NotificationUnread } from '@atrium/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/api';

const keys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  list: (pageSize: number) => ['notifications', 'list', pageSize] as const,
};

/** How often the bell asks for news while the console is open (and on regaining focus). */
export const NOTIFICATION_POLL_MS = 30_000;

/** `GET /notification/unread-count`: the bell's badge, polled. */
export function useUnreadNotifications() {
  return useQuery({
    queryKey: keys.unread,
    queryFn: ({ signal }) => api.get<NotificationUnread>('/notification/unread-count', { signal, notify: false }),
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

/** `GET /notification/list`: the newest `pageSize` of the caller's own, read while the bell is open. */
export function useNotificationList(pageSize: number, enabled: boolean, latestId: number | null) {
  return useQuery({
    // A new notification (another latest id) reads the list again.
    queryKey: [...keys.list(pageSize), latestId],
    queryFn: ({ signal }) => api.get<NotificationPage>('/notification/list', { query: { page: 1, pageSize }, signal }),
    enabled,
  });
}

/** `POST /notification/read` (some) or `/notification/read-all`; quiet: the badge shows the outcome. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[] | 'all') =>
      ids === 'all'
        ? api.post<NotificationReadResult>('/notification/read-all', {}, { notify: false })
        : api.post<NotificationReadResult>('/notification/read', { ids }, { notify: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
