import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeClock } from '../test/clock.js';
import { createMigratedTestDatabase, TEST_DIALECT, type TestDatabase } from '../test/database.js';
import { createLeases } from './leases.js';
import { createScheduler } from './scheduler.js';

describe(`scheduler (${TEST_DIALECT})`, () => {
  let database: TestDatabase;
  const clock = createFakeClock();
  const errors: Array<{ fields: unknown; msg: string | undefined }> = [];
  const log = { error: (fields: unknown, msg?: string) => void errors.push({ fields, msg }) };
  beforeAll(async () => {
    database = await createMigratedTestDatabase();
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

  it('offers a start-up job once as the processes start, the others only at their ticks', async () => {
    let startups = 0;
    let others = 0;
    const schedulers = ['start-a', 'start-b'].map((holder) => {
      // An hour's tick: nothing but the start-up offer can run during the test.
      const scheduler = createScheduler({ leases: createLeases(database.db.kysely, clock, holder), log, tickMs: 3_600_000 });
      scheduler.add({ name: 'statistics', everyMs: 60_000, isOfferedAtStart: true, run: async () => void (startups += 1) });
      scheduler.add({ name: 'tick-only', everyMs: 60_000, run: async () => void (others += 1) });
      return scheduler;
    });
    for (const scheduler of schedulers) scheduler.start();
    await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
    expect([startups, others]).toEqual([1, 0]);
    // Restarted within the period, nobody runs it again; after the period, one process does.
    for (const scheduler of schedulers) scheduler.start();
    await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
    expect(startups).toBe(1);
    clock.advance(60_000);
    for (const scheduler of schedulers) scheduler.start();
    await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
    expect([startups, others]).toEqual([2, 0]);
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
