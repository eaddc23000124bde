import { TIMESTAMP, type DialectMigration } from './helpers.js';

/**
 * Scheduled directory syncs: every so many hours (0 = only on demand), run in the name of the
 * administrator who last saved the setting; the last attempt spaces out retries after a failure.
 */
export const directorySyncSchedule: DialectMigration = {
  async up(db) {
    await db.schema.alterTable('directory_sync_settings').addColumn('schedule_hours', 'integer', (col) => col.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('directory_sync_settings').addColumn('updated_by', 'integer', (col) => col.references('users.id').onDelete('set null')).execute();
    await db.schema.alterTable('directory_sync_settings').addColumn('last_attempt_at', TIMESTAMP).execute();
  },
};
