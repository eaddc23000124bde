import type {
  LinkedIdentities,
  Page,
  SendSsoMailResult,
  SsoCandidate,
  SsoCheckResult,
  SsoMember,
  SsoMemberKind,
  SsoSetting,
  UpdateSsoSettingInput,
} from '@atrium/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';

interface ListRequest {
  page: number;
  pageSize: number;
  keyword?: string;
}

export const ssoKeys = {
  all: ['sso'] as const,
  setting: ['sso', 'setting'] as const,
  members: (kind: SsoMemberKind, request: ListRequest) => ['sso', 'members', kind, request] as const,
  candidates: (request: ListRequest) => ['sso', 'candidates', request] as const,
};

/** `GET /sso/setting`: the secret is never in it, only `hasSecret`. */
export const ssoSettingQuery = queryOptions({
  queryKey: ssoKeys.setting,
  queryFn: ({ signal }) => api.get<SsoSetting>('/sso/setting', { signal }),
});

/** `GET /sso/members`: a page of the member or exception list. */
export function useSsoMembers(kind: SsoMemberKind, request: ListRequest) {
  return useQuery({
    queryKey: ssoKeys.members(kind, request),
    queryFn: ({ signal }) => api.get<Page<SsoMember>>('/sso/members', { query: { ...request, kind, keyword: request.keyword || undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /sso/candidates`: company users by name for the picker, with the lists they are on. */
export function useSsoCandidates(request: ListRequest) {
  return useQuery({
    queryKey: ssoKeys.candidates(request),
    queryFn: ({ signal }) => api.get<Page<SsoCandidate>>('/sso/candidates', { query: { ...request, keyword: request.keyword || undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** `PUT /sso/setting`; the form shows a refusal itself. */
export function useSaveSsoSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSsoSettingInput) => api.put<SsoSetting>('/sso/setting', body, { notify: false }),
    onSuccess: (setting) => queryClient.setQueryData(ssoKeys.setting, setting),
  });
}

/** `POST /sso/members` and `DELETE /sso/members`. */
export function useChangeSsoMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ...body }: { action: 'add' | 'remove'; userIds: number[]; kind: SsoMemberKind }) =>
      action === 'add' ? api.post<null>('/sso/members', body) : api.delete<null>('/sso/members', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ssoKeys.all }),
  });
}

/** `POST /sso/check`: what the issuer's discovery document says. */
export function useCheckSsoProvider() {
  return useMutation({ mutationFn: (issuer: string) => api.post<SsoCheckResult>('/sso/check', { issuer }) });
}

/** `GET /oauth/sendOauthMail`: the notice to the chosen members. */
export function useSendSsoNotice() {
  return useMutation({
    mutationFn: (userIds: number[]) => api.get<SendSsoMailResult>('/oauth/sendOauthMail', { query: { userIds: userIds.join(',') } }),
  });
}

/** `GET /oauth/identities`: the caller's accounts linked at the company's provider (/auth-add). */
export function useLinkedIdentities() {
  return useQuery({ queryKey: ['sso', 'identities'], queryFn: ({ signal }) => api.get<LinkedIdentities>('/oauth/identities', { signal }) });
}

/** `POST /oauth/link`: the provider's address to link the caller's account at; the page goes there. */
export function useStartLink() {
  return useMutation({ mutationFn: () => api.post<{ url: string }>('/oauth/link') });
}

/** `DELETE /oauth/identities`: unlink the caller's account at an issuer. */
export function useUnlinkIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (issuer: string) => api.delete<null>('/oauth/identities', { issuer }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sso', 'identities'] }),
  });
}
