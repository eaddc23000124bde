import { sql, SqliteAdapter, type ExpressionBuilder, type Kysely } from 'kysely';
import {
  ACTIVE_RESERVATION_STATUSES,
  DEFAULT_APPROVAL_DEADLINE_HOURS,
  DEFAULT_BOOKING_PREFERENCES,
  RESERVATION_MAX_MS,
  type BookingPreferences,
  type ReservationChannel,
  type ReservationPrivacy,
  type ReservationStatus,
} from '@atrium/contract';
import { defineStatement } from '../../../db/prepared.js';
import type { DB } from '../../../db/schema.js';
import { preferencesFromRow } from '../../booking-preferences/booking-preferences.repository.js';
import { NOTICE_CONFIG_KEY } from '../../notice-config/notice-config.service.js';
import { numberOrNull } from '../../../db/rows.js';

export interface ReservationRecord {
  id: number;
  companyId: number;
  roomId: number;
  hostUserId: number | null;
  hostName: string | null;
  title: string;
  startAt: number;
  endAt: number;
  status: ReservationStatus;
  privacy: ReservationPrivacy;
  channel: ReservationChannel;
  remarks: string | null;
  createdAt: number;
  updatedAt: number;
  seriesId: number | null;
  occurrenceDate: string | null;
  isException: boolean;
  noticeMinutes: number | null;
  reminderMinutes: number | null;
  checkedInAt: number | null;
  checkInChannel: 'console' | 'display' | 'qr' | 'sensor' | null;
  endedEarlyAt: number | null;
  bookedEndAt: number | null;
  noShowAt: number | null;
  approvalDeadlineAt: number | null;
  decidedAt: number | null;
  decidedByName: string | null;
  decisionReason: string | null;
  /** The series' repeat rule as stored (JSON), when it belongs to one. */
  seriesRule: string | null;
  /** Who booked it on the host's behalf (see migration 0028). */
  bookedByUserId: number | null;
  bookedByName: string | null;
  /** When it was cancelled and by whom; the status an undo puts back (null: it cannot be undone). */
  cancelledAt: number | null;
  cancelledBy: number | null;
  restorableStatus: 'pending' | 'confirmed' | null;
}

export interface ParticipantRecord {
  reservationId: number;
  userId: number | null;
  name: string | null;
  email: string | null;
}

export interface NewReservation {
  companyId: number;
  roomId: number;
  hostUserId: number;
  /** A delegate booking for the host. */
  bookedByUserId?: number | null;
  title: string;
  startAt: number;
  endAt: number;
  status: ReservationStatus;
  privacy: ReservationPrivacy;
  channel: ReservationChannel;
  remarks: string | null;
  /** A series' occurrence: its series, date in the series and notice/reminder minutes. */
  seriesId?: number | null;
  occurrenceDate?: string | null;
  noticeMinutes?: number | null;
  reminderMinutes?: number | null;
}

/** PostgreSQL answers bigint columns as strings. */

export type ParticipantValue = { userId: number; email?: undefined } | { email: string; userId?: undefined };

/**
 * A `reservations as r` meeting in a room that the user hosts or attends (as a participant of the
 * same company): the one filter behind every "my meetings" read (the calendar, shared calendars, QR
 * check-in). A desk booking is a reservation too (decision 0019) but no meeting: the desk pages list it.
 */
export function hostedOrAttendedBy(companyId: number, userId: number) {
  return (eb: ExpressionBuilder<DB & { r: DB['reservations'] }, 'r'>) =>
    eb.and([
      eb.or([
        eb('r.host_user_id', '=', userId),
        eb.exists(
          eb
            .selectFrom('reservation_participants as p')
            .select('p.id')
            .whereRef('p.reservation_id', '=', 'r.id')
            .where('p.company_id', '=', companyId)
            .where('p.user_id', '=', userId),
        ),
      ]),
      eb.exists(eb.selectFrom('rooms as rm').select('rm.id').whereRef('rm.id', '=', 'r.resource_id')),
    ]);
}

