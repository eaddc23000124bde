import { TIMESTAMP, withId, type DialectMigration } from './helpers.js';

/**
 * One-time sign-in links (decision 0021, "Sign-in by link and QR"): the QR drawer's `/single/{token}`
 * links. Only the SHA-256 of the secret is kept; a link is deleted when used, so it signs in once.
 *
 * Linked identities (/auth-add): a user's subject at the company's OpenID provider, one per user and
 * issuer, and one user per subject; a pending SSO sign-in that links (`link_user_id`) instead of signing in.
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

    await withId(db.schema.createTable('external_identities'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('issuer', 'text', (col) => col.notNull())
      .addColumn('subject', 'text', (col) => col.notNull())
      .addColumn('email', 'text')
      .addColumn('linked_at', TIMESTAMP, (col) => col.notNull())
      .addUniqueConstraint('external_identities_subject_key', ['company_id', 'issuer', 'subject'])
      .addUniqueConstraint('external_identities_user_key', ['company_id', 'user_id', 'issuer'])
      .execute();
    await db.schema.alterTable('sso_login_states').addColumn('link_user_id', 'integer', (col) => col.references('users.id').onDelete('cascade')).execute();
  },
};
