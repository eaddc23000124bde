import { TIMESTAMP, flag, type DialectMigration } from './helpers.js';

/**
 * Work-chat directories and sign-in (decision 0024): the role mapping of the LDAP sync, and one
 * setting per company and provider (WeCom, Feishu, DingTalk) with its write-only secret, and the
 * provider of a pending sign-in.
 */
export const workChat: DialectMigration = {
  async up(db) {
    await db.schema.alterTable('directory_sync_settings').addColumn('role_mapping', 'text', (col) => col.notNull().defaultTo('[]')).execute();

    await db.schema
      .createTable('work_chat_settings')
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('provider', 'text', (col) => col.notNull())
      .addColumn('is_enabled', 'integer', flag(0))
      .addColumn('is_sign_in_enabled', 'integer', flag(0))
      .addColumn('corp_id', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('app_key', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('secret', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('base_url', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('role_mapping', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('updated_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('last_sync_at', TIMESTAMP)
      .addColumn('last_report', 'text')
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .addPrimaryKeyConstraint('work_chat_settings_pkey', ['company_id', 'provider'])
      .execute();

    // A pending sign-in names the work-chat provider it went to; null for the company's OpenID provider.
    await db.schema.alterTable('sso_login_states').addColumn('provider', 'text').execute();
  },
};
