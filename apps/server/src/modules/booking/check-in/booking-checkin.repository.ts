import { sql, type Kysely } from 'kysely';
import { ACTIVE_RESERVATION_STATUSES, RESERVATION_MAX_MS, type ReservationPrivacy } from '@atrium/contract';
import type { DB } from '../../../db/schema.js';
import { MINUTE_MS } from '../../../platform/clock.js';
import { hostedOrAttendedBy } from '../engine/booking.repository.js';

/** A meeting whose check-in window has closed without a check-in. */
export interface DueNoShow {
  id: number;
  companyId: number;
  roomId: number;
  seriesId: number | null;
}

export type CheckInRepository = ReturnType<typeof createCheckInRepository>;

/** Check-in, early end, walk-in bookings and no-show release: the writes of booking-checkin.service. */
export function createCheckInRepository(db: Kysely<DB>) {
  return {
    /** Marks a confirmed, not yet checked-in meeting as checked in; false when it was not (any more) such a meeting. */
    async checkIn(companyId: number, id: number, values: { at: number; channel: 'console' | 'display' | 'qr' | 'sensor'; by: number | null }): Promise<boolean> {
      const result = await db
        .updateTable('reservations')
        .set({ checked_in_at: values.at, check_in_channel: values.channel, checked_in_by: values.by, updated_at: values.at })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .where('status', '=', 'confirmed')
        .where('checked_in_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Ends a running meeting at `endAt`, keeping the booked end; false when it is not running any more. */
    async endEarly(companyId: number, id: number, endAt: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('reservations')
        .set({ booked_end_at: sql<number>`coalesce(booked_end_at, end_at)`, end_at: endAt, ended_early_at: now, updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .where('status', '=', 'confirmed')
        .where('start_at', '<', endAt)
        .where('end_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** A booking made at the door: nobody hosts it, it comes from the display and is checked in at once. */
    async insertWalkIn(values: { companyId: number; roomId: number; title: string; startAt: number; endAt: number; privacy: ReservationPrivacy }, now: number): Promise<number> {
      const row = await db
        .insertInto('reservations')
        .values({
          company_id: values.companyId,
          resource_id: values.roomId,
          host_user_id: null,
          title: values.title,
          start_at: values.startAt,
          end_at: values.endAt,
          status: 'confirmed',
          privacy: values.privacy,
          channel: 'display',
          remarks: null,
          checked_in_at: now,
          check_in_channel: 'display',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * Confirmed meetings, in rooms with sign-in on, whose window (start + the room's after-minutes,
     * inclusive) closed before `now` without a check-in, in companies that release no-shows. Across companies: the
     * scheduled job's query. Bounded to meetings that started in the last day.
     */
    async dueNoShows(now: number, limit: number): Promise<DueNoShow[]> {
      const rows = await db
        .selectFrom('reservations as r')
        .innerJoin('rooms as rm', (join) => join.onRef('rm.id', '=', 'r.resource_id').onRef('rm.company_id', '=', 'r.company_id'))
        .leftJoin('booking_rules as br', 'br.company_id', 'r.company_id')
        .select(['r.id', 'r.company_id', 'r.resource_id', 'r.series_id'])
        .where('r.status', '=', 'confirmed')
        .where('r.checked_in_at', 'is', null)
        .where('rm.sign_in_enabled', '=', 1)
        .where('r.start_at', '>=', now - RESERVATION_MAX_MS)
        .where(sql<boolean>`r.start_at + rm.sign_in_after_minutes * 60000 < ${now}`)
        .where(sql<boolean>`coalesce(br.release_no_shows, 1) = 1`)
        // A meeting whose host the smart room asked about (nobody in the room) waits for the answer (decision 0020).
        .where((eb) => eb.not(eb.exists(eb.selectFrom('smart_ghost_prompts as g').select('g.reservation_id').whereRef('g.reservation_id', '=', 'r.id'))))
        .orderBy('r.start_at')
        .orderBy('r.id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ id: row.id, companyId: row.company_id, roomId: row.resource_id, seriesId: row.series_id }));
    },

    /**
     * Claims the meetings whose check-in window has opened (and not closed) without a check-in and
     * whose host was not told yet, marking them told; a meeting another process claimed first is
     * not among them. Only rooms with sign-in on, in companies that release no-shows.
     */
    async claimCheckInDue(now: number, limit: number): Promise<Array<{ id: number; companyId: number }>> {
      const due = db
        .selectFrom('reservations as r')
        .innerJoin('rooms as rm', (join) => join.onRef('rm.id', '=', 'r.resource_id').onRef('rm.company_id', '=', 'r.company_id'))
        .leftJoin('booking_rules as br', 'br.company_id', 'r.company_id')
        .select('r.id')
        .where('r.status', '=', 'confirmed')
        .where('r.checked_in_at', 'is', null)
        .where('r.check_in_noticed_at', 'is', null)
        .where('r.host_user_id', 'is not', null)
        .where('rm.sign_in_enabled', '=', 1)
        .where('r.start_at', '>=', now - RESERVATION_MAX_MS)
        .where(sql<boolean>`r.start_at - rm.sign_in_before_minutes * 60000 <= ${now}`)
        .where(sql<boolean>`r.start_at + rm.sign_in_after_minutes * 60000 > ${now}`)
        .where(sql<boolean>`coalesce(br.release_no_shows, 1) = 1`)
        .orderBy('r.start_at')
        .limit(limit);
      const rows = await db
        .updateTable('reservations')
        .set({ check_in_noticed_at: now })
        .where('id', 'in', due)
        .where('check_in_noticed_at', 'is', null)
        .where('checked_in_at', 'is', null)
        .returning(['id', 'company_id'])
        .execute();
      return rows.map((row) => ({ id: row.id, companyId: row.company_id }));
    },

    /** Releases a no-show; false when another process (or a late check-in) got there first. */
    async release(companyId: number, id: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('reservations')
        .set({ status: 'released', no_show_at: now, updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .where('status', '=', 'confirmed')
        .where('checked_in_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** One more check-in missed in a row; answers the new count (0 when the series is gone or already released). */
    async countMiss(companyId: number, seriesId: number, now: number): Promise<number> {
      await db
        .updateTable('reservation_series')
        .set({ missed_check_ins: sql<number>`missed_check_ins + 1`, updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', '=', seriesId)
        .where('released_at', 'is', null)
        .execute();
      const row = await db
        .selectFrom('reservation_series')
        .select(['missed_check_ins', 'released_at'])
        .where('company_id', '=', companyId)
        .where('id', '=', seriesId)
        .executeTakeFirst();
      return row && row.released_at === null ? row.missed_check_ins : 0;
    },

    async resetMisses(companyId: number, seriesId: number, now: number): Promise<void> {
      await db
        .updateTable('reservation_series')
        .set({ missed_check_ins: 0, updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', '=', seriesId)
        .where('missed_check_ins', '>', 0)
        .execute();
    },

    /** The series loses its room: marked released, its active occurrences still to come released. Answers their ids. */
    async releaseSeries(companyId: number, seriesId: number, now: number): Promise<{ marked: boolean; ids: number[] }> {
      const marked = await db
        .updateTable('reservation_series')
        .set({ released_at: now, updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', '=', seriesId)
        .where('released_at', 'is', null)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1) return { marked: false, ids: [] };
      const rows = await db
        .updateTable('reservations')
        .set({ status: 'released', updated_at: now })
        .where('company_id', '=', companyId)
        .where('series_id', '=', seriesId)
        .where('status', 'in', [...ACTIVE_RESERVATION_STATUSES])
        .where('start_at', '>', now)
        .returning('id')
        .execute();
      return { marked: true, ids: rows.map((row) => row.id) };
    },

    /** The address, name and preferred language of a user of the company. */
    async contactOf(companyId: number, userId: number): Promise<{ email: string | null; name: string } | undefined> {
      const row = await db.selectFrom('users').select(['email', 'full_name']).where('company_id', '=', companyId).where('id', '=', userId).executeTakeFirst();
      return row ? { email: row.email, name: row.full_name } : undefined;
    },

    /** The caller's confirmed meetings in the room (as host or participant) starting in [from, to). */
    /** A room's confirmed meetings not checked in that run at `now` or start before `startsBefore`, earliest first. */
    async openInRoom(companyId: number, roomId: number, now: number, startsBefore: number): Promise<number[]> {
      const rows = await db
        .selectFrom('reservations as r')
        .select('r.id')
        .where('r.company_id', '=', companyId)
        .where('r.resource_id', '=', roomId)
        .where('r.status', '=', 'confirmed')
        .where('r.checked_in_at', 'is', null)
        .where('r.start_at', '>=', now - RESERVATION_MAX_MS)
        .where('r.start_at', '<', startsBefore)
        .where('r.end_at', '>', now)
        .orderBy('r.start_at')
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * The rooms among `roomIds` with sign-in on and a confirmed meeting not checked in whose check-in window is open
     * at `now` (as `openInRoom` with each room's own window), distinct.
     */
    async roomsOpenForCheckIn(companyId: number, roomIds: readonly number[], now: number): Promise<Set<number>> {
      if (roomIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('reservations as r')
        .innerJoin('rooms as m', (join) => join.onRef('m.id', '=', 'r.resource_id').onRef('m.company_id', '=', 'r.company_id'))
        .select('r.resource_id as roomId')
        .distinct()
        .where('r.company_id', '=', companyId)
        .where('r.resource_id', 'in', roomIds)
        .where('m.sign_in_enabled', '=', 1)
        .where('r.status', '=', 'confirmed')
        .where('r.checked_in_at', 'is', null)
        .where('r.start_at', '>=', now - RESERVATION_MAX_MS)
        .where('r.start_at', '<', sql<number>`cast(${now + 1} as bigint) + m.sign_in_before_minutes * ${MINUTE_MS}`)
        .where('r.end_at', '>', now)
        .execute();
      return new Set(rows.map((row) => row.roomId));
    },

    async attendedIn(companyId: number, roomId: number, userId: number, from: number, to: number): Promise<number[]> {
      const rows = await db
        .selectFrom('reservations as r')
        .select('r.id')
        .where('r.company_id', '=', companyId)
        .where('r.resource_id', '=', roomId)
        .where('r.status', '=', 'confirmed')
        .where('r.start_at', '>=', from)
        .where('r.start_at', '<', to)
        .where(hostedOrAttendedBy(companyId, userId))
        .orderBy('r.start_at')
        .execute();
      return rows.map((row) => row.id);
    },
  };
}
