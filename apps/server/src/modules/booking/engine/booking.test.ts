import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, RESERVATION_RESTORE_WINDOW_MS, ReturnCode, type Lang, type MessageKey, type MessageOf, type MessageParamsArg, type Reservation, type ReservationList } from '@atrium/contract';
import { sql } from 'kysely';
import { call, createTestApp, type TestApp } from '../../../test/app.js';
import { TEST_DIALECT } from '../../../test/database.js';
import { createTestRoom } from '../../../test/rooms.js';
import type { TestUser } from '../../../test/factories.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe(`reservations core (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let companyId: number;
  let host: TestUser;
  let hostToken: string;
  let colleague: TestUser;
  let colleagueToken: string;
  let viewerToken: string;
  let outsiderToken: string;
  let otherToken: string;
  let otherRoom: number;
  let floorId: number;
  let base: number;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.factories.companyWithAdmin('Booking Co');
    companyId = a.company.id;
    host = await t.factories.user(companyId, { permissions: ['calendarRoomUse:view', 'calendarRoomUse:edit'] });
    hostToken = await t.factories.session(host);
    colleague = await t.factories.user(companyId, { permissions: ['calendarRoomUse:view', 'calendarRoomUse:edit'] });
    colleagueToken = await t.factories.session(colleague);
    viewerToken = await t.factories.session(await t.factories.user(companyId, { permissions: ['calendarRoomUse:view'] }));
    outsiderToken = await t.factories.session(await t.factories.user(companyId, { permissions: ['roomsLocations:view'] }));
    const b = await t.factories.companyWithAdmin('Elsewhere Co');
    otherToken = await t.factories.session(b.admin);
    otherRoom = (await createTestRoom(t.db, t.factories, t.clock, b.company.id, { name: 'Their room' })).roomId;
    floorId = (await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Seed room', timeZone: 'Europe/Paris' })).floorId;
    // Tomorrow 10:00 UTC (11:00 in Paris).
    base = t.clock.now() + DAY + HOUR;
  });
  afterAll(() => t.cleanup());

  let roomCounter = 0;
  async function newRoom(options: { needsApproval?: boolean; isAvailable?: boolean } = {}) {
    const { roomId } = await createTestRoom(t.db, t.factories, t.clock, companyId, { name: `Room ${++roomCounter}`, floorId });
    await t.db.kysely
      .updateTable('rooms')
      .set({ needs_approval: options.needsApproval ? 1 : 0, is_available: options.isAvailable === false ? 0 : 1 })
      .where('id', '=', roomId)
      .execute();
    return roomId;
  }

  const post = <T = Reservation>(url: string, payload: unknown, token = hostToken, lang: Lang = 'en-US') =>
    call<T>(t.app, { method: 'POST', url, headers: { token, lang }, payload: payload as Record<string, unknown> });
  const get = <T = Reservation>(url: string, token = hostToken, lang: Lang = 'en-US') => call<T>(t.app, { method: 'GET', url, headers: { token, lang } });
  const book = (body: Record<string, unknown>, token = hostToken, lang: Lang = 'en-US') => post('/api/meeting/reservation', body, token, lang);
  async function booked(body: Record<string, unknown>, token = hostToken) {
    const answer = await book(body, token);
    expect(answer.status, answer.body.message).toBe(200);
    return answer.body.result;
  }
  const paris = (ms: number) => {
    const d = new Date(ms + HOUR); // Paris is UTC+1 in November.
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')} ${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
  };
  async function expectRefusal<K extends MessageKey>(answer: Awaited<ReturnType<typeof book>>, status: number, code: number, key: K, lang: Lang, ...params: MessageParamsArg<K>) {
    expect([answer.status, answer.body.returncode, answer.body.message]).toEqual([status, code, formatMessage(key, lang, ...params)]);
  }

  it('books a room with participants and echoes the room time zone; get and list show it', async () => {
    const roomId = await newRoom();
    const answer = await book({
      roomId,
      title: 'Design review',
      startAt: base,
      endAt: base + HOUR,
      participants: [{ userId: colleague.id }, { email: 'Guest@Partner.test' }, { userId: host.id }, { userId: colleague.id }],
      remarks: 'Bring the mock-ups',
    });
    expect([answer.status, answer.body.returncode, answer.body.message]).toEqual([200, ReturnCode.OK, formatMessage('reservationCreated', 'en-US')]);
    const created = answer.body.result;
    expect(created).toMatchObject({
      roomId,
      roomName: `Room ${roomCounter}`,
      timeZone: 'Europe/Paris',
      title: 'Design review',
      hostUserId: host.id,
      startAt: base,
      endAt: base + HOUR,
      status: 'confirmed',
      privacy: 'public',
      channel: 'console',
      remarks: 'Bring the mock-ups',
      visible: true,
      canEdit: true,
    });
    // The host is implied; duplicates collapse; addresses are stored in lower case.
    expect(created.participants!.map((p) => p.userId ?? p.email)).toEqual([colleague.id, 'guest@partner.test']);
    const one = await get(`/api/meeting/reservation?id=${created.id}`, colleagueToken);
    expect(one.body.result).toMatchObject({ id: created.id, title: 'Design review', canEdit: false, visible: true });
    const list = await get<ReservationList>(`/api/meeting/reservation/list?roomId=${roomId}&from=${base - DAY}&to=${base + DAY}`, viewerToken);
    expect(list.status).toBe(200);
    expect(list.body.result.timeZone).toBe('Europe/Paris');
    expect(list.body.result.list.map((r) => r.id)).toEqual([created.id]);
    // A window that ends where the meeting starts does not include it (half-open).
    const before = await get<ReservationList>(`/api/meeting/reservation/list?roomId=${roomId}&from=${base - HOUR}&to=${base}`);
    expect(before.body.result.list).toEqual([]);
  });

  it('requires room, title and times, and checks the time rules, in both languages', async () => {
    const roomId = await newRoom();
    const cases: Array<[Record<string, unknown>, MessageOf]> = [
      [{ title: 'No room', startAt: base, endAt: base + HOUR }, { key: 'reservationRoomRequired' }],
      [{ roomId, startAt: base, endAt: base + HOUR }, { key: 'reservationTitleRequired' }],
      [{ roomId, title: '   ', startAt: base, endAt: base + HOUR }, { key: 'reservationTitleRequired' }],
      [{ roomId, title: 'No end', startAt: base }, { key: 'reservationTimeRequired' }],
      [{ roomId, title: 'No start', startAt: null, endAt: base }, { key: 'reservationTimeRequired' }],
      [{ roomId, title: 'Backwards', startAt: base + HOUR, endAt: base }, { key: 'reservationStartAfterEnd' }],
      [{ roomId, title: 'Empty', startAt: base, endAt: base }, { key: 'reservationStartAfterEnd' }],
      [{ roomId, title: 'Marathon', startAt: base, endAt: base + DAY + MINUTE }, { key: 'reservationTooLong', params: { minutes: 1440 } }],
      [{ roomId, title: 'Yesterday', startAt: t.clock.now() - 10 * MINUTE, endAt: t.clock.now() + HOUR }, { key: 'reservationInPast' }],
      [{ roomId, title: 'Far', startAt: t.clock.now() + 181 * DAY, endAt: t.clock.now() + 181 * DAY + HOUR }, { key: 'reservationTooFarAhead', params: { days: 180 } }],
    ];
    for (const lang of ['en-US', 'zh-CN'] as const) {
      for (const [body, refusal] of cases) {
        const answer = await book(body, hostToken, lang);
        expect([answer.status, answer.body.returncode, answer.body.message]).toEqual([422, ReturnCode.REFUSED, formatMessage(refusal, lang)]);
      }
    }
    // A start a little in the past (within the grace) and one exactly 180 days ahead are fine.
    await booked({ roomId, title: 'Just now', startAt: t.clock.now() - 4 * MINUTE, endAt: t.clock.now() + 30 * MINUTE });
    await booked({ roomId, title: 'Far but allowed', startAt: t.clock.now() + 180 * DAY, endAt: t.clock.now() + 180 * DAY + HOUR });
    // Malformed input is a schema error.
    const bad = await book({ roomId, title: 'Bad address', startAt: base, endAt: base + HOUR, participants: [{ email: 'not-an-address' }] });
    expect([bad.status, bad.body.returncode]).toEqual([400, ReturnCode.BAD_REQUEST]);
    const badPrivacy = await book({ roomId, title: 'Bad privacy', startAt: base, endAt: base + HOUR, privacy: 'secret' });
    expect(badPrivacy.status).toBe(400);
  });

  it('answers 409 naming the clashing meeting; back-to-back is fine; a cancelled meeting frees its slot', async () => {
    const roomId = await newRoom();
    const first = await booked({ roomId, title: 'Standup', startAt: base, endAt: base + HOUR });
    for (const lang of ['en-US', 'zh-CN'] as const) {
      for (const [start, end] of [[base + 30 * MINUTE, base + 90 * MINUTE], [base - 30 * MINUTE, base + MINUTE], [base + 10 * MINUTE, base + 20 * MINUTE], [base - HOUR, base + 2 * HOUR]]) {
        const clash = await book({ roomId, title: 'Clash', startAt: start, endAt: end }, colleagueToken, lang);
        await expectRefusal(clash, 409, ReturnCode.CONFLICT, 'reservationConflict', lang, { start: paris(base), end: paris(base + HOUR), title: 'Standup' });
        expect(clash.body.result).toEqual({ reservationId: first.id, startAt: base, endAt: base + HOUR, title: 'Standup', timeZone: 'Europe/Paris' });
      }
    }
    const before = await booked({ roomId, title: 'Before', startAt: base - HOUR, endAt: base }, colleagueToken);
    const after = await booked({ roomId, title: 'After', startAt: base + HOUR, endAt: base + 2 * HOUR }, colleagueToken);
    expect([before.status, after.status]).toEqual(['confirmed', 'confirmed']);
    // The same slot in another room is free.
    await booked({ roomId: await newRoom(), title: 'Elsewhere', startAt: base, endAt: base + HOUR });

    const cancelled = await post('/api/meeting/reservation/cancel', { id: first.id });
    expect([cancelled.status, cancelled.body.message, cancelled.body.result.status]).toEqual([200, formatMessage('reservationCancelled', 'en-US'), 'cancelled']);
    const again = await post('/api/meeting/reservation/cancel', { id: first.id }, hostToken, 'zh-CN');
    await expectRefusal(again, 422, ReturnCode.REFUSED, 'reservationNotActive', 'zh-CN');
    const retaken = await booked({ roomId, title: 'Retaken', startAt: base, endAt: base + HOUR }, colleagueToken);
    expect(retaken.status).toBe('confirmed');
    const list = await get<ReservationList>(`/api/meeting/reservation/list?roomId=${roomId}&from=${base - DAY}&to=${base + DAY}`);
    expect(list.body.result.list.map((r) => r.title)).toEqual(['Before', 'Retaken', 'After']);
  });

  it('undoes a cancellation shortly after: the host or whoever cancelled, while the slot is free; then it is too late', async () => {
    const roomId = await newRoom();
    const restore = (id: number, token = hostToken, lang: Lang = 'en-US') => post('/api/meeting/reservation/restore', { id }, token, lang);
    const meeting = await booked({ roomId, title: 'Planning', startAt: base, endAt: base + HOUR, participants: [{ userId: colleague.id }] });
    // Nothing to undo while it is active.
    await expectRefusal(await restore(meeting.id), 422, ReturnCode.REFUSED, 'reservationRestoreUnavailable', 'en-US');
    expect((await post('/api/meeting/reservation/cancel', { id: meeting.id })).status).toBe(200);
    t.clock.advance(30_000);
    for (const lang of ['en-US', 'zh-CN'] as const) {
      // An attendee who neither hosts nor cancelled it may not bring it back.
      await expectRefusal(await restore(meeting.id, colleagueToken, lang), 403, ReturnCode.NO_PERMISSION, 'reservationRestoreNotAllowed', lang);
      // Another company does not even see it.
      await expectRefusal(await restore(meeting.id, otherToken, lang), 404, ReturnCode.NOT_FOUND, 'reservationNotFound', lang);
    }
    const restored = await restore(meeting.id);
    expect([restored.status, restored.body.message]).toEqual([200, formatMessage('reservationRestored', 'en-US')]);
    expect(restored.body.result).toMatchObject({ id: meeting.id, status: 'confirmed', startAt: base, endAt: base + HOUR, title: 'Planning' });
    expect(restored.body.result.participants!.map((p) => p.userId)).toEqual([colleague.id]);
    // It holds its slot again.
    const clash = await book({ roomId, title: 'Grab', startAt: base, endAt: base + HOUR }, colleagueToken);
    expect(clash.status).toBe(409);
    await expectRefusal(await restore(meeting.id), 422, ReturnCode.REFUSED, 'reservationRestoreUnavailable', 'en-US');

    // Past the window: refused, in both languages.
    expect((await post('/api/meeting/reservation/cancel', { id: meeting.id })).status).toBe(200);
    t.clock.advance(RESERVATION_RESTORE_WINDOW_MS + 1_000);
    for (const lang of ['en-US', 'zh-CN'] as const) {
      await expectRefusal(await restore(meeting.id, hostToken, lang), 422, ReturnCode.REFUSED, 'reservationRestoreExpired', lang, { seconds: RESERVATION_RESTORE_WINDOW_MS / 1000 });
    }
    expect((await get(`/api/meeting/reservation?id=${meeting.id}`)).body.result.status).toBe('cancelled');

    // The slot was taken meanwhile: the database's overlap guard says no, naming the meeting now there.
    const second = await booked({ roomId, title: 'Review', startAt: base + 3 * HOUR, endAt: base + 4 * HOUR });
    expect((await post('/api/meeting/reservation/cancel', { id: second.id })).status).toBe(200);
    const taker = await booked({ roomId, title: 'Walk-in', startAt: base + 3 * HOUR + 30 * MINUTE, endAt: base + 4 * HOUR }, colleagueToken);
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const refused = await restore(second.id, hostToken, lang);
      await expectRefusal(refused, 409, ReturnCode.CONFLICT, 'reservationConflict', lang, { start: paris(taker.startAt), end: paris(taker.endAt), title: 'Walk-in' });
    }
    expect((await get(`/api/meeting/reservation?id=${second.id}`)).body.result.status).toBe('cancelled');

    // A request under approval comes back as a request.
    const approvalRoom = await newRoom({ needsApproval: true });
    const request = await booked({ roomId: approvalRoom, title: 'Board prep', startAt: base, endAt: base + HOUR });
    expect(request.status).toBe('pending');
    expect((await post('/api/meeting/reservation/cancel', { id: request.id })).status).toBe(200);
    expect((await restore(request.id)).body.result.status).toBe('pending');
    // A withdrawn request cannot be undone.
    expect((await post('/api/meeting/approval/withdraw', { id: request.id })).status).toBe(200);
    await expectRefusal(await restore(request.id), 422, ReturnCode.REFUSED, 'reservationRestoreUnavailable', 'en-US');
  });

  it("names the clash in the room's local time across a daylight-saving change", async () => {
    const roomId = await newRoom();
    // Paris moves from UTC+1 to UTC+2 at 01:00 UTC on 28 March 2027.
    const start = Date.UTC(2027, 2, 28, 0, 30);
    await booked({ roomId, title: 'Night shift handover', startAt: start, endAt: start + HOUR });
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const clash = await book({ roomId, title: 'Clash', startAt: start + 30 * MINUTE, endAt: start + 2 * HOUR }, colleagueToken, lang);
      await expectRefusal(clash, 409, ReturnCode.CONFLICT, 'reservationConflict', lang, { start: '2027-03-28 01:30', end: '2027-03-28 03:30', title: 'Night shift handover' });
    }
  });

  it("does not reveal another person's busy or private meeting, in answers or in a conflict", async () => {
    const roomId = await newRoom();
    const secret = await booked({ roomId, title: 'Merger talks', startAt: base, endAt: base + HOUR, privacy: 'private', remarks: 'Confidential' });
    const busy = await booked({ roomId, title: 'One-to-one', startAt: base + 2 * HOUR, endAt: base + 3 * HOUR, privacy: 'busy' });
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const clash = await book({ roomId, title: 'Curious', startAt: base, endAt: base + HOUR }, colleagueToken, lang);
      await expectRefusal(clash, 409, ReturnCode.CONFLICT, 'reservationConflictBusy', lang, { start: paris(base), end: paris(base + HOUR) });
      expect(clash.body.result).toMatchObject({ title: null });
      expect(JSON.stringify(clash.body)).not.toContain('Merger');
    }
    const seen = await get(`/api/meeting/reservation?id=${secret.id}`, colleagueToken);
    expect(seen.body.result).toMatchObject({ title: null, remarks: null, participants: null, hostUserId: null, visible: false, startAt: base });
    const seenBusy = await get(`/api/meeting/reservation?id=${busy.id}`, colleagueToken);
    expect(seenBusy.body.result).toMatchObject({ title: null, hostUserId: host.id, visible: false });
    const list = await get<ReservationList>(`/api/meeting/reservation/list?roomId=${roomId}&from=${base - DAY}&to=${base + DAY}`, viewerToken);
    expect(JSON.stringify(list.body.result)).not.toMatch(/Merger|One-to-one|Confidential/);
    expect(list.body.result.list).toHaveLength(2);
    // The host still sees everything, and so does a participant.
    expect((await get(`/api/meeting/reservation?id=${secret.id}`)).body.result.title).toBe('Merger talks');
    const invited = await booked({ roomId, title: 'Invited', startAt: base + 4 * HOUR, endAt: base + 5 * HOUR, privacy: 'private', participants: [{ userId: colleague.id }] });
    expect((await get(`/api/meeting/reservation?id=${invited.id}`, colleagueToken)).body.result.title).toBe('Invited');
  });

  it('creates pending bookings in rooms with approval, and a pending booking holds its slot', async () => {
    const roomId = await newRoom({ needsApproval: true });
    const answer = await book({ roomId, title: 'Board meeting', startAt: base, endAt: base + HOUR }, hostToken, 'zh-CN');
    expect([answer.status, answer.body.message, answer.body.result.status]).toEqual([200, formatMessage('reservationPending', 'zh-CN'), 'pending']);
    const clash = await book({ roomId, title: 'Sneak in', startAt: base + 15 * MINUTE, endAt: base + 45 * MINUTE }, colleagueToken);
    await expectRefusal(clash, 409, ReturnCode.CONFLICT, 'reservationConflict', 'en-US', { start: paris(base), end: paris(base + HOUR), title: 'Board meeting' });
    // A rejected booking holds nothing.
    await t.db.kysely.updateTable('reservations').set({ status: 'rejected' }).where('id', '=', answer.body.result.id).execute();
    expect((await booked({ roomId, title: 'Sneak in', startAt: base + 15 * MINUTE, endAt: base + 45 * MINUTE }, colleagueToken)).status).toBe('pending');
  });

  it('refuses rooms that are unavailable or disabled (maintenance) for the time', async () => {
    const unavailable = await newRoom({ isAvailable: false });
    for (const lang of ['en-US', 'zh-CN'] as const) {
      await expectRefusal(await book({ roomId: unavailable, title: 'Nope', startAt: base, endAt: base + HOUR }, hostToken, lang), 422, ReturnCode.REFUSED, 'reservationRoomUnavailable', lang);
    }
    const roomId = await newRoom();
    await t.db.kysely
      .insertInto('room_disable_periods')
      .values({ company_id: companyId, room_id: roomId, start_at: base + 2 * HOUR, end_at: base + 4 * HOUR, reason: 'Painting', created_by: host.id, created_at: t.clock.now() })
      .execute();
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const refused = await book({ roomId, title: 'During paint', startAt: base + 3 * HOUR, endAt: base + 5 * HOUR }, hostToken, lang);
      await expectRefusal(refused, 422, ReturnCode.REFUSED, 'reservationRoomDisabled', lang, { start: paris(base + 2 * HOUR), end: paris(base + 4 * HOUR) });
    }
    // Right before and right after the period is fine.
    await booked({ roomId, title: 'Before paint', startAt: base + HOUR, endAt: base + 2 * HOUR });
    const after = await booked({ roomId, title: 'After paint', startAt: base + 4 * HOUR, endAt: base + 5 * HOUR });
    // Moving a meeting into the period is refused too.
    const moved = await post('/api/meeting/reservation/update', { id: after.id, startAt: base + 3 * HOUR });
    await expectRefusal(moved, 422, ReturnCode.REFUSED, 'reservationRoomDisabled', 'en-US', { start: paris(base + 2 * HOUR), end: paris(base + 4 * HOUR) });
  });

  it('moves, renames and re-invites; a move onto another meeting is a 409; only the host may change or cancel', async () => {
    const roomId = await newRoom();
    const otherRoomId = await newRoom({ needsApproval: true });
    const a = await booked({ roomId, title: 'A', startAt: base, endAt: base + HOUR });
    const b = await booked({ roomId, title: 'B', startAt: base + 2 * HOUR, endAt: base + 3 * HOUR }, colleagueToken);
    const moved = await post('/api/meeting/reservation/update', { id: a.id, startAt: base + HOUR, endAt: base + 2 * HOUR, title: 'A moved', participants: [{ email: 'x@y.test' }] });
    expect(moved.status, moved.body.message).toBe(200);
    expect(moved.body.result).toMatchObject({ title: 'A moved', startAt: base + HOUR, endAt: base + 2 * HOUR, status: 'confirmed', participants: [{ userId: null, email: 'x@y.test' }] });
    // Shrinking or extending onto itself is fine; onto B is not.
    expect((await post('/api/meeting/reservation/update', { id: a.id, endAt: base + 90 * MINUTE })).status).toBe(200);
    const clash = await post('/api/meeting/reservation/update', { id: a.id, endAt: base + 2 * HOUR + MINUTE }, hostToken, 'zh-CN');
    await expectRefusal(clash, 409, ReturnCode.CONFLICT, 'reservationConflict', 'zh-CN', { start: paris(base + 2 * HOUR), end: paris(base + 3 * HOUR), title: 'B' });
    expect((await get(`/api/meeting/reservation?id=${a.id}`)).body.result).toMatchObject({ startAt: base + HOUR, endAt: base + 90 * MINUTE });
    // Moving to a room with approval makes it pending.
    const toApproval = await post('/api/meeting/reservation/update', { id: a.id, roomId: otherRoomId });
    expect(toApproval.body.result).toMatchObject({ roomId: otherRoomId, status: 'pending' });
    // Not the host.
    for (const lang of ['en-US', 'zh-CN'] as const) {
      await expectRefusal(await post('/api/meeting/reservation/update', { id: b.id, title: 'Mine now' }, hostToken, lang), 403, ReturnCode.NO_PERMISSION, 'reservationNotHost', lang);
      await expectRefusal(await post('/api/meeting/reservation/cancel', { id: b.id }, hostToken, lang), 403, ReturnCode.NO_PERMISSION, 'reservationNotHost', lang);
    }
    await expectRefusal(await post('/api/meeting/reservation/update', { id: b.id, title: '' }, colleagueToken), 422, ReturnCode.REFUSED, 'reservationTitleRequired', 'en-US');
    // A meeting that has ended cannot change.
    const soon = await booked({ roomId, title: 'Quick sync', startAt: t.clock.now(), endAt: t.clock.now() + 15 * MINUTE }, colleagueToken);
    t.clock.advance(16 * MINUTE);
    try {
      await expectRefusal(await post('/api/meeting/reservation/update', { id: soon.id, title: 'Late' }, colleagueToken), 422, ReturnCode.REFUSED, 'reservationEnded', 'en-US');
      await expectRefusal(await post('/api/meeting/reservation/cancel', { id: soon.id }, colleagueToken), 422, ReturnCode.REFUSED, 'reservationEnded', 'en-US');
    } finally {
      t.clock.advance(-16 * MINUTE);
    }
  });

  it('checks participants and the list period', async () => {
    const roomId = await newRoom();
    const b = await t.factories.companyWithAdmin('Stranger Co');
    await expectRefusal(await book({ roomId, title: 'X', startAt: base, endAt: base + HOUR, participants: [{ userId: b.admin.id }] }), 404, ReturnCode.NOT_FOUND, 'reservationParticipantNotFound', 'en-US');
    for (const lang of ['en-US', 'zh-CN'] as const) {
      for (const [from, to] of [[base, base], [base, base - 1], [base, base + 32 * DAY]]) {
        await expectRefusal(await get(`/api/meeting/reservation/list?roomId=${roomId}&from=${from}&to=${to}`, hostToken, lang), 422, ReturnCode.REFUSED, 'reservationRangeInvalid', lang, { days: 31 });
      }
    }
  });

  it("answers 404 for another company's room or reservation, and 403 without calendarRoomUse", async () => {
    const roomId = await newRoom();
    const mine = await booked({ roomId, title: 'Ours', startAt: base, endAt: base + HOUR });
    await expectRefusal(await book({ roomId: otherRoom, title: 'Theirs', startAt: base, endAt: base + HOUR }), 404, ReturnCode.NOT_FOUND, 'roomNotFound', 'en-US');
    await expectRefusal(await get(`/api/meeting/reservation/list?roomId=${otherRoom}&from=${base}&to=${base + DAY}`), 404, ReturnCode.NOT_FOUND, 'roomNotFound', 'en-US');
    for (const lang of ['en-US', 'zh-CN'] as const) {
      await expectRefusal(await get(`/api/meeting/reservation?id=${mine.id}`, otherToken, lang), 404, ReturnCode.NOT_FOUND, 'reservationNotFound', lang);
      await expectRefusal(await post('/api/meeting/reservation/update', { id: mine.id, title: 'Hijack' }, otherToken, lang), 404, ReturnCode.NOT_FOUND, 'reservationNotFound', lang);
      await expectRefusal(await post('/api/meeting/reservation/cancel', { id: mine.id }, otherToken, lang), 404, ReturnCode.NOT_FOUND, 'reservationNotFound', lang);
    }
    expect((await get(`/api/meeting/reservation?id=${mine.id}`)).body.result.status).toBe('confirmed');
    // Without the permission: nothing; view is enough to use the area, booking included (Staff holds view only).
    expect((await get(`/api/meeting/reservation?id=${mine.id}`, outsiderToken)).status).toBe(403);
    expect((await get(`/api/meeting/reservation/list?roomId=${roomId}&from=${base}&to=${base + DAY}`, outsiderToken)).status).toBe(403);
    expect((await book({ roomId, title: 'No right', startAt: base + 2 * HOUR, endAt: base + 3 * HOUR }, outsiderToken)).status).toBe(403);
    expect((await get(`/api/meeting/reservation?id=${mine.id}`, viewerToken)).status).toBe(200);
    const viewerBook = await book({ roomId, title: 'View only', startAt: base + 2 * HOUR, endAt: base + 3 * HOUR }, viewerToken);
    expect([viewerBook.status, viewerBook.body.returncode]).toEqual([200, ReturnCode.OK]);
  });

  it('enforces the rules in the database itself, whoever writes', async () => {
    const roomId = await newRoom();
    const now = t.clock.now();
    const insert = (startAt: number, endAt: number, status: string = 'confirmed') =>
      t.db.kysely
        .insertInto('reservations')
        .values({ company_id: companyId, resource_id: roomId, title: 'Raw', start_at: startAt, end_at: endAt, status: status as 'confirmed', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
    const first = await insert(base, base + HOUR);
    await expect(insert(base + 30 * MINUTE, base + 2 * HOUR)).rejects.toThrow(TEST_DIALECT === 'postgres' ? /reservations_no_overlap/ : /reservation_overlap/);
    await expect(insert(base + 30 * MINUTE, base + 2 * HOUR, 'pending')).rejects.toThrow();
    await insert(base + HOUR, base + 2 * HOUR);
    await insert(base + 30 * MINUTE, base + 2 * HOUR, 'cancelled');
    // Re-activating a cancelled row onto a taken slot fails too; moving a row onto another does.
    const cancelled = await insert(base + 30 * MINUTE, base + 50 * MINUTE, 'cancelled');
    await expect(t.db.kysely.updateTable('reservations').set({ status: 'confirmed' }).where('id', '=', cancelled.id).execute()).rejects.toThrow();
    await expect(t.db.kysely.updateTable('reservations').set({ end_at: base + 61 * MINUTE }).where('id', '=', first.id).execute()).rejects.toThrow();
    // Invalid rows.
    await expect(insert(base + 5 * HOUR, base + 5 * HOUR)).rejects.toThrow();
    await expect(insert(base + 6 * HOUR, base + 6 * HOUR + DAY + 1)).rejects.toThrow();
    await expect(insert(base + 8 * HOUR, base + 9 * HOUR, 'done')).rejects.toThrow();
    const pairs = await sql<{ count: number | string }>`
      select count(*) as count from reservations a join reservations b
        on a.resource_id = b.resource_id and a.id < b.id and a.start_at < b.end_at and b.start_at < a.end_at
      where a.status in ('pending', 'confirmed') and b.status in ('pending', 'confirmed')`.execute(t.db.kysely);
    expect(Number(pairs.rows[0]!.count)).toBe(0);
  });
});
