import type { CompanyInfo, UpdateCompanyBody } from '@atrium/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';
import { sessionKeys } from '../../../shared/session/session.api';

export const companyKeys = { company: ['company'] as const };

/** `GET /company`: the caller's company. */
export const companyQuery = queryOptions({
  queryKey: companyKeys.company,
  queryFn: ({ signal }) => api.get<CompanyInfo>('/company', { signal }),
});

/** `POST /company/updateCompany`; the shell's logo and name come from the current user, refreshed here. */
export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCompanyBody) => api.post<CompanyInfo>('/company/updateCompany', body, { notify: false }),
    onSuccess: async (company) => {
      queryClient.setQueryData(companyKeys.company, company);
      await queryClient.invalidateQueries({ queryKey: sessionKeys.currentUser });
    },
  });
}
