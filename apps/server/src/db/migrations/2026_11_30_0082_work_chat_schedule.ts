import { TIMESTAMP, type DialectMigration } from './helpers.js';

/**
 * Work-chat directories on a schedule (decision 0024), as LDAP's: every so many hours (0 = only on demand), the
 * last attempt spacing out the runs (a failed one waits for the next period), and the last failure's message.
 */
export const workChatSchedule: DialectMigration = {
  async up(db) {
    await db.schema.alterTable('work_chat_settings').addColumn('schedule_hours', 'integer', (col) => col.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('work_chat_settings').addColumn('last_attempt_at', TIMESTAMP).execute();
    await db.schema.alterTable('work_chat_settings').addColumn('last_error', 'text').execute();
  },
};
