import type { DeskOverview, DeskPeriodQuery, DeskStations, DeskToday } from '@atrium/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';
import { downloadFile } from '../../../shared/api/download';

/** How often the console's figures of today are read again. */
export const DESK_TODAY_REFRESH_MS = 60_000;

const keys = {
  today: (floorId: number | undefined) => ['desk-monitoring', 'today', floorId ?? 0] as const,
  overview: (query: DeskPeriodQuery) => ['desk-monitoring', 'overview', query] as const,
  stations: (query: DeskPeriodQuery) => ['desk-monitoring', 'desks', query] as const,
};

const periodQuery = (query: DeskPeriodQuery) => ({ from: query.from, to: query.to, ...(query.floorId === undefined ? {} : { floorId: query.floorId }) });

/** `GET /desk/monitoring/today`: today at a glance, read again every minute. */
export function useDeskToday(floorId: number | undefined) {
  return useQuery({
    queryKey: keys.today(floorId),
    queryFn: ({ signal }) => api.get<DeskToday>('/desk/monitoring/today', { query: floorId === undefined ? {} : { floorId }, signal }),
    refetchInterval: DESK_TODAY_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

/** `GET /desk/monitoring/overview`: utilisation by neighbourhood and weekday for a period. */
export function useDeskOverview(query: DeskPeriodQuery) {
  return useQuery({ queryKey: keys.overview(query), queryFn: ({ signal }) => api.get<DeskOverview>('/desk/monitoring/overview', { query: periodQuery(query), signal }), placeholderData: keepPreviousData });
}

/** `GET /desk/monitoring/desks`: each desk's figures for a period. */
export function useDeskStations(query: DeskPeriodQuery) {
  return useQuery({ queryKey: keys.stations(query), queryFn: ({ signal }) => api.get<DeskStations>('/desk/monitoring/desks', { query: periodQuery(query), signal }), placeholderData: keepPreviousData });
}

/** `POST /desk/monitoring/overview/export`: the overview's figures as an xlsx file. */
export function downloadDeskOverview(query: DeskPeriodQuery, fallbackMessage: string): Promise<void> {
  return downloadFile('/desk/monitoring/overview/export', { method: 'POST', body: periodQuery(query) }, `desk-overview-${query.from}-${query.to}.xlsx`, fallbackMessage);
}

/** `POST /desk/monitoring/desks/export`: each desk's figures as an xlsx file. */
export function downloadDeskStations(query: DeskPeriodQuery, fallbackMessage: string): Promise<void> {
  return downloadFile('/desk/monitoring/desks/export', { method: 'POST', body: periodQuery(query) }, `desk-stations-${query.from}-${query.to}.xlsx`, fallbackMessage);
}
