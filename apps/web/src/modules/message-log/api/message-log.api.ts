import type { MessageLogPage, MessageLogQuery } from '@atrium/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';

/** `GET /message/log`: every message the console sent, newest first. */
export function useMessageLog(query: Partial<MessageLogQuery>) {
  return useQuery({
    queryKey: ['messageLog', query],
    queryFn: ({ signal }) => api.get<MessageLogPage>('/message/log', { query, signal }),
    placeholderData: keepPreviousData,
  });
}
