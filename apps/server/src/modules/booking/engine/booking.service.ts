import {
  localDateTime,
  bookingRuleBreach,
  RESERVATION_LIST_MAX_DAYS,
  RESERVATION_PAST_GRACE_MS,
  RESERVATION_RESTORE_WINDOW_MS,
  ReturnCode,
  type BookingPreferences,
  type CancelReservationBody,
  type CreateReservationBody,
  type RepeatRule,
  type ReservationCheckResult,
  type Reservation,
  type ReservationConflict,
  type ReservationList,
  type ReservationListQuery,
  type ReservationParticipantInput,
  type ReservationStatus,
  type UpdateReservationBody,
} from '@atrium/contract';
import type { Repositories } from '../../../db/repositories.js';
import type { BookingChangeRepositories } from './booking-change.js';
import { DAY_MS, HOUR_MS } from '../../../platform/clock.js';
import { AppError, notFound, refused } from '../../../platform/errors.js';
import type { RoomRecord } from '../../room/room.repository.js';
import type { Bookable, VersionedBookable } from './bookable.js';
import type { BookingRoomRepositories } from './booking-rooms.js';
import { blacklistRefusal } from './booking-blacklist.js';
import type { BookingChange } from '../booking.events.js';
import { newMeetingRecord, noticeDefaultsOf, participantRecordsOf, participantValuesOf, requestedParticipants } from './booking-create.js';
import { createBookingSeries, isRepeating, type CompleteReservationBody, type CreateAnswer } from './booking-series.service.js';
import { withBookingAttempts } from './booking-attempts.js';
import { type BookingRepository, type NewMeeting, type ParticipantRecord, type ParticipantValue, type ReservationRecord } from './booking.repository.js';
import { isMeetingVisibleTo } from '../booking.policy.js';
import { presentMeeting as present, presentRoom, type PresentMode, type PresentRoom } from '../booking.presenter.js';
import type { Booker, BookingServiceDeps, NoticeDefaults, TimeChecks } from './booking.types.js';
import { roomTimeZone } from '../../room/room-layout.js';

export type BookingService = ReturnType<typeof createBookingService>;

