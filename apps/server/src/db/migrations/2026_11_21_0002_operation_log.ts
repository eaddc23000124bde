import { TIMESTAMP, withId, type DialectMigration } from './helpers.js';

/** The operation log: every administrative change, who made it, when, and how it ended. */
export const operationLog: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('operation_logs'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      // The actor's name is copied so the entry stays readable after the user is deleted.
      .addColumn('actor_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('actor_name', 'text', (col) => col.notNull())
      .addColumn('action', 'text', (col) => col.notNull())
      .addColumn('target_type', 'text', (col) => col.notNull())
      .addColumn('target_id', 'integer')
      .addColumn('target_name', 'text')
      .addColumn('result', 'text', (col) => col.notNull())
      .addColumn('detail', 'text')
      .addColumn('ip', 'text')
      .addColumn('at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('operation_logs_company_at_idx').on('operation_logs').columns(['company_id', 'at']).execute();
  },
};
