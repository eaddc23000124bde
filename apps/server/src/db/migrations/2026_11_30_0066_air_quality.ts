import { sql } from 'kysely';
import { TIMESTAMP, withId, type DialectMigration } from './helpers.js';

/**
 * Air quality (decision 0020, "Air quality: metrics, thresholds and alerts").
 *
 * `air_thresholds`: the preset or custom limits of the company (`location_id` null, its default) or of one
 * location (overriding the default for it and the locations under it); `custom` is the JSON threshold set
 * of the custom preset. One row per company and location (two unique indexes, as NULLs never collide).
 *
 * `air_alerts`: an alert per metric and device from its raise to its clear. `device_id` has no foreign key
 * yet: the devices table (`smart_devices`) comes with the gateway's branch, and the key is added by a
 * migration when the two meet.
 *
 * `air_alert_states`: the evaluator's memory per device and metric (ok or alert, since when, since when
 * beyond a limit, the open alert), so a restart neither raises an alert twice nor forgets a pending one.
 */
export const airQuality: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('air_thresholds'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('location_id', 'integer', (col) => col.references('locations.id').onDelete('cascade'))
      .addColumn('preset', 'text', (col) => col.notNull())
      .addColumn('custom', 'text')
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('updated_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addCheckConstraint('air_thresholds_preset_check', sql`preset in ('well_v2', 'gb_t_18883', 'custom')`)
      .execute();
    await db.schema.createIndex('air_thresholds_location_uq').on('air_thresholds').columns(['company_id', 'location_id']).unique().execute();
    await db.schema.createIndex('air_thresholds_default_uq').on('air_thresholds').column('company_id').unique().where(sql.ref('location_id'), 'is', null).execute();

    await withId(db.schema.createTable('air_alerts'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('device_id', 'integer', (col) => col.notNull())
      .addColumn('location_id', 'integer', (col) => col.references('locations.id').onDelete('set null'))
      .addColumn('metric', 'text', (col) => col.notNull())
      .addColumn('state', 'text', (col) => col.notNull())
      .addColumn('side', 'text', (col) => col.notNull())
      .addColumn('limit_value', 'double precision', (col) => col.notNull())
      .addColumn('peak', 'double precision', (col) => col.notNull())
      .addColumn('raised_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('cleared_at', TIMESTAMP)
      .addColumn('acknowledged_at', TIMESTAMP)
      .addColumn('acknowledged_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addCheckConstraint('air_alerts_state_check', sql`state in ('raised', 'cleared')`)
      .addCheckConstraint('air_alerts_side_check', sql`side in ('above', 'below')`)
      .execute();
    await db.schema.createIndex('air_alerts_company_idx').on('air_alerts').columns(['company_id', 'state', 'raised_at']).execute();

    await db.schema
      .createTable('air_alert_states')
      .addColumn('device_id', 'integer', (col) => col.notNull())
      .addColumn('metric', 'text', (col) => col.notNull())
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('state', 'text', (col) => col.notNull())
      .addColumn('since', TIMESTAMP, (col) => col.notNull())
      .addColumn('beyond_since', TIMESTAMP)
      .addColumn('side', 'text')
      .addColumn('limit_value', 'double precision')
      .addColumn('peak', 'double precision')
      .addColumn('last_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('alert_id', 'integer', (col) => col.references('air_alerts.id').onDelete('set null'))
      .addPrimaryKeyConstraint('air_alert_states_pk', ['device_id', 'metric'])
      .addCheckConstraint('air_alert_states_state_check', sql`state in ('ok', 'alert')`)
      .execute();
  },
};