/** The reservations core: create, read, list, change and cancel meetings that never collide. */
export function createBookingService(deps: BookingServiceDeps) {
  const { bookings, rooms, locations, changeTransact, bookingWriteTransact, bookingRooms, clock, events, shares, preferences, noticeDefaults } = deps;

  /**
   * Who a meeting's change is made as: the host themself, or, for an editor or manager of the
   * host's calendar, the host (with the delegate recorded). Anyone else is refused with `refusal`.
   */
  async function actingFor(booker: Booker, hostUserId: number | null, refusal: 'reservationNotHost' | 'reservationNotDelegate'): Promise<Booker> {
    if (hostUserId === booker.userId) return booker;
    const level = hostUserId === null ? null : await shares.levelOf(booker.companyId, hostUserId, booker.userId);
    if (hostUserId === null || (level !== 'editor' && level !== 'manager')) throw new AppError(ReturnCode.NO_PERMISSION, refusal);
    return { ...booker, userId: hostUserId, delegateUserId: booker.userId };
  }

  /** The hosts whose meetings the viewer may change besides their own. */
  const delegatingTo = async (booker: Booker): Promise<ReadonlySet<number>> =>
    booker.userId === 0 ? new Set() : new Set(await shares.ownersDelegating(booker.companyId, booker.delegateUserId ?? booker.userId));
  async function timeZoneOf(companyId: number, roomId: number): Promise<string | null> {
    return roomTimeZone(await locations.loadIndex(companyId), roomId);
  }

  async function getRoom(companyId: number, roomId: number): Promise<RoomRecord> {
    const room = await rooms.findRoom(companyId, roomId);
    if (!room) throw notFound('roomNotFound');
    return room;
  }

  /**
   * A bookable thing as this process knows it (no statement) or, when it knows nothing of the
   * company yet, as the database has it now; `bookable` null when there is no such thing. Create,
   * move, edit and series all start here, and confirm it inside their transaction (`bookableIn`).
   * `current`: as the database has it now, for an answer no transaction confirms (a series check).
   */
  async function keptBookable(companyId: number, id: number, current = false): Promise<VersionedBookable> {
    return (current ? undefined : bookingRooms.known(companyId, id)) ?? (await bookingRooms.load(companyId, id));
  }

  /**
   * Inside a write transaction: the layout version confirmed (one primary-key read), and the thing
   * read again through the transaction only when the version moved since `kept` (it may be gone,
   * closed, or need approval now). Its availability, approval and zone are judged from the answer.
   */
  async function bookableIn(repos: BookingRoomRepositories, companyId: number, id: number, kept: VersionedBookable): Promise<Bookable> {
    const version = await bookingRooms.versionIn(repos, companyId);
    const { bookable } = version === kept.version ? kept : await bookingRooms.loadIn(repos, companyId, id, version);
    if (!bookable) throw notFound('roomNotFound');
    return bookable;
  }

  async function getReservation(companyId: number, id: number, repository: BookingRepository = bookings): Promise<ReservationRecord> {
    const record = await repository.find(companyId, id);
    if (!record) throw notFound('reservationNotFound');
    return record;
  }

  /** Whether the viewer sees the title, remarks and participants. */
  const canSee = isMeetingVisibleTo;

  async function presentOne(booker: Booker, record: ReservationRecord): Promise<Reservation> {
    const room = await getRoom(booker.companyId, record.roomId);
    const participants = await bookings.participantsOf(booker.companyId, [record.id]);
    return present(record, participants, presentRoom(room, await timeZoneOf(booker.companyId, record.roomId)), booker.userId, 'normal', await delegatingTo(booker));
  }

  /** The time rules of a meeting (spec 001 section 5 and the core's limits). */
  function checkTimes(rules: BookingPreferences, startAt: number, endAt: number, options: TimeChecks) {
    if (startAt >= endAt) throw refused('reservationStartAfterEnd');
    const now = clock.now();
    if (options.checkPast && startAt < now - RESERVATION_PAST_GRACE_MS) throw refused('reservationInPast');
    const breach = bookingRuleBreach(rules, { startAt, endAt, now, timeZone: options.timeZone, checkAhead: true });
    if (breach) throw refused(breach);
  }

  /** The booker may book (not barred by the blacklist), and the room can be booked for [startAt, endAt): available and not in a disable (maintenance) period. */
  async function checkRoomBookable(repos: Pick<Repositories, 'bookings'>, companyId: number, room: Bookable, zone: string | null, startAt: number, endAt: number, bookerUserId: number) {
    const barred = await repos.bookings.findBlacklistEntry(companyId, bookerUserId, clock.now());
    if (barred) throw blacklistRefusal(barred, zone);
    if (!room.isAvailable) throw refused('reservationRoomUnavailable');
    const period = await repos.bookings.findDisablePeriodOverlapping(companyId, room.id, startAt, endAt);
    if (period) {
      throw refused('reservationRoomDisabled', { start: localDateTime(period.startAt, zone), end: localDateTime(period.endAt, zone) });
    }
  }

  /** Participants, deduplicated, with colleagues checked in the caller's company (the host is implied). */
  async function participantValues(repos: Pick<Repositories, 'bookings'>, booker: Booker, inputs: ReservationParticipantInput[]): Promise<ParticipantValue[]> {
    const userIds = [...new Set(inputs.flatMap((p) => ('userId' in p ? [p.userId] : [])))].filter((id) => id !== booker.userId);
    const emails = [...new Set(inputs.flatMap((p) => ('email' in p ? [p.email] : [])))];
    const existing = await repos.bookings.existingUserIds(booker.companyId, userIds);
    if (userIds.some((id) => !existing.has(id))) throw notFound('reservationParticipantNotFound');
    return [...userIds.map((userId) => ({ userId })), ...emails.map((email) => ({ email }))];
  }

  /** A 409 naming the clashing meeting as far as the caller may see it. */
  async function conflictError(booker: Booker, roomId: number, startAt: number, endAt: number, exceptId?: number): Promise<AppError> {
    const zone = await timeZoneOf(booker.companyId, roomId);
    const [clash] = await bookings.listActive(booker.companyId, roomId, startAt, endAt, exceptId);
    if (!clash) {
      const result: ReservationConflict = { reservationId: null, startAt: null, endAt: null, title: null, timeZone: zone };
      return new AppError(ReturnCode.CONFLICT, 'reservationConflictUnknown', {}, result);
    }
    const participants = await bookings.participantsOf(booker.companyId, [clash.id]);
    const visible = canSee(clash, participants, booker.userId);
    const params = { start: localDateTime(clash.startAt, zone), end: localDateTime(clash.endAt, zone) };
    const result: ReservationConflict = { reservationId: clash.id, startAt: clash.startAt, endAt: clash.endAt, title: visible ? clash.title : null, timeZone: zone };
    return visible
      ? new AppError(ReturnCode.CONFLICT, 'reservationConflict', { ...params, title: clash.title }, result)
      : new AppError(ReturnCode.CONFLICT, 'reservationConflictBusy', params, result);
  }

  /**
   * Runs a booking write; the database refuses an overlap (exclusion constraint or trigger) and
   * the refusal becomes a 409. Transactions PostgreSQL ends as deadlock victims are retried.
   */
  async function guardedWrite<T>(booker: Booker, slot: () => { roomId: number; startAt: number; endAt: number; exceptId?: number }, write: (repos: BookingChangeRepositories) => Promise<T>): Promise<T> {
    return withBookingAttempts(
      () => changeTransact(write),
      () => {
        const { roomId, startAt, endAt, exceptId } = slot();
        return conflictError(booker, roomId, startAt, endAt, exceptId);
      },
    );
  }

  /** Room, title and times are required (spec 001 section 5), each with its own message. */
  /** A request with its required fields present, and the company's defaults where it leaves privacy, reminder or notice out. */
  function complete(body: CreateReservationBody, defaults: { defaultPrivacy: BookingPreferences['defaultPrivacy'] } & NoticeDefaults): CompleteReservationBody {
    if (!body.roomId) throw refused('reservationRoomRequired');
    if (!body.title) throw refused('reservationTitleRequired');
    if (body.startAt === undefined || body.startAt === null || body.endAt === undefined || body.endAt === null) throw refused('reservationTimeRequired');
    return {
      ...body,
      roomId: body.roomId,
      title: body.title,
      startAt: body.startAt,
      endAt: body.endAt,
      privacy: body.privacy ?? defaults.defaultPrivacy,
      reminderMinutes: body.reminderMinutes === undefined ? defaults.reminderMinutes : body.reminderMinutes,
      noticeMinutes: body.noticeMinutes === undefined ? defaults.noticeMinutes : body.noticeMinutes,
    };
  }

  // Repeating meetings (booking-series.service.ts) use the same checks and presentation.
  const series = createBookingSeries({ deps, timeZoneOf, keptBookable, bookableIn, getReservation, canSee, presentOne, checkTimes, participantValues });

  /** A repeating meeting (booking-series.service.ts): its rules and defaults read first, then every occurrence judged. */
  async function createSeries(caller: Booker, body: CreateReservationBody & { repeat?: RepeatRule }): Promise<CreateAnswer> {
    // Read before the write transaction: inside it, only its own handle may be used (SQLite has one connection).
    const [rules, defaults] = await Promise.all([preferences.get(caller.companyId), noticeDefaults(caller.companyId)]);
    const full = complete(body, { ...rules, ...defaults });
    // On a colleague's behalf: they host it, the caller is recorded as who booked.
    const booker = body.hostUserId === undefined ? caller : await actingFor(caller, body.hostUserId, 'reservationNotDelegate');
    const kept = await keptBookable(booker.companyId, full.roomId);
    if (!kept.bookable) throw notFound('roomNotFound');
    // A series judges the bookable days and hours occurrence by occurrence.
    checkTimes(rules, full.startAt, full.endAt, { checkPast: true, timeZone: null });
    return series.create(booker, { ...full, repeat: body.repeat! }, kept, rules, booker.lang ?? 'en-US');
  }

  /**
   * One meeting, in the fewest statements (booking-create.ts): the room from this process's memory,
   * then one write transaction that reads everything it checks in one statement (the layout
   * version that proves the room current, the rules, the notification defaults, the blacklist, a
   * disable period, the colleagues), inserts the meeting with its approval clock, its participants
   * and its outbox row; the answer is made from the values written.
   */
  async function createMeeting(caller: Booker, body: CreateReservationBody): Promise<CreateAnswer> {
    if (!body.roomId) throw refused('reservationRoomRequired');
    if (!body.title) throw refused('reservationTitleRequired');
    if (body.startAt === undefined || body.startAt === null || body.endAt === undefined || body.endAt === null) throw refused('reservationTimeRequired');
    const { roomId, startAt, endAt } = { roomId: body.roomId, startAt: body.startAt, endAt: body.endAt };
    // On a colleague's behalf: they host it, the caller is recorded as who booked.
    const booker = body.hostUserId === undefined ? caller : await actingFor(caller, body.hostUserId, 'reservationNotDelegate');
    const { companyId } = booker;
    const kept = await keptBookable(companyId, roomId);
    if (!kept.bookable) throw notFound('roomNotFound');
    if (startAt >= endAt) throw refused('reservationStartAfterEnd');
    if (startAt < clock.now() - RESERVATION_PAST_GRACE_MS) throw refused('reservationInPast');
    const requested = requestedParticipants(booker.userId, body.participants);
    const participants = participantValuesOf(requested);
    const users = [booker.userId, ...(booker.delegateUserId === undefined ? [] : [booker.delegateUserId]), ...requested.userIds];
    const written = await withBookingAttempts(
      () =>
        bookingWriteTransact(async (repos) => {
          const now = clock.now();
          const checks = await repos.bookings.readBookingChecks({ companyId, roomId, hostUserId: booker.userId, now, startAt, endAt, userIds: users });
          // The layout changed since the room was kept: read it again (it may be gone, or closed).
          const { bookable: room } = checks.layoutVersion === kept.version ? kept : await bookingRooms.loadIn(repos, companyId, roomId, checks.layoutVersion);
          if (!room) throw notFound('roomNotFound');
          const full = complete(body, { ...checks.rules, ...noticeDefaultsOf(checks.noticeConfig) });
          const breach = bookingRuleBreach(checks.rules, { startAt, endAt, now, timeZone: room.zone ?? 'UTC', checkAhead: true });
          if (breach) throw refused(breach);
          // A refusal reads what it names (the entry, the period); a booking that passes never does.
          const barred = checks.isBarred ? await repos.bookings.findBlacklistEntry(companyId, booker.userId, now) : undefined;
          if (barred) throw blacklistRefusal(barred, room.zone);
          if (!room.isAvailable) throw refused('reservationRoomUnavailable');
          const period = checks.isDisabled ? await repos.bookings.findDisablePeriodOverlapping(companyId, roomId, startAt, endAt) : undefined;
          if (period) throw refused('reservationRoomDisabled', { start: localDateTime(period.startAt, room.zone), end: localDateTime(period.endAt, room.zone) });
          if (requested.userIds.some((id) => !checks.users.get(id)?.isActive)) throw notFound('reservationParticipantNotFound');
          // A request waits for a decision until the company's approval deadline (booking-approval.service.ts).
          const status = room.needsApproval ? 'pending' : 'confirmed';
          const meeting: NewMeeting = {
            companyId,
            roomId,
            hostUserId: booker.userId,
            bookedByUserId: booker.delegateUserId ?? null,
            title: full.title,
            startAt,
            endAt,
            status,
            privacy: full.privacy,
            channel: booker.channel ?? 'console',
            remarks: body.remarks || null,
            noticeMinutes: full.noticeMinutes ?? null,
            reminderMinutes: full.reminderMinutes ?? null,
            approvalDeadlineAt: status === 'pending' ? now + checks.approvalDeadlineHours * HOUR_MS : null,
          };
          const id = await repos.bookings.insertMeeting(meeting, now);
          await repos.bookings.insertParticipants(companyId, id, participants);
          const change: BookingChange = { kind: 'created', companyId, roomIds: [roomId], reservationIds: [id], actorUserId: booker.userId, ...(status === 'pending' ? { awaitingApproval: [id] } : {}) };
          // Its invitations are written with it, and sent once it commits (the outbox).
          await events.record(repos.outbox, change);
          const names = { hostName: checks.users.get(booker.userId)?.name ?? null, bookedByName: booker.delegateUserId === undefined ? null : (checks.users.get(booker.delegateUserId)?.name ?? null) };
          return { change, room, record: newMeetingRecord(id, meeting, now, names), participants: participantRecordsOf(id, participants, checks.users) };
        }),
      () => conflictError(booker, roomId, startAt, endAt),
    );
    events.published(written.change);
    // The host (or the delegate acting as the host) sees all of it and may change it.
    const reservation = present(written.record, written.participants, written.room.present, booker.userId);
    return { reservation, pending: reservation.status === 'pending', seriesId: null, booked: 1, skipped: [] };
  }

  const service = {
    async create(caller: Booker, body: CreateReservationBody): Promise<CreateAnswer> {
      return isRepeating(body.repeat) ? createSeries(caller, body) : createMeeting(caller, body);
    },

    /** What booking the request would do, occurrence by occurrence (one for a single meeting); saves nothing. */
    async check(booker: Booker, body: CreateReservationBody): Promise<ReservationCheckResult> {
      const [rules, defaults] = await Promise.all([preferences.get(booker.companyId), noticeDefaults(booker.companyId)]);
      return series.check(booker, complete(body, { ...rules, ...defaults }), rules, booker.lang ?? 'en-US');
    },

    async get(booker: Booker, id: number): Promise<Reservation> {
      return presentOne(booker, await getReservation(booker.companyId, id));
    },

    /**
     * Meetings as the caller may see them (privacy applied; `mode` for shared calendars, see
     * `present`), with their rooms' names and zones (`rooms`, or read from the location tree);
     * participants in one query. `publicBoard`: the caller is nobody (user id 0), a public live board.
     */
    async presentMany(
      booker: Booker,
      records: ReservationRecord[],
      options: { rooms?: ReadonlyMap<number, PresentRoom>; mode?: PresentMode; publicBoard?: boolean } = {},
    ): Promise<Reservation[]> {
      if (records.length === 0) return [];
      let presentRooms = options.rooms;
      if (!presentRooms) {
        const index = await locations.loadIndex(booker.companyId);
        const list = await rooms.listRooms(booker.companyId, { roomIds: [...new Set(records.map((record) => record.roomId))] });
        presentRooms = new Map(list.map((room) => [room.id, presentRoom(room, roomTimeZone(index, room.id))]));
      }
      const participants = await bookings.participantsOf(booker.companyId, records.map((record) => record.id));
      const byReservation = new Map<number, ParticipantRecord[]>();
      for (const participant of participants) byReservation.set(participant.reservationId, [...(byReservation.get(participant.reservationId) ?? []), participant]);
      const delegating = options.publicBoard ? new Set<number>() : await delegatingTo(booker);
      return records.map((record) => {
        const shown = present(record, byReservation.get(record.id) ?? [], presentRooms.get(record.roomId) ?? { name: '', timeZone: null, signIn: null }, booker.userId, options.mode, delegating);
        // A public board is nobody in particular: no host either unless the meeting is public.
        return options.publicBoard && !shown.visible ? { ...shown, hostUserId: null, hostName: null } : shown;
      });
    },

    /** A room's active meetings touching [from, to) (at most RESERVATION_LIST_MAX_DAYS wide). */
    async list(booker: Booker, query: ReservationListQuery): Promise<ReservationList> {
      if (query.to <= query.from || query.to - query.from > RESERVATION_LIST_MAX_DAYS * DAY_MS) {
        throw refused('reservationRangeInvalid', { days: RESERVATION_LIST_MAX_DAYS });
      }
      const room = await getRoom(booker.companyId, query.roomId);
      const timeZone = await timeZoneOf(booker.companyId, room.id);
      const records = await bookings.listActive(booker.companyId, room.id, query.from, query.to);
      return { roomId: room.id, timeZone, list: await this.presentMany(booker, records, { rooms: new Map([[room.id, presentRoom(room, timeZone)]]) }) };
    },

    /** Moves, renames or edits a meeting (the host only). A new time or room in a room with approval waits for approval again. */
    async update(caller: Booker, body: UpdateReservationBody): Promise<Reservation> {
      const before = await getReservation(caller.companyId, body.id);
      const booker = await actingFor(caller, before.hostUserId, 'reservationNotHost');
      if (before.status !== 'pending' && before.status !== 'confirmed') throw refused('reservationNotActive');
      if (before.endAt <= clock.now()) throw refused('reservationEnded');
      if (body.title !== undefined && !body.title) throw refused('reservationTitleRequired');
      if (before.seriesId !== null && body.scope !== 'one') return series.update(booker, body, before, booker.lang ?? 'en-US');
      const roomId = body.roomId ?? before.roomId;
      const startAt = body.startAt ?? before.startAt;
      const endAt = body.endAt ?? before.endAt;
      const moved = roomId !== before.roomId || startAt !== before.startAt || endAt !== before.endAt;
      // The room the meeting is in or moves to, judged like a new booking's (bookable.ts).
      const kept = await keptBookable(booker.companyId, roomId);
      if (roomId !== before.roomId && !kept.bookable) throw notFound('roomNotFound');
      const zone = kept.bookable?.zone ?? null;
      if (moved) checkTimes(await preferences.get(booker.companyId), startAt, endAt, { checkPast: startAt !== before.startAt, timeZone: zone ?? 'UTC' });
      const change = await guardedWrite(
        booker,
        () => ({ roomId, startAt, endAt, exceptId: before.id }),
        async (repos) => {
          const current = await getReservation(booker.companyId, before.id, repos.bookings);
          if (current.status !== 'pending' && current.status !== 'confirmed') throw refused('reservationNotActive');
          const room = await bookableIn(repos, booker.companyId, roomId, kept);
          let status: ReservationStatus | undefined;
          if (moved) {
            await checkRoomBookable(repos, booker.companyId, room, zone, startAt, endAt, booker.userId);
            status = room.needsApproval ? 'pending' : 'confirmed';
          }
          await repos.bookings.update(
            booker.companyId,
            before.id,
            {
              ...(moved ? { roomId, startAt, endAt, status } : {}),
              ...(body.title !== undefined ? { title: body.title } : {}),
              ...(body.privacy !== undefined ? { privacy: body.privacy } : {}),
              ...(body.remarks !== undefined ? { remarks: body.remarks || null } : {}),
              ...(body.noticeMinutes !== undefined ? { noticeMinutes: body.noticeMinutes } : {}),
              ...(body.reminderMinutes !== undefined ? { reminderMinutes: body.reminderMinutes } : {}),
              // An occurrence changed on its own keeps its changes when the whole series changes later.
              ...(current.seriesId !== null ? { isException: true } : {}),
            },
            clock.now(),
          );
          if (body.participants !== undefined) {
            await repos.bookings.replaceParticipants(booker.companyId, before.id, await participantValues(repos, booker, body.participants));
          }
          const awaitingApproval = status === 'pending';
          if (awaitingApproval) await repos.approvals.startClock(booker.companyId, before.id, clock.now());
          const change: BookingChange = {
            kind: 'updated',
            companyId: booker.companyId,
            roomIds: [...new Set([before.roomId, roomId])],
            reservationIds: [before.id],
            actorUserId: booker.userId,
            seriesId: before.seriesId,
            ...(awaitingApproval ? { awaitingApproval: [before.id] } : {}),
          };
          // Its mails are written with it, and sent once it commits (the outbox).
          await events.record(repos.outbox, change);
          return change;
        },
      );
      events.published(change);
      return presentOne(booker, await getReservation(booker.companyId, before.id));
    },

    /** Cancels a meeting (the host only); its time is free at once. */
    async cancel(caller: Booker, id: number): Promise<Reservation> {
      // The host, or a delegate of the host's calendar (read before the write transaction: SQLite has one connection).
      const booker = await actingFor(caller, (await getReservation(caller.companyId, id)).hostUserId, 'reservationNotHost');
      const change = await changeTransact(async (repos) => {
        const record = await getReservation(booker.companyId, id, repos.bookings);
        if (record.hostUserId !== booker.userId) throw new AppError(ReturnCode.NO_PERMISSION, 'reservationNotHost');
        if (record.status !== 'pending' && record.status !== 'confirmed') throw refused('reservationNotActive');
        if (record.endAt <= clock.now()) throw refused('reservationEnded');
        // Who clicked (a delegate, when one acts for the host) may undo it for a short while.
        await repos.bookings.cancel(booker.companyId, id, clock.now(), { userId: booker.delegateUserId ?? booker.userId, restorable: record.status });
        const cancelled: BookingChange = { kind: 'cancelled', companyId: booker.companyId, roomIds: [record.roomId], reservationIds: [id], actorUserId: booker.userId, seriesId: record.seriesId };
        await events.record(repos.outbox, cancelled);
        return cancelled;
      });
      events.published(change);
      return presentOne(booker, await getReservation(booker.companyId, id));
    },

    /**
     * Undoes a cancellation shortly after it (RESERVATION_RESTORE_WINDOW_MS): the host or whoever
     * cancelled it, while it has not ended. It takes its slot again with the status it had, unless
     * the slot was taken meanwhile (the database's overlap guard decides: 409). Attendees hear of
     * it as an update of the meeting.
     */
    async restore(caller: Booker, id: number): Promise<Reservation> {
      const before = await getReservation(caller.companyId, id);
      if (before.hostUserId !== caller.userId && before.cancelledBy !== caller.userId) throw new AppError(ReturnCode.NO_PERMISSION, 'reservationRestoreNotAllowed');
      if (before.status !== 'cancelled' || before.restorableStatus === null || before.cancelledAt === null) throw refused('reservationRestoreUnavailable');
      const now = clock.now();
      if (now - before.cancelledAt > RESERVATION_RESTORE_WINDOW_MS) throw refused('reservationRestoreExpired', { seconds: RESERVATION_RESTORE_WINDOW_MS / 1000 });
      if (before.endAt <= now) throw refused('reservationEnded');
      const change = await guardedWrite(
        caller,
        () => ({ roomId: before.roomId, startAt: before.startAt, endAt: before.endAt, exceptId: before.id }),
        async (repos) => {
          if (!(await repos.bookings.restore(caller.companyId, id, now))) throw refused('reservationRestoreUnavailable');
          const restored: BookingChange = { kind: 'updated', companyId: caller.companyId, roomIds: [before.roomId], reservationIds: [id], actorUserId: caller.userId, seriesId: before.seriesId };
          await events.record(repos.outbox, restored);
          return restored;
        },
      );
      events.published(change);
      return presentOne(caller, await getReservation(caller.companyId, id));
    },

    /** Cancels a meeting, or with a series and scope 'following' / 'all' several occurrences; answers the chosen one and how many were cancelled. */
    async cancelInScope(caller: Booker, body: CancelReservationBody): Promise<{ reservation: Reservation; count: number }> {
      const record = await getReservation(caller.companyId, body.id);
      if (record.seriesId !== null && body.scope !== 'one') return series.cancel(await actingFor(caller, record.hostUserId, 'reservationNotHost'), body.id, body.scope);
      return { reservation: await service.cancel(caller, body.id), count: 1 };
    },
  };
  return service;
}
