import { isOverlapViolation } from './booking.repository.js';

/** PostgreSQL may end one of two transactions that wait on each other's tentative rows (exclusion checks); retrying is safe. */
function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}

const MAX_ATTEMPTS = 5;

/**
 * Runs a booking write of any bookable thing (a room's meeting, a desk's booking): the database
 * refuses an overlap (exclusion constraint or trigger) and `onOverlap` makes the refusal the caller
 * answers (a 409 naming the clash); transactions PostgreSQL ends as deadlock victims are tried again.
 */
export async function withBookingAttempts<T>(write: () => Promise<T>, onOverlap: () => Promise<Error>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (isOverlapViolation(error)) throw await onOverlap();
      if (isRetryable(error) && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
  }
}
