import type { OperationLogEntry, OperationLogQuery, Page } from '@atrium/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';
import { downloadFile } from '../../../shared/api/download';
import type { ExportFormat } from '../../../shared/ui/export-button';

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

/** `GET /operation-log/export`: the entries matching the list's filters as a file. */
export function downloadOperationLog(filters: Omit<OperationLogQuery, 'page' | 'pageSize'>, format: ExportFormat, fallbackMessage: string): Promise<void> {
  return downloadFile('/operation-log/export', { query: { ...filters, format } }, `operation-log.${format}`, fallbackMessage);
}
