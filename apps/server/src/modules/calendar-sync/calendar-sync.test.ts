import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, ReturnCode, toZoned, type CalendarConnection, type CalendarConnectionList, type Reservation } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { startRadicale, type TestRadicale } from '../../test/radicale.js';
import { createTestRoom } from '../../test/rooms.js';
import type { TestUser } from '../../test/factories.js';
import { PUSH_RETRY_DELAYS_MS } from './calendar-sync.service.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** 20261124T100000Z */
const utc = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** An event as an outside calendar program writes it. */
function outsideEvent({ uid, title, start, end, organiser }: { uid: string; title: string; start: number; end: number; organiser?: string }) {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Outside//Calendar//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTAMP:${utc(start - DAY)}`,
    `DTSTART:${utc(start)}`,
    `DTEND:${utc(end)}`,
    `SUMMARY:${title}`,
    ...(organiser ? [`ORGANIZER:mailto:${organiser}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

describe(`calendar sync with a CalDAV server (Radicale, ${TEST_DIALECT})`, () => {
  let t: TestApp;
  let radicale: TestRadicale;
  let admin: TestUser;
  let adminToken: string;
  let companyId: number;
  let organiser: TestUser;
  let thamesId: number;
  let severnId: number;
  let thamesUrl: string;
  let severnUrl: string;
  let connectionId: number;
  let base: number;

  beforeAll(async () => {
    radicale = await startRadicale();
    t = await createTestApp({ config: { publicUrl: 'https://atrium.example.test' } });
    const a = await t.factories.companyWithAdmin('Sync Co');
    companyId = a.company.id;
    admin = a.admin;
    adminToken = await t.factories.session(admin);
    organiser = await t.factories.user(companyId, { email: 'organiser@example.test', permissions: ['calendarRoomUse:view'] });
    const thames = await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Thames', timeZone: 'Europe/London' });
    thamesId = thames.roomId;
    severnId = (await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Severn', floorId: thames.floorId })).roomId;
    thamesUrl = await radicale.makeCalendar('thames', 'Thames');
    severnUrl = await radicale.makeCalendar('severn', 'Severn');
    base = t.clock.now() + DAY;
  });
  afterAll(async () => {
    await t?.cleanup();
    await radicale?.stop();
  });

  const api = <T>(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>, lang = 'en-US') =>
    call<T>(t.app, { method, url: `/api${url}`, headers: { token: adminToken, lang }, ...(payload ? { payload } : {}) });
  const sync = (body: Record<string, unknown> = {}, lang = 'en-US') => api<CalendarConnection>('POST', '/third-party/sync', { id: connectionId, ...body }, lang);
  const thamesLink = (connection: CalendarConnection) => connection.links.find((link) => link.roomId === thamesId)!;
  const reservationsOf = (roomId: number) =>
    t.db.kysely.selectFrom('reservations').select(['id', 'title', 'start_at', 'end_at', 'status', 'host_user_id', 'channel']).where('resource_id', '=', roomId).orderBy('id').execute();
  /** The booking queue's work and the outbox's, done now. */
  const settle = async () => {
    await t.app.bookingInvitations.drain();
    await t.app.calendarSync.drain();
  };
  const book = async (title: string, start: number, end: number, roomId = thamesId) => {
    const answer = await call<Reservation>(t.app, { method: 'POST', url: '/api/meeting/reservation', headers: { token: adminToken }, payload: { roomId, title, startAt: start, endAt: end } });
    expect(answer.status, answer.body.message).toBe(200);
    return answer.body.result;
  };
  const outsideGet = (href: string) => radicale.request('GET', href);

  it('connects with the account and lists its calendars; a wrong password or another kind is refused, and no answer carries the credential', async () => {
    const wrong = await api('POST', '/third-party', { kind: 'caldav', name: 'Rooms', serverUrl: radicale.url, account: radicale.user, credential: 'not-the-password' });
    expect([wrong.status, wrong.body.returncode, wrong.body.message]).toEqual([422, ReturnCode.REFUSED, formatMessage('calendarTokenInvalid', 'en-US')]);
    // An OAuth kind is kept unchecked until its consent (google-sync.test.ts); a CalDAV one needs its address.
    const graph = await api<CalendarConnection>('POST', '/third-party', { kind: 'graph', name: 'Graph', serverUrl: 'https://graph.example.test', account: 'x', credential: 'y' });
    expect(graph.body.result).toMatchObject({ kind: 'graph', isAuthorised: false, hasCredential: true });
    await api('DELETE', '/third-party', { id: graph.body.result.id });
    const noAddress = await api('POST', '/third-party', { kind: 'caldav', name: 'Rooms', account: radicale.user, credential: radicale.password });
    expect(noAddress.body.message).toBe(formatMessage('calendarServerAddressInvalid', 'en-US'));
    const unreachable = await api('POST', '/third-party', { kind: 'caldav', name: 'Nowhere', serverUrl: 'http://127.0.0.1:9/', account: 'a', credential: 'b' });
    expect(unreachable.body.message).toBe(formatMessage('calendarResourcesUnavailable', 'en-US'));

    const created = await api<CalendarConnection>('POST', '/third-party', { kind: 'caldav', name: 'Rooms', serverUrl: radicale.url, account: radicale.user, credential: radicale.password });
    expect([created.status, created.body.message]).toEqual([200, formatMessage('calendarConnectionCreated', 'en-US')]);
    connectionId = created.body.result.id;
    expect(created.body.result).toMatchObject({ kind: 'caldav', name: 'Rooms', account: radicale.user, hasCredential: true, isAuthorised: true, links: [] });
    const one = await api<CalendarConnectionList>('GET', `/third-party?id=${connectionId}`);
    expect(one.body.result[0]!.collections).toEqual(
      expect.arrayContaining([
        { url: thamesUrl, name: 'Thames' },
        { url: severnUrl, name: 'Severn' },
      ]),
    );
    const all = await api<CalendarConnectionList>('GET', '/third-party');
    expect(all.body.result.map((connection) => connection.id)).toEqual([connectionId]);
    for (const answer of [created, one, all]) expect(JSON.stringify(answer.body)).not.toContain(radicale.password);
    const address = await api('GET', `/third-party/auth-address?id=${connectionId}`);
    expect([address.status, address.body.message]).toEqual([422, formatMessage('calendarAuthAddressNotNeeded', 'en-US')]);
  });

  it('links a room to one of the calendars; another calendar than the account reaches, or one linked to another room, is refused', async () => {
    const unknown = await api('POST', '/third-party/update-config', { id: connectionId, links: [{ roomId: thamesId, collectionUrl: `${radicale.url}rooms/elsewhere/` }] });
    expect(unknown.body.message).toBe(formatMessage('calendarCollectionUnknown', 'en-US'));
    const linked = await api<CalendarConnection>('POST', '/third-party/update-config', { id: connectionId, links: [{ roomId: thamesId, collectionUrl: thamesUrl }] });
    expect(linked.status, linked.body.message).toBe(200);
    expect(thamesLink(linked.body.result)).toMatchObject({ roomName: 'Thames', collectionUrl: thamesUrl, collectionName: 'Thames', health: 'pending' });
    const taken = await api('POST', '/third-party/update-config', { id: connectionId, links: [{ roomId: severnId, collectionUrl: thamesUrl }] });
    expect(taken.body.message).toBe(formatMessage('calendarCollectionTaken', 'en-US'));
  });

  it("writes a room's coming bookings out when it is linked, and stops when it is unlinked", async () => {
    const earlier = await book('Booked before the link', base + 20 * HOUR, base + 21 * HOUR, severnId);
    await settle();
    const linked = await api<CalendarConnection>('POST', '/third-party/update-config', { id: connectionId, links: [{ roomId: severnId, collectionUrl: severnUrl }] });
    expect(linked.body.result.links.map((link) => link.roomId).sort()).toEqual([thamesId, severnId].sort());
    await settle();
    const path = `${new URL(severnUrl).pathname}reservation-${earlier.id}@atrium.example.test.ics`;
    expect((await outsideGet(path)).status).toBe(200);
    const unlinked = await api<CalendarConnection>('POST', '/third-party/update-config', { id: connectionId, links: [{ roomId: severnId, collectionUrl: null }] });
    expect(unlinked.body.result.links.map((link) => link.roomId)).toEqual([thamesId]);
    const later = await book('Booked after the unlink', base + 22 * HOUR, base + 23 * HOUR, severnId);
    await settle();
    expect((await outsideGet(`${new URL(severnUrl).pathname}reservation-${later.id}@atrium.example.test.ics`)).status).toBe(404);
  });

  it('makes a booking of an event created in the outside calendar, hosted by its organiser when a colleague, at the next pull', async () => {
    const put = await radicale.request('PUT', `${thamesUrl}outside-1.ics`, outsideEvent({ uid: 'outside-1', title: 'Planning from outside', start: base, end: base + HOUR, organiser: 'Organiser@Example.test' }), { 'content-type': 'text/calendar' });
    expect(put.status).toBe(201);
    const synced = await sync();
    expect(synced.status, synced.body.message).toBe(200);
    expect(thamesLink(synced.body.result)).toMatchObject({ health: 'ok', healthMessage: null, lastSuccessAt: t.clock.now() });
    const rows = await reservationsOf(thamesId);
    expect(rows.map((row) => [row.title, Number(row.start_at), Number(row.end_at), row.status, row.host_user_id, row.channel])).toEqual([
      ['Planning from outside', base, base + HOUR, 'confirmed', organiser.id, 'api'],
    ]);
    // Its creation is not written back out, and the next pull takes nothing again.
    await settle();
    await sync();
    expect(await reservationsOf(thamesId)).toHaveLength(1);
    const listing = await radicale.request('PROPFIND', thamesUrl, undefined, { depth: '1' });
    expect((await listing.text()).match(/\.ics</g)).toHaveLength(1);
  });

  it('writes a booking made in Atrium to the outside calendar, and does not take it back in as a new one', async () => {
    const meeting = await book('Board review', base + 2 * HOUR, base + 3 * HOUR);
    await settle();
    const object = await outsideGet(`${new URL(thamesUrl).pathname}reservation-${meeting.id}@atrium.example.test.ics`);
    expect(object.status).toBe(200);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(await object.text())).getFirstSubcomponent('vevent')!);
    expect([event.uid, event.summary, event.startDate.toJSDate().getTime(), event.endDate.toJSDate().getTime()]).toEqual([`reservation-${meeting.id}@atrium.example.test`, 'Board review', base + 2 * HOUR, base + 3 * HOUR]);
    await sync();
    expect((await reservationsOf(thamesId)).map((row) => row.title)).toEqual(['Planning from outside', 'Board review']);
    // A change in Atrium is written over it; a cancellation removes it.
    const moved = await call(t.app, { method: 'POST', url: '/api/meeting/reservation/update', headers: { token: adminToken }, payload: { id: meeting.id, startAt: base + 4 * HOUR, endAt: base + 5 * HOUR } });
    expect(moved.status, moved.body.message).toBe(200);
    await settle();
    const after = new ICAL.Event(new ICAL.Component(ICAL.parse(await (await outsideGet(`${new URL(thamesUrl).pathname}reservation-${meeting.id}@atrium.example.test.ics`)).text())).getFirstSubcomponent('vevent')!);
    expect(after.startDate.toJSDate().getTime()).toBe(base + 4 * HOUR);
    await sync();
    expect((await reservationsOf(thamesId)).map((row) => [row.title, Number(row.start_at)])).toEqual([
      ['Planning from outside', base],
      ['Board review', base + 4 * HOUR],
    ]);
  });

  it('declines an outside event that would double-book the room: no overlapping booking, the event removed, its organiser mailed, the panel tells why', async () => {
    const href = `${thamesUrl}clash.ics`;
    await radicale.request('PUT', href, outsideEvent({ uid: 'clash', title: 'Clashing call', start: base + 30 * 60_000, end: base + 90 * 60_000, organiser: 'visitor@outside.test' }), { 'content-type': 'text/calendar' });
    const synced = await sync();
    const rows = (await reservationsOf(thamesId)).filter((row) => row.status === 'confirmed');
    expect(rows.map((row) => row.title)).toEqual(['Planning from outside', 'Board review']);
    expect((await outsideGet(href)).status).toBe(404);
    const declines = thamesLink(synced.body.result).declines;
    expect(declines).toHaveLength(1);
    expect(declines[0]).toMatchObject({ uid: 'clash', title: 'Clashing call', organiserEmail: 'visitor@outside.test', startAt: base + 30 * 60_000, endAt: base + 90 * 60_000 });
    expect(declines[0]!.reason.length).toBeGreaterThan(0);
    const zh = await api<CalendarConnectionList>('GET', '/third-party', undefined, 'zh-CN');
    expect(thamesLink(zh.body.result[0]!).declines[0]!.reason).not.toBe(declines[0]!.reason);
    const mail = await t.db.kysely.selectFrom('mail_outbox').select(['to', 'subject', 'text']).where('company_id', '=', companyId).where('to', '=', 'visitor@outside.test').executeTakeFirstOrThrow();
    expect(mail.subject).toContain('Clashing call');
    expect(mail.text).toContain(declines[0]!.reason);
  });

  it('moves the booking of an event moved outside, and writes the booking back over a move the engine refuses', async () => {
    const href = `${thamesUrl}outside-1.ics`;
    const outsideStart = async () => new ICAL.Event(new ICAL.Component(ICAL.parse(await (await outsideGet(new URL(href).pathname)).text())).getFirstSubcomponent('vevent')!).startDate.toJSDate().getTime();
    const planning = async () => (await reservationsOf(thamesId)).find((row) => row.title === 'Planning from outside')!;
    const moveOutside = (start: number) =>
      radicale.request('PUT', href, outsideEvent({ uid: 'outside-1', title: 'Planning from outside', start, end: start + HOUR, organiser: 'organiser@example.test' }), { 'content-type': 'text/calendar' });
    expect((await moveOutside(base + 10 * HOUR)).ok).toBe(true);
    await sync();
    expect([Number((await planning()).start_at), (await planning()).status]).toEqual([base + 10 * HOUR, 'confirmed']);
    // Onto "Board review": refused; the booking stays, and the outside event is put back where the booking is.
    await moveOutside(base + 4 * HOUR + 30 * 60_000);
    const refused = await sync();
    expect(Number((await planning()).start_at)).toBe(base + 10 * HOUR);
    expect(await outsideStart()).toBe(base + 10 * HOUR);
    expect(thamesLink(refused.body.result).declines[0]).toMatchObject({ uid: 'outside-1', startAt: base + 4 * HOUR + 30 * 60_000 });
    await settle();
    await sync();
    expect(Number((await planning()).start_at)).toBe(base + 10 * HOUR);
  });

  it('cancels the booking of an event deleted in the outside calendar', async () => {
    expect((await radicale.request('DELETE', `${thamesUrl}outside-1.ics`)).status).toBe(200);
    await sync();
    const outside = (await reservationsOf(thamesId)).find((row) => row.title === 'Planning from outside')!;
    expect(outside.status).toBe('cancelled');
  });

  it('resyncs fully when the service refuses the sync token, and still sees what was deleted meanwhile', async () => {
    await radicale.request('PUT', `${thamesUrl}outside-2.ics`, outsideEvent({ uid: 'outside-2', title: 'Retro', start: base + 6 * HOUR, end: base + 7 * HOUR }), { 'content-type': 'text/calendar' });
    await sync();
    const retro = (await reservationsOf(thamesId)).find((row) => row.title === 'Retro')!;
    expect(retro.status).toBe('confirmed');
    // Hosted by the connection's owner: the event names no organiser.
    expect(retro.host_user_id).not.toBe(organiser.id);
    await t.db.kysely.updateTable('calendar_links').set({ sync_token: 'http://radicale.org/ns/sync/0000000000000000000000000000000000000000000000000000000000000000' }).where('room_id', '=', thamesId).execute();
    await radicale.request('DELETE', `${thamesUrl}outside-2.ics`);
    const synced = await sync();
    expect(thamesLink(synced.body.result).health).toBe('ok');
    expect((await reservationsOf(thamesId)).find((row) => row.id === retro.id)!.status).toBe('cancelled');
    const link = await t.db.kysely.selectFrom('calendar_links').select('sync_token').where('room_id', '=', thamesId).executeTakeFirstOrThrow();
    expect(link.sync_token).toMatch(/^http:\/\/radicale\.org\/ns\/sync\/[0-9a-f]{64}$/);
    expect(link.sync_token).not.toContain('0000000000');
    // The bookings written out before are known by their href: none is taken in again.
    expect((await reservationsOf(thamesId)).filter((row) => row.title === 'Board review')).toHaveLength(1);
  });

  it('books each occurrence of a repeating outside event (its own time zone, EXDATE and a moved exception) and declines a clashing one by excluding it outside', async () => {
    const start = base + 2 * DAY;
    /** The wall time of a moment in the object's own zone, one hour ahead of UTC. */
    const local = (ms: number) => utc(ms + HOUR).slice(0, -1);
    const blocker = await book('Blocker', start + 3 * DAY, start + 3 * DAY + HOUR);
    await settle();
    const href = `${thamesUrl}standup.ics`;
    const object = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Outside//Calendar//EN',
      'BEGIN:VTIMEZONE',
      'TZID:Outside/Plus-One',
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0100',
      'END:STANDARD',
      'END:VTIMEZONE',
      'BEGIN:VEVENT',
      'UID:standup',
      `DTSTAMP:${utc(start - DAY)}`,
      `DTSTART;TZID=Outside/Plus-One:${local(start)}`,
      `DTEND;TZID=Outside/Plus-One:${local(start + HOUR)}`,
      'RRULE:FREQ=DAILY;COUNT=4',
      `EXDATE;TZID=Outside/Plus-One:${local(start + DAY)}`,
      'SUMMARY:Daily standup',
      'ORGANIZER:mailto:organiser@example.test',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:standup',
      `DTSTAMP:${utc(start - DAY)}`,
      `RECURRENCE-ID;TZID=Outside/Plus-One:${local(start + 2 * DAY)}`,
      `DTSTART;TZID=Outside/Plus-One:${local(start + 2 * DAY + HOUR)}`,
      `DTEND;TZID=Outside/Plus-One:${local(start + 2 * DAY + 2 * HOUR)}`,
      'SUMMARY:Standup moved',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    expect((await radicale.request('PUT', href, object, { 'content-type': 'text/calendar' })).status).toBe(201);
    const synced = await sync();
    const standups = async () =>
      (await reservationsOf(thamesId)).filter((row) => row.title.startsWith('Standup') || row.title === 'Daily standup').map((row) => [row.title, Number(row.start_at), Number(row.end_at), row.status, row.host_user_id]);
    expect(await standups()).toEqual([
      ['Daily standup', start, start + HOUR, 'confirmed', organiser.id],
      ['Standup moved', start + 2 * DAY + HOUR, start + 2 * DAY + 2 * HOUR, 'confirmed', organiser.id],
    ]);
    expect((await reservationsOf(thamesId)).find((row) => row.id === blocker.id)!.status).toBe('confirmed');
    expect(thamesLink(synced.body.result).declines[0]).toMatchObject({ uid: 'standup', title: 'Daily standup', startAt: start + 3 * DAY, endAt: start + 3 * DAY + HOUR });
    // Outside, the clashing occurrence is excluded from the rule; the others stay as they were.
    const after = new ICAL.Component(ICAL.parse(await (await outsideGet(new URL(href).pathname)).text()));
    const master = new ICAL.Event(after.getAllSubcomponents('vevent').find((vevent) => !vevent.hasProperty('recurrence-id'))!);
    for (const exception of after.getAllSubcomponents('vevent')) if (exception.hasProperty('recurrence-id')) master.relateException(exception);
    const iterator = master.iterator();
    const starts: number[] = [];
    for (let next = iterator.next(); next; next = iterator.next()) starts.push(master.getOccurrenceDetails(next).startDate.toJSDate().getTime());
    expect(starts).toEqual([start, start + 2 * DAY + HOUR]);
    // Our write is not taken back in: nothing new at the next pull.
    const declinesBefore = thamesLink(synced.body.result).declines.length;
    const again = await sync();
    expect(thamesLink(again.body.result).declines).toHaveLength(declinesBefore);
    expect(await standups()).toHaveLength(2);
    // The whole event deleted outside cancels every occurrence's booking.
    await radicale.request('DELETE', href);
    await sync();
    expect((await standups()).map((row) => row[3])).toEqual(['cancelled', 'cancelled']);
  });

  /** An object's text read back from the room's calendar: its master, its exceptions, and the starts ical.js expands. */
  const readObject = async (href: string) => {
    const answer = await outsideGet(new URL(href, radicale.url).pathname);
    expect(answer.status).toBe(200);
    const text = await answer.text();
    const calendar = new ICAL.Component(ICAL.parse(text));
    const vevents = calendar.getAllSubcomponents('vevent');
    const masterComponent = vevents.find((vevent) => !vevent.hasProperty('recurrence-id'))!;
    const exceptions = vevents.filter((vevent) => vevent.hasProperty('recurrence-id'));
    const master = new ICAL.Event(masterComponent);
    for (const exception of exceptions) master.relateException(exception);
    const occurrences: Array<[number, number, string]> = [];
    const iterator = master.iterator();
    for (let next = iterator.next(); next; next = iterator.next()) {
      const details = master.getOccurrenceDetails(next);
      occurrences.push([details.startDate.toJSDate().getTime(), details.endDate.toJSDate().getTime(), String(details.item.summary)]);
    }
    const times = (name: string) => masterComponent.getAllProperties(name).flatMap((property) => property.getValues() as ICAL.Time[]);
    return {
      text,
      master: masterComponent,
      exceptions: exceptions.map((exception) => ({
        recurrenceId: (exception.getFirstPropertyValue('recurrence-id') as ICAL.Time).toJSDate().getTime(),
        recurrenceZone: exception.getFirstProperty('recurrence-id')!.getParameter('tzid') ?? null,
        start: (exception.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().getTime(),
        summary: String(exception.getFirstPropertyValue('summary')),
      })),
      exdates: times('exdate').map((time) => time.toJSDate().getTime()),
      exdateZones: masterComponent.getAllProperties('exdate').map((property) => property.getParameter('tzid') ?? null),
      occurrences,
    };
  };
  const updateBooking = async (payload: Record<string, unknown>, token = adminToken) => {
    const answer = await call(t.app, { method: 'POST', url: '/api/meeting/reservation/update', headers: { token }, payload });
    expect(answer.status, answer.body.message).toBe(200);
  };
  const cancelBooking = async (payload: Record<string, unknown>, token = adminToken) => {
    const answer = await call(t.app, { method: 'POST', url: '/api/meeting/reservation/cancel', headers: { token }, payload });
    expect(answer.status, answer.body.message).toBe(200);
  };

  it("writes Atrium's changes to an occurrence of an outside repeating event into its object: a move or rename as an exception, a cancellation as an EXDATE, a refused move outside back to the booking's time", async () => {
    const start = base + 10 * DAY;
    /** The wall time of a moment in the object's own zone, one hour ahead of UTC. */
    const local = (ms: number) => utc(ms + HOUR).slice(0, -1);
    const href = `${thamesUrl}weekly-sync.ics`;
    const object = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Outside//Calendar//EN',
      'BEGIN:VTIMEZONE',
      'TZID:Outside/Plus-One',
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0100',
      'END:STANDARD',
      'END:VTIMEZONE',
      'BEGIN:VEVENT',
      'UID:weekly-sync',
      `DTSTAMP:${utc(start - DAY)}`,
      `DTSTART;TZID=Outside/Plus-One:${local(start)}`,
      `DTEND;TZID=Outside/Plus-One:${local(start + HOUR)}`,
      'RRULE:FREQ=DAILY;COUNT=4',
      'SUMMARY:Team sync',
      'ORGANIZER:mailto:organiser@example.test',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    expect((await radicale.request('PUT', href, object, { 'content-type': 'text/calendar' })).status).toBe(201);
    await sync();
    const syncs = async () => (await reservationsOf(thamesId)).filter((row) => row.title.startsWith('Team sync'));
    const [first, second, third, fourth] = await syncs();
    expect((await syncs()).map((row) => Number(row.start_at))).toEqual([0, 1, 2, 3].map((day) => start + day * DAY));

    // Moved and renamed in Atrium (by its host, the organiser): an exception in the object, its RECURRENCE-ID in the master's zone.
    const host = await t.factories.session(organiser);
    await updateBooking({ id: second!.id, startAt: start + DAY + 2 * HOUR, endAt: start + DAY + 3 * HOUR, title: 'Team sync (later)' }, host);
    await settle();
    let outside = await readObject(href);
    expect(outside.exceptions).toEqual([{ recurrenceId: start + DAY, recurrenceZone: 'Outside/Plus-One', start: start + DAY + 2 * HOUR, summary: 'Team sync (later)' }]);
    expect(outside.master.getFirstPropertyValue('organizer')).toBe('mailto:organiser@example.test');
    // Cancelled in Atrium: an EXDATE in the master's zone.
    await cancelBooking({ id: third!.id }, host);
    await settle();
    outside = await readObject(href);
    expect([outside.exdates, outside.exdateZones]).toEqual([[start + 2 * DAY], ['Outside/Plus-One']]);
    expect(outside.occurrences.map(([startAt, , summary]) => [startAt, summary])).toEqual([
      [start, 'Team sync'],
      [start + DAY + 2 * HOUR, 'Team sync (later)'],
      [start + 3 * DAY, 'Team sync'],
    ]);
    // A cancelled occurrence that had an exception loses it.
    await cancelBooking({ id: second!.id }, host);
    await settle();
    outside = await readObject(href);
    expect([outside.exceptions, outside.exdates.sort()]).toEqual([[], [start + DAY, start + 2 * DAY]]);
    // Our writes do not come back as changes.
    const declinesBefore = (await t.db.kysely.selectFrom('calendar_sync_declines').select('id').execute()).length;
    await sync();
    expect((await syncs()).map((row) => [row.id, row.title, Number(row.start_at), row.status])).toEqual([
      [first!.id, 'Team sync', start, 'confirmed'],
      [second!.id, 'Team sync (later)', start + DAY + 2 * HOUR, 'cancelled'],
      [third!.id, 'Team sync', start + 2 * DAY, 'cancelled'],
      [fourth!.id, 'Team sync', start + 3 * DAY, 'confirmed'],
    ]);
    expect(await t.db.kysely.selectFrom('calendar_sync_declines').select('id').execute()).toHaveLength(declinesBefore);

    // Moved outside onto another meeting: refused, and the exception written back to the booking's time.
    const blocker = await book('Blocker for the sync', start + 3 * DAY + 4 * HOUR, start + 3 * DAY + 5 * HOUR);
    await settle();
    const moved = new ICAL.Component(ICAL.parse(outside.text));
    const exception = new ICAL.Component('vevent', moved);
    exception.addPropertyWithValue('uid', 'weekly-sync');
    exception.addPropertyWithValue('dtstamp', ICAL.Time.fromJSDate(new Date(start), true));
    exception.addPropertyWithValue('recurrence-id', ICAL.Time.fromJSDate(new Date(start + 3 * DAY), true));
    exception.addPropertyWithValue('dtstart', ICAL.Time.fromJSDate(new Date(start + 3 * DAY + 4 * HOUR + 30 * 60_000), true));
    exception.addPropertyWithValue('dtend', ICAL.Time.fromJSDate(new Date(start + 3 * DAY + 5 * HOUR + 30 * 60_000), true));
    exception.addPropertyWithValue('summary', 'Team sync');
    moved.addSubcomponent(exception);
    expect((await radicale.request('PUT', href, moved.toString(), { 'content-type': 'text/calendar' })).ok).toBe(true);
    const refused = await sync();
    expect(thamesLink(refused.body.result).declines[0]).toMatchObject({ uid: 'weekly-sync', startAt: start + 3 * DAY + 4 * HOUR + 30 * 60_000 });
    expect((await syncs()).find((row) => row.id === fourth!.id)).toMatchObject({ status: 'confirmed', start_at: start + 3 * DAY });
    outside = await readObject(href);
    // The outside's own exception, its RECURRENCE-ID as the outside wrote it (UTC), holds the booking's time again.
    expect(outside.exceptions).toEqual([{ recurrenceId: start + 3 * DAY, recurrenceZone: null, start: start + 3 * DAY, summary: 'Team sync' }]);
    expect(outside.occurrences.map(([startAt]) => startAt)).toEqual([start, start + 3 * DAY]);
    await sync();
    expect((await syncs()).find((row) => row.id === fourth!.id)).toMatchObject({ status: 'confirmed', start_at: start + 3 * DAY });
    expect((await reservationsOf(thamesId)).find((row) => row.id === blocker.id)!.status).toBe('confirmed');

    // An object known before its text was kept (migration 0083): the change waits for the next pull to read it, then is written.
    await t.db.kysely.updateTable('calendar_sync_items').set({ data: null }).where('href', '=', new URL(href).pathname).execute();
    await updateBooking({ id: first!.id, startAt: start + 30 * 60_000, endAt: start + 90 * 60_000 }, host);
    await settle();
    expect((await readObject(href)).occurrences[0]![0]).toBe(start);
    const waiting = await t.db.kysely.selectFrom('calendar_sync_pushes').select(['state', 'attempts']).where('reservation_id', '=', first!.id).executeTakeFirstOrThrow();
    expect(waiting).toEqual({ state: 'pending', attempts: 0 });
    const mended = await sync();
    expect(thamesLink(mended.body.result)).toMatchObject({ health: 'ok', pendingPushes: 0 });
    expect((await readObject(href)).occurrences.map(([startAt]) => startAt)).toEqual([start + 30 * 60_000, start + 3 * DAY]);
    expect((await syncs()).find((row) => row.id === first!.id)).toMatchObject({ status: 'confirmed', start_at: start + 30 * 60_000 });
  });

  it('writes a series made in Atrium as one object with its rule, EXDATEs and exceptions, replacing objects written per occurrence; changes made outside come back through the engine', async () => {
    const start = base + 20 * DAY;
    const zone = 'Europe/London';
    const answer = await call<Reservation>(t.app, {
      method: 'POST',
      url: '/api/meeting/reservation',
      headers: { token: adminToken },
      payload: { roomId: thamesId, title: 'Weekly planning', startAt: start, endAt: start + HOUR, repeat: { frequency: 'daily', until: toZoned(start + 4 * DAY, zone).date } },
    });
    expect(answer.status, answer.body.message).toBe(200);
    const series = await t.db.kysely.selectFrom('reservations').select(['id', 'series_id', 'start_at']).where('title', '=', 'Weekly planning').orderBy('start_at').execute();
    expect(series).toHaveLength(5);
    const seriesId = series[0]!.series_id!;
    const ids = series.map((row) => row.id);
    // As written before series were written as one object: one object per occurrence (here the first).
    const collection = new URL(thamesUrl).pathname;
    const legacy = `${collection}reservation-${ids[0]}@atrium.example.test.ics`;
    expect((await radicale.request('PUT', legacy, outsideEvent({ uid: `reservation-${ids[0]}@atrium.example.test`, title: 'Weekly planning', start, end: start + HOUR }), { 'content-type': 'text/calendar' })).status).toBe(201);
    const link = await t.db.kysely.selectFrom('calendar_links').select('id').where('room_id', '=', thamesId).executeTakeFirstOrThrow();
    await t.db.kysely
      .insertInto('calendar_sync_items')
      .values({ company_id: companyId, link_id: link.id, href: legacy, uid: `reservation-${ids[0]}@atrium.example.test`, etag: null, reservation_id: ids[0]!, origin: 'outbound', fingerprint: null, updated_at: t.clock.now() })
      .execute();
    await settle();

    const href = `${collection}series-${seriesId}@atrium.example.test.ics`;
    let outside = await readObject(href);
    expect(outside.master.getFirstPropertyValue('uid')).toBe(`series-${seriesId}@atrium.example.test`);
    const rule = outside.master.getFirstPropertyValue('rrule') as ICAL.Recur;
    expect([rule.freq, rule.until?.toJSDate().getTime()]).toEqual(['DAILY', start + 4 * DAY]);
    expect(outside.master.getFirstProperty('dtstart')!.getParameter('tzid')).toBe(zone);
    expect([outside.exdates, outside.exceptions]).toEqual([[], []]);
    expect(outside.occurrences).toEqual([0, 1, 2, 3, 4].map((day) => [start + day * DAY, start + day * DAY + HOUR, 'Weekly planning']));
    // The per-occurrence object is gone, and the series is the only object of it.
    expect((await outsideGet(legacy)).status).toBe(404);
    expect((await (await radicale.request('PROPFIND', thamesUrl, undefined, { depth: '1' })).text()).match(/reservation-\d+@atrium\.example\.test\.ics</g) ?? []).not.toEqual(
      expect.arrayContaining(ids.map((id) => `reservation-${id}@atrium.example.test.ics<`)),
    );

    // One occurrence moved and renamed, another cancelled, in Atrium: the object rewritten.
    await updateBooking({ id: ids[1], startAt: start + DAY + HOUR, endAt: start + DAY + 2 * HOUR, title: 'Planning (moved)', scope: 'one' });
    await cancelBooking({ id: ids[2], scope: 'one' });
    await settle();
    outside = await readObject(href);
    expect([outside.exdates, outside.exdateZones]).toEqual([[start + 2 * DAY], [zone]]);
    expect(outside.exceptions).toEqual([{ recurrenceId: start + DAY, recurrenceZone: zone, start: start + DAY + HOUR, summary: 'Planning (moved)' }]);
    expect(outside.occurrences.map(([startAt, , summary]) => [startAt, summary])).toEqual([
      [start, 'Weekly planning'],
      [start + DAY + HOUR, 'Planning (moved)'],
      [start + 3 * DAY, 'Weekly planning'],
      [start + 4 * DAY, 'Weekly planning'],
    ]);
    // Not taken back in as changes or new bookings.
    const declinesBefore = (await t.db.kysely.selectFrom('calendar_sync_declines').select('id').execute()).length;
    await sync();
    const planning = async () =>
      (await reservationsOf(thamesId)).filter((row) => ids.includes(row.id) || row.title.includes('lanning (')).map((row) => [row.id, row.title, Number(row.start_at), row.status]);
    expect(await planning()).toEqual([
      [ids[0], 'Weekly planning', start, 'confirmed'],
      [ids[1], 'Planning (moved)', start + DAY + HOUR, 'confirmed'],
      [ids[2], 'Weekly planning', start + 2 * DAY, 'cancelled'],
      [ids[3], 'Weekly planning', start + 3 * DAY, 'confirmed'],
      [ids[4], 'Weekly planning', start + 4 * DAY, 'confirmed'],
    ]);
    expect(await t.db.kysely.selectFrom('calendar_sync_declines').select('id').execute()).toHaveLength(declinesBefore);

    // Outside: an EXDATE added cancels that occurrence's booking; an exception moved moves its booking through the engine.
    const edited = new ICAL.Component(ICAL.parse(outside.text));
    const master = edited.getAllSubcomponents('vevent').find((vevent) => !vevent.hasProperty('recurrence-id'))!;
    master.addPropertyWithValue('exdate', ICAL.Time.fromJSDate(new Date(start + 3 * DAY), true));
    const exception = new ICAL.Component('vevent', edited);
    exception.addPropertyWithValue('uid', `series-${seriesId}@atrium.example.test`);
    exception.addPropertyWithValue('dtstamp', ICAL.Time.fromJSDate(new Date(start), true));
    exception.addPropertyWithValue('recurrence-id', ICAL.Time.fromJSDate(new Date(start + 4 * DAY), true));
    exception.addPropertyWithValue('dtstart', ICAL.Time.fromJSDate(new Date(start + 4 * DAY + 2 * HOUR), true));
    exception.addPropertyWithValue('dtend', ICAL.Time.fromJSDate(new Date(start + 4 * DAY + 3 * HOUR), true));
    exception.addPropertyWithValue('summary', 'Renamed outside');
    edited.addSubcomponent(exception);
    expect((await radicale.request('PUT', href, edited.toString(), { 'content-type': 'text/calendar' })).ok).toBe(true);
    await sync();
    // The title stays Atrium's: the series was made here.
    expect(await planning()).toEqual([
      [ids[0], 'Weekly planning', start, 'confirmed'],
      [ids[1], 'Planning (moved)', start + DAY + HOUR, 'confirmed'],
      [ids[2], 'Weekly planning', start + 2 * DAY, 'cancelled'],
      [ids[3], 'Weekly planning', start + 3 * DAY, 'cancelled'],
      [ids[4], 'Weekly planning', start + 4 * DAY + 2 * HOUR, 'confirmed'],
    ]);

    // An exception moved outside onto another meeting is declined as any other: the booking stays, the object is written back.
    const blocker = await book('Blocker for the planning', start + 5 * HOUR, start + 6 * HOUR);
    await settle();
    const clashing = new ICAL.Component(ICAL.parse((await readObject(href)).text));
    const clash = new ICAL.Component('vevent', clashing);
    clash.addPropertyWithValue('uid', `series-${seriesId}@atrium.example.test`);
    clash.addPropertyWithValue('dtstamp', ICAL.Time.fromJSDate(new Date(start), true));
    clash.addPropertyWithValue('recurrence-id', ICAL.Time.fromJSDate(new Date(start), true));
    clash.addPropertyWithValue('dtstart', ICAL.Time.fromJSDate(new Date(start + 5 * HOUR), true));
    clash.addPropertyWithValue('dtend', ICAL.Time.fromJSDate(new Date(start + 6 * HOUR), true));
    clash.addPropertyWithValue('summary', 'Weekly planning');
    clashing.addSubcomponent(clash);
    expect((await radicale.request('PUT', href, clashing.toString(), { 'content-type': 'text/calendar' })).ok).toBe(true);
    const refused = await sync();
    expect(thamesLink(refused.body.result).declines[0]).toMatchObject({ uid: `series-${seriesId}@atrium.example.test`, startAt: start + 5 * HOUR });
    expect((await planning())[0]).toEqual([ids[0], 'Weekly planning', start, 'confirmed']);
    expect((await reservationsOf(thamesId)).find((row) => row.id === blocker.id)!.status).toBe('confirmed');
    outside = await readObject(href);
    expect(outside.occurrences.map(([startAt]) => startAt)).toEqual([start, start + DAY + HOUR, start + 4 * DAY + 2 * HOUR]);

    // The whole series cancelled in Atrium: the object removed.
    await cancelBooking({ id: ids[0], scope: 'all' });
    await settle();
    expect((await outsideGet(href)).status).toBe(404);
    expect(await t.db.kysely.selectFrom('calendar_sync_items').select('href').where('href', 'like', `${href}%`).execute()).toEqual([]);
  });

  it('writes a series changed from one occurrence on (this and the following) as two objects, each with its own rule', async () => {
    const start = base + 30 * DAY;
    const zone = 'Europe/London';
    const answer = await call<Reservation>(t.app, {
      method: 'POST',
      url: '/api/meeting/reservation',
      headers: { token: adminToken },
      payload: { roomId: thamesId, title: 'Design crit', startAt: start, endAt: start + HOUR, repeat: { frequency: 'daily', until: toZoned(start + 3 * DAY, zone).date } },
    });
    expect(answer.status, answer.body.message).toBe(200);
    await settle();
    const rows = await t.db.kysely.selectFrom('reservations').select(['id', 'series_id']).where('title', '=', 'Design crit').orderBy('start_at').execute();
    const collection = new URL(thamesUrl).pathname;
    const first = `${collection}series-${rows[0]!.series_id}@atrium.example.test.ics`;
    expect((await readObject(first)).occurrences.map(([startAt]) => startAt)).toEqual([0, 1, 2, 3].map((day) => start + day * DAY));
    await updateBooking({ id: rows[2]!.id, startAt: start + 2 * DAY + 2 * HOUR, endAt: start + 2 * DAY + 3 * HOUR, scope: 'following' });
    await settle();
    const after = await t.db.kysely.selectFrom('reservations').select(['id', 'series_id', 'start_at']).where('title', '=', 'Design crit').orderBy('start_at').execute();
    const second = `${collection}series-${after[3]!.series_id}@atrium.example.test.ics`;
    expect(second).not.toBe(first);
    const before = await readObject(first);
    expect(before.occurrences.map(([startAt]) => startAt)).toEqual([start, start + DAY]);
    expect((before.master.getFirstPropertyValue('rrule') as ICAL.Recur).until?.toJSDate().getTime()).toBe(start + DAY);
    const following = await readObject(second);
    expect(following.occurrences.map(([startAt]) => startAt)).toEqual([start + 2 * DAY + 2 * HOUR, start + 3 * DAY + 2 * HOUR]);
    expect([following.exdates, following.exceptions]).toEqual([[], []]);
    // Neither comes back as a change.
    await sync();
    expect((await t.db.kysely.selectFrom('reservations').select(['id', 'start_at', 'status']).where('title', '=', 'Design crit').orderBy('start_at').execute()).map((row) => [row.id, Number(row.start_at), row.status])).toEqual([
      [rows[0]!.id, start, 'confirmed'],
      [rows[1]!.id, start + DAY, 'confirmed'],
      [rows[2]!.id, start + 2 * DAY + 2 * HOUR, 'confirmed'],
      [rows[3]!.id, start + 3 * DAY + 2 * HOUR, 'confirmed'],
    ]);
  });

  it("shows a room unhealthy with the catalogue's message when the service refuses the password, in both languages, until a new one is given", async () => {
    radicale.setPassword('changed-at-the-service');
    const en = await sync();
    expect(en.status).toBe(200);
    expect(thamesLink(en.body.result)).toMatchObject({ health: 'failing', healthMessage: 'Calendar resource invalid or failed to sync' });
    expect(thamesLink(en.body.result).lastError).toContain('401');
    const zh = await api<CalendarConnectionList>('GET', '/third-party', undefined, 'zh-CN');
    expect(thamesLink(zh.body.result[0]!).healthMessage).toBe(formatMessage('calendarSyncFailed', 'zh-CN'));
    const wrongAgain = await api('POST', '/third-party/auth', { id: connectionId, credential: 'still-wrong' });
    expect(wrongAgain.body.message).toBe(formatMessage('calendarTokenInvalid', 'en-US'));
    const fixed = await api<CalendarConnection>('POST', '/third-party/auth', { id: connectionId, credential: 'changed-at-the-service' });
    expect(fixed.status, fixed.body.message).toBe(200);
    expect(thamesLink((await sync()).body.result)).toMatchObject({ health: 'ok', healthMessage: null, lastError: null });
  });

  it('retries a write that fails with back-off, gives it up after the last retry and writes it on a manual retry', async () => {
    radicale.setPassword('changed-again');
    const meeting = await book('Offsite prep', base + 8 * HOUR, base + 9 * HOUR);
    await settle();
    const waiting = async () => thamesLink((await api<CalendarConnectionList>('GET', '/third-party')).body.result[0]!);
    const queued = await t.db.kysely.selectFrom('calendar_sync_pushes').select(['attempts', 'state', 'available_at']).where('reservation_id', '=', meeting.id).executeTakeFirstOrThrow();
    expect([queued.attempts, queued.state, Number(queued.available_at)]).toEqual([1, 'pending', t.clock.now() + PUSH_RETRY_DELAYS_MS[0]!]);
    expect(await waiting()).toMatchObject({ health: 'failing', pendingPushes: 1, failedPushes: [] });
    // Not before its time.
    t.clock.advance(PUSH_RETRY_DELAYS_MS[0]! - 1);
    await t.app.calendarSync.pushDue();
    expect((await t.db.kysely.selectFrom('calendar_sync_pushes').select('attempts').where('reservation_id', '=', meeting.id).executeTakeFirstOrThrow()).attempts).toBe(1);
    t.clock.advance(1);
    for (const delay of PUSH_RETRY_DELAYS_MS.slice(1)) {
      await t.app.calendarSync.pushDue();
      t.clock.advance(delay);
    }
    await t.app.calendarSync.pushDue();
    // Hours went by: a new session (the first one went idle).
    adminToken = await t.factories.session(admin);
    const given = await waiting();
    expect(given.pendingPushes).toBe(0);
    expect(given.failedPushes).toEqual([{ reservationId: meeting.id, attempts: PUSH_RETRY_DELAYS_MS.length + 1, lastError: expect.stringContaining('401') as string, updatedAt: t.clock.now() }]);
    // Still given up on the scheduled pass; written once the password is right and someone retries.
    t.clock.advance(DAY);
    await t.app.calendarSync.pushDue();
    adminToken = await t.factories.session(admin);
    expect((await waiting()).failedPushes).toHaveLength(1);
    await api('POST', '/third-party/auth', { id: connectionId, credential: 'changed-again' });
    const retried = await sync({ retryFailed: true });
    expect(thamesLink(retried.body.result)).toMatchObject({ health: 'ok', pendingPushes: 0, failedPushes: [] });
    expect((await outsideGet(`${new URL(thamesUrl).pathname}reservation-${meeting.id}@atrium.example.test.ics`)).status).toBe(200);
  });

  it('writes a write waiting out its back-off at once when someone syncs by hand after mending the password', async () => {
    radicale.setPassword('changed-once-more');
    const meeting = await book('Quarterly review', base + 10 * HOUR, base + 11 * HOUR);
    await settle();
    const queued = await t.db.kysely.selectFrom('calendar_sync_pushes').select(['attempts', 'state', 'available_at']).where('reservation_id', '=', meeting.id).executeTakeFirstOrThrow();
    expect([queued.attempts, queued.state, Number(queued.available_at)]).toEqual([1, 'pending', t.clock.now() + PUSH_RETRY_DELAYS_MS[0]!]);
    await api('POST', '/third-party/auth', { id: connectionId, credential: 'changed-once-more' });
    // No clock moved: the back-off has not run out, and the manual sync writes it anyway.
    const synced = await sync();
    expect(thamesLink(synced.body.result)).toMatchObject({ health: 'ok', pendingPushes: 0, failedPushes: [] });
    expect((await outsideGet(`${new URL(thamesUrl).pathname}reservation-${meeting.id}@atrium.example.test.ics`)).status).toBe(200);
  });

  it('pulls on its schedule once across two server processes: an outside event becomes one booking, and is not declined by the other', async () => {
    const second = await createTestApp({ database: t.database, clock: t.clock, config: { publicUrl: 'https://atrium.example.test' } });
    try {
      const href = `${thamesUrl}scheduled.ics`;
      await radicale.request('PUT', href, outsideEvent({ uid: 'scheduled', title: 'Pulled on schedule', start: base + 12 * HOUR, end: base + 13 * HOUR }), { 'content-type': 'text/calendar' });
      t.clock.advance(10 * 60_000);
      await Promise.all([t.app.scheduler.tick(), second.app.scheduler.tick()]);
      const rows = (await reservationsOf(thamesId)).filter((row) => row.title === 'Pulled on schedule');
      expect(rows.map((row) => [Number(row.start_at), row.status])).toEqual([[base + 12 * HOUR, 'confirmed']]);
      expect((await outsideGet(new URL(href).pathname)).status).toBe(200);
      expect(await t.db.kysely.selectFrom('calendar_sync_declines').select('uid').where('uid', '=', 'scheduled').execute()).toEqual([]);
    } finally {
      await second.cleanup();
    }
    adminToken = await t.factories.session(admin);
  });

  it('disconnects: links and queue gone, bookings kept', async () => {
    const before = await reservationsOf(thamesId);
    const removed = await api('DELETE', '/third-party', { id: connectionId });
    expect([removed.status, removed.body.message]).toEqual([200, formatMessage('calendarConnectionRemoved', 'en-US')]);
    expect((await api<CalendarConnectionList>('GET', '/third-party')).body.result).toEqual([]);
    expect(await t.db.kysely.selectFrom('calendar_links').select('id').execute()).toEqual([]);
    expect(await reservationsOf(thamesId)).toEqual(before);
  });
});
