/** The source of the current time; services take one so tests can move time. */
export interface Clock {
  /** UTC epoch milliseconds. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
