import { TIMESTAMP, withId, type DialectMigration } from './helpers.js';

/**
 * The front-end log (decision 0021, "Front-end log"): errors the console reports, one row per distinct
 * failure of a report with how often it was seen. The session and address columns let the report's
 * rate limit count recent rows without a table of its own; the user's name is copied so an entry
 * outlives its user. Indexes: the company's list newest first, the two rate-limit counts, retention.
 */
export const frontendLogs: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('frontend_logs'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('user_name', 'text')
      .addColumn('session_id', 'integer')
      .addColumn('ip', 'text')
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('page', 'text', (col) => col.notNull())
      .addColumn('message', 'text', (col) => col.notNull())
      .addColumn('stack', 'text')
      .addColumn('count', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('user_agent', 'text')
      .addColumn('at', TIMESTAMP, (col) => col.notNull())
      .addColumn('received_at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('frontend_logs_company_idx').on('frontend_logs').columns(['company_id', 'received_at']).execute();
    await db.schema.createIndex('frontend_logs_session_idx').on('frontend_logs').columns(['session_id', 'received_at']).execute();
    await db.schema.createIndex('frontend_logs_ip_idx').on('frontend_logs').columns(['ip', 'received_at']).execute();
    await db.schema.createIndex('frontend_logs_received_idx').on('frontend_logs').column('received_at').execute();
  },
};
