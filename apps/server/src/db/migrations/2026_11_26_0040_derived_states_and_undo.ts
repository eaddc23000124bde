import type { DialectMigration } from './helpers.js';

/**
 * Derived states and undo (issue 17, docs/decisions/0013).
 *
 * `notifications.reservation_id`: the meeting a notification is about, so the bell and the message
 * log can tell when the action it asked for (check in, decide) is over; read through a join, never
 * stored as a flag that could fall behind. Rows written before stay without one.
 *
 * `reservations.cancelled_by` and `restorable_status`: who cancelled a meeting, and the status an
 * undo puts back (pending or confirmed); null where a cancellation cannot be undone (a series
 * ended from an occurrence on, a request withdrawn).
 *
 * `rooms.has_door_display` goes: whether a room has a booking screen is read from its door
 * displays (activated and online), not typed into the room form.
 */
export const derivedStatesAndUndo: DialectMigration = {
  async up(db) {
    await db.schema
      .alterTable('notifications')
      .addColumn('reservation_id', 'integer', (col) => col.references('reservations.id').onDelete('set null'))
      .execute();
    await db.schema.alterTable('reservations').addColumn('cancelled_by', 'integer', (col) => col.references('users.id').onDelete('set null')).execute();
    await db.schema.alterTable('reservations').addColumn('restorable_status', 'text').execute();
    await db.schema.alterTable('rooms').dropColumn('has_door_display').execute();
  },
};
