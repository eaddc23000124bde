import { TIMESTAMP, type DialectMigration } from './helpers.js';

/**
 * Calendar invitations (issue 5): who was sent an iCalendar invitation for a meeting, so a change
 * reaches the same people and someone taken off the list, or a cancelled meeting, gets a
 * cancellation; and the meeting's iCalendar SEQUENCE, raised with every invitation round so
 * calendar programs apply updates in order.
 */
export const invitations: DialectMigration = {
  async up(db) {
    await db.schema
      .alterTable('reservations')
      .addColumn('ical_sequence', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('reservation_invitees')
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('reservation_id', 'integer', (col) => col.notNull().references('reservations.id').onDelete('cascade'))
      // Lower-cased address the invitation went to.
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('invited_at', TIMESTAMP, (col) => col.notNull())
      .addPrimaryKeyConstraint('reservation_invitees_pk', ['reservation_id', 'email'])
      .execute();
  },
};
