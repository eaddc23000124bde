import { TIMESTAMP, flag, withId, type DialectMigration } from './helpers.js';

/**
 * Display information and applications (docs/decisions/0004, Display information and notices):
 * - info_show_settings: what door displays and room boards show, one row per scope (the company
 *   default, or one room); scope_key is 0 for the default and the room id otherwise, so one unique
 *   key covers both (a null room id would not be unique on either engine);
 * - company_applications: applications a company switched off or on again (none: all on).
 * The notice configuration is a row of the company settings table (key noticeConfig).
 */
export const displayInfo: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('info_show_settings'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('room_id', 'integer', (col) => col.references('locations.id').onDelete('cascade'))
      .addColumn('scope_key', 'integer', (col) => col.notNull())
      // JSON: { title, host, participants, description, time, futureMeetings } switches.
      .addColumn('fields', 'text', (col) => col.notNull())
      // JSON array of { label, value } in display order.
      .addColumn('items', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .addUniqueConstraint('info_show_settings_scope_unique', ['company_id', 'scope_key'])
      .execute();

    await db.schema
      .createTable('company_applications')
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('app_key', 'text', (col) => col.notNull())
      .addColumn('is_enabled', 'integer', flag(1))
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .addPrimaryKeyConstraint('company_applications_pk', ['company_id', 'app_key'])
      .execute();
  },
};
