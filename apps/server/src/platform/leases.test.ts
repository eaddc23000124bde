import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeClock } from '../test/clock.js';
import { createMigratedTestDatabase, TEST_DIALECT, type TestDatabase } from '../test/database.js';
import { createLeases } from './leases.js';

describe(`leases (${TEST_DIALECT})`, () => {
  let database: TestDatabase;
  const clock = createFakeClock();
  beforeAll(async () => {
    database = await createMigratedTestDatabase();
  });
  afterAll(async () => {
    await database.cleanup();
  });

  it('one holder at a time; the holder gives it back; an expired lease is free', async () => {
    const a = createLeases(database.db.kysely, clock, 'process-a');
    const b = createLeases(database.db.kysely, clock, 'process-b');
    expect(await a.acquire('job', 60_000)).toBe(true);
    expect(await b.acquire('job', 60_000)).toBe(false);
    // Holding a lease does not let the holder take it again before it ends.
    expect(await a.acquire('job', 60_000)).toBe(false);
    // Releasing someone else's lease does nothing.
    await b.release('job');
    expect(await b.acquire('job', 60_000)).toBe(false);
    await a.release('job');
    expect(await b.acquire('job', 60_000)).toBe(true);
    clock.advance(59_999);
    expect(await a.acquire('job', 60_000)).toBe(false);
    clock.advance(1);
    expect(await a.acquire('job', 60_000)).toBe(true);
    // Other names are independent.
    expect(await b.acquire('other-job', 60_000)).toBe(true);
  });

  it('many claims at the same moment: exactly one wins', async () => {
    const claimants = Array.from({ length: 20 }, (_, index) => createLeases(database.db.kysely, clock, `process-${index}`));
    const won = await Promise.all(claimants.map((leases) => leases.acquire('contended', 60_000)));
    expect(won.filter(Boolean)).toHaveLength(1);
  });

  it('withLease runs the work only when the lease is free, and releases it also when the work fails', async () => {
    const a = createLeases(database.db.kysely, clock, 'worker-a');
    const b = createLeases(database.db.kysely, clock, 'worker-b');
    let ran = 0;
    const inside = await a.withLease('work', 60_000, async () => {
      const blocked = await b.withLease('work', 60_000, async () => (ran += 1));
      expect(blocked).toEqual({ ran: false });
      return 'done';
    });
    expect(inside).toEqual({ ran: true, result: 'done' });
    expect(ran).toBe(0);
    await expect(a.withLease('work', 60_000, () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(await b.withLease('work', 60_000, async () => (ran += 1))).toEqual({ ran: true, result: 1 });
  });

  it('hold: a leader renews its own term, nobody takes it before the term ends, then another takes over', async () => {
    const leader = createLeases(database.db.kysely, clock, 'leader-a');
    const other = createLeases(database.db.kysely, clock, 'leader-b');
    expect(await leader.hold('leader', 30_000)).toBe(true);
    expect(await other.hold('leader', 30_000)).toBe(false);
    clock.advance(20_000);
    // Renewed before it ends: the term starts again.
    expect(await leader.hold('leader', 30_000)).toBe(true);
    clock.advance(20_000);
    expect(await other.hold('leader', 30_000)).toBe(false);
    // Not renewed (a killed leader): the term lapses and the other takes over; the old holder cannot renew.
    clock.advance(10_000);
    expect(await other.hold('leader', 30_000)).toBe(true);
    expect(await leader.hold('leader', 30_000)).toBe(false);
    await other.release('leader');
    expect(await leader.hold('leader', 30_000)).toBe(true);
    const claimants = Array.from({ length: 10 }, (_, index) => createLeases(database.db.kysely, clock, `leader-${index}`));
    clock.advance(30_000);
    expect((await Promise.all(claimants.map((leases) => leases.hold('leader', 30_000)))).filter(Boolean)).toHaveLength(1);
  });
});
