import type { AddBlacklistBody, BlacklistCandidate, BlacklistPage, BlacklistQuery } from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';

const keys = {
  all: ['blacklist'] as const,
  list: (query: Partial<BlacklistQuery>) => ['blacklist', 'list', query] as const,
  candidates: (keyword: string) => ['blacklist', 'candidates', keyword] as const,
};

/** `GET /meeting/blacklist/list`: entries newest first, with their state now. */
export function useBlacklist(query: Partial<BlacklistQuery>) {
  return useQuery({
    queryKey: keys.list(query),
    queryFn: ({ signal }) => api.get<BlacklistPage>('/meeting/blacklist/list', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /meeting/blacklist/candidates`: colleagues to bar. */
export function useBlacklistCandidates(keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.candidates(keyword),
    queryFn: ({ signal }) => api.get<BlacklistCandidate[]>('/meeting/blacklist/candidates', { query: { keyword }, signal }),
    enabled,
  });
}

function useBlacklistMutation<B, R>(call: (body: B) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }) });
}

/** Saves show the server's message themselves. */
export const useAddBlacklist = () => useBlacklistMutation((body: AddBlacklistBody) => api.post<{ id: number }>('/meeting/blacklist/add', body, { notify: false }));
export const useLiftBlacklist = () => useBlacklistMutation((id: number) => api.post<null>('/meeting/blacklist/lift', { id }, { notify: false }));
