import { VISIT_PASS_HEADER, type AnswerVisitBody, type ConfirmVisitPassBody, type SignVisitNdaBody, type VisitPass, type VisitPassExport } from '@atrium/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';
import type { ApiError } from '../../../shared/api/api-client';
import { downloadFile } from '../../../shared/api/download';

/**
 * The visitor's pass calls (decision 0018, "The visitor's pass"): public, with the link's token in a
 * header of its own, never in an address a log or a referrer could keep.
 */
const withPass = (token: string) => ({ headers: { [VISIT_PASS_HEADER]: token } });

const passKey = (token: string) => ['visitor', 'pass', token] as const;

/** How often a pass whose application waits for the host is read again: the code appears once approved. */
export const PASS_APPROVAL_REFRESH_MS = 10_000;

/**
 * `GET /visitor/pass`: the page says a 404 (invalid link) or a 422 (expired) itself, in full. A
 * walk-in's pass is read again every 10 seconds while their host has not decided.
 */
export function useVisitPass(token: string, isEnabled: boolean) {
  return useQuery({
    queryKey: passKey(token),
    queryFn: ({ signal }) => api.get<VisitPass>('/visitor/pass', { ...withPass(token), signal, notify: false }),
    enabled: isEnabled && token !== '',
    refetchInterval: (query) => (query.state.data?.approval?.state === 'pending' ? PASS_APPROVAL_REFRESH_MS : false),
  });
}

/**
 * `POST /visitor/pass/confirm`: resolves with the server's thanks. The pass is read again after
 * any answer: a visit that closed meanwhile (422) no longer offers the form.
 */
export function useConfirmVisitPass(token: string, claim: (error: ApiError) => boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfirmVisitPassBody) => api.answer<null>('POST', '/visitor/pass/confirm', { ...withPass(token), body, claim }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passKey(token) }),
  });
}

/** `GET /visitor/pass/export`: what the company keeps about the visit, for the visitor to download. */
export function useExportVisitPass(token: string) {
  return useMutation({ mutationFn: () => api.get<VisitPassExport>('/visitor/pass/export', withPass(token)) });
}

/** `POST /visitor/pass/erase`: resolves with the server's message; the token opens nothing afterwards, so the pass is not read again. */
export function useEraseVisitPass(token: string) {
  return useMutation({ mutationFn: () => api.answer<null>('POST', '/visitor/pass/erase', { ...withPass(token), body: {} }) });
}

// ---- What the visitor does before check-in (decision 0018) ----

/**
 * A step's call on the pass: resolves with the server's answer (its thanks, said by the page); the pass
 * is read again after any answer, so what was done (or a visit closed meanwhile) shows at once.
 */
function usePassStep<TBody, TResult>(token: string, send: (body: TBody) => Promise<{ result: TResult; message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => queryClient.invalidateQueries({ queryKey: passKey(token) }) });
}

/** `POST /visitor/pass/nda`: the visitor signs the agreement by typing their full name. */
export function useSignVisitNda(token: string) {
  return usePassStep(token, (body: SignVisitNdaBody) => api.answer<null>('POST', '/visitor/pass/nda', { ...withPass(token), body }));
}

/** `GET /visitor/pass/nda`: saves the signed copy (a PDF); rejects with the server's message, or `fallbackMessage`. */
export function downloadSignedNda(token: string, fallbackMessage: string): Promise<void> {
  return downloadFile('/visitor/pass/nda', withPass(token), 'agreement.pdf', fallbackMessage);
}

/** `POST /visitor/pass/photo` (multipart `file`): gives the visitor's photo, or replaces the one given. */
export function useGiveVisitPhoto(token: string) {
  return usePassStep(token, (photo: File) => {
    const form = new FormData();
    form.append('file', photo);
    return api.answer<null>('POST', '/visitor/pass/photo', { ...withPass(token), body: form });
  });
}

/** `POST /visitor/pass/answers`: one answer a question, in order; `admit` false sends the visitor to reception. */
export function useAnswerVisit(token: string) {
  return usePassStep(token, (body: AnswerVisitBody) => api.answer<{ admit: boolean }>('POST', '/visitor/pass/answers', { ...withPass(token), body }));
}
