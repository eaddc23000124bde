import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGraphFake, type GraphFake } from '../../test/graph-fake.js';
import { CalendarPeerError, type CalendarAdapter } from './calendar-adapter.js';
import { createGraphAdapter, graphEventToICalendar, iCalendarToGraphEvent } from './graph.adapter.js';
import { readOutsideEvent } from './calendar-events.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Monday 23 November 2026, 09:00 UTC (the test clock's start). */
const NOW = Date.UTC(2026, 10, 23, 9);

describe('the Microsoft Graph adapter against the Graph fake', () => {
  let fake: GraphFake;
  let adapter: CalendarAdapter;
  let calendar: string;
  let collection: string;
  let now = NOW;
  const slept: number[] = [];

  beforeAll(async () => {
    fake = await startGraphFake({ now: () => now });
    adapter = createGraphAdapter({ baseUrl: fake.url, accessToken: async () => fake.token, now: () => now, sleep: async (ms) => void slept.push(ms) });
    calendar = fake.makeCalendar('Thames');
    fake.makeCalendar('Severn');
    fake.makeCalendar('Trent');
    collection = `/me/calendars/${calendar}`;
  });
  afterAll(() => fake?.stop());

  const startsOf = (data: string) => readOutsideEvent(data)!;

  it('lists the calendars across pages, each named by its resource path', async () => {
    const collections = await adapter.listCollections();
    expect(collections.map((one) => one.name)).toEqual(['Thames', 'Severn', 'Trent']);
    expect(collections[0]!.url).toBe(collection);
    expect(fake.requests.filter((request) => request.url.startsWith('/v1.0/me/calendars?$skip')).length).toBe(1);
  });

  it('pulls a full listing over the window, page by page, and the next pull from the delta link only changes and removals', async () => {
    const ids = Array.from({ length: 150 }, (_, index) => fake.addEvent(calendar, { subject: `Meeting ${index}`, start: NOW + DAY + index * HOUR, end: NOW + DAY + index * HOUR + HOUR / 2, organizer: 'ann@example.test' }));
    // Outside the window (past and beyond it): not listed.
    fake.addEvent(calendar, { subject: 'Long ago', start: NOW - 30 * DAY, end: NOW - 30 * DAY + HOUR });
    const first = await adapter.pull(collection, null);
    expect(first.isFull).toBe(true);
    expect(first.upserts).toHaveLength(150);
    expect(first.deletes).toEqual([]);
    const delta = fake.requests.filter((request) => request.url.includes('calendarView/delta'));
    expect(delta.length).toBe(2);
    expect(delta[0]!.url).toContain(`startDateTime=${encodeURIComponent(new Date(NOW - DAY).toISOString())}`);
    expect(delta[0]!.prefer).toBe('odata.maxpagesize=100');
    const one = first.upserts.find((object) => object.href === `/me/events/${ids[3]}`)!;
    expect(one.etag).toMatch(/^W\/"/);
    expect(startsOf(one.data)).toMatchObject({ title: 'Meeting 3', startAt: NOW + DAY + 3 * HOUR, endAt: NOW + DAY + 3 * HOUR + HOUR / 2, organiserEmail: 'ann@example.test', isAllDay: false, isCancelled: false, isRepeating: false });

    fake.updateEvent(ids[0]!, { subject: 'Moved', start: NOW + 2 * DAY, end: NOW + 2 * DAY + HOUR });
    fake.deleteEvent(ids[1]!);
    fake.updateEvent(ids[2]!, { isCancelled: true });
    const second = await adapter.pull(collection, first.token);
    expect(second.isFull).toBe(false);
    expect(second.upserts.map((object) => object.href).sort()).toEqual([`/me/events/${ids[0]}`, `/me/events/${ids[2]}`].sort());
    expect(startsOf(second.upserts.find((object) => object.href === `/me/events/${ids[0]}`)!.data)).toMatchObject({ title: 'Moved', startAt: NOW + 2 * DAY });
    expect(startsOf(second.upserts.find((object) => object.href === `/me/events/${ids[2]}`)!.data).isCancelled).toBe(true);
    expect(second.deletes).toEqual([`/me/events/${ids[1]}`]);
    const third = await adapter.pull(collection, second.token);
    expect([third.upserts, third.deletes, third.isFull]).toEqual([[], [], false]);
    for (const id of ids) fake.deleteEvent(id);
    await adapter.pull(collection, third.token);
  });

  it('lists the occurrences of a series each as its own object, without a rule; deleting one removes that occurrence only', async () => {
    const series = fake.addEvent(calendar, { subject: 'Daily stand-up', start: NOW + DAY, end: NOW + DAY + HOUR / 4, dailyCount: 3 });
    const full = await adapter.pull(collection, null);
    const own = full.upserts.filter((object) => object.href.startsWith(`/me/events/${series}_`));
    expect(own).toHaveLength(3);
    expect(new Set(own.map((object) => startsOf(object.data).uid)).size).toBe(3);
    expect(own.map((object) => startsOf(object.data)).every((event) => !event.isRepeating)).toBe(true);
    await adapter.remove(own[1]!.href);
    const after = await adapter.pull(collection, full.token);
    expect(after.deletes).toEqual([own[1]!.href]);
    // Writing one occurrence changes it alone (Graph makes it an exception of its series).
    const moved = ['BEGIN:VCALENDAR', 'BEGIN:VEVENT', 'UID:u', `DTSTART:${new Date(NOW + 2 * DAY + 3 * HOUR).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`, `DTEND:${new Date(NOW + 2 * DAY + 4 * HOUR).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`, 'SUMMARY:Moved stand-up', 'END:VEVENT', 'END:VCALENDAR'].join('\r\n');
    const written = await adapter.put(collection, own[2]!.href, 'u', moved);
    expect(written.href).toBe(own[2]!.href);
    expect(fake.event(own[2]!.href.replace('/me/events/', ''))).toMatchObject({ subject: 'Moved stand-up', startAt: NOW + 2 * DAY + 3 * HOUR });
    const changed = await adapter.pull(collection, after.token);
    expect(changed.upserts.map((object) => object.href)).toEqual([own[2]!.href]);
    expect(startsOf(changed.upserts[0]!.data)).toMatchObject({ title: 'Moved stand-up', startAt: NOW + 2 * DAY + 3 * HOUR });
    expect(startsOf(own[0]!.data).startAt).toBe(NOW + DAY);
    expect(fake.instanceIds(calendar).filter((id) => id.startsWith(series))).toHaveLength(2);
    fake.deleteEvent(series);
  });

  it('starts a full listing again when the service no longer knows the delta link (410 Gone, SyncStateNotFound)', async () => {
    const id = fake.addEvent(calendar, { subject: 'Kept', start: NOW + 3 * DAY, end: NOW + 3 * DAY + HOUR });
    const first = await adapter.pull(collection, null);
    fake.expireDeltaLinks();
    const again = await adapter.pull(collection, first.token);
    expect(again.isFull).toBe(true);
    expect(again.upserts.map((object) => object.href)).toContain(`/me/events/${id}`);
    // The window moves on once it has slid a week: a new round, also a full listing.
    now = NOW + 8 * DAY;
    const slid = await adapter.pull(collection, again.token);
    expect(slid.isFull).toBe(true);
    expect(slid.horizon).toBe(now + 400 * DAY);
    now = NOW;
    fake.deleteEvent(id);
  });

  it('writes events (made, changed, removed), naming each by its resource path with its new version', async () => {
    const data = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:reservation-7@atrium.test', 'DTSTART:20261201T100000Z', 'DTEND:20261201T110000Z', 'SUMMARY:Board review', 'LOCATION:Thames', 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n');
    const made = await adapter.put(collection, null, 'reservation-7@atrium.test', data);
    const id = made.href.replace('/me/events/', '');
    expect(fake.event(id)).toEqual({ subject: 'Board review', startAt: Date.UTC(2026, 11, 1, 10), endAt: Date.UTC(2026, 11, 1, 11), calendarId: calendar });
    const changed = await adapter.put(collection, made.href, 'reservation-7@atrium.test', data.replace('T100000Z', 'T093000Z').replace('Board review', 'Board'));
    expect(changed.href).toBe(made.href);
    expect(changed.etag).not.toBe(made.etag);
    expect(fake.event(id)).toMatchObject({ subject: 'Board', startAt: Date.UTC(2026, 11, 1, 9, 30) });
    await adapter.remove(made.href);
    expect(fake.event(id)).toBeNull();
    // Already gone: no error; written again: made anew.
    await adapter.remove(made.href);
    const remade = await adapter.put(collection, made.href, 'reservation-7@atrium.test', data);
    expect(remade.href).not.toBe(made.href);
    await adapter.remove(remade.href);
  });

  it('reads Windows zone names (and all-day dates) as Graph writes them', async () => {
    // 10:00 in Seattle on 1 December (PST, UTC-8) and on 1 July (PDT, UTC-7); 10:00 in Shanghai (UTC+8).
    const winter = fake.addEvent(calendar, { subject: 'Seattle winter', start: { dateTime: '2026-12-01T10:00:00.0000000', timeZone: 'Pacific Standard Time' }, end: { dateTime: '2026-12-01T11:00:00.0000000', timeZone: 'Pacific Standard Time' } });
    const pulled = await adapter.pull(collection, null);
    expect(startsOf(pulled.upserts.find((object) => object.href === `/me/events/${winter}`)!.data).startAt).toBe(Date.UTC(2026, 11, 1, 18));
    fake.deleteEvent(winter);
    const event = (start: string, zone: string) => ({ id: 'x', subject: 'Zoned', start: { dateTime: start, timeZone: zone }, end: { dateTime: start.replace('T10', 'T11'), timeZone: zone } });
    expect(startsOf(graphEventToICalendar(event('2027-07-01T10:00:00.0000000', 'Pacific Standard Time'), NOW)).startAt).toBe(Date.UTC(2027, 6, 1, 17));
    expect(startsOf(graphEventToICalendar(event('2026-12-01T10:00:00.0000000', 'China Standard Time'), NOW)).startAt).toBe(Date.UTC(2026, 11, 1, 2));
    expect(startsOf(graphEventToICalendar(event('2026-12-01T10:00:00.0000000', 'Europe/Berlin'), NOW)).startAt).toBe(Date.UTC(2026, 11, 1, 9));
    expect(startsOf(graphEventToICalendar(event('2026-12-01T10:00:00.0000000', 'UTC'), NOW)).startAt).toBe(Date.UTC(2026, 11, 1, 10));
    const allDay = graphEventToICalendar({ id: 'y', subject: 'Holiday', isAllDay: true, start: { dateTime: '2026-12-24T00:00:00.0000000', timeZone: 'W. Europe Standard Time' }, end: { dateTime: '2026-12-25T00:00:00.0000000', timeZone: 'W. Europe Standard Time' } }, NOW);
    expect(startsOf(allDay).isAllDay).toBe(true);
    expect(allDay).toContain('DTSTART;VALUE=DATE:20261224');
    // And back: an event Atrium writes goes out in UTC.
    const written = ['BEGIN:VCALENDAR', 'BEGIN:VEVENT', 'UID:u', 'DTSTART:20260701T090000Z', 'DTEND:20260701T100000Z', 'SUMMARY:S', 'END:VEVENT', 'END:VCALENDAR'].join('\r\n');
    expect(iCalendarToGraphEvent(written)).toMatchObject({ subject: 'S', start: { dateTime: '2026-07-01T09:00:00.0000000', timeZone: 'UTC' }, end: { dateTime: '2026-07-01T10:00:00.0000000', timeZone: 'UTC' }, isAllDay: false });
  });

  it('says a refused access token is an authentication failure, without the token in the message', async () => {
    const wrong = createGraphAdapter({ baseUrl: fake.url, accessToken: async () => 'not-the-token', now: () => now });
    const error = await wrong.listCollections().catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(CalendarPeerError);
    expect(error).toMatchObject({ status: 401, isAuth: true, message: 'GET /v1.0/me/calendars: 401' });
    const delta = await wrong.pull(collection, null).catch((failure: unknown) => failure as Error);
    expect(delta).toMatchObject({ isAuth: true });
    expect((delta as Error).message).not.toContain('startDateTime');
    expect((delta as Error).message).not.toContain(fake.token);
  });

  it('waits once as Retry-After says on 429 and 503, then fails', async () => {
    slept.length = 0;
    fake.failNext('/v1.0/me/calendars', 429, 1, '2');
    expect(await adapter.listCollections()).toHaveLength(3);
    expect(slept).toEqual([2000]);
    fake.failNext('/v1.0/me/calendars', 503, 2, '1');
    const error = await adapter.listCollections().catch((failure: unknown) => failure);
    expect(error).toMatchObject({ status: 503, isAuth: false, message: 'GET /v1.0/me/calendars: 503' });
    expect(slept).toEqual([2000, 1000]);
  });
});
