import { TIMESTAMP, withId, type DialectMigration } from './helpers.js';

/**
 * Door displays (issue 4): booking-screen settings shared by a group of rooms, and the light cycles
 * of each display. The devices themselves are in 2026_11_22_0011_rooms.
 */
export const doorDisplays: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('screen_settings'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('title', 'text', (col) => col.notNull())
      // JSON of the contract's ScreenSettingFields: validated as a whole by the contract on the way in.
      .addColumn('settings', 'text', (col) => col.notNull())
      // argon2id hash of the 6-digit exit password; null when none is set.
      .addColumn('exit_password_hash', 'text')
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('screen_settings_company_idx').on('screen_settings').column('company_id').execute();

    await db.schema
      .createTable('screen_setting_rooms')
      .addColumn('setting_id', 'integer', (col) => col.notNull().references('screen_settings.id').onDelete('cascade'))
      // A room belongs to at most one screen group.
      .addColumn('room_id', 'integer', (col) => col.primaryKey().references('rooms.id').onDelete('cascade'))
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .execute();
    await db.schema.createIndex('screen_setting_rooms_setting_idx').on('screen_setting_rooms').column('setting_id').execute();

    await withId(db.schema.createTable('device_light_cycles'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('device_id', 'integer', (col) => col.notNull().references('devices.id').onDelete('cascade'))
      // Distinct days 0-6 (0 = Sunday), comma-separated and sorted.
      .addColumn('weekday', 'text', (col) => col.notNull())
      // HH:mm; the end may be 23:59 for the end of the day.
      .addColumn('start_time', 'text', (col) => col.notNull())
      .addColumn('end_time', 'text', (col) => col.notNull())
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('device_light_cycles_device_idx').on('device_light_cycles').columns(['company_id', 'device_id']).execute();
  },
};
