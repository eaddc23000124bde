import {
  addDays,
  daysBetween,
  DESK_CLOSURE_DAYS_MAX,
  fromZoned,
  toZoned,
  type CreateDeskClosureBody,
  type DeskAccessDepartment,
  type DeskBookingAccess,
  type DeskClosure,
  type DeskClosureSaved,
  type DeskServiceBody,
  type UpdateDeskClosureBody,
} from '@atrium/contract';
import type { Kysely } from 'kysely';
import { withWriteTransaction } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import { notFound, refused } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mailer.js';
import { createOutboxRepository } from '../../platform/outbox.repository.js';
import type { BookingChange, BookingEvents } from '../booking/booking.events.js';
import { createBookingRepository } from '../booking/engine/booking.repository.js';
import type { NotificationService } from '../notification/notification.service.js';
import type { Actor, OperationLog } from '../operation-log/operation-log.service.js';
import { createDeskAccessRepository, type ClosableBooking, type DeskAccessRepository, type DeskClosureValues } from './desk-access.repository.js';
import { deskAssignedMail } from './desk-access.mails.js';
import type { BookingDesks, DeskLayoutView } from './desk-bookable.js';

export interface DeskAccessServiceDeps {
  db: Kysely<DB>;
  access: DeskAccessRepository;
  /** Each floor's and building's zone (the layout the desk booking keeps). */
  bookingDesks: Pick<BookingDesks, 'current'>;
  events: BookingEvents;
  notifications: Pick<NotificationService, 'post'>;
  mailer: Pick<Mailer, 'sendMany'>;
  operationLog: OperationLog;
  clock: Clock;
  /** The console's address, for the link in the owner's mail. */
  publicUrl: string;
}

export type DeskAccessService = ReturnType<typeof createDeskAccessService>;

/** A booking cancelled for a closure, to tell its person. */
interface Cancelled extends ClosableBooking {
  zone: string;
}

/**
 * Who may use desk booking and the days it is closed (decision 0019, "Desk access and closures"): the
 * department switch, closures of the company or one building that cancel the desk bookings in their
 * days through the engine (each a `cancelled` change in the outbox, the person told in the console),
 * and the message telling an assigned desk's owner it is theirs (console and mail).
 */
