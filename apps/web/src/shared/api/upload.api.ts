import type { UploadKind, UploadResult } from '@atrium/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from './api';

/** `POST /upload` (multipart): the kind first, then the file; answers where the file is served. */
export function uploadImage(file: File, kind: UploadKind): Promise<UploadResult> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file);
  return api.post<UploadResult>('/upload', form, { notify: false });
}

export function useUploadImage(kind: UploadKind) {
  return useMutation({ mutationFn: (file: File) => uploadImage(file, kind) });
}
