import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../db/migrations/index.js';
import { createFakeClock } from '../test/clock.js';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from '../test/database.js';
import { createLeases } from './leases.js';
import { createScheduler } from './scheduler.js';

describe(`scheduler (${TEST_DIALECT})`, () => {
  let database: TestDatabase;
  const clock = createFakeClock();
  const errors: Array<{ fields: unknown; msg: string | undefined }> = [];
  const log = { error: (fields: unknown, msg?: string) => void errors.push({ fields, msg }) };
  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateToLatest(database.db);
  });
  afterAll(async () => {
    await database.cleanup();
  });

  /** Two server processes on one database, each with its own scheduler and the same job. */
  function twoProcesses(everyMs: number, run: () => Promise<void>) {
    return ['a', 'b'].map((holder) => {
      const scheduler = createScheduler({ leases: createLeases(database.db.kysely, clock, holder), log, tickMs: 0 });
      scheduler.add({ name: 'report', everyMs, run });
      return scheduler;
    });
  }

  it('runs a job once per period across processes', async () => {
    let runs = 0;
    const [a, b] = twoProcesses(60_000, async () => void (runs += 1));
    await Promise.all([a!.tick(), b!.tick()]);
    expect(runs).toBe(1);
    await Promise.all([a!.tick(), b!.tick()]);
    clock.advance(59_000);
    await b!.tick();
    expect(runs).toBe(1);
    clock.advance(1_000);
    await Promise.all([b!.tick(), a!.tick()]);
    expect(runs).toBe(2);
  });

  it('does not start a job again while its run is still going in this process', async () => {
    let runs = 0;
    let finish: () => void = () => undefined;
    const scheduler = createScheduler({ leases: createLeases(database.db.kysely, clock, 'slow'), log, tickMs: 0 });
    scheduler.add({ name: 'slow', everyMs: 1_000, run: () => new Promise<void>((resolve) => ((runs += 1), (finish = resolve))) });
    const first = scheduler.tick();
    await new Promise((resolve) => setTimeout(resolve, 50));
    clock.advance(5_000);
    await scheduler.tick();
    expect(runs).toBe(1);
    finish();
    await first;
    await scheduler.stop();
  });

  it('logs a failing job and keeps offering the others', async () => {
    let others = 0;
    const scheduler = createScheduler({ leases: createLeases(database.db.kysely, clock, 'mixed'), log, tickMs: 0 });
    scheduler.add({ name: 'broken', everyMs: 1_000, run: () => Promise.reject(new Error('no connection')) });
    scheduler.add({ name: 'fine', everyMs: 1_000, run: async () => void (others += 1) });
    await expect(scheduler.tick()).resolves.toBeUndefined();
    expect(others).toBe(1);
    expect(errors).toContainEqual({ fields: expect.objectContaining({ job: 'broken' }), msg: 'scheduled job failed' });
  });
});
