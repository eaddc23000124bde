import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { liveKeys, useLiveEvents, useLiveRooms } from '../api/live.api';

/** The room states of a location, kept fresh by the event stream and a refetch each minute. */
export function useLiveBoard(locationId: number | undefined) {
  const queryClient = useQueryClient();
  const rooms = useLiveRooms(locationId);
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: liveKeys.rooms(locationId) }), [queryClient, locationId]);
  useLiveEvents(`/api/live/stream${locationId ? `?locationId=${locationId}` : ''}`, refresh);
  return rooms;
}
