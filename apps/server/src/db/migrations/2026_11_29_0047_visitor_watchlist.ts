import { sql } from 'kysely';
import { TIMESTAMP, withId, type DialectMigration } from './helpers.js';

/**
 * The visitor watchlist (decision 0018, "The watchlist"): people reception watches for, by name and
 * aliases, e-mail or phone, each with what to do (alert, admit only at reception, refuse). A visit
 * keeps the strongest match found when it was made or confirmed (`watch_action`, with the entry's
 * name as it was), so a later change of the list does not rewrite what reception was told.
 */
export const visitorWatchlist: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('visitor_watchlist'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      // JSON array of the aliases as written.
      .addColumn('aliases', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('email', 'text')
      .addColumn('phone', 'text')
      .addColumn('action', 'text', (col) => col.notNull())
      .addColumn('note', 'text')
      .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .addCheckConstraint('visitor_watchlist_action', sql`action in ('alert', 'approval', 'refuse')`)
      .execute();
    await db.schema.createIndex('visitor_watchlist_company_idx').on('visitor_watchlist').columns(['company_id', 'name']).execute();

    await db.schema.alterTable('visits').addColumn('watch_action', 'text').execute();
    await db.schema.alterTable('visits').addColumn('watch_name', 'text').execute();
  },
};
