import { sql } from 'kysely';
import type { Database } from './database.js';

/**
 * The query planner's statistics. SQLite keeps none until ANALYZE runs and then guesses which index
 * serves a query: on the demo company it read every participant of the company through the
 * (company, user) index instead of the few meetings' rows through the (reservation) index (issue 18).
 * PostgreSQL's autovacuum analyses changed tables by itself.
 */

/**
 * Rows per index that one ANALYZE reads on SQLite (PRAGMA analysis_limit): an approximate count is
 * all the planner needs, and it keeps a run to milliseconds whatever the size of the tables.
 */
export const SQLITE_ANALYSIS_LIMIT = 1000;

/**
 * Refreshes SQLite's statistics of every table that has none or whose size changed much since they
 * were taken (`PRAGMA optimize`; 0x10000: every table, not only those this connection has queried).
 * Cheap when nothing changed. Nothing to do on PostgreSQL (autovacuum).
 */
export async function refreshStatistics(db: Database): Promise<void> {
  if (db.dialect !== 'sqlite') return;
  await sql.raw(`pragma analysis_limit = ${SQLITE_ANALYSIS_LIMIT}`).execute(db.kysely);
  await sql`pragma optimize = 0x10002`.execute(db.kysely);
}

/** Analyses every table now, after a bulk load (the demo seed, a benchmark's rows), on either engine. */
export async function analyzeAll(db: Database): Promise<void> {
  if (db.dialect === 'sqlite') await sql.raw(`pragma analysis_limit = ${SQLITE_ANALYSIS_LIMIT}`).execute(db.kysely);
  await sql`analyze`.execute(db.kysely);
}
