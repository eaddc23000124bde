/**
 * The arithmetic of attempt limits, written once for every throttle (sign-in, mails and other public
 * calls, safety passwords, display activation codes). Each feature keeps its attempts in its own
 * table (docs/decisions/0015, "Events and attempts") behind an `AttemptStore`; the counting, the
 * delays and the wait a refusal names live here.
 */

/** At most `max` attempts in any `windowMs`. */
export interface AttemptCap {
  max: number;
  windowMs: number;
}

/** Delays after failures: the first `free` go without one, then `firstMs` doubling up to `maxMs`. */
export interface Backoff {
  free: number;
  firstMs: number;
  maxMs: number;
}

/** Where one kind of attempt is kept, by key. */
export interface AttemptStore<K> {
  /** Times of the key's attempts after `since`, newest first, at most `limit`. */
  listTimes(key: K, since: number, limit: number): Promise<number[]>;
  /** Records an attempt at `at` and forgets the key's attempts up to `forgetBefore`. */
  record(key: K, at: number, forgetBefore: number): Promise<void>;
}

/**
 * Milliseconds until another attempt fits under `cap`, given the key's attempt times inside the
 * window, newest first; 0 when it fits now. The oldest of the `max` newest must leave the window.
 */
export function capWait(newestFirst: readonly number[], cap: AttemptCap, now: number): number {
  const oldestCounted = newestFirst[cap.max - 1];
  return oldestCounted === undefined ? 0 : Math.max(0, oldestCounted + cap.windowMs - now);
}

/** The delay that follows `failures` failures under `backoff`. */
export function backoffDelay(failures: number, backoff: Backoff): number {
  if (failures < backoff.free) return 0;
  return Math.min(backoff.firstMs * 2 ** (failures - backoff.free), backoff.maxMs);
}

/** Milliseconds until the next attempt after `failures` failures, the newest at `lastAt`; 0 when it may go now. */
export function backoffWait(lastAt: number | null, failures: number, backoff: Backoff, now: number): number {
  return lastAt === null ? 0 : Math.max(0, lastAt + backoffDelay(failures, backoff) - now);
}

/** The wait a refusal names: whole seconds (the Retry-After header), at least one, and whole minutes for wording. */
export function retryAfter(waitMs: number): { seconds: number; minutes: number } {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return { seconds, minutes: Math.ceil(seconds / 60) };
}

export type AttemptWindow<K> = ReturnType<typeof createAttemptWindow<K>>;

/** A cap over a store: how long a key must wait, and counting an attempt (forgetting those the window left). */
export function createAttemptWindow<K>(store: AttemptStore<K>, cap: AttemptCap) {
  return {
    cap,
    /** Milliseconds until the key may try again; 0 when it may now. */
    async waitMs(key: K, now: number): Promise<number> {
      return capWait(await store.listTimes(key, now - cap.windowMs, cap.max), cap, now);
    },
    /** Counts an attempt of the key at `now`. */
    count(key: K, now: number): Promise<void> {
      return store.record(key, now, now - cap.windowMs);
    },
  };
}
