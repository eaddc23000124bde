import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createOffsetClock } from './clock.js';

describe('offset clock', () => {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-clock-'));
  afterEach(() => rmSync(join(dir, 'offset'), { force: true }));

  it('runs ahead by the milliseconds in the file, re-read at most every 200 ms', () => {
    let real = 1_000_000;
    const file = join(dir, 'offset');
    const clock = createOffsetClock(file, () => real);
    expect(clock.now()).toBe(1_000_000);
    writeFileSync(file, '60000\n');
    real += 100;
    expect(clock.now()).toBe(1_000_100);
    real += 150;
    expect(clock.now()).toBe(1_060_250);
    writeFileSync(file, 'soon');
    real += 300;
    expect(clock.now()).toBe(1_000_550);
  });
});
