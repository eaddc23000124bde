import type { Envelope } from '@atrium/contract';
import { currentLang } from '../i18n/i18n';
import { saveFile } from './save-file';

export interface DownloadRequest {
  method?: 'GET' | 'POST';
  query?: Record<string, string | number | null | undefined>;
  body?: unknown;
  /** Extra request headers (a visitor's pass token). */
  headers?: Record<string, string>;
}

/**
 * Fetches a file the server answers as an attachment (an export) and saves it under the name of its
 * content-disposition. It goes around the JSON client, since the answer is no envelope; a refusal
 * (a 4xx envelope, e.g. "no data to export") throws with the server's message, in the caller's language.
 */
export async function downloadFile(path: string, { method = 'GET', query, body, headers }: DownloadRequest, fallbackName: string, fallbackMessage: string): Promise<void> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  const search = params.toString() ? `?${params}` : '';
  const response = await fetch(`/api${path}${search}`, {
    method,
    credentials: 'same-origin',
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }), accept: '*/*', lang: currentLang() },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as Envelope<unknown> | null;
    throw new Error(envelope?.message || fallbackMessage);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  saveFile(await response.blob(), name);
}
