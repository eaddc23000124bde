import { defineConfig } from 'vitest/config';

// Browser journeys: each file starts its own server on a fresh data directory and drives Chromium.
export default defineConfig({
  test: {
    include: ['*.e2e.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // Two journeys at a time: each waits on its own server and Chromium much of the time (docs/performance.md, CI time).
    fileParallelism: true,
    maxWorkers: 2,
    env: { TZ: 'UTC' },
    // A poll waits for the console as a person would; vitest's default (1 s) fails on a busy machine.
    expect: { poll: { timeout: 10_000 } },
  },
});
