import { sql } from 'kysely';
import { TIMESTAMP, flag, withId, type DialectMigration } from './helpers.js';

/**
 * The rest of a booking's life (issue 5): repeat series and their exceptions, approval decisions
 * and deadlines, check-in, early end and no-show release, the blacklist rule, the company's
 * booking rules, calendar sharing and the secret links of the public live board.
 *
 * Two more statuses: 'expired' (an approval request nobody decided before its deadline) and
 * 'released' (no check-in within the window: the room was given back). Like 'cancelled' and
 * 'rejected' they free the slot; the overlap rule still covers 'pending' and 'confirmed' only.
 */
const ACTIVE = `('pending', 'confirmed')`;
const STATUSES = `('pending', 'confirmed', 'cancelled', 'rejected', 'expired', 'released')`;
const PRIVACIES = `('public', 'busy', 'private')`;
const CHANNELS = `('console', 'display', 'api')`;
const MAX_MS = 24 * 60 * 60 * 1000;

export const bookingLife: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('reservation_series'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('room_id', 'integer', (col) => col.notNull().references('rooms.id').onDelete('cascade'))
      .addColumn('host_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
      // The repeat rule as the contract's RepeatRule JSON, and the wall-clock pattern it repeats.
      .addColumn('rule', 'text', (col) => col.notNull())
      .addColumn('first_date', 'text', (col) => col.notNull())
      .addColumn('start_time', 'text', (col) => col.notNull())
      .addColumn('end_time', 'text', (col) => col.notNull())
      .addColumn('time_zone', 'text', (col) => col.notNull())
      // Check-ins missed in a row; at the company's limit the series loses its room.
      .addColumn('missed_check_ins', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('released_at', TIMESTAMP)
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('reservation_series_company_idx').on('reservation_series').columns(['company_id', 'room_id']).execute();

    const columns: Array<[string, string]> = [
      ['series_id', 'integer'],
      // The occurrence's date in the room's zone: its key in the series, kept when it is moved.
      ['occurrence_date', 'text'],
      ['notice_minutes', 'integer'],
      ['reminder_minutes', 'integer'],
      ['checked_in_at', TIMESTAMP],
      // console | display | qr
      ['check_in_channel', 'text'],
      ['checked_in_by', 'integer'],
      // Ended early: end_at becomes the moment it ended; booked_end_at keeps the booked end.
      ['ended_early_at', TIMESTAMP],
      ['booked_end_at', TIMESTAMP],
      ['no_show_at', TIMESTAMP],
      ['approval_deadline_at', TIMESTAMP],
      ['decided_by', 'integer'],
      ['decided_at', TIMESTAMP],
      ['decision_reason', 'text'],
    ];
    for (const [name, type] of columns) {
      await db.schema
        .alterTable('reservations')
        .addColumn(name, type as 'integer', (col) =>
          name === 'series_id' ? col.references('reservation_series.id').onDelete('set null') : name === 'checked_in_by' || name === 'decided_by' ? col.references('users.id').onDelete('set null') : col,
        )
        .execute();
    }
    await db.schema
      .alterTable('reservations')
      .addColumn('is_exception', 'integer', flag(0))
      .execute();
    await db.schema.createIndex('reservations_series_idx').on('reservations').columns(['series_id', 'start_at']).execute();
    await db.schema.createIndex('reservations_company_status_idx').on('reservations').columns(['company_id', 'status', 'start_at']).execute();

    await withId(db.schema.createTable('booking_blacklist'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('reason', 'text')
      .addColumn('starts_at', TIMESTAMP, (col) => col.notNull())
      // Null: until lifted.
      .addColumn('ends_at', TIMESTAMP)
      .addColumn('lifted_at', TIMESTAMP)
      .addColumn('lifted_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('booking_blacklist_user_idx').on('booking_blacklist').columns(['company_id', 'user_id']).execute();

    // One row per company once changed; absent means the defaults.
    await db.schema
      .createTable('booking_rules')
      .addColumn('company_id', 'integer', (col) => col.primaryKey().references('companies.id').onDelete('cascade'))
      // 24, 168 (7 days) or 720 (30 days).
      .addColumn('approval_deadline_hours', 'integer', (col) => col.notNull().defaultTo(24))
      .addColumn('release_no_shows', 'integer', flag(1))
      // A series that misses this many check-ins in a row loses its room; 0 never.
      .addColumn('series_no_show_limit', 'integer', (col) => col.notNull().defaultTo(3))
      .addColumn('updated_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .execute();

    await withId(db.schema.createTable('calendar_shares'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('owner_user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('grantee_user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      // manager | editor | subscriber | visitor
      .addColumn('level', 'text', (col) => col.notNull())
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addUniqueConstraint('calendar_shares_pair', ['owner_user_id', 'grantee_user_id'])
      .addCheckConstraint('calendar_shares_level', sql`level in ('manager', 'editor', 'subscriber', 'visitor')`)
      .execute();
    await db.schema.createIndex('calendar_shares_grantee_idx').on('calendar_shares').columns(['company_id', 'grantee_user_id']).execute();

    await withId(db.schema.createTable('live_board_links'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      // SHA-256 of the secret in the link; the secret itself is shown once.
      .addColumn('token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('location_id', 'integer', (col) => col.references('locations.id').onDelete('set null'))
      .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('revoked_at', TIMESTAMP)
      .execute();

    if (dialect === 'postgres') {
      await sql`alter table reservations drop constraint reservations_status_check`.execute(db);
      await sql.raw(`alter table reservations add constraint reservations_status_check check (status in ${STATUSES})`).execute(db);
      await sql`alter table reservations add constraint reservations_check_in_channel_check check (check_in_channel in ('console', 'display', 'qr'))`.execute(db);
      return;
    }

    // SQLite: the triggers of 0019 again, with the new statuses.
    const invalid = (row: string) =>
      `${row}.status not in ${STATUSES} or ${row}.privacy not in ${PRIVACIES} or ${row}.channel not in ${CHANNELS} ` +
      `or (${row}.check_in_channel is not null and ${row}.check_in_channel not in ('console', 'display', 'qr')) ` +
      `or ${row}.end_at <= ${row}.start_at or ${row}.end_at - ${row}.start_at > ${MAX_MS}`;
    const overlap = (extra: string) =>
      `select raise(abort, 'reservation_overlap') where NEW.status in ${ACTIVE} and exists (` +
      `select 1 from reservations other where other.room_id = NEW.room_id and other.status in ${ACTIVE} ` +
      `and other.start_at >= NEW.start_at - ${MAX_MS} and other.start_at < NEW.end_at and other.end_at > NEW.start_at${extra});`;
    await sql`drop trigger reservations_check_insert`.execute(db);
    await sql`drop trigger reservations_check_update`.execute(db);
    await sql
      .raw(
        `create trigger reservations_check_insert before insert on reservations begin ` +
          `select raise(abort, 'reservation_invalid') where ${invalid('NEW')}; ${overlap('')} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger reservations_check_update before update on reservations begin ` +
          `select raise(abort, 'reservation_invalid') where ${invalid('NEW')}; ${overlap(' and other.id <> NEW.id')} end`,
      )
      .execute(db);
  },
};
