import type { PasswordPolicy, SafetyPasswordStatus, UpdatePasswordPolicyBody, UpdateSafetyPasswordBody } from '@atrium/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';

export const settingsKeys = {
  passwordPolicy: ['settings', 'passwordPolicy'] as const,
  safetyPassword: ['settings', 'safetyPassword'] as const,
};

/** `GET /passStrategy/getPassStrategy`. */
export const passwordPolicyQuery = queryOptions({
  queryKey: settingsKeys.passwordPolicy,
  queryFn: ({ signal }) => api.get<PasswordPolicy>('/passStrategy/getPassStrategy', { signal }),
});

/** `GET /safety-password`. */
export const safetyPasswordQuery = queryOptions({
  queryKey: settingsKeys.safetyPassword,
  queryFn: ({ signal }) => api.get<SafetyPasswordStatus>('/safety-password', { signal }),
});

/** `POST /passStrategy/updatePassStrategy`. */
export function useUpdatePasswordPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePasswordPolicyBody) => api.post<PasswordPolicy>('/passStrategy/updatePassStrategy', body, { notify: false }),
    onSuccess: (policy) => queryClient.setQueryData(settingsKeys.passwordPolicy, policy),
  });
}

/** `PUT /safety-password`. */
export function useUpdateSafetyPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSafetyPasswordBody) => api.put<null>('/safety-password', body, { notify: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.safetyPassword }),
  });
}
