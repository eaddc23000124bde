import type { ApplicationQuery, InviteVisitBody, RejectVisitBody, ScannedVisit, VisitorSettings, VisitRule, VisitRuleBody, WatchEntry, WatchEntryBody, Visit, VisitHost, VisitLocation, VisitPage, VisitQuery, VisitReason } from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';

const keys = {
  all: ['visitor'] as const,
  reasons: ['visitor', 'reasons'] as const,
  visits: ['visitor', 'visits'] as const,
  mine: (query: Partial<VisitQuery>) => ['visitor', 'visits', 'mine', query] as const,
  list: (query: Partial<VisitQuery>) => ['visitor', 'visits', 'list', query] as const,
  detail: (id: number) => ['visitor', 'visits', 'detail', id] as const,
  // Under the visits' key: a check-in or a cancellation refreshes the applications too.
  applications: (query: Partial<ApplicationQuery>) => ['visitor', 'visits', 'applications', query] as const,
  hosts: (keyword: string) => ['visitor', 'hosts', keyword] as const,
  locations: ['visitor', 'locations'] as const,
  rules: ['visitor', 'rules'] as const,
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

/** The visitor preferences (visitor display view). */
export function useVisitorSettings() {
  return useQuery({ queryKey: [...keys.all, 'settings'], queryFn: ({ signal }) => api.get<VisitorSettings>('/visitor/settings', { signal }) });
}

/** Reception's watchlist (visitor display view). */
export function useWatchlist() {
  return useQuery({ queryKey: [...keys.all, 'watchlist'], queryFn: ({ signal }) => api.get<WatchEntry[]>('/visitor/watchlist', { signal }) });
}

/** `GET /visitor/rule/list`: what each place asks of walk-ins, by place then reason (visitor display view). */
export function useVisitRules() {
  return useQuery({ queryKey: keys.rules, queryFn: ({ signal }) => api.get<VisitRule[]>('/visitor/rule/list', { signal }) });
}

/** `GET /visitor/hosts`: colleagues to host a visit. */
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

/** A change whose answer carries the server's message, which the caller toasts, as it does a failure (`notify: false`). */
function useVisitorAnswer<B, R>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (body: B) => api.answer<R>('POST', path, { body, notify: false }), onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }) });
}

/** Saves show the server's message themselves (`notify: false`). */
export const useAddVisitReason = () => useVisitorMutation((name: string) => api.post<{ id: number }>('/visitor/reason/add', { name }, { notify: false }));
export const useRenameVisitReason = () => useVisitorMutation((body: { id: number; name: string }) => api.post<null>('/visitor/reason/update', body, { notify: false }));
export const useDeleteVisitReason = () => useVisitorMutation((id: number) => api.post<null>('/visitor/reason/delete', { id }, { notify: false }));
/** Invites: `id` is the first visit made, `ids` every visit (one per visitor and repeat). */
export const useInviteVisit = () => useVisitorMutation((body: InviteVisitBody) => api.post<{ id: number; ids: number[] }>('/visitor/invite', body, { notify: false }));
export const useCancelVisit = () => useVisitorMutation((id: number) => api.post<null>('/visitor/cancel', { id }, { notify: false }));
export const useCheckInVisit = () => useVisitorMutation((id: number) => api.post<null>('/visitor/check-in', { id }, { notify: false }));
/** Reception: checks in the visit of a scanned pass (the link a scanner types, or its token). */
export const useScanVisitPass = () => useVisitorMutation((code: string) => api.post<ScannedVisit>('/visitor/scan', { code }, { notify: false }));
export const useCheckOutVisit = () => useVisitorMutation((id: number) => api.post<null>('/visitor/check-out', { id }, { notify: false }));
export const useSaveWatchEntry = () =>
  useVisitorMutation((body: WatchEntryBody & { id?: number }) => api.post<unknown>(body.id === undefined ? '/visitor/watchlist/add' : '/visitor/watchlist/update', body, { notify: false }));
export const useDeleteWatchEntry = () => useVisitorMutation((id: number) => api.post<null>('/visitor/watchlist/delete', { id }, { notify: false }));
export const useSaveVisitorSettings = () => useVisitorMutation((body: VisitorSettings) => api.post<null>('/visitor/settings', body, { notify: false }));
/** Sets a place's rule for a reason (or every reason), replacing the one it had. */
export const useSaveVisitRule = () => useVisitorAnswer<VisitRuleBody, VisitRule>('/visitor/rule/save');
export const useDeleteVisitRule = () => useVisitorAnswer<{ id: number }, null>('/visitor/rule/delete');

// ---- Applications: walk-ins who registered themselves, approved by their host ----

/** How often the applications are read again while shown: a walk-in may be waiting at the door. */
export const APPLICATION_REFRESH_MS = 30_000;

/**
 * `GET /visitor/apply/list`: the applications the caller decides (their own visitors'; reception the
 * company's). Failures are not toasted at every refresh: the page says them once, above the list.
 */
export function useApplications(query: Partial<ApplicationQuery>) {
  return useQuery({
    queryKey: keys.applications(query),
    queryFn: ({ signal }) => api.get<VisitPage>('/visitor/apply/list', { query, signal, notify: false }),
    placeholderData: keepPreviousData,
    refetchInterval: APPLICATION_REFRESH_MS,
  });
}

/** How many applications wait for the caller's decision (the invite page's badge); undefined until known or when unreadable. */
export function usePendingApplicationCount(): number | undefined {
  return useApplications({ state: 'pending', page: 1, pageSize: 1 }).data?.total;
}

/**
 * A decision on an application: resolves with the server's message ("Kim is approved"), which the
 * caller toasts, as it does a failure (`notify: false`). The visits are read again after any answer:
 * an application decided meanwhile (422) leaves the list too.
 */
function useDecision<B>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api.answer<null>('POST', path, { body, notify: false }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.visits }),
  });
}

export const useApproveVisit = () => useDecision<{ id: number }>('/visitor/apply/approve');
export const useRejectVisit = () => useDecision<RejectVisitBody>('/visitor/apply/reject');
