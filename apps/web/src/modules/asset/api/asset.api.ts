import type {
  AddAssetCategoryBody,
  Asset,
  AssetAssignment,
  AssetCategory,
  AssetFilters,
  AssetImportReport,
  AssetModel,
  AssetOptions,
  AssetTarget,
  AssetTargetKind,
  CheckoutAssetBody,
  Page,
  RenameAssetCategoryBody,
  SaveAssetBody,
  SaveAssetModelBody,
} from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';
import { downloadFile } from '../../../shared/api/download';

const keys = {
  all: ['asset'] as const,
  categories: ['asset', 'categories'] as const,
  models: ['asset', 'models'] as const,
  options: ['asset', 'options'] as const,
  list: (query: object) => ['asset', 'list', query] as const,
  detail: (id: number) => ['asset', 'detail', id] as const,
  history: (id: number) => ['asset', 'history', id] as const,
  targets: (kind: AssetTargetKind, keyword: string) => ['asset', 'targets', kind, keyword] as const,
};

/** The list's filters as query parameters (empty ones left out). */
const queryOf = (filters: Partial<AssetFilters>) => ({ keyword: filters.keyword || undefined, status: filters.status, categoryId: filters.categoryId, locationId: filters.locationId });

// ---- The catalogue (/deskeeper-equipment) ----

export const useAssetCategories = () => useQuery({ queryKey: keys.categories, queryFn: ({ signal }) => api.get<AssetCategory[]>('/asset/category/list', { signal }) });
export const useAssetModels = () => useQuery({ queryKey: keys.models, queryFn: ({ signal }) => api.get<AssetModel[]>('/asset/model/list', { signal }) });

function useAssetMutation<B, R>(call: (body: B) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }) });
}

export const useAddCategory = () => useAssetMutation((body: AddAssetCategoryBody) => api.post<AssetCategory>('/asset/category/add', body));
export const useRenameCategory = () => useAssetMutation((body: RenameAssetCategoryBody) => api.post<AssetCategory>('/asset/category/rename', body));
export const useDeleteCategory = () => useAssetMutation((id: number) => api.post<null>('/asset/category/delete', { id }));
export const useSaveModel = () => useAssetMutation((body: SaveAssetModelBody) => api.post<AssetModel>('/asset/model/save', body));
export const useDeleteModel = () => useAssetMutation((id: number) => api.post<null>('/asset/model/delete', { id }));

// ---- Assets (/deskeeper-assets) ----

/** `GET /asset/options`: categories, models and locations for the filters and the form. */
export const useAssetOptions = () => useQuery({ queryKey: keys.options, queryFn: ({ signal }) => api.get<AssetOptions>('/asset/options', { signal }) });

/** `GET /asset/list`: a page of assets matching the filters. */
export function useAssets(filters: Partial<AssetFilters>, page: { page: number; pageSize: number }) {
  const query = { ...queryOf(filters), ...page };
  return useQuery({ queryKey: keys.list(query), queryFn: ({ signal }) => api.get<Page<Asset>>('/asset/list', { query, signal }), placeholderData: keepPreviousData });
}

export function useAsset(id: number | undefined) {
  return useQuery({ queryKey: keys.detail(id ?? 0), queryFn: ({ signal }) => api.get<Asset>('/asset/detail', { query: { id: id! }, signal }), enabled: id !== undefined });
}

export function useAssetHistory(id: number | undefined) {
  return useQuery({ queryKey: keys.history(id ?? 0), queryFn: ({ signal }) => api.get<AssetAssignment[]>('/asset/history', { query: { id: id! }, signal }), enabled: id !== undefined });
}

export function useAssetTargets(kind: AssetTargetKind, keyword: string) {
  return useQuery({ queryKey: keys.targets(kind, keyword), queryFn: ({ signal }) => api.get<AssetTarget[]>('/asset/targets', { query: { kind, keyword }, signal }) });
}

export const useSaveAsset = () => useAssetMutation((body: SaveAssetBody) => api.post<Asset>('/asset/save', body));
export const useDeleteAssets = () => useAssetMutation((ids: number[]) => api.post<{ count: number }>('/asset/delete', { ids }));
export const useCheckoutAsset = () => useAssetMutation((body: CheckoutAssetBody) => api.post<Asset>('/asset/checkout', body));
export const useCheckinAsset = () => useAssetMutation((id: number) => api.post<Asset>('/asset/checkin', { id }));
export const useAuditAsset = () => useAssetMutation((id: number) => api.post<Asset>('/asset/audit', { id }));

/** `POST /asset/import`: the file, checked only (`dryRun`) or written; answers the per-row report. */
export const useImportAssets = () =>
  useAssetMutation(({ file, dryRun }: { file: File; dryRun: boolean }) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return api.post<AssetImportReport>('/asset/import', form, { query: { dryRun: String(dryRun) } });
  });

/** Saves the filtered list as xlsx. */
export const exportAssets = (filters: Partial<AssetFilters>, failed: string) => downloadFile('/asset/export', { query: queryOf(filters) }, 'assets.xlsx', failed);

/** Saves the labels of the assets chosen as a PDF. */
export const printAssetLabels = (ids: number[], failed: string) => downloadFile('/asset/labels', { query: { ids: ids.join(',') } }, 'asset-labels.pdf', failed);
