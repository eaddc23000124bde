import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingPreferences, DEFAULT_SCREEN_SETTING, formatMessage, ReturnCode, type DoorDisplay, type PadSchedule, type Reservation } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../../test/app.js';
import { TEST_DIALECT } from '../../../test/database.js';
import { createTestRoom } from '../../../test/rooms.js';
import { startSmtpServer, textPart as textPartOf } from '../../../test/smtp.js';
import type { TestUser } from '../../../test/factories.js';
import { openStream } from '../../../test/sse.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Sessions that outlive the days the clock jumps. */
const LONG = { absoluteMs: 365 * DAY };

/**
 * Check-in (console, QR code, door display), early end, "book now" at the door and the no-show job,
 * against two apps on one database (two server processes) with a shared fake clock and real SMTP.
 */
describe(`check-in and no-show release (${TEST_DIALECT})`, () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let second: TestApp;
  let companyId: number;
  let adminToken: string;
  let host: TestUser;
  let hostToken: string;
  let guestToken: string;
  let strangerToken: string;
  let floorId: number;
  let otherCompanyRoom: number;
  let otherCompanyToken: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // The clock jumps days ahead: sessions must outlive it.
    const config = { smtpUrl: smtp.url, publicUrl: 'https://atrium.example.test', sessionIdleMinutes: 1_000_000, sessionAbsoluteHours: 100_000 };
    t = await createTestApp({ config });
    second = await createTestApp({ database: t.database, clock: t.clock, config });
    const a = await t.factories.companyWithAdmin('Check Co');
    companyId = a.company.id;
    adminToken = await t.factories.session(a.admin, LONG);
    host = await t.factories.user(companyId, { permissions: ['calendarRoomUse:view'] });
    hostToken = await t.factories.session(host, LONG);
    const guest = await t.factories.user(companyId, { permissions: ['calendarRoomUse:view'] });
    guestToken = await t.factories.session(guest, LONG);
    guestId = guest.id;
    strangerToken = await t.factories.session(await t.factories.user(companyId, { permissions: ['calendarRoomUse:view'] }), LONG);
    floorId = (await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Seed', timeZone: 'Europe/Paris' })).floorId;
    const b = await t.factories.companyWithAdmin('Far Co');
    otherCompanyToken = await t.factories.session(b.admin, LONG);
    otherCompanyRoom = (await createTestRoom(t.db, t.factories, t.clock, b.company.id, { name: 'Far room' })).roomId;
  });
  afterAll(async () => {
    await second?.cleanup();
    await t?.cleanup();
    await smtp?.close();
  });
  let guestId: number;

  /** Waits until the SMTP server received a mail to the host whose text matches. */
  async function received(matches: (text: string) => boolean): Promise<string> {
    for (let waited = 0; waited < 5000; waited += 20) {
      const mail = smtp.received.find((candidate) => candidate.to.includes(host.email) && matches(textPartOf(candidate)));
      if (mail) return textPartOf(mail);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('No such mail to the host');
  }

  let rooms = 0;
  async function newRoom(options: { signIn?: boolean; needsApproval?: boolean; way?: 'manual' | 'qr' } = {}) {
    const { roomId } = await createTestRoom(t.db, t.factories, t.clock, companyId, { name: `Check room ${++rooms}`, floorId });
    await t.db.kysely
      .updateTable('rooms')
      .set({
        sign_in_enabled: options.signIn === false ? 0 : 1,
        sign_in_way: options.way ?? 'manual',
        sign_in_before_minutes: 10,
        sign_in_after_minutes: 15,
        needs_approval: options.needsApproval ? 1 : 0,
      })
      .where('id', '=', roomId)
      .execute();
    return roomId;
  }

  const post = <T = Reservation>(url: string, payload: Record<string, unknown>, token = hostToken, lang: 'en-US' | 'zh-CN' = 'en-US') =>
    call<T>(t.app, { method: 'POST', url, headers: { token, lang }, payload });
  async function book(roomId: number, startAt: number, endAt: number, extra: Record<string, unknown> = {}, token = hostToken) {
    const answer = await post('/api/meeting/reservation', { roomId, title: 'Planning', startAt, endAt, ...extra }, token);
    expect(answer.status, answer.body.message).toBe(200);
    return answer.body.result;
  }
  /** The next whole hour at least two hours ahead. */
  const nextHour = () => Math.ceil((t.clock.now() + 2 * HOUR) / HOUR) * HOUR;

  async function display(roomId: number) {
    const issued = await post<{ list: DoorDisplay[] }>('/api/deviceActivation/addDeviceActivationCode', { roomId }, adminToken);
    expect(issued.status, issued.body.message).toBe(200);
    const activated = await call<{ deviceToken: string }>(t.app, {
      method: 'POST',
      url: '/api/device/activate',
      payload: { code: issued.body.result.list[0]!.activationCode, platform: 'web', appVersion: '1.0.0' },
    });
    expect(activated.status, activated.body.message).toBe(200);
    return activated.body.result.deviceToken;
  }
  const pad = <T = PadSchedule>(method: 'GET' | 'POST', url: string, deviceToken: string, payload?: Record<string, unknown>, lang = 'en-US') =>
    call<T>(t.app, { method, url: `/api/device/pad/${url}`, headers: { 'device-token': deviceToken, lang }, ...(payload ? { payload } : {}) });

  it('checks in only within the window, by the host or a participant, in rooms with sign-in on', async () => {
    const roomId = await newRoom();
    const start = nextHour();
    const meeting = await book(roomId, start, start + HOUR, { participants: [{ userId: guestId }] });
    // 11 minutes before: the window (10 minutes before) is not open yet.
    t.clock.set(start - 10 * MINUTE - 1);
    const early = await post('/api/meeting/reservation/check-in', { id: meeting.id });
    const opens = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(start - 10 * MINUTE);
    expect([early.status, early.body.returncode]).toEqual([422, ReturnCode.REFUSED]);
    expect(early.body.message).toContain(opens);
    const stranger = await post('/api/meeting/reservation/check-in', { id: meeting.id }, strangerToken);
    expect([stranger.status, stranger.body.message]).toEqual([403, formatMessage('checkInNotAttendee', 'en-US')]);
    t.clock.set(start - 10 * MINUTE);
    const done = await post('/api/meeting/reservation/check-in', { id: meeting.id }, guestToken);
    expect([done.status, done.body.message]).toEqual([200, formatMessage('checkedIn', 'en-US')]);
    expect(done.body.result).toMatchObject({ checkedInAt: start - 10 * MINUTE, checkInChannel: 'console' });
    const again = await post('/api/meeting/reservation/check-in', { id: meeting.id });
    expect([again.status, again.body.message]).toEqual([422, formatMessage('checkInAlready', 'en-US')]);

    // The last moment of the window (15 minutes after the start) still counts; a millisecond later does not.
    const late = await book(roomId, start + 2 * HOUR, start + 3 * HOUR);
    const last = await book(roomId, start + 4 * HOUR, start + 5 * HOUR);
    t.clock.set(start + 2 * HOUR + 15 * MINUTE + 1);
    const tooLate = await post('/api/meeting/reservation/check-in', { id: late.id }, hostToken, 'zh-CN');
    expect([tooLate.status, tooLate.body.message.startsWith('签到已于')]).toEqual([422, true]);
    t.clock.set(start + 4 * HOUR + 15 * MINUTE);
    expect((await post('/api/meeting/reservation/check-in', { id: last.id })).status).toBe(200);

    const plain = await newRoom({ signIn: false });
    const noSignIn = await book(plain, start + 5 * HOUR, start + 6 * HOUR);
    t.clock.set(start + 5 * HOUR);
    const off = await post('/api/meeting/reservation/check-in', { id: noSignIn.id });
    expect([off.status, off.body.message]).toEqual([422, formatMessage('checkInNotEnabled', 'en-US')]);
    const foreign = await post('/api/meeting/reservation/check-in', { id: meeting.id }, otherCompanyToken);
    expect([foreign.status, foreign.body.returncode]).toEqual([404, ReturnCode.NOT_FOUND]);
  });

  it('ends a meeting early and frees the rest of its slot at once', async () => {
    const roomId = await newRoom({ signIn: false });
    const start = nextHour();
    const meeting = await book(roomId, start, start + HOUR);
    t.clock.set(start - MINUTE);
    const notYet = await post('/api/meeting/reservation/end', { id: meeting.id });
    expect([notYet.status, notYet.body.message]).toEqual([422, formatMessage('endEarlyNotRunning', 'en-US')]);
    t.clock.set(start + 20 * MINUTE + 30_000);
    const ended = await post('/api/meeting/reservation/end', { id: meeting.id });
    expect([ended.status, ended.body.message]).toEqual([200, formatMessage('reservationEndedEarly', 'en-US')]);
    expect(ended.body.result).toMatchObject({ endAt: start + 20 * MINUTE, bookedEndAt: start + HOUR, endedEarlyAt: start + 20 * MINUTE + 30_000, status: 'confirmed' });
    // Someone else books the freed part straight away.
    const after = await book(roomId, start + 21 * MINUTE, start + HOUR, {}, guestToken);
    expect(after.status).toBe('confirmed');
    const twice = await post('/api/meeting/reservation/end', { id: meeting.id });
    expect(twice.status).toBe(422);
  });

  it('draws the room QR code and checks the caller in through it', async () => {
    const roomId = await newRoom();
    const qr = await t.app.inject({ method: 'GET', url: `/api/meeting/room/qr?roomId=${roomId}`, headers: { token: hostToken } });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toBe('image/png');
    expect(qr.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const foreign = await call(t.app, { method: 'GET', url: `/api/meeting/room/qr?roomId=${otherCompanyRoom}`, headers: { token: hostToken } });
    expect(foreign.status).toBe(404);
    const start = nextHour();
    const meeting = await book(roomId, start, start + HOUR, { participants: [{ userId: guestId }] });
    t.clock.set(start - 20 * MINUTE);
    const none = await post('/api/meeting/reservation/check-in-room', { roomId }, guestToken);
    expect([none.status, none.body.message]).toEqual([404, formatMessage('checkInNoMeeting', 'en-US')]);
    t.clock.set(start + 5 * MINUTE);
    expect((await post('/api/meeting/reservation/check-in-room', { roomId }, strangerToken)).status).toBe(404);
    const done = await post('/api/meeting/reservation/check-in-room', { roomId }, guestToken);
    expect(done.status, done.body.message).toBe(200);
    expect(done.body.result).toMatchObject({ id: meeting.id, checkInChannel: 'qr' });
  });

  it('serves the door display its own room: schedule, book now within bounds, check in, end early', async () => {
    const roomId = await newRoom();
    const otherRoom = await newRoom();
    const token = await display(roomId);
    const otherToken = await display(otherRoom);
    const start = nextHour();
    t.clock.set(start - 30 * MINUTE);
    const meeting = await book(roomId, start, start + HOUR, { participants: [{ userId: guestId }] });
    const privateOne = await book(roomId, start + DAY, start + DAY + HOUR, { privacy: 'private' });
    const tooFar = await book(roomId, start + 5 * DAY, start + 5 * DAY + HOUR);

    const first = await pad('GET', 'schedule', token);
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.result).toMatchObject({ busy: false, current: null, bookChoices: [5, 10, 15, 20, 25, 30], freeMinutes: 30 });
    expect(first.body.result.next.map((m) => m.id)).toEqual([meeting.id, privateOne.id]);
    expect(first.body.result.next[0]).toMatchObject({ title: 'Planning', canCheckIn: false, participants: null });
    expect(first.body.result.next[1]).toMatchObject({ title: null, hostName: null });
    expect(first.body.result.next.some((m) => m.id === tooFar.id)).toBe(false);

    // Book now: 5 to 30 minutes, never into the next meeting.
    for (const minutes of [4, 31]) expect((await pad('POST', 'book', token, { minutes })).status).toBe(400);
    const walkIn = await pad('POST', 'book', token, { minutes: 15 });
    expect(walkIn.status, walkIn.body.message).toBe(200);
    expect(walkIn.body.result).toMatchObject({ busy: true, current: { title: 'Booked at the door', endAt: start - 15 * MINUTE } });
    const walkInRow = await t.db.kysely.selectFrom('reservations').selectAll().where('id', '=', walkIn.body.result.current!.id).executeTakeFirstOrThrow();
    expect([walkInRow.channel, walkInRow.host_user_id, walkInRow.check_in_channel]).toEqual(['display', null, 'display']);
    t.clock.set(start - 10 * MINUTE);
    const clash = await pad('POST', 'book', token, { minutes: 15 }, 'zh-CN');
    expect([clash.status, clash.body.returncode]).toEqual([409, ReturnCode.CONFLICT]);
    expect(clash.body.message).toContain('Planning');

    // The display of another room reaches none of this room's meetings.
    const stolen = await pad('POST', 'check-in', otherToken, { id: meeting.id });
    expect([stolen.status, stolen.body.returncode]).toEqual([404, ReturnCode.NOT_FOUND]);
    expect((await pad('GET', 'schedule', 'not-a-token')).status).toBe(401);

    const due = await pad('GET', 'schedule', token);
    expect(due.body.result.next[0]).toMatchObject({ id: meeting.id, canCheckIn: true });
    const checkedIn = await pad('POST', 'check-in', token, { id: meeting.id });
    expect([checkedIn.status, checkedIn.body.message]).toEqual([200, formatMessage('checkedIn', 'en-US')]);
    const row = await t.db.kysely.selectFrom('reservations').select(['check_in_channel', 'checked_in_by']).where('id', '=', meeting.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ check_in_channel: 'display', checked_in_by: null });

    t.clock.set(start + 10 * MINUTE);
    const running = await pad('GET', 'schedule', token);
    expect(running.body.result).toMatchObject({ busy: true, current: { id: meeting.id, canEnd: true }, freeMinutes: 0 });
    const ended = await pad('POST', 'end', token, { id: meeting.id });
    expect(ended.status, ended.body.message).toBe(200);
    expect(ended.body.result).toMatchObject({ busy: false, current: null });
    const rebook = await pad('POST', 'book', token, { minutes: 30 });
    expect(rebook.status, rebook.body.message).toBe(200);

    // A screen group with a 10-minute maximum and no early end.
    const group = await post('/api/screenSetting/addScreenSetting', {
      title: 'Short', roomIds: [otherRoom], exitPassword: null, allowBooking: true, maxBookingMinutes: 10, bookAheadDays: 7, showFutureMeetings: true, showTitle: false,
      showDescription: false, showParticipants: true, allowEarlyEnd: false, allowCancel: false, ledEnabled: true, taskLock: true, signInBeforeMinutes: 10,
      signInAfterMinutes: 15, signInModes: ['screen'], brightnessPlan: 'light-cycle',
    }, adminToken);
    expect(group.status, group.body.message).toBe(200);
    const tooLong = await pad('POST', 'book', otherToken, { minutes: 15 });
    expect([tooLong.status, tooLong.body.message]).toEqual([422, formatMessage('padBookingMinutes', 'en-US', { min: 5, max: 10 })]);
    const short = await pad('POST', 'book', otherToken, { minutes: 10 });
    expect(short.status).toBe(200);
    expect(short.body.result).toMatchObject({ bookChoices: [5, 10], current: { title: null } });
    const noEnd = await pad('POST', 'end', otherToken, { id: short.body.result.current!.id });
    expect([noEnd.status, noEnd.body.message]).toEqual([422, formatMessage('endEarlyNotAllowed', 'en-US')]);
  });

  const outboxTo = async (to: string, subjectPart: string, roomName?: string) =>
    (await t.db.kysely.selectFrom('mail_outbox').select(['subject', 'text']).where('to', '=', to).where('subject', 'like', `%${subjectPart}%`).execute()).filter(
      (mail) => !roomName || mail.text.includes(`${roomName} `),
    );
  const statusOf = async (id: number) => (await t.db.kysely.selectFrom('reservations').select(['status', 'no_show_at']).where('id', '=', id).executeTakeFirstOrThrow());

  it('releases a no-show once across two processes, tells the host in both languages, and frees the time', async () => {
    const roomId = await newRoom();
    const roomName = `Check room ${rooms}`;
    const plain = await newRoom({ signIn: false });
    const start = nextHour();
    const meeting = await book(roomId, start, start + HOUR);
    const kept = await book(plain, start, start + HOUR);
    const checked = await book(roomId, start + HOUR, start + 2 * HOUR);
    t.clock.set(start + 15 * MINUTE);
    await Promise.all([t.app.scheduler.tick(), second.app.scheduler.tick()]);
    expect((await statusOf(meeting.id)).status).toBe('confirmed');
    // The job's next period, just after the window closed.
    t.clock.set(start + 15 * MINUTE + 30_001);
    await Promise.all([t.app.scheduler.tick(), second.app.scheduler.tick()]);
    expect(await statusOf(meeting.id)).toEqual({ status: 'released', no_show_at: expect.anything() });
    expect(Number((await statusOf(meeting.id)).no_show_at)).toBe(start + 15 * MINUTE + 30_001);
    expect((await statusOf(kept.id)).status).toBe('confirmed');
    const [mail] = await outboxTo(host.email, 'no check-in', roomName);
    // The same mail reached the SMTP server (sent after the release committed).
    const text = await received((body) => body.includes(`${roomName} `) && body.includes('no-show'));
    expect(mail!.text.split('\n')[0]).toBe(text.split(/\r?\n/)[0]);
    expect(text).toContain('Planning');
    expect(text).toContain('会议室已释放');
    expect(text).toContain('no-show');
    // A later period of the job (the other process, perhaps) does not release or mail it again.
    t.clock.set(start + 16 * MINUTE);
    await Promise.all([second.app.scheduler.tick(), t.app.scheduler.tick()]);
    expect(await outboxTo(host.email, 'no check-in', roomName)).toHaveLength(1);
    // Released time is bookable at once.
    const again = await book(roomId, start + 20 * MINUTE, start + HOUR, {}, guestToken);
    expect(again.status).toBe('confirmed');
    // A checked-in meeting is never released.
    t.clock.set(start + HOUR);
    expect((await post('/api/meeting/reservation/check-in', { id: checked.id })).status).toBe(200);
    t.clock.set(start + 2 * HOUR);
    await t.app.scheduler.tick();
    expect((await statusOf(checked.id)).status).toBe('confirmed');
  });

  it('takes the room from a series after three missed check-ins in a row, not two; a check-in resets the count', async () => {
    const roomId = await newRoom();
    const first = Math.ceil((t.clock.now() + DAY) / DAY) * DAY + 9 * HOUR;
    const now = t.clock.now();
    const series = await t.db.kysely
      .insertInto('reservation_series')
      .values({ company_id: companyId, resource_id: roomId, host_user_id: host.id, rule: '{"kind":"daily"}', first_date: '2026-12-01', start_time: '10:00', end_time: '11:00', time_zone: 'Europe/Paris', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids: number[] = [];
    for (let day = 0; day < 7; day++) {
      const row = await t.db.kysely
        .insertInto('reservations')
        .values({ company_id: companyId, resource_id: roomId, host_user_id: host.id, title: 'Daily sync', start_at: first + day * DAY, end_at: first + day * DAY + 30 * MINUTE, status: 'confirmed', series_id: series.id, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const missedCount = async () => (await t.db.kysely.selectFrom('reservation_series').select('missed_check_ins').where('id', '=', series.id).executeTakeFirstOrThrow()).missed_check_ins;
    const miss = async (day: number) => {
      t.clock.set(first + day * DAY + 16 * MINUTE);
      await Promise.all([t.app.scheduler.tick(), second.app.scheduler.tick()]);
      expect((await statusOf(ids[day]!)).status).toBe('released');
    };
    await miss(0);
    await miss(1);
    expect(await missedCount()).toBe(2);
    t.clock.set(first + 2 * DAY);
    expect((await post('/api/meeting/reservation/check-in', { id: ids[2]! })).status).toBe(200);
    expect(await missedCount()).toBe(0);
    await miss(3);
    await miss(4);
    expect(await missedCount()).toBe(2);
    expect((await statusOf(ids[5]!)).status).toBe('confirmed');
    expect(await outboxTo(host.email, 'lost its room')).toHaveLength(0);
    await miss(5);
    expect((await statusOf(ids[6]!)).status).toBe('released');
    const lost = await outboxTo(host.email, 'lost its room');
    expect(lost).toHaveLength(1);
    expect(lost[0]!.text).toContain('周期会议');
    const seriesRow = await t.db.kysely.selectFrom('reservation_series').select('released_at').where('id', '=', series.id).executeTakeFirstOrThrow();
    expect(seriesRow.released_at).not.toBeNull();
  });

  it('ends a walk-in in its first minute: the room shows free and books again from where it ended', async () => {
    const roomId = await newRoom({ signIn: false });
    const token = await display(roomId);
    t.clock.set(nextHour() + 10_000);
    const first = await pad('POST', 'book', token, { minutes: 10 });
    expect(first.status, first.body.message).toBe(200);
    const ended = await pad('POST', 'end', token, { id: first.body.result.current!.id });
    expect(ended.status, ended.body.message).toBe(200);
    expect(ended.body.result).toMatchObject({ busy: false, current: null });
    const again = await pad('POST', 'book', token, { minutes: 5 });
    expect(again.status, again.body.message).toBe(200);
    // It starts where the ended one stopped, at the next minute.
    expect(again.body.result.next[0]!.startAt).toBe(first.body.result.current!.startAt + MINUTE);
  });

  it('refuses book now in a room that needs approval', async () => {
    const roomId = await newRoom({ needsApproval: true });
    const token = await display(roomId);
    const answer = await pad('POST', 'book', token, { minutes: 10 });
    expect([answer.status, answer.body.message]).toEqual([422, formatMessage('padBookingNeedsApproval', 'en-US')]);
    expect((await pad('GET', 'schedule', token)).body.result.bookChoices).toEqual([]);
  });

  it("streams the display's own room changes: a booking in its room, not one next door; an unknown token gets no stream", async () => {
    const roomId = await newRoom();
    const nextDoor = await newRoom();
    const token = await display(roomId);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const refused = await fetch(`${base}/api/device/pad/stream`, { headers: { 'device-token': 'not-a-device' } });
    expect(refused.status).toBe(401);
    const stream = await openStream(`${base}/api/device/pad/stream`, { 'device-token': token });
    try {
      expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
      expect(await stream.next()).toEqual({ event: 'ready', data: {} });
      const start = nextHour();
      await book(nextDoor, start, start + HOUR);
      expect(await stream.quiet()).toBe(true);
      await book(roomId, start, start + HOUR);
      expect(await stream.next()).toEqual({ event: 'rooms', data: { roomIds: [roomId], reason: 'booking' } });
    } finally {
      stream.close();
    }
  });

  it("tells the console a meeting's check-in window and way, and keeps each way to its channel", async () => {
    const qrRoom = await newRoom({ way: 'qr' });
    const plain = await newRoom({ signIn: false });
    const start = nextHour();
    const meeting = await book(qrRoom, start, start + 20 * MINUTE);
    expect(meeting.checkIn).toEqual({ opensAt: start - 10 * MINUTE, closesAt: start + 15 * MINUTE, way: 'qr' });
    // The window closes at the meeting's end when that comes first; no check-in, no window.
    const short = await book(qrRoom, start + HOUR, start + HOUR + 10 * MINUTE);
    expect(short.checkIn).toMatchObject({ closesAt: start + HOUR + 10 * MINUTE });
    expect((await book(plain, start, start + HOUR)).checkIn).toBeNull();
    const mine = await call<{ list: Reservation[] }>(t.app, { method: 'GET', url: `/api/meeting/reservation/mine?from=${start - HOUR}&to=${start + 2 * HOUR}`, headers: { token: hostToken } });
    expect(mine.body.result.list.find((r) => r.id === meeting.id)!.checkIn).toEqual(meeting.checkIn);

    t.clock.set(start);
    // A room that checks in by its QR code refuses the console's button, in both languages; scanning works.
    const button = await post('/api/meeting/reservation/check-in', { id: meeting.id });
    expect([button.status, button.body.message]).toEqual([422, formatMessage('checkInByQrOnly', 'en-US')]);
    expect((await post('/api/meeting/reservation/check-in', { id: meeting.id }, hostToken, 'zh-CN')).body.message).toBe('该会议室需在门口扫描二维码签到');
    const scanned = await post('/api/meeting/reservation/check-in-room', { roomId: qrRoom });
    expect(scanned.body.result).toMatchObject({ id: meeting.id, checkInChannel: 'qr' });
  });

  it("checks in at the door only when the screen group's sign-in modes include the screen", async () => {
    const roomId = await newRoom();
    const token = await display(roomId);
    // Without a screen group: the screen only, no QR code at the door.
    expect((await pad('GET', 'schedule', token)).body.result.room.checkInByQr).toBe(false);
    const group = await post<{ id: number }>(
      '/api/screenSetting/addScreenSetting',
      { ...DEFAULT_SCREEN_SETTING, title: 'QR only', roomIds: [roomId], exitPassword: null, signInModes: ['qr'] },
      adminToken,
    );
    expect(group.status, group.body.message).toBe(200);
    const start = nextHour();
    const meeting = await book(roomId, start, start + HOUR);
    t.clock.set(start);
    const schedule = await pad('GET', 'schedule', token);
    expect(schedule.body.result.current).toMatchObject({ id: meeting.id, canCheckIn: false, checkInOpen: true });
    // The display shows the room's QR code instead: the same code as the console's.
    expect(schedule.body.result.room.checkInByQr).toBe(true);
    const qr = await t.app.inject({ method: 'GET', url: '/api/device/pad/qr', headers: { 'device-token': token } });
    const consoleQr = await t.app.inject({ method: 'GET', url: `/api/meeting/room/qr?roomId=${roomId}`, headers: { token: adminToken } });
    expect([qr.statusCode, qr.headers['content-type'], qr.rawPayload.subarray(1, 4).toString()]).toEqual([200, 'image/png', 'PNG']);
    expect(qr.rawPayload.equals(consoleQr.rawPayload)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/device/pad/qr', headers: { 'device-token': 'not-a-device' } })).statusCode).toBe(401);
    const refused = await pad('POST', 'check-in', token, { id: meeting.id });
    expect([refused.status, refused.body.message]).toEqual([422, formatMessage('checkInNotOnScreen', 'en-US')]);
    // The group allows the screen again: the button and the check-in come back.
    const update = await post(
      '/api/screenSetting/updateScreenSetting',
      { ...DEFAULT_SCREEN_SETTING, id: group.body.result.id, title: 'Screen too', roomIds: [roomId], signInModes: ['screen', 'qr'] },
      adminToken,
    );
    expect(update.status, update.body.message).toBe(200);
    expect((await pad('GET', 'schedule', token)).body.result.current).toMatchObject({ canCheckIn: true });
    expect((await pad('POST', 'check-in', token, { id: meeting.id })).status).toBe(200);
  });

  it('keeps a no-show in its room while the booking preferences switch release off, and releases again once on', async () => {
    const rules = (await call<BookingPreferences>(t.app, { method: 'GET', url: '/api/meeting/preferences', headers: { token: adminToken } })).body.result;
    const setRelease = async (releaseNoShows: boolean) =>
      expect((await call(t.app, { method: 'PUT', url: '/api/meeting/preferences', headers: { token: adminToken }, payload: { ...BookingPreferences.parse(rules), releaseNoShows } })).status).toBe(200);
    const roomId = await newRoom();
    const start = nextHour();
    const kept = await book(roomId, start, start + HOUR);
    await setRelease(false);
    t.clock.set(start + 16 * MINUTE);
    await Promise.all([t.app.scheduler.tick(), second.app.scheduler.tick()]);
    expect((await statusOf(kept.id)).status).toBe('confirmed');
    await setRelease(true);
    const released = await book(roomId, start + 2 * HOUR, start + 3 * HOUR);
    t.clock.set(start + 2 * HOUR + 16 * MINUTE);
    await Promise.all([t.app.scheduler.tick(), second.app.scheduler.tick()]);
    expect((await statusOf(released.id)).status).toBe('released');
  });
});
