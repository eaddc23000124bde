import type { Kysely } from 'kysely';
import { withWriteTransaction } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import { createOutboxRepository } from '../../platform/outbox.repository.js';
import type { BookingChange, BookingEvents } from '../booking/booking.events.js';
import { createBookingRepository } from '../booking/engine/booking.repository.js';
import { createDeskBookingRepository, type DeskBookingRecord } from '../desk/desk-booking.repository.js';
import { deskClosedReason } from '../desk/desk-booking.service.js';
import type { NotificationService } from '../notification/notification.service.js';
import type { RoomLayout, RoomLayouts } from '../room/room-layout.js';
import { createRepairRepository } from './repair.repository.js';

/** A room taken out of use by a report stays so until the report is resolved: its disable period ends then. */
export const OUT_OF_USE_UNTIL = Date.UTC(9999, 11, 31);

/** The report as blocking needs it. */
export interface BlockingReport {
  id: number;
  companyId: number;
  /** The desk's or room's resource id, or the asset's id. */
  targetId: number;
  kind: 'desk' | 'room' | 'asset';
  title: string;
  roomDisablePeriodId: number | null;
}

/** What a pass over a blocked resource's bookings did: each booking moved (`to`) or cancelled (`to` null). */
interface Outcome {
  reservationId: number;
  hostUserId: number | null;
  startAt: number;
  endAt: number;
  from: number;
  to: number | null;
}

export interface RepairBlockingDeps {
  db: Kysely<DB>;
  events: BookingEvents;
  layouts: Pick<RoomLayouts, 'get'>;
  notifications: Pick<NotificationService, 'post'>;
  /** The asset module's repair state: an asset taken out of use is `in_repair`, given back `ready`. */
  assets: { setRepairState(companyId: number, assetId: number, inRepair: boolean): Promise<unknown> };
  clock: Clock;
}

export type RepairBlocking = ReturnType<typeof createRepairBlocking>;

/** Whether `desk` has all that `original` has (its equipment), so a booking moved there loses nothing. */
const hasAllOf = (desk: DeskBookingRecord, original: DeskBookingRecord) => original.equipment.every((item) => desk.equipment.includes(item));

/**
 * Taking a desk, room or asset out of use for a repair, and giving it back (decision 0019, "The repair
 * centre"). An asset goes `in_repair` through the asset module and back to `ready`. Out of use: a desk names the report (`desks.out_of_use_report_id`, a desk write that
 * raises the layout version every desk booking confirms), a room holds a disable period until the
 * report is resolved (the room booking's checks refuse it). Then each booking of it that has not
 * ended is moved to a comparable free desk or room, or cancelled: a desk on the same floor that the
 * person may book, with at least its equipment, in the same neighbourhood first; a room in the same
 * building with room for the meeting's people that needs no approval the original did not, on the
 * same floor first. Each move is the engine's change (recorded in the outbox in the transaction:
 * the meeting's people get the update or cancellation mail), and the desk's booker is told in the
 * console. Everything happens under the resource's lock (PostgreSQL; SQLite's write lock holds all
 * writers), and once more after the commit for a booking that was waiting for the lock.
 */
