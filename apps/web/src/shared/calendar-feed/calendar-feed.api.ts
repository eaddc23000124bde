import type { CalendarFeedState, CreatedCalendarFeed } from '@atrium/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/api';

/** Whose feed: the signed-in person's, or a room's. */
export type FeedTarget = { kind: 'mine' } | { kind: 'room'; roomId: number };

const keyOf = (target: FeedTarget) => ['calendarFeed', target.kind, target.kind === 'room' ? target.roomId : 0] as const;

/** `GET /meeting/feed` or `/meeting/feed/room`: whether a link is in force. */
export function useCalendarFeed(target: FeedTarget, enabled = true) {
  return useQuery({
    queryKey: keyOf(target),
    queryFn: ({ signal }) =>
      target.kind === 'mine'
        ? api.get<CalendarFeedState>('/meeting/feed', { signal })
        : api.get<CalendarFeedState>('/meeting/feed/room', { query: { roomId: target.roomId }, signal }),
    enabled,
  });
}

/** Makes a new link (the old one stops working) or revokes the link in force. */
export function useCalendarFeedActions(target: FeedTarget) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: keyOf(target) });
  const body = target.kind === 'room' ? { roomId: target.roomId } : {};
  const prefix = target.kind === 'mine' ? '/meeting/feed' : '/meeting/feed/room';
  return {
    create: useMutation({ mutationFn: () => api.post<CreatedCalendarFeed>(`${prefix}/create`, body, { notify: false }), onSuccess }),
    revoke: useMutation({ mutationFn: () => api.post<null>(`${prefix}/revoke`, body, { notify: false }), onSuccess }),
  };
}
