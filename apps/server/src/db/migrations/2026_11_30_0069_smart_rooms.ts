import { sql } from 'kysely';
import { TIMESTAMP, flag, type DialectMigration } from './helpers.js';

/**
 * Smart rooms (decision 0020, "Smart rooms: state, presence and control"): a room's smart settings, kept
 * only for rooms whose settings were changed (a room without a row is enabled with the default response
 * delay). `response_delay_seconds` is the sensor response delay of spec 001 section 9 (0-2 minutes).
 */
export const smartRooms: DialectMigration = {
  async up(db) {
    await db.schema
      .createTable('smart_room_settings')
      .addColumn('room_id', 'integer', (col) => col.primaryKey().references('rooms.id').onDelete('cascade'))
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('is_enabled', 'integer', flag(1))
      .addColumn('response_delay_seconds', 'integer', (col) => col.notNull().defaultTo(60))
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('updated_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addCheckConstraint('smart_room_settings_delay_check', sql`response_delay_seconds between 0 and 120`)
      .execute();
    await db.schema.createIndex('smart_room_settings_company_idx').on('smart_room_settings').column('company_id').execute();
    // Rooms read their devices by room.
    await db.schema.createIndex('smart_devices_room_idx').on('smart_devices').columns(['room_id']).execute();
  },
};
