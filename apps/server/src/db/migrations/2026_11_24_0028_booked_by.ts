import type { DialectMigration } from './helpers.js';

/**
 * Booking on someone's behalf (issue 5, shared calendars): a colleague who edits or manages a
 * calendar may book, change and cancel its owner's meetings. The owner hosts the meeting; who
 * booked it is kept here (null when the host booked it).
 */
export const bookedBy: DialectMigration = {
  async up(db) {
    await db.schema
      .alterTable('reservations')
      .addColumn('booked_by_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .execute();
  },
};
