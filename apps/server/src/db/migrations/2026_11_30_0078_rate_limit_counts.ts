import { sql } from 'kysely';
import { TIMESTAMP, type DialectMigration } from './helpers.js';

/**
 * The request rate limiter's counts when several processes share one PostgreSQL database and no Redis
 * is configured (docs/decisions/0022): one row per counted key (an address), its window's start and
 * the requests in it, upserted per request. On PostgreSQL the table is UNLOGGED: no write-ahead log for a
 * counter that only has to live a minute (a crash empties it, which lets a minute's requests through again).
 * SQLite keeps the counts in the process (one process), so the table stays empty there.
 */
export const rateLimitCounts: DialectMigration = {
  async up(db, dialect) {
    await db.schema
      .createTable('rate_limit_counts')
      .$call((table) => (dialect === 'postgres' ? table.modifyFront(sql`unlogged`) : table))
      .addColumn('key', 'text', (col) => col.primaryKey())
      .addColumn('window_start', TIMESTAMP, (col) => col.notNull())
      .addColumn('hits', 'integer', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('rate_limit_counts_window_idx').on('rate_limit_counts').column('window_start').execute();
  },
};