export function createDeskAccessService({ db, access, bookingDesks, events, notifications, mailer, operationLog, clock, publicUrl }: DeskAccessServiceDeps) {
  /** Checks a closure's building and length. */
  async function checkClosure(companyId: number, body: CreateDeskClosureBody): Promise<DeskClosureValues> {
    if (body.buildingId !== null && !(await access.buildingExists(companyId, body.buildingId))) throw notFound('deskClosureBuildingNotFound');
    if (daysBetween(body.firstDate, body.lastDate) + 1 > DESK_CLOSURE_DAYS_MAX) throw refused('deskClosureTooLong', { days: DESK_CLOSURE_DAYS_MAX });
    return { buildingId: body.buildingId, firstDate: body.firstDate, lastDate: body.lastDate, name: body.name };
  }

  /**
   * Cancels, inside `trx`, the desk bookings of the closure's scope that overlap its days (each
   * building's own days) and have not ended; records each as the engine's change.
   */
  async function cancelIn(trx: Kysely<DB>, layout: DeskLayoutView, companyId: number, closure: DeskClosureValues, actorUserId: number): Promise<{ cancelled: Cancelled[]; changes: BookingChange[] }> {
    const now = clock.now();
    // Every zone is within a day of UTC: read the widest bounds, keep each booking within its building's days.
    const wideFrom = fromZoned(closure.firstDate, '00:00', 'UTC') - 86_400_000;
    const wideTo = fromZoned(addDays(closure.lastDate, 1), '00:00', 'UTC') + 86_400_000;
    const candidates = await createDeskAccessRepository(trx).bookingsBetween(companyId, closure.buildingId, wideFrom, wideTo, now);
    const bookings = createBookingRepository(trx);
    const outbox = createOutboxRepository(trx);
    const cancelled: Cancelled[] = [];
    const changes: BookingChange[] = [];
    for (const booking of candidates) {
      const zone = layout.zoneOf(booking.floorId) ?? 'UTC';
      const from = fromZoned(closure.firstDate, '00:00', zone);
      const to = fromZoned(addDays(closure.lastDate, 1), '00:00', zone);
      if (booking.startAt >= to || booking.endAt <= from) continue;
      await bookings.lockResource(booking.deskId);
      await bookings.cancel(companyId, booking.id, now, { userId: actorUserId });
      const change: BookingChange = { kind: 'cancelled', companyId, roomIds: [booking.deskId], reservationIds: [booking.id], actorUserId };
      await events.record(outbox, change);
      changes.push(change);
      cancelled.push({ ...booking, zone });
    }
    return { cancelled, changes };
  }

  /** After the commit: the changes published, each booking's person told in the console. */
  async function tell(companyId: number, name: string, actorUserId: number, outcome: { cancelled: Cancelled[]; changes: BookingChange[] }): Promise<void> {
    for (const change of outcome.changes) events.published(change);
    if (outcome.cancelled.length === 0) return;
    await notifications.post(
      outcome.cancelled.map((booking) => ({
        companyId,
        event: 'deskClosure' as const,
        actorUserId,
        userIds: [booking.hostUserId],
        params: { title: booking.deskNumber, place: booking.deskNumber, startAt: booking.startAt, endAt: booking.endAt, zone: booking.zone, more: 0, by: null, reason: name, minutes: null },
        link: '/deskeeper-reservation',
        reservationId: booking.id,
      })),
    );
  }

  /** Saves a closure (a new one when `id` is absent) and cancels the bookings in its days; a second pass after the commit takes a booking that waited for a lock. */
  async function saveClosure(actor: Actor, id: number | undefined, values: DeskClosureValues): Promise<DeskClosureSaved> {
    // The zones, read before the transaction (SQLite's one writer connection is the transaction's).
    const layout = await bookingDesks.current(actor.companyId);
    const first = await withWriteTransaction(db, async (trx) => {
      const repo = createDeskAccessRepository(trx);
      const now = clock.now();
      const savedId = id === undefined ? await repo.insertClosure(actor.companyId, values, actor.userId, now) : (await repo.updateClosure(actor.companyId, id, values, now), id);
      return { savedId, ...(await cancelIn(trx, layout, actor.companyId, values, actor.userId)) };
    });
    await tell(actor.companyId, values.name, actor.userId, first);
    const second = await withWriteTransaction(db, (trx) => cancelIn(trx, layout, actor.companyId, values, actor.userId));
    await tell(actor.companyId, values.name, actor.userId, second);
    return { closure: (await access.findClosure(actor.companyId, first.savedId))!, cancelled: first.cancelled.length + second.cancelled.length };
  }

  /** Today in the company: the earliest of its buildings' todays is never later than UTC's yesterday. */
  const companyYesterday = () => addDays(toZoned(clock.now(), 'UTC').date, -1);

  return {
    /** The company's departments with their desk booking switch, in tree order, each with its path. */
    async departments(companyId: number): Promise<DeskAccessDepartment[]> {
      const rows = await access.listDepartments(companyId);
      const byId = new Map(rows.map((row) => [row.id, row]));
      const pathOf = (row: (typeof rows)[number]): string => {
        const names = [row.name];
        const seen = new Set([row.id]);
        for (let parent = row.parentId === null ? undefined : byId.get(row.parentId); parent && !seen.has(parent.id); parent = parent.parentId === null ? undefined : byId.get(parent.parentId)) {
          seen.add(parent.id);
          names.unshift(parent.name);
        }
        return names.join(' / ');
      };
      // Tree order: each department right after its parent, siblings in the rows' order (the tree's sort order).
      const children = new Map<number | null, typeof rows>();
      for (const row of rows) {
        const parent = row.parentId !== null && byId.has(row.parentId) ? row.parentId : null;
        children.set(parent, [...(children.get(parent) ?? []), row]);
      }
      const ordered: typeof rows = [];
      const placed = new Set<number>();
      const place = (row: (typeof rows)[number]) => {
        if (placed.has(row.id)) return;
        placed.add(row.id);
        ordered.push(row);
        for (const child of children.get(row.id) ?? []) place(child);
      };
      for (const row of children.get(null) ?? []) place(row);
      // A department caught in a loop of parents (never written by the console) still shows, at the end.
      for (const row of rows) place(row);
      return ordered.map((row) => ({ id: row.id, name: row.name, parentId: row.parentId, path: pathOf(row), memberCount: row.memberCount, deskBookingEnabled: row.isEnabled }));
    },

    /** Turns desk booking on or off for departments of the company (another company's, or an unknown one, refuses all: 404). */
    async setService(actor: Actor, body: DeskServiceBody): Promise<{ updated: number }> {
      const ids = [...new Set(body.departmentIds)];
      const found = await access.findDepartments(actor.companyId, ids);
      if (found.length !== ids.length) throw notFound('deskServiceDepartmentNotFound');
      await operationLog.track(
        actor,
        { action: 'deskService.update', targetType: 'group', targetId: ids.length === 1 ? ids[0]! : null, targetName: found.map((row) => row.name).join(', '), detail: { departments: ids, enabled: body.enabled } },
        () => access.setDeskBooking(actor.companyId, ids, body.enabled),
      );
      return { updated: ids.length };
    },

    /** The company's closures, soonest first: those not over yet, or all with `past`. */
    listClosures(companyId: number, past: boolean): Promise<DeskClosure[]> {
      return access.listClosures(companyId, past ? null : companyYesterday());
    },

    /** Adds a closure and cancels the desk bookings in its days (their people told); answers how many. */
    async createClosure(actor: Actor, body: CreateDeskClosureBody): Promise<DeskClosureSaved> {
      const values = await checkClosure(actor.companyId, body);
      return operationLog.track(
        actor,
        (saved: DeskClosureSaved | undefined) => ({
          action: 'deskClosure.create',
          targetType: 'deskClosure',
          targetId: saved?.closure.id ?? null,
          targetName: values.name,
          detail: { buildingId: values.buildingId, firstDate: values.firstDate, lastDate: values.lastDate, cancelled: saved?.cancelled ?? 0 },
        }),
        () => saveClosure(actor, undefined, values),
      );
    },

    /** Changes a closure; bookings in its new scope and days are cancelled (a narrower one gives nothing back). */
    async updateClosure(actor: Actor, body: UpdateDeskClosureBody): Promise<DeskClosureSaved> {
      if (!(await access.findClosure(actor.companyId, body.id))) throw notFound('deskClosureNotFound');
      const values = await checkClosure(actor.companyId, body);
      return operationLog.track(
        actor,
        (saved: DeskClosureSaved | undefined) => ({
          action: 'deskClosure.update',
          targetType: 'deskClosure',
          targetId: body.id,
          targetName: values.name,
          detail: { buildingId: values.buildingId, firstDate: values.firstDate, lastDate: values.lastDate, cancelled: saved?.cancelled ?? 0 },
        }),
        () => saveClosure(actor, body.id, values),
      );
    },

    async deleteClosure(actor: Actor, id: number): Promise<void> {
      const closure = await access.findClosure(actor.companyId, id);
      if (!closure) throw notFound('deskClosureNotFound');
      await operationLog.track(
        actor,
        { action: 'deskClosure.delete', targetType: 'deskClosure', targetId: id, targetName: closure.name, detail: { firstDate: closure.firstDate, lastDate: closure.lastDate } },
        () => access.deleteClosure(actor.companyId, id),
      );
    },

    /** For the booking page: whether the caller may book desks, and the closures of the floor's building from its today on. */
    async bookingAccess(caller: { companyId: number; userId: number }, floorId: number | undefined): Promise<DeskBookingAccess> {
      const canBook = await access.mayBookDesks(caller.companyId, caller.userId);
      if (floorId === undefined) return { canBook, closures: [] };
      const zone = (await bookingDesks.current(caller.companyId)).zoneOf(floorId);
      if (zone === null) throw notFound('deskFloorNotFound');
      const building = await access.buildingOf(caller.companyId, floorId);
      const closures = await access.closuresOf(caller.companyId, building, toZoned(clock.now(), zone).date, true);
      return { canBook, closures: closures.map(({ id, firstDate, lastDate, name }) => ({ id, firstDate, lastDate, name })) };
    },

    /**
     * Tells each assigned desk's owner (the person, or every active member of the owning department)
     * that the desk is theirs: a console notification and a mail (kept in the outbox). Desks not
     * assigned are skipped; another company's or an unknown desk refuses all (404). Answers how many
     * people were told.
     */
    async tellOwners(companyId: number, actorUserId: number | null, deskIds: number[]): Promise<{ told: number }> {
      const ids = [...new Set(deskIds)];
      const desks = await access.assignedDesks(companyId, ids);
      if (desks.length !== ids.length) throw notFound('deskNotFound');
      const assigned = desks.filter((desk) => desk.mode === 'assigned' && (desk.assigned_user_id !== null || desk.assigned_department_id !== null));
      const people = await access.activePeople(
        companyId,
        assigned.flatMap((desk) => (desk.assigned_user_id === null ? [] : [desk.assigned_user_id])),
        assigned.flatMap((desk) => (desk.assigned_department_id === null ? [] : [desk.assigned_department_id])),
      );
      const link = `${publicUrl.replace(/\/$/, '')}/deskeeper-reservation`;
      const told = new Set<number>();
      const mails = [];
      const posts = [];
      for (const desk of assigned) {
        const owners = people.filter((person) => person.id === desk.assigned_user_id || (desk.assigned_department_id !== null && person.department_id === desk.assigned_department_id));
        const floor = [desk.building_name, desk.floor_name].filter(Boolean).join(' · ');
        for (const owner of owners) {
          told.add(owner.id);
          if (owner.email) mails.push({ companyId, event: 'deskAssigned' as const, actorUserId, to: owner.email, ...deskAssignedMail({ personName: owner.full_name, number: desk.number, floor, link }) });
        }
        posts.push({
          companyId,
          event: 'deskAssigned' as const,
          // The owner is told even when they assigned the desk themselves.
          actorUserId: null,
          userIds: owners.map((owner) => owner.id),
          params: { title: desk.number, place: floor, startAt: 0, endAt: 0, zone: null, more: 0, by: null, reason: null, minutes: null },
          link: '/deskeeper-reservation',
          reservationId: null,
        });
      }
      if (posts.length > 0) await notifications.post(posts);
      if (mails.length > 0) await mailer.sendMany(mails);
      return { told: told.size };
    },
  };
}
