import { sql } from 'kysely';
import { TIMESTAMP, type DialectMigration } from './helpers.js';

/**
 * Visit retention (decision 0018, "Retention"): each company's days to keep a visit after it ended,
 * and the counts that outlive the deleted visits (per day on the place's clock, place and reason), so
 * the analysis page can still count what retention took away.
 */
export const visitRetention: DialectMigration = {
  async up(db) {
    await db.schema
      .createTable('visitor_settings')
      .addColumn('company_id', 'integer', (col) => col.primaryKey().references('companies.id').onDelete('cascade'))
      .addColumn('retention_days', 'integer', (col) => col.notNull())
      .addColumn('updated_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .addCheckConstraint('visitor_settings_retention', sql`retention_days between 30 and 3650`)
      .execute();
    await db.schema
      .createTable('visit_stats')
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      // YYYY-MM-DD of the visit time on its place's clock.
      .addColumn('day', 'text', (col) => col.notNull())
      // 0: a visit without a place (its location was deleted).
      .addColumn('location_id', 'integer', (col) => col.notNull())
      .addColumn('reason', 'text', (col) => col.notNull())
      .addColumn('visits', 'integer', (col) => col.notNull())
      .addColumn('checked_in', 'integer', (col) => col.notNull())
      .addColumn('no_shows', 'integer', (col) => col.notNull())
      .addColumn('cancelled', 'integer', (col) => col.notNull())
      // The summed stay of the checked-out visits, in minutes.
      .addColumn('stay_minutes', 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint('visit_stats_pk', ['company_id', 'day', 'location_id', 'reason'])
      .execute();
    // The retention job reads visits by their end.
    await db.schema.createIndex('visits_company_end_idx').on('visits').columns(['company_id', 'expected_end_at']).execute();
  },
};
