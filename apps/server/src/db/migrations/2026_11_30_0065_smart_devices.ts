import { sql } from 'kysely';
import { TIMESTAMP, withId, type DialectMigration } from './helpers.js';

/**
 * Smart-room devices and their telemetry (decision 0020, "The device gateway"): the devices a company
 * registers (Homie 5 over MQTT, or the HTTP device API), with what the gateway last heard from each
 * (`state`, the Homie `$description`, the latest value of every property); their deployers; the
 * commands sent to them with their answers; the numeric readings and their minute/hour/day rollups.
 * Activation codes and device secrets are kept as SHA-256 hashes only.
 */
export const smartDevices: DialectMigration = {
  async up(db, dialect) {
    const real = dialect === 'postgres' ? 'double precision' : 'real';
    await withId(db.schema.createTable('smart_devices'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('location_id', 'integer', (col) => col.references('locations.id').onDelete('set null'))
      .addColumn('room_id', 'integer', (col) => col.references('rooms.id').onDelete('set null'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('brand', 'text')
      .addColumn('model', 'text')
      .addColumn(
        'kind',
        'text',
        (col) =>
          col
            .notNull()
            .check(sql`kind in ('sensor', 'light', 'air_conditioner', 'curtain', 'projector', 'power_unit', 'central_host', 'air_monitor', 'audio', 'matrix_screen', 'access_control')`),
      )
      .addColumn('serial_number', 'text')
      .addColumn('ip_address', 'text')
      .addColumn('mac_address', 'text')
      .addColumn('homie_id', 'text', (col) => col.notNull())
      // The Homie $state last heard; null: never heard from.
      .addColumn('state', 'text', (col) => col.check(sql`state in ('init', 'ready', 'disconnected', 'sleeping', 'lost', 'alert')`))
      .addColumn('description', 'text')
      .addColumn('properties', 'text', (col) => col.notNull().defaultTo('{}'))
      .addColumn('activation_code_hash', 'text', (col) => col.unique())
      .addColumn('activation_expires_at', TIMESTAMP)
      .addColumn('activated_at', TIMESTAMP)
      .addColumn('secret_hash', 'text', (col) => col.unique())
      .addColumn('last_seen_at', TIMESTAMP)
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .addUniqueConstraint('smart_devices_homie_id_key', ['company_id', 'homie_id'])
      .execute();

    await db.schema
      .createTable('smart_device_deployers')
      .addColumn('device_id', 'integer', (col) => col.notNull().references('smart_devices.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('smart_device_deployers_pk', ['device_id', 'user_id'])
      .execute();

    await db.schema
      .createTable('smart_device_commands')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('device_id', 'integer', (col) => col.notNull().references('smart_devices.id').onDelete('cascade'))
      .addColumn('node', 'text', (col) => col.notNull())
      .addColumn('property', 'text', (col) => col.notNull())
      .addColumn('value', 'text', (col) => col.notNull())
      .addColumn('issued_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('issued_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('answered_at', TIMESTAMP)
      .addColumn('result', 'text', (col) => col.notNull().check(sql`result in ('pending', 'acked', 'failed', 'timeout')`))
      .addColumn('error', 'text')
      .execute();
    await db.schema.createIndex('smart_device_commands_device_idx').on('smart_device_commands').columns(['device_id', 'issued_at']).execute();

    await db.schema
      .createTable('device_readings')
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('device_id', 'integer', (col) => col.notNull().references('smart_devices.id').onDelete('cascade'))
      .addColumn('metric', 'text', (col) => col.notNull())
      .addColumn('at', TIMESTAMP, (col) => col.notNull())
      .addColumn('value', real, (col) => col.notNull())
      .addPrimaryKeyConstraint('device_readings_pk', ['device_id', 'metric', 'at'])
      .execute();

    await db.schema
      .createTable('device_reading_rollups')
      .addColumn('device_id', 'integer', (col) => col.notNull().references('smart_devices.id').onDelete('cascade'))
      .addColumn('metric', 'text', (col) => col.notNull())
      .addColumn('grain', 'text', (col) => col.notNull().check(sql`grain in ('minute', 'hour', 'day')`))
      .addColumn('bucket', TIMESTAMP, (col) => col.notNull())
      .addColumn('count', 'integer', (col) => col.notNull())
      .addColumn('sum', real, (col) => col.notNull())
      .addColumn('min', real, (col) => col.notNull())
      .addColumn('max', real, (col) => col.notNull())
      .addPrimaryKeyConstraint('device_reading_rollups_pk', ['device_id', 'metric', 'grain', 'bucket'])
      .execute();
  },
};
