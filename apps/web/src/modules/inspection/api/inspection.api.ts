import type { CompleteInspectionBody, InspectionChecklist, InspectionDue, InspectionRun, InspectionRunPage, InspectionRunQuery, SaveInspectionChecklistBody, VisitHost } from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';

const keys = {
  all: ['inspection'] as const,
  checklists: ['inspection', 'checklists'] as const,
  areas: ['inspection', 'areas'] as const,
  due: ['inspection', 'due'] as const,
  runs: (query: Partial<InspectionRunQuery>) => ['inspection', 'runs', query] as const,
  run: (id: number) => ['inspection', 'run', id] as const,
  people: (keyword: string) => ['inspection', 'people', keyword] as const,
};

/** `GET /inspection/due`: the caller's checklists and whether this period's round is done. */
export const useInspectionsDue = () => useQuery({ queryKey: keys.due, queryFn: ({ signal }) => api.get<InspectionDue[]>('/inspection/due', { signal }) });

/** `GET /inspection/checklists`: every checklist of the company (the repair area). */
export const useInspectionChecklists = (enabled: boolean) =>
  useQuery({ queryKey: keys.checklists, queryFn: ({ signal }) => api.get<InspectionChecklist[]>('/inspection/checklists', { signal }), enabled });

/** `GET /inspection/areas`: buildings and floors a checklist may cover. */
export const useInspectionAreas = (enabled: boolean) =>
  useQuery({ queryKey: keys.areas, queryFn: ({ signal }) => api.get<Array<{ id: number; name: string }>>('/inspection/areas', { signal }), enabled });

/** `GET /visitor/hosts`: the company's active colleagues (the same area reads them), to assign inspectors. */
export const useInspectorCandidates = (keyword: string, enabled: boolean) =>
  useQuery({ queryKey: keys.people(keyword), queryFn: ({ signal }) => api.get<VisitHost[]>('/visitor/hosts', { query: { keyword }, signal }), enabled });

/** `GET /inspection/runs`: recorded rounds, newest first. */
export const useInspectionRuns = (query: Partial<InspectionRunQuery>, enabled: boolean) =>
  useQuery({ queryKey: keys.runs(query), queryFn: ({ signal }) => api.get<InspectionRunPage>('/inspection/runs', { query, signal }), placeholderData: keepPreviousData, enabled });

export const useInspectionRun = (id: number | undefined) =>
  useQuery({ queryKey: keys.run(id ?? 0), queryFn: ({ signal }) => api.get<InspectionRun>('/inspection/run', { query: { id: id! }, signal }), enabled: id !== undefined });

function useInspectionMutation<B, R>(call: (body: B) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: keys.all });
      // A failed item may have filed a repair report.
      await queryClient.invalidateQueries({ queryKey: ['repair'] });
    },
  });
}

export const useSaveInspectionChecklist = () => useInspectionMutation((body: SaveInspectionChecklistBody) => api.post<InspectionChecklist>('/inspection/checklist/save', body));
export const useDeleteInspectionChecklist = () => useInspectionMutation((id: number) => api.post<null>('/inspection/checklist/delete', { id }));
/** Answers the round with the server's message ("3 passed, 1 failed"). */
export const useCompleteInspection = () => useInspectionMutation((body: CompleteInspectionBody) => api.answer<InspectionRun>('POST', '/inspection/complete', { body }));