/** What booking one meeting must know inside its transaction, read in one statement (`readBookingChecks`). */
export interface BookingChecks {
  /** The company's layout version: the room this process keeps in memory is current when it was read at this one. */
  layoutVersion: number;
  /** The booking preferences in force, and the approval deadline a request waits for. */
  rules: BookingPreferences;
  approvalDeadlineHours: number;
  /** The notification settings as stored (JSON; null: never saved): their default reminder and notice. */
  noticeConfig: string | null;
  /** A blacklist entry bars the host now (`findBlacklistEntry` reads it for the refusal). */
  isBarred: boolean;
  /** A disable (maintenance) period of the room overlaps the meeting (`findDisablePeriodOverlapping` reads it). */
  isDisabled: boolean;
  /** The host, the delegate and the colleagues asked for, those that exist in the company. */
  users: Map<number, { name: string; email: string | null; isActive: boolean }>;
}

/** The values of a new single meeting, as `insertMeeting` writes them. */
export interface NewMeeting {
  companyId: number;
  roomId: number;
  hostUserId: number;
  bookedByUserId: number | null;
  title: string;
  startAt: number;
  endAt: number;
  status: 'pending' | 'confirmed';
  privacy: ReservationPrivacy;
  channel: ReservationChannel;
  remarks: string | null;
  noticeMinutes: number | null;
  reminderMinutes: number | null;
  /** Set for a request: when it expires undecided (the approval clock starts with the insert). */
  approvalDeadlineAt: number | null;
}

/**
 * The checks statement for `userCount` users (host, delegate, colleagues): one row per user found,
 * or one row of nulls for them, each row carrying the same single-row reads. Compiled once per
 * count: a booking runs it in every transaction.
 */
function checksStatement(userCount: number) {
  return defineStatement(
    (db: Kysely<DB>, companyId: number, roomId: number, hostUserId: number, now: number, startAt: number, endAt: number, ...userIds: number[]) =>
      db
        .selectFrom(sql<{ one: number }>`(select 1 as one)`.as('one'))
        // PostgreSQL: the transaction's lock on the room (see `resourceLockSql`).
        .$if(!isSqlite(db), (query) => query.select(resourceLockSql(roomId).as('resource_lock')))
        .leftJoin('booking_rules as br', (join) => join.on('br.company_id', '=', companyId))
        .leftJoin('users as u', (join) => join.on('u.company_id', '=', companyId).on('u.id', 'in', userIds))
        .selectAll('br')
        .select(['u.id as user_id', 'u.full_name as user_name', 'u.email as user_email', 'u.is_active as user_active'])
        // Scalar subqueries: whether a blacklist entry or a disable period is in the way (SQLite runs
        // each as one index probe; the refusal reads its details). Ordered subqueries joined here
        // cost ten times as much.
        .select((eb) => [
          eb.selectFrom('layout_versions').select('version').where('company_id', '=', companyId).as('layout_version'),
          eb.selectFrom('settings').select('value').where('company_id', '=', companyId).where('key', '=', NOTICE_CONFIG_KEY).as('notice_config'),
          // The blacklist rule of booking-blacklist.ts.
          eb
            .selectFrom('booking_blacklist')
            .select('id')
            .where('company_id', '=', companyId)
            .where('user_id', '=', hostUserId)
            .where('lifted_at', 'is', null)
            .where('starts_at', '<=', now)
            .where((w) => w.or([w('ends_at', 'is', null), w('ends_at', '>', now)]))
            .limit(1)
            .as('barred_id'),
          eb
            .selectFrom('room_disable_periods')
            .select('id')
            .where('company_id', '=', companyId)
            .where('room_id', '=', roomId)
            .where('start_at', '<', endAt)
            .where('end_at', '>', startAt)
            .limit(1)
            .as('disabled_id'),
        ]),
    6 + userCount,
  );
}
const checksStatements = new Map<number, ReturnType<typeof checksStatement>>();

