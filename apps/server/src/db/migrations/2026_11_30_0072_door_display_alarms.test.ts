import { afterEach, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from '../../test/database.js';
import type { DB } from '../schema.js';
import { MIGRATIONS } from './index.js';

describe(`door display alarms migration (${TEST_DIALECT})`, () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
    database = undefined;
  });

  it('keeps every device alarm with its id, then takes alarms of either source, exactly one, one open per display and cause', async () => {
    database = await createTestDatabase();
    const raw = database.db.kysely as unknown as Kysely<unknown>;
    const index = MIGRATIONS.findIndex(([name]) => name === '2026_11_30_0072_door_display_alarms');
    expect(index).toBeGreaterThan(0);
    for (const [, migration] of MIGRATIONS.slice(0, index)) await migration.up(raw, database.db.dialect);

    const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(raw)).rows[0]!;
    const company = await one(sql<{ id: number }>`insert into companies (name, domain, logo, created_at, updated_at) values ('Old Co', 'old', null, 1, 1) returning id`);
    const device = await one(
      sql<{ id: number }>`insert into smart_devices (company_id, name, kind, homie_id, created_at, updated_at) values (${company.id}, 'ac', 'air_conditioner', 'old-ac', 1, 1) returning id`,
    );
    const kept = await one(
      sql<{ id: number }>`insert into smart_alarms (company_id, device_id, cause, raised_at, cleared_at) values (${company.id}, ${device.id}, 'disconnected', 5, 6) returning id`,
    );
    const open = await one(sql<{ id: number }>`insert into smart_alarms (company_id, device_id, cause, raised_at) values (${company.id}, ${device.id}, 'alert', 7) returning id`);

    await MIGRATIONS[index]![1].up(raw, database.db.dialect);

    const db = database.db.kysely as unknown as Kysely<DB>;
    expect(await db.selectFrom('smart_alarms').select(['id', 'device_id', 'display_id', 'cause', 'raised_at', 'cleared_at']).orderBy('id').execute()).toEqual([
      { id: kept.id, device_id: device.id, display_id: null, cause: 'disconnected', raised_at: 5, cleared_at: 6 },
      { id: open.id, device_id: device.id, display_id: null, cause: 'alert', raised_at: 7, cleared_at: null },
    ]);
    const location = await db.insertInto('locations').values({ company_id: company.id, parent_id: null, level: 7, name: 'Kew', created_at: 1 }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('resources').values({ id: location.id, company_id: company.id, kind: 'room', created_at: 1 }).execute();
    await db.insertInto('rooms').values({ id: location.id, company_id: company.id, capacity: 4, created_at: 1, updated_at: 1 }).execute();
    const display = await db
      .insertInto('devices')
      .values({ company_id: company.id, room_id: location.id, name: 'Kew door', state: 'activated', last_seen_at: 1, created_at: 1, updated_at: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();

    const alarm = (source: { device_id?: number | null; display_id?: number | null }, cause: 'disconnected' | 'alert' = 'disconnected') =>
      db.insertInto('smart_alarms').values({ company_id: company.id, ...source, cause, raised_at: 9 }).returning('id').executeTakeFirstOrThrow();
    const raised = await alarm({ display_id: display.id });
    expect(raised.id).toBeGreaterThan(open.id);
    await expect(alarm({ display_id: display.id })).rejects.toThrow(/unique/i);
    await expect(alarm({})).rejects.toThrow(/check/i);
    await expect(alarm({ device_id: device.id, display_id: display.id }, 'alert')).rejects.toThrow(/check/i);
    await expect(alarm({ device_id: device.id }, 'alert')).rejects.toThrow(/unique/i);
    await expect(alarm({ display_id: display.id + 1000 }, 'alert')).rejects.toThrow(/foreign key/i);
    // Once cleared, the display may raise again; removing the display removes its alarms.
    await db.updateTable('smart_alarms').set({ cleared_at: 10 }).where('id', '=', raised.id).execute();
    await alarm({ display_id: display.id });
    await db.deleteFrom('devices').where('id', '=', display.id).execute();
    expect(await db.selectFrom('smart_alarms').select('id').where('display_id', 'is not', null).execute()).toEqual([]);
    if (TEST_DIALECT === 'sqlite') {
      expect((await sql`pragma foreign_key_check`.execute(raw)).rows).toEqual([]);
      const indexes = (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'smart_alarms' and sql is not null order by name`.execute(raw)).rows;
      expect(indexes.map((row) => row.name)).toEqual(['smart_alarms_company_idx', 'smart_alarms_display_open_uq', 'smart_alarms_open_uq']);
    }
  });
});
