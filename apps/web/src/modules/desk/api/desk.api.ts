import type { BookDeskBody, CreatedDeskLiveLink, DeleteDesksBody, Desk, DeskAvailability, DeskBooking, DeskFloor, DeskImportReport, DeskLive, DeskLiveLinkState, DeskOwners, DeskRules, FloorMapInfo, FloorRoom, Neighbourhood, PlaceDesksBody, SaveDeskBody, SaveNeighbourhoodBody } from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../shared/api/api';
import { downloadFile } from '../../../shared/api/download';

const keys = {
  all: ['desk'] as const,
  floors: ['desk', 'floors'] as const,
  desks: (floorId: number) => ['desk', 'list', floorId] as const,
  rooms: (floorId: number) => ['desk', 'rooms', floorId] as const,
  owners: (keyword: string) => ['desk', 'owners', keyword] as const,
};

/** `GET /desk/floors`: the company's floors with their desk counts and neighbourhoods. */
export function useDeskFloors() {
  return useQuery({ queryKey: keys.floors, queryFn: ({ signal }) => api.get<DeskFloor[]>('/desk/floors', { signal }) });
}

/** `GET /desk/list`: a floor's desks by number. */
export function useDesks(floorId: number | undefined) {
  return useQuery({
    queryKey: keys.desks(floorId ?? 0),
    queryFn: ({ signal }) => api.get<Desk[]>('/desk/list', { query: { floorId: floorId! }, signal }),
    enabled: floorId !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** `GET /desk/rooms`: a floor's rooms with their places on its map, for the map editor. */
export function useFloorRooms(floorId: number | undefined) {
  return useQuery({
    queryKey: keys.rooms(floorId ?? 0),
    queryFn: ({ signal }) => api.get<FloorRoom[]>('/desk/rooms', { query: { floorId: floorId! }, signal }),
    enabled: floorId !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** `GET /desk/owners`: colleagues and departments an assigned desk may belong to. */
export function useDeskOwners(keyword: string, enabled: boolean) {
  return useQuery({ queryKey: keys.owners(keyword), queryFn: ({ signal }) => api.get<DeskOwners>('/desk/owners', { query: { keyword }, signal }), enabled });
}

function useDeskMutation<B, R>(call: (body: B) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }) });
}

/** Saves show the server's message themselves (it names the desk or neighbourhood). */
export const useSaveDesk = () => useDeskMutation((body: SaveDeskBody) => api.post<Desk>('/desk/save', body));
export const useDeleteDesks = () => useDeskMutation((body: DeleteDesksBody) => api.post<{ count: number }>('/desk/delete', body));
export const useSaveNeighbourhood = () => useDeskMutation((body: SaveNeighbourhoodBody) => api.post<Neighbourhood>('/desk/neighbourhood/save', body));
export const useDeleteNeighbourhood = () => useDeskMutation((id: number) => api.post<null>('/desk/neighbourhood/delete', { id }));
/** `POST /desk/place`: the map editor's changes, all at once. */
export const usePlaceDesks = () => useDeskMutation((body: PlaceDesksBody) => api.post<Desk[]>('/desk/place', body));

// Desks to and from a spreadsheet (decision 0019, "Desk import and export").

/** `POST /desk/import`: the file, checked only (`dryRun`) or written; answers the per-row report. */
export const useImportDesks = () =>
  useDeskMutation(({ file, dryRun }: { file: File; dryRun: boolean }) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return api.post<DeskImportReport>('/desk/import', form, { query: { dryRun: String(dryRun) } });
  });

/** Saves every desk of the company as xlsx (a sheet named for the station numbers, in the reader's language). */
export const exportDesks = (failed: string) => downloadFile('/desk/export', {}, 'desks.xlsx', failed);

// A floor's plan (decision 0019, "Floor plans"): the booking page reads it too.

/** Where a floor's plan image is served; its version in the address, so a replaced plan is fetched again. */
export const floorMapUrl = (floorId: number, map: FloorMapInfo) => `/api/desk/floor-map?floorId=${floorId}&v=${map.updatedAt}`;

function useFloorMapMutation<B, R>(call: (body: B) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: keys.all });
      await queryClient.invalidateQueries({ queryKey: ['desk-booking'] });
    },
  });
}

/** `POST /desk/floor-map` (multipart): uploads or replaces a floor's plan; the server's refusal is toasted. */
export const useUploadFloorMap = () =>
  useFloorMapMutation(({ floorId, file }: { floorId: number; file: File }) => {
    const form = new FormData();
    form.append('file', file);
    return api.post<FloorMapInfo>('/desk/floor-map', form, { query: { floorId } });
  });
export const useDeleteFloorMap = () => useFloorMapMutation((floorId: number) => api.post<null>('/desk/floor-map/delete', { floorId }));

// Booking a desk (/deskeeper-reservation): the booking area's calls (decision 0019, "Booking a desk").

const bookingKeys = {
  all: ['desk-booking'] as const,
  floors: ['desk-booking', 'floors'] as const,
  availability: (floorId: number, date: string) => ['desk-booking', 'availability', floorId, date] as const,
  mine: ['desk-booking', 'mine'] as const,
};

/** `GET /desk/booking/floors`: the floors that have desks. */
export function useBookingFloors() {
  return useQuery({ queryKey: bookingKeys.floors, queryFn: ({ signal }) => api.get<DeskFloor[]>('/desk/booking/floors', { signal }) });
}

