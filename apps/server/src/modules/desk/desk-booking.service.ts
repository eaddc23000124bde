import {
  addDays,
  daysBetween,
  DESK_CHECK_IN_EARLY_MS,
  fromZoned,
  localDateTime,
  ReturnCode,
  toZoned,
  weekdayOf,
  type BookDeskBody,
  type DeskAvailability,
  type DeskBooking,
  type DeskClosedReason,
  type DeskFloor,
  type DeskRules,
  type LocalDate,
} from '@atrium/contract';
import type { Kysely } from 'kysely';
import { withKeyLocks } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import { AppError, notFound, refused } from '../../platform/errors.js';
import { createOutboxRepository } from '../../platform/outbox.repository.js';
import type { BookingChange, BookingEvents } from '../booking/booking.events.js';
import { withBookingAttempts } from '../booking/engine/booking-attempts.js';
import { createBookingRepository } from '../booking/engine/booking.repository.js';
import { createLocationRepository } from '../location/location.repository.js';
import { changedFields, type Actor, type OperationLog } from '../operation-log/operation-log.service.js';
import { checkDeskAccess } from './desk-access.js';
import { createDeskAccessRepository } from './desk-access.repository.js';
import type { BookingDesks } from './desk-bookable.js';
import { createDeskBookingRepository, type DeskBookingRecord, type DeskBookingRepository } from './desk-booking.repository.js';
import { createDeskReleaseRepository } from './desk-release.repository.js';
import type { DeskRepository } from './desk.repository.js';
import type { FloorRoomRepository } from './floor-room.repository.js';

export interface DeskBookingServiceDeps {
  db: Kysely<DB>;
  deskBookings: DeskBookingRepository;
  /** The desk configuration's reads: a floor's desks and neighbourhoods as configured. */
  desks: Pick<DeskRepository, 'listDesks' | 'listNeighbourhoods' | 'listFloors' | 'findFloorMapInfo'>;
  bookingDesks: BookingDesks;
  /** The floor's rooms, drawn on the booking map (booked on the room booking page). */
  floorRooms: Pick<FloorRoomRepository, 'listOnFloor'>;
  events: BookingEvents;
  operationLog: OperationLog;
  /** The engine's release of a no-show (a conditional update: released once across processes). */
  release(companyId: number, id: number, now: number): Promise<boolean>;
  clock: Clock;
}

/** Desk bookings released per run of the job at most. */
const NO_SHOW_BATCH = 200;

export type DeskBookingService = ReturnType<typeof createDeskBookingService>;

/** The booking's bounds for a date and part of the day, on the floor's clock. */
export function deskSlot(rules: DeskRules, date: LocalDate, part: BookDeskBody['part'], zone: string, hours?: { start?: string; end?: string }): { startAt: number; endAt: number } {
  const [start, end] =
    part === 'am' ? [rules.dayStart, rules.midday] : part === 'pm' ? [rules.midday, rules.dayEnd] : part === 'day' ? [rules.dayStart, rules.dayEnd] : [hours!.start!, hours!.end!];
  // 24:00 is the next day's midnight (the contract allows it as an end; fromZoned reads 00:00-23:59).
  const at = (time: string) => (time === '24:00' ? fromZoned(addDays(date, 1), '00:00', zone) : fromZoned(date, time, zone));
  return { startAt: at(start), endAt: at(end) };
}

/**
 * Why the user may not book `desk`: out of use (or under repair), kept for someone else (unless its owner
 * released it for the day: `isReleased`), or in a neighbourhood kept for another department; null: they may.
 */
export function deskClosedReason(record: DeskBookingRecord, userId: number, departmentId: number | null, isReleased = false): DeskClosedReason | null {
  if (record.mode === 'unavailable') return 'unavailable';
  if (record.outOfUseReportId !== null) return 'repair';
  if (record.mode === 'assigned' && !isReleased && record.assignedUserId !== userId && (record.assignedDepartmentId === null || record.assignedDepartmentId !== departmentId)) return 'assigned';
  if (record.neighbourhoodDepartmentId !== null && record.neighbourhoodDepartmentId !== departmentId) return 'neighbourhood';
  return null;
}

/** The Monday of `date`'s week. */
const mondayOf = (date: LocalDate): LocalDate => addDays(date, -((weekdayOf(date) + 6) % 7));

