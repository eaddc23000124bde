import { sql } from 'kysely';
import { TIMESTAMP, withId, type DialectMigration } from './helpers.js';

/**
 * Reception devices (decision 0018, "Reception devices and the kiosk"): the visitor pads (kiosks a
 * visitor checks in at, activated by a 5-digit code like door displays, reporting battery, version,
 * network, IP and MAC with their heartbeats), the badge printers (label stock and a calibration
 * offset) and the door controllers of a place; each place's visitor sign-in window in hours; and the
 * kiosk's theme on the company's visitor settings.
 */
export const visitorDevices: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('visitor_devices'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('location_id', 'integer', (col) => col.notNull().references('locations.id').onDelete('cascade'))
      .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('pad', 'printer', 'door')`))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('serial', 'text')
      // Pads only: 5 digits while waiting to be activated, then null; the token's SHA-256 once activated.
      .addColumn('activation_code', 'text', (col) => col.unique())
      .addColumn('token_hash', 'text', (col) => col.unique())
      .addColumn('activated_at', TIMESTAMP)
      .addColumn('last_seen_at', TIMESTAMP)
      .addColumn('platform', 'text')
      .addColumn('app_version', 'text')
      .addColumn('battery', 'integer')
      .addColumn('network', 'text')
      .addColumn('ip', 'text')
      .addColumn('mac', 'text')
      // A pad's badge printer.
      .addColumn('printer_id', 'integer')
      // Printers only: the label stock and the calibration offset in tenths of a millimetre.
      .addColumn('stock', 'text')
      .addColumn('offset_x', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('offset_y', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('visitor_devices_company_idx').on('visitor_devices').columns(['company_id', 'location_id', 'kind']).execute();

    await db.schema
      .createTable('visitor_places')
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('location_id', 'integer', (col) => col.notNull().references('locations.id').onDelete('cascade'))
      .addColumn('sign_in_hours', 'integer', (col) => col.notNull())
      .addColumn('updated_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .addPrimaryKeyConstraint('visitor_places_pk', ['company_id', 'location_id'])
      .addCheckConstraint('visitor_places_sign_in_hours', sql`sign_in_hours between 0 and 24`)
      .execute();

    await db.schema.alterTable('visitor_settings').addColumn('kiosk_welcome_en', 'text').execute();
    await db.schema.alterTable('visitor_settings').addColumn('kiosk_welcome_zh', 'text').execute();
    await db.schema.alterTable('visitor_settings').addColumn('kiosk_color', 'text').execute();
  },
};
