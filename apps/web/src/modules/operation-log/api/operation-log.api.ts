import type { OperationLogEntry, OperationLogQuery, Page } from '@atrium/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';

/** `GET /operation-log/list`: a page of the company's changes, newest first. */
export function useOperationLog(query: OperationLogQuery) {
  return useQuery({
    queryKey: ['operationLog', query],
    queryFn: ({ signal }) => api.get<Page<OperationLogEntry>>('/operation-log/list', { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    // A log is read to see what just happened: every filter change and revisit asks again.
    staleTime: 0,
  });
}
