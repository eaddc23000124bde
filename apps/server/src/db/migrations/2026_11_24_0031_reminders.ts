import { sql } from 'kysely';
import { TIMESTAMP, type DialectMigration } from './helpers.js';

/**
 * Meeting reminders (issue 6): when a meeting's reminder went out. Null until then, and again after
 * the meeting moves or its reminder changes, so the new time gets its own reminder. The partial index
 * holds only meetings still waiting for one, so the reminder job's read stays small as history grows.
 */
export const reminders: DialectMigration = {
  async up(db) {
    await db.schema.alterTable('reservations').addColumn('reminded_at', TIMESTAMP).execute();
    await db.schema
      .createIndex('reservations_reminder_due_idx')
      .on('reservations')
      .column('start_at')
      .where(sql.ref('reminded_at'), 'is', null)
      .where(sql.ref('reminder_minutes'), 'is not', null)
      .execute();
  },
};
