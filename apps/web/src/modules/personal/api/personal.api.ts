import type { EndSessionsBody, OwnProfile, OwnSession, UpdateProfileBody, UpdateUserPasswordBody } from '@atrium/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';
import type { ApiError } from '../../../shared/api/api-client';
import { sessionKeys } from '../../../shared/session/session.api';

export const personalKeys = {
  profile: ['personal', 'profile'] as const,
  sessions: ['personal', 'sessions'] as const,
};

/** `POST /user/updateUserPassword`: the server keeps this session and ends the user's others. */
export function useUpdateUserPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserPasswordBody) => api.post<null>('/user/updateUserPassword', body, { notify: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personalKeys.sessions }),
  });
}

/** `GET /user/common/details`: the caller's own profile. */
export const ownProfileQuery = queryOptions({
  queryKey: personalKeys.profile,
  queryFn: ({ signal }) => api.get<OwnProfile>('/user/common/details', { signal }),
});

/**
 * `PUT /user/profile`; the shell's name, avatar and time zone come from the current user, refreshed
 * here. The form shows each failure once (`claim`: on the field a 400 names, else in its alert).
 */
export function useUpdateProfile(claim: (error: ApiError) => boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => api.put<OwnProfile>('/user/profile', body, { claim }),
    onSuccess: async (profile) => {
      queryClient.setQueryData(personalKeys.profile, profile);
      await queryClient.invalidateQueries({ queryKey: sessionKeys.currentUser });
    },
  });
}

/** `GET /user/sessions`: the caller's live sessions. */
export const ownSessionsQuery = queryOptions({
  queryKey: personalKeys.sessions,
  queryFn: ({ signal }) => api.get<OwnSession[]>('/user/sessions', { signal }),
});

/** `DELETE /user/sessions`: one other session by id, or all the others. */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndSessionsBody) => api.delete<null>('/user/sessions', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: personalKeys.sessions }),
  });
}
