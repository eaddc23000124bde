import type { NoticeConfig, NoticeConfigResult } from '@atrium/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';

const NOTICE_KEY = ['notice-config'] as const;

/** `POST /config/notice/query`: the company's booking notification configuration. */
export const noticeConfigQuery = queryOptions({
  queryKey: NOTICE_KEY,
  queryFn: ({ signal }) => api.post<NoticeConfigResult>('/config/notice/query', {}, { signal }),
});

/** `POST /config/notice/update`; the card shows a refusal itself. */
export function useSaveNoticeConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NoticeConfig) => api.post<NoticeConfigResult>('/config/notice/update', body, { notify: false }),
    onSuccess: (saved) => queryClient.setQueryData(NOTICE_KEY, saved),
  });
}
