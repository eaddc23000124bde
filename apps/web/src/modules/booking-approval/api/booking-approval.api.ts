import type { ApprovalDecision, ApprovalItem, ApprovalListQuery, ApprovalScope, ApprovalSettings, Page } from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';

export const approvalKeys = {
  all: ['approval'] as const,
  list: (query: Partial<ApprovalListQuery>) => ['approval', 'list', query] as const,
  settings: ['approval', 'settings'] as const,
};

/** `GET /meeting/approval/list`: one page of a tab. */
export function useApprovals(query: Partial<ApprovalListQuery>, enabled = true) {
  return useQuery({
    queryKey: approvalKeys.list(query),
    queryFn: ({ signal }) => api.get<Page<ApprovalItem>>('/meeting/approval/list', { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A decision that refreshes every approval list when it succeeds (the API client shows refusals). */
function useApprovalMutation<Body>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => api.post<ApprovalDecision>(path, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: approvalKeys.all }),
  });
}

export const useApprove = () => useApprovalMutation<{ id: number; scope: ApprovalScope }>('/meeting/approval/approve');
export const useReject = () => useApprovalMutation<{ id: number; scope: ApprovalScope; reason: string }>('/meeting/approval/reject');
export const useWithdraw = () => useApprovalMutation<{ id: number }>('/meeting/approval/withdraw');

/** `GET /meeting/approval/settings`: the company's approval deadline. */
export function useApprovalSettings(enabled: boolean) {
  return useQuery({ queryKey: approvalKeys.settings, queryFn: ({ signal }) => api.get<ApprovalSettings>('/meeting/approval/settings', { signal }), enabled });
}

export function useSaveApprovalSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApprovalSettings) => api.put<ApprovalSettings>('/meeting/approval/settings', body),
    onSuccess: (result) => queryClient.setQueryData(approvalKeys.settings, result),
  });
}
