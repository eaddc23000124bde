import { sql } from 'kysely';
import { TIMESTAMP, type DialectMigration } from './helpers.js';

/**
 * Desk booking through the reservation engine (decision 0019, "Booking a desk"):
 * - the company's layout version is raised by every write to `desks` and `desk_neighbourhoods`, as by
 *   rooms and the location tree (0027), so the checks statement that proves a kept room current
 *   proves a kept desk current too; positions on the map do not take part in booking and raise nothing;
 * - `desk_rules`: a company's desk booking rules (one row; none: the defaults of contract desk.ts):
 *   how many days ahead, how many days a week, the longest booking by hours, the working day and its
 *   midday in the floor's zone (the half days), the check-in grace after which a booking nobody
 *   checked in to is released (null: no check-in asked), and whether a person holds one desk at a time.
 */
const TABLES = ['desks', 'desk_neighbourhoods'] as const;
const EVENTS = ['insert', 'update', 'delete'] as const;

export const deskBooking: DialectMigration = {
  async up(db, dialect) {
    if (dialect === 'postgres') {
      for (const table of TABLES) {
        await sql
          .raw(`create trigger ${table}_layout_version after insert or update or delete on ${table} for each row execute function bump_layout_version()`)
          .execute(db);
      }
    } else {
      const bump = (row: 'NEW' | 'OLD') =>
        `insert into layout_versions (company_id, version) values (${row}.company_id, 1) ` +
        `on conflict (company_id) do update set version = layout_versions.version + 1`;
      for (const table of TABLES) {
        for (const event of EVENTS) {
          await sql
            .raw(`create trigger ${table}_layout_version_${event} after ${event} on ${table} begin ${bump(event === 'delete' ? 'OLD' : 'NEW')}; end`)
            .execute(db);
        }
      }
    }

    await db.schema
      .createTable('desk_rules')
      .addColumn('company_id', 'integer', (col) => col.primaryKey().references('companies.id').onDelete('cascade'))
      .addColumn('max_days_ahead', 'integer', (col) => col.notNull().check(sql`max_days_ahead between 0 and 365`))
      .addColumn('max_days_per_week', 'integer', (col) => col.check(sql`max_days_per_week between 1 and 7`))
      .addColumn('longest_booking_minutes', 'integer', (col) => col.notNull().check(sql`longest_booking_minutes between 30 and 1440`))
      .addColumn('day_start_minutes', 'integer', (col) => col.notNull())
      .addColumn('midday_minutes', 'integer', (col) => col.notNull())
      .addColumn('day_end_minutes', 'integer', (col) => col.notNull())
      .addColumn('check_in_grace_minutes', 'integer', (col) => col.check(sql`check_in_grace_minutes between 5 and 240`))
      .addColumn('one_desk_per_person', 'integer', (col) => col.notNull())
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .addCheckConstraint('desk_rules_day', sql`0 <= day_start_minutes and day_start_minutes < midday_minutes and midday_minutes < day_end_minutes and day_end_minutes <= 1440`)
      .execute();
  },
};
