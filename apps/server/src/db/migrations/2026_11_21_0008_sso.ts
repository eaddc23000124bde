import { TIMESTAMP, flag, withId, type DialectMigration } from './helpers.js';

/**
 * Single sign-on: the company's OpenID Connect setting, its member and exception lists, the pending
 * sign-ins (kept here, not in memory, so any server process can finish one) and the links of the
 * notice mail.
 */
export const sso: DialectMigration = {
  async up(db, dialect) {
    await db.schema
      .createTable('sso_settings')
      .addColumn('company_id', 'integer', (col) => col.primaryKey().references('companies.id').onDelete('cascade'))
      .addColumn('is_enabled', 'integer', flag(0))
      .addColumn('issuer', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('client_id', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('client_secret', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('user_name_claim', 'text', (col) => col.notNull().defaultTo('email'))
      .addColumn('scope', 'text', (col) => col.notNull().defaultTo('all'))
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('sso_members')
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      // 'member' (counts with scope part) or 'exception' (counts with scope all); a user may be on both lists.
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addPrimaryKeyConstraint('sso_members_pk', ['company_id', 'kind', 'user_id'])
      .execute();
    await db.schema.createIndex('sso_members_user_idx').on('sso_members').column('user_id').execute();

    await withId(db.schema.createTable('sso_login_states'), dialect)
      // SHA-256 of the state sent to the provider; the state itself travels only through the browser.
      .addColumn('state_hash', 'text', (col) => col.notNull().unique())
      // SHA-256 of the cookie that ties the sign-in to the browser that started it.
      .addColumn('browser_hash', 'text', (col) => col.notNull())
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('nonce', 'text', (col) => col.notNull())
      .addColumn('code_verifier', 'text', (col) => col.notNull())
      .addColumn('redirect_to', 'text', (col) => col.notNull())
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('expires_at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('sso_login_states_expiry_idx').on('sso_login_states').column('expires_at').execute();

    await withId(db.schema.createTable('sso_mail_links'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('expires_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('sso_mail_links_user_idx').on('sso_mail_links').column('user_id').execute();
  },
};
