import type {
  ActivateUserBody,
  ActivationLinkResult,
  CheckActivationResult,
  CreateUserInput,
  DirectoryOptions,
  DirectoryUser,
  Page,
  UserListQuery,
} from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';
import type { ApiError } from '../../../shared/api/api-client';

export const directoryKeys = {
  all: ['directory'] as const,
  list: (query: Partial<UserListQuery>) => ['directory', 'list', query] as const,
  options: ['directory', 'options'] as const,
};

/** `POST /user/getUserList`: a page of users with the filters; the previous page stays while the next loads. */
export function useUserList(query: Partial<UserListQuery>) {
  return useQuery({
    queryKey: directoryKeys.list(query),
    queryFn: ({ signal }) => api.post<Page<DirectoryUser>>('/user/getUserList', query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Departments, roles and locations for filters and forms. */
export function useDirectoryOptions() {
  return useQuery({
    queryKey: directoryKeys.options,
    queryFn: ({ signal }) => api.get<DirectoryOptions>('/user/directoryOptions', { signal }),
    staleTime: 30_000,
  });
}

export type UserFormValues = Omit<CreateUserInput, 'roleId'> & { roleId?: number | null; status?: 'active' | 'inactive' };

/** Create (no id) or change (with id) a user; the list refreshes afterwards. */
/** `POST /user` (create) or `PUT /user` (change); the drawer shows each failure once (`claim`: under its field, else its alert). */
export function useSaveUser(claim: (error: ApiError) => boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: UserFormValues }) => {
      const body = { ...values, roleId: values.roleId ?? undefined };
      return id === undefined ? api.post<DirectoryUser>('/user', body, { claim }) : api.put<DirectoryUser>('/user', { ...body, id }, { claim });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: directoryKeys.all }),
  });
}

export function useDeleteUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api.delete<null>('/user', { ids }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: directoryKeys.all }),
  });
}

export function useMoveUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { userIds: number[]; departmentId: number | null }) => api.put<null>('/user/group', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: directoryKeys.all }),
  });
}

export function useResendActivation() {
  return useMutation({ mutationFn: (id: number) => api.post<null>('/user/resendActivation', { id }) });
}

/** `POST /user/activationLink`: a fresh activation link, shown once; earlier links stop working. */
export function useIssueActivationLink() {
  return useMutation({ mutationFn: (id: number) => api.post<ActivationLinkResult>('/user/activationLink', { id }) });
}

/** Public: whether the activation link works, for whom, and the password policy. */
export function useActivationCheck(reqToken: string) {
  return useQuery({
    queryKey: ['activation', reqToken],
    queryFn: ({ signal }) => api.get<CheckActivationResult>('/user/checkActiveUserReq', { query: { reqToken }, signal, notify: false }),
    retry: false,
  });
}

export function useActivate() {
  return useMutation({ mutationFn: (body: ActivateUserBody) => api.post<null>('/user/activeUserAndSetPassword', body, { notify: false }) });
}
