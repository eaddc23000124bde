import type { LoginBody, LoginResult, UpdateDefaultPasswordBody, WorkChatAuthCodeBody, WorkChatProvider, WorkChatProviders } from '@atrium/contract';
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

/** `GET /oauth/work-chat/login`: the provider's sign-in page for the company's WeCom, Feishu or DingTalk app; the page shows a refusal itself. */
export function useWorkChatLoginUrl() {
  return useMutation({
    mutationFn: (query: { provider: WorkChatProvider; domain: string; redirect?: string }) => api.get<{ url: string }>('/oauth/work-chat/login', { query, notify: false }),
  });
}

/** `GET /oauth/work-chat/providers`: the work-chat apps a company offers sign-in with. */
export function fetchWorkChatProviders(domain: string): Promise<WorkChatProviders> {
  return api.get<WorkChatProviders>('/oauth/work-chat/providers', { query: { domain }, notify: false });
}

/** `POST /oauth/work-chat/auth-code`: the corpId start-up sign-in of a console opened inside a work-chat app. */
export function signInWithAppCode(body: WorkChatAuthCodeBody): Promise<LoginResult> {
  return api.post<LoginResult>('/oauth/work-chat/auth-code', body, { notify: false });
}
