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

export const groupKeys = {
  all: ['group'] as const,
  tree: (keyword: string) => ['group', 'tree', keyword] as const,
  flat: ['group', 'flat'] as const,
  members: (body: GroupMemberSearchBody) => ['group', 'members', body] as const,
  statistics: (groupId: number) => ['group', 'statistics', groupId] as const,
  swatches: ['group', 'swatches'] as const,
  locations: (parentId: number | null) => ['group', 'locations', parentId] as const,
};

/** `GET /tenant/group/list`: the department tree with member counts, filtered by keyword. */
export const groupTreeQuery = (keyword: string) =>
  queryOptions({
    queryKey: groupKeys.tree(keyword),
    queryFn: ({ signal }) => api.get<GroupNode[]>('/tenant/group/list', { query: { keyword: keyword || undefined }, signal }),
    placeholderData: keepPreviousData,
  });

export const useGroupTree = (keyword: string) => useQuery(groupTreeQuery(keyword));

/** `GET /userGroup/getList`: the departments flat, for the parent picker. */
export const useGroupFlatList = () =>
  useQuery({ queryKey: groupKeys.flat, queryFn: ({ signal }) => api.get<GroupListItem[]>('/userGroup/getList', { signal }) });

export const useGroupMembers = (body: GroupMemberSearchBody) =>
  useQuery({
    queryKey: groupKeys.members(body),
    queryFn: ({ signal }) => api.post<Page<GroupMember>>('/tenant/group/user/search', body, { signal }),
    placeholderData: keepPreviousData,
  });

export const useGroupStatistics = (groupId: number) =>
  useQuery({
    queryKey: groupKeys.statistics(groupId),
    queryFn: ({ signal }) => api.get<GroupStatistics>('/tenant/group/user/statistics', { query: { groupId }, signal }),
  });

export const useSwatches = () =>
  useQuery({ queryKey: groupKeys.swatches, queryFn: ({ signal }) => api.get<Swatch[]>('/tenant/group/style-table', { signal }) });

/** One level of the location tree (`list-of-location-or-group?selector=location`). */
export const fetchLocationChildren = (parentId: number | null) =>
  api.get<LazyTreeNode[]>('/tenant/group/list-of-location-or-group', { query: { selector: 'location', parentId: parentId ?? undefined } });

/** A mutation that refreshes everything the group pages show once it succeeds. */
function useGroupMutation<TBody, TResult>(send: (body: TBody) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => client.invalidateQueries({ queryKey: groupKeys.all }) });
}

export const useCreateGroup = () => useGroupMutation((body: CreateGroupBody) => api.post<{ id: number }>('/group', body));
export const useUpdateGroup = () => useGroupMutation((body: UpdateGroupBody) => api.put<{ id: number }>('/group', body));
export const useDeleteGroup = () => useGroupMutation((id: number) => api.delete<null>('/group', { id }));
export const useSetGroupStyle = () => useGroupMutation((body: SetGroupStyleBody) => api.put<null>('/tenant/group/style', body));
export const useCreateSwatch = () => useGroupMutation((body: CreateSwatchBody) => api.post<Swatch>('/tenant/group/style-table', body));
export const useUpdateSwatch = () => useGroupMutation((body: UpdateSwatchBody) => api.put<Swatch>('/tenant/group/style-table', body));
export const useDeleteSwatches = () => useGroupMutation((ids: number[]) => api.delete<{ deleted: number }>('/tenant/group/style-table', { ids }));
