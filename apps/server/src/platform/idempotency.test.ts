import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, ReturnCode, type CreateReservationResult, type DoorDisplay, type Lang, type PadSchedule } from '@atrium/contract';
import { call, createTestApp, type Answer, type TestApp } from '../test/app.js';
import { TEST_DIALECT } from '../test/database.js';
import { createTestRoom } from '../test/rooms.js';
import type { TestUser } from '../test/factories.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** How long a key's first answer is kept, and when a claim without an answer counts as abandoned (docs/api.md). */
const KEPT_MS = DAY;
const ABANDONED_AFTER_MS = MINUTE;
/** Sessions that outlive the days the clock jumps. */
const LONG = { absoluteMs: 365 * DAY };

/**
 * Idempotency-Key on the booking area's writes (issue 16, finding 5): a retried request answers the
 * first answer instead of booking again; against two apps on one database (two server processes).
 */
describe(`Idempotency-Key (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let second: TestApp;
  let urls: string[];
  let companyId: number;
  let adminToken: string;
  let host: TestUser;
  let hostToken: string;
  let colleague: TestUser;
  let colleagueToken: string;
  let floorId: number;
  /** The test routes' gate: the first call of /api/test/slow waits until it is opened. */
  let openGate: () => void = () => undefined;
  let slowCalls = 0;
  let flakyCalls = 0;

  beforeAll(async () => {
    const config = { sessionIdleMinutes: 1_000_000, sessionAbsoluteHours: 100_000 };
    const testRoutes = (app: TestApp['app']) => {
      // Routes only this test has: one that fails unexpectedly once, one whose first call hangs until told.
      app.post('/api/test/flaky', { config: { access: 'authenticated', idempotent: true } }, async () => {
        flakyCalls += 1;
        if (flakyCalls === 1) throw new Error('the database went away');
        return { returncode: 200, message: 'ok', result: { attempt: flakyCalls } };
      });
      app.post('/api/test/slow', { config: { access: 'authenticated', idempotent: true } }, async () => {
        slowCalls += 1;
        const attempt = slowCalls;
        if (attempt === 1) await new Promise<void>((resolve) => (openGate = resolve));
        return { returncode: 200, message: 'ok', result: { attempt } };
      });
    };
    t = await createTestApp({ config, beforeReady: testRoutes });
    second = await createTestApp({ database: t.database, clock: t.clock, config });
    const a = await t.factories.companyWithAdmin('Retry Co');
    companyId = a.company.id;
    adminToken = await t.factories.session(a.admin, LONG);
    host = await t.factories.user(companyId, { permissions: ['calendarRoomUse:view'], firstName: 'Hana', lastName: 'Host' });
    hostToken = await t.factories.session(host, LONG);
    colleague = await t.factories.user(companyId, { permissions: ['calendarRoomUse:view'], firstName: 'Cole', lastName: 'League' });
    colleagueToken = await t.factories.session(colleague, LONG);
    floorId = (await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Seed', timeZone: 'Europe/Paris' })).floorId;
    urls = [];
    for (const app of [t.app, second.app]) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      urls.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    }
  });
  afterAll(async () => {
    openGate();
    await second?.cleanup();
    await t?.cleanup();
  });

  let rooms = 0;
  async function newRoom() {
    const { roomId } = await createTestRoom(t.db, t.factories, t.clock, companyId, { name: `Retry room ${++rooms}`, floorId });
    await t.db.kysely.updateTable('rooms').set({ sign_in_enabled: 1, sign_in_before_minutes: 10, sign_in_after_minutes: 15 }).where('id', '=', roomId).execute();
    return roomId;
  }
  let slots = 0;
  /** A fresh hour two days ahead (still ahead after the clock jumps a day). */
  const slot = () => Math.ceil((t.clock.now() + 2 * DAY) / HOUR) * HOUR + 2 * HOUR * slots++;

  const post = <T = CreateReservationResult>(url: string, payload: unknown, options: { token?: string; key?: string; lang?: Lang } = {}) =>
    call<T>(t.app, {
      method: 'POST',
      url,
      headers: { token: options.token ?? hostToken, lang: options.lang ?? 'en-US', ...(options.key !== undefined ? { 'idempotency-key': options.key } : {}) },
      payload: payload as Record<string, unknown>,
    });
  const book = (payload: Record<string, unknown>, options: { token?: string; key?: string; lang?: Lang } = {}) => post('/api/meeting/reservation', payload, options);
  const replayed = (answer: Answer<unknown>) => answer.response.headers['idempotent-replayed'];
  const meetingsTitled = async (title: string) =>
    (await t.db.kysely.selectFrom('reservations').select(['id', 'status']).where('company_id', '=', companyId).where('title', '=', title).execute()).length;
  let keys = 0;
  const newKey = () => `retry-${TEST_DIALECT}-${++keys}-8e03978e-40d5-43e8-bc93-6894a57f9324`;

  it('answers a retried booking with the first answer: the same meeting, status and body, booked once', async () => {
    const roomId = await newRoom();
    const startAt = slot();
    const body = { roomId, title: 'Dropped connection', startAt, endAt: startAt + HOUR };
    const key = newKey();
    const first = await book(body, { key });
    expect([first.status, first.body.returncode], first.body.message).toEqual([200, ReturnCode.OK]);
    expect(replayed(first)).toBeUndefined();
    // The client never saw that answer (the connection dropped) and sends the request again.
    const retry = await book(body, { key });
    expect([retry.status, retry.body.returncode], retry.body.message).toEqual([200, ReturnCode.OK]);
    expect(replayed(retry)).toBe('true');
    expect(retry.body.result.id).toBe(first.body.result.id);
    expect(retry.response.body).toBe(first.response.body);
    expect(await meetingsTitled('Dropped connection')).toBe(1);
    // The same fields in another order are the same request.
    const reordered = await book({ endAt: startAt + HOUR, startAt, title: 'Dropped connection', roomId }, { key });
    expect([reordered.status, replayed(reordered), reordered.body.result.id]).toEqual([200, 'true', first.body.result.id]);
  });

  it('answers a retried series with the first answer: every occurrence booked once', async () => {
    const roomId = await newRoom();
    const startAt = slot();
    const body = { roomId, title: 'Retried stand-up', startAt, endAt: startAt + 15 * MINUTE, repeat: { frequency: 'daily', until: new Date(startAt + 4 * DAY).toISOString().slice(0, 10) } };
    const key = newKey();
    const first = await book(body, { key });
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.result.seriesId).not.toBeNull();
    const booked = await meetingsTitled('Retried stand-up');
    expect(booked).toBeGreaterThanOrEqual(4);
    const retry = await book(body, { key });
    expect([retry.status, replayed(retry)], retry.body.message).toEqual([200, 'true']);
    expect([retry.body.result.seriesId, retry.body.result.booked]).toEqual([first.body.result.seriesId, first.body.result.booked]);
    expect(await meetingsTitled('Retried stand-up')).toBe(booked);
  });

  it('refuses the same key with another body or on another route (422/1005), in both languages', async () => {
    const roomId = await newRoom();
    const startAt = slot();
    const key = newKey();
    expect((await book({ roomId, title: 'Original', startAt, endAt: startAt + HOUR }, { key })).status).toBe(200);
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const changed = await book({ roomId, title: 'Changed title', startAt, endAt: startAt + HOUR }, { key, lang });
      expect([changed.status, changed.body.returncode]).toEqual([422, ReturnCode.REFUSED]);
      expect(changed.body.message).toBe(formatMessage('idempotencyKeyReused', lang));
      const elsewhere = await post('/api/meeting/calendar/share', { granteeUserId: colleague.id, level: 'visitor' }, { key, lang });
      expect([elsewhere.status, elsewhere.body.returncode, elsewhere.body.message]).toEqual([422, ReturnCode.REFUSED, formatMessage('idempotencyKeyReused', lang)]);
    }
    expect(await meetingsTitled('Changed title')).toBe(0);
    const shares = await t.db.kysely.selectFrom('calendar_shares').select('id').where('owner_user_id', '=', host.id).execute();
    expect(shares).toEqual([]);
  });

  it("keeps one caller's keys apart from another's", async () => {
    const key = newKey();
    const [roomA, roomB] = [await newRoom(), await newRoom()];
    const startAt = slot();
    const mine = await book({ roomId: roomA, title: 'Same key, host', startAt, endAt: startAt + HOUR }, { key });
    const theirs = await book({ roomId: roomB, title: 'Same key, colleague', startAt, endAt: startAt + HOUR }, { key, token: colleagueToken });
    expect([mine.status, theirs.status], theirs.body.message).toEqual([200, 200]);
    expect(replayed(theirs)).toBeUndefined();
    expect(theirs.body.result.id).not.toBe(mine.body.result.id);
    expect(theirs.body.result.hostUserId).toBe(colleague.id);
    const again = await book({ roomId: roomA, title: 'Same key, host', startAt, endAt: startAt + HOUR }, { key });
    expect([again.status, replayed(again), again.body.result.id]).toEqual([200, 'true', mine.body.result.id]);
  });

  it('books exactly once when 20 requests with one key arrive at once on two processes; the others replay or wait', async () => {
    const roomId = await newRoom();
    const startAt = slot();
    const key = newKey();
    const body = JSON.stringify({ roomId, title: 'Twenty at once', startAt, endAt: startAt + HOUR });
    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const response = await fetch(`${urls[i % urls.length]}/api/meeting/reservation`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', token: hostToken, lang: 'en-US', 'idempotency-key': key },
          body,
        });
        const envelope = (await response.json()) as { returncode: number; message: string; result: { id?: number } | null };
        return { status: response.status, envelope, replayed: response.headers.get('idempotent-replayed'), retryAfter: response.headers.get('retry-after') };
      }),
    );
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    const fresh = answers.filter((answer) => answer.status === 200 && answer.replayed === null);
    expect(fresh).toHaveLength(1);
    const id = fresh[0]!.envelope.result!.id;
    for (const answer of answers) {
      if (answer.status === 200) expect(answer.envelope.result!.id).toBe(id);
      else {
        expect([answer.status, answer.envelope.returncode, answer.envelope.message]).toEqual([409, ReturnCode.CONFLICT, formatMessage('idempotencyKeyInProgress', 'en-US')]);
        expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
      }
    }
    expect(await meetingsTitled('Twenty at once')).toBe(1);
  });

  it('forgets a key after 24 hours: the same request then runs again; the scheduled job removes the expired keys', async () => {
    const roomId = await newRoom();
    const startAt = slot();
    const body = { roomId, title: 'Kept a day', startAt, endAt: startAt + HOUR };
    const key = newKey();
    const first = await book(body, { key });
    expect(first.status).toBe(200);
    t.clock.advance(KEPT_MS - 1);
    expect(replayed(await book(body, { key }))).toBe('true');
    t.clock.advance(1);
    // A day later the key is new again: the request runs and meets the meeting it booked.
    const late = await book(body, { key });
    expect([late.status, late.body.returncode, replayed(late)]).toEqual([409, ReturnCode.CONFLICT, undefined]);
    expect(await meetingsTitled('Kept a day')).toBe(1);
    // The keys of the earlier tests are more than a day old by now.
    t.clock.advance(KEPT_MS);
    const count = async () => Number((await t.db.kysely.selectFrom('idempotency_keys').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(await count()).toBeGreaterThan(0);
    await t.app.scheduler.tick();
    expect(await count()).toBe(0);
  });

  it('refuses a key that is not 1 to 255 printable ASCII characters (400/1001) and books nothing', async () => {
    const roomId = await newRoom();
    const startAt = slot();
    for (const key of ['', 'x'.repeat(256), 'clé-1', 'tab\there']) {
      const answer = await book({ roomId, title: 'Bad key', startAt, endAt: startAt + HOUR }, { key });
      expect([answer.status, answer.body.returncode], JSON.stringify(key)).toEqual([400, ReturnCode.BAD_REQUEST]);
      expect(answer.body.message).toBe(formatMessage('idempotencyKeyInvalid', 'en-US'));
    }
    expect(await meetingsTitled('Bad key')).toBe(0);
    // 255 characters, and the structured-field form in quotes, are fine.
    expect((await book({ roomId, title: 'Long key', startAt, endAt: startAt + HOUR }, { key: 'k'.repeat(255) })).status).toBe(200);
    const quoted = newKey();
    const later = startAt + 2 * HOUR;
    expect((await book({ roomId, title: 'Quoted key', startAt: later, endAt: later + HOUR }, { key: `"${quoted}"` })).status).toBe(200);
    expect(replayed(await book({ roomId, title: 'Quoted key', startAt: later, endAt: later + HOUR }, { key: quoted }))).toBe('true');
  });

  it('keeps a refusal too (4xx): a clash is answered again with the same key, a new key tries afresh', async () => {
    const roomId = await newRoom();
    const startAt = slot();
    const blocker = await book({ roomId, title: 'Blocker', startAt, endAt: startAt + HOUR }, { token: colleagueToken });
    expect(blocker.status).toBe(200);
    const key = newKey();
    const body = { roomId, title: 'Second in line', startAt, endAt: startAt + HOUR };
    const clash = await book(body, { key });
    expect([clash.status, clash.body.returncode]).toEqual([409, ReturnCode.CONFLICT]);
    expect((await post('/api/meeting/reservation/cancel', { id: blocker.body.result.id }, { token: colleagueToken })).status).toBe(200);
    // The slot is free now, yet the same key answers the clash it had: one attempt, one answer.
    const again = await book(body, { key });
    expect([again.status, again.body.message, replayed(again)]).toEqual([409, clash.body.message, 'true']);
    expect(await meetingsTitled('Second in line')).toBe(0);
    const fresh = await book(body, { key: newKey() });
    expect([fresh.status, replayed(fresh)]).toEqual([200, undefined]);
  });

  it('releases the key after a 5xx or an unexpected error, so the retry runs', async () => {
    const key = newKey();
    const failed = await post('/api/test/flaky', {}, { key });
    expect([failed.status, failed.body.returncode]).toEqual([500, ReturnCode.INTERNAL_ERROR]);
    const retry = await post<{ attempt: number }>('/api/test/flaky', {}, { key });
    expect([retry.status, retry.body.result.attempt, replayed(retry)]).toEqual([200, 2, undefined]);
    const third = await post<{ attempt: number }>('/api/test/flaky', {}, { key });
    expect([third.status, third.body.result.attempt, replayed(third)]).toEqual([200, 2, 'true']);
    expect(flakyCalls).toBe(2);
  });

  it('answers 409/1003 with Retry-After while the first request runs; takes over a claim abandoned for a minute', async () => {
    const key = newKey();
    const running = t.app.inject({ method: 'POST', url: '/api/test/slow', headers: { token: hostToken, 'idempotency-key': key }, payload: {} });
    for (let waited = 0; slowCalls === 0 && waited < 5000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(slowCalls).toBe(1);
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const waiting = await post('/api/test/slow', {}, { key, lang });
      expect([waiting.status, waiting.body.returncode, waiting.body.message]).toEqual([409, ReturnCode.CONFLICT, formatMessage('idempotencyKeyInProgress', lang)]);
      expect(Number(waiting.response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    expect(slowCalls).toBe(1);
    // The first request's process is presumed dead a minute later (it was killed before answering): the retry runs.
    t.clock.advance(ABANDONED_AFTER_MS);
    const takeover = await post<{ attempt: number }>('/api/test/slow', {}, { key });
    expect([takeover.status, takeover.body.result.attempt, replayed(takeover)]).toEqual([200, 2, undefined]);
    // The first one ends after all; its answer does not replace the one stored.
    openGate();
    expect((await running).statusCode).toBe(200);
    const later = await post<{ attempt: number }>('/api/test/slow', {}, { key });
    expect([later.body.result.attempt, replayed(later)]).toEqual([2, 'true']);
  });

  it('changes nothing without the header', async () => {
    const roomId = await newRoom();
    const startAt = slot();
    const body = { roomId, title: 'No key', startAt, endAt: startAt + HOUR };
    expect((await book(body)).status).toBe(200);
    const twice = await book(body);
    expect([twice.status, twice.body.returncode, replayed(twice)]).toEqual([409, ReturnCode.CONFLICT, undefined]);
  });

  it("replays a door display's book-now by the display's own keys", async () => {
    const roomId = await newRoom();
    const issued = await post<{ list: DoorDisplay[] }>('/api/deviceActivation/addDeviceActivationCode', { roomId }, { token: adminToken });
    expect(issued.status, issued.body.message).toBe(200);
    const activated = await call<{ deviceToken: string }>(t.app, {
      method: 'POST',
      url: '/api/device/activate',
      payload: { code: issued.body.result.list[0]!.activationCode, platform: 'web', appVersion: '1.0.0' },
    });
    const deviceToken = activated.body.result.deviceToken;
    const key = newKey();
    const padBook = () => call<PadSchedule>(t.app, { method: 'POST', url: '/api/device/pad/book', headers: { 'device-token': deviceToken, 'idempotency-key': key }, payload: { minutes: 15 } });
    const first = await padBook();
    expect(first.status, first.body.message).toBe(200);
    const retry = await padBook();
    expect([retry.status, replayed(retry)], retry.body.message).toEqual([200, 'true']);
    expect(retry.body.result.current!.id).toBe(first.body.result.current!.id);
    const walkIns = await t.db.kysely.selectFrom('reservations').select('id').where('resource_id', '=', roomId).where('channel', '=', 'display').execute();
    expect(walkIns).toHaveLength(1);
  });

  it('replays barring a colleague instead of answering "already barred"', async () => {
    const key = newKey();
    const body = { userId: colleague.id, reason: 'Three no-shows' };
    const first = await post<{ id: number }>('/api/meeting/blacklist/add', body, { token: adminToken, key });
    expect(first.status, first.body.message).toBe(200);
    const retry = await post<{ id: number }>('/api/meeting/blacklist/add', body, { token: adminToken, key });
    expect([retry.status, replayed(retry), retry.body.result.id]).toEqual([200, 'true', first.body.result.id]);
  });

  it('accepts the header on the booking, visitor and desk writes listed in docs/api.md, not on calls whose answer holds a secret', () => {
    const idempotent = t.app.idempotentRoutes.map((route) => `${route.method} ${route.url}`).sort();
    expect(idempotent).toEqual(
      [
        'POST /api/device/pad/book',
        'POST /api/device/pad/check-in',
        'POST /api/device/pad/end',
        'POST /api/device/visitor/answers',
        'POST /api/device/visitor/check-in',
        'POST /api/device/visitor/nda',
        'POST /api/device/visitor/photo',
        'POST /api/device/visitor/register',
        'POST /api/visitor/apply/approve',
        'POST /api/visitor/apply/reject',
        'POST /api/meeting/approval/approve',
        'POST /api/meeting/approval/reject',
        'POST /api/meeting/approval/withdraw',
        'POST /api/meeting/blacklist/add',
        'POST /api/meeting/blacklist/lift',
        'POST /api/meeting/calendar/share',
        'POST /api/meeting/calendar/unshare',
        'POST /api/meeting/reservation',
        'POST /api/meeting/reservation/cancel',
        'POST /api/meeting/reservation/check-in',
        'POST /api/meeting/reservation/check-in-room',
        'POST /api/meeting/reservation/end',
        'POST /api/meeting/reservation/restore',
        'POST /api/meeting/reservation/update',
        'POST /api/test/flaky',
        'POST /api/test/slow',
        'POST /api/visitor/cancel',
        'POST /api/visitor/check-in',
        'POST /api/visitor/check-out',
        'POST /api/visitor/scan',
        'POST /api/visitor/invite',
        'POST /api/visitor/reason/add',
        'POST /api/visitor/reason/delete',
        'POST /api/visitor/reason/update',
        'POST /api/visitor/settings',
        'POST /api/visitor/watchlist/add',
        'POST /api/visitor/watchlist/delete',
        'POST /api/visitor/watchlist/update',
        'POST /api/visitor/rule/save',
        'POST /api/visitor/rule/delete',
        'POST /api/visitor/device/update',
        'POST /api/visitor/device/delete',
        'POST /api/visitor/place',
        'POST /api/visitor/place/receptionists',
        'POST /api/visitor/kiosk-theme',
        'POST /api/desk/save',
        'POST /api/desk/place',
        'POST /api/desk/delete',
        'POST /api/desk/neighbourhood/save',
        'POST /api/desk/neighbourhood/delete',
        'POST /api/desk/book',
        'POST /api/desk/book/series',
        'POST /api/desk/booking/cancel',
        'POST /api/desk/booking/check-in',
        'POST /api/desk/rules',
        'POST /api/desk/releases',
        'DELETE /api/desk/releases',
        'POST /api/repair/report',
        'POST /api/repair/report/status',
        'POST /api/repair/report/update',
        'POST /api/repair/photo',
        'POST /api/inspection/checklist/save',
        'POST /api/inspection/checklist/delete',
        'POST /api/inspection/complete',
        'POST /api/desk/floor-map/delete',
        'POST /api/desk/live/link/revoke',
        'POST /api/asset/category/add',
        'POST /api/asset/category/rename',
        'POST /api/asset/category/move',
        'POST /api/asset/category/delete',
        'POST /api/asset/model/save',
        'POST /api/asset/model/delete',
        'POST /api/asset/save',
        'POST /api/asset/delete',
        'POST /api/asset/checkout',
        'POST /api/asset/checkin',
        'POST /api/asset/audit',
        'PUT /api/tenant/group/user/deskeeper-service',
        'POST /api/desk/closures',
        'PUT /api/desk/closures',
        'DELETE /api/desk/closures',
        'POST /api/person/message/trigger/bind-station-message',
        'PUT /api/air/thresholds',
        'DELETE /api/air/thresholds',
        'POST /api/air/alerts/:id/acknowledge',
        'POST /api/air/board-links',
        'POST /api/air/board-links/revoke',
        'PUT /api/smart/rooms/:roomId/settings',
        'POST /api/smart/rooms/:roomId/control',
        'PUT /api/smart/rooms/:roomId/plan',
        'PUT /api/smart/rooms/:roomId/scenes',
        'POST /api/smart/rooms/:roomId/scenes/:trigger/run',
        'POST /api/smart/alarms/:id/acknowledge',
        'POST /api/smart/devices',
        'PUT /api/smart/devices/:id',
        'DELETE /api/smart/devices/:id',
        'POST /api/smart/devices/:id/activation-code',
        'POST /api/smart/devices/:id/restart',
      ].sort(),
    );
    expect(idempotent.some((route) => route.includes('calendar/feed'))).toBe(false);
  });
});
