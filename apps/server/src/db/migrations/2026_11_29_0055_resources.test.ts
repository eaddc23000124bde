import { afterEach, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from '../../test/database.js';
import type { DB } from '../schema.js';
import { MIGRATIONS } from './index.js';

describe(`resources migration (${TEST_DIALECT})`, () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
    database = undefined;
  });

  it('gives every room its resource with its id, keeps every meeting, series and participant on it, and keeps the overlap guard', async () => {
    database = await createTestDatabase();
    const raw = database.db.kysely as unknown as Kysely<unknown>;
    const index = MIGRATIONS.findIndex(([name]) => name === '2026_11_29_0055_resources');
    expect(index).toBeGreaterThan(0);
    for (const [, migration] of MIGRATIONS.slice(0, index)) await migration.up(raw, database.db.dialect);

    const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(raw)).rows[0]!;
    const company = await one(sql<{ id: number }>`insert into companies (name, domain, logo, created_at, updated_at) values ('Old Co', 'old', null, 1, 1) returning id`);
    const room = await one(sql<{ id: number }>`insert into locations (company_id, parent_id, level, name, created_at) values (${company.id}, null, 7, 'Blue', 1) returning id`);
    await sql`insert into rooms (id, company_id, capacity, created_at, updated_at) values (${room.id}, ${company.id}, 6, 5, 5)`.execute(raw);
    const series = await one(
      sql<{ id: number }>`insert into reservation_series (company_id, room_id, rule, first_date, start_time, end_time, time_zone, created_at, updated_at)
        values (${company.id}, ${room.id}, '{"frequency":"daily"}', '2026-12-01', '09:00', '10:00', 'Europe/London', 1, 1) returning id`,
    );
    const meeting = await one(
      sql<{ id: number }>`insert into reservations (company_id, room_id, title, start_at, end_at, status, series_id, created_at, updated_at)
        values (${company.id}, ${room.id}, 'Kept', 1000, 2000, 'confirmed', ${series.id}, 1, 1) returning id`,
    );
    await sql`insert into reservation_participants (company_id, reservation_id, email) values (${company.id}, ${meeting.id}, 'guest@example.com')`.execute(raw);

    await MIGRATIONS[index]![1].up(raw, database.db.dialect);

    const db = database.db.kysely as unknown as Kysely<DB>;
    expect(await db.selectFrom('resources').selectAll().execute()).toEqual([{ id: room.id, company_id: company.id, kind: 'room', created_at: 5 }]);
    const kept = await db.selectFrom('reservations').select(['id', 'resource_id', 'title', 'series_id']).execute();
    expect(kept).toEqual([{ id: meeting.id, resource_id: room.id, title: 'Kept', series_id: series.id }]);
    expect(await db.selectFrom('reservation_series').select(['id', 'resource_id']).execute()).toEqual([{ id: series.id, resource_id: room.id }]);
    expect(await db.selectFrom('reservation_participants').select('email').execute()).toEqual([{ email: 'guest@example.com' }]);

    const insert = (resourceId: number, startAt: number, endAt: number) =>
      db
        .insertInto('reservations')
        .values({ company_id: company.id, resource_id: resourceId, title: 'New', start_at: startAt, end_at: endAt, created_at: 2, updated_at: 2 })
        .execute();
    await expect(insert(room.id, 1500, 2500)).rejects.toThrow(/reservation_overlap|reservations_no_overlap/);
    await expect(insert(room.id + 1000, 3000, 4000)).rejects.toThrow(/foreign key/i);
    await insert(room.id, 2000, 3000);
    // A new room without its resource is refused: the room's id is its resource's.
    const bare = await db.insertInto('locations').values({ company_id: company.id, parent_id: null, level: 7, name: 'Bare', created_at: 1 }).returning('id').executeTakeFirstOrThrow();
    await expect(db.insertInto('rooms').values({ id: bare.id, company_id: company.id, capacity: 2, created_at: 1, updated_at: 1 }).execute()).rejects.toThrow(/foreign key/i);
    if (TEST_DIALECT === 'sqlite') {
      expect((await sql`pragma foreign_key_check`.execute(raw)).rows).toEqual([]);
      expect((await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(raw)).rows[0]?.foreign_keys).toBe(1);
    }
  });
});
