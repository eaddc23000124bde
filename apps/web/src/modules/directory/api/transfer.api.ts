import type { Envelope, ExportUsersBody, ImportReport } from '@atrium/contract';
import { currentLang } from '../../../shared/i18n/i18n';
import { saveFile } from '../../../shared/api/save-file';

/** A failed file request, with the server's message when it sent an envelope. */
export class TransferError extends Error {}

async function failureOf(response: Response, fallback: string): Promise<TransferError> {
  try {
    const envelope = (await response.json()) as Envelope<unknown>;
    return new TransferError(envelope.message || fallback);
  } catch {
    return new TransferError(fallback);
  }
}

/**
 * `POST /user/export`: the file comes back as an attachment, not an envelope, so this call goes
 * around the JSON client and saves the file through a temporary link.
 */
export async function downloadUsers(body: Partial<ExportUsersBody>, fallbackMessage: string): Promise<void> {
  const response = await fetch('/api/user/export', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: '*/*', lang: currentLang() },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await failureOf(response, fallbackMessage);
  const blob = await response.blob();
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `users.${body.format ?? 'xlsx'}`;
  saveFile(blob, name);
}

/** `POST /user/import` with one file as multipart/form-data; answers the per-row report. */
export async function uploadUsers(file: File, fallbackMessage: string): Promise<ImportReport> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await fetch('/api/user/import', { method: 'POST', credentials: 'same-origin', headers: { accept: 'application/json', lang: currentLang() }, body: form });
  if (!response.ok) throw await failureOf(response, fallbackMessage);
  const envelope = (await response.json()) as Envelope<ImportReport>;
  if (envelope.returncode !== 200) throw new TransferError(envelope.message);
  return envelope.result;
}
