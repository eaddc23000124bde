import type { CompanyOwner, Manager, ManagerListQuery, Page, TransferOwnerBody } from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';

export const managerKeys = {
  all: ['manager'] as const,
  list: (query: Partial<ManagerListQuery>) => ['manager', 'list', query] as const,
  owner: ['manager', 'owner'] as const,
};

/** `GET /manager/list`: a page of the company's administrators, the owner first. */
export function useManagers(query: Partial<ManagerListQuery>, enabled = true) {
  return useQuery({
    queryKey: managerKeys.list(query),
    queryFn: ({ signal }) => api.get<Page<Manager>>('/manager/list', { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** `GET /manager/owner`: the owner, whether the caller is the owner, and whether a transfer needs the safety password. */
export function useCompanyOwner() {
  return useQuery({ queryKey: managerKeys.owner, queryFn: ({ signal }) => api.get<CompanyOwner>('/manager/owner', { signal }) });
}

/** `PUT /manager/owner`: hands ownership to another administrator who manages roles. */
export function useTransferOwner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TransferOwnerBody) => api.put<CompanyOwner>('/manager/owner', body),
    onSuccess: async (owner) => {
      queryClient.setQueryData(managerKeys.owner, owner);
      await queryClient.invalidateQueries({ queryKey: managerKeys.all });
    },
  });
}
