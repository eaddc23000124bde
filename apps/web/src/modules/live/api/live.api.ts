import type { BoardLink, BoardLinkList, CreateBoardLinkBody, CreatedBoardLink, LiveBoard, LiveRoomList } from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../shared/api/api';

export const liveKeys = {
  all: ['live'] as const,
  rooms: (locationId: number | undefined) => ['live', 'rooms', locationId ?? null] as const,
  board: (token: string) => ['live', 'board', token] as const,
  links: ['live', 'links'] as const,
};

/** Refetch at least this often, for states that change by time when no event comes through. */
export const LIVE_REFRESH_MS = 60_000;

/** `GET /live/rooms`: every room's state now (optionally under one location). */
export function useLiveRooms(locationId: number | undefined) {
  return useQuery({
    queryKey: liveKeys.rooms(locationId),
    queryFn: ({ signal }) => api.get<LiveRoomList>('/live/rooms', { query: locationId ? { locationId } : {}, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_REFRESH_MS,
  });
}

/** `GET /live/board`: the public board of a link's secret (no session). */
export function usePublicBoard(token: string) {
  return useQuery({
    queryKey: liveKeys.board(token),
    queryFn: ({ signal }) => api.get<LiveBoard>('/live/board', { query: { token }, signal, notify: false }),
    enabled: token !== '',
    refetchInterval: LIVE_REFRESH_MS,
    retry: false,
  });
}

/**
 * Listens to a live event stream (`/api/live/stream` or the board's) and calls `onChange` on each
 * `rooms` event; EventSource reconnects by itself when the stream ends.
 */
export function useLiveEvents(url: string | null, onChange: () => void) {
  useEffect(() => {
    if (!url || typeof EventSource === 'undefined') return undefined;
    const source = new EventSource(url, { withCredentials: true });
    const handle = () => onChange();
    source.addEventListener('rooms', handle);
    // A reconnect may have missed changes: read again when it opens.
    source.addEventListener('ready', handle);
    return () => {
      source.removeEventListener('rooms', handle);
      source.removeEventListener('ready', handle);
      source.close();
    };
  }, [url, onChange]);
}

/** `GET /live/board-links`: the public board links (administrators). */
export function useBoardLinks(enabled: boolean) {
  return useQuery({ queryKey: liveKeys.links, queryFn: ({ signal }) => api.get<BoardLinkList>('/live/board-links', { signal }), enabled });
}

export function useCreateBoardLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBoardLinkBody) => api.post<CreatedBoardLink>('/live/board-links', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: liveKeys.links }),
  });
}

export function useRevokeBoardLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<BoardLink>('/live/board-links/revoke', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: liveKeys.links }),
  });
}
