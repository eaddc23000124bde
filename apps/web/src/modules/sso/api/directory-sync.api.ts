import type { DirectorySyncCheckInput, DirectorySyncCheckResult, DirectorySyncReport, DirectorySyncSetting, UpdateDirectorySyncSettingInput } from '@atrium/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';

export const directorySyncKeys = { setting: ['directory-sync', 'setting'] as const };

/** `GET /ad/setting`: the bind password is never in it, only `hasPassword`. */
export const directorySyncSettingQuery = queryOptions({
  queryKey: directorySyncKeys.setting,
  queryFn: ({ signal }) => api.get<DirectorySyncSetting>('/ad/setting', { signal }),
});

/** `PUT /ad/setting`; the form shows a refusal itself. */
export function useSaveDirectorySyncSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateDirectorySyncSettingInput) => api.put<DirectorySyncSetting>('/ad/setting', body, { notify: false }),
    onSuccess: (setting) => queryClient.setQueryData(directorySyncKeys.setting, setting),
  });
}

/** `POST /ad/check`: binds with the form's values and counts the entries. */
export function useCheckDirectorySync() {
  return useMutation({ mutationFn: (body: DirectorySyncCheckInput) => api.post<DirectorySyncCheckResult>('/ad/check', body) });
}

/** `GET /ad/synGroupAndUser`: runs a sync with the saved setting; the card shows a refusal itself. */
export function useRunDirectorySync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.get<DirectorySyncReport>('/ad/synGroupAndUser', { notify: false }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: directorySyncKeys.setting }),
  });
}
