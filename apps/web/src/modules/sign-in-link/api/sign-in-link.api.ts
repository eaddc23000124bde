import { SIGN_IN_LINK_REFRESH_LEAD_SECONDS, type LoginResult, type QrCodePath, type SingleSignInBody } from '@atrium/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';

/**
 * `GET /v2/wx/getQrCodePath`: the drawer's one-time sign-in code, asked again shortly before it
 * expires while shown. Never cached past the drawer (gcTime 0): a used link is worthless.
 */
export function useSignInCode() {
  return useQuery({
    queryKey: ['sign-in-link', 'code'],
    queryFn: ({ signal }) => api.get<QrCodePath>('/v2/wx/getQrCodePath', { signal }),
    gcTime: 0,
    staleTime: 0,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => {
      const expiresAt = query.state.data?.expiresAt;
      if (!expiresAt) return false;
      return Math.max(1_000, expiresAt - Date.now() - SIGN_IN_LINK_REFRESH_LEAD_SECONDS * 1_000);
    },
  });
}

/** `POST /sign-in-link/sign-in`: the /single page's sign-in; the page shows a refusal itself. */
export function useSingleSignIn() {
  return useMutation({
    mutationFn: (body: SingleSignInBody) => api.post<LoginResult>('/sign-in-link/sign-in', body, { notify: false }),
  });
}
