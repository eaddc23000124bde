import type { InstallLicenceBody, LicenceOverview } from '@atrium/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';

export const licenceKeys = { overview: ['licence', 'overview'] as const };

/**
 * `GET /company/licence`: each licensed module's state, the installed licences and the seats. Quiet: the
 * banners ask it on every licensed page, and a failure there is no news of its own.
 */
export const licenceOverviewQuery = queryOptions({
  queryKey: licenceKeys.overview,
  queryFn: ({ signal }) => api.get<LicenceOverview>('/company/licence', { signal, notify: false }),
  staleTime: 60_000,
});

/** `POST /company/licence`: installs a token; the form shows a refusal itself. */
export function useInstallLicence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InstallLicenceBody) => api.answer<LicenceOverview>('POST', '/company/licence', { body, notify: false }),
    onSuccess: ({ result }) => queryClient.setQueryData(licenceKeys.overview, result),
  });
}
