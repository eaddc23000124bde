import type { VisitAnalysis, VisitAnalysisQuery, VisitExportQuery } from '@atrium/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';
import { downloadFile } from '../../../shared/api/download';

/** `GET /visitor/analysis`: the figures of the analysis page. */
export function useVisitAnalysis(query: VisitAnalysisQuery) {
  return useQuery({
    queryKey: ['visitor', 'analysis', query],
    queryFn: ({ signal }) => api.get<VisitAnalysis>('/visitor/analysis', { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /visitor/export`: the records matching the list's filters as an xlsx or csv file. */
export function downloadVisits(query: Partial<VisitExportQuery>, fallbackMessage: string): Promise<void> {
  return downloadFile('/visitor/export', { query: { ...query } }, `visits.${query.format ?? 'xlsx'}`, fallbackMessage);
}
