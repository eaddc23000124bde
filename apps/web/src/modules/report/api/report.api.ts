import type { Envelope, ReportAnalysis, ReportAnalysisQuery, ReportExportBody, ReportListQuery, ReportOptions, ReportPage } from '@atrium/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';
import { saveFile } from '../../../shared/api/save-file';
import { currentLang } from '../../../shared/i18n/i18n';

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

/**
 * `POST /report/export`: the file comes back as an attachment, not an envelope, so this call goes
 * around the JSON client; a refusal ("no data to export") carries the server's message.
 */
export async function downloadReport(body: Partial<ReportExportBody>, fallbackMessage: string): Promise<void> {
  const response = await fetch('/api/report/export', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: '*/*', lang: currentLang() },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as Envelope<unknown> | null;
    throw new Error(envelope?.message || fallbackMessage);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `meeting-records.${body.format ?? 'xlsx'}`;
  saveFile(await response.blob(), name);
}
