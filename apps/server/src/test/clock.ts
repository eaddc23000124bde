import type { Clock } from '../platform/clock.js';

export interface FakeClock extends Clock {
  advance(ms: number): void;
  set(epochMs: number): void;
}

/** A clock that only moves when told; starts on a Monday morning, 23 November 2026, 09:00 UTC. */
export function createFakeClock(start = Date.UTC(2026, 10, 23, 9, 0, 0)): FakeClock {
  let now = start;
  return {
    now: () => now,
    advance(ms) {
      now += ms;
    },
    set(epochMs) {
      now = epochMs;
    },
  };
}
