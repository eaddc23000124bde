import type { InfoShowSetting, InfoShowSettingList, NoticeConfig, NoticeConfigResult, SaveInfoShowSettingBody } from '@atrium/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';

export const displaySettingsKeys = {
  infoShow: ['display-settings', 'info-show'] as const,
  notice: ['display-settings', 'notice'] as const,
};

/** `GET /customSetting/getInfoShowCustomSettingList`: the company default, rooms that differ, rooms to choose. */
export const infoShowListQuery = queryOptions({
  queryKey: displaySettingsKeys.infoShow,
  queryFn: ({ signal }) => api.get<InfoShowSettingList>('/customSetting/getInfoShowCustomSettingList', { signal }),
});

/** `POST /customSetting/addInfoShowCustomSetting`; the card shows a refusal itself. */
export function useSaveInfoShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveInfoShowSettingBody) => api.post<InfoShowSetting>('/customSetting/addInfoShowCustomSetting', body, { notify: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: displaySettingsKeys.infoShow }),
  });
}

/** `POST /customSetting/delInfoShowCustomSettingByID`. */
export function useDeleteInfoShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<null>('/customSetting/delInfoShowCustomSettingByID', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: displaySettingsKeys.infoShow }),
  });
}

/** `POST /config/notice/query`: the company's booking notification configuration. */
export const noticeConfigQuery = queryOptions({
  queryKey: displaySettingsKeys.notice,
  queryFn: ({ signal }) => api.post<NoticeConfigResult>('/config/notice/query', {}, { signal }),
});

/** `POST /config/notice/update`; the card shows a refusal itself. */
export function useSaveNoticeConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NoticeConfig) => api.post<NoticeConfigResult>('/config/notice/update', body, { notify: false }),
    onSuccess: (saved) => queryClient.setQueryData(displaySettingsKeys.notice, saved),
  });
}
