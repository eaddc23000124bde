import { describe, expect, it } from 'vitest';
import { backoffDelay, backoffWait, capWait, createAttemptWindow, retryAfter, type AttemptStore, type Backoff } from './attempts.js';
import { MINUTE_MS } from './clock.js';

const BACKOFF: Backoff = { free: 5, firstMs: 2000, maxMs: 15 * MINUTE_MS };

/** An attempt store in memory, with the same contract as the tables behind the throttles. */
function memoryStore(): AttemptStore<string> & { rows: Map<string, number[]> } {
  const rows = new Map<string, number[]>();
  return {
    rows,
    async listTimes(key, since, limit) {
      return (rows.get(key) ?? [])
        .filter((at) => at > since)
        .sort((a, b) => b - a)
        .slice(0, limit);
    },
    async record(key, at, forgetBefore) {
      rows.set(key, [...(rows.get(key) ?? []).filter((time) => time > forgetBefore), at]);
    },
  };
}

describe('attempts', () => {
  it('caps attempts in a window: the wait lasts until the oldest counted one leaves it', () => {
    const cap = { max: 3, windowMs: 60_000 };
    expect(capWait([], cap, 100_000)).toBe(0);
    expect(capWait([90_000, 80_000], cap, 100_000)).toBe(0);
    expect(capWait([90_000, 80_000, 70_000], cap, 100_000)).toBe(30_000);
    expect(capWait([90_000, 80_000, 70_000], cap, 130_000)).toBe(0);
  });

  it('delays after the free failures, doubling up to the cap', () => {
    expect([0, 4, 5, 6, 7].map((failures) => backoffDelay(failures, BACKOFF))).toEqual([0, 0, 2000, 4000, 8000]);
    expect(backoffDelay(20, BACKOFF)).toBe(15 * MINUTE_MS);
    expect(backoffWait(null, 9, BACKOFF, 1000)).toBe(0);
    expect(backoffWait(10_000, 6, BACKOFF, 11_000)).toBe(3000);
    expect(backoffWait(10_000, 6, BACKOFF, 20_000)).toBe(0);
  });

  it('names the wait in whole seconds, at least one, and whole minutes', () => {
    expect(retryAfter(1)).toEqual({ seconds: 1, minutes: 1 });
    expect(retryAfter(0)).toEqual({ seconds: 1, minutes: 1 });
    expect(retryAfter(60_000)).toEqual({ seconds: 60, minutes: 1 });
    expect(retryAfter(60_001)).toEqual({ seconds: 61, minutes: 2 });
  });

  it('counts attempts in a store and lets a key go again once the window moves on', async () => {
    const store = memoryStore();
    const window = createAttemptWindow(store, { max: 2, windowMs: 10_000 });
    expect(await window.waitMs('a', 1000)).toBe(0);
    await window.count('a', 1000);
    await window.count('a', 4000);
    expect(await window.waitMs('a', 5000)).toBe(6000);
    expect(await window.waitMs('b', 5000)).toBe(0);
    expect(await window.waitMs('a', 11_000)).toBe(0);
    await window.count('a', 12_000);
    // The attempt that left the window is forgotten.
    expect(store.rows.get('a')).toEqual([4000, 12_000]);
  });
});
