import { sql } from 'kysely';
import { TIMESTAMP, withId, type DialectMigration } from './helpers.js';

/**
 * The repair centre (decision 0019, "The repair centre"):
 * - `repair_reports`: a problem with a desk or room (`resource_id`) or an asset (`asset_id`; exactly one of
 *   the two), its title and description, whether
 *   it blocks use, its status, reporter and assignee. A room taken out of use holds a disable period
 *   (`room_disable_period_id`, ended when the report is resolved); a desk names the report
 *   (`desks.out_of_use_report_id`, a desk write: it raises the layout version booking confirms).
 * - `repair_photos`: the photos, re-encoded, in the database (a few per report).
 * - `repair_events`: each step of a report (status and note, who, when).
 * - `repair_moves`: each booking a report moved (`to_resource_id`) or cancelled (null) when it took
 *   its desk or room out of use.
 */
export const repairs: DialectMigration = {
  async up(db, dialect) {
    const bytes = dialect === 'postgres' ? 'bytea' : 'blob';
    await withId(db.schema.createTable('repair_reports'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('resource_id', 'integer', (col) => col.references('resources.id').onDelete('cascade'))
      .addColumn('asset_id', 'integer', (col) => col.references('assets.id').onDelete('cascade'))
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('description', 'text')
      .addColumn('blocks_use', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('status', 'text', (col) => col.notNull().defaultTo('open').check(sql`status in ('open', 'in_progress', 'resolved', 'closed')`))
      .addColumn('reported_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('assignee_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('room_disable_period_id', 'integer', (col) => col.references('room_disable_periods.id').onDelete('set null'))
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('resolved_at', TIMESTAMP)
      .addCheckConstraint('repair_reports_one_target', sql`(resource_id is null) <> (asset_id is null)`)
      .execute();
    await db.schema.createIndex('repair_reports_company_idx').on('repair_reports').columns(['company_id', 'status', 'created_at']).execute();
    await db.schema.createIndex('repair_reports_resource_idx').on('repair_reports').columns(['resource_id', 'status']).execute();
    await db.schema.createIndex('repair_reports_asset_idx').on('repair_reports').columns(['asset_id', 'status']).execute();

    await withId(db.schema.createTable('repair_photos'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('report_id', 'integer', (col) => col.notNull().references('repair_reports.id').onDelete('cascade'))
      .addColumn('content_type', 'text', (col) => col.notNull())
      .addColumn('content', bytes, (col) => col.notNull())
      .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('repair_photos_report_idx').on('repair_photos').columns(['report_id']).execute();

    await withId(db.schema.createTable('repair_events'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('report_id', 'integer', (col) => col.notNull().references('repair_reports.id').onDelete('cascade'))
      .addColumn('status', 'text')
      .addColumn('note', 'text')
      .addColumn('by_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('repair_events_report_idx').on('repair_events').columns(['report_id', 'at']).execute();

    await withId(db.schema.createTable('repair_moves'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('report_id', 'integer', (col) => col.notNull().references('repair_reports.id').onDelete('cascade'))
      .addColumn('reservation_id', 'integer', (col) => col.notNull().references('reservations.id').onDelete('cascade'))
      .addColumn('from_resource_id', 'integer', (col) => col.notNull().references('resources.id').onDelete('cascade'))
      .addColumn('to_resource_id', 'integer', (col) => col.references('resources.id').onDelete('cascade'))
      .addColumn('at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('repair_moves_report_idx').on('repair_moves').columns(['report_id']).execute();

    await db.schema
      .alterTable('desks')
      .addColumn('out_of_use_report_id', 'integer', (col) => col.references('repair_reports.id').onDelete('set null'))
      .execute();
  },
};
