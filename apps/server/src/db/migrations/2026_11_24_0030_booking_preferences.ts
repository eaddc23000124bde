import type { DialectMigration } from './helpers.js';

/**
 * Booking preferences (issue 6, /booker-preferences): the company's booking rules grow the
 * book-ahead limit, the longest meeting, the bookable days and hours (in the room's zone) and the
 * booking form's default privacy (its default reminder is the notification settings' own). Existing rows take the defaults, which are the rules that held before.
 */
export const bookingPreferences: DialectMigration = {
  async up(db) {
    // One column per statement: SQLite adds one column per ALTER TABLE.
    const add = (build: (table: ReturnType<typeof db.schema.alterTable>) => { execute(): Promise<void> }) => build(db.schema.alterTable('booking_rules')).execute();
    await add((table) => table.addColumn('book_ahead_days', 'integer', (col) => col.notNull().defaultTo(180)));
    await add((table) => table.addColumn('max_meeting_minutes', 'integer', (col) => col.notNull().defaultTo(24 * 60)));
    // Comma-separated weekdays, 0 = Sunday.
    await add((table) => table.addColumn('bookable_weekdays', 'text', (col) => col.notNull().defaultTo('0,1,2,3,4,5,6')));
    // HH:mm bounds of a bookable day; both null: any time.
    await add((table) => table.addColumn('day_start', 'text'));
    await add((table) => table.addColumn('day_end', 'text'));
    await add((table) => table.addColumn('default_privacy', 'text', (col) => col.notNull().defaultTo('public')));
  },
};
