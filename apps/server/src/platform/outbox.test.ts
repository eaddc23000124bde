import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withWriteTransaction, openDatabase, type Database } from '../db/database.js';
import { createFakeClock } from '../test/clock.js';
import { createMigratedTestDatabase, TEST_DIALECT, type TestDatabase } from '../test/database.js';
import { createOutbox, OUTBOX_LEASE_MS, OUTBOX_RETRY_DELAYS_MS } from './outbox.js';
import { createOutboxRepository } from './outbox.repository.js';

const silent = { error: () => undefined };

describe(`outbox (${TEST_DIALECT})`, () => {
  let database: TestDatabase;
  /** A second connection to the same database, as a second server process would have. */
  let second: Database;
  let companyId: number;
  const clock = createFakeClock();
  const repository = () => createOutboxRepository(database.db.kysely);

  beforeAll(async () => {
    database = await createMigratedTestDatabase();
    second = openDatabase(database.url);
    const now = clock.now();
    companyId = (await database.db.kysely.insertInto('companies').values({ name: 'Outbox Co', domain: null, logo: null, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await second.destroy();
    await database.cleanup();
  });

  const add = (payload: unknown) => repository().add(companyId, 'test', JSON.stringify(payload), clock.now());

  it('hands a committed row to every handler once, and removes it', async () => {
    const outbox = createOutbox({ repository: repository(), clock, log: silent });
    const seen: Array<[string, unknown]> = [];
    outbox.on('test', 'a', async (payload) => void seen.push(['a', payload]));
    outbox.on('test', 'b', async (payload) => void seen.push(['b', payload]));
    await add({ n: 1 });
    await add({ n: 2 });
    await outbox.drain();
    expect(seen).toEqual([
      ['a', { n: 1 }],
      ['b', { n: 1 }],
      ['a', { n: 2 }],
      ['b', { n: 2 }],
    ]);
    expect(await repository().pending()).toEqual([]);
    await outbox.drain();
    expect(seen).toHaveLength(4);
  });

  it('does rows that share a key in order, and the others side by side', async () => {
    const outbox = createOutbox({ repository: repository(), clock, log: silent });
    outbox.orderBy('test', (payload) => [(payload as { key: string }).key]);
    const log: string[] = [];
    let running = 0;
    let mostAtOnce = 0;
    outbox.on('test', 'slow', async (payload) => {
      const { key, n } = payload as { key: string; n: number };
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      log.push(`start ${key}${n}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      log.push(`end ${key}${n}`);
      running -= 1;
    });
    for (let n = 0; n < 4; n++) for (const key of ['a', 'b', 'c']) await add({ key, n });
    await outbox.drain();
    expect(mostAtOnce).toBeGreaterThan(1);
    for (const key of ['a', 'b', 'c']) {
      // Each key's rows one after another, in row order.
      const own = log.filter((entry) => entry.split(' ')[1]!.startsWith(key));
      expect(own).toEqual([0, 1, 2, 3].flatMap((n) => [`start ${key}${n}`, `end ${key}${n}`]));
    }
    expect(await repository().pending()).toEqual([]);
  });

  it('leaves no row for a rolled-back transaction', async () => {
    await expect(
      withWriteTransaction(database.db.kysely, async (trx) => {
        await createOutboxRepository(trx).add(companyId, 'test', '{}', clock.now());
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await repository().pending()).toEqual([]);
  });

  it('two processes never take the same row', async () => {
    const handled: number[] = [];
    const workers = [database.db, second].map((db) => {
      const outbox = createOutbox({ repository: createOutboxRepository(db.kysely), clock, log: silent });
      outbox.on('test', 'record', async (payload) => {
        // Give the other worker time to try claiming the same rows.
        await new Promise((resolve) => setTimeout(resolve, 1));
        handled.push((payload as { n: number }).n);
      });
      return outbox;
    });
    for (let n = 0; n < 120; n++) await add({ n });
    await Promise.all(workers.map((outbox) => outbox.drain()));
    expect(handled.sort((a, b) => a - b)).toEqual(Array.from({ length: 120 }, (_, n) => n));
    expect(await repository().pending()).toEqual([]);
  });

  it('retries only the handlers that failed, later, and gives up after the last retry', async () => {
    const outbox = createOutbox({ repository: repository(), clock, log: silent });
    let calls = { steady: 0, flaky: 0 };
    let flakyFails = 1;
    outbox.on('test', 'steady', async () => void (calls.steady += 1));
    outbox.on('test', 'flaky', async () => {
      calls.flaky += 1;
      if (flakyFails-- > 0) throw new Error('smtp down');
    });
    await add({ retry: true });
    await outbox.drain();
    expect(calls).toEqual({ steady: 1, flaky: 1 });
    const [waiting] = await repository().pending();
    expect([waiting!.attempts, waiting!.availableAt]).toEqual([1, clock.now() + OUTBOX_RETRY_DELAYS_MS[0]!]);
    // Not due yet.
    await outbox.drain();
    expect(calls.flaky).toBe(1);
    clock.advance(OUTBOX_RETRY_DELAYS_MS[0]!);
    await outbox.drain();
    expect(calls).toEqual({ steady: 1, flaky: 2 });
    expect(await repository().pending()).toEqual([]);

    // A handler that always fails: tried once and after each delay, then the row stays given up.
    calls = { steady: 0, flaky: 0 };
    flakyFails = Infinity;
    await add({ hopeless: true });
    await outbox.drain();
    for (const delay of OUTBOX_RETRY_DELAYS_MS) {
      clock.advance(delay);
      await outbox.drain();
    }
    expect(calls).toEqual({ steady: 1, flaky: 1 + OUTBOX_RETRY_DELAYS_MS.length });
    const [givenUp] = await repository().pending();
    expect([givenUp!.attempts, givenUp!.availableAt]).toEqual([1 + OUTBOX_RETRY_DELAYS_MS.length, null]);
    await database.db.kysely.deleteFrom('outbox_events').execute();
  });

  it('hands a batch handler the rows of a claim together, in waves that share no key, each key in row order', async () => {
    const outbox = createOutbox({ repository: repository(), clock, log: silent });
    outbox.orderBy('test', (payload) => [(payload as { key: string }).key]);
    const calls: string[][] = [];
    const single: string[] = [];
    const name = (payload: unknown) => `${(payload as { key: string }).key}${(payload as { n: number }).n}`;
    outbox.onBatch('test', 'together', async (items) => void calls.push(items.map((item) => name(item.payload))));
    outbox.on('test', 'alone', async (payload) => void single.push((payload as { key: string }).key));
    for (const [key, n] of [['a', 0], ['b', 0], ['a', 1], ['c', 0], ['a', 2], ['b', 1]] as const) await add({ key, n });
    await outbox.drain();
    // One call per wave: a row waits for the earlier rows of its key, the others go with it.
    expect(calls).toEqual([['a0', 'b0', 'c0'], ['a1', 'b1'], ['a2']]);
    expect(single.sort()).toEqual(['a', 'a', 'a', 'b', 'b', 'c']);
    expect(await repository().pending()).toEqual([]);
  });

  it('tries the rows of a failed batch one by one, so only the bad row waits for a retry', async () => {
    const outbox = createOutbox({ repository: repository(), clock, log: silent });
    outbox.orderBy('test', (payload) => [String((payload as { n: number }).n)]);
    const calls: number[][] = [];
    const done: number[] = [];
    outbox.onBatch('test', 'together', async (items) => {
      const ns = items.map((item) => (item.payload as { n: number }).n);
      calls.push(ns);
      if (ns.includes(2)) throw new Error('bad row');
      done.push(...ns);
    });
    for (const n of [1, 2, 3]) await add({ n });
    await outbox.drain();
    expect(calls).toEqual([[1, 2, 3], [1], [2], [3]]);
    expect(done).toEqual([1, 3]);
    const pending = await repository().pending();
    expect(pending.map((row) => [JSON.parse(row.payload), row.attempts, row.availableAt])).toEqual([[{ n: 2 }, 1, clock.now() + OUTBOX_RETRY_DELAYS_MS[0]!]]);
    await database.db.kysely.deleteFrom('outbox_events').execute();
  });

  it('takes over a row whose holder stopped, once its lease has run out (a restart picks it up)', async () => {
    await add({ orphan: true });
    // A process claims the row and dies before doing it.
    const [claimed] = await createOutboxRepository(second.kysely).claim(clock.now(), OUTBOX_LEASE_MS, 'dead-process', 10);
    expect(claimed).toBeDefined();
    const seen: unknown[] = [];
    const restarted = createOutbox({ repository: repository(), clock, log: silent });
    restarted.on('test', 'record', async (payload) => void seen.push(payload));
    await restarted.drain();
    expect(seen).toEqual([]);
    clock.advance(OUTBOX_LEASE_MS);
    await restarted.drain();
    expect(seen).toEqual([{ orphan: true }]);
    // The dead process's late completion changes nothing: the row is gone already.
    await createOutboxRepository(second.kysely).complete(claimed!.id, 'dead-process');
    expect(await repository().pending()).toEqual([]);
  });
});
