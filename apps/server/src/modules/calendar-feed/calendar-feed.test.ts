import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, type CalendarFeedState, type CreatedCalendarFeed, type Page, type OperationLogEntry, type Reservation } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { createTestRoom } from '../../test/rooms.js';
import type { TestUser } from '../../test/factories.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The events of an iCalendar text, read by ical.js (an independent parser). */
function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return { uid: event.uid, summary: event.summary, location: event.location, start: event.startDate.toJSDate().getTime(), end: event.endDate.toJSDate().getTime(), status: vevent.getFirstPropertyValue('status') };
  });
}

describe(`calendar feeds (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let host: TestUser;
  let hostToken: string;
  let guest: TestUser;
  let guestToken: string;
  let adminToken: string;
  let roomId: number;
  let otherRoomId: number;
  let base: number;
  const meetings: Reservation[] = [];

  beforeAll(async () => {
    t = await createTestApp({ config: { publicUrl: 'https://atrium.example.test' } });
    const a = await t.factories.companyWithAdmin('Feeds Co');
    adminToken = await t.factories.session(a.admin);
    host = await t.factories.user(a.company.id, { permissions: ['calendarRoomUse:view'] });
    hostToken = await t.factories.session(host);
    guest = await t.factories.user(a.company.id, { permissions: ['calendarRoomUse:view'] });
    guestToken = await t.factories.session(guest);
    const made = await createTestRoom(t.db, t.factories, t.clock, a.company.id, { name: 'Thames', timeZone: 'Europe/London' });
    roomId = made.roomId;
    otherRoomId = (await createTestRoom(t.db, t.factories, t.clock, a.company.id, { name: 'Severn', floorId: made.floorId })).roomId;
    base = t.clock.now() + DAY;
    const book = async (token: string, body: Record<string, unknown>) => {
      const answer = await call<Reservation>(t.app, { method: 'POST', url: '/api/meeting/reservation', headers: { token }, payload: { roomId, ...body } });
      expect(answer.status, answer.body.message).toBe(200);
      meetings.push(answer.body.result);
      return answer.body.result;
    };
    await book(hostToken, { title: 'Team sync', startAt: base, endAt: base + HOUR, participants: [{ userId: guest.id }] });
    await book(hostToken, { title: 'Salary talk', privacy: 'private', startAt: base + 2 * HOUR, endAt: base + 3 * HOUR });
    await book(guestToken, { title: 'Guest planning', privacy: 'busy', startAt: base + 4 * HOUR, endAt: base + 5 * HOUR });
    await book(guestToken, { title: 'Elsewhere', roomId: otherRoomId, startAt: base, endAt: base + HOUR });
  });
  afterAll(() => t.cleanup());

  const post = <T>(url: string, token: string, payload: Record<string, unknown> = {}) => call<T>(t.app, { method: 'POST', url: `/api/meeting/feed${url}`, headers: { token }, payload });
  /** Fetches a feed URL as a calendar program would (no session). */
  const fetchFeed = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });

  it("gives a person a secret link to their meetings, read without a session; private ones appear as busy only", async () => {
    expect((await call<CalendarFeedState>(t.app, { method: 'GET', url: '/api/meeting/feed', headers: { token: hostToken } })).body.result.active).toBe(false);
    const created = await post<CreatedCalendarFeed>('/create', hostToken);
    expect([created.status, created.body.message]).toEqual([200, formatMessage('calendarFeedCreated', 'en-US')]);
    expect(created.body.result.url).toMatch(/^https:\/\/atrium\.example\.test\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    const state = await call<CalendarFeedState>(t.app, { method: 'GET', url: '/api/meeting/feed', headers: { token: hostToken } });
    expect(state.body.result).toMatchObject({ active: true, createdAt: t.clock.now() });

    const feed = await fetchFeed(created.body.result.url);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const events = eventsOf(feed.body);
    // The host's own two meetings; not the guest's, which the host does not attend.
    expect(events.map((event) => [event.summary, event.location, event.start, event.end])).toEqual([
      ['Team sync', 'Thames', base, base + HOUR],
      ['Busy / 忙碌', 'Thames', base + 2 * HOUR, base + 3 * HOUR],
    ]);
    expect(events[0]!.uid).toBe(`reservation-${meetings[0]!.id}@atrium.example.test`);
    expect(feed.body).not.toContain('Salary talk');
  });

  it('follows changes, and a new link or a revocation stops the old one', async () => {
    const first = (await post<CreatedCalendarFeed>('/create', guestToken)).body.result.url;
    // The guest attends Team sync, hosts a busy meeting, and one elsewhere.
    expect(eventsOf((await fetchFeed(first)).body).map((event) => event.summary)).toEqual(['Team sync', 'Elsewhere', 'Busy / 忙碌']);
    await call(t.app, { method: 'POST', url: '/api/meeting/reservation/cancel', headers: { token: guestToken }, payload: { id: meetings[3]!.id } });
    expect(eventsOf((await fetchFeed(first)).body).map((event) => event.summary)).toEqual(['Team sync', 'Busy / 忙碌']);
    const second = (await post<CreatedCalendarFeed>('/create', guestToken)).body.result.url;
    expect((await fetchFeed(first)).statusCode).toBe(404);
    expect((await fetchFeed(second)).statusCode).toBe(200);
    const revoked = await post('/revoke', guestToken);
    expect([revoked.status, revoked.body.message]).toEqual([200, formatMessage('calendarFeedRevoked', 'en-US')]);
    expect((await fetchFeed(second)).statusCode).toBe(404);
    expect((await post('/revoke', guestToken)).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar/feed/not-a-secret.ics' })).statusCode).toBe(404);
  });

  it("gives a room a link an administrator makes and revokes (in the operation log); a booker may not", async () => {
    expect((await post('/room/create', hostToken, { roomId })).status).toBe(403);
    const created = await post<CreatedCalendarFeed>('/room/create', adminToken, { roomId });
    expect(created.status, created.body.message).toBe(200);
    const events = eventsOf((await fetchFeed(created.body.result.url)).body);
    expect(events.map((event) => [event.summary, event.start])).toEqual([
      ['Team sync', base],
      ['Busy / 忙碌', base + 2 * HOUR],
      ['Busy / 忙碌', base + 4 * HOUR],
    ]);
    const state = await call<CalendarFeedState>(t.app, { method: 'GET', url: `/api/meeting/feed/room?roomId=${roomId}`, headers: { token: adminToken } });
    expect(state.body.result.active).toBe(true);
    expect((await post('/room/revoke', adminToken, { roomId })).status).toBe(200);
    expect((await fetchFeed(created.body.result.url)).statusCode).toBe(404);
    const log = await call<Page<OperationLogEntry>>(t.app, { method: 'GET', url: '/api/operation-log/list?pageSize=15', headers: { token: adminToken } });
    expect(log.body.result.list.filter((row) => row.action.startsWith('calendarFeed.')).map((row) => [row.action, row.targetName])).toEqual([
      ['calendarFeed.revoke', 'Thames'],
      ['calendarFeed.create', 'Thames'],
    ]);
  });

  it("refuses another company's room", async () => {
    const b = await t.factories.companyWithAdmin('Other Feeds Co');
    const theirs = await t.factories.session(b.admin);
    expect((await post('/room/create', theirs, { roomId })).status).toBe(404);
    expect((await call(t.app, { method: 'GET', url: `/api/meeting/feed/room?roomId=${roomId}`, headers: { token: theirs } })).status).toBe(404);
  });
});
