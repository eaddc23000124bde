import { sql, type Kysely } from 'kysely';
import { TIMESTAMP, withId, type DialectMigration } from './helpers.js';

/**
 * Door displays raise alarms too (decision 0020, "Device alarms"; spec 001 section 3 lists the panel and
 * the sign-in panel): `smart_alarms` names either a smart device (`device_id`) or a door display
 * (`display_id`, a row of `devices`), exactly one of them (the check), with one open alarm per display and
 * cause as per device (a second partial unique index).
 *
 * The alarm scan finds activated displays not heard within the online window through a partial index on
 * their heartbeat time that holds only activated displays.
 *
 * SQLite cannot drop a NOT NULL or add a check in place: the table is rebuilt (new table, copy with the
 * ids and the id sequence, drop, rename, indexes again) in one transaction. No table references
 * `smart_alarms`, so foreign keys may stay on.
 */
export const doorDisplayAlarms: DialectMigration = {
  async up(db, dialect) {
    if (dialect === 'postgres') {
      await db.schema
        .alterTable('smart_alarms')
        .addColumn('display_id', 'integer', (col) => col.references('devices.id').onDelete('cascade'))
        .execute();
      await db.schema.alterTable('smart_alarms').alterColumn('device_id', (col) => col.dropNotNull()).execute();
      await db.schema.alterTable('smart_alarms').addCheckConstraint('smart_alarms_source_check', SOURCE_CHECK).execute();
      await createIndexes(db, false);
      return;
    }

    await sql`begin immediate`.execute(db);
    try {
      await withId(db.schema.createTable('smart_alarms_new'), dialect)
        .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
        .addColumn('device_id', 'integer', (col) => col.references('smart_devices.id').onDelete('cascade'))
        .addColumn('display_id', 'integer', (col) => col.references('devices.id').onDelete('cascade'))
        .addColumn('cause', 'text', (col) => col.notNull().check(sql`cause in ('disconnected', 'alert')`))
        .addColumn('raised_at', TIMESTAMP, (col) => col.notNull())
        .addColumn('cleared_at', TIMESTAMP)
        .addColumn('acknowledged_at', TIMESTAMP)
        .addColumn('acknowledged_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addCheckConstraint('smart_alarms_source_check', SOURCE_CHECK)
        .execute();
      await sql`
        insert into smart_alarms_new (id, company_id, device_id, cause, raised_at, cleared_at, acknowledged_at, acknowledged_by)
        select id, company_id, device_id, cause, raised_at, cleared_at, acknowledged_at, acknowledged_by from smart_alarms`.execute(db);
      // Keep the sequence where it was, so an id of a deleted alarm is never given again.
      await sql`delete from sqlite_sequence where name = 'smart_alarms_new'`.execute(db);
      await sql`insert into sqlite_sequence (name, seq) select 'smart_alarms_new', seq from sqlite_sequence where name = 'smart_alarms'`.execute(db);
      await sql`drop table smart_alarms`.execute(db);
      await sql`alter table smart_alarms_new rename to smart_alarms`.execute(db);
      await createIndexes(db, true);
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  },
};

/** Exactly one source: a smart device or a door display. */
const SOURCE_CHECK = sql`(device_id is null) <> (display_id is null)`;

/** The display's open-alarm index and the scan's index of displays; on a rebuilt table, its two earlier indexes too. */
async function createIndexes(db: Kysely<unknown>, isRebuilt: boolean): Promise<void> {
  if (isRebuilt) {
    await db.schema.createIndex('smart_alarms_open_uq').on('smart_alarms').columns(['device_id', 'cause']).unique().where(sql.ref('cleared_at'), 'is', null).execute();
    await db.schema.createIndex('smart_alarms_company_idx').on('smart_alarms').columns(['company_id', 'raised_at']).execute();
  }
  await db.schema.createIndex('smart_alarms_display_open_uq').on('smart_alarms').columns(['display_id', 'cause']).unique().where(sql.ref('cleared_at'), 'is', null).execute();
  await db.schema.createIndex('devices_activated_seen_idx').on('devices').columns(['last_seen_at']).where(sql<boolean>`state = 'activated'`).execute();
}
