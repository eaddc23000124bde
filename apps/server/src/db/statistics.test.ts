import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeClock } from '../test/clock.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from '../test/database.js';
import { createCachingHasher } from '../test/factories.js';
import { createTestRoom } from '../test/rooms.js';
import type { Database } from './database.js';
import { migrateToLatest } from './migrations/index.js';
import { seedDemo } from './seeds/demo.js';
import { analyzeAll, refreshStatistics } from './statistics.js';

const MEETINGS = 600;

/** The indexes of `table` the planner has statistics for (SQLite's sqlite_stat1), or its analysed columns (PostgreSQL's pg_stats). */
async function statisticsOf(db: Database, table: string): Promise<string[]> {
  if (db.dialect === 'sqlite') {
    const exists = await sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'sqlite_stat1'`.execute(db.kysely);
    if (Number(exists.rows[0]!.n) === 0) return [];
    const rows = await sql<{ idx: string }>`select idx from sqlite_stat1 where tbl = ${table} order by idx`.execute(db.kysely);
    return rows.rows.map((row) => row.idx);
  }
  const rows = await sql<{ attname: string }>`select attname from pg_stats where schemaname = 'public' and tablename = ${table} order by attname`.execute(db.kysely);
  return rows.rows.map((row) => row.attname);
}

/** Meetings with two participants each, written straight into the tables as a bulk load would. */
async function bulkLoad(t: TestApp): Promise<void> {
  const { company, admin } = await t.factories.companyWithAdmin('Stats Co');
  const guest = await t.factories.user(company.id);
  const { roomId } = await createTestRoom(t.db, t.factories, t.clock, company.id);
  const now = t.clock.now();
  const rows = Array.from({ length: MEETINGS }, (_, i) => ({
    company_id: company.id,
    resource_id: roomId,
    host_user_id: admin.id,
    title: `Meeting ${i}`,
    start_at: now + i * 3_600_000,
    end_at: now + i * 3_600_000 + 1_800_000,
    status: 'confirmed' as const,
    privacy: 'public' as const,
    channel: 'console' as const,
    created_at: now,
    updated_at: now,
  }));
  const ids = await t.db.kysely.insertInto('reservations').values(rows).returning('id').execute();
  await t.db.kysely
    .insertInto('reservation_participants')
    .values(ids.flatMap(({ id }) => [admin.id, guest.id].map((userId) => ({ company_id: company.id, reservation_id: id, user_id: userId, email: null }))))
    .execute();
}

describe(`planner statistics (${TEST_DIALECT})`, () => {
  let t: TestApp | undefined;
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await t?.cleanup();
    await database?.cleanup();
    t = undefined;
    database = undefined;
  });

  it('analyses every table after a bulk load', async () => {
    t = await createTestApp();
    await bulkLoad(t);
    expect(await statisticsOf(t.db, 'reservation_participants')).toEqual([]);
    await analyzeAll(t.db);
    const analysed = await statisticsOf(t.db, 'reservation_participants');
    expect(analysed).toEqual(TEST_DIALECT === 'sqlite' ? ['reservation_participants_reservation_idx', 'reservation_participants_user_idx'] : expect.arrayContaining(['reservation_id', 'user_id']));
    expect((await statisticsOf(t.db, 'reservations')).length).toBeGreaterThan(0);
  });

  it('analyses the demo company once it is seeded', async () => {
    database = await createTestDatabase();
    await migrateToLatest(database.db);
    const seeded = await seedDemo(database.db, { adminPassword: null, clock: createFakeClock(), hasher: createCachingHasher() });
    expect(seeded.created).toBe(true);
    for (const table of ['reservations', 'reservation_participants', 'users', 'locations']) {
      expect((await statisticsOf(database.db, table)).length, table).toBeGreaterThan(0);
    }
  });

  // Engine-specific tests are declared only on their engine, so neither run reports a skipped test.
  if (TEST_DIALECT === 'sqlite') {
    it('refreshes SQLite statistics in the scheduled job, and the participants read then takes the meeting index', async () => {
      t = await createTestApp();
      await bulkLoad(t);
      expect(await statisticsOf(t.db, 'reservation_participants')).toEqual([]);
      // The app's scheduled job, as a tick of the scheduler offers it (one process per period: leases).
      await t.app.scheduler.tick();
      expect(await statisticsOf(t.db, 'reservation_participants')).toEqual(['reservation_participants_reservation_idx', 'reservation_participants_user_idx']);
      const plan = await sql<{ detail: string }>`explain query plan select user_id from reservation_participants where company_id = ${1} and reservation_id in (${1}, ${2}, ${3}, ${4}, ${5}, ${6}, ${7}, ${8}, ${9}, ${10}, ${11}, ${12})`.execute(
        t.db.kysely,
      );
      expect(plan.rows.map((row) => row.detail).join('\n')).toContain('reservation_participants_reservation_idx');
      // Nothing changed since: a second refresh is cheap and keeps them.
      await refreshStatistics(t.db);
      expect(await statisticsOf(t.db, 'reservation_participants')).toHaveLength(2);
    });
  }

  if (TEST_DIALECT === 'postgres') {
    it('leaves PostgreSQL to autovacuum', async () => {
      t = await createTestApp();
      await bulkLoad(t);
      await refreshStatistics(t.db);
      await t.app.scheduler.tick();
      expect(await statisticsOf(t.db, 'reservation_participants')).toEqual([]);
    });
  }
});
