import { sql } from 'kysely';
import { TIMESTAMP, withId, type DialectMigration } from './helpers.js';

/**
 * Inspections (decision 0019, "Inspections"):
 * - `inspection_checklists`: a named list of items (JSON `[{ key, text }]`) for an area (a building or
 *   floor; null: the company), due each day, week or month (`frequency`); its name unique per company regardless of
 *   case (`name_key`).
 * - `inspection_assignees`: who walks it.
 * - `inspection_runs`: a completed round, one per checklist and period (the period's first day on the
 *   area's clock), with each item's result (JSON `[{ key, text, ok, note, repairReportId }]`).
 */
export const inspections: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('inspection_checklists'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('name_key', 'text', (col) => col.notNull())
      .addColumn('frequency', 'text', (col) => col.notNull().check(sql`frequency in ('daily', 'weekly', 'monthly')`))
      .addColumn('location_id', 'integer', (col) => col.references('locations.id').onDelete('set null'))
      .addColumn('items', 'text', (col) => col.notNull())
      .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('inspection_checklists_name_idx').on('inspection_checklists').columns(['company_id', 'name_key']).unique().execute();

    await db.schema
      .createTable('inspection_assignees')
      .addColumn('checklist_id', 'integer', (col) => col.notNull().references('inspection_checklists.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('inspection_assignees_pk', ['checklist_id', 'user_id'])
      .execute();
    await db.schema.createIndex('inspection_assignees_user_idx').on('inspection_assignees').columns(['user_id']).execute();

    await withId(db.schema.createTable('inspection_runs'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('checklist_id', 'integer', (col) => col.notNull().references('inspection_checklists.id').onDelete('cascade'))
      .addColumn('period', 'text', (col) => col.notNull())
      .addColumn('completed_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('completed_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('results', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('inspection_runs_period_idx').on('inspection_runs').columns(['checklist_id', 'period']).unique().execute();
    await db.schema.createIndex('inspection_runs_company_idx').on('inspection_runs').columns(['company_id', 'completed_at']).execute();
  },
};
