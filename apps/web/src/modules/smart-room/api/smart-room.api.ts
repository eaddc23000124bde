import type { SceneTrigger, SmartAnalysis, SmartAnalysisQuery, SmartAlarmListQuery, SmartAlarmPage, SmartPlan, SmartRoom, SmartRoomControlBody, SmartRoomControlResult, SmartRoomDetail, SmartRoomListQuery, SmartRoomSettingsBody, SmartSceneRun, SmartScenes, SmartSensor, SmartSensorListQuery } from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';

/** How often the pages read the rooms again: presence and acknowledgements arrive from the devices. */
export const SMART_ROOM_POLL_MS = 10_000;

export const smartRoomKeys = {
  all: ['smart-room'] as const,
  list: (query: SmartRoomListQuery) => ['smart-room', 'list', query] as const,
  detail: (roomId: number) => ['smart-room', 'detail', roomId] as const,
  sensors: (query: SmartSensorListQuery) => ['smart-room', 'sensors', query] as const,
};

const queryString = (query: Record<string, string | number | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** `GET /smart/rooms`: every room with its smart state and presence. */
export function useSmartRooms(query: SmartRoomListQuery) {
  return useQuery({
    queryKey: smartRoomKeys.list(query),
    queryFn: ({ signal }) => api.get<SmartRoom[]>(`/smart/rooms${queryString(query)}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: SMART_ROOM_POLL_MS,
  });
}

/** `GET /smart/rooms/:roomId`: one room with its devices and their controls. */
export function useSmartRoom(roomId: number | null) {
  return useQuery({
    queryKey: smartRoomKeys.detail(roomId ?? 0),
    queryFn: ({ signal }) => api.get<SmartRoomDetail>(`/smart/rooms/${roomId}`, { signal }),
    enabled: roomId !== null,
    refetchInterval: SMART_ROOM_POLL_MS,
  });
}

/** `GET /smart/sensors`: the presence sensors and what each says now. */
export function useSmartSensors(query: SmartSensorListQuery) {
  return useQuery({
    queryKey: smartRoomKeys.sensors(query),
    queryFn: ({ signal }) => api.get<SmartSensor[]>(`/smart/sensors${queryString(query)}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: SMART_ROOM_POLL_MS,
  });
}

/** `PUT /smart/rooms/:roomId/settings`. */
export function useSaveSmartRoomSettings(roomId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SmartRoomSettingsBody) => api.put<SmartRoomDetail>(`/smart/rooms/${roomId}/settings`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: smartRoomKeys.all }),
  });
}

/** How long after an acknowledgement the panel reads the room again: the device publishes its new value just after it acknowledges. */
const AFTER_ACK_MS = 1_500;

/**
 * `POST /smart/rooms/:roomId/control`: answers once the device acknowledged (or did not in time). An
 * acknowledged value shows at once; the room is read again a moment later, when the device has
 * published the value itself.
 */
export function useSmartRoomControl(roomId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SmartRoomControlBody) => api.post<SmartRoomControlResult>(`/smart/rooms/${roomId}/control`, body),
    onSuccess: (answer, body) => {
      if (answer.result !== 'acked') return;
      queryClient.setQueryData<SmartRoomDetail>(smartRoomKeys.detail(roomId), (room) =>
        room && {
          ...room,
          deviceList: room.deviceList.map((device) =>
            device.id !== body.deviceId
              ? device
              : { ...device, controls: device.controls.map((control) => (control.node === body.node && control.property === body.property ? { ...control, value: answer.value } : control)) },
          ),
        },
      );
    },
    onSettled: () => {
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: smartRoomKeys.detail(roomId) }), AFTER_ACK_MS);
    },
  });
}

export const smartSettingKeys = {
  plan: (roomId: number) => ['smart-room', 'plan', roomId] as const,
  scenes: (roomId: number) => ['smart-room', 'scenes', roomId] as const,
};

/** `GET /smart/rooms/:roomId/plan`. */
export function useSmartPlan(roomId: number | null) {
  return useQuery({
    queryKey: smartSettingKeys.plan(roomId ?? 0),
    queryFn: ({ signal }) => api.get<SmartPlan>(`/smart/rooms/${roomId}/plan`, { signal }),
    enabled: roomId !== null,
  });
}

/** `PUT /smart/rooms/:roomId/plan`: the whole list, at each confirmation. */
export function useSaveSmartPlan(roomId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (plan: SmartPlan) => api.put<SmartPlan>(`/smart/rooms/${roomId}/plan`, plan),
    onSuccess: (saved) => queryClient.setQueryData(smartSettingKeys.plan(roomId), saved),
  });
}

/** `GET /smart/rooms/:roomId/scenes`. */
export function useSmartScenes(roomId: number | null) {
  return useQuery({
    queryKey: smartSettingKeys.scenes(roomId ?? 0),
    queryFn: ({ signal }) => api.get<SmartScenes>(`/smart/rooms/${roomId}/scenes`, { signal }),
    enabled: roomId !== null,
  });
}

/** `PUT /smart/rooms/:roomId/scenes`: both scenes whole. */
export function useSaveSmartScenes(roomId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scenes: SmartScenes) => api.put<SmartScenes>(`/smart/rooms/${roomId}/scenes`, scenes),
    onSuccess: (saved) => queryClient.setQueryData(smartSettingKeys.scenes(roomId), saved),
  });
}

/** `POST /smart/rooms/:roomId/scenes/:trigger/run`. */
export function useRunSmartScene(roomId: number) {
  return useMutation({ mutationFn: (trigger: SceneTrigger) => api.post<SmartSceneRun>(`/smart/rooms/${roomId}/scenes/${trigger}/run`) });
}

/** `GET /smart/alarms`: the device alarms, with the badge's count. */
export function useSmartAlarms(query: SmartAlarmListQuery) {
  return useQuery({
    queryKey: ['smart-room', 'alarms', query] as const,
    queryFn: ({ signal }) => api.get<SmartAlarmPage>(`/smart/alarms${queryString(query)}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: SMART_ROOM_POLL_MS,
  });
}

/** `POST /smart/alarms/:id/acknowledge`. */
export function useAcknowledgeSmartAlarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<null>(`/smart/alarms/${id}/acknowledge`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['smart-room', 'alarms'] }),
  });
}

/** `GET /smart/analysis`: booked against occupied time, health and energy per room. */
export function useSmartAnalysis(query: SmartAnalysisQuery) {
  return useQuery({
    queryKey: ['smart-room', 'analysis', query] as const,
    queryFn: ({ signal }) => api.get<SmartAnalysis>(`/smart/analysis${queryString(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