/** The namespace of PostgreSQL's advisory locks on a bookable thing (their two-key form: namespace, resource id). */
const RESOURCE_LOCK_NAMESPACE = 0x6174;

const isSqlite = (db: Kysely<DB>) => db.getExecutor().adapter instanceof SqliteAdapter;

/**
 * PostgreSQL's lock on a resource for the rest of the transaction, taken before a booking of it is
 * judged and inserted, so bookings of one room or desk go one after another. Without it, many
 * transactions inserting overlapping rows at once wait on each other's uncommitted rows; the
 * deadlock detector ends one of each pair, and the victim's retry can meet the same waiter again and
 * again (seen in the 50-way races: requests waiting past 20 s). The exclusion constraint still
 * guards. SQLite's write lock already serialises every writer.
 */
const resourceLockSql = (resourceId: number) => sql<string>`pg_advisory_xact_lock(${sql.lit(RESOURCE_LOCK_NAMESPACE)}, ${resourceId})`;

const lockResourceStatement = defineStatement((db: Kysely<DB>, resourceId: number) => db.selectNoFrom(resourceLockSql(resourceId).as('resource_lock')));

const insertMeetingStatement = defineStatement(
  (
    db: Kysely<DB>,
    companyId: number,
    roomId: number,
    hostUserId: number,
    bookedByUserId: number | null,
    title: string,
    startAt: number,
    endAt: number,
    status: ReservationStatus,
    privacy: ReservationPrivacy,
    channel: ReservationChannel,
    remarks: string | null,
    noticeMinutes: number | null,
    reminderMinutes: number | null,
    approvalDeadlineAt: number | null,
    now: number,
  ) =>
    db
      .insertInto('reservations')
      .values({
        company_id: companyId,
        resource_id: roomId,
        host_user_id: hostUserId,
        booked_by_user_id: bookedByUserId,
        title,
        start_at: startAt,
        end_at: endAt,
        status,
        privacy,
        channel,
        remarks,
        notice_minutes: noticeMinutes,
        reminder_minutes: reminderMinutes,
        approval_deadline_at: approvalDeadlineAt,
        created_at: now,
        updated_at: now,
      })
      .returning('id'),
);

/** A multi-row insert of `count` participants, compiled once per count. */
function participantsStatement(count: number) {
  return defineStatement(
    (db: Kysely<DB>, companyId: number, reservationId: number, ...pairs: Array<number | string | null>) =>
      db.insertInto('reservation_participants').values(
        Array.from({ length: count }, (_, index) => ({
          company_id: companyId,
          reservation_id: reservationId,
          user_id: pairs[2 * index] as number | null,
          email: pairs[2 * index + 1] as string | null,
        })),
      ),
    2 + 2 * count,
  );
}
const participantsStatements = new Map<number, ReturnType<typeof participantsStatement>>();

/** A statement per size, made on first use (sizes beyond `max` are rare: built each time, not kept). */
function sized<T>(cache: Map<number, T>, size: number, make: (size: number) => T, max = 64): T {
  let statement = cache.get(size);
  if (!statement) {
    statement = make(size);
    if (size <= max) cache.set(size, statement);
  }
  return statement;
}

export type BookingRepository = ReturnType<typeof createBookingRepository>;

/** A span in which a room cannot be booked (maintenance). */
export interface DisablePeriod {
  startAt: number;
  endAt: number;
}