/** `GET /desk/availability`: a floor's desks on a date, with who holds them and whether the caller may book them. */
export function useDeskAvailability(floorId: number | undefined, date: string) {
  return useQuery({
    queryKey: bookingKeys.availability(floorId ?? 0, date),
    queryFn: ({ signal }) => api.get<DeskAvailability>('/desk/availability', { query: { floorId: floorId!, date }, signal }),
    enabled: floorId !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** `GET /desk/booking/mine`: the caller's desk bookings that have not ended. */
export function useMyDeskBookings() {
  return useQuery({ queryKey: bookingKeys.mine, queryFn: ({ signal }) => api.get<DeskBooking[]>('/desk/booking/mine', { signal }) });
}

function useDeskBookingMutation<B>(call: (body: B) => Promise<DeskBooking>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }) });
}

export const useBookDesk = () => useDeskBookingMutation((body: BookDeskBody) => api.post<DeskBooking>('/desk/book', body));
export const useCancelDeskBooking = () => useDeskBookingMutation((id: number) => api.post<DeskBooking>('/desk/booking/cancel', { id }));
/** Check-in by the desk's QR code: the desk's id. */
export const useCheckInDesk = () => useDeskBookingMutation((deskId: number) => api.post<DeskBooking>('/desk/booking/check-in', { id: deskId }));

const rulesKey = ['desk-rules'] as const;

/** `GET /desk/rules`: the company's desk booking rules. */
export function useDeskRules() {
  return useQuery({ queryKey: rulesKey, queryFn: ({ signal }) => api.get<DeskRules>('/desk/rules', { signal }) });
}

/** `POST /desk/rules`: saves them; the booking views read them again. */
export function useSaveDeskRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeskRules) => api.post<DeskRules>('/desk/rules', body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: rulesKey });
      await queryClient.invalidateQueries({ queryKey: bookingKeys.all });
    },
  });
}

// The live view (/deskeeper-live): who sits where now, and a floor's lobby screen link.

/** How often the live view reads the floor again without an event (its stream tells it of bookings; this catches changes by time). */
export const DESK_LIVE_REFRESH_MS = 60_000;

const liveKeys = {
  all: ['desk-live'] as const,
  floors: ['desk-live', 'floors'] as const,
  floor: (floorId: number) => ['desk-live', 'floor', floorId] as const,
  link: (floorId: number) => ['desk-live', 'link', floorId] as const,
  screen: (token: string) => ['desk-live', 'screen', token] as const,
};

/** `GET /desk/live/floors`: the floors that have desks. */
export function useLiveFloors() {
  return useQuery({ queryKey: liveKeys.floors, queryFn: ({ signal }) => api.get<DeskFloor[]>('/desk/live/floors', { signal }) });
}

/**
 * Reads a floor again on each event of its stream (`rooms`), and when the stream (re)opens (`ready`),
 * as changes may have come in between. EventSource reconnects by itself; a revoked link's stream is
 * refused and stays closed (the slow poll then shows the link as gone).
 */
function useRefreshOnEvents(url: string | null, queryKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    if (!url || typeof EventSource === 'undefined') return undefined;
    const source = new EventSource(url, { withCredentials: true });
    const refresh = () => void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as unknown[] });
    source.addEventListener('rooms', refresh);
    source.addEventListener('ready', refresh);
    return () => source.close();
  }, [url, key, queryClient]);
}

/** `GET /desk/live/stream`: the live view's floor is read again when a desk or room booking there changes. */
export const useDeskLiveStream = (floorId: number | undefined) =>
  useRefreshOnEvents(floorId === undefined ? null : `/api/desk/live/stream?floorId=${floorId}`, liveKeys.floor(floorId ?? 0));

/** `GET /desk/live/screen/stream`: the lobby screen is read again when a booking on its floor changes. */
export const useDeskLiveScreenStream = (token: string) =>
  useRefreshOnEvents(token === '' ? null : `/api/desk/live/screen/stream?token=${encodeURIComponent(token)}`, liveKeys.screen(token));

/** `GET /desk/live`: a floor's desks and rooms now, read again on its stream's events and every minute. */
export function useDeskLive(floorId: number | undefined) {
  return useQuery({
    queryKey: liveKeys.floor(floorId ?? 0),
    queryFn: ({ signal }) => api.get<DeskLive>('/desk/live', { query: { floorId: floorId! }, signal }),
    enabled: floorId !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval: DESK_LIVE_REFRESH_MS,
  });
}

/** `GET /desk/live/screen`: the lobby screen of a link's secret (no session); a revoked link is shown as such, not toasted. */
export function useDeskLiveScreen(token: string) {
  return useQuery({
    queryKey: liveKeys.screen(token),
    queryFn: ({ signal }) => api.get<DeskLive>('/desk/live/screen', { query: { token }, signal, notify: false }),
    enabled: token !== '',
    refetchInterval: DESK_LIVE_REFRESH_MS,
    retry: false,
  });
}

/** `GET /desk/live/link`: whether the floor has a lobby screen link in force. */
export function useDeskLiveLink(floorId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: liveKeys.link(floorId ?? 0),
    queryFn: ({ signal }) => api.get<DeskLiveLinkState>('/desk/live/link', { query: { floorId: floorId! }, signal }),
    enabled: enabled && floorId !== undefined,
  });
}

function useLiveLinkMutation<R>(call: (floorId: number) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: liveKeys.all }) });
}

/** A new lobby screen link (its secret shown once); the previous one stops opening. */
export const useCreateDeskLiveLink = () => useLiveLinkMutation((floorId: number) => api.post<CreatedDeskLiveLink>('/desk/live/link/create', { floorId }));
export const useRevokeDeskLiveLink = () => useLiveLinkMutation((floorId: number) => api.post<null>('/desk/live/link/revoke', { floorId }));
