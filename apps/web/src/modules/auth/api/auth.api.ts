import type { LoginBody, LoginResult, UpdateDefaultPasswordBody } from '@atrium/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';

/** `POST /login`. The form shows the server's message itself, so no toast. */
export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginBody) => api.post<LoginResult>('/login', body, { notify: false }),
  });
}

/** `POST /user/updateDefaultPassword`: the first-sign-in change; the server then ends every session. */
export function useUpdateDefaultPassword() {
  return useMutation({
    mutationFn: (body: UpdateDefaultPasswordBody) => api.post<null>('/user/updateDefaultPassword', body, { notify: false }),
  });
}

/** `GET /logout`: ends the session; the sign-in page then forgets what was cached for it. */
export function useLogout() {
  return useMutation({ mutationFn: () => api.get<null>('/logout') });
}

/** `GET /oauth/getSSOLoginUrl`: the provider's address for a work e-mail or a company domain; the page shows a refusal itself. */
export function useSsoLoginUrl() {
  return useMutation({
    mutationFn: (query: { email?: string; domain?: string; redirect?: string }) => api.get<{ url: string }>('/oauth/getSSOLoginUrl', { query, notify: false }),
  });
}
