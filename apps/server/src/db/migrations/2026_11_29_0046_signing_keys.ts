import { sql } from 'kysely';
import { TIMESTAMP, type DialectMigration } from './helpers.js';

/**
 * Signing keys (decision 0018, "The visitor's pass"): a random key per company and purpose that signs
 * links sent outside the company (a visitor's pass), so a link proves which record it was issued for
 * and until when. Created on first use; replacing a company's key voids every link it signed.
 */
export const signingKeys: DialectMigration = {
  async up(db) {
    await db.schema
      .createTable('signing_keys')
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('purpose', 'text', (col) => col.notNull())
      // 32 random bytes, base64url.
      .addColumn('secret', 'text', (col) => col.notNull())
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addPrimaryKeyConstraint('signing_keys_pk', ['company_id', 'purpose'])
      .addCheckConstraint('signing_keys_secret', sql`length(secret) >= 43`)
      .execute();
  },
};
