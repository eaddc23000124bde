import type { DialectMigration } from './helpers.js';

/**
 * The message log (issue 6): each kept mail says what it was about (`event`), who caused it
 * (`actor_user_id`; null for the system) and, when it failed, the SMTP reply code or connection
 * error (`error_code`). Mails kept before this migration read as event `other`.
 */
export const messageLog: DialectMigration = {
  async up(db) {
    await db.schema.alterTable('mail_outbox').addColumn('event', 'text', (col) => col.notNull().defaultTo('other')).execute();
    await db.schema.alterTable('mail_outbox').addColumn('actor_user_id', 'integer', (col) => col.references('users.id').onDelete('set null')).execute();
    await db.schema.alterTable('mail_outbox').addColumn('error_code', 'text').execute();
  },
};
