import { VISIT_REGISTER_HEADER, type RegisterPlace, type RegisterResult, type SelfRegisterBody, type WalkInHost } from '@atrium/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api/api';
import type { HostFinder } from './walk-in.api';

/**
 * The walk-in link's calls (a place's QR poster, `/visit-register#<token>`): public, with the link's
 * token in a header of its own, as the visitor's pass sends its own.
 */
const withLink = (token: string) => ({ headers: { [VISIT_REGISTER_HEADER]: token } });

/** `GET /visitor/register`: the page says a 404 (invalid link) or a 422 (expired) itself, in full. */
export function useRegisterPlace(token: string) {
  return useQuery({
    queryKey: ['visitor', 'register', token],
    queryFn: ({ signal }) => api.get<RegisterPlace>('/visitor/register', { ...withLink(token), signal, notify: false }),
    enabled: token !== '',
    retry: false,
  });
}

/** `GET /visitor/register/hosts`: the host picker's search through the link. */
export const registerHostFinder = (token: string): HostFinder => ({
  scope: `link:${token}`,
  search: (keyword, signal) => api.get<WalkInHost[]>('/visitor/register/hosts', { ...withLink(token), query: { keyword }, signal, notify: false }),
});

/** `POST /visitor/register`: resolves with the new visit's pass token; the form shows a refusal itself. */
export function useSelfRegister(token: string) {
  return useMutation({
    mutationFn: (body: SelfRegisterBody) => api.post<z.infer<typeof RegisterResult>>('/visitor/register', body, { ...withLink(token), notify: false }),
  });
}
