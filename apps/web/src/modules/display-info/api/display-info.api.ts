import type { InfoShowSetting, InfoShowSettingList, SaveInfoShowSettingBody } from '@atrium/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';

export const displayInfoKeys = {
  infoShow: ['display-info', 'info-show'] as const,
};

/** `GET /customSetting/getInfoShowCustomSettingList`: the company default, rooms that differ, rooms to choose. */
export const infoShowListQuery = queryOptions({
  queryKey: displayInfoKeys.infoShow,
  queryFn: ({ signal }) => api.get<InfoShowSettingList>('/customSetting/getInfoShowCustomSettingList', { signal }),
});

/** `POST /customSetting/addInfoShowCustomSetting`; the card shows a refusal itself. */
export function useSaveInfoShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveInfoShowSettingBody) => api.post<InfoShowSetting>('/customSetting/addInfoShowCustomSetting', body, { notify: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: displayInfoKeys.infoShow }),
  });
}

/** `POST /customSetting/delInfoShowCustomSettingByID`. */
export function useDeleteInfoShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<null>('/customSetting/delInfoShowCustomSettingByID', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: displayInfoKeys.infoShow }),
  });
}
