import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, ReturnCode, type Lang, type MyBookingBar, type Reservation } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../../test/app.js';
import { TEST_DIALECT } from '../../../test/database.js';
import { createTestRoom } from '../../../test/rooms.js';
import type { TestUser } from '../../../test/factories.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe(`booking blacklist rule (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let booker: TestUser;
  let token: string;
  let roomId: number;
  let base: number;

  beforeAll(async () => {
    t = await createTestApp();
    const { company } = await t.factories.companyWithAdmin('Barred Co');
    booker = await t.factories.user(company.id, { permissions: ['calendarRoomUse:view'] });
    token = await t.factories.session(booker);
    roomId = (await createTestRoom(t.db, t.factories, t.clock, company.id, { name: 'Pudong', timeZone: 'Asia/Shanghai' })).roomId;
    base = t.clock.now() + DAY;
  });
  afterAll(() => t.cleanup());

  const post = (url: string, payload: Record<string, unknown>, lang: Lang = 'en-US') => call<Reservation>(t.app, { method: 'POST', url, headers: { token, lang }, payload });
  let slot = 0;
  const book = (lang: Lang = 'en-US') => {
    const startAt = base + slot++ * 2 * HOUR;
    return post('/api/meeting/reservation', { roomId, title: 'Planning', startAt, endAt: startAt + HOUR }, lang);
  };
  async function bar(entry: { reason?: string | null; startsAt?: number; endsAt?: number | null; liftedAt?: number | null }) {
    const row = await t.db.kysely
      .insertInto('booking_blacklist')
      .values({
        company_id: booker.companyId,
        user_id: booker.id,
        reason: entry.reason ?? null,
        starts_at: entry.startsAt ?? t.clock.now() - HOUR,
        ends_at: entry.endsAt ?? null,
        lifted_at: entry.liftedAt ?? null,
        created_at: t.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const unbar = () => t.db.kysely.deleteFrom('booking_blacklist').where('user_id', '=', booker.id).execute();

  it('refuses a barred booker with the reason, and until when in the room’s zone, in both languages', async () => {
    const kept = await book();
    expect(kept.status).toBe(200);
    await bar({ reason: 'Three no-shows in a row' });
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const answer = await book(lang);
      expect([answer.status, answer.body.returncode, answer.body.message]).toEqual([
        403,
        ReturnCode.NO_PERMISSION,
        formatMessage('reservationBookerBlacklisted', lang, { reason: 'Three no-shows in a row' }),
      ]);
    }
    // Moving a meeting is booking too; cancelling is not.
    const move = await post('/api/meeting/reservation/update', { id: kept.body.result.id, startAt: base + 20 * HOUR, endAt: base + 21 * HOUR });
    expect([move.status, move.body.message]).toEqual([403, formatMessage('reservationBookerBlacklisted', 'en-US', { reason: 'Three no-shows in a row' })]);
    const rename = await post('/api/meeting/reservation/update', { id: kept.body.result.id, title: 'Planning (renamed)' });
    expect(rename.status).toBe(200);
    expect((await post('/api/meeting/reservation/cancel', { id: kept.body.result.id })).status).toBe(200);
    // A repeating meeting is refused as a whole, before any occurrence is looked at.
    const weekly = await post('/api/meeting/reservation', { roomId, title: 'Weekly', startAt: base + 30 * HOUR, endAt: base + 31 * HOUR, repeat: { frequency: 'weekly' } });
    expect([weekly.status, weekly.body.message]).toEqual([403, formatMessage('reservationBookerBlacklisted', 'en-US', { reason: 'Three no-shows in a row' })]);
    await unbar();

    // 18:00 UTC is 02:00 the next day in Shanghai: the message speaks the room's time.
    const endsAt = Date.UTC(2030, 0, 15, 18, 0);
    await bar({ reason: null, endsAt });
    const until = await book('zh-CN');
    expect(until.body.message).toBe(formatMessage('reservationBookerBlacklistedUntil', 'zh-CN', { reason: '-', until: '2030-01-16 02:00' }));
    await unbar();
  });

  it('tells the booker they are barred before they fill in a form (issue 17): reason and end, or nothing when free to book', async () => {
    const mine = (as = token) => call<MyBookingBar>(t.app, { method: 'GET', url: '/api/meeting/blacklist/mine', headers: { token: as } });
    expect((await mine()).body.result).toEqual({ barred: false, reason: null, endsAt: null });
    // Not started, ended or lifted: free to book.
    await bar({ startsAt: t.clock.now() + 60_000 });
    await bar({ startsAt: t.clock.now() - 2 * DAY, endsAt: t.clock.now() - DAY });
    await bar({ liftedAt: t.clock.now() - HOUR, reason: 'Lifted already' });
    expect((await mine()).body.result).toEqual({ barred: false, reason: null, endsAt: null });
    const endsAt = t.clock.now() + 3 * DAY;
    await bar({ reason: 'Three no-shows in a row', endsAt });
    expect((await mine()).body.result).toEqual({ barred: true, reason: 'Three no-shows in a row', endsAt });
    // Another colleague of the company is not barred by it; nobody without the booking right may ask.
    const colleague = await t.factories.user(booker.companyId, { permissions: ['calendarRoomUse:view'] });
    expect((await mine(await t.factories.session(colleague))).body.result.barred).toBe(false);
    const outsider = await t.factories.user(booker.companyId, { permissions: ['roomsLocations:view'] });
    expect((await mine(await t.factories.session(outsider))).status).toBe(403);
    await unbar();
  });

  it('lets the booker book when the entry has not started, has ended or was lifted', async () => {
    await bar({ startsAt: t.clock.now() + 60_000 });
    await bar({ startsAt: t.clock.now() - 2 * DAY, endsAt: t.clock.now() - DAY });
    await bar({ liftedAt: t.clock.now() - HOUR });
    expect((await book()).status).toBe(200);
    // When the future entry starts, it bars.
    t.clock.advance(2 * 60_000);
    expect((await book()).status).toBe(403);
    await unbar();
  });
});
