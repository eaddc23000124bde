import { TIMESTAMP, withId, type DialectMigration } from './helpers.js';

/**
 * Sign-in throttling per account and address (issue 16, docs/decisions/0009).
 *
 * `login_attempts`: one row per sign-in attempt let through and not (yet) successful, written before
 * the password is checked so parallel guesses count against each other. The account is kept as the
 * SHA-256 of the name as typed or matched (a password typed into the name box is not stored); the
 * address is the caller's (an IPv6 caller's /64). Rows older than the window are deleted as new ones
 * come, so the table holds one day of failures at most.
 *
 * `login_known_addresses`: the addresses each account signed in from successfully (the last ten, for
 * 30 days), which a spread-out attack on the account does not hold back.
 *
 * `login_failures` (per account or per address, a lock of the account for everybody) goes: its rows
 * are at most 15 minutes of counts.
 */
export const signInThrottle: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('login_attempts'), dialect)
      .addColumn('account_key', 'text', (col) => col.notNull())
      .addColumn('address', 'text', (col) => col.notNull())
      .addColumn('at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('login_attempts_pair_idx').on('login_attempts').columns(['account_key', 'address', 'at']).execute();
    await db.schema.createIndex('login_attempts_address_idx').on('login_attempts').columns(['address', 'at']).execute();
    await db.schema.createIndex('login_attempts_at_idx').on('login_attempts').column('at').execute();

    await db.schema
      .createTable('login_known_addresses')
      .addColumn('account_key', 'text', (col) => col.notNull())
      .addColumn('address', 'text', (col) => col.notNull())
      .addColumn('signed_in_at', TIMESTAMP, (col) => col.notNull())
      .addPrimaryKeyConstraint('login_known_addresses_pk', ['account_key', 'address'])
      .execute();
    await db.schema.createIndex('login_known_addresses_at_idx').on('login_known_addresses').column('signed_in_at').execute();

    await db.schema.dropTable('login_failures').execute();
  },
};
