import type { InviteVisitBody, ScannedVisit, VisitorSettings, WatchEntry, WatchEntryBody, Visit, VisitHost, VisitLocation, VisitPage, VisitQuery, VisitReason } from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';

const keys = {
  all: ['visitor'] as const,
  reasons: ['visitor', 'reasons'] as const,
  visits: ['visitor', 'visits'] as const,
  mine: (query: Partial<VisitQuery>) => ['visitor', 'visits', 'mine', query] as const,
  list: (query: Partial<VisitQuery>) => ['visitor', 'visits', 'list', query] as const,
  detail: (id: number) => ['visitor', 'visits', 'detail', id] as const,
  hosts: (keyword: string) => ['visitor', 'hosts', keyword] as const,
  locations: ['visitor', 'locations'] as const,
};

/** `GET /visitor/reason/list`: the company's visit reasons, by name. */
export function useVisitReasons() {
  return useQuery({ queryKey: keys.reasons, queryFn: ({ signal }) => api.get<VisitReason[]>('/visitor/reason/list', { signal }) });
}

/** `GET /visitor/mine`: the visits the caller hosts or invited (the invite page). */
export function useMyVisits(query: Partial<VisitQuery>) {
  return useQuery({ queryKey: keys.mine(query), queryFn: ({ signal }) => api.get<VisitPage>('/visitor/mine', { query, signal }), placeholderData: keepPreviousData });
}

/** `GET /visitor/list`: the visits the caller may read (the records page). */
export function useVisits(query: Partial<VisitQuery>) {
  return useQuery({ queryKey: keys.list(query), queryFn: ({ signal }) => api.get<VisitPage>('/visitor/list', { query, signal }), placeholderData: keepPreviousData });
}

/** `GET /visitor/detail`. */
export function useVisit(id: number) {
  return useQuery({ queryKey: keys.detail(id), queryFn: ({ signal }) => api.get<Visit>('/visitor/detail', { query: { id }, signal }), enabled: Number.isInteger(id) && id > 0 });
}

/** `GET /visitor/hosts`: colleagues to host a visit. */
/** The visitor preferences (visitor display view). */
export function useVisitorSettings() {
  return useQuery({ queryKey: [...keys.all, 'settings'], queryFn: ({ signal }) => api.get<VisitorSettings>('/visitor/settings', { signal }) });
}

/** Reception's watchlist (visitor display view). */
export function useWatchlist() {
  return useQuery({ queryKey: [...keys.all, 'watchlist'], queryFn: ({ signal }) => api.get<WatchEntry[]>('/visitor/watchlist', { signal }) });
}

export function useVisitHosts(keyword: string) {
  return useQuery({ queryKey: keys.hosts(keyword), queryFn: ({ signal }) => api.get<VisitHost[]>('/visitor/hosts', { query: { keyword }, signal }) });
}

/** `GET /visitor/locations`: buildings and their floors. */
export function useVisitLocations() {
  return useQuery({ queryKey: keys.locations, queryFn: ({ signal }) => api.get<VisitLocation[]>('/visitor/locations', { signal }) });
}

function useVisitorMutation<B, R>(call: (body: B) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }) });
}

/** Saves show the server's message themselves (`notify: false`). */
export const useAddVisitReason = () => useVisitorMutation((name: string) => api.post<{ id: number }>('/visitor/reason/add', { name }, { notify: false }));
export const useRenameVisitReason = () => useVisitorMutation((body: { id: number; name: string }) => api.post<null>('/visitor/reason/update', body, { notify: false }));
export const useDeleteVisitReason = () => useVisitorMutation((id: number) => api.post<null>('/visitor/reason/delete', { id }, { notify: false }));
export const useInviteVisit = () => useVisitorMutation((body: InviteVisitBody) => api.post<{ id: number }>('/visitor/invite', body, { notify: false }));
export const useCancelVisit = () => useVisitorMutation((id: number) => api.post<null>('/visitor/cancel', { id }, { notify: false }));
export const useCheckInVisit = () => useVisitorMutation((id: number) => api.post<null>('/visitor/check-in', { id }, { notify: false }));
/** Reception: checks in the visit of a scanned pass (the link a scanner types, or its token). */
export const useScanVisitPass = () => useVisitorMutation((code: string) => api.post<ScannedVisit>('/visitor/scan', { code }, { notify: false }));
export const useCheckOutVisit = () => useVisitorMutation((id: number) => api.post<null>('/visitor/check-out', { id }, { notify: false }));
export const useSaveWatchEntry = () =>
  useVisitorMutation((body: WatchEntryBody & { id?: number }) => api.post<unknown>(body.id === undefined ? '/visitor/watchlist/add' : '/visitor/watchlist/update', body, { notify: false }));
export const useDeleteWatchEntry = () => useVisitorMutation((id: number) => api.post<null>('/visitor/watchlist/delete', { id }, { notify: false }));
export const useSaveVisitorSettings = () => useVisitorMutation((body: VisitorSettings) => api.post<null>('/visitor/settings', body, { notify: false }));
