import type {
  CreateRoleBody,
  DeleteRoleResult,
  Page,
  RoleCandidate,
  RoleDetails,
  RoleMember,
  RoleTreeNode,
  UpdateRoleBody,
} from '@atrium/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';
import { sessionKeys } from '../../../shared/session/session.api';

export interface PageRequest {
  page: number;
  pageSize: number;
  keyword: string;
}

export const roleKeys = {
  all: ['role'] as const,
  tree: ['role', 'tree'] as const,
  details: (id: number) => ['role', 'details', id] as const,
  members: (roleId: number, request: PageRequest) => ['role', 'members', roleId, request] as const,
  candidates: (request: PageRequest) => ['role', 'candidates', request] as const,
};

/** `GET /tenant/role/tree`: the company's roles with member counts. */
export const roleTreeQuery = queryOptions({
  queryKey: roleKeys.tree,
  queryFn: ({ signal }) => api.get<RoleTreeNode[]>('/tenant/role/tree', { signal }),
});

export const useRoleTree = () => useQuery(roleTreeQuery);

/** `GET /tenant/role/details`: one role with its permission switches; a missing role answers 404 without a toast. */
export function useRoleDetails(id: number) {
  return useQuery({
    queryKey: roleKeys.details(id),
    queryFn: ({ signal }) => api.get<RoleDetails>('/tenant/role/details', { query: { id }, signal, notify: false }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** `GET /tenant/role/user/search`: a page of the role's members. */
export function useRoleMembers(roleId: number, request: PageRequest) {
  return useQuery({
    queryKey: roleKeys.members(roleId, request),
    queryFn: ({ signal }) =>
      api.get<Page<RoleMember>>('/tenant/role/user/search', { query: { roleId, ...request, keyword: request.keyword || undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /tenant/role/user/candidates`: company users to add, with their current role. */
export function useRoleCandidates(request: PageRequest, enabled: boolean) {
  return useQuery({
    queryKey: roleKeys.candidates(request),
    queryFn: ({ signal }) => api.get<Page<RoleCandidate>>('/tenant/role/user/candidates', { query: { ...request, keyword: request.keyword || undefined }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * A role change, then fresh role data. The caller's own menu and permissions may have changed too
 * (their role's switches, or their membership), so the session is read again as well.
 */
function useRoleMutation<Variables, Result>(send: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: roleKeys.all }), queryClient.invalidateQueries({ queryKey: sessionKeys.all })]);
    },
  });
}

export const useCreateRole = () => useRoleMutation((body: CreateRoleBody) => api.post<{ id: number }>('/tenant/role', body));
export const useUpdateRole = () => useRoleMutation((body: UpdateRoleBody) => api.put<null>('/tenant/role', body));
export const useDeleteRole = () => useRoleMutation((id: number) => api.delete<DeleteRoleResult>('/tenant/role', { id }));
export const useSwapRoles = () => useRoleMutation(({ id, otherId }: { id: number; otherId: number }) => api.put<null>('/tenant/role/swap', { id, otherId }));
export const useAddRoleMembers = () =>
  useRoleMutation((body: { roleId: number; userIds: number[] }) => api.post<{ moved: number }>('/tenant/role/user', body));
export const useRemoveRoleMembers = () =>
  useRoleMutation((body: { roleId: number; userIds: number[] }) => api.delete<{ moved: number }>('/tenant/role/user', body));
export const useSaveRolePermissions = () =>
  useRoleMutation((body: { roleId: number; permissions: string[] }) => api.put<{ permissions: string[] }>('/tenant/role/permission', body));
