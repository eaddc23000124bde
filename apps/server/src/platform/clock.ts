import { readFileSync } from 'node:fs';

/** The source of the current time; services take one so tests can move time. */
export interface Clock {
  /** UTC epoch milliseconds. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/**
 * A clock ahead of the real one by the milliseconds written in `file` (a whole number; missing or
 * unreadable: no offset). For end-to-end tests and demonstrations that must see time pass (a
 * no-show released after its check-in window) without waiting: set ATRIUM_CLOCK_OFFSET_FILE and
 * write the offset into the file. The file is read at most every 200 ms.
 */
export function createOffsetClock(file: string, realNow: () => number = Date.now): Clock {
  let offset = 0;
  let readAt = -Infinity;
  return {
    now() {
      const real = realNow();
      if (real - readAt >= 200) {
        readAt = real;
        try {
          const text = readFileSync(file, 'utf8').trim();
          offset = /^-?\d+$/.test(text) ? Number(text) : 0;
        } catch {
          offset = 0;
        }
      }
      return real + offset;
    },
  };
}
