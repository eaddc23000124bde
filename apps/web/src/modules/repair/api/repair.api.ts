import type { CreateRepairBody, RepairListQuery, RepairPage, RepairReportDetail, RepairStatusBody, RepairTarget, RepairUpdateBody } from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';

const keys = {
  all: ['repair'] as const,
  list: (query: Partial<RepairListQuery>) => ['repair', 'list', query] as const,
  report: (id: number) => ['repair', 'report', id] as const,
  targets: (keyword: string) => ['repair', 'targets', keyword] as const,
};

/** `GET /repair/reports`: the company's reports, newest first. */
export function useRepairReports(query: Partial<RepairListQuery>) {
  return useQuery({ queryKey: keys.list(query), queryFn: ({ signal }) => api.get<RepairPage>('/repair/reports', { query, signal }), placeholderData: keepPreviousData });
}

/** `GET /repair/report`: one report with its steps and the bookings it moved. */
export function useRepairReport(id: number | undefined) {
  return useQuery({ queryKey: keys.report(id ?? 0), queryFn: ({ signal }) => api.get<RepairReportDetail>('/repair/report', { query: { id: id! }, signal }), enabled: id !== undefined });
}

/** `GET /repair/targets`: desks and rooms to report about. */
export function useRepairTargets(keyword: string, enabled: boolean) {
  return useQuery({ queryKey: keys.targets(keyword), queryFn: ({ signal }) => api.get<RepairTarget[]>('/repair/targets', { query: { keyword }, signal }), enabled });
}

/** `GET /repair/photo` is read with the session cookie, as an image. */
export const repairPhotoUrl = (id: number) => `/api/repair/photo?id=${id}`;

/** `POST /repair/photo` (multipart): the report's id first, then the file. */
export function uploadRepairPhoto(reportId: number, file: File): Promise<RepairReportDetail> {
  const form = new FormData();
  form.append('reportId', String(reportId));
  form.append('file', file);
  return api.post<RepairReportDetail>('/repair/photo', form, { notify: false });
}

function useRepairMutation<B>(call: (body: B) => Promise<RepairReportDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: keys.all });
      // A report that blocks use moves desk and room bookings: what shows them is read again.
      await queryClient.invalidateQueries({ queryKey: ['desk-booking'] });
    },
  });
}

/** The report and then its photos, one after another (a photo refused leaves the report filed). */
export const useReportProblem = () =>
  useRepairMutation(async ({ body, photos }: { body: CreateRepairBody; photos: File[] }) => {
    let report = await api.post<RepairReportDetail>('/repair/report', body);
    for (const photo of photos) report = await uploadRepairPhoto(report.id, photo);
    return report;
  });
export const useSetRepairStatus = () => useRepairMutation((body: RepairStatusBody) => api.post<RepairReportDetail>('/repair/report/status', body));
export const useUpdateRepair = () => useRepairMutation((body: RepairUpdateBody) => api.post<RepairReportDetail>('/repair/report/update', body));
export const useAddRepairPhoto = () => useRepairMutation(({ reportId, file }: { reportId: number; file: File }) => uploadRepairPhoto(reportId, file));