/** Reservations and their participants; every query names the company. */
export function createBookingRepository(db: Kysely<DB>) {
  async function disablePeriodsOverlapping(companyId: number, roomId: number, start: number, end: number): Promise<DisablePeriod[]> {
    const rows = await db
      .selectFrom('room_disable_periods')
      .select(['start_at', 'end_at'])
      .where('company_id', '=', companyId)
      .where('room_id', '=', roomId)
      .where('start_at', '<', end)
      .where('end_at', '>', start)
      .orderBy('start_at')
      .execute();
    return rows.map((row) => ({ startAt: Number(row.start_at), endAt: Number(row.end_at) }));
  }

  function selectReservations(companyId: number) {
    return db
      .selectFrom('reservations as r')
      .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'r.host_user_id').onRef('u.company_id', '=', 'r.company_id'))
      .leftJoin('users as d', (join) => join.onRef('d.id', '=', 'r.decided_by').onRef('d.company_id', '=', 'r.company_id'))
      .leftJoin('users as b', (join) => join.onRef('b.id', '=', 'r.booked_by_user_id').onRef('b.company_id', '=', 'r.company_id'))
      .leftJoin('reservation_series as s', (join) => join.onRef('s.id', '=', 'r.series_id').onRef('s.company_id', '=', 'r.company_id'))
      .select([
        'r.id', 'r.company_id', 'r.resource_id', 'r.host_user_id', 'r.title', 'r.start_at', 'r.end_at', 'r.status', 'r.privacy', 'r.channel', 'r.remarks',
        'r.created_at', 'r.updated_at', 'u.full_name as host_name',
        'r.series_id', 'r.occurrence_date', 'r.is_exception', 'r.notice_minutes', 'r.reminder_minutes', 'r.checked_in_at', 'r.check_in_channel',
        'r.ended_early_at', 'r.booked_end_at', 'r.no_show_at', 'r.approval_deadline_at', 'r.decided_at', 'd.full_name as decided_by_name', 'r.decision_reason',
        'r.booked_by_user_id', 'b.full_name as booked_by_name', 'r.cancelled_at', 'r.cancelled_by', 'r.restorable_status',
        's.rule as series_rule',
      ])
      .where('r.company_id', '=', companyId);
  }
  type Row = Awaited<ReturnType<ReturnType<typeof selectReservations>['executeTakeFirstOrThrow']>>;
  const present = (row: Row): ReservationRecord => ({
    id: row.id,
    companyId: row.company_id,
    roomId: row.resource_id,
    hostUserId: row.host_user_id,
    hostName: row.host_name,
    title: row.title,
    startAt: Number(row.start_at),
    endAt: Number(row.end_at),
    status: row.status,
    privacy: row.privacy,
    channel: row.channel,
    remarks: row.remarks,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    seriesId: row.series_id,
    occurrenceDate: row.occurrence_date,
    isException: row.is_exception === 1,
    noticeMinutes: row.notice_minutes,
    reminderMinutes: row.reminder_minutes,
    checkedInAt: numberOrNull(row.checked_in_at),
    checkInChannel: row.check_in_channel,
    endedEarlyAt: numberOrNull(row.ended_early_at),
    bookedEndAt: numberOrNull(row.booked_end_at),
    noShowAt: numberOrNull(row.no_show_at),
    approvalDeadlineAt: numberOrNull(row.approval_deadline_at),
    decidedAt: numberOrNull(row.decided_at),
    decidedByName: row.decided_by_name,
    bookedByUserId: row.booked_by_user_id,
    bookedByName: row.booked_by_name,
    decisionReason: row.decision_reason,
    seriesRule: row.series_rule,
    cancelledAt: numberOrNull(row.cancelled_at),
    cancelledBy: row.cancelled_by,
    restorableStatus: row.restorable_status,
  });

  return {
    async find(companyId: number, id: number): Promise<ReservationRecord | undefined> {
      const row = await selectReservations(companyId).where('r.id', '=', id).executeTakeFirst();
      return row ? present(row) : undefined;
    },

    /** Several reservations of the company, in the order of `ids` (missing ones left out). */
    async findMany(companyId: number, ids: number[]): Promise<ReservationRecord[]> {
      if (ids.length === 0) return [];
      const byId = new Map((await selectReservations(companyId).where('r.id', 'in', ids).execute()).map((row) => [row.id, present(row)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /**
     * A room's active reservations touching [from, to), oldest first. Bounded: no reservation is
     * longer than RESERVATION_MAX_MS, so only rows starting after `from - max` can reach `from`.
     */
    async listActive(companyId: number, roomId: number, from: number, to: number, exceptId?: number): Promise<ReservationRecord[]> {
      let query = selectReservations(companyId)
        .where('r.resource_id', '=', roomId)
        .where('r.status', 'in', [...ACTIVE_RESERVATION_STATUSES])
        .where('r.start_at', '>=', from - RESERVATION_MAX_MS)
        .where('r.start_at', '<', to)
        .where('r.end_at', '>', from);
      if (exceptId !== undefined) query = query.where('r.id', '<>', exceptId);
      return (await query.orderBy('r.start_at').orderBy('r.id').execute()).map(present);
    },

    /** A series' occurrences (every status), in order of their series date. */
    async listSeries(companyId: number, seriesId: number): Promise<ReservationRecord[]> {
      const rows = await selectReservations(companyId).where('r.series_id', '=', seriesId).orderBy('r.occurrence_date').orderBy('r.start_at').orderBy('r.id').execute();
      return rows.map(present);
    },

    /**
     * Active reservations of many rooms (every room of the company when `roomIds` is absent)
     * touching [from, to), in one query for the live views; bounded like listActive.
     */
    async listActiveInRooms(companyId: number, roomIds: number[] | undefined, from: number, to: number): Promise<ReservationRecord[]> {
      if (roomIds && roomIds.length === 0) return [];
      let query = selectReservations(companyId)
        .where('r.status', 'in', [...ACTIVE_RESERVATION_STATUSES])
        .where('r.start_at', '>=', from - RESERVATION_MAX_MS)
        .where('r.start_at', '<', to)
        .where('r.end_at', '>', from);
      if (roomIds) query = query.where('r.resource_id', 'in', roomIds);
      return (await query.orderBy('r.start_at').orderBy('r.id').execute()).map(present);
    },

    async insert(reservation: NewReservation, now: number): Promise<number> {
      const row = await db
        .insertInto('reservations')
        .values({
          company_id: reservation.companyId,
          resource_id: reservation.roomId,
          host_user_id: reservation.hostUserId,
          booked_by_user_id: reservation.bookedByUserId ?? null,
          title: reservation.title,
          start_at: reservation.startAt,
          end_at: reservation.endAt,
          status: reservation.status,
          privacy: reservation.privacy,
          channel: reservation.channel,
          remarks: reservation.remarks,
          series_id: reservation.seriesId ?? null,
          occurrence_date: reservation.occurrenceDate ?? null,
          notice_minutes: reservation.noticeMinutes ?? null,
          reminder_minutes: reservation.reminderMinutes ?? null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(
      companyId: number,
      id: number,
      patch: Partial<
        Pick<
          ReservationRecord,
          'roomId' | 'title' | 'startAt' | 'endAt' | 'status' | 'privacy' | 'remarks' | 'seriesId' | 'occurrenceDate' | 'isException' | 'noticeMinutes' | 'reminderMinutes'
        >
      >,
      now: number,
    ): Promise<void> {
      await db
        .updateTable('reservations')
        .set({
          ...(patch.roomId !== undefined ? { resource_id: patch.roomId } : {}),
          ...(patch.title !== undefined ? { title: patch.title } : {}),
          ...(patch.startAt !== undefined ? { start_at: patch.startAt } : {}),
          ...(patch.endAt !== undefined ? { end_at: patch.endAt } : {}),
          ...(patch.status !== undefined ? { status: patch.status } : {}),
          ...(patch.privacy !== undefined ? { privacy: patch.privacy } : {}),
          ...(patch.remarks !== undefined ? { remarks: patch.remarks } : {}),
          ...(patch.seriesId !== undefined ? { series_id: patch.seriesId } : {}),
          ...(patch.occurrenceDate !== undefined ? { occurrence_date: patch.occurrenceDate } : {}),
          ...(patch.isException !== undefined ? { is_exception: patch.isException ? 1 : 0 } : {}),
          ...(patch.noticeMinutes !== undefined ? { notice_minutes: patch.noticeMinutes } : {}),
          ...(patch.reminderMinutes !== undefined ? { reminder_minutes: patch.reminderMinutes } : {}),
          // A new start or reminder time gets its own reminder.
          ...(patch.startAt !== undefined || patch.reminderMinutes !== undefined ? { reminded_at: null } : {}),
          ...(patch.startAt !== undefined ? { check_in_noticed_at: null } : {}),
          updated_at: now,
        })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .execute();
    },

    /**
     * Cancels a meeting, recording who did; `restorable` is the status an undo may put back (the
     * meeting's status now), or absent where the cancellation cannot be undone.
     */
    async cancel(companyId: number, id: number, now: number, by: { userId: number | null; restorable?: 'pending' | 'confirmed' } = { userId: null }): Promise<void> {
      await db
        .updateTable('reservations')
        .set({ status: 'cancelled', cancelled_at: now, cancelled_by: by.userId, restorable_status: by.restorable ?? null, updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .execute();
    },

    /** Undoes a cancellation: the meeting takes its slot again (the overlap guard may refuse); answers whether it was restored. */
    async restore(companyId: number, id: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('reservations')
        .set((eb) => ({ status: eb.ref('restorable_status').$castTo<'pending' | 'confirmed'>(), cancelled_at: null, cancelled_by: null, restorable_status: null, updated_at: now }))
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .where('status', '=', 'cancelled')
        .where('restorable_status', 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async replaceParticipants(companyId: number, reservationId: number, participants: ParticipantValue[]): Promise<void> {
      await db.deleteFrom('reservation_participants').where('company_id', '=', companyId).where('reservation_id', '=', reservationId).execute();
      if (participants.length === 0) return;
      await db
        .insertInto('reservation_participants')
        .values(participants.map((p) => ({ company_id: companyId, reservation_id: reservationId, user_id: p.userId ?? null, email: p.email ?? null })))
        .execute();
    },

    /**
     * Everything booking one meeting checks, in one statement inside its transaction: the layout
     * version, the booking preferences, the notification settings, the host's blacklist entry, a
     * disable period of the room over [startAt, endAt), and the users named (host, delegate,
     * colleagues).
     */
    async readBookingChecks(input: { companyId: number; roomId: number; hostUserId: number; now: number; startAt: number; endAt: number; userIds: number[] }): Promise<BookingChecks> {
      const { companyId, roomId, hostUserId, now, startAt, endAt, userIds } = input;
      const rows = await sized(checksStatements, userIds.length, checksStatement)(db, companyId, roomId, hostUserId, now, startAt, endAt, ...userIds);
      const first = rows[0]!;
      const users = new Map<number, { name: string; email: string | null; isActive: boolean }>();
      for (const row of rows) if (row.user_id !== null) users.set(row.user_id, { name: row.user_name!, email: row.user_email, isActive: row.user_active === 1 });
      const hasRules = first.company_id !== null;
      return {
        layoutVersion: first.layout_version ?? 0,
        rules: hasRules ? preferencesFromRow(first as Parameters<typeof preferencesFromRow>[0]) : DEFAULT_BOOKING_PREFERENCES,
        approvalDeadlineHours: first.approval_deadline_hours ?? DEFAULT_APPROVAL_DEADLINE_HOURS,
        noticeConfig: first.notice_config ?? null,
        isBarred: first.barred_id !== null,
        isDisabled: first.disabled_id !== null,
        users,
      };
    },

    /**
     * Inside a write transaction, before inserting a booking of `resourceId` by another path than the
     * checks statement (a desk's): PostgreSQL's lock on the resource (see `resourceLockSql`); nothing on SQLite.
     */
    async lockResource(resourceId: number): Promise<void> {
      if (!isSqlite(db)) await lockResourceStatement(db, resourceId);
    },

    /** Inserts a single meeting (its approval clock included); answers its id. The database refuses an overlap. */
    async insertMeeting(meeting: NewMeeting, now: number): Promise<number> {
      const [row] = await insertMeetingStatement(
        db,
        meeting.companyId,
        meeting.roomId,
        meeting.hostUserId,
        meeting.bookedByUserId,
        meeting.title,
        meeting.startAt,
        meeting.endAt,
        meeting.status,
        meeting.privacy,
        meeting.channel,
        meeting.remarks,
        meeting.noticeMinutes,
        meeting.reminderMinutes,
        meeting.approvalDeadlineAt,
        now,
      );
      return row!.id;
    },

    /** The participants of a new meeting, in one statement (a new meeting has none to replace). */
    async insertParticipants(companyId: number, reservationId: number, participants: ParticipantValue[]): Promise<void> {
      if (participants.length === 0) return;
      const pairs = participants.flatMap((p) => [p.userId ?? null, p.email ?? null]);
      await sized(participantsStatements, participants.length, participantsStatement)(db, companyId, reservationId, ...pairs);
    },

    async participantsOf(companyId: number, reservationIds: number[]): Promise<ParticipantRecord[]> {
      if (reservationIds.length === 0) return [];
      const rows = await db
        .selectFrom('reservation_participants as p')
        .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'p.user_id').onRef('u.company_id', '=', 'p.company_id'))
        .select(['p.reservation_id', 'p.user_id', 'p.email', 'u.full_name', 'u.email as user_email'])
        .where('p.company_id', '=', companyId)
        .where('p.reservation_id', 'in', reservationIds)
        .orderBy('p.id')
        .execute();
      return rows.map((row) => ({ reservationId: row.reservation_id, userId: row.user_id, name: row.full_name, email: row.email ?? row.user_email }));
    },

    /** Which of these user ids are active users of the company. */
    /** The booker's blacklist entry in force at `now`, if any (booking-blacklist.ts). */
    findBlacklistEntry(companyId: number, userId: number, now: number) {
      return findBlacklistEntry(db, companyId, userId, now);
    },

    async existingUserIds(companyId: number, userIds: number[]): Promise<Set<number>> {
      if (userIds.length === 0) return new Set();
      const rows = await db.selectFrom('users').select('id').where('company_id', '=', companyId).where('id', 'in', userIds).where('is_active', '=', 1).execute();
      return new Set(rows.map((row) => row.id));
    },

    /** The room's disable (maintenance) periods overlapping [start, end), by start. */
    disablePeriodsOverlapping,

    /** The first disable period of the room overlapping [start, end), if any. */
    async findDisablePeriodOverlapping(companyId: number, roomId: number, start: number, end: number): Promise<DisablePeriod | undefined> {
      return (await disablePeriodsOverlapping(companyId, roomId, start, end))[0];
    },
  };
}

/** The database refused a write because another active reservation of the room overlaps. */
export function isOverlapViolation(error: unknown): boolean {
  const failure = error as { code?: unknown; message?: unknown } | null;
  if (!failure) return false;
  // PostgreSQL: exclusion_violation; SQLite: the trigger's RAISE(ABORT, 'reservation_overlap').
  return failure.code === '23P01' || (typeof failure.message === 'string' && failure.message === 'reservation_overlap');
}

/** The blacklist entry that bars a colleague from booking now, if any (the rule: booking-blacklist.ts). */
export async function findBlacklistEntry(db: Kysely<DB>, companyId: number, userId: number, now: number): Promise<{ reason: string | null; endsAt: number | null } | undefined> {
  const entry = await db
    .selectFrom('booking_blacklist')
    .select(['reason', 'ends_at'])
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('lifted_at', 'is', null)
    .where('starts_at', '<=', now)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    // The entry that bars the longest: open-ended first, then the latest end.
    .orderBy(sql`case when ends_at is null then 0 else 1 end`)
    .orderBy('ends_at', 'desc')
    .executeTakeFirst();
  return entry ? { reason: entry.reason, endsAt: entry.ends_at === null ? null : Number(entry.ends_at) } : undefined;
}
