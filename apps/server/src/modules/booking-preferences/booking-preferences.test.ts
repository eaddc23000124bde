import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_BOOKING_PREFERENCES,
  DEFAULT_NOTICE_CONFIG,
  formatMessage,
  fromZoned,
  type BookingPreferences,
  type BookingPreferencesAnswer,
  type Lang,
  type MessageKey,
  type MessageParamsArg,
  type OperationLogEntry,
  type Page,
  type Reservation,
  type ReservationCheckResult,
} from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { createTestRoom } from '../../test/rooms.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ZONE = 'Asia/Shanghai';
/** A wall-clock moment in the room's zone (the fake clock starts Monday 23 November 2026, 17:00 there). */
const at = (date: string, time: string) => fromZoned(date, time, ZONE);

/** Office rules: two weeks ahead, two hours at most, weekdays 08:00-18:00, busy-only by default. */
const OFFICE: BookingPreferences = {
  bookAheadDays: 14,
  maxMeetingMinutes: 120,
  bookableWeekdays: [1, 2, 3, 4, 5],
  bookableHours: { start: '08:00', end: '18:00' },
  releaseNoShows: true,
  seriesNoShowLimit: 3,
  defaultPrivacy: 'busy',
};

describe(`booking preferences (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let adminToken: string;
  let viewerToken: string;
  let bookerToken: string;
  let otherCompanyToken: string;
  let roomId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.factories.companyWithAdmin('Rules Co');
    adminToken = await t.factories.session(a.admin);
    viewerToken = await t.factories.session(await t.factories.user(a.company.id, { permissions: ['reservationScreens:view'] }));
    bookerToken = await t.factories.session(await t.factories.user(a.company.id, { permissions: ['calendarRoomUse:view'] }));
    otherCompanyToken = await t.factories.session((await t.factories.companyWithAdmin('Other Co')).admin);
    roomId = (await createTestRoom(t.db, t.factories, t.clock, a.company.id, { name: 'Pudong', timeZone: ZONE })).roomId;
  });
  afterAll(() => t.cleanup());

  const read = (token = bookerToken) => call<BookingPreferencesAnswer>(t.app, { method: 'GET', url: '/api/meeting/preferences', headers: { token } });
  const save = (payload: unknown, token = adminToken, lang: Lang = 'en-US') =>
    call<BookingPreferencesAnswer>(t.app, { method: 'PUT', url: '/api/meeting/preferences', headers: { token, lang }, payload: payload as Record<string, unknown> });
  const book = (body: Record<string, unknown>, lang: Lang = 'en-US') =>
    call<{ reservation: Reservation; booked: number }>(t.app, { method: 'POST', url: '/api/meeting/reservation', headers: { token: bookerToken, lang }, payload: { roomId, title: 'Planning', ...body } });
  async function expectRefused<K extends MessageKey>(answer: Awaited<ReturnType<typeof book>>, key: K, lang: Lang, ...params: MessageParamsArg<K>) {
    expect([answer.status, answer.body.message]).toEqual([422, formatMessage(key, lang, ...params)]);
  }

  it('answers the defaults to every signed-in member until changed, and nothing without a sign-in', async () => {
    const answer = await read();
    expect(answer.status).toBe(200);
    // The reminder and notice defaults are read from the notification settings (15 minutes each until changed there).
    expect(answer.body.result).toEqual({ ...DEFAULT_BOOKING_PREFERENCES, defaultReminderMinutes: 15, defaultNoticeMinutes: 15, updatedAt: null, updatedByName: null });
    expect((await call(t.app, { method: 'GET', url: '/api/meeting/preferences' })).status).toBe(401);
  });

  it('saves the whole set for editors only, records the change, and leaves other companies alone', async () => {
    expect((await save(OFFICE, viewerToken)).status).toBe(403);
    expect((await save(OFFICE, bookerToken)).status).toBe(403);
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const saved = await save({ ...OFFICE, bookableWeekdays: [5, 1, 3, 2, 4, 1] }, adminToken, lang);
      expect([saved.status, saved.body.message]).toEqual([200, formatMessage('bookingPreferencesSaved', lang)]);
    }
    // Weekdays come back once each, in order; everyone reads the new rules.
    const answer = (await read()).body.result;
    expect(answer).toEqual({ ...OFFICE, defaultReminderMinutes: 15, defaultNoticeMinutes: 15, updatedAt: t.clock.now(), updatedByName: expect.any(String) });
    expect((await read(otherCompanyToken)).body.result).toMatchObject(DEFAULT_BOOKING_PREFERENCES);
    const log = await call<Page<OperationLogEntry>>(t.app, { method: 'GET', url: '/api/operation-log/list?pageSize=15', headers: { token: adminToken } });
    // Newest first: the second save changed nothing, the first one the fields it names.
    const [second, first] = log.body.result.list.filter((row) => row.action === 'bookingPreferences.update');
    expect([first?.result, second?.result]).toEqual(['success', 'success']);
    expect(JSON.stringify(first?.detail)).toContain('"bookAheadDays":{"from":180,"to":14}');
    expect(second?.detail).toEqual({ changes: {} });
  });

  it('refuses a set outside the bounds as a schema error', async () => {
    const bad: Array<Partial<Record<keyof BookingPreferences, unknown>>> = [
      { bookAheadDays: 0 },
      { bookAheadDays: 366 },
      { maxMeetingMinutes: 20 },
      { maxMeetingMinutes: 1455 },
      { bookableWeekdays: [] },
      { bookableWeekdays: [7] },
      { bookableHours: { start: '18:00', end: '08:00' } },
      { bookableHours: { start: '08:10', end: '18:00' } },
      { bookableHours: { start: '24:00', end: '24:00' } },
      { seriesNoShowLimit: 11 },
      { defaultPrivacy: 'secret' },
    ];
    for (const change of bad) expect((await save({ ...OFFICE, ...change })).status, JSON.stringify(change)).toBe(400);
    expect((await save({ bookAheadDays: 30 })).status).toBe(400);
  });

  it('holds every booking to the rules, in both languages, with clear messages', async () => {
    expect((await save(OFFICE)).status).toBe(200);
    // The notification settings' default reminder becomes 30 minutes and the notice 10: bookings that leave them out take them, and so does the answer.
    const notice = await call(t.app, { method: 'POST', url: '/api/config/notice/update', headers: { token: adminToken }, payload: { ...DEFAULT_NOTICE_CONFIG, reminderMinutes: 30, noticeMinutes: 10 } });
    expect(notice.status, notice.body.message).toBe(200);
    expect((await read()).body.result).toMatchObject({ defaultReminderMinutes: 30, defaultNoticeMinutes: 10 });
    for (const lang of ['en-US', 'zh-CN'] as const) {
      await expectRefused(await book({ startAt: at('2026-11-24', '09:00'), endAt: at('2026-11-24', '11:15') }, lang), 'reservationTooLong', lang, { minutes: 120 });
      await expectRefused(await book({ startAt: at('2026-12-09', '09:00'), endAt: at('2026-12-09', '10:00') }, lang), 'reservationTooFarAhead', lang, { days: 14 });
      await expectRefused(await book({ startAt: at('2026-11-28', '10:00'), endAt: at('2026-11-28', '11:00') }, lang), 'reservationOutsideDays', lang, { zone: ZONE });
      await expectRefused(await book({ startAt: at('2026-11-24', '07:30'), endAt: at('2026-11-24', '08:30') }, lang), 'reservationOutsideHours', lang, { start: '08:00', end: '18:00', zone: ZONE });
      await expectRefused(await book({ startAt: at('2026-11-24', '17:30'), endAt: at('2026-11-24', '18:30') }, lang), 'reservationOutsideHours', lang, { start: '08:00', end: '18:00', zone: ZONE });
      // Days and hours are the room's: the refusal names its zone (issue 17), whatever the booker's own zone.
      expect((await book({ startAt: at('2026-11-28', '10:00'), endAt: at('2026-11-28', '11:00') }, lang)).body.message).toContain(ZONE);
      expect((await book({ startAt: at('2026-11-24', '07:30'), endAt: at('2026-11-24', '08:30') }, lang)).body.message).toContain(ZONE);
    }
    // Inside the rules: up to the end of the day and exactly two hours; what the request leaves out takes the company's defaults.
    const late = await book({ startAt: at('2026-11-24', '16:00'), endAt: at('2026-11-24', '18:00') });
    expect(late.status, late.body.message).toBe(200);
    expect([late.body.result.reservation.privacy, late.body.result.reservation.reminderMinutes, late.body.result.reservation.noticeMinutes]).toEqual(['busy', 30, 10]);
    const explicit = await book({ startAt: at('2026-11-25', '09:00'), endAt: at('2026-11-25', '10:00'), privacy: 'public', reminderMinutes: null, noticeMinutes: null });
    expect([explicit.body.result.reservation.privacy, explicit.body.result.reservation.reminderMinutes, explicit.body.result.reservation.noticeMinutes]).toEqual(['public', null, null]);
    // Moving a meeting is held to them too; a change that keeps the time is not.
    const moved = await call(t.app, {
      method: 'POST',
      url: '/api/meeting/reservation/update',
      headers: { token: bookerToken },
      payload: { id: explicit.body.result.reservation.id, startAt: at('2026-11-25', '19:00'), endAt: at('2026-11-25', '20:00') },
    });
    expect([moved.status, moved.body.message]).toEqual([422, formatMessage('reservationOutsideHours', 'en-US', { start: '08:00', end: '18:00', zone: ZONE })]);
    const renamed = await call(t.app, { method: 'POST', url: '/api/meeting/reservation/update', headers: { token: bookerToken }, payload: { id: explicit.body.result.reservation.id, title: 'Renamed' } });
    expect(renamed.status).toBe(200);
  });

  it('judges a series occurrence by occurrence: the weekend ones are refused, the free ones can be booked', async () => {
    expect((await save(OFFICE)).status).toBe(200);
    // Daily from Friday 27 November to Tuesday 1 December, 10:00-11:00.
    const body = { startAt: at('2026-11-27', '10:00'), endAt: at('2026-11-27', '11:00'), repeat: { frequency: 'daily', until: '2026-12-01' } };
    const checked = await call<ReservationCheckResult>(t.app, { method: 'POST', url: '/api/meeting/reservation/check', headers: { token: bookerToken, lang: 'zh-CN' }, payload: { roomId, title: 'Daily', ...body } });
    expect(checked.body.result.occurrences.map((one) => [one.date, one.refusal])).toEqual([
      ['2026-11-27', null],
      ['2026-11-28', formatMessage('reservationOutsideDays', 'zh-CN', { zone: ZONE })],
      ['2026-11-29', formatMessage('reservationOutsideDays', 'zh-CN', { zone: ZONE })],
      ['2026-11-30', null],
      ['2026-12-01', null],
    ]);
    const all = await book(body);
    expect(all.status).toBe(409);
    const free = await book({ ...body, bookFreeOnly: true });
    expect([free.status, free.body.result.booked]).toEqual([200, 3]);
  });

  it('lets the company open every day and hour again: the same bookings then go through', async () => {
    expect((await save({ ...OFFICE, bookableWeekdays: [0, 1, 2, 3, 4, 5, 6], bookableHours: null, maxMeetingMinutes: 1440, bookAheadDays: 30 })).status).toBe(200);
    expect((await book({ startAt: at('2026-11-28', '10:00'), endAt: at('2026-11-28', '11:00') })).status).toBe(200);
    expect((await book({ startAt: at('2026-11-24', '20:00'), endAt: at('2026-11-25', '01:00') })).status).toBe(200);
    expect((await book({ startAt: t.clock.now() + 29 * DAY, endAt: t.clock.now() + 29 * DAY + HOUR })).status).toBe(200);
  });
});
