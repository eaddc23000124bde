import type { DialectMigration } from './helpers.js';

/**
 * Calendar sync, repeating events both ways (decision 0023, "Recurrence"): the iCalendar text of a
 * repeating object as last read or written, kept on its item, so a change made in Atrium to one
 * occurrence is written into the object (an exception VEVENT or an EXDATE) without reading it again
 * (the adapter interface has no single-object read). Null for every other item.
 */
export const calendarSyncObjectData: DialectMigration = {
  async up(db) {
    await db.schema.alterTable('calendar_sync_items').addColumn('data', 'text').execute();
  },
};
