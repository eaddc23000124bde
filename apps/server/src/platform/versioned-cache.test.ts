import { describe, expect, it } from 'vitest';
import { createStampedCache } from './versioned-cache.js';

describe('stamped cache', () => {
  it('answers only at the stamp a value was set at, and drops the least recently used beyond its capacity', () => {
    const cache = createStampedCache<string, number>(2);
    cache.set('a', '1:0', 1);
    expect(cache.peek('a', '1:0')).toBe(1);
    expect(cache.peek('a', '2:0')).toBeUndefined();
    cache.set('b', '1:0', 2);
    // 'a' read again: 'b' is now the least recently used.
    expect(cache.peek('a', '1:0')).toBe(1);
    cache.set('c', '1:0', 3);
    expect([cache.peek('a', '1:0'), cache.peek('b', '1:0'), cache.peek('c', '1:0')]).toEqual([1, undefined, 3]);
    cache.delete('a');
    expect(cache.peek('a', '1:0')).toBeUndefined();
  });
});
