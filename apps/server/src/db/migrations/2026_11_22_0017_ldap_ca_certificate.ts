import type { DialectMigration } from './helpers.js';

/** Directory sync: the private certificate authority (PEM) an ldaps:// server's certificate is checked against. */
export const ldapCaCertificate: DialectMigration = {
  async up(db) {
    await db.schema
      .alterTable('directory_sync_settings')
      .addColumn('ca_certificate', 'text', (col) => col.notNull().defaultTo(''))
      .execute();
  },
};
