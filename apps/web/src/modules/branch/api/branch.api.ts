import type {
  Branch,
  BranchList,
  CreateBranchBody,
  MenuPermissionsResult,
  Release,
  ReleaseNotesResult,
  StoreListBody,
  StorePage,
  UpdateBranchBody,
  UpdatedInstructionsBody,
} from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';

const BOSS = '/boss/storeManager';

const keys = {
  all: ['branch'] as const,
  branches: ['branch', 'list'] as const,
  companies: (body: Partial<StoreListBody>) => ['branch', 'companies', body] as const,
  releaseNotes: ['release-notes'] as const,
};

/** `GET /boss/storeManager/getBranch`. */
export function useBranches() {
  return useQuery({ queryKey: keys.branches, queryFn: ({ signal }) => api.get<BranchList>(`${BOSS}/getBranch`, { signal }) });
}

/** `POST /boss/storeManager/getStoreList`: the installation's companies. */
export function useCompanies(body: Partial<StoreListBody>) {
  return useQuery({
    queryKey: keys.companies(body),
    queryFn: ({ signal }) => api.post<StorePage>(`${BOSS}/getStoreList`, body, { signal }),
    placeholderData: keepPreviousData,
  });
}

function useBranchMutation<B, R>(call: (body: B) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }) });
}

/** Forms show the server's message themselves (on a field or in a toast of their own). */
export const useCreateBranch = () => useBranchMutation((body: CreateBranchBody) => api.answer<Branch>('POST', `${BOSS}/createBranch`, { body, notify: false }));
export const useUpdateBranch = () => useBranchMutation((body: UpdateBranchBody) => api.answer<Branch>('POST', `${BOSS}/updateBranch`, { body, notify: false }));
export const useSaveInstructions = () =>
  useBranchMutation((body: UpdatedInstructionsBody) => api.answer<Branch>('POST', `${BOSS}/updatedInstructions`, { body, notify: false }));
export const useReleaseVersion = () => useBranchMutation((branchId: number) => api.answer<Release>('POST', `${BOSS}/releaseVersion`, { body: { branchId } }));
export const useSetBranchMenu = () =>
  useBranchMutation((body: { branchId: number; menuKeys: string[] | null }) => api.answer<MenuPermissionsResult>('POST', `${BOSS}/menuPermissions`, { body }));

/** `GET /branch/releaseNotes`: the company's version and the caller's unread release notes (once per console load). */
export function useReleaseNotes() {
  return useQuery({
    queryKey: keys.releaseNotes,
    queryFn: ({ signal }) => api.get<ReleaseNotesResult>('/branch/releaseNotes', { signal, notify: false }),
    staleTime: Infinity,
  });
}

/** `POST /branch/releaseNotes/read`: dismissed; not shown to the caller again. */
export function useDismissReleaseNotes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => Promise.all(ids.map((id) => api.post<null>('/branch/releaseNotes/read', { id }))),
    onSuccess: () =>
      queryClient.setQueryData<ReleaseNotesResult>(keys.releaseNotes, (current) => (current ? { ...current, unread: [] } : current)),
  });
}
