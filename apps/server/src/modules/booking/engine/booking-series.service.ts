import {
  localDateTime,
  addDays,
  bookingRuleBreach,
  daysBetween,
  expandOccurrences,
  fromZoned,
  lastDateOf,
  renderMessage,
  RESERVATION_PAST_GRACE_MS,
  ReturnCode,
  toZoned,
  type BookingPreferences,
  type CreateReservationBody,
  type Lang,
  type Occurrence,
  type OccurrenceCheck,
  type OccurrenceConflict,
  type RepeatRule,
  type Reservation,
  type ReservationCheckResult,
  type ReservationScope,
  type ReservationStatus,
  type SeriesConflictResult,
  type SkippedOccurrence,
  type UpdateReservationBody,
} from '@atrium/contract';
import type { Repositories } from '../../../db/repositories.js';
import { MINUTE_MS } from '../../../platform/clock.js';
import { AppError, notFound, refused } from '../../../platform/errors.js';
import type { Bookable, VersionedBookable } from './bookable.js';
import type { BookingRoomRepositories } from './booking-rooms.js';
import { blacklistRefusal } from './booking-blacklist.js';
import { isOverlapViolation, type BookingRepository, type ParticipantRecord, type ParticipantValue, type ReservationRecord } from './booking.repository.js';
import type { BookingChange } from '../booking.events.js';
import type { Booker, BookingServiceDeps, TimeChecks } from './booking.types.js';

/** What the reservations core lends the series code (its checks and its way of presenting a meeting). */
export interface BookingCore {
  deps: BookingServiceDeps;
  timeZoneOf(companyId: number, roomId: number): Promise<string | null>;
  /** A bookable thing as the process keeps it (or as the database has it), before a transaction. */
  keptBookable(companyId: number, id: number, current?: boolean): Promise<VersionedBookable>;
  /** Inside a write transaction: `kept` confirmed by its version, read again when it moved; refuses when it is gone. */
  bookableIn(repos: BookingRoomRepositories, companyId: number, id: number, kept: VersionedBookable): Promise<Bookable>;
  getReservation(companyId: number, id: number, repository?: BookingRepository): Promise<ReservationRecord>;
  canSee(record: ReservationRecord, participants: ParticipantRecord[], userId: number): boolean;
  presentOne(booker: Booker, record: ReservationRecord): Promise<Reservation>;
  checkTimes(rules: BookingPreferences, startAt: number, endAt: number, options: TimeChecks): void;
  participantValues(repos: Pick<Repositories, 'bookings'>, booker: Booker, inputs: NonNullable<CreateReservationBody['participants']>): Promise<ParticipantValue[]>;
}

/** A request with its required fields present and the company's defaults filled in. */
export type CompleteReservationBody = CreateReservationBody & { roomId: number; title: string; startAt: number; endAt: number; privacy: NonNullable<CreateReservationBody['privacy']> };

export interface CreateAnswer {
  reservation: Reservation;
  pending: boolean;
  seriesId: number | null;
  booked: number;
  skipped: SkippedOccurrence[];
}

interface Slot extends Occurrence {
  /** Whether a start in the past refuses this slot (not for a running occurrence that keeps its start). */
  checkPast: boolean;
  /**
   * Whether the book-ahead limit applies: to the first occurrence only. The later ones are bounded by
   * the rule's own 180-day horizon from its first date, so a series that "never ends" and starts next
   * week still runs its 180 days. The other booking rules (length, bookable days and hours) hold for
   * every occurrence.
   */
  checkAhead: boolean;
}

interface Examined {
  slot: Slot;
  conflict: OccurrenceConflict | null;
  refusal: AppError | null;
}

const MAX_ATTEMPTS = 5;
const isRetryable = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
};
const isBlocked = (examined: Examined) => examined.conflict !== null || examined.refusal !== null;
const isActive = (status: ReservationStatus) => status === 'pending' || status === 'confirmed';

/** Whether a body asks for a repeating meeting. */
export function isRepeating(rule: RepeatRule | undefined): rule is RepeatRule {
  return rule !== undefined && rule.frequency !== 'none';
}

/** A rule moved by whole days (weekdays turn with it; `until` moves with it). */
function shiftRule(rule: RepeatRule, days: number): RepeatRule {
  if (days === 0) return rule;
  const turn = ((days % 7) + 7) % 7;
  return {
    ...rule,
    ...(rule.weekdays ? { weekdays: [...new Set(rule.weekdays.map((day) => (day + turn) % 7))].sort((a, b) => a - b) } : {}),
    ...(rule.until ? { until: addDays(rule.until, days) } : {}),
  };
}

