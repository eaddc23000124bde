import type { ApplicationList, SwitchApplicationBody } from '@atrium/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';
import { sessionKeys } from '../../../shared/session/session.api';

export const applicationKeys = { list: ['application', 'list'] as const };

/** `GET /company/application`: the company's applications and the first page of each the caller may open. */
export const applicationListQuery = queryOptions({
  queryKey: applicationKeys.list,
  queryFn: ({ signal }) => api.get<ApplicationList>('/company/application', { signal }),
});

/** `PUT /company/application`: switching changes everyone's menu, so the caller's is asked again. */
export function useSwitchApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SwitchApplicationBody) => api.put<ApplicationList>('/company/application', body),
    onSuccess: async (list) => {
      queryClient.setQueryData(applicationKeys.list, list);
      await queryClient.invalidateQueries({ queryKey: sessionKeys.menu });
    },
  });
}
