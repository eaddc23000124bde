import type {
  CheckResetResult,
  CreateCompanyBody,
  LoginResult,
  RegistrationStatus,
  ResetPasswordBody,
  SendRegistrationCodeBody,
  VerifyRegistrationCodeBody,
  VerifyRegistrationCodeResult,
} from '@atrium/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';
import type { ApiError } from '../../../shared/api/api-client';

// The pages show the server's refusals beside the form themselves, so no toasts.

export const REGISTRATION_STATUS_KEY = ['registration', 'status'] as const;

/** `GET /register/status`: whether "Create a company" is offered. */
export function useRegistrationStatus() {
  return useQuery({
    queryKey: REGISTRATION_STATUS_KEY,
    queryFn: ({ signal }) => api.get<RegistrationStatus>('/register/status', { signal, notify: false }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useSendRegistrationCode() {
  return useMutation({ mutationFn: (body: SendRegistrationCodeBody) => api.post<null>('/register/sendCode', body, { notify: false }) });
}

export function useVerifyRegistrationCode() {
  return useMutation({
    mutationFn: (body: VerifyRegistrationCodeBody) => api.post<VerifyRegistrationCodeResult>('/register/verifyCode', body, { notify: false }),
  });
}

/** `POST /register/create`; the page shows each failure once (`claim`: a taken domain under the domain, others in its alert). */
export function useCreateCompany(claim: (error: ApiError) => boolean) {
  return useMutation({ mutationFn: (body: CreateCompanyBody) => api.post<LoginResult>('/register/create', body, { claim }) });
}

/** `GET /user/sendResetPasswordEmail`: the answer is the same whether or not the account exists. */
export function useSendResetMail() {
  return useMutation({ mutationFn: (email: string) => api.get<null>('/user/sendResetPasswordEmail', { query: { email }, notify: false }) });
}

export function useResetCheck(reqToken: string) {
  return useQuery({
    queryKey: ['password-reset', reqToken],
    queryFn: ({ signal }) => api.get<CheckResetResult>('/user/checkResetReq', { query: { reqToken }, signal, notify: false }),
    retry: false,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: (body: ResetPasswordBody) => api.post<null>('/user/resetPassword', body, { notify: false }) });
}
