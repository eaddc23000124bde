import type {
  AddActivationCodeBody,
  AddLightCycleBody,
  AddScreenSettingBody,
  BatchCancelDevicesBody,
  DeviceListBody,
  DisplayRoom,
  DoorDisplay,
  LightCycle,
  Page,
  ScreenSetting,
  UpdateDeviceBody,
  UpdateLightCycleBody,
  UpdateScreenSettingBody,
} from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';

export const doorDisplayKeys = {
  all: ['door-display'] as const,
  list: (body: DeviceListBody) => ['door-display', 'list', body] as const,
  rooms: ['door-display', 'rooms'] as const,
  settings: ['door-display', 'settings'] as const,
  cycles: (deviceId: number) => ['door-display', 'cycles', deviceId] as const,
};

/** `POST /deviceActivation/findRoomDeviceActivationList`: a page of door displays. */
export function useDoorDisplays(body: DeviceListBody) {
  return useQuery({
    queryKey: doorDisplayKeys.list(body),
    queryFn: ({ signal }) => api.post<Page<DoorDisplay>>('/deviceActivation/findRoomDeviceActivationList', body, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /deviceActivation/rooms`: the rooms a display may be bound to. */
export function useDisplayRooms() {
  return useQuery({ queryKey: doorDisplayKeys.rooms, queryFn: ({ signal }) => api.get<DisplayRoom[]>('/deviceActivation/rooms', { signal }) });
}

/** A mutation that refreshes every door-display query when it succeeds. */
function useDisplayMutation<Body, Result>(fn: (body: Body) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: doorDisplayKeys.all }),
  });
}

export const useAddActivationCode = () =>
  useDisplayMutation((body: AddActivationCodeBody) => api.post<{ list: DoorDisplay[] }>('/deviceActivation/addDeviceActivationCode', body));

export const useUpdateDoorDisplay = () =>
  useDisplayMutation((body: UpdateDeviceBody) => api.post<DoorDisplay>('/deviceActivation/updateRoomDeviceActivation', body));

export const useCancelDoorDisplays = () =>
  useDisplayMutation((body: BatchCancelDevicesBody) => api.post<{ count: number }>('/deviceActivation/batchCancelRoomDevice', body));

/** `GET /screenSetting/findScreenSettingList`: the screen groups. */
export function useScreenSettings(enabled = true) {
  return useQuery({
    queryKey: doorDisplayKeys.settings,
    queryFn: ({ signal }) => api.get<ScreenSetting[]>('/screenSetting/findScreenSettingList', { signal }),
    enabled,
  });
}

export const useAddScreenSetting = () => useDisplayMutation((body: AddScreenSettingBody) => api.post<{ id: number }>('/screenSetting/addScreenSetting', body));
export const useUpdateScreenSetting = () => useDisplayMutation((body: UpdateScreenSettingBody) => api.post<null>('/screenSetting/updateScreenSetting', body));
export const useDeleteScreenSetting = () => useDisplayMutation((id: number) => api.post<null>('/screenSetting/delScreenSetting', { id }));

/** `GET /deviceLightCycle/findDeviceLightCycleList`: a display's light cycles. */
export function useLightCycles(deviceId: number) {
  return useQuery({
    queryKey: doorDisplayKeys.cycles(deviceId),
    queryFn: ({ signal }) =>
      api.get<LightCycle[]>('/deviceLightCycle/findDeviceLightCycleList', { query: { deviceId, deviceUseType: 'door-display' }, signal }),
  });
}

export const useAddLightCycle = () => useDisplayMutation((body: AddLightCycleBody) => api.post<{ id: number }>('/deviceLightCycle/addDeviceLightCycle', body));
export const useUpdateLightCycle = () => useDisplayMutation((body: UpdateLightCycleBody) => api.post<null>('/deviceLightCycle/updateDeviceLightCycle', body));
export const useDeleteLightCycle = () => useDisplayMutation((id: number) => api.post<null>('/deviceLightCycle/delDeviceLightCycle', { id }));
