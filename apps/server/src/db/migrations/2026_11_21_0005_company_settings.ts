import { TIMESTAMP, withId, type DialectMigration } from './helpers.js';

/**
 * Company administration settings: the company's profile and contact fields, the reason a session
 * must change its password (first sign-in or expiry), and the safety password's failed attempts.
 */
export const companySettings: DialectMigration = {
  async up(db, dialect) {
    // One column per statement: SQLite's ALTER TABLE adds one at a time.
    for (const column of [
      'address',
      'postal_code',
      'country',
      'industry',
      'size_band',
      'billing_email',
      'support_email',
      'emergency_email',
    ]) {
      await db.schema.alterTable('companies').addColumn(column, 'text').execute();
    }

    // 'initial' (first sign-in) or 'expired' (the policy's expiry); null when the session is free.
    await db.schema.alterTable('sessions').addColumn('password_change_reason', 'text').execute();

    await withId(db.schema.createTable('safety_password_failures'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('safety_password_failures_lookup_idx')
      .on('safety_password_failures')
      .columns(['company_id', 'user_id', 'at'])
      .execute();
  },
};
