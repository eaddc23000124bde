import { TIMESTAMP, type DialectMigration } from './helpers.js';

/**
 * Leases: a named claim on work that must not run twice at once, across every server process on the
 * database (a company's directory sync now; scheduled jobs later). A lease past its expiry is free.
 */
export const leases: DialectMigration = {
  async up(db) {
    await db.schema
      .createTable('leases')
      .addColumn('name', 'text', (col) => col.primaryKey())
      .addColumn('holder', 'text', (col) => col.notNull())
      .addColumn('expires_at', TIMESTAMP, (col) => col.notNull())
      .execute();
  },
};