export function createRepairBlocking({ db, events, layouts, notifications, assets, clock }: RepairBlockingDeps) {
  /** The bookings of the report's resource that have not ended, moved or cancelled inside `trx`. */
  async function clear(trx: Kysely<DB>, report: BlockingReport, actorUserId: number | null, layout: RoomLayout): Promise<{ outcomes: Outcome[]; changes: BookingChange[] }> {
    const repairs = createRepairRepository(trx);
    const bookings = createBookingRepository(trx);
    const now = clock.now();
    const upcoming = await repairs.upcoming(report.companyId, report.targetId, now);
    if (upcoming.length === 0) return { outcomes: [], changes: [] };
    const choose = report.kind === 'desk' ? await deskChooser(trx, report) : roomChooser(trx, report, layout);
    const outcomes: Outcome[] = [];
    const changes: BookingChange[] = [];
    for (const booking of upcoming) {
      const startAt = Number(booking.start_at);
      const endAt = Number(booking.end_at);
      // A booking under way is moved from now on: the part already used stays where it was used.
      const from = Math.max(startAt, now);
      let to: number | null = null;
      // A booking of nobody's (its person deleted) has nobody to move it for: it is cancelled.
      const candidates = booking.host_user_id === null ? [] : await choose(booking.host_user_id, booking.id);
      // One read of which candidates are taken then; the one chosen is looked at again under its lock.
      const taken = await repairs.busy(report.companyId, candidates, from, endAt);
      for (const candidate of candidates.filter((id) => !taken.has(id))) {
        // PostgreSQL: the candidate's bookings go one after another from here; look again after the lock.
        await bookings.lockResource(candidate);
        if ((await repairs.busy(report.companyId, [candidate], from, endAt)).size > 0) continue;
        to = candidate;
        break;
      }
      if (to !== null) {
        await bookings.update(report.companyId, booking.id, { roomId: to, ...(booking.series_id !== null ? { isException: true } : {}) }, now);
      } else {
        await bookings.cancel(report.companyId, booking.id, now, { userId: actorUserId });
      }
      await repairs.addMove({ companyId: report.companyId, reportId: report.id, reservationId: booking.id, fromId: report.targetId, toId: to, at: now });
      const change: BookingChange =
        to !== null
          ? { kind: 'updated', companyId: report.companyId, roomIds: [report.targetId, to], reservationIds: [booking.id], actorUserId }
          : { kind: 'cancelled', companyId: report.companyId, roomIds: [report.targetId], reservationIds: [booking.id], actorUserId };
      await events.record(createOutboxRepository(trx), change);
      changes.push(change);
      outcomes.push({ reservationId: booking.id, hostUserId: booking.host_user_id, startAt, endAt, from: report.targetId, to });
    }
    return { outcomes, changes };
  }

  /** The desks a booking of the report's desk may move to, best first (for its booker). */
  async function deskChooser(trx: Kysely<DB>, report: BlockingReport) {
    const deskBookings = createDeskBookingRepository(trx);
    const records = await deskBookings.listDeskRecords(report.companyId);
    const original = records.find((desk) => desk.id === report.targetId);
    const sameFloor = original ? records.filter((desk) => desk.floorId === original.floorId && desk.id !== original.id && hasAllOf(desk, original)) : [];
    const departments = new Map<number, number | null>();
    return async (userId: number): Promise<number[]> => {
      if (!departments.has(userId)) departments.set(userId, await deskBookings.departmentOf(report.companyId, userId));
      const departmentId = departments.get(userId) ?? null;
      return sameFloor
        .filter((desk) => desk.mode !== 'drop_in' && deskClosedReason(desk, userId, departmentId) === null)
        .sort((a, b) => Number(b.neighbourhoodId === original!.neighbourhoodId) - Number(a.neighbourhoodId === original!.neighbourhoodId) || a.number.localeCompare(b.number, undefined, { numeric: true }))
        .map((desk) => desk.id);
    };
  }

  /** The rooms a meeting in the report's room may move to, best first. */
  function roomChooser(trx: Kysely<DB>, report: BlockingReport, layout: RoomLayout) {
    const repairs = createRepairRepository(trx);
    const original = layout.rooms.find((room) => room.id === report.targetId);
    if (!original) return async (): Promise<number[]> => [];
    const buildingOf = (nodeId: number | null) => (nodeId === null ? null : (layout.index.pathOf(nodeId).find((step) => step.level === 5)?.id ?? null));
    const building = buildingOf(original.id);
    const others = layout.rooms.filter(
      (room) => room.id !== original.id && room.isAvailable && (!room.needsApproval || original.needsApproval) && building !== null && buildingOf(room.id) === building,
    );
    return async (_userId: number, reservationId: number): Promise<number[]> => {
      const people = (await repairs.participantCount(report.companyId, reservationId)) + 1;
      return others
        .filter((room) => room.capacity >= people)
        .sort((a, b) => Number(b.floorId === original.floorId) - Number(a.floorId === original.floorId) || a.capacity - b.capacity)
        .map((room) => room.id);
    };
  }

  /** After the commit: the changes told, and each desk's booker told where their desk went. */
  async function tell(report: BlockingReport, outcomes: Outcome[], changes: BookingChange[], actorUserId: number | null): Promise<void> {
    for (const change of changes) events.published(change);
    if (report.kind !== 'desk' || outcomes.length === 0) return;
    const records = await createDeskBookingRepository(db).listDeskRecords(report.companyId);
    const numberOf = new Map(records.map((desk) => [desk.id, desk.number]));
    const layout = await layouts.get(report.companyId);
    const original = records.find((desk) => desk.id === report.targetId);
    const zone = original ? zoneOf(layout, original.floorId) : null;
    await notifications.post(
      outcomes.map((outcome) => ({
        companyId: report.companyId,
        event: outcome.to !== null ? ('deskMoved' as const) : ('deskCancelled' as const),
        actorUserId,
        userIds: [outcome.hostUserId],
        params: {
          title: numberOf.get(outcome.from) ?? '',
          place: outcome.to !== null ? (numberOf.get(outcome.to) ?? '') : (numberOf.get(outcome.from) ?? ''),
          startAt: outcome.startAt,
          endAt: outcome.endAt,
          zone,
          more: 0,
          by: null,
          reason: report.title,
          minutes: null,
        },
        link: '/deskeeper-reservation',
        reservationId: outcome.reservationId,
      })),
    );
  }

  const zoneOf = (layout: RoomLayout, floorId: number): string | null => {
    for (const step of [...layout.index.pathOf(floorId)].reverse()) if (step.timeZone) return step.timeZone;
    return null;
  };

  return {
    /**
     * Takes the report's desk or room out of use and moves or cancels its bookings ahead; answers
     * the room's disable period (null for a desk). Runs a second pass after the commit.
     */
    async block(report: BlockingReport, actorUserId: number | null): Promise<number | null> {
      // An asset has no bookings: it goes in repair (checked in from its holder first).
      if (report.kind === 'asset') {
        await assets.setRepairState(report.companyId, report.targetId, true);
        return null;
      }
      // The rooms as configured, read before the transaction (SQLite's one writer connection is the transaction's).
      const layout = await layouts.get(report.companyId);
      const first = await withWriteTransaction(db, async (trx) => {
        const repairs = createRepairRepository(trx);
        await createBookingRepository(trx).lockResource(report.targetId);
        const now = clock.now();
        let periodId: number | null = report.roomDisablePeriodId;
        if (report.kind === 'desk') {
          const [current] = await trx.selectFrom('desks').select('out_of_use_report_id').where('id', '=', report.targetId).execute();
          if (current && current.out_of_use_report_id === null) await repairs.setDeskOutOfUse(report.companyId, report.targetId, report.id, now);
        } else if (periodId === null) {
          periodId = await repairs.insertRoomDisablePeriod({ companyId: report.companyId, roomId: report.targetId, startAt: now, endAt: OUT_OF_USE_UNTIL, reason: report.title, userId: actorUserId ?? 0, now });
          await repairs.update(report.companyId, report.id, { roomDisablePeriodId: periodId }, now);
        }
        return { periodId, ...(await clear(trx, report, actorUserId, layout)) };
      });
      await tell(report, first.outcomes, first.changes, actorUserId);
      // A booking judged before the commit and waiting for the lock is inserted after it: a second look.
      const second = await withWriteTransaction(db, async (trx) => {
        await createBookingRepository(trx).lockResource(report.targetId);
        return clear(trx, report, actorUserId, layout);
      });
      await tell(report, second.outcomes, second.changes, actorUserId);
      return first.periodId;
    },

    /** Gives the desk or room back (unless another open report keeps it out of use). */
    async unblock(report: BlockingReport): Promise<void> {
      if (report.kind === 'asset') {
        const others = await createRepairRepository(db).otherBlocking(report.companyId, { assetId: report.targetId }, report.id);
        if (others.length === 0) await assets.setRepairState(report.companyId, report.targetId, false);
        return;
      }
      await withWriteTransaction(db, async (trx) => {
        const repairs = createRepairRepository(trx);
        const now = clock.now();
        if (report.kind === 'desk') {
          const [current] = await trx.selectFrom('desks').select('out_of_use_report_id').where('id', '=', report.targetId).execute();
          if (current?.out_of_use_report_id === report.id) {
            const [other] = await repairs.otherBlocking(report.companyId, { resourceId: report.targetId }, report.id);
            await repairs.setDeskOutOfUse(report.companyId, report.targetId, other?.id ?? null, now);
          }
        } else if (report.roomDisablePeriodId !== null) {
          await repairs.endRoomDisablePeriod(report.companyId, report.roomDisablePeriodId, now);
          await repairs.update(report.companyId, report.id, { roomDisablePeriodId: null }, now);
        }
      });
    },
  };
}
