import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarAuthAddress, CalendarConnection } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { startGoogleCalendarFake, type FakeGoogleEvent, type GoogleCalendarFake } from '../../test/google-calendar-fake.js';
import { createTestRoom } from '../../test/rooms.js';
import type { TestUser } from '../../test/factories.js';
import { CONSENT_BROWSER_COOKIE } from './calendar-oauth.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const PUBLIC_URL = 'https://atrium.example.test';
const THAMES = 'thames@group.calendar.google.com';

/** 2026-11-25T10:00:00Z */
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
/** 20261125T100000Z: the original start in an instance's id. */
const basic = (ms: number) => iso(ms).replace(/[-:]/g, '');

describe(`Atrium's changes to an occurrence of a Google repeating event written back to Google (a protocol-faithful fake, ${TEST_DIALECT})`, () => {
  let t: TestApp;
  let google: GoogleCalendarFake;
  let adminToken: string;
  let hostToken: string;
  let thamesId: number;
  let connectionId: number;
  let master: FakeGoogleEvent;
  /** The series' first start: a Wednesday, 10:00 in London (UTC in winter). */
  let start: number;

  beforeAll(async () => {
    google = await startGoogleCalendarFake();
    t = await createTestApp({ config: { publicUrl: PUBLIC_URL, publicOrigin: PUBLIC_URL } });
    const a = await t.factories.companyWithAdmin('Google Co');
    adminToken = await t.factories.session(a.admin);
    const organiser: TestUser = await t.factories.user(a.company.id, { email: 'organiser@example.test', permissions: ['calendarRoomUse:view'] });
    hostToken = await t.factories.session(organiser);
    thamesId = (await createTestRoom(t.db, t.factories, t.clock, a.company.id, { name: 'Thames', timeZone: 'Europe/London' })).roomId;
    const thamesUrl = google.addCalendar(THAMES, 'Thames room');
    start = Date.UTC(2026, 10, 25, 10, 0, 0);
    expect(start).toBeGreaterThan(t.clock.now());

    const created = await call<CalendarConnection>(t.app, { method: 'POST', url: '/api/third-party', headers: { token: adminToken }, payload: { kind: 'google', name: 'Google rooms', serverUrl: google.url, account: google.clientId, credential: google.clientSecret } });
    expect(created.status, created.body.message).toBe(200);
    connectionId = created.body.result.id;
    // The consent, as the browser walks it.
    const address = await call<CalendarAuthAddress>(t.app, { method: 'GET', url: `/api/third-party/auth-address?id=${connectionId}`, headers: { token: adminToken } });
    const cookie = address.response.cookies.find((one) => one.name === CONSENT_BROWSER_COOKIE)!;
    const back = new URL((await fetch(address.body.result.url, { redirect: 'manual' })).headers.get('location')!);
    const callback = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, cookies: { [CONSENT_BROWSER_COOKIE]: cookie.value } });
    expect(callback.headers.location).toBe(`/account?linked=1&connection=${connectionId}`);
    const linked = await call(t.app, { method: 'POST', url: '/api/third-party/update-config', headers: { token: adminToken }, payload: { id: connectionId, links: [{ roomId: thamesId, collectionUrl: thamesUrl }] } });
    expect(linked.status, linked.body.message).toBe(200);

    master = google.insertOutside(THAMES, {
      summary: 'Weekly review',
      start: { dateTime: iso(start), timeZone: 'Europe/London' },
      end: { dateTime: iso(start + HOUR), timeZone: 'Europe/London' },
      recurrence: ['RRULE:FREQ=WEEKLY;COUNT=4'],
      organizer: { email: 'organiser@example.test' },
    });
    await sync();
    // The bookings' own write outs: nothing to write (the object is as read).
    await settle();
  });
  afterAll(async () => {
    await t?.cleanup();
    await google?.stop();
  });

  const sync = async () => {
    const answer = await call<CalendarConnection>(t.app, { method: 'POST', url: '/api/third-party/sync', headers: { token: adminToken }, payload: { id: connectionId } });
    expect(answer.status, answer.body.message).toBe(200);
    const link = answer.body.result.links.find((one) => one.roomId === thamesId)!;
    expect(link).toMatchObject({ health: 'ok', lastError: null });
    return link;
  };
  const settle = async () => {
    await t.app.bookingInvitations.drain();
    await t.app.calendarSync.drain();
  };
  const bookings = async () =>
    (await t.db.kysely.selectFrom('reservations').select(['id', 'title', 'start_at', 'end_at', 'status']).where('resource_id', '=', thamesId).orderBy('id').execute()).map((row) => [
      row.title,
      Number(row.start_at),
      Number(row.end_at),
      row.status,
    ]);
  const change = async (action: 'update' | 'cancel', payload: Record<string, unknown>) => {
    const answer = await call(t.app, { method: 'POST', url: `/api/meeting/reservation/${action}`, headers: { token: hostToken }, payload });
    expect(answer.status, answer.body.message).toBe(200);
  };
  const bookingIdAt = async (startAt: number) => (await t.db.kysely.selectFrom('reservations').select('id').where('resource_id', '=', thamesId).where('start_at', '=', startAt).executeTakeFirstOrThrow()).id;
  const idOf = (occurrence: number) => bookingIdAt(start + occurrence * WEEK);
  const series = () => google.events(THAMES).filter((event) => event.iCalUID === master.iCalUID);
  const stored = (id: string) => google.events(THAMES).find((event) => event.id === id);
  /** A London time as Google gives it (with or without its offset) as a moment: UTC in winter. */
  const londonMs = (time: FakeGoogleEvent['start']) => Date.parse(/Z$|[+-]\d{2}:\d{2}$/.test(time!.dateTime!) ? time!.dateTime! : `${time!.dateTime!}Z`);
  /** The master's own fields, its times as moments (its etag and change time move with every write). */
  const masterFields = () => {
    const { start: begins, end, summary, status, recurrence } = stored(master.id)!;
    return { start: londonMs(begins), end: londonMs(end), zone: begins?.timeZone, summary, status, recurrence };
  };
  /** What Atrium keeps of the series' object: its version and its text (as last written or read). */
  const kept = () => t.db.kysely.selectFrom('calendar_sync_items').select(['etag', 'data']).where('href', 'like', `%/events/${master.id}`).executeTakeFirstOrThrow();
  /**
   * A sync that must take nothing back: the bookings, the series at Google and the declines as they were, nothing
   * written, and the object not even read again (the version `put` answered is the one the pull lists).
   */
  const syncChangesNothing = async () => {
    const before = { bookings: await bookings(), series: series(), declines: await t.db.kysely.selectFrom('calendar_sync_declines').select('id').execute(), kept: await kept() };
    const requestsBefore = google.requests.length;
    await sync();
    await settle();
    expect(await bookings()).toEqual(before.bookings);
    expect(series()).toEqual(before.series);
    expect(await t.db.kysely.selectFrom('calendar_sync_declines').select('id').execute()).toEqual(before.declines);
    expect(google.requests.slice(requestsBefore).filter((request) => request.method !== 'GET')).toEqual([]);
    expect(await kept()).toEqual(before.kept);
    expect(await t.db.kysely.selectFrom('calendar_sync_pushes').select('reservation_id').where('state', '=', 'pending').execute()).toEqual([]);
  };

  it('books each occurrence of the weekly Google event', async () => {
    expect(await bookings()).toEqual([0, 1, 2, 3].map((week) => ['Weekly review', start + week * WEEK, start + week * WEEK + HOUR, 'confirmed']));
    expect(series()).toHaveLength(1);
  });

  it('an occurrence moved in Atrium becomes an exception instance at Google at its new time, and the next pull changes nothing', async () => {
    const pattern = masterFields();
    await change('update', { id: await idOf(1), startAt: start + WEEK + 2 * HOUR, endAt: start + WEEK + 3 * HOUR, scope: 'one' });
    await settle();
    const instanceId = `${master.id}_${basic(start + WEEK)}`;
    expect(stored(instanceId)).toMatchObject({
      status: 'confirmed',
      recurringEventId: master.id,
      originalStartTime: { dateTime: iso(start + WEEK), timeZone: 'Europe/London' },
      iCalUID: master.iCalUID,
      summary: 'Weekly review',
      start: { dateTime: '2026-12-02T12:00:00Z', timeZone: 'Europe/London' },
      end: { dateTime: '2026-12-02T13:00:00Z', timeZone: 'Europe/London' },
    });
    // Written to the instance's address, as Google names it; the rest of the series untouched.
    expect(google.requests.some((request) => request.method === 'PUT' && request.path.endsWith(`/events/${instanceId}`))).toBe(true);
    expect(masterFields()).toEqual(pattern);
    expect(series()).toHaveLength(2);
    await syncChangesNothing();
    expect(await bookings()).toEqual([
      ['Weekly review', start, start + HOUR, 'confirmed'],
      ['Weekly review', start + WEEK + 2 * HOUR, start + WEEK + 3 * HOUR, 'confirmed'],
      ['Weekly review', start + 2 * WEEK, start + 2 * WEEK + HOUR, 'confirmed'],
      ['Weekly review', start + 3 * WEEK, start + 3 * WEEK + HOUR, 'confirmed'],
    ]);
  });

  it('an occurrence renamed in Atrium is an exception with its new title at its own time', async () => {
    await change('update', { id: await idOf(2), title: 'Quarterly review', scope: 'one' });
    await settle();
    expect(stored(`${master.id}_${basic(start + 2 * WEEK)}`)).toMatchObject({
      status: 'confirmed',
      recurringEventId: master.id,
      originalStartTime: { dateTime: iso(start + 2 * WEEK) },
      summary: 'Quarterly review',
      start: { dateTime: '2026-12-09T10:00:00Z', timeZone: 'Europe/London' },
    });
    // The moved one is still where Atrium put it.
    expect(stored(`${master.id}_${basic(start + WEEK)}`)).toMatchObject({ status: 'confirmed', start: { dateTime: '2026-12-02T12:00:00Z' } });
    await syncChangesNothing();
    expect((await bookings()).map(([title, startAt]) => [title, startAt])).toEqual([
      ['Weekly review', start],
      ['Weekly review', start + WEEK + 2 * HOUR],
      ['Quarterly review', start + 2 * WEEK],
      ['Weekly review', start + 3 * WEEK],
    ]);
  });

  it('a change made at Google to an instance Atrium wrote is still taken as an outside change', async () => {
    google.updateOutside(THAMES, `${master.id}_${basic(start + 2 * WEEK)}`, { start: { dateTime: '2026-12-09T11:00:00', timeZone: 'Europe/London' }, end: { dateTime: '2026-12-09T12:00:00', timeZone: 'Europe/London' } });
    await sync();
    await settle();
    expect((await bookings())[2]).toEqual(['Quarterly review', start + 2 * WEEK + HOUR, start + 2 * WEEK + 2 * HOUR, 'confirmed']);
    await syncChangesNothing();
  });

  it("occurrences cancelled in Atrium are gone at Google: an EXDATE in the rule, a moved one's instance cancelled; the rest of the series untouched", async () => {
    // The moved occurrence cancelled: its instance cancelled too (an EXDATE alone would leave the moved instance showing).
    await change('cancel', { id: await bookingIdAt(start + WEEK + 2 * HOUR), scope: 'one' });
    await settle();
    expect(stored(master.id)!.recurrence).toEqual(['RRULE:FREQ=WEEKLY;COUNT=4', `EXDATE;TZID=Europe/London:${basic(start + WEEK).slice(0, -1)}`]);
    expect(stored(`${master.id}_${basic(start + WEEK)}`)).toMatchObject({ status: 'cancelled', recurringEventId: master.id, originalStartTime: { dateTime: iso(start + WEEK) } });
    await syncChangesNothing();
    // An occurrence never changed: the EXDATE suffices, no instance written.
    await change('cancel', { id: await idOf(3), scope: 'one' });
    await settle();
    expect(stored(master.id)!.recurrence).toEqual([
      'RRULE:FREQ=WEEKLY;COUNT=4',
      `EXDATE;TZID=Europe/London:${basic(start + WEEK).slice(0, -1)}`,
      `EXDATE;TZID=Europe/London:${basic(start + 3 * WEEK).slice(0, -1)}`,
    ]);
    expect(stored(`${master.id}_${basic(start + 3 * WEEK)}`)).toBeUndefined();
    await syncChangesNothing();
    // The rest of the series as it was: the first occurrence from the rule, the renamed one at Google's time.
    expect(stored(master.id)).toMatchObject({ status: 'confirmed', summary: 'Weekly review', start: { dateTime: '2026-11-25T10:00:00Z', timeZone: 'Europe/London' } });
    expect(series().filter((event) => event.status !== 'cancelled').map((event) => event.id)).toEqual([master.id, `${master.id}_${basic(start + 2 * WEEK)}`]);
    expect(await bookings()).toEqual([
      ['Weekly review', start, start + HOUR, 'confirmed'],
      ['Weekly review', start + WEEK + 2 * HOUR, start + WEEK + 3 * HOUR, 'cancelled'],
      ['Quarterly review', start + 2 * WEEK + HOUR, start + 2 * WEEK + 2 * HOUR, 'confirmed'],
      ['Weekly review', start + 3 * WEEK, start + 3 * WEEK + HOUR, 'cancelled'],
    ]);
  });
});
