import type { OperatorLoginBody, OperatorLoginResult, OperatorProfile } from '@atrium/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';

export const operatorKeys = { current: ['operator', 'current'] as const };

/** `GET /boss/currentOperator`: who is signed in to the operator area (a 2001 leads to /boss/login). */
export function useCurrentOperator() {
  return useQuery({
    queryKey: operatorKeys.current,
    queryFn: ({ signal }) => api.get<OperatorProfile>('/boss/currentOperator', { signal, notify: false }),
    retry: false,
  });
}

/** `POST /boss/login`; the form shows the server's message itself. */
export function useOperatorLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OperatorLoginBody) => api.post<OperatorLoginResult>('/boss/login', body, { notify: false }),
    onSuccess: (answer) => queryClient.setQueryData(operatorKeys.current, answer.operator),
  });
}

/** `GET /boss/logout`. */
export function useOperatorLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.get<null>('/boss/logout'),
    onSuccess: () => queryClient.removeQueries({ queryKey: ['operator'] }),
  });
}
