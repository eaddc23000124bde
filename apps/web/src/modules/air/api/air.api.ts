import type {
  AirAlert,
  AirAlertPage,
  AirBoard,
  AirBoardLink,
  AirBoardLinkList,
  AirDeviceList,
  AirHistory,
  AirMetric,
  AirNow,
  AirThresholds,
  CreateAirBoardLinkBody,
  CreatedAirBoardLink,
  LocationNode,
  SaveAirThresholdsBody,
} from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';

/** How often the real-time pages and the lobby board read again: monitors report about once a minute. */
export const AIR_REFRESH_MS = 30_000;

/** What a chart asks for: one place or one monitor, a metric, a range (ms). */
export interface AirHistoryRequest {
  locationId?: number;
  deviceId?: number;
  metric: AirMetric;
  from: number;
  to: number;
}

export const airKeys = {
  all: ['air'] as const,
  now: (locationId: number | undefined) => ['air', 'now', locationId ?? null] as const,
  alerts: ['air', 'alerts'] as const,
  history: (request: AirHistoryRequest) => ['air', 'history', request] as const,
  devices: ['air', 'devices'] as const,
  thresholds: ['air', 'thresholds'] as const,
  links: ['air', 'links'] as const,
  locations: ['air', 'locations'] as const,
  board: (token: string) => ['air', 'board', token] as const,
};

/** `GET /air/now`: each place with monitors, as it is now. */
export function useAirNow(locationId: number | undefined) {
  return useQuery({
    queryKey: airKeys.now(locationId),
    queryFn: ({ signal }) => api.get<AirNow>('/air/now', { query: { locationId }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: AIR_REFRESH_MS,
  });
}

/** `GET /air/alerts?state=raised`: the open alerts (the first page is plenty for one screen). */
export function useOpenAirAlerts() {
  return useQuery({
    queryKey: airKeys.alerts,
    queryFn: ({ signal }) => api.get<AirAlertPage>('/air/alerts', { query: { state: 'raised', page: 1, pageSize: 100 }, signal }),
    refetchInterval: AIR_REFRESH_MS,
  });
}

/** `POST /air/alerts/:id/acknowledge`. */
export function useAcknowledgeAirAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<AirAlert>(`/air/alerts/${id}/acknowledge`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: airKeys.alerts }),
  });
}

/** `GET /air/history`: asked only once a place or a monitor is chosen. */
export function useAirHistory(request: AirHistoryRequest | null) {
  return useQuery({
    queryKey: airKeys.history(request ?? { metric: 'co2', from: 0, to: 0 }),
    queryFn: ({ signal }) => api.get<AirHistory>('/air/history', { query: { ...request! }, signal }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
}

/** `GET /air/devices`. */
export function useAirDevices() {
  return useQuery({ queryKey: airKeys.devices, queryFn: ({ signal }) => api.get<AirDeviceList>('/air/devices', { signal }), refetchInterval: AIR_REFRESH_MS });
}

/** `GET /air/thresholds`. */
export function useAirThresholds() {
  return useQuery({ queryKey: airKeys.thresholds, queryFn: ({ signal }) => api.get<AirThresholds>('/air/thresholds', { signal }) });
}

/** `PUT /air/thresholds`. */
export function useSaveAirThresholds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveAirThresholdsBody) => api.put<AirThresholds>('/air/thresholds', body),
    onSuccess: (answer) => {
      queryClient.setQueryData(airKeys.thresholds, answer);
      void queryClient.invalidateQueries({ queryKey: ['air', 'now'] });
    },
  });
}

/** `DELETE /air/thresholds`. */
export function useRemoveAirThresholds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (locationId: number | null) => api.delete<AirThresholds>('/air/thresholds', { locationId }),
    onSuccess: (answer) => {
      queryClient.setQueryData(airKeys.thresholds, answer);
      void queryClient.invalidateQueries({ queryKey: ['air', 'now'] });
    },
  });
}

/** The company's whole location tree (`GET /location/getLocationTree?level=7`), to choose a place. */
export function useAirLocations() {
  return useQuery({ queryKey: airKeys.locations, queryFn: ({ signal }) => api.get<LocationNode[]>('/location/getLocationTree', { query: { level: 7 }, signal }), staleTime: 60_000 });
}

/** `GET /air/board-links`, while the drawer is open. */
export function useAirBoardLinks(isEnabled: boolean) {
  return useQuery({ queryKey: airKeys.links, queryFn: ({ signal }) => api.get<AirBoardLinkList>('/air/board-links', { signal }), enabled: isEnabled });
}

export function useCreateAirBoardLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAirBoardLinkBody) => api.post<CreatedAirBoardLink>('/air/board-links', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: airKeys.links }),
  });
}

export function useRevokeAirBoardLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<AirBoardLink>('/air/board-links/revoke', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: airKeys.links }),
  });
}

/** `GET /air/board?token=`: the public board, without a session. */
export function useAirBoard(token: string) {
  return useQuery({
    queryKey: airKeys.board(token),
    queryFn: ({ signal }) => api.get<AirBoard>('/air/board', { query: { token }, signal, notify: false }),
    enabled: token !== '',
    refetchInterval: AIR_REFRESH_MS,
    retry: false,
  });
}
