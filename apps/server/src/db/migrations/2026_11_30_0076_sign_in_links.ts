import { TIMESTAMP, withId, type DialectMigration } from './helpers.js';

/**
 * One-time sign-in links (decision 0021, "Sign-in by link and QR"): the QR drawer's `/single/{token}`
 * links. Only the SHA-256 of the secret is kept; a link is deleted when used, so it signs in once.
 */
export const signInLinks: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('sign_in_links'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('expires_at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('sign_in_links_user_idx').on('sign_in_links').columns(['company_id', 'user_id']).execute();
    await db.schema.createIndex('sign_in_links_expiry_idx').on('sign_in_links').column('expires_at').execute();
  },
};
