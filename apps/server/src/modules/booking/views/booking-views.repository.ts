import type { Kysely } from 'kysely';
import { ACTIVE_RESERVATION_STATUSES, RESERVATION_MAX_MS, type ReservationStatus } from '@atrium/contract';
import { containsIgnoringCase } from '../../../db/like.js';
import { prepareQuery } from '../../../db/prepared.js';
import type { DB } from '../../../db/schema.js';
import { hostedOrAttendedBy } from '../engine/booking.repository.js';

/** A half-open span of time. */
export interface Span {
  startAt: number;
  endAt: number;
}

/** Slots asked in one overlap query (each becomes one bounded range on (resource_id, start_at)). */
const SLOTS_PER_QUERY = 40;
/** The most meetings one "mine" read answers. */
export const MINE_MAX_ROWS = 2000;

export type BookingViewsRepository = ReturnType<typeof createBookingViewsRepository>;

/**
 * The calendar's reads. Every overlap condition is bounded below by `start - RESERVATION_MAX_MS`
 * (no meeting is longer), so it is a range on the (resource_id, start_at) index, not a scan of history.
 */
export function createBookingViewsRepository(db: Kysely<DB>) {
  /**
   * The rooms holding an active meeting or a disable period across [startAt, endAt), company-wide
   * (a room appears once per meeting). No room list: each part is one range of its company index,
   * the meetings' read from the report index alone ((company_id, start_at, resource_id, status,
   * end_at), migration 0034), so it costs the company's meetings of that day, not its rooms; and
   * the statement is the same for every search (compiled once). No DISTINCT: SQLite would then walk
   * the (resource_id, start_at) index room by room to return them in order.
   */
  const disabledAcross = (companyId: number, startAt: number, endAt: number) =>
    db.selectFrom('room_disable_periods').select('room_id').where('company_id', '=', companyId).where('start_at', '<', endAt).where('end_at', '>', startAt);
  const selectBusyAcross = prepareQuery(db, (companyId: number, startsFrom: number, startAt: number, endAt: number) =>
    db
      .selectFrom('reservations')
      .select('resource_id as room_id')
      .where('company_id', '=', companyId)
      .where('status', 'in', [...ACTIVE_RESERVATION_STATUSES])
      .where('start_at', '>=', startsFrom)
      .where('start_at', '<', endAt)
      .where('end_at', '>', startAt)
      .unionAll(disabledAcross(companyId, startAt, endAt)),
  );
  // Moving a meeting leaves itself out (on PostgreSQL this part reads the rows, not the index alone).
  const selectBusyAcrossExcept = prepareQuery(db, (companyId: number, startsFrom: number, startAt: number, endAt: number, exceptId: number) =>
    db
      .selectFrom('reservations')
      .select('resource_id as room_id')
      .where('company_id', '=', companyId)
      .where('status', 'in', [...ACTIVE_RESERVATION_STATUSES])
      .where('start_at', '>=', startsFrom)
      .where('start_at', '<', endAt)
      .where('end_at', '>', startAt)
      .where('id', '<>', exceptId)
      .unionAll(disabledAcross(companyId, startAt, endAt)),
  );

  return {
    /** The company's rooms with an active meeting (other than `exceptReservationId`) or a disable period overlapping the slot. */
    async busyRoomsAcross(companyId: number, slot: Span, exceptReservationId?: number): Promise<Set<number>> {
      const startsFrom = slot.startAt - RESERVATION_MAX_MS;
      const rows =
        exceptReservationId === undefined
          ? await selectBusyAcross(companyId, startsFrom, slot.startAt, slot.endAt)
          : await selectBusyAcrossExcept(companyId, startsFrom, slot.startAt, slot.endAt, exceptReservationId);
      return new Set(rows.map((row) => row.room_id));
    },

    /** Ids of meetings the user hosts or attends touching [from, to). */
    async mineIds(companyId: number, userId: number, from: number, to: number, statuses: readonly ReservationStatus[]): Promise<number[]> {
      const rows = await db
        .selectFrom('reservations as r')
        .select('r.id')
        .where('r.company_id', '=', companyId)
        .where('r.status', 'in', [...statuses])
        .where('r.start_at', '>=', from - RESERVATION_MAX_MS)
        .where('r.start_at', '<', to)
        .where('r.end_at', '>', from)
        .where(hostedOrAttendedBy(companyId, userId))
        .orderBy('r.start_at')
        .limit(MINE_MAX_ROWS)
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * A page of ids of the active meetings whose title contains `keyword` (ignoring case): with
     * `upcoming`, those ending after `now`, soonest first; else those that ended in (since, now],
     * latest first. Who may see which title is not judged here (see the meeting search).
     */
    async titleMatchIds(
      companyId: number,
      keyword: string,
      window: { now: number; since: number; upcoming: boolean },
      page: { offset: number; size: number },
    ): Promise<number[]> {
      let query = db
        .selectFrom('reservations')
        .select('id')
        .where('company_id', '=', companyId)
        .where('status', 'in', [...ACTIVE_RESERVATION_STATUSES])
        .where(containsIgnoringCase('title', keyword));
      query = window.upcoming
        ? query.where('start_at', '>=', window.now - RESERVATION_MAX_MS).where('end_at', '>', window.now).orderBy('start_at').orderBy('id')
        : query
            .where('start_at', '>=', window.since - RESERVATION_MAX_MS)
            .where('end_at', '>', window.since)
            .where('end_at', '<=', window.now)
            .orderBy('start_at', 'desc')
            .orderBy('id', 'desc');
      const rows = await query.offset(page.offset).limit(page.size).execute();
      return rows.map((row) => row.id);
    },

    /** Ids of the active meetings of these rooms touching [from, to). */
    async activeIdsInRooms(companyId: number, roomIds: number[], from: number, to: number): Promise<number[]> {
      if (roomIds.length === 0) return [];
      const rows = await db
        .selectFrom('reservations')
        .select('id')
        .where('company_id', '=', companyId)
        .where('resource_id', 'in', roomIds)
        .where('status', 'in', [...ACTIVE_RESERVATION_STATUSES])
        .where('start_at', '>=', from - RESERVATION_MAX_MS)
        .where('start_at', '<', to)
        .where('end_at', '>', from)
        .execute();
      return rows.map((row) => row.id);
    },

    /** Disable periods of these rooms touching [from, to). */
    async disabledInRooms(companyId: number, roomIds: number[], from: number, to: number): Promise<Array<Span & { roomId: number }>> {
      if (roomIds.length === 0) return [];
      const rows = await db
        .selectFrom('room_disable_periods')
        .select(['room_id', 'start_at', 'end_at'])
        .where('company_id', '=', companyId)
        .where('room_id', 'in', roomIds)
        .where('start_at', '<', to)
        .where('end_at', '>', from)
        .orderBy('start_at')
        .execute();
      return rows.map((row) => ({ roomId: row.room_id, startAt: Number(row.start_at), endAt: Number(row.end_at) }));
    },

    /**
     * Which of these rooms have an active meeting or a disable period overlapping any of the slots
     * (a repeat rule's occurrences). The slots go in batches; each slot is one bounded range per
     * room, and rooms found busy are not asked again.
     */
    async busyRoomIds(companyId: number, roomIds: number[], slots: Span[], exceptReservationId?: number): Promise<Set<number>> {
      const busy = new Set<number>();
      if (roomIds.length === 0 || slots.length === 0) return busy;
      for (let i = 0; i < slots.length; i += SLOTS_PER_QUERY) {
        const batch = slots.slice(i, i + SLOTS_PER_QUERY);
        const candidates = roomIds.filter((roomId) => !busy.has(roomId));
        if (candidates.length === 0) break;
        let meetings = db
          .selectFrom('reservations')
          .select('resource_id as room_id')
          .distinct()
          .where('company_id', '=', companyId)
          .where('resource_id', 'in', candidates)
          .where('status', 'in', [...ACTIVE_RESERVATION_STATUSES])
          .where((eb) =>
            eb.or(batch.map((slot) => eb.and([eb('start_at', '>=', slot.startAt - RESERVATION_MAX_MS), eb('start_at', '<', slot.endAt), eb('end_at', '>', slot.startAt)]))),
          );
        if (exceptReservationId !== undefined) meetings = meetings.where('id', '<>', exceptReservationId);
        for (const row of await meetings.execute()) busy.add(row.room_id);
        const rest = candidates.filter((roomId) => !busy.has(roomId));
        if (rest.length === 0) break;
        const periods = await db
          .selectFrom('room_disable_periods')
          .select('room_id')
          .distinct()
          .where('company_id', '=', companyId)
          .where('room_id', 'in', rest)
          .where((eb) => eb.or(batch.map((slot) => eb.and([eb('start_at', '<', slot.endAt), eb('end_at', '>', slot.startAt)]))))
          .execute();
        for (const row of periods) busy.add(row.room_id);
      }
      return busy;
    },

    /** Active users of the company whose name, user name or e-mail contains the keyword, by name. */
    async colleagues(companyId: number, keyword: string, limit: number): Promise<Array<{ id: number; fullName: string; email: string | null }>> {
      let query = db.selectFrom('users').select(['id', 'full_name', 'email']).where('company_id', '=', companyId).where('is_active', '=', 1);
      if (keyword) {
        const pattern = `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['full_name']), 'like', eb.val(pattern)),
            eb(eb.fn('lower', ['user_name']), 'like', eb.val(pattern)),
            eb(eb.fn('lower', ['email']), 'like', eb.val(pattern)),
          ]),
        );
      }
      const rows = await query.orderBy('full_name').orderBy('id').limit(limit).execute();
      return rows.map((row) => ({ id: row.id, fullName: row.full_name, email: row.email }));
    },
  };
}
