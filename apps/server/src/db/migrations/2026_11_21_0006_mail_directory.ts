import { TIMESTAMP, withId, type DialectMigration } from './helpers.js';

/** The mail outbox (every mail sent or kept) and the single-use activation links of new users. */
export const mailDirectory: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('mail_outbox'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('to', 'text', (col) => col.notNull())
      .addColumn('subject', 'text', (col) => col.notNull())
      .addColumn('text', 'text', (col) => col.notNull())
      .addColumn('html', 'text')
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('error', 'text')
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('sent_at', TIMESTAMP)
      .execute();
    await db.schema.createIndex('mail_outbox_company_idx').on('mail_outbox').columns(['company_id', 'created_at']).execute();

    await withId(db.schema.createTable('user_activations'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      // SHA-256 of the link's token; the token itself is only in the mail.
      .addColumn('token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('expires_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('user_activations_user_idx').on('user_activations').column('user_id').execute();
  },
};
