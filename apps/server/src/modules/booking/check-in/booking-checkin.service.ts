import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import {
  RESERVATION_MAX_MS,
  localDateTime,
  addDays,
  formatMessage,
  fromZoned,
  padBookChoices,
  PAD_BOOK_MIN_MINUTES,
  PAD_DAYS_AHEAD,
  ReturnCode,
  toZoned,
  type Lang,
  type NotificationParams,
  type PadMeeting,
  type PadSchedule,
  type Reservation,
  type ReservationConflict,
} from '@atrium/contract';
import { withWriteTransaction } from '../../../db/database.js';
import type { DB } from '../../../db/schema.js';
import { MINUTE_MS, type Clock } from '../../../platform/clock.js';
import { AppError, notFound, refused } from '../../../platform/errors.js';
import type { BookingPreferencesRepository } from '../../booking-preferences/booking-preferences.repository.js';
import type { Mailer } from '../../../platform/mailer.js';
import type { DisplayInfoService } from '../../display-info/display-info.service.js';
import type { DeviceRecord } from '../../door-display/door-display.repository.js';
import type { DoorDisplayService } from '../../door-display/door-display.service.js';
import { pathName } from '../../location/location.presenter.js';
import { roomTimeZone } from '../../room/room-layout.js';
import type { NotificationService } from '../../notification/notification.service.js';
import type { LocationService } from '../../location/location.service.js';
import type { NoticeConfigService } from '../../notice-config/notice-config.service.js';
import type { RoomRecord, RoomRepository } from '../../room/room.repository.js';
import { createCheckInRepository, type CheckInRepository } from './booking-checkin.repository.js';
import type { BookingEvents } from '../booking.events.js';
import { createBookingRepository, isOverlapViolation, type BookingRepository, type ReservationRecord } from '../engine/booking.repository.js';
import type { BookingService } from '../engine/booking.service.js';
import type { Booker } from '../engine/booking.types.js';
import { isHostShown, isPublicMeeting } from '../booking.policy.js';
import { checkInWindow } from './check-in-window.js';

export interface CheckInServiceDeps {
  db: Kysely<DB>;
  bookings: BookingRepository;
  booking: Pick<BookingService, 'get'>;
  rooms: RoomRepository;
  locations: Pick<LocationService, 'loadIndex'>;
  displays: Pick<DoorDisplayService, 'config'>;
  displayInfo: Pick<DisplayInfoService, 'effectiveFor'>;
  noticeConfig: Pick<NoticeConfigService, 'get'>;
  /** The company's booking rules: a series' no-show limit. */
  preferences: Pick<BookingPreferencesRepository, 'get'>;
  mailer: Mailer;
  notifications: Pick<NotificationService, 'post'>;
  clock: Clock;
  events: BookingEvents;
  /** The console's address, for the QR code's link. */
  publicUrl: string;
  /**
   * Until when the host of a meeting may still check in after its window closed: the smart room asked
   * them about an empty room and waits for the answer (decision 0020, "Presence drives booking").
   */
  lateCheckInUntil?: (companyId: number, reservationId: number) => Promise<number | null>;
}

export type CheckInService = ReturnType<typeof createCheckInService>;

/** How many no-shows one run of the job releases at most (the next run takes the rest). */
const NO_SHOW_BATCH = 200;

const floorMinute = (ms: number) => Math.floor(ms / MINUTE_MS) * MINUTE_MS;

/**
 * Check-in (console, QR code, door display), early end, "book now" at the door, and the no-show job
 * that releases meetings nobody checked in to (docs/decisions/0005, Check-in, no-show release and
 * the door display page).
 */
