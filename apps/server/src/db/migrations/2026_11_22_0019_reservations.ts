import { sql } from 'kysely';
import { TIMESTAMP, withId, type DialectMigration } from './helpers.js';

/**
 * The reservations core (issue 5): privacy, remarks, the channel a booking came through, its
 * participants, and the rule that two active reservations of one room never overlap, enforced by
 * the database itself on both engines.
 *
 * Life cycle: a booking of a room without approval is 'confirmed'; with approval it is 'pending'
 * until approved ('confirmed') or rejected ('rejected'). Either may be 'cancelled' (a withdrawn
 * request is cancelled too). Only 'pending' and 'confirmed' hold time; the others free the slot.
 *
 * Overlap: half-open intervals [start_at, end_at), so back-to-back meetings are fine.
 * - PostgreSQL: an exclusion constraint over (room_id, int8range(start_at, end_at)) for active rows
 *   (btree_gist gives the integer equality); a clash fails with SQLSTATE 23P01.
 * - SQLite: BEFORE INSERT / BEFORE UPDATE triggers abort with 'reservation_overlap'; writers take
 *   the write lock first (BEGIN IMMEDIATE), so the check and the write are one step.
 * A reservation lasts at most RESERVATION_MAX_MS (24 hours, also a CHECK), which bounds the overlap
 * search to rows starting after `start - 24 hours` on the (room_id, start_at) index.
 */
const ACTIVE = `('pending', 'confirmed')`;
const STATUSES = `('pending', 'confirmed', 'cancelled', 'rejected')`;
const PRIVACIES = `('public', 'busy', 'private')`;
const CHANNELS = `('console', 'display', 'api')`;
/** The longest reservation, in ms; keep equal to RESERVATION_MAX_MS in the contract. */
const MAX_MS = 24 * 60 * 60 * 1000;

export const reservationsCore: DialectMigration = {
  async up(db, dialect) {
    await db.schema
      .alterTable('reservations')
      .addColumn('privacy', 'text', (col) => col.notNull().defaultTo('public'))
      .execute();
    await db.schema.alterTable('reservations').addColumn('remarks', 'text').execute();
    await db.schema
      .alterTable('reservations')
      .addColumn('channel', 'text', (col) => col.notNull().defaultTo('console'))
      .execute();
    await db.schema.alterTable('reservations').addColumn('cancelled_at', TIMESTAMP).execute();
    await db.schema.createIndex('reservations_company_host_idx').on('reservations').columns(['company_id', 'host_user_id', 'start_at']).execute();

    await withId(db.schema.createTable('reservation_participants'), dialect)
      .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('reservation_id', 'integer', (col) => col.notNull().references('reservations.id').onDelete('cascade'))
      // A colleague (user_id) or an outside address (email); exactly one of the two.
      .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
      .addColumn('email', 'text')
      .addCheckConstraint('reservation_participants_one_kind', sql`(user_id is null) <> (email is null)`)
      .execute();
    await db.schema.createIndex('reservation_participants_reservation_idx').on('reservation_participants').columns(['reservation_id']).execute();
    await db.schema.createIndex('reservation_participants_user_idx').on('reservation_participants').columns(['company_id', 'user_id']).execute();

    if (dialect === 'postgres') {
      await sql`create extension if not exists btree_gist`.execute(db);
      await sql.raw(`alter table reservations add constraint reservations_status_check check (status in ${STATUSES})`).execute(db);
      await sql.raw(`alter table reservations add constraint reservations_privacy_check check (privacy in ${PRIVACIES})`).execute(db);
      await sql.raw(`alter table reservations add constraint reservations_channel_check check (channel in ${CHANNELS})`).execute(db);
      await sql.raw(`alter table reservations add constraint reservations_time_check check (end_at > start_at and end_at - start_at <= ${MAX_MS})`).execute(db);
      await sql
        .raw(
          `alter table reservations add constraint reservations_no_overlap exclude using gist ` +
            `(room_id with =, int8range(start_at, end_at, '[)') with &&) where (status in ${ACTIVE})`,
        )
        .execute(db);
      return;
    }

    // SQLite cannot add a CHECK to an existing table: the same rules as triggers.
    const invalid = (row: string) =>
      `${row}.status not in ${STATUSES} or ${row}.privacy not in ${PRIVACIES} or ${row}.channel not in ${CHANNELS} ` +
      `or ${row}.end_at <= ${row}.start_at or ${row}.end_at - ${row}.start_at > ${MAX_MS}`;
    const overlap = (extra: string) =>
      `select raise(abort, 'reservation_overlap') where NEW.status in ${ACTIVE} and exists (` +
      `select 1 from reservations other where other.room_id = NEW.room_id and other.status in ${ACTIVE} ` +
      `and other.start_at >= NEW.start_at - ${MAX_MS} and other.start_at < NEW.end_at and other.end_at > NEW.start_at${extra});`;
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
