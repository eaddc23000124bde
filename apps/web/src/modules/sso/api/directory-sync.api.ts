import type { DirectoryOptions, DirectorySyncCheckInput, DirectorySyncCheckResult, DirectorySyncReport, DirectorySyncSetting, UpdateDirectorySyncSettingInput, UpdateWorkChatSettingInput, WorkChatProvider, WorkChatSetting } from '@atrium/contract';
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

export const workChatKeys = { setting: (provider: WorkChatProvider) => ['work-chat', 'setting', provider] as const, roles: ['work-chat', 'roles'] as const };

/** `GET /work-chat/setting`: one provider's setting; the secret is never in it, only `hasSecret`. */
export const workChatSettingQuery = (provider: WorkChatProvider) =>
  queryOptions({
    queryKey: workChatKeys.setting(provider),
    queryFn: ({ signal }) => api.get<WorkChatSetting>('/work-chat/setting', { query: { provider }, signal }),
  });

/** The company's roles, for the role mapping's choices (`GET /user/directoryOptions`). */
export const mappingRolesQuery = queryOptions({
  queryKey: workChatKeys.roles,
  queryFn: async ({ signal }) => (await api.get<DirectoryOptions>('/user/directoryOptions', { signal })).roles,
});

/** `PUT /work-chat/setting`; the card shows a refusal itself. */
export function useSaveWorkChatSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateWorkChatSettingInput) => api.put<WorkChatSetting>('/work-chat/setting', body, { notify: false }),
    onSuccess: (setting) => queryClient.setQueryData(workChatKeys.setting(setting.provider), setting),
  });
}

/** `POST /company/sync-work-wechat`: runs the provider's sync with its saved setting; the card shows a refusal itself. */
export function useRunWorkChatSync(provider: WorkChatProvider) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<DirectorySyncReport>('/company/sync-work-wechat', { provider }, { notify: false }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workChatKeys.setting(provider) }),
  });
}
