import type { ReportAnalysis, ReportAnalysisQuery, ReportExportBody, ReportListQuery, ReportOptions, ReportPage } from '@atrium/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';
import { downloadFile } from '../../../shared/api/download';

/** `GET /report/options`: places and rooms to narrow a report to. */
export function useReportOptions() {
  return useQuery({ queryKey: ['report', 'options'], queryFn: ({ signal }) => api.get<ReportOptions>('/report/options', { signal }) });
}

/** `GET /report/list`: meeting records, newest start first. */
export function useReportList(query: Partial<ReportListQuery>) {
  return useQuery({
    queryKey: ['report', 'list', query],
    queryFn: ({ signal }) => api.get<ReportPage>('/report/list', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /report/analysis`: the charts' figures. */
export function useReportAnalysis(query: Partial<ReportAnalysisQuery>, enabled: boolean) {
  return useQuery({
    queryKey: ['report', 'analysis', query],
    queryFn: ({ signal }) => api.get<ReportAnalysis>('/report/analysis', { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** `POST /report/export`: the filtered records as a file; a refusal ("no data to export") carries the server's message. */
export function downloadReport(body: Partial<ReportExportBody>, fallbackMessage: string): Promise<void> {
  return downloadFile('/report/export', { method: 'POST', body }, `meeting-records.${body.format ?? 'xlsx'}`, fallbackMessage);
}
