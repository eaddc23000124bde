import type {
  Page,
  SmartDeviceActivationCode,
  SmartDeviceDetail,
  SmartDeviceInput,
  SmartDeviceKind,
  SmartDeviceOptions,
  SmartDeviceRestartResult,
  SmartDeviceRow,
  SmartDeviceStatus,
} from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';
import type { ApiError } from '../../../shared/api/api-client';

/** The list's filters and page. */
export interface SmartDeviceFilters {
  page: number;
  pageSize: number;
  search?: string;
  kind?: SmartDeviceKind;
  status?: SmartDeviceStatus;
}

export const smartDeviceKeys = {
  all: ['smart-device'] as const,
  list: (filters: SmartDeviceFilters) => ['smart-device', 'list', filters] as const,
  detail: (id: number) => ['smart-device', 'detail', id] as const,
  options: (keyword: string) => ['smart-device', 'options', keyword] as const,
};

/** `GET /smart/devices`: a page of the company's devices. */
export function useSmartDevices(filters: SmartDeviceFilters) {
  return useQuery({
    queryKey: smartDeviceKeys.list(filters),
    queryFn: ({ signal }) => api.get<Page<SmartDeviceRow>>('/smart/devices', { query: { ...filters }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /smart/devices/:id`: one device with its deployers (the edit form). */
export function useSmartDevice(id: number | null) {
  return useQuery({
    queryKey: smartDeviceKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<SmartDeviceDetail>(`/smart/devices/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** `GET /smart/devices/options`: rooms, and colleagues matching the keyword. */
export function useSmartDeviceOptions(keyword: string) {
  return useQuery({
    queryKey: smartDeviceKeys.options(keyword),
    queryFn: ({ signal }) => api.get<SmartDeviceOptions>('/smart/devices/options', { query: { keyword: keyword || undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A mutation that refreshes the device queries when it succeeds. */
function useDeviceMutation<Variables, Result>(fn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: smartDeviceKeys.all }) });
}

interface SaveVariables {
  id: number | null;
  body: SmartDeviceInput;
  /** The form's placement of refused fields (shared/forms/form-failure.ts). */
  claim?: (error: ApiError) => boolean;
}

export const useSaveSmartDevice = () =>
  useDeviceMutation(({ id, body, claim }: SaveVariables) =>
    id === null ? api.post<SmartDeviceDetail>('/smart/devices', body, { claim }) : api.put<SmartDeviceDetail>(`/smart/devices/${id}`, body, { claim }),
  );

export const useDeleteSmartDevice = () => useDeviceMutation((id: number) => api.delete<null>(`/smart/devices/${id}`));

export const useIssueActivationCode = () => useDeviceMutation((id: number) => api.post<SmartDeviceActivationCode>(`/smart/devices/${id}/activation-code`));

export const useRestartSmartDevice = () =>
  useDeviceMutation(({ id, safetyPassword, claim }: { id: number; safetyPassword: string; claim?: (error: ApiError) => boolean }) =>
    api.post<SmartDeviceRestartResult>(`/smart/devices/${id}/restart`, { safetyPassword }, { claim }),
  );
