import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  formatMessage,
  fromZoned,
  ReturnCode,
  type CreateReservationResult,
  type Lang,
  type OccurrenceCheck,
  type Reservation,
  type ReservationCheckResult,
} from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../../test/app.js';
import type { BookingChange } from '../booking.events.js';
import { TEST_DIALECT } from '../../../test/database.js';
import { createTestRoom } from '../../../test/rooms.js';
import type { TestUser } from '../../../test/factories.js';

const ZONE = 'Europe/London';
const london = (date: string, time: string) => fromZoned(date, time, ZONE);

describe(`repeating meetings (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let companyId: number;
  let host: TestUser;
  let hostToken: string;
  let colleague: TestUser;
  let colleagueToken: string;
  let otherToken: string;
  let otherRoom: number;
  let floorId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.factories.companyWithAdmin('Series Co');
    companyId = a.company.id;
    host = await t.factories.user(companyId, { permissions: ['calendarRoomUse:view'] });
    hostToken = await t.factories.session(host);
    colleague = await t.factories.user(companyId, { permissions: ['calendarRoomUse:view'] });
    colleagueToken = await t.factories.session(colleague);
    const b = await t.factories.companyWithAdmin('Other Series Co');
    otherToken = await t.factories.session(b.admin);
    otherRoom = (await createTestRoom(t.db, t.factories, t.clock, b.company.id, { name: 'Their room', timeZone: ZONE })).roomId;
    floorId = (await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Seed room', timeZone: ZONE })).floorId;
  });
  afterAll(() => t.cleanup());

  let roomCounter = 0;
  async function newRoom(options: { needsApproval?: boolean } = {}) {
    const { roomId } = await createTestRoom(t.db, t.factories, t.clock, companyId, { name: `Series room ${++roomCounter}`, floorId });
    if (options.needsApproval) await t.db.kysely.updateTable('rooms').set({ needs_approval: 1 }).where('id', '=', roomId).execute();
    return roomId;
  }

  const post = <T = Reservation>(url: string, payload: unknown, token = hostToken, lang: Lang = 'en-US') =>
    call<T>(t.app, { method: 'POST', url, headers: { token, lang }, payload: payload as Record<string, unknown> });
  const get = (id: number, token = hostToken) => call<Reservation>(t.app, { method: 'GET', url: `/api/meeting/reservation?id=${id}`, headers: { token, lang: 'en-US' } });
  const book = (body: Record<string, unknown>, token = hostToken, lang: Lang = 'en-US') => post<CreateReservationResult>('/api/meeting/reservation', body, token, lang);
  async function booked(body: Record<string, unknown>, token = hostToken) {
    const answer = await book(body, token);
    expect(answer.status, answer.body.message).toBe(200);
    return answer.body.result;
  }
  /** The rows of a room, oldest first, straight from the table. */
  async function rowsOf(roomId: number) {
    const rows = await t.db.kysely
      .selectFrom('reservations')
      .select(['id', 'title', 'start_at', 'end_at', 'status', 'series_id', 'occurrence_date', 'is_exception', 'host_user_id', 'notice_minutes', 'reminder_minutes'])
      .where('resource_id', '=', roomId)
      .orderBy('start_at')
      .execute();
    return rows.map((row) => ({ ...row, start_at: Number(row.start_at), end_at: Number(row.end_at) }));
  }
  async function ruleOf(seriesId: number) {
    const row = await t.db.kysely.selectFrom('reservation_series').select(['rule', 'start_time', 'end_time', 'first_date', 'resource_id']).where('id', '=', seriesId).executeTakeFirstOrThrow();
    return { ...row, rule: JSON.parse(row.rule) as Record<string, unknown> };
  }
  /** Weekly on Tuesdays at 10:00-11:00 London from 1 December 2026, `count` weeks. */
  const weekly = (roomId: number, count: number, extra: Record<string, unknown> = {}) => ({
    roomId,
    title: 'Weekly sync',
    startAt: london('2026-12-01', '10:00'),
    endAt: london('2026-12-01', '11:00'),
    repeat: { frequency: 'weekly', until: addDays('2026-12-01', 7 * (count - 1)) },
    ...extra,
  });
  const tuesday = (week: number) => addDays('2026-12-01', 7 * week);

  it('keeps 10:00 London time across the change to summer time, stores notice and reminder, and shows the rule to those who may see it', async () => {
    const roomId = await newRoom();
    const answer = await book({
      roomId,
      title: 'Spring planning',
      startAt: london('2027-03-22', '10:00'),
      endAt: london('2027-03-22', '11:00'),
      repeat: { frequency: 'weekly', until: '2027-04-05' },
      privacy: 'private',
      noticeMinutes: 15,
      reminderMinutes: 30,
    });
    expect([answer.status, answer.body.returncode, answer.body.message]).toEqual([200, ReturnCode.OK, formatMessage('reservationSeriesCreated', 'en-US', { booked: 3 })]);
    const result = answer.body.result;
    expect(result.booked).toBe(3);
    expect(result.skipped).toEqual([]);
    expect(result.seriesId).toEqual(expect.any(Number));
    expect(result.reservation.id).toBe(result.id);
    expect(result.repeat).toEqual({ frequency: 'weekly', until: '2027-04-05' });
    const rows = await rowsOf(roomId);
    // 22 March is GMT (10:00 UTC); 28 March the clocks go forward, so 29 March and 5 April are 09:00 UTC.
    expect(rows.map((row) => [row.occurrence_date, new Date(row.start_at).toISOString(), new Date(row.end_at).toISOString()])).toEqual([
      ['2027-03-22', '2027-03-22T10:00:00.000Z', '2027-03-22T11:00:00.000Z'],
      ['2027-03-29', '2027-03-29T09:00:00.000Z', '2027-03-29T10:00:00.000Z'],
      ['2027-04-05', '2027-04-05T09:00:00.000Z', '2027-04-05T10:00:00.000Z'],
    ]);
    expect(rows.every((row) => row.series_id === result.seriesId && row.status === 'confirmed' && row.notice_minutes === 15 && row.reminder_minutes === 30)).toBe(true);
    const second = await get(rows[1]!.id);
    expect(second.body.result).toMatchObject({ seriesId: result.seriesId, occurrenceDate: '2027-03-29', isException: false, noticeMinutes: 15, reminderMinutes: 30, repeat: { frequency: 'weekly' } });
    // A private meeting of someone else: no title and no rule.
    const seen = await get(rows[1]!.id, colleagueToken);
    expect(seen.body.result).toMatchObject({ visible: false, title: null, repeat: null, seriesId: result.seriesId });
    // Notice and reminder come from the dictionary's lists.
    const bad = await book({ roomId, title: 'Odd reminder', startAt: london('2026-12-02', '10:00'), endAt: london('2026-12-02', '11:00'), reminderMinutes: 7 });
    expect(bad.status).toBe(400);
  });

  it("'never ends' stops after 180 days; a single meeting answers booked 1 without a series", async () => {
    const roomId = await newRoom();
    const answer = await booked({ roomId, title: 'Daily stand-up', startAt: london('2026-11-24', '09:30'), endAt: london('2026-11-24', '09:45'), repeat: { frequency: 'daily' } });
    expect(answer.booked).toBe(180);
    const rows = await rowsOf(roomId);
    expect(rows.length).toBe(180);
    expect(rows[0]!.occurrence_date).toBe('2026-11-24');
    expect(rows.at(-1)!.occurrence_date).toBe(addDays('2026-11-24', 179));
    expect((await ruleOf(answer.seriesId!)).rule).toEqual({ frequency: 'daily', until: null });
    const single = await booked({ roomId, title: 'Lunch', startAt: london('2026-11-24', '12:00'), endAt: london('2026-11-24', '13:00') });
    expect(single).toMatchObject({ seriesId: null, booked: 1, skipped: [], pending: false, repeat: null, title: 'Lunch' });
    expect(single.reservation.id).toBe(single.id);
  });

  /** A room where a colleague holds a private meeting on the 2nd Tuesday, a public one on the 4th, and a disable period covers the 5th. */
  async function crowdedRoom() {
    const roomId = await newRoom();
    await booked({ roomId, title: 'Secret', startAt: london(tuesday(1), '10:30'), endAt: london(tuesday(1), '11:30'), privacy: 'private' }, colleagueToken);
    await booked({ roomId, title: 'Open house', startAt: london(tuesday(3), '09:00'), endAt: london(tuesday(3), '10:15') }, colleagueToken);
    await t.db.kysely
      .insertInto('room_disable_periods')
      .values({ company_id: companyId, room_id: roomId, start_at: london(tuesday(4), '08:00'), end_at: london(tuesday(4), '12:00'), reason: 'Painting', created_by: host.id, created_at: t.clock.now() })
      .execute();
    return roomId;
  }

  it('check lists every occurrence with exactly the clashing ones, titles hidden for private meetings of others, and saves nothing', async () => {
    const roomId = await crowdedRoom();
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const answer = await post<ReservationCheckResult>('/api/meeting/reservation/check', weekly(roomId, 6), hostToken, lang);
      expect(answer.status, answer.body.message).toBe(200);
      const occurrences = answer.body.result.occurrences;
      expect(occurrences.map((o) => o.date)).toEqual([0, 1, 2, 3, 4, 5].map(tuesday));
      expect(occurrences.map((o) => o.conflict?.title ?? (o.conflict ? 'hidden' : null))).toEqual([null, 'hidden', null, 'Open house', null, null]);
      expect(occurrences[1]!.conflict).toMatchObject({ startAt: london(tuesday(1), '10:30'), endAt: london(tuesday(1), '11:30') });
      expect(occurrences.map((o) => o.refusal)).toEqual([
        null,
        null,
        null,
        null,
        formatMessage('reservationRoomDisabled', lang, { start: `${tuesday(4)} 08:00`, end: `${tuesday(4)} 12:00` }),
        null,
      ]);
    }
    // A single meeting is one occurrence.
    const single = await post<ReservationCheckResult>('/api/meeting/reservation/check', { ...weekly(roomId, 1), repeat: undefined });
    expect(single.body.result.occurrences).toEqual([{ date: tuesday(0), startAt: london(tuesday(0), '10:00'), endAt: london(tuesday(0), '11:00'), conflict: null, refusal: null }]);
    expect((await rowsOf(roomId)).length).toBe(2);
    // Required fields as for booking; another company's room answers 404.
    const missing = await post('/api/meeting/reservation/check', { roomId, startAt: london(tuesday(0), '10:00'), endAt: london(tuesday(0), '11:00') });
    expect([missing.status, missing.body.message]).toEqual([422, formatMessage('reservationTitleRequired', 'en-US')]);
    const foreign = await post('/api/meeting/reservation/check', weekly(otherRoom, 2));
    expect(foreign.status).toBe(404);
  });

  it('refuses a series with clashes all or nothing (409 counting them, in both languages); bookFreeOnly books the rest', async () => {
    const roomId = await crowdedRoom();
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const answer = await book(weekly(roomId, 6), hostToken, lang);
      expect([answer.status, answer.body.returncode, answer.body.message]).toEqual([409, ReturnCode.CONFLICT, formatMessage('reservationSeriesConflict', lang, { count: 3, total: 6 })]);
      const conflicts = (answer.body.result as unknown as { conflicts: OccurrenceCheck[] }).conflicts;
      expect(conflicts.map((c) => c.date)).toEqual([tuesday(1), tuesday(3), tuesday(4)]);
      expect(conflicts[0]!.conflict!.title).toBeNull();
      expect(conflicts[1]!.conflict!.title).toBe('Open house');
    }
    expect((await rowsOf(roomId)).filter((row) => row.host_user_id === host.id)).toEqual([]);
    expect(await t.db.kysely.selectFrom('reservation_series').select('id').where('resource_id', '=', roomId).execute()).toEqual([]);

    const answer = await book({ ...weekly(roomId, 6), bookFreeOnly: true }, hostToken, 'zh-CN');
    expect([answer.status, answer.body.message]).toEqual([200, formatMessage('reservationSeriesCreated', 'zh-CN', { booked: 3 })]);
    expect(answer.body.result.booked).toBe(3);
    expect(answer.body.result.skipped.map((s) => s.date)).toEqual([tuesday(1), tuesday(3), tuesday(4)]);
    const mine = (await rowsOf(roomId)).filter((row) => row.host_user_id === host.id);
    expect(mine.map((row) => row.occurrence_date)).toEqual([tuesday(0), tuesday(2), tuesday(5)]);
  });

  it('a series in a room with approval is pending', async () => {
    const roomId = await newRoom({ needsApproval: true });
    const answer = await book(weekly(roomId, 2));
    expect([answer.status, answer.body.message]).toEqual([200, formatMessage('reservationSeriesPending', 'en-US', { booked: 2 })]);
    expect(answer.body.result.pending).toBe(true);
    expect((await rowsOf(roomId)).map((row) => row.status)).toEqual(['pending', 'pending']);
  });

  it("edits one occurrence (an exception), then all: the exception keeps its own time and takes the new title", async () => {
    const roomId = await newRoom();
    const created = await booked(weekly(roomId, 4));
    const [first, second] = await rowsOf(roomId);
    const one = await post('/api/meeting/reservation/update', { id: second!.id, startAt: london(tuesday(1), '14:00'), endAt: london(tuesday(1), '15:00') });
    expect(one.status, one.body.message).toBe(200);
    expect(one.body.result).toMatchObject({ isException: true, occurrenceDate: tuesday(1), startAt: london(tuesday(1), '14:00') });
    // The others did not move.
    expect((await rowsOf(roomId)).map((row) => row.start_at)).toEqual([london(tuesday(0), '10:00'), london(tuesday(1), '14:00'), london(tuesday(2), '10:00'), london(tuesday(3), '10:00')]);

    const all = await post('/api/meeting/reservation/update', { id: first!.id, scope: 'all', title: 'Renamed', startAt: london(tuesday(0), '11:00'), endAt: london(tuesday(0), '12:30') });
    expect(all.status, all.body.message).toBe(200);
    const rows = await rowsOf(roomId);
    expect(rows.map((row) => [row.occurrence_date, row.start_at, row.end_at, row.title, row.is_exception, row.series_id])).toEqual([
      [tuesday(0), london(tuesday(0), '11:00'), london(tuesday(0), '12:30'), 'Renamed', 0, created.seriesId],
      [tuesday(1), london(tuesday(1), '14:00'), london(tuesday(1), '15:00'), 'Renamed', 1, created.seriesId],
      [tuesday(2), london(tuesday(2), '11:00'), london(tuesday(2), '12:30'), 'Renamed', 0, created.seriesId],
      [tuesday(3), london(tuesday(3), '11:00'), london(tuesday(3), '12:30'), 'Renamed', 0, created.seriesId],
    ]);
    expect(await ruleOf(created.seriesId!)).toMatchObject({ start_time: '11:00', end_time: '12:30', first_date: tuesday(0) });
  });

  it("edits this and the following: two series, earlier occurrences untouched", async () => {
    const roomId = await newRoom();
    const created = await booked(weekly(roomId, 4, { repeat: { frequency: 'weekly' } }));
    const before = await rowsOf(roomId);
    expect(before.length).toBe(26);
    const third = before[2]!;
    const answer = await post('/api/meeting/reservation/update', { id: third.id, scope: 'following', title: 'Later sync', startAt: london(tuesday(2), '15:00'), endAt: london(tuesday(2), '16:00') });
    expect(answer.status, answer.body.message).toBe(200);
    const newSeries = answer.body.result.seriesId!;
    expect(newSeries).not.toBe(created.seriesId);
    const rows = await rowsOf(roomId);
    expect(rows.slice(0, 2).map((row) => [row.series_id, row.start_at, row.title])).toEqual([
      [created.seriesId, before[0]!.start_at, 'Weekly sync'],
      [created.seriesId, before[1]!.start_at, 'Weekly sync'],
    ]);
    expect(rows.slice(2).every((row) => row.series_id === newSeries && row.title === 'Later sync')).toBe(true);
    expect(rows.slice(2).map((row) => row.start_at)).toEqual(before.slice(2).map((row) => london(row.occurrence_date!, '15:00')));
    expect((await ruleOf(created.seriesId!)).rule).toEqual({ frequency: 'weekly', until: addDays(tuesday(2), -1) });
    // The new series ends where the old one would have ("never ends": 180 days from its first date).
    expect(await ruleOf(newSeries)).toMatchObject({ rule: { frequency: 'weekly', until: addDays(tuesday(0), 179) }, first_date: tuesday(2), start_time: '15:00' });
    // The answer shows each occurrence's own rule.
    expect((await get(before[0]!.id)).body.result.repeat).toEqual({ frequency: 'weekly', until: addDays(tuesday(2), -1) });
  });

  it('a time change of several occurrences that clashes is refused listing the clashes, nothing changed', async () => {
    const roomId = await newRoom();
    await booked(weekly(roomId, 3));
    await booked({ roomId, title: 'Blocker', startAt: london(tuesday(2), '13:00'), endAt: london(tuesday(2), '14:00') }, colleagueToken);
    const before = await rowsOf(roomId);
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const answer = await post('/api/meeting/reservation/update', { id: before[0]!.id, scope: 'all', title: 'Moved', startAt: london(tuesday(0), '13:30'), endAt: london(tuesday(0), '14:30') }, hostToken, lang);
      expect([answer.status, answer.body.returncode, answer.body.message]).toEqual([409, ReturnCode.CONFLICT, formatMessage('reservationSeriesConflict', lang, { count: 1, total: 3 })]);
      const conflicts = (answer.body.result as unknown as { conflicts: OccurrenceCheck[] }).conflicts;
      expect(conflicts.map((c) => [c.date, c.conflict?.title])).toEqual([[tuesday(2), 'Blocker']]);
    }
    expect(await rowsOf(roomId)).toEqual(before);
    // Moving every occurrence by a whole day onto one another's old times is fine (daily series shifted by one day).
    const dailyRoom = await newRoom();
    await booked({ roomId: dailyRoom, title: 'Daily', startAt: london('2026-12-07', '10:00'), endAt: london('2026-12-07', '11:00'), repeat: { frequency: 'daily', until: '2026-12-10' } });
    const daily = await rowsOf(dailyRoom);
    const shifted = await post('/api/meeting/reservation/update', { id: daily[0]!.id, scope: 'all', startAt: london('2026-12-08', '10:30'), endAt: london('2026-12-08', '11:30') });
    expect(shifted.status, shifted.body.message).toBe(200);
    expect((await rowsOf(dailyRoom)).map((row) => [row.occurrence_date, row.start_at])).toEqual(
      ['2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11'].map((date) => [date, london(date, '10:30')]),
    );
  });

  it('cancels one, this and the following, or all; the series ends before them', async () => {
    const roomId = await newRoom();
    const created = await booked(weekly(roomId, 5));
    const rows = await rowsOf(roomId);
    const one = await post('/api/meeting/reservation/cancel', { id: rows[3]!.id });
    expect([one.status, one.body.message]).toEqual([200, formatMessage('reservationCancelled', 'en-US')]);
    expect((await rowsOf(roomId)).map((row) => row.status)).toEqual(['confirmed', 'confirmed', 'confirmed', 'cancelled', 'confirmed']);
    // One occurrence cancelled on its own can be undone; occurrences cancelled with the series' end cannot.
    const back = await post('/api/meeting/reservation/restore', { id: rows[3]!.id });
    expect([back.status, back.body.result.status]).toEqual([200, 'confirmed']);
    expect((await post('/api/meeting/reservation/cancel', { id: rows[3]!.id })).status).toBe(200);
    const following = await post('/api/meeting/reservation/cancel', { id: rows[1]!.id, scope: 'following' }, hostToken, 'zh-CN');
    expect([following.status, following.body.message]).toEqual([200, formatMessage('reservationSeriesCancelled', 'zh-CN', { count: 3 })]);
    expect((await rowsOf(roomId)).map((row) => row.status)).toEqual(['confirmed', 'cancelled', 'cancelled', 'cancelled', 'cancelled']);
    expect((await ruleOf(created.seriesId!)).rule).toEqual({ frequency: 'weekly', until: addDays(tuesday(1), -1) });
    const ended = await post('/api/meeting/reservation/restore', { id: rows[2]!.id });
    expect([ended.status, ended.body.message]).toEqual([422, formatMessage('reservationRestoreUnavailable', 'en-US')]);

    const otherRoomOfUs = await newRoom();
    const second = await booked(weekly(otherRoomOfUs, 4));
    const secondRows = await rowsOf(otherRoomOfUs);
    // Only the host may cancel; another company does not see the series at all.
    expect((await post('/api/meeting/reservation/cancel', { id: secondRows[2]!.id, scope: 'all' }, colleagueToken)).status).toBe(403);
    expect((await post('/api/meeting/reservation/cancel', { id: secondRows[2]!.id, scope: 'all' }, otherToken)).status).toBe(404);
    expect((await post('/api/meeting/reservation/update', { id: secondRows[2]!.id, scope: 'all', title: 'Probe' }, otherToken)).status).toBe(404);
    expect((await post('/api/meeting/reservation/update', { id: secondRows[2]!.id, scope: 'all', title: 'Probe' }, colleagueToken)).status).toBe(403);
    const all = await post('/api/meeting/reservation/cancel', { id: secondRows[2]!.id, scope: 'all' });
    expect([all.status, all.body.message]).toEqual([200, formatMessage('reservationSeriesCancelled', 'en-US', { count: 4 })]);
    expect((await rowsOf(otherRoomOfUs)).map((row) => row.status)).toEqual(['cancelled', 'cancelled', 'cancelled', 'cancelled']);
    expect((await ruleOf(second.seriesId!)).rule).toEqual({ frequency: 'weekly', until: addDays(tuesday(0), -1) });
  });

  it('tells booking listeners after commit, with the series', async () => {
    const roomId = await newRoom();
    const seen: BookingChange[] = [];
    const stop = t.app.bookingEvents.onCommitted((change) => {
      seen.push(change);
    });
    try {
      const created = await booked(weekly(roomId, 3));
      const rows = await rowsOf(roomId);
      await post('/api/meeting/reservation/update', { id: rows[1]!.id, scope: 'following', title: 'Split' });
      const newSeries = (await rowsOf(roomId))[1]!.series_id;
      await post('/api/meeting/reservation/cancel', { id: rows[0]!.id, scope: 'all' });
      expect(seen.map((change) => [change.kind, change.seriesId, change.reservationIds])).toEqual([
        ['created', created.seriesId, rows.map((row) => row.id)],
        ['updated', newSeries, [rows[1]!.id, rows[2]!.id]],
        ['cancelled', created.seriesId, [rows[0]!.id]],
      ]);
    } finally {
      stop();
    }
  });

  it('never changes or cancels occurrences that are past', async () => {
    const start = t.clock.now();
    try {
      const roomId = await newRoom();
      await booked({ roomId, title: 'Daily', startAt: london('2026-11-23', '09:30'), endAt: london('2026-11-23', '10:00'), repeat: { frequency: 'daily', until: '2026-11-27' } });
      const rows = await rowsOf(roomId);
      expect(rows.length).toBe(5);
      // Wednesday noon: Monday's and Tuesday's have happened, Wednesday's too.
      t.clock.set(Date.UTC(2026, 10, 25, 12, 0));
      const token = await t.factories.session(host);
      const answer = await post('/api/meeting/reservation/update', { id: rows[3]!.id, scope: 'all', title: 'Changed', startAt: london('2026-11-26', '11:00'), endAt: london('2026-11-26', '11:30') }, token);
      expect(answer.status, answer.body.message).toBe(200);
      const after = await rowsOf(roomId);
      expect(after.slice(0, 3)).toEqual(rows.slice(0, 3));
      expect(after.slice(3).map((row) => [row.title, row.start_at])).toEqual([
        ['Changed', london('2026-11-26', '11:00')],
        ['Changed', london('2026-11-27', '11:00')],
      ]);
      const cancelled = await post('/api/meeting/reservation/cancel', { id: rows[4]!.id, scope: 'all' }, token);
      expect([cancelled.status, cancelled.body.message]).toEqual([200, formatMessage('reservationSeriesCancelled', 'en-US', { count: 2 })]);
      expect((await rowsOf(roomId)).map((row) => row.status)).toEqual(['confirmed', 'confirmed', 'confirmed', 'cancelled', 'cancelled']);
      // A past occurrence itself cannot be changed or cancelled in any scope.
      const past = await post('/api/meeting/reservation/update', { id: rows[0]!.id, scope: 'all', title: 'Rewrite history' }, token);
      expect([past.status, past.body.message]).toEqual([422, formatMessage('reservationEnded', 'en-US')]);
      const pastCancel = await post('/api/meeting/reservation/cancel', { id: rows[0]!.id, scope: 'all' }, token);
      expect([pastCancel.status, pastCancel.body.message]).toEqual([422, formatMessage('reservationEnded', 'en-US')]);
    } finally {
      t.clock.set(start);
    }
  });
});
