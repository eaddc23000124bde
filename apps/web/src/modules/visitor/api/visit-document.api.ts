import type { Envelope, VisitDocumentQuery } from '@atrium/contract';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../shared/api/api-client';
import { httpStatusKey } from '../../../shared/api/http-status';
import { currentLang, i18n } from '../../../shared/i18n/i18n';

export type VisitDocumentKind = VisitDocumentQuery['kind'];

/** How long an opened agreement's blob URL lives: the new tab has read it long before. */
const OPENED_URL_MS = 60_000;

/**
 * `GET /visitor/document`: a visit's signed agreement (PDF) or photo (JPEG or PNG) as bytes, read with
 * the session. The answer is no envelope, so it goes around the JSON client; a refusal (404 when the
 * document is not kept) throws an ApiError with the server's message, in the reader's language.
 */
export async function fetchVisitDocument(visitId: number, kind: VisitDocumentKind, signal?: AbortSignal): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(`/api/visitor/document?${new URLSearchParams({ id: String(visitId), kind })}`, {
      credentials: 'same-origin',
      headers: { accept: '*/*', lang: currentLang() },
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw new ApiError('cancelled', undefined, 0, 'cancelled');
    throw new ApiError(i18n.t(httpStatusKey(0)), undefined, 0, 'network', error);
  }
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as Envelope<unknown> | null;
    throw new ApiError(envelope?.message || i18n.t(httpStatusKey(response.status)), envelope?.returncode, response.status, 'http');
  }
  return response.blob();
}

/**
 * Opens a visit's signed agreement in a new tab, where the browser shows the PDF. The tab opens on the
 * click, before the bytes arrive: a tab opened after waiting is blocked as a pop-up. It is closed
 * again when the agreement cannot be read (the error is thrown for the caller to say).
 */
export async function openVisitAgreement(visitId: number): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = URL.createObjectURL(await fetchVisitDocument(visitId, 'nda'));
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else window.open(url, '_blank', 'noopener');
    window.setTimeout(() => URL.revokeObjectURL(url), OPENED_URL_MS);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** A visit's photo as an object URL while the caller shows it. */
export interface VisitPhoto {
  /** Null while it loads, when none was given, or when it could not be read. */
  url: string | null;
  /** The photo was given but could not be read (deleted after its retention, or the network). */
  isFailed: boolean;
}

/**
 * Reads a visit's photo once it was given (`givenAt`), as an object URL revoked when the caller
 * unmounts or the photo changes.
 */
export function useVisitPhoto(visitId: number, givenAt: number | null): VisitPhoto {
  const key = givenAt === null ? null : `${visitId}:${givenAt}`;
  // The answer with the photo it is for: a URL of an earlier photo (revoked since) is never shown.
  const [read, setRead] = useState<{ key: string; url: string | null } | null>(null);

  useEffect(() => {
    if (key === null) return undefined;
    const controller = new AbortController();
    let url: string | null = null;
    fetchVisitDocument(visitId, 'photo', controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setRead({ key, url });
      },
      () => {
        if (!controller.signal.aborted) setRead({ key, url: null });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [visitId, key]);

  const current = read && read.key === key ? read : null;
  return { url: current?.url ?? null, isFailed: current !== null && current.url === null };
}
