import { TIMESTAMP, flag, type DialectMigration } from './helpers.js';

/**
 * Directory sync: the company's LDAP / Active Directory setting (one row per company, made at the
 * first save) with the time and report of the last sync.
 */
export const directorySync: DialectMigration = {
  async up(db) {
    await db.schema
      .createTable('directory_sync_settings')
      .addColumn('company_id', 'integer', (col) => col.primaryKey().references('companies.id').onDelete('cascade'))
      .addColumn('is_enabled', 'integer', flag(0))
      .addColumn('url', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('bind_dn', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('bind_password', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('base_dn', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('user_filter', 'text', (col) => col.notNull().defaultTo('(objectClass=person)'))
      // The attribute mapping as JSON: { userName, email, firstName, lastName, department }.
      .addColumn('mapping', 'text', (col) => col.notNull().defaultTo('{}'))
      .addColumn('last_sync_at', TIMESTAMP)
      // The report of the last sync as JSON; null before the first.
      .addColumn('last_report', 'text')
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .execute();
  },
};
