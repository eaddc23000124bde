import { ReturnCode } from '@atrium/contract';
import { ApiError } from './api-client';

/** The request header the server reads (docs/api.md, Idempotent requests). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/**
 * 128 random bits as hex. crypto.getRandomValues, unlike randomUUID, also works when the console is
 * served over plain HTTP on an office network (not a secure context).
 */
export function randomKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether a failed request may have reached the server without its answer reaching us (no answer,
 * a proxy's page, a 5xx), or the server is still working on the same key (409 with a wait): sending
 * it again with the same key is then safe and answers the first answer. Any other answer is final.
 */
export function isUnanswered(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.returncode === undefined || error.status >= 500) return true;
  const result = error.result as { retryAfterSeconds?: unknown } | null;
  return error.returncode === ReturnCode.CONFLICT && typeof result?.retryAfterSeconds === 'number';
}

export type SubmissionKey = ReturnType<typeof createSubmissionKey>;

/**
 * The Idempotency-Key of one form's submissions: made once per submission attempt and sent again
 * when the user presses Save again with the same request after it got no answer, so a booking that
 * reached the server before the connection dropped is answered, not made twice or refused as a clash
 * with itself. After an answer (saved or refused), or with a changed request, the next Save is a new attempt.
 */
export function createSubmissionKey(newKey: () => string = randomKey) {
  let attempt: { key: string; request: string } | null = null;

  return {
    /** Sends `request` through `call` with the attempt's key. */
    async send<T>(request: unknown, call: (idempotencyKey: string) => Promise<T>): Promise<T> {
      const text = JSON.stringify(request);
      if (attempt?.request !== text) attempt = { key: newKey(), request: text };
      try {
        const result = await call(attempt.key);
        attempt = null;
        return result;
      } catch (error) {
        if (!isUnanswered(error)) attempt = null;
        throw error;
      }
    },
  };
}