/**
 * Repeating meetings: a series row holds the rule and the wall-clock pattern; each occurrence is an
 * ordinary reservation row (so the database's overlap guard judges every one of them), with its
 * series, its date in the series and whether it was changed on its own (an exception).
 */
export function createBookingSeries(core: BookingCore) {
  const { clock, writeTransact, events, bookings, bookingSeries } = core.deps;

  function occurrencesOf(startAt: number, endAt: number, zone: string, rule: RepeatRule | undefined): Occurrence[] {
    const start = toZoned(startAt, zone);
    if (!isRepeating(rule)) return [{ date: start.date, startAt, endAt }];
    return expandOccurrences({ firstDate: start.date, startTime: start.time, endTime: toZoned(endAt, zone).time, timeZone: zone, rule });
  }

  /** Every slot's clash (other than the rows in `exceptIds`) and other refusal, read in one go per room. */
  async function examine(
    repos: Pick<Repositories, 'bookings' | 'bookingSeries'>,
    booker: Booker,
    rules: BookingPreferences,
    room: Bookable,
    zone: string,
    slots: Slot[],
    exceptIds: ReadonlySet<number>,
  ): Promise<Examined[]> {
    if (slots.length === 0) return [];
    const from = Math.min(...slots.map((slot) => slot.startAt));
    const to = Math.max(...slots.map((slot) => slot.endAt));
    const active = (await repos.bookings.listActive(booker.companyId, room.id, from, to)).filter((record) => !exceptIds.has(record.id));
    const periods = await repos.bookings.disablePeriodsOverlapping(booker.companyId, room.id, from, to);
    const now = clock.now();
    const clashes = slots.map((slot) => active.find((record) => record.startAt < slot.endAt && record.endAt > slot.startAt) ?? null);
    const clashIds = [...new Set(clashes.flatMap((clash) => (clash ? [clash.id] : [])))];
    const participants = await repos.bookings.participantsOf(booker.companyId, clashIds);
    return slots.map((slot, index) => {
      const clash = clashes[index] ?? null;
      let refusal: AppError | null = null;
      const period = periods.find((p) => p.startAt < slot.endAt && p.endAt > slot.startAt);
      const breach = bookingRuleBreach(rules, { startAt: slot.startAt, endAt: slot.endAt, now, timeZone: zone, checkAhead: slot.checkAhead });
      if (slot.checkPast && slot.startAt < now - RESERVATION_PAST_GRACE_MS) refusal = refused('reservationInPast');
      else if (breach) refusal = refused(breach);
      else if (period) refusal = refused('reservationRoomDisabled', { start: localDateTime(period.startAt, zone), end: localDateTime(period.endAt, zone) });
      const conflict: OccurrenceConflict | null = clash
        ? {
            reservationId: clash.id,
            title: core.canSee(clash, participants.filter((p) => p.reservationId === clash.id), booker.userId) ? clash.title : null,
            startAt: clash.startAt,
            endAt: clash.endAt,
          }
        : null;
      return { slot, conflict, refusal };
    });
  }

  function toCheck(examined: Examined, lang: Lang): OccurrenceCheck {
    const { slot, conflict, refusal } = examined;
    return {
      date: slot.date,
      startAt: slot.startAt,
      endAt: slot.endAt,
      conflict,
      refusal: refusal ? renderMessage(refusal.messageKey, lang, refusal.params) : null,
    };
  }

  /** 409/1003 counting the occurrences that cannot be booked, listing them in `result.conflicts`. */
  function seriesConflict(all: Examined[], lang: Lang): AppError {
    const blocked = all.filter(isBlocked);
    const result: SeriesConflictResult = { conflicts: blocked.map((examined) => toCheck(examined, lang)) };
    return new AppError(ReturnCode.CONFLICT, 'reservationSeriesConflict', { count: blocked.length, total: all.length }, result);
  }

  /** A write transaction; a clash the database found after our reading (another process's commit) reruns it, so the answer lists it. */
  async function write<T>(fn: (repos: Repositories) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await writeTransact(fn);
      } catch (error) {
        if ((isOverlapViolation(error) || isRetryable(error)) && attempt < MAX_ATTEMPTS) continue;
        if (isOverlapViolation(error)) throw new AppError(ReturnCode.CONFLICT, 'reservationConflictUnknown', {}, { conflicts: [] });
        throw error;
      }
    }
  }

  /** The occurrences a scope reaches: not started yet (the chosen one too while it runs), from the chosen date on for 'following'. */
  function reach(all: ReservationRecord[], chosen: ReservationRecord, scope: ReservationScope): ReservationRecord[] {
    const now = clock.now();
    return all.filter(
      (record) =>
        isActive(record.status) &&
        record.hostUserId === chosen.hostUserId &&
        (record.startAt > now || (record.id === chosen.id && record.endAt > now)) &&
        (scope !== 'following' || (record.occurrenceDate ?? '') >= (chosen.occurrenceDate ?? '')),
    );
  }

  return {
    /** What booking the request would do, occurrence by occurrence; saves nothing. */
    async check(booker: Booker, body: CompleteReservationBody, rules: BookingPreferences, lang: Lang): Promise<ReservationCheckResult> {
      if (body.startAt >= body.endAt) throw refused('reservationStartAfterEnd');
      if (body.endAt - body.startAt > rules.maxMeetingMinutes * MINUTE_MS) throw refused('reservationTooLong', { minutes: rules.maxMeetingMinutes });
      const { bookable: room } = await core.keptBookable(booker.companyId, body.roomId, true);
      if (!room) throw notFound('roomNotFound');
      if (!room.isAvailable) throw refused('reservationRoomUnavailable');
      const zone = room.zone ?? 'UTC';
      const slots = occurrencesOf(body.startAt, body.endAt, zone, body.repeat).map((occurrence, index) => ({ ...occurrence, checkPast: true, checkAhead: index === 0 }));
      const examined = await examine({ bookings, bookingSeries }, booker, rules, room, zone, slots, new Set());
      return { occurrences: examined.map((one) => toCheck(one, lang)) };
    },

    /** Books a repeating meeting: all occurrences or nothing, or (bookFreeOnly) the free ones. */
    async create(booker: Booker, body: CompleteReservationBody & { repeat: RepeatRule }, kept: VersionedBookable, rules: BookingPreferences, lang: Lang): Promise<CreateAnswer> {
      const { companyId, userId } = booker;
      const zone = kept.bookable?.zone ?? 'UTC';
      const occurrences = occurrencesOf(body.startAt, body.endAt, zone, body.repeat);
      if (occurrences.length === 0) throw refused('reservationTimeRequired');
      const slots = occurrences.map((occurrence, index) => ({ ...occurrence, checkPast: true, checkAhead: index === 0 }));
      const first = toZoned(body.startAt, zone);
      const rule: RepeatRule = { ...body.repeat, until: body.repeat.until ?? null };
      const outcome = await write(async (repos) => {
        const room = await core.bookableIn(repos, companyId, body.roomId, kept);
        const barred = await repos.bookings.findBlacklistEntry(companyId, userId, clock.now());
        if (barred) throw blacklistRefusal(barred, zone);
        if (!room.isAvailable) throw refused('reservationRoomUnavailable');
        const examined = await examine(repos, booker, rules, room, zone, slots, new Set());
        const free = examined.filter((one) => !isBlocked(one));
        if (free.length === 0 || (free.length < examined.length && !body.bookFreeOnly)) throw seriesConflict(examined, lang);
        const participants = await core.participantValues(repos, booker, body.participants);
        const now = clock.now();
        const seriesId = await repos.bookingSeries.insert(
          { companyId, roomId: room.id, hostUserId: userId, rule, firstDate: first.date, startTime: first.time, endTime: toZoned(body.endAt, zone).time, timeZone: zone },
          now,
        );
        const status: ReservationStatus = room.needsApproval ? 'pending' : 'confirmed';
        const ids: number[] = [];
        for (const { slot } of free) {
          const id = await repos.bookings.insert(
            {
              companyId,
              roomId: room.id,
              hostUserId: userId,
              bookedByUserId: booker.delegateUserId ?? null,
              title: body.title,
              startAt: slot.startAt,
              endAt: slot.endAt,
              status,
              privacy: body.privacy,
              channel: booker.channel ?? 'console',
              remarks: body.remarks || null,
              seriesId,
              occurrenceDate: slot.date,
              noticeMinutes: body.noticeMinutes ?? null,
              reminderMinutes: body.reminderMinutes ?? null,
            },
            now,
          );
          await repos.bookings.replaceParticipants(companyId, id, participants);
          // A request under approval waits until the company's deadline, like a single one.
          if (status === 'pending') await repos.approvals.startClock(companyId, id, now);
          ids.push(id);
        }
        const skipped = examined.filter(isBlocked).map(({ slot }) => ({ date: slot.date, startAt: slot.startAt, endAt: slot.endAt }));
        const change: BookingChange = { kind: 'created', companyId, roomIds: [body.roomId], reservationIds: ids, actorUserId: userId, seriesId, ...(status === 'pending' ? { awaitingApproval: ids } : {}) };
        // Its invitations are written with it, and sent once it commits (the outbox).
        await events.record(repos.outbox, change);
        return { seriesId, ids, skipped, change };
      });
      events.published(outcome.change);
      const reservation = await core.presentOne(booker, await core.getReservation(companyId, outcome.ids[0]!));
      return { reservation, pending: reservation.status === 'pending', seriesId: outcome.seriesId, booked: outcome.ids.length, skipped: outcome.skipped };
    },

    /**
     * Changes this and the following occurrences (a new series from this one; the old one ends the
     * day before) or all occurrences not started yet. A new time or room moves every reached
     * occurrence to the new wall-clock pattern, except exceptions (changed on their own), which keep
     * their time and room and take the other changes. Every moved occurrence is checked at once.
     */
    async update(booker: Booker, body: UpdateReservationBody, before: ReservationRecord, lang: Lang): Promise<Reservation> {
      const { companyId } = booker;
      const seriesId = before.seriesId!;
      const scope = body.scope;
      const roomId = body.roomId ?? before.roomId;
      const startAt = body.startAt ?? before.startAt;
      const endAt = body.endAt ?? before.endAt;
      const moved = roomId !== before.roomId || startAt !== before.startAt || endAt !== before.endAt;
      // The room the occurrences are in or move to, judged like a new booking's (bookable.ts).
      const kept = await core.keptBookable(companyId, roomId);
      if (roomId !== before.roomId && !kept.bookable) throw notFound('roomNotFound');
      const rules = await core.deps.preferences.get(companyId);
      // The bookable days and hours are judged for every moved occurrence below.
      if (moved) core.checkTimes(rules, startAt, endAt, { checkPast: startAt !== before.startAt, timeZone: null });
      const oldZone = (await core.timeZoneOf(companyId, before.roomId)) ?? 'UTC';
      const zone = kept.bookable?.zone ?? 'UTC';
      const newStart = toZoned(startAt, zone);
      const newEnd = toZoned(endAt, zone);
      const dayShift = daysBetween(toZoned(before.startAt, oldZone).date, newStart.date);
      const endOffset = daysBetween(newStart.date, newEnd.date);

      const outcome = await write(async (repos) => {
        // Occurrences moved into a room with approval: they wait for a decision again.
        const awaiting: number[] = [];
        const chosen = await core.getReservation(companyId, before.id, repos.bookings);
        if (!isActive(chosen.status)) throw refused('reservationNotActive');
        const series = await repos.bookingSeries.find(companyId, seriesId);
        if (!series) throw refused('reservationNotActive');
        const reached = reach(await repos.bookings.listSeries(companyId, seriesId), chosen, scope);
        const movers = moved ? reached.filter((record) => record.id === chosen.id || !record.isException) : [];
        const plan = new Map<number, { startAt: number; endAt: number }>();
        for (const record of movers) {
          if (record.id === chosen.id) {
            plan.set(record.id, { startAt, endAt });
          } else {
            const date = addDays(record.occurrenceDate ?? toZoned(record.startAt, oldZone).date, dayShift);
            plan.set(record.id, { startAt: fromZoned(date, newStart.time, zone), endAt: fromZoned(addDays(date, endOffset), newEnd.time, zone) });
          }
        }
        const room = await core.bookableIn(repos, companyId, roomId, kept);
        if (movers.length > 0) {
          const barred = await repos.bookings.findBlacklistEntry(companyId, booker.userId, clock.now());
          if (barred) throw blacklistRefusal(barred, zone);
          if (!room.isAvailable) throw refused('reservationRoomUnavailable');
          const slots: Slot[] = movers.map((record) => {
            const target = plan.get(record.id)!;
            return { date: addDays(record.occurrenceDate ?? '', dayShift), ...target, checkPast: !(record.id === chosen.id && target.startAt === chosen.startAt), checkAhead: false };
          });
          const examined = await examine(repos, booker, rules, room, zone, slots, new Set(movers.map((record) => record.id)));
          if (examined.some(isBlocked)) throw seriesConflict(examined, lang);
        }
        const now = clock.now();
        // The series the reached occurrences belong to afterwards.
        let targetSeries = seriesId;
        const pattern = moved ? { startTime: newStart.time, endTime: newEnd.time, roomId, timeZone: zone } : {};
        const firstDate = addDays(scope === 'following' ? (chosen.occurrenceDate ?? series.firstDate) : series.firstDate, dayShift);
        if (scope === 'following') {
          const until = addDays(chosen.occurrenceDate ?? series.firstDate, -1);
          const newRule = shiftRule({ ...series.rule, until: lastDateOf(series.firstDate, series.rule) }, dayShift);
          targetSeries = await repos.bookingSeries.insert(
            { companyId, roomId: series.roomId, hostUserId: series.hostUserId, rule: newRule, firstDate, startTime: series.startTime, endTime: series.endTime, timeZone: series.timeZone, ...pattern },
            now,
          );
          await repos.bookingSeries.update(companyId, seriesId, { rule: { ...series.rule, until } }, now);
        } else {
          await repos.bookingSeries.update(companyId, seriesId, { ...pattern, firstDate, rule: shiftRule(series.rule, dayShift) }, now);
        }
        // Free the movers' old slots first, so occurrences moving onto each other's old times do not clash in passing.
        for (const record of movers) await repos.bookings.update(companyId, record.id, { status: 'cancelled' }, now);
        const status: ReservationStatus = room.needsApproval ? 'pending' : 'confirmed';
        const participants = body.participants !== undefined ? await core.participantValues(repos, booker, body.participants) : undefined;
        for (const record of reached) {
          const target = plan.get(record.id);
          await repos.bookings.update(
            companyId,
            record.id,
            {
              ...(target ? { roomId, startAt: target.startAt, endAt: target.endAt, status } : {}),
              ...(record.occurrenceDate && dayShift !== 0 ? { occurrenceDate: addDays(record.occurrenceDate, dayShift) } : {}),
              ...(targetSeries !== seriesId ? { seriesId: targetSeries } : {}),
              ...(body.title !== undefined ? { title: body.title } : {}),
              ...(body.privacy !== undefined ? { privacy: body.privacy } : {}),
              ...(body.remarks !== undefined ? { remarks: body.remarks || null } : {}),
              ...(body.noticeMinutes !== undefined ? { noticeMinutes: body.noticeMinutes } : {}),
              ...(body.reminderMinutes !== undefined ? { reminderMinutes: body.reminderMinutes } : {}),
            },
            now,
          );
          if (target && status === 'pending') {
            await repos.approvals.startClock(companyId, record.id, now);
            awaiting.push(record.id);
          }
          if (participants) await repos.bookings.replaceParticipants(companyId, record.id, participants);
        }
        const change: BookingChange = {
          kind: 'updated',
          companyId,
          roomIds: [...new Set([...reached.map((record) => record.roomId), roomId])],
          reservationIds: reached.map((record) => record.id),
          actorUserId: booker.userId,
          seriesId: targetSeries,
          ...(awaiting.length > 0 ? { awaitingApproval: awaiting } : {}),
        };
        await events.record(repos.outbox, change);
        return change;
      });
      events.published(outcome);
      return core.presentOne(booker, await core.getReservation(companyId, before.id));
    },

    /** Cancels this and the following, or all not started (and the chosen one while it runs); the series ends the day before the first cancelled one. */
    async cancel(booker: Booker, id: number, scope: ReservationScope): Promise<{ reservation: Reservation; count: number }> {
      const { companyId } = booker;
      const outcome = await writeTransact(async (repos) => {
        const chosen = await core.getReservation(companyId, id, repos.bookings);
        if (chosen.hostUserId !== booker.userId) throw new AppError(ReturnCode.NO_PERMISSION, 'reservationNotHost');
        if (!isActive(chosen.status)) throw refused('reservationNotActive');
        if (chosen.endAt <= clock.now()) throw refused('reservationEnded');
        const seriesId = chosen.seriesId!;
        const reached = reach(await repos.bookings.listSeries(companyId, seriesId), chosen, scope);
        const now = clock.now();
        for (const record of reached) await repos.bookings.cancel(companyId, record.id, now);
        const series = await repos.bookingSeries.find(companyId, seriesId);
        const dates = reached.flatMap((record) => (record.occurrenceDate ? [record.occurrenceDate] : [])).sort();
        if (series && dates.length > 0) {
          const until = addDays(dates[0]!, -1);
          const last = lastDateOf(series.firstDate, series.rule);
          if (until < last) await repos.bookingSeries.update(companyId, seriesId, { rule: { ...series.rule, until } }, now);
        }
        const change: BookingChange = { kind: 'cancelled', companyId, roomIds: [...new Set(reached.map((record) => record.roomId))], reservationIds: reached.map((record) => record.id), actorUserId: booker.userId, seriesId };
        await events.record(repos.outbox, change);
        return change;
      });
      events.published(outcome);
      return { reservation: await core.presentOne(booker, await core.getReservation(companyId, id)), count: outcome.reservationIds.length };
    },
  };
}
