import { TIMESTAMP, withId, type DialectMigration } from './helpers.js';

/**
 * Public registration and password recovery: the e-mailed codes (one row per address), the reset
 * links, and the mail requests counted for throttling across processes.
 */
export const registration: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('registration_codes'), dialect)
      .addColumn('email_lower', 'text', (col) => col.notNull().unique())
      // Salted SHA-256 of the code ("salt:hex"); the code itself is only in the mail.
      .addColumn('code_hash', 'text', (col) => col.notNull())
      .addColumn('code_expires_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('wrong_tries', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('sent_at', TIMESTAMP, (col) => col.notNull())
      // Set once the code was right: SHA-256 of the registration token, single use.
      .addColumn('token_hash', 'text', (col) => col.unique())
      .addColumn('token_expires_at', TIMESTAMP)
      .execute();

    await withId(db.schema.createTable('password_resets'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      // One live link per user: a new request replaces the old one.
      .addColumn('user_id', 'integer', (col) => col.notNull().unique().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('expires_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .execute();

    await withId(db.schema.createTable('mail_requests'), dialect)
      // 'recipient': the address a mail goes to; 'caller': the IP address that asked for it.
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('key', 'text', (col) => col.notNull())
      .addColumn('at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('mail_requests_lookup_idx').on('mail_requests').columns(['kind', 'key', 'at']).execute();
  },
};
