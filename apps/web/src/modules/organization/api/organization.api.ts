import type { OrganizationChart } from '@atrium/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';
import { downloadFile } from '../../../shared/api/download';
import type { ExportFormat } from '../../../shared/ui/export-button';

/** Which organisation page: members (by department) or roles. */
export type OrganizationView = 'members' | 'roles';

/** `GET /organization/<view>`: every department and role, and the people matching the keyword. */
export function useOrganizationChart(view: OrganizationView, keyword: string | undefined) {
  return useQuery({
    queryKey: ['organization', view, keyword ?? ''],
    queryFn: ({ signal }) => api.get<OrganizationChart>(`/organization/${view}`, { query: { keyword }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /organization/<view>/export`: the same people as a file. */
export function downloadOrganization(view: OrganizationView, keyword: string | undefined, format: ExportFormat, fallbackMessage: string): Promise<void> {
  return downloadFile(`/organization/${view}/export`, { query: { keyword, format } }, `organization-${view}.${format}`, fallbackMessage);
}
