import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarConnection, CalendarConnectionList, Reservation } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { createTestRoom } from '../../test/rooms.js';
import { startXandikos, type TestXandikos } from '../../test/xandikos.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** 20261124T100000Z */
const utc = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

function outsideEvent({ uid, title, start, end }: { uid: string; title: string; start: number; end: number }) {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Outside//Calendar//EN', 'BEGIN:VEVENT', `UID:${uid}`, `DTSTAMP:${utc(start - DAY)}`, `DTSTART:${utc(start)}`, `DTEND:${utc(end)}`, `SUMMARY:${title}`, 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n');
}

// The same sync against a second CalDAV implementation (decision 0023, "Tests"): Xandikos discovers the calendar home
// by its own principal, lists its calendars, keeps its own sync tokens and ETags. What Radicale's suite covers in depth
// (refused tokens, truncation, recurrence, back-off) is not repeated; this proves the adapter is not written to one
// server's habits.
describe(`calendar sync with a second CalDAV server (Xandikos, ${TEST_DIALECT})`, () => {
  let t: TestApp;
  let xandikos: TestXandikos;
  let adminToken: string;
  let roomId: number;
  let calendarUrl: string;
  let connectionId: number;
  let base: number;

  beforeAll(async () => {
    xandikos = await startXandikos();
    t = await createTestApp({ config: { publicUrl: 'https://atrium.example.test' } });
    const a = await t.factories.companyWithAdmin('Second Sync Co');
    adminToken = await t.factories.session(a.admin);
    roomId = (await createTestRoom(t.db, t.factories, t.clock, a.company.id, { name: 'Medway', timeZone: 'Europe/London' })).roomId;
    calendarUrl = await xandikos.makeCalendar('medway', 'Medway');
    base = t.clock.now() + DAY;
  });
  afterAll(async () => {
    await t?.cleanup();
    await xandikos?.stop();
  });

  const api = <T>(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    call<T>(t.app, { method, url: `/api${url}`, headers: { token: adminToken }, ...(payload ? { payload } : {}) });
  const sync = () => api<CalendarConnection>('POST', '/third-party/sync', { id: connectionId });
  const settle = async () => {
    await t.app.bookingInvitations.drain();
    await t.app.calendarSync.drain();
  };
  const bookings = () => t.db.kysely.selectFrom('reservations').select(['id', 'title', 'start_at', 'status']).where('resource_id', '=', roomId).orderBy('id').execute();
  const objectNames = async () => ((await (await xandikos.request('PROPFIND', calendarUrl, undefined, { depth: '1' })).text()).match(/[^/<>]+\.ics/g) ?? []).map((name) => decodeURIComponent(name)).sort();

  it('connects, finds the calendars of the account by its principal, and links a room', async () => {
    const created = await api<CalendarConnection>('POST', '/third-party', { kind: 'caldav', name: 'Xandikos', serverUrl: xandikos.url, account: 'user', credential: 'any' });
    expect(created.status, created.body.message).toBe(200);
    connectionId = created.body.result.id;
    const one = await api<CalendarConnectionList>('GET', `/third-party?id=${connectionId}`);
    expect(one.body.result[0]!.collections).toEqual(expect.arrayContaining([{ url: calendarUrl, name: 'Medway' }]));
    const linked = await api<CalendarConnection>('POST', '/third-party/update-config', { id: connectionId, links: [{ roomId, collectionUrl: calendarUrl }] });
    expect(linked.status, linked.body.message).toBe(200);
  });

  it('writes a booking made in Atrium there, and takes an event written there in as a booking', async () => {
    const answer = await call<Reservation>(t.app, { method: 'POST', url: '/api/meeting/reservation', headers: { token: adminToken }, payload: { roomId, title: 'Atrium review', startAt: base, endAt: base + HOUR } });
    expect(answer.status, answer.body.message).toBe(200);
    await settle();
    const name = `reservation-${answer.body.result.id}@atrium.example.test.ics`;
    expect(await objectNames()).toEqual([name]);
    const written = new ICAL.Event(new ICAL.Component(ICAL.parse(await (await xandikos.request('GET', `${calendarUrl}${name}`)).text())).getFirstSubcomponent('vevent')!);
    expect([written.summary, written.startDate.toJSDate().getTime()]).toEqual(['Atrium review', base]);

    const put = await xandikos.request('PUT', `${calendarUrl}outside-1.ics`, outsideEvent({ uid: 'outside-1', title: 'Outside planning', start: base + 2 * HOUR, end: base + 3 * HOUR }), { 'content-type': 'text/calendar' });
    expect(put.status).toBe(201);
    const synced = await sync();
    expect(synced.body.result.links[0]).toMatchObject({ health: 'ok' });
    expect((await bookings()).map((row) => [row.title, Number(row.start_at), row.status])).toEqual([
      ['Atrium review', base, 'confirmed'],
      ['Outside planning', base + 2 * HOUR, 'confirmed'],
    ]);
    // The next pull, from Xandikos's token, takes nothing twice and writes nothing back.
    const link = await t.db.kysely.selectFrom('calendar_links').select('sync_token').where('room_id', '=', roomId).executeTakeFirstOrThrow();
    expect(link.sync_token).toBeTruthy();
    await settle();
    await sync();
    expect(await bookings()).toHaveLength(2);
    expect(await objectNames()).toEqual([name, 'outside-1.ics'].sort());
  });

  it('declines a clashing event by removing it, follows a move and a deletion made there', async () => {
    await xandikos.request('PUT', `${calendarUrl}clash.ics`, outsideEvent({ uid: 'clash', title: 'Clash', start: base + 30 * 60_000, end: base + 90 * 60_000 }), { 'content-type': 'text/calendar' });
    const declined = await sync();
    expect(declined.body.result.links[0]!.declines.map((decline) => decline.uid)).toEqual(['clash']);
    expect((await xandikos.request('GET', `${calendarUrl}clash.ics`)).status).toBe(404);
    expect((await bookings()).map((row) => row.title)).toEqual(['Atrium review', 'Outside planning']);

    await xandikos.request('PUT', `${calendarUrl}outside-1.ics`, outsideEvent({ uid: 'outside-1', title: 'Outside planning', start: base + 5 * HOUR, end: base + 6 * HOUR }), { 'content-type': 'text/calendar' });
    await sync();
    expect((await bookings()).map((row) => [row.title, Number(row.start_at)])[1]).toEqual(['Outside planning', base + 5 * HOUR]);

    expect((await xandikos.request('DELETE', `${calendarUrl}outside-1.ics`)).status).toBeLessThan(300);
    await sync();
    expect((await bookings()).find((row) => row.title === 'Outside planning')!.status).toBe('cancelled');
  });
});
