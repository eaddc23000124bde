import type { FrontendLogEntry, FrontendLogQuery, Page } from '@atrium/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';

/** `GET /frontend-log/list`: a page of the errors the company's consoles reported, newest first. */
export function useFrontendLog(query: FrontendLogQuery) {
  return useQuery({
    queryKey: ['frontendLog', query],
    queryFn: ({ signal }) => api.get<Page<FrontendLogEntry>>('/frontend-log/list', { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
