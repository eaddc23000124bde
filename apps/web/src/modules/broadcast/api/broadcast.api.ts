import type { BroadcastFieldsInput, BroadcastImages, BroadcastListQuery, BroadcastPage, BroadcastTargetOptions } from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';

const keys = {
  all: ['broadcast'] as const,
  list: (query: Partial<BroadcastListQuery>) => ['broadcast', 'list', query] as const,
  images: ['broadcast', 'images'] as const,
  targets: ['broadcast', 'targets'] as const,
};

/** `GET /broadcast/list`: notices newest first, with their status. */
export function useBroadcasts(query: Partial<BroadcastListQuery>) {
  return useQuery({
    queryKey: keys.list(query),
    queryFn: ({ signal }) => api.get<BroadcastPage>('/broadcast/list', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /broadcast/images`: the built-in images, then the company's own. */
export function useBroadcastImages(enabled = true) {
  return useQuery({ queryKey: keys.images, queryFn: ({ signal }) => api.get<BroadcastImages>('/broadcast/images', { signal }), enabled });
}

/** `GET /broadcast/targets`: door displays and locations to choose from. */
export function useBroadcastTargets(enabled = true) {
  return useQuery({ queryKey: keys.targets, queryFn: ({ signal }) => api.get<BroadcastTargetOptions>('/broadcast/targets', { signal }), enabled });
}

function useBroadcastMutation<B, R>(call: (body: B) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }) });
}

/** Changes show the server's message themselves. */
export const useCreateBroadcast = () => useBroadcastMutation((body: BroadcastFieldsInput) => api.post<{ id: number }>('/broadcast/create', body, { notify: false }));
export const useUpdateBroadcast = () => useBroadcastMutation((body: BroadcastFieldsInput & { id: number }) => api.post<null>('/broadcast/update', body, { notify: false }));
export const useEndBroadcast = () => useBroadcastMutation((id: number) => api.post<null>('/broadcast/end', { id }, { notify: false }));
export const useDeleteBroadcast = () => useBroadcastMutation((id: number) => api.post<null>('/broadcast/delete', { id }, { notify: false }));
export const useDeleteBroadcastImage = () => useBroadcastMutation((id: number) => api.post<null>('/broadcast/image-delete', { id }, { notify: false }));

/** `POST /broadcast/image-upload` (multipart `file`). */
export const useUploadBroadcastImage = () =>
  useBroadcastMutation((file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api.post<{ id: number; url: string }>('/broadcast/image-upload', form, { notify: false });
  });