/**
 * Booking desks (decision 0019, "Booking a desk"). A desk is a resource, and its booking is a row of
 * the reservation engine's table written by the engine's insert: the same no-overlap guarantee in
 * the database (exclusion constraint or trigger), the same retries (`withBookingAttempts`), the
 * same change events. What is a desk's own: the rules (how far ahead, how many days a week, the
 * longest booking, the half days on the floor's clock), who may book which desk (its mode, its
 * owner, its neighbourhood's department), one desk per person at a time under a per-person lock,
 * and a check-in by the desk's QR code.
 */
export function createDeskBookingService({ db, deskBookings, desks, bookingDesks, floorRooms, events, operationLog, release, clock }: DeskBookingServiceDeps) {
  /** The desk as this process knows it, or as the database has it now. */
  async function keptDesk(companyId: number, deskId: number) {
    const kept = bookingDesks.known(companyId, deskId) ?? (await bookingDesks.load(companyId, deskId));
    if (!kept.bookable) throw notFound('deskNotFound');
    return kept;
  }

  const CLOSED_MESSAGES = { unavailable: 'deskUnavailable', repair: 'deskUnderRepair', assigned: 'deskAssignedToOther', neighbourhood: 'deskNeighbourhoodKept' } as const;

  const toBooking = async (companyId: number, rows: Awaited<ReturnType<DeskBookingRepository['listMine']>>): Promise<DeskBooking[]> => {
    if (rows.length === 0) return [];
    const rules = await deskBookings.rules(companyId);
    const layout = await bookingDesks.current(companyId);
    return rows.map((row) => deskBookings.present(row, (floorId) => layout.zoneOf(floorId) ?? 'UTC', rules.checkInGraceMinutes));
  };

  async function getOwnBooking(companyId: number, userId: number, id: number) {
    const row = await deskBookings.findBooking(companyId, id);
    if (!row || row.host_user_id !== userId) throw notFound('deskBookingNotFound');
    return row;
  }

  return {
    /**
     * Books `deskId` for the caller: the desk from this process's memory, then one write transaction
     * holding the caller's key lock (two of the same person's bookings are judged one after the other)
     * that confirms the desk's layout version, reads the rules and the caller's week, judges them and
     * inserts the booking through the engine; the database refuses a second booking of the same slot.
     */
    async book(caller: { companyId: number; userId: number }, body: BookDeskBody): Promise<DeskBooking> {
      const { companyId, userId } = caller;
      const kept = await keptDesk(companyId, body.deskId);
      const zone = kept.bookable!.zone;
      const weekFrom = fromZoned(mondayOf(body.date), '00:00', zone);
      const weekTo = fromZoned(addDays(mondayOf(body.date), 7), '00:00', zone);
      // The slot judged in the transaction, named by a 409 when the database finds it taken.
      let slot = { number: kept.bookable!.record.number, startAt: 0, endAt: 0 };
      const written = await withBookingAttempts(
        () =>
          withKeyLocks(db, [`desk-person:${companyId}:${userId}`], async (trx) => {
            const repos = { deskBookings: createDeskBookingRepository(trx), locations: createLocationRepository(trx), bookings: createBookingRepository(trx) };
            // PostgreSQL: bookings of one desk go one after another from here (booking.repository.ts),
            // and what is read next is read after the lock: a repair that took the desk out of use
            // while this waited is seen.
            await repos.bookings.lockResource(body.deskId);
            const now = clock.now();
            const checks = await repos.deskBookings.readChecks({ companyId, userId, weekFrom, weekTo });
            const { bookable: desk } = checks.layoutVersion === kept.version ? kept : await bookingDesks.loadIn(repos, companyId, body.deskId, checks.layoutVersion);
            if (!desk) throw notFound('deskNotFound');
            if (!checks.isActive) throw notFound('deskBookingUserNotFound');
            await checkDeskAccess(trx, { companyId, mayBookDesks: checks.mayBookDesks, buildingId: desk.buildingId, date: body.date });
            // An assigned desk its owner released for the day is booked as any other (decision 0019, "Away days").
            const isReleased = desk.record.mode === 'assigned' && (await createDeskReleaseRepository(trx).isReleased(companyId, desk.id, body.date));
            const closed = deskClosedReason(desk.record, userId, checks.departmentId, isReleased);
            if (closed) throw refused(CLOSED_MESSAGES[closed], { number: desk.record.number });
            const { rules } = checks;
            const { startAt, endAt } = deskSlot(rules, body.date, body.part, desk.zone, body);
            slot = { number: desk.record.number, startAt, endAt };
            if (endAt <= now) throw refused('deskBookingPast');
            const today = toZoned(now, desk.zone).date;
            if (desk.record.mode === 'drop_in' && body.date !== today) throw refused('deskDropInToday', { number: desk.record.number });
            if (daysBetween(today, body.date) > rules.maxDaysAhead) throw refused('deskBookingTooFar', { days: rules.maxDaysAhead });
            if (endAt - startAt > rules.longestBookingMinutes * 60_000) throw refused('deskBookingTooLong', { hours: rules.longestBookingMinutes / 60 });
            if (rules.oneDeskPerPerson && checks.week.some((other) => other.startAt < endAt && other.endAt > startAt)) throw refused('deskBookingOneAtATime');
            const days = new Set([body.date, ...checks.week.map((other) => toZoned(other.startAt, desk.zone).date)]);
            if (rules.maxDaysPerWeek !== null && days.size > rules.maxDaysPerWeek) throw refused('deskBookingWeekFull', { days: rules.maxDaysPerWeek });
            const id = await repos.bookings.insertMeeting(
              {
                companyId,
                roomId: desk.id,
                hostUserId: userId,
                bookedByUserId: null,
                // A desk booking has no title of its own: views name the desk.
                title: '',
                startAt,
                endAt,
                status: 'confirmed',
                privacy: 'public',
                channel: 'console',
                remarks: null,
                noticeMinutes: null,
                reminderMinutes: null,
                approvalDeadlineAt: null,
              },
              now,
            );
            // Taking a drop-in desk is arriving at it: checked in at once.
            if (desk.record.mode === 'drop_in' && startAt <= now + DESK_CHECK_IN_EARLY_MS) await repos.deskBookings.checkIn(companyId, id, userId, now);
            const change: BookingChange = { kind: 'created', companyId, roomIds: [desk.id], reservationIds: [id], actorUserId: userId };
            await events.record(createOutboxRepository(trx), change);
            return { id, change };
          }),
        async () => new AppError(ReturnCode.CONFLICT, 'deskBookingTaken', { number: slot.number, start: localDateTime(slot.startAt, zone), end: localDateTime(slot.endAt, zone) }),
      );
      events.published(written.change);
      const [booking] = await toBooking(companyId, [(await deskBookings.findBooking(companyId, written.id))!]);
      return booking!;
    },

    /** The caller's desk bookings that have not ended. */
    async listMine(caller: { companyId: number; userId: number }): Promise<DeskBooking[]> {
      return toBooking(caller.companyId, await deskBookings.listMine(caller.companyId, caller.userId, clock.now()));
    },

    /** Cancels one of the caller's desk bookings that has not ended. */
    async cancel(caller: { companyId: number; userId: number }, id: number): Promise<DeskBooking> {
      const row = await getOwnBooking(caller.companyId, caller.userId, id);
      const now = clock.now();
      if (Number(row.end_at) <= now || !(await deskBookings.cancel(caller.companyId, id, caller.userId, now))) throw refused('deskBookingNotCancellable');
      await events.emit({ kind: 'cancelled', companyId: caller.companyId, roomIds: [row.resource_id], reservationIds: [id], actorUserId: caller.userId });
      const [booking] = await toBooking(caller.companyId, [(await deskBookings.findBooking(caller.companyId, id))!]);
      return booking!;
    },

    /**
     * The check-in by the desk's QR code (`deskId`): the caller's booking of that desk that holds now,
     * or starts within 15 minutes. Refused when the caller has none there.
     */
    async checkIn(caller: { companyId: number; userId: number }, deskId: number): Promise<DeskBooking> {
      const { companyId, userId } = caller;
      const desk = (await keptDesk(companyId, deskId)).bookable!;
      await checkDeskAccess(db, { companyId, mayBookDesks: await createDeskAccessRepository(db).mayBookDesks(companyId, userId), buildingId: desk.buildingId });
      const now = clock.now();
      const row = await deskBookings.bookingBetween(companyId, deskId, now, now + DESK_CHECK_IN_EARLY_MS);
      if (!row || row.host_user_id !== userId) throw refused('deskCheckInNoBooking', { number: desk.record.number });
      if (row.checked_in_at === null && !(await deskBookings.checkIn(companyId, row.id, userId, now))) throw refused('deskCheckInNoBooking', { number: desk.record.number });
      await events.emit({ kind: 'checkedIn', companyId, roomIds: [deskId], reservationIds: [row.id], actorUserId: userId });
      const [booking] = await toBooking(companyId, [(await deskBookings.findBooking(companyId, row.id))!]);
      return booking!;
    },

    /**
     * A floor's desks on a date (for the booking map and list): each desk as configured, why the caller
     * may not book it (null: they may, where its bookings leave room) and the bookings holding time that
     * day; the floor's neighbourhoods; the day's bounds and the last date bookable.
     */
    async availability(caller: { companyId: number; userId: number }, floorId: number, date: LocalDate): Promise<DeskAvailability> {
      const { companyId, userId } = caller;
      const layout = await bookingDesks.current(companyId);
      const zone = layout.zoneOf(floorId);
      if (zone === null) throw notFound('deskFloorNotFound');
      const [rules, departmentId, rows, configured, neighbourhoods, map, released, rooms] = await Promise.all([
        deskBookings.rules(companyId),
        deskBookings.departmentOf(companyId, userId),
        deskBookings.listOnFloor(companyId, floorId, fromZoned(date, '00:00', zone), fromZoned(addDays(date, 1), '00:00', zone)),
        desks.listDesks(companyId, floorId),
        desks.listNeighbourhoods(companyId, { floorId }),
        desks.findFloorMapInfo(companyId, floorId),
        createDeskReleaseRepository(db).releasedOnFloor(companyId, floorId, date),
        floorRooms.listOnFloor(companyId, floorId),
      ]);
      const bookable = new Map(layout.onFloor(floorId).map((desk) => [desk.id, desk]));
      const list = configured.flatMap((desk) => {
        const known = bookable.get(desk.id);
        if (!known) return [];
        const bookings = rows
          .filter((row) => row.resource_id === desk.id)
          .map((row) => ({ id: row.id, startAt: Number(row.start_at), endAt: Number(row.end_at), userName: row.user_name, isMine: row.host_user_id === userId }));
        const isReleased = released.has(desk.id);
        return [{ ...desk, closedReason: deskClosedReason(known.record, userId, departmentId, isReleased), isReleased, bookings }];
      });
      const day = deskSlot(rules, date, 'day', zone);
      const lastDate = addDays(toZoned(clock.now(), zone).date, rules.maxDaysAhead);
      return { date, timeZone: zone, dayStartAt: day.startAt, middayAt: deskSlot(rules, date, 'am', zone).endAt, dayEndAt: day.endAt, lastDate, neighbourhoods, map, rooms: rooms.filter((room) => room.position !== null).map(({ isAvailable: _, ...room }) => room), desks: list };
    },

    /** The company's floors that have desks, for the booking page's floor picker. */
    async floors(companyId: number): Promise<DeskFloor[]> {
      return (await desks.listFloors(companyId)).filter((floor) => floor.deskCount > 0);
    },

    /** The scheduled job: releases the desk bookings nobody checked in to within the rules' grace. Answers how many. */
    async releaseNoShows(): Promise<number> {
      const now = clock.now();
      let released = 0;
      for (const due of await deskBookings.dueNoShows(now, NO_SHOW_BATCH)) {
        if (!(await release(due.companyId, due.id, now))) continue;
        released++;
        await events.emit({ kind: 'released', companyId: due.companyId, roomIds: [due.deskId], reservationIds: [due.id], actorUserId: null });
      }
      return released;
    },

    rules(companyId: number): Promise<DeskRules> {
      return deskBookings.rules(companyId);
    },

    /** Saves the company's rules (bookings already made keep their time); the change is in the operation log. */
    async saveRules(actor: Actor, rules: DeskRules): Promise<DeskRules> {
      const before = await deskBookings.rules(actor.companyId);
      await operationLog.track(actor, { action: 'deskRules.update', targetType: 'company', targetId: actor.companyId, detail: { changes: changedFields(before, rules) } }, () =>
        deskBookings.saveRules(actor.companyId, rules, clock.now()),
      );
      return deskBookings.rules(actor.companyId);
    },
  };
}
