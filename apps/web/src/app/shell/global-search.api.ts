import type { CalendarShares, CompanySearchResult, MeetingSearchResult, Schedule } from '@atrium/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/api';

/** Rows of each kind the overlay shows. */
export const SEARCH_ROWS_PER_KIND = 5;

// The search is a convenience: a failed call leaves its section out and says nothing.
const quiet = { notify: false } as const;

/** `GET /tenant/company/search`: people of the company. */
export function usePeopleSearch(keyword: string) {
  return useQuery({
    enabled: keyword !== '',
    queryKey: ['globalSearch', 'people', keyword],
    queryFn: ({ signal }) => api.get<CompanySearchResult>('/tenant/company/search', { query: { keyword, limit: SEARCH_ROWS_PER_KIND }, signal, ...quiet }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /meeting/schedule` with a keyword: rooms by name or place, with their path and zone (today's day, unused here). */
export function useRoomSearch(keyword: string, date: string, enabled: boolean) {
  return useQuery({
    enabled: enabled && keyword !== '',
    queryKey: ['globalSearch', 'rooms', keyword, date],
    queryFn: ({ signal }) => api.get<Schedule>('/meeting/schedule', { query: { date, keyword, pageSize: SEARCH_ROWS_PER_KIND }, signal, ...quiet }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /meeting/search`: meetings by title, as far as the caller may see them. */
export function useMeetingSearch(keyword: string, enabled: boolean) {
  return useQuery({
    enabled: enabled && keyword !== '',
    queryKey: ['globalSearch', 'meetings', keyword],
    queryFn: ({ signal }) => api.get<MeetingSearchResult>('/meeting/search', { query: { keyword, limit: SEARCH_ROWS_PER_KIND }, signal, ...quiet }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /meeting/calendar/shares`: whose calendars the caller may open (the key /reserve uses too). */
export function useSharesForSearch(enabled: boolean) {
  return useQuery({ enabled, queryKey: ['booking', 'shares'], queryFn: ({ signal }) => api.get<CalendarShares>('/meeting/calendar/shares', { signal, ...quiet }) });
}
