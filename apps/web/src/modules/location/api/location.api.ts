import type {
  AddDisablePeriodBody,
  AddLocationBody,
  AddMeetingRoomBody,
  AddRoomTypeBody,
  Envelope,
  ExportRoomsBody,
  LocationNode,
  LocationRegionInfo,
  MoveLocationBody,
  Page,
  Room,
  RoomDisablePeriod,
  RoomListQuery,
  RoomType,
  RoomTypeStatusBody,
  UpdateLocationV2Body,
  UpdateRoomBody,
  UpdateRoomTypeBody,
} from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';
import { currentLang } from '../../../shared/i18n/i18n';
import { saveFile } from '../../../shared/api/save-file';

export const locationKeys = {
  all: ['location'] as const,
  children: (parentId: number | null) => ['location', 'children', parentId] as const,
  info: (id: number) => ['location', 'info', id] as const,
  rooms: (query: Partial<RoomListQuery>) => ['location', 'rooms', query] as const,
  room: (id: number) => ['location', 'room', id] as const,
  periods: (roomId: number) => ['location', 'periods', roomId] as const,
  types: ['location', 'types'] as const,
};

/** `GET /location/getLocationTree?parentId=`: one level of the tree (the countries without a parent). */
export function fetchLocationChildren(parentId: number | null, signal?: AbortSignal): Promise<LocationNode[]> {
  return api.get<LocationNode[]>('/location/getLocationTree', { query: parentId === null ? { level: 7 } : { parentId }, ...(signal ? { signal } : {}) }).then((nodes) =>
    // Without a parent the answer is the whole tree; the lazy tree wants the top level only.
    parentId === null ? nodes.map((node) => ({ ...node, childList: [] })) : nodes,
  );
}

export function useLocationChildren(parentId: number | null) {
  return useQuery({ queryKey: locationKeys.children(parentId), queryFn: ({ signal }) => fetchLocationChildren(parentId, signal) });
}

/** `GET /location/getLocationRegionInfo`: a node's attributes and path. */
export function useLocationInfo(id: number | null) {
  return useQuery({
    queryKey: locationKeys.info(id ?? 0),
    queryFn: ({ signal }) => api.get<LocationRegionInfo>('/location/getLocationRegionInfo', { query: { id: id! }, signal }),
    enabled: id !== null,
  });
}

/** Every write on the tree refreshes the tree, the node details and the room list. */
function useLocationMutation<B, R>(call: (body: B) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: locationKeys.all }) });
}

export const useAddLocation = () => useLocationMutation((body: AddLocationBody) => api.post<{ id: number }>('/location/addLocation', body));
export const useUpdateLocation = () => useLocationMutation((body: UpdateLocationV2Body) => api.post<{ id: number }>('/location/v2/updateLocationBaseInfo', body));
export const useMoveLocation = () => useLocationMutation((body: MoveLocationBody) => api.post<{ id: number }>('/location/move', body));
export const useDeleteLocation = () => useLocationMutation((id: number) => api.delete<null>('/location/delLocation', { id }));

/** `POST /location/findRoomList`: a page of rooms under the selected node. */
export function useRooms(query: Partial<RoomListQuery>) {
  return useQuery({
    queryKey: locationKeys.rooms(query),
    queryFn: ({ signal }) => api.post<Page<Room>>('/location/findRoomList', query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export const useAddRoom = () => useLocationMutation((body: AddMeetingRoomBody) => api.post<{ id: number }>('/location/addMeetingRoom', body));
export const useUpdateRoom = () => useLocationMutation((body: UpdateRoomBody) => api.post<{ id: number }>('/location/updateRoomInfo', body));

export function useDisablePeriods(roomId: number | null) {
  return useQuery({
    queryKey: locationKeys.periods(roomId ?? 0),
    queryFn: ({ signal }) => api.get<RoomDisablePeriod[]>('/location/room/disablePeriods', { query: { roomId: roomId! }, signal }),
    enabled: roomId !== null,
  });
}
export const useAddDisablePeriod = () => useLocationMutation((body: AddDisablePeriodBody) => api.post<{ id: number }>('/location/room/addDisablePeriod', body));
export const useDeleteDisablePeriod = () => useLocationMutation((id: number) => api.delete<null>('/location/room/delDisablePeriod', { id }));

export function useRoomTypes() {
  return useQuery({ queryKey: locationKeys.types, queryFn: ({ signal }) => api.get<RoomType[]>('/roomType/list', { signal }) });
}
export const useAddRoomType = () => useLocationMutation((body: AddRoomTypeBody) => api.post<{ id: number }>('/roomType/add', body));
export const useUpdateRoomType = () => useLocationMutation((body: UpdateRoomTypeBody) => api.post<{ id: number }>('/roomType/update', body));
export const useSetRoomTypeStatus = () => useLocationMutation((body: RoomTypeStatusBody) => api.post<{ id: number }>('/roomType/updateStatus', body));
export const useDeleteRoomType = () => useLocationMutation((id: number) => api.delete<null>('/roomType/del', { id }));

/**
 * `POST /location/exportRoomList`: the file comes back as an attachment, so this call goes around
 * the JSON client and saves it through a temporary link.
 */
export async function downloadRooms(body: Partial<ExportRoomsBody>, fallbackMessage: string): Promise<void> {
  const response = await fetch('/api/location/exportRoomList', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: '*/*', lang: currentLang() },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as Envelope<unknown> | null;
    throw new Error(envelope?.message || fallbackMessage);
  }
  const blob = await response.blob();
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `rooms.${body.format ?? 'xlsx'}`;
  saveFile(blob, name);
}
