import { sql } from 'kysely';
import { TIMESTAMP, flag, withId, type DialectMigration } from './helpers.js';

const OLD_CHANNELS = "('console', 'display', 'qr')";
const NEW_CHANNELS = "('console', 'display', 'qr', 'sensor')";

/**
 * Smart rooms (decision 0020, "Smart rooms: state, presence and control" and "Presence drives booking").
 *
 * `smart_room_settings`: a room's smart settings, kept only for rooms whose settings were changed (a
 * room without a row has the defaults): smart control on, the sensor response delay of spec 001
 * section 9 (0-2 minutes), whether presence checks meetings in, whether a booked room nobody is in
 * prompts its host and is then released, and how long the host has to answer.
 *
 * `smart_plans`, `smart_scenes`: a room's plan entries and its two scenes, each saved whole (JSON);
 * `smart_scene_runs`: each run of a scene by its key (a meeting's check-in or end, a plan entry's start
 * or end on a date), claimed once across processes.
 *
 * `smart_alarms`: device alarms (disconnected, alert) from raise to clear, with who acknowledged them.
 *
 * `smart_ghost_prompts`: one row per meeting whose host was asked (claimed once across processes by
 * its key), with the time the answer is due and how it ended.
 *
 * Reservations gain the check-in channel `sensor` (the constraint on PostgreSQL, the two triggers on
 * SQLite, rewritten from their own text).
 */
export const smartRooms: DialectMigration = {
  async up(db, dialect) {
    await db.schema
      .createTable('smart_room_settings')
      .addColumn('room_id', 'integer', (col) => col.primaryKey().references('rooms.id').onDelete('cascade'))
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('is_enabled', 'integer', flag(1))
      .addColumn('response_delay_seconds', 'integer', (col) => col.notNull().defaultTo(60))
      .addColumn('presence_check_in', 'integer', flag(1))
      .addColumn('ghost_release', 'integer', flag(1))
      .addColumn('ghost_grace_minutes', 'integer', (col) => col.notNull().defaultTo(10))
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('updated_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addCheckConstraint('smart_room_settings_delay_check', sql`response_delay_seconds between 0 and 120`)
      .addCheckConstraint('smart_room_settings_grace_check', sql`ghost_grace_minutes between 1 and 60`)
      .execute();
    await db.schema.createIndex('smart_room_settings_company_idx').on('smart_room_settings').column('company_id').execute();
    // Rooms read their devices by room.
    await db.schema.createIndex('smart_devices_room_idx').on('smart_devices').columns(['room_id']).execute();

    await db.schema
      .createTable('smart_ghost_prompts')
      .addColumn('reservation_id', 'integer', (col) => col.primaryKey().references('reservations.id').onDelete('cascade'))
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('room_id', 'integer', (col) => col.notNull().references('rooms.id').onDelete('cascade'))
      .addColumn('prompted_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('answer_by', TIMESTAMP, (col) => col.notNull())
      .addColumn('resolved_at', TIMESTAMP)
      .addColumn('outcome', 'text', (col) => col.check(sql`outcome in ('checked_in', 'present', 'released', 'gone')`))
      .execute();
    await db.schema.createIndex('smart_ghost_prompts_due_idx').on('smart_ghost_prompts').columns(['resolved_at', 'answer_by']).execute();

    // Plans and scenes (decision 0020, "Plans and scenes"): each saved whole as JSON; the runs claimed once by their key.
    await db.schema
      .createTable('smart_plans')
      .addColumn('room_id', 'integer', (col) => col.primaryKey().references('rooms.id').onDelete('cascade'))
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('entries', 'text', (col) => col.notNull())
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('updated_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .execute();
    await db.schema
      .createTable('smart_scenes')
      .addColumn('room_id', 'integer', (col) => col.primaryKey().references('rooms.id').onDelete('cascade'))
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('on_actions', 'text', (col) => col.notNull())
      .addColumn('off_actions', 'text', (col) => col.notNull())
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('updated_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .execute();
    await db.schema
      .createTable('smart_scene_runs')
      .addColumn('room_id', 'integer', (col) => col.notNull().references('rooms.id').onDelete('cascade'))
      .addColumn('run_key', 'text', (col) => col.notNull())
      .addColumn('trigger', 'text', (col) => col.notNull().check(sql`trigger in ('on', 'off')`))
      .addColumn('ran_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('sent', 'integer', (col) => col.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('smart_scene_runs_pk', ['room_id', 'run_key'])
      .execute();

    // Device alarms: one open alarm per device and cause (the partial unique index), cleared when the device is back.
    await withId(db.schema.createTable('smart_alarms'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('device_id', 'integer', (col) => col.notNull().references('smart_devices.id').onDelete('cascade'))
      .addColumn('cause', 'text', (col) => col.notNull().check(sql`cause in ('disconnected', 'alert')`))
      .addColumn('raised_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('cleared_at', TIMESTAMP)
      .addColumn('acknowledged_at', TIMESTAMP)
      .addColumn('acknowledged_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .execute();
    await db.schema.createIndex('smart_alarms_open_uq').on('smart_alarms').columns(['device_id', 'cause']).unique().where(sql.ref('cleared_at'), 'is', null).execute();
    await db.schema.createIndex('smart_alarms_company_idx').on('smart_alarms').columns(['company_id', 'raised_at']).execute();

    if (dialect === 'postgres') {
      await sql`alter table reservations drop constraint reservations_check_in_channel_check`.execute(db);
      await sql.raw(`alter table reservations add constraint reservations_check_in_channel_check check (check_in_channel in ${NEW_CHANNELS})`).execute(db);
      return;
    }
    const { rows } = await sql<{ name: string; sql: string }>`
      select name, sql from sqlite_master where type = 'trigger' and tbl_name = 'reservations' and sql like ${`%${OLD_CHANNELS}%`}`.execute(db);
    if (rows.length !== 2) throw new Error(`expected the two check triggers of reservations, found ${rows.length}`);
    for (const trigger of rows) {
      await sql.raw(`drop trigger "${trigger.name}"`).execute(db);
      await sql.raw(trigger.sql.replace(OLD_CHANNELS, NEW_CHANNELS)).execute(db);
    }
  },
};
