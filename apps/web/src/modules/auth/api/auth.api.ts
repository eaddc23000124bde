import type { LoginBody, LoginResult, UpdateDefaultPasswordBody } from '@atrium/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';
import { preferencesStore } from '../../../shared/preferences/preferences-store';

/** `POST /login`. The form shows the server's message itself, so no toast. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => api.post<LoginResult>('/login', body, { notify: false }),
    // A new session: whatever was cached belonged to the previous one.
    onSuccess: () => queryClient.clear(),
  });
}

/** `POST /user/updateDefaultPassword`: the first-sign-in change; the server then ends every session. */
export function useUpdateDefaultPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateDefaultPasswordBody) => api.post<null>('/user/updateDefaultPassword', body, { notify: false }),
    onSuccess: () => queryClient.clear(),
  });
}

/** `GET /logout`: ends the session and forgets everything cached for it. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.get<null>('/logout'),
    onSuccess: () => {
      queryClient.clear();
      preferencesStore.deactivate();
    },
  });
}
