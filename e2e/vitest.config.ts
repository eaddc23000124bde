import { basename } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The journeys that take longest, longest first (file times of the last CI runs, docs/performance.md). Vitest orders
 * files by its record of their durations, and by size where it has none (a clean clone, as in CI): a long walker then
 * started halfway through and ended the stage alone, one worker idle.
 */
const LONGEST_FIRST = ['accessibility.e2e.ts', 'long-names.e2e.ts', 'spec-routes.e2e.ts', 'visitors.e2e.ts', 'directory.e2e.ts'];

class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = LONGEST_FIRST.indexOf(basename(file.moduleId));
      return at === -1 ? LONGEST_FIRST.length : at;
    };
    // Array.prototype.sort is stable: the other files keep vitest's own order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

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
    sequence: { sequencer: LongestFirstSequencer },
    env: { TZ: 'UTC' },
    // A measuring aid: `E2E_CPU_LOG=<file>` appends each journey's CPU by process (support/cpu-per-file.ts).
    setupFiles: process.env.E2E_CPU_LOG ? ['./support/cpu-per-file.ts'] : [],
    // A poll waits for the console as a person would; vitest's default (1 s) fails on a busy machine.
    expect: { poll: { timeout: 10_000 } },
  },
});
