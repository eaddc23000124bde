import type {
  CreateGroupBody,
  CreateSwatchBody,
  GroupListItem,
  GroupMember,
  GroupMemberSearchBody,
  GroupNode,
  GroupStatistics,
  LazyTreeNode,
  Page,
  SetGroupStyleBody,
  Swatch,
  UpdateGroupBody,
  UpdateSwatchBody,
} from '@atrium/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';

export const departmentKeys = {
  all: ['department'] as const,
  tree: (keyword: string) => ['department', 'tree', keyword] as const,
  flat: ['department', 'flat'] as const,
  members: (body: GroupMemberSearchBody) => ['department', 'members', body] as const,
  statistics: (groupId: number) => ['department', 'statistics', groupId] as const,
  swatches: ['department', 'swatches'] as const,
  locations: (parentId: number | null) => ['department', 'locations', parentId] as const,
};

/** `GET /tenant/group/list`: the department tree with member counts, filtered by keyword. */
export const departmentTreeQuery = (keyword: string) =>
  queryOptions({
    queryKey: departmentKeys.tree(keyword),
    queryFn: ({ signal }) => api.get<GroupNode[]>('/tenant/group/list', { query: { keyword: keyword || undefined }, signal }),
    placeholderData: keepPreviousData,
  });

export const useDepartmentTree = (keyword: string) => useQuery(departmentTreeQuery(keyword));

/** `GET /userGroup/getList`: the departments flat, for the parent picker. */
export const useDepartmentFlatList = () =>
  useQuery({ queryKey: departmentKeys.flat, queryFn: ({ signal }) => api.get<GroupListItem[]>('/userGroup/getList', { signal }) });

export const useDepartmentMembers = (body: GroupMemberSearchBody) =>
  useQuery({
    queryKey: departmentKeys.members(body),
    queryFn: ({ signal }) => api.post<Page<GroupMember>>('/tenant/group/user/search', body, { signal }),
    placeholderData: keepPreviousData,
  });

export const useDepartmentStatistics = (groupId: number) =>
  useQuery({
    queryKey: departmentKeys.statistics(groupId),
    queryFn: ({ signal }) => api.get<GroupStatistics>('/tenant/group/user/statistics', { query: { groupId }, signal }),
  });

export const useSwatches = () =>
  useQuery({ queryKey: departmentKeys.swatches, queryFn: ({ signal }) => api.get<Swatch[]>('/tenant/group/style-table', { signal }) });

/** One level of the location tree (`list-of-location-or-group?selector=location`). */
export const fetchLocationChildren = (parentId: number | null) =>
  api.get<LazyTreeNode[]>('/tenant/group/list-of-location-or-group', { query: { selector: 'location', parentId: parentId ?? undefined } });

/** A mutation that refreshes everything the group pages show once it succeeds. */
function useDepartmentMutation<TBody, TResult>(send: (body: TBody) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => client.invalidateQueries({ queryKey: departmentKeys.all }) });
}

export const useCreateDepartment = () => useDepartmentMutation((body: CreateGroupBody) => api.post<{ id: number }>('/group', body));
export const useUpdateDepartment = () => useDepartmentMutation((body: UpdateGroupBody) => api.put<{ id: number }>('/group', body));
export const useDeleteDepartment = () => useDepartmentMutation((id: number) => api.delete<null>('/group', { id }));
export const useSetDepartmentStyle = () => useDepartmentMutation((body: SetGroupStyleBody) => api.put<null>('/tenant/group/style', body));
export const useCreateSwatch = () => useDepartmentMutation((body: CreateSwatchBody) => api.post<Swatch>('/tenant/group/style-table', body));
export const useUpdateSwatch = () => useDepartmentMutation((body: UpdateSwatchBody) => api.put<Swatch>('/tenant/group/style-table', body));
export const useDeleteSwatches = () => useDepartmentMutation((ids: number[]) => api.delete<{ deleted: number }>('/tenant/group/style-table', { ids }));