export function createCheckInService(deps: CheckInServiceDeps) {
  const { db, bookings, booking, rooms, locations, displays, displayInfo, noticeConfig, preferences, mailer, notifications, clock, events, publicUrl, lateCheckInUntil } = deps;
  const checkIns = createCheckInRepository(db);
  /** A write transaction (BEGIN IMMEDIATE on SQLite) with the check-in writes and the booking reads. */
  const write = <T>(fn: (repo: CheckInRepository, bookingsTx: { find: BookingRepository['find'] }) => Promise<T>) =>
    withWriteTransaction(db, (trx) => fn(createCheckInRepository(trx), createBookingRepository(trx)));

  async function zoneOf(companyId: number, roomId: number): Promise<string | null> {
    return roomTimeZone(await locations.loadIndex(companyId), roomId);
  }

  async function getRoom(companyId: number, roomId: number): Promise<RoomRecord> {
    const room = await rooms.findRoom(companyId, roomId);
    if (!room) throw notFound('roomNotFound');
    return room;
  }

  async function getReservation(companyId: number, id: number): Promise<ReservationRecord> {
    const record = await bookings.find(companyId, id);
    if (!record) throw notFound('reservationNotFound');
    return record;
  }

  /** The check-in window of a meeting: [start - before, start + after]. */
  const windowOf = (room: RoomRecord, record: Pick<ReservationRecord, 'startAt'>) =>
    checkInWindow({ beforeMinutes: room.signInBeforeMinutes, afterMinutes: room.signInAfterMinutes }, record.startAt);

  async function isAttendee(record: ReservationRecord, userId: number): Promise<boolean> {
    if (record.hostUserId === userId) return true;
    const participants = await bookings.participantsOf(record.companyId, [record.id]);
    return participants.some((participant) => participant.userId === userId);
  }

  /** Checks a meeting in; the rules in one place for every channel. */
  async function checkIn(record: ReservationRecord, channel: 'console' | 'display' | 'qr' | 'sensor', by: number | null): Promise<void> {
    const room = await getRoom(record.companyId, record.roomId);
    if (!room.signInEnabled) throw refused('checkInNotEnabled');
    // A room that checks in by its QR code wants proof of presence: not a button in the console.
    if (channel === 'console' && room.signInWay === 'qr') throw refused('checkInByQrOnly');
    if (record.status !== 'confirmed') throw refused('checkInNotConfirmed');
    if (record.checkedInAt !== null) throw refused('checkInAlready');
    const now = clock.now();
    const zone = await zoneOf(record.companyId, record.roomId);
    const { opensAt, closesAt } = windowOf(room, record);
    if (now < opensAt) throw refused('checkInTooEarly', { time: localDateTime(opensAt, zone) });
    if (now > closesAt || now >= record.endAt) {
      // Presence proves use while the meeting runs; a host asked about an empty room may answer until the answer is due.
      const lateUntil = now < record.endAt ? (channel === 'sensor' ? record.endAt : ((await lateCheckInUntil?.(record.companyId, record.id)) ?? 0)) : 0;
      if (now >= lateUntil) throw refused('checkInTooLate', { time: localDateTime(Math.min(closesAt, record.endAt), zone) });
    }
    const done = await write((repo) => repo.checkIn(record.companyId, record.id, { at: now, channel, by }));
    if (!done) throw refused('checkInAlready');
    if (record.seriesId !== null) await checkIns.resetMisses(record.companyId, record.seriesId, now);
    await events.emit({ kind: 'checkedIn', companyId: record.companyId, roomIds: [record.roomId], reservationIds: [record.id], actorUserId: by, seriesId: record.seriesId });
  }

  /** Ends a running meeting now (rounded down to the minute); the rest of its slot is free at once. */
  async function endEarly(record: ReservationRecord, by: number | null): Promise<void> {
    if (record.status !== 'confirmed') throw refused('checkInNotConfirmed');
    const now = clock.now();
    if (record.startAt > now || record.endAt <= now) throw refused('endEarlyNotRunning');
    // The minute under way is given back too; a meeting ended in its first minute keeps that minute.
    const endAt = Math.max(floorMinute(now), record.startAt + MINUTE_MS);
    if (endAt >= record.endAt) throw refused('endEarlyNotRunning');
    const done = await write((repo) => repo.endEarly(record.companyId, record.id, endAt, now));
    if (!done) throw refused('endEarlyNotRunning');
    await events.emit({ kind: 'endedEarly', companyId: record.companyId, roomIds: [record.roomId], reservationIds: [record.id], actorUserId: by, seriesId: record.seriesId });
  }

  /** What a display may show of a meeting: its room's display information and screen group, and the meeting's privacy. */
  function presentForPad(
    record: ReservationRecord,
    names: string[],
    show: { title: boolean; host: boolean; participants: boolean },
    room: RoomRecord,
    now: number,
    settings: { allowEarlyEnd: boolean; checkInOnScreen: boolean },
  ): PadMeeting {
    const window = room.signInEnabled ? windowOf(room, record) : null;
    const running = record.startAt <= now && now < record.endAt;
    const checkInOpen = window !== null && record.status === 'confirmed' && record.checkedInAt === null && now >= window.opensAt && now <= window.closesAt && now < record.endAt;
    // Nobody in particular stands at the door (booking.policy.ts).
    const isPublic = isPublicMeeting(record);
    return {
      id: record.id,
      title: show.title && isPublic ? record.title : null,
      hostName: show.host && isHostShown(record, isPublic) ? record.hostName : null,
      participants: show.participants && isPublic ? names : null,
      startAt: record.startAt,
      endAt: record.endAt,
      status: record.status,
      checkedInAt: record.checkedInAt,
      checkInOpen,
      canCheckIn: settings.checkInOnScreen && checkInOpen,
      canEnd: settings.allowEarlyEnd && running && record.status === 'confirmed' && floorMinute(now) < record.endAt && Math.max(floorMinute(now), record.startAt + MINUTE_MS) < record.endAt,
      checkInUntil: window ? Math.min(window.closesAt, record.endAt) : null,
    };
  }

  async function deviceReservation(device: DeviceRecord, id: number): Promise<ReservationRecord> {
    const record = await bookings.find(device.companyId, id);
    // A display reaches its own room's meetings only.
    if (!record || record.roomId !== device.roomId) throw notFound('reservationNotFound');
    return record;
  }

  async function conflictError(companyId: number, roomId: number, startAt: number, endAt: number): Promise<AppError> {
    const zone = await zoneOf(companyId, roomId);
    const [clash] = await bookings.listActive(companyId, roomId, startAt, endAt);
    if (!clash) {
      const result: ReservationConflict = { reservationId: null, startAt: null, endAt: null, title: null, timeZone: zone };
      return new AppError(ReturnCode.CONFLICT, 'reservationConflictUnknown', {}, result);
    }
    const params = { start: localDateTime(clash.startAt, zone), end: localDateTime(clash.endAt, zone) };
    // Nobody signed in stands at the door: only a public meeting's title may be named.
    const visible = isPublicMeeting(clash);
    const result: ReservationConflict = { reservationId: clash.id, startAt: clash.startAt, endAt: clash.endAt, title: visible ? clash.title : null, timeZone: zone };
    return visible
      ? new AppError(ReturnCode.CONFLICT, 'reservationConflict', { ...params, title: clash.title }, result)
      : new AppError(ReturnCode.CONFLICT, 'reservationConflictBusy', params, result);
  }

  /** A room's name with its location path, as messages name it, and its zone. */
  async function placeOfRoom(companyId: number, roomId: number, roomName: string): Promise<{ place: string; zone: string | null }> {
    const index = await locations.loadIndex(companyId);
    const path = pathName(index, roomId);
    return { place: path ? `${roomName} (${path})` : roomName, zone: roomTimeZone(index, roomId) };
  }

  /**
   * Tells the host by mail (in both languages) and in the console, each under its own switch of the
   * notification settings: "no-show released" for releases, "check-in due" for the check-in notice.
   */
  async function tellHost(
    record: ReservationRecord,
    event: 'noShow' | 'seriesReleased' | 'checkInDue' | 'emptyRoom',
    mail: { subject: string; text: string },
    params: NotificationParams,
    mailSwitch: 'checkInDue' | 'noShowReleased' = event === 'checkInDue' ? 'checkInDue' : 'noShowReleased',
  ): Promise<void> {
    const { companyId, hostUserId } = record;
    if (hostUserId === null) return;
    const config = await noticeConfig.get(companyId);
    const switchOf = mailSwitch;
    if (config.events[switchOf]) {
      const host = await checkIns.contactOf(companyId, hostUserId);
      const footer = config.footer ? `\n\n${config.footer}` : '';
      if (host?.email) await mailer.send({ companyId, event, to: host.email, subject: mail.subject, text: mail.text + footer });
    }
    await notifications.post({ companyId, event, actorUserId: null, userIds: [hostUserId], params, link: '/reserve', reservationId: record.id });
  }

  const paramsOf = (record: ReservationRecord, place: string, zone: string | null, extra: Partial<NotificationParams> = {}): NotificationParams => ({
    title: record.title,
    place,
    startAt: record.startAt,
    endAt: record.endAt,
    zone,
    more: 0,
    by: null,
    reason: null,
    minutes: null,
    ...extra,
  });

  async function tellNoShow(record: ReservationRecord, roomName: string): Promise<void> {
    const { place, zone } = await placeOfRoom(record.companyId, record.roomId, roomName);
    const when = `${localDateTime(record.startAt, zone)} – ${localDateTime(record.endAt, zone).slice(11)}${zone ? ` (${zone})` : ''}`;
    await tellHost(
      record,
      'noShow',
      {
        subject: `Meeting released: no check-in / 会议已释放：未签到 – ${record.title}`,
        text: [
          `Hello ${record.hostName ?? ''},`,
          '',
          `Nobody checked in to "${record.title}" in ${place} (${when}) before the check-in window closed, so the room was released and the meeting recorded as a no-show.`,
          '',
          `您好 ${record.hostName ?? ''}：`,
          '',
          `会议"${record.title}"（${place}，${when}）在签到截止前无人签到，会议室已释放，本次会议记为未签到。`,
        ].join('\n'),
      },
      paramsOf(record, place, zone),
    );
  }

  async function tellSeriesReleased(record: ReservationRecord, roomName: string, misses: number, released: number): Promise<void> {
    const { place, zone } = await placeOfRoom(record.companyId, record.roomId, roomName);
    await tellHost(
      record,
      'seriesReleased',
      {
        subject: `Repeating meeting lost its room / 周期会议已失去会议室 – ${record.title}`,
        text: [
          `Hello ${record.hostName ?? ''},`,
          '',
          `The repeating meeting "${record.title}" in ${place} missed check-in ${misses} times in a row, so its ${released} remaining occurrence(s) were released. Book the room again if you still need it.`,
          '',
          `您好 ${record.hostName ?? ''}：`,
          '',
          `周期会议"${record.title}"（${place}）已连续 ${misses} 次未签到，其余 ${released} 场会议已释放。如仍需使用，请重新预订。`,
        ].join('\n'),
      },
      paramsOf(record, place, zone, { more: Math.max(0, released - 1), reason: String(misses) }),
    );
  }

  async function tellCheckInDue(record: ReservationRecord, room: RoomRecord): Promise<void> {
    const { place, zone } = await placeOfRoom(record.companyId, record.roomId, room.name);
    const closesAt = record.startAt + room.signInAfterMinutes * MINUTE_MS;
    const closes = localDateTime(closesAt, zone).slice(11);
    await tellHost(
      record,
      'checkInDue',
      {
        subject: `Check in now / 请签到 – ${record.title}`,
        text: [
          `Hello ${record.hostName ?? ''},`,
          '',
          `Check-in for "${record.title}" in ${place} is open. Check in by ${closes}${zone ? ` (${zone})` : ''} on the door display, with the room's QR code or in the console, or the room is released.`,
          '',
          `您好 ${record.hostName ?? ''}：`,
          '',
          `会议"${record.title}"（${place}）已开放签到。请在 ${closes}${zone ? `（${zone}）` : ''}前通过门口屏、会议室二维码或控制台签到，否则会议室将被释放。`,
        ].join('\n'),
      },
      paramsOf(record, place, zone, { minutes: Math.max(0, Math.ceil((closesAt - clock.now()) / MINUTE_MS)) }),
    );
  }

  /**
   * Releases one meeting as a no-show: records it, tells the host, and counts the miss against its
   * series (at the company's limit the series loses its room). A conditional update, so a meeting is
   * released once even if two processes ran at the same moment.
   */
  async function releaseNoShow(companyId: number, id: number, now: number): Promise<boolean> {
    const done = await write((repo) => repo.release(companyId, id, now));
    if (!done) return false;
    const record = await getReservation(companyId, id);
    const room = await getRoom(companyId, record.roomId);
    await events.emit({ kind: 'released', companyId, roomIds: [record.roomId], reservationIds: [record.id], actorUserId: null, seriesId: record.seriesId });
    await tellNoShow(record, room.name);
    if (record.seriesId === null) return true;
    const misses = await checkIns.countMiss(companyId, record.seriesId, now);
    const { seriesNoShowLimit } = await preferences.get(companyId);
    if (seriesNoShowLimit > 0 && misses >= seriesNoShowLimit) {
      const { marked, ids } = await write((repo) => repo.releaseSeries(companyId, record.seriesId as number, now));
      if (marked) {
        await events.emit({ kind: 'released', companyId, roomIds: [record.roomId], reservationIds: ids, actorUserId: null, seriesId: record.seriesId });
        await tellSeriesReleased(record, room.name, misses, ids.length);
      }
    }
    return true;
  }

  return {
    /** The caller (host or participant) checks a meeting in from the console. */
    async checkInByUser(booker: Booker, id: number, channel: 'console' | 'qr' = 'console'): Promise<Reservation> {
      const record = await getReservation(booker.companyId, id);
      if (!(await isAttendee(record, booker.userId))) throw new AppError(ReturnCode.NO_PERMISSION, 'checkInNotAttendee');
      await checkIn(record, channel, booker.userId);
      return booking.get(booker, id);
    },

    /** The QR code of a room: the caller's meeting there whose window is open now is checked in. */
    async checkInByRoom(booker: Booker, roomId: number): Promise<Reservation> {
      const room = await getRoom(booker.companyId, roomId);
      if (!room.signInEnabled) throw refused('checkInNotEnabled');
      const now = clock.now();
      // A window opens at most `before` minutes ahead and closes `after` minutes past the start; a meeting
      // whose host the smart room asked about an empty room may still be checked in until the answer is due.
      const candidates = await checkIns.attendedIn(booker.companyId, roomId, booker.userId, now - RESERVATION_MAX_MS, now + room.signInBeforeMinutes * MINUTE_MS + 1);
      for (const id of candidates) {
        const record = await getReservation(booker.companyId, id);
        if (record.checkedInAt !== null || record.endAt <= now) continue;
        const isWindowOpen = now <= windowOf(room, record).closesAt;
        if (!isWindowOpen && ((await lateCheckInUntil?.(record.companyId, record.id)) ?? 0) <= now) continue;
        await checkIn(record, 'qr', booker.userId);
        return booking.get(booker, id);
      }
      throw notFound('checkInNoMeeting');
    },

    /** The host or a participant ends a running meeting early. */
    async endByUser(booker: Booker, id: number): Promise<Reservation> {
      const record = await getReservation(booker.companyId, id);
      if (!(await isAttendee(record, booker.userId))) throw new AppError(ReturnCode.NO_PERMISSION, 'checkInNotAttendee');
      await endEarly(record, booker.userId);
      return booking.get(booker, id);
    },

    /** The PNG of a room's QR code: the console's check-in page for the room. */
    async roomQr(companyId: number, roomId: number): Promise<Buffer> {
      await getRoom(companyId, roomId);
      const url = `${publicUrl.replace(/\/$/, '')}/check-in?room=${roomId}`;
      return QRCode.toBuffer(url, { type: 'png', width: 320, margin: 2, errorCorrectionLevel: 'M' });
    },

    /** What a door display shows now: its room, the current meeting, the next ones (today and 3 more days). */
    async schedule(device: DeviceRecord): Promise<PadSchedule> {
      const { companyId, roomId } = device;
      const [room, zone, config, info] = await Promise.all([getRoom(companyId, roomId), zoneOf(companyId, roomId), displays.config(device), displayInfo.effectiveFor(companyId, roomId)]);
      const now = clock.now();
      const today = toZoned(now, zone ?? 'UTC').date;
      const until = fromZoned(addDays(today, PAD_DAYS_AHEAD + 1), '00:00', zone ?? 'UTC');
      const records = await bookings.listActive(companyId, roomId, now, until);
      const participants = await bookings.participantsOf(companyId, records.map((record) => record.id));
      const show = {
        title: info.fields.title && config.settings.showTitle,
        host: info.fields.host,
        participants: info.fields.participants && config.settings.showParticipants,
      };
      const present = (record: ReservationRecord) =>
        presentForPad(
          record,
          participants.filter((p) => p.reservationId === record.id).map((p) => p.name ?? p.email ?? '').filter(Boolean),
          show,
          room,
          now,
          { allowEarlyEnd: config.settings.allowEarlyEnd, checkInOnScreen: config.settings.signInModes.includes('screen') },
        );
      // A meeting ended early in its first minute keeps that minute but is over: not current.
      const current = records.find((record) => record.startAt <= now && now < record.endAt && record.endedEarlyAt === null) ?? null;
      const endedNow = records.find((record) => record.startAt <= now && now < record.endAt && record.endedEarlyAt !== null);
      const upcoming = records.filter((record) => record.startAt > now);
      const showFuture = info.fields.futureMeetings && config.settings.showFutureMeetings;
      const start = endedNow ? endedNow.endAt : floorMinute(now);
      const nextStart = upcoming[0]?.startAt ?? Infinity;
      const bookChoices = config.settings.allowBooking && !room.needsApproval && room.isAvailable ? padBookChoices(config.settings.maxBookingMinutes) : [];
      return {
        serverTime: now,
        room: { id: room.id, name: room.name, timeZone: zone, signInEnabled: room.signInEnabled, checkInByQr: room.signInEnabled && config.settings.signInModes.includes('qr') },
        busy: current !== null,
        current: current ? present(current) : null,
        // The next meeting always shows (its check-in button may be due); later ones only where allowed.
        next: (showFuture ? upcoming : upcoming.slice(0, 1)).map(present),
        bookChoices,
        freeMinutes: current ? 0 : Math.max(0, Math.min(Math.floor((nextStart - start) / MINUTE_MS), bookChoices.at(-1) ?? 0)),
      };
    },

    /** "Book now" at the door for `minutes` from this minute: nobody hosts it, it is checked in at once. */
    async bookNow(device: DeviceRecord, minutes: number, lang: Lang): Promise<PadSchedule> {
      const { companyId, roomId } = device;
      const [room, config] = await Promise.all([getRoom(companyId, roomId), displays.config(device)]);
      if (!config.settings.allowBooking) throw refused('padBookingOff');
      if (room.needsApproval) throw refused('padBookingNeedsApproval');
      if (!room.isAvailable) throw refused('reservationRoomUnavailable');
      const choices = padBookChoices(config.settings.maxBookingMinutes);
      const max = choices.at(-1) ?? PAD_BOOK_MIN_MINUTES;
      if (minutes < PAD_BOOK_MIN_MINUTES || minutes > max) throw refused('padBookingMinutes', { min: PAD_BOOK_MIN_MINUTES, max });
      const now = clock.now();
      // From this minute, or from the end of a meeting just ended early in its first minute.
      const [endedNow] = (await bookings.listActive(companyId, roomId, floorMinute(now), now + 1)).filter((record) => record.endedEarlyAt !== null && record.endAt > now);
      const startAt = endedNow ? endedNow.endAt : floorMinute(now);
      const endAt = startAt + minutes * MINUTE_MS;
      const period = await bookings.findDisablePeriodOverlapping(companyId, roomId, startAt, endAt);
      if (period) {
        const zone = await zoneOf(companyId, roomId);
        throw refused('reservationRoomDisabled', { start: localDateTime(period.startAt, zone), end: localDateTime(period.endAt, zone) });
      }
      let id: number;
      try {
        id = await write((repo) => repo.insertWalkIn({ companyId, roomId, title: formatMessage('padWalkInTitle', lang), startAt, endAt, privacy: 'public' }, now));
      } catch (error) {
        if (isOverlapViolation(error)) throw await conflictError(companyId, roomId, startAt, endAt);
        throw error;
      }
      await events.emit({ kind: 'created', companyId, roomIds: [roomId], reservationIds: [id], actorUserId: null });
      return this.schedule(device);
    },

    async checkInByDevice(device: DeviceRecord, id: number): Promise<PadSchedule> {
      const record = await deviceReservation(device, id);
      // The screen group's sign-in modes: 'screen' is the display's button ('qr' and 'pin' are other ways).
      if (!(await displays.config(device)).settings.signInModes.includes('screen')) throw refused('checkInNotOnScreen');
      await checkIn(record, 'display', null);
      return this.schedule(device);
    },

    async endByDevice(device: DeviceRecord, id: number): Promise<PadSchedule> {
      const record = await deviceReservation(device, id);
      const config = await displays.config(device);
      if (!config.settings.allowEarlyEnd) throw refused('endEarlyNotAllowed');
      await endEarly(record, null);
      return this.schedule(device);
    },

    /**
     * The scheduled job's first half: tells the host of each meeting whose check-in window has
     * opened without a check-in (rooms with sign-in on, companies that release no-shows) that it is
     * due. Each meeting is claimed once across processes (`check_in_noticed_at`). Answers how many.
     */
    async noticeCheckInDue(): Promise<number> {
      const claimed = await checkIns.claimCheckInDue(clock.now(), NO_SHOW_BATCH);
      for (const { companyId, id } of claimed) {
        const record = await bookings.find(companyId, id);
        if (!record || record.checkedInAt !== null) continue;
        await tellCheckInDue(record, await getRoom(companyId, record.roomId));
      }
      return claimed.length;
    },

    /**
     * The scheduled job: releases every confirmed meeting whose check-in window closed without a
     * check-in (rooms with sign-in on, companies that release no-shows), records the no-show, tells
     * the host, and counts the miss against its series; at the company's limit the series loses its
     * room. Each release is a conditional update, so a meeting is released once even if two
     * processes ran at the same moment. Answers how many it released.
     */
    async releaseNoShows(): Promise<number> {
      const now = clock.now();
      const due = await checkIns.dueNoShows(now, NO_SHOW_BATCH);
      let released = 0;
      for (const candidate of due) if (await releaseNoShow(candidate.companyId, candidate.id, now)) released++;
      return released;
    },

    /**
     * Of the given rooms of a company, those where `checkInBySensor` may find a meeting to check in now (sign-in on,
     * a confirmed meeting not checked in whose window is open): one read for all of them, so presence asks only
     * about those. The others would answer null.
     */
    roomsOpenForCheckIn(companyId: number, roomIds: readonly number[]): Promise<Set<number>> {
      return checkIns.roomsOpenForCheckIn(companyId, roomIds, clock.now());
    },

    /**
     * Presence in a room checks in its meeting whose window is open (from its opening to the meeting's
     * end: presence proves use), in rooms with sign-in on. Answers the meeting's id, or null when there
     * was none to check in.
     */
    async checkInBySensor(companyId: number, roomId: number): Promise<number | null> {
      const room = await rooms.findRoom(companyId, roomId);
      if (!room?.signInEnabled) return null;
      const now = clock.now();
      const candidates = await checkIns.openInRoom(companyId, roomId, now, now + room.signInBeforeMinutes * MINUTE_MS + 1);
      for (const id of candidates) {
        const record = await bookings.find(companyId, id);
        if (!record || record.checkedInAt !== null || record.status !== 'confirmed' || record.endAt <= now) continue;
        try {
          await checkIn(record, 'sensor', null);
          return id;
        } catch (error) {
          if (error instanceof AppError) continue;
          throw error;
        }
      }
      return null;
    },

    /**
     * Asks the host of a booked room nobody is in (the smart room's sensors saw no one through the
     * check-in window) to check in by `answerBy`, or to cancel and free the room; in the console as a
     * check-in due, by mail under the no-show release's switch.
     */
    async promptEmptyRoom(companyId: number, id: number, answerBy: number): Promise<boolean> {
      const record = await bookings.find(companyId, id);
      if (!record || record.status !== 'confirmed' || record.checkedInAt !== null) return false;
      const room = await getRoom(companyId, record.roomId);
      const { place, zone } = await placeOfRoom(companyId, record.roomId, room.name);
      const by = `${localDateTime(answerBy, zone).slice(11)}${zone ? ` (${zone})` : ''}`;
      const base = publicUrl.replace(/\/$/, '');
      const checkInLink = `${base}/check-in?room=${record.roomId}`;
      const meetingLink = `${base}/reserve`;
      await tellHost(
        record,
        'emptyRoom',
        {
          subject: `Nobody is in the room: check in or free it / 会议室无人：请签到或释放 – ${record.title}`,
          text: [
            `Hello ${record.hostName ?? ''},`,
            '',
            `The room's sensors have seen nobody in ${place} since check-in for "${record.title}" opened. If you are using it, check in by ${by}: ${checkInLink}. If you no longer need it, cancel the meeting to free the room for others: ${meetingLink}. Otherwise the room is released at ${by}.`,
            '',
            `您好 ${record.hostName ?? ''}：`,
            '',
            `自会议"${record.title}"开放签到以来，会议室传感器在 ${place} 未检测到任何人。如正在使用，请在 ${by} 前签到：${checkInLink}。如不再需要，请取消会议以释放会议室：${meetingLink}。否则会议室将于 ${by} 释放。`,
          ].join('\n'),
        },
        paramsOf(record, place, zone, { minutes: Math.max(1, Math.ceil((answerBy - clock.now()) / MINUTE_MS)) }),
        // The warning before a release goes by mail under the release's switch (on by default), not the check-in reminder's.
        'noShowReleased',
      );
      return true;
    },

    /** Releases a meeting nobody came to as a no-show (the smart room's empty-room release); false when it was checked in or gone. */
    releaseNoShow: (companyId: number, id: number) => releaseNoShow(companyId, id, clock.now()),
  };
}
