import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGoogleCalendarFake, type GoogleCalendarFake } from '../../test/google-calendar-fake.js';
import { CalendarPeerError } from './calendar-adapter.js';
import { expandOutsideEvent, readOutsideEvent } from './calendar-events.js';
import { consentUrl, createAccessTokenCache, exchangeCode, oauthServerUrl, type OAuthClient } from './calendar-oauth.js';
import { createGoogleAdapter, type GoogleAdapter } from './google.adapter.js';
import { instanceSuffixOf, seriesToICalendar } from './google-events.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const REDIRECT = 'https://atrium.example.test/api/third-party/oauth/callback';

/** 20261124T100000Z */
const utc = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

describe('the Google Calendar adapter against a protocol-faithful fake', () => {
  let google: GoogleCalendarFake;
  let client: OAuthClient;
  let refreshToken: string;
  let adapter: GoogleAdapter;
  let rooms: string;
  const now = Date.now();

  /** The consent as a browser walks it: the consent page redirects back with a code, exchanged for tokens. */
  async function consent(): Promise<string> {
    const page = await fetch(consentUrl(client, REDIRECT, 'state-1'), { redirect: 'manual' });
    expect(page.status).toBe(302);
    const back = new URL(page.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('state-1');
    const tokens = await exchangeCode(client, back.searchParams.get('code')!, REDIRECT, Date.now);
    expect(tokens.refreshToken).toEqual(expect.any(String));
    return tokens.refreshToken!;
  }

  beforeAll(async () => {
    google = await startGoogleCalendarFake();
    client = { kind: 'google', serverUrl: google.url, account: google.clientId, clientSecret: google.clientSecret };
    rooms = google.addCalendar('rooms.thames@group.calendar.google.com', 'Thames');
    google.addCalendar('severn@group.calendar.google.com', 'Severn');
    google.addCalendar('holidays@group.v.calendar.google.com', 'Holidays', 'reader');
    refreshToken = await consent();
    const cache = createAccessTokenCache({ now: Date.now });
    adapter = createGoogleAdapter({ baseUrl: google.url, accessToken: cache.sourceFor(1, client, refreshToken), now: () => now });
  });
  afterAll(async () => {
    await google?.stop();
  });

  it('asks Google for offline access with the calendar scope, and keeps the base URL rule (https, or http on this machine only)', () => {
    const real = new URL(consentUrl({ ...client, serverUrl: 'https://www.googleapis.com' }, REDIRECT, 's'));
    expect(real.origin + real.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(real.searchParams)).toMatchObject({ access_type: 'offline', prompt: 'consent', scope: 'https://www.googleapis.com/auth/calendar', response_type: 'code', redirect_uri: REDIRECT, client_id: google.clientId });
    const graph = new URL(consentUrl({ kind: 'graph', serverUrl: 'https://graph.microsoft.com', account: 'contoso.onmicrosoft.com/app-1', clientSecret: 'x' }, REDIRECT, 's'));
    expect(graph.origin + graph.pathname).toBe('https://login.microsoftonline.com/contoso.onmicrosoft.com/oauth2/v2.0/authorize');
    expect(graph.searchParams.get('scope')).toBe('offline_access https://graph.microsoft.com/Calendars.ReadWrite');
    expect(graph.searchParams.get('client_id')).toBe('app-1');
    expect(oauthServerUrl('google', undefined)).toBe('https://www.googleapis.com');
    expect(oauthServerUrl('graph', '')).toBe('https://graph.microsoft.com');
    expect(oauthServerUrl('google', 'http://localhost:8080/')).toBe('http://localhost:8080');
    expect(() => oauthServerUrl('google', 'http://calendar.example.test')).toThrow();
  });

  it('lists the calendars the account may write to, page by page', async () => {
    google.setPageSize(1);
    try {
      expect(await adapter.listCollections()).toEqual([
        { url: rooms, name: 'Thames' },
        { url: `${google.url}/calendar/v3/calendars/${encodeURIComponent('severn@group.calendar.google.com')}`, name: 'Severn' },
      ]);
    } finally {
      google.setPageSize(250);
    }
  });

  it('writes an event with the UID as its iCalUID, reads it back as iCalendar with the same version, updates and deletes it', async () => {
    const first = await adapter.pull(rooms, null);
    expect(first).toMatchObject({ upserts: [], deletes: [], isFull: true });
    const start = Math.ceil((now + DAY) / HOUR) * HOUR;
    const data = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:reservation-7@atrium.example.test', `DTSTART:${utc(start)}`, `DTEND:${utc(start + HOUR)}`, 'SUMMARY:Planning', 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n');
    const written = await adapter.put(rooms, null, 'reservation-7@atrium.example.test', data);
    const [stored] = google.events('rooms.thames@group.calendar.google.com');
    expect(stored).toMatchObject({ iCalUID: 'reservation-7@atrium.example.test', summary: 'Planning', start: { dateTime: new Date(start).toISOString().replace('.000Z', 'Z') } });
    expect(written).toEqual({ href: `${rooms}/events/${stored!.id}`, etag: stored!.etag });

    const changes = await adapter.pull(rooms, first.token);
    expect(changes.isFull).toBe(false);
    expect(changes.upserts.map((object) => [object.href, object.etag])).toEqual([[written.href, written.etag]]);
    expect(readOutsideEvent(changes.upserts[0]!.data)).toMatchObject({ uid: 'reservation-7@atrium.example.test', title: 'Planning', startAt: start, endAt: start + HOUR, isRepeating: false });

    const moved = await adapter.put(rooms, written.href, 'reservation-7@atrium.example.test', data.replace('Planning', 'Planning, moved'));
    expect(moved.href).toBe(written.href);
    expect(google.events('rooms.thames@group.calendar.google.com')[0]!.summary).toBe('Planning, moved');
    const afterMove = await adapter.pull(rooms, changes.token);
    await adapter.remove(written.href);
    await adapter.remove(written.href);
    const afterDelete = await adapter.pull(rooms, afterMove.token);
    expect(afterDelete).toMatchObject({ upserts: [], deletes: [written.href], isFull: false });
  });

  it('follows pages of changes and keeps the last page’s sync token; a token Google no longer knows (410) gives a full listing', async () => {
    const calendar = 'severn@group.calendar.google.com';
    const url = `${google.url}/calendar/v3/calendars/${encodeURIComponent(calendar)}`;
    const start = await adapter.pull(url, null);
    for (let index = 0; index < 5; index++) google.insertOutside(calendar, { summary: `Outside ${index}`, start: { dateTime: new Date(now + DAY + index * HOUR).toISOString() }, end: { dateTime: new Date(now + DAY + (index + 1) * HOUR).toISOString() } });
    // One that ended two days ago: not in a full listing (from a day back).
    google.insertOutside(calendar, { summary: 'Long ago', start: { dateTime: new Date(now - 2 * DAY).toISOString() }, end: { dateTime: new Date(now - 2 * DAY + HOUR).toISOString() } });
    google.setPageSize(2);
    try {
      const changed = await adapter.pull(url, start.token);
      expect(changed.upserts.map((object) => readOutsideEvent(object.data)?.title)).toEqual(['Outside 0', 'Outside 1', 'Outside 2', 'Outside 3', 'Outside 4', 'Long ago']);
      const pages = google.requests.filter((request) => request.path.includes('/events?') && request.path.includes('pageToken='));
      expect(pages.length).toBeGreaterThanOrEqual(2);
      expect((await adapter.pull(url, changed.token)).upserts).toEqual([]);

      google.expireSyncTokens(calendar);
      const full = await adapter.pull(url, changed.token);
      expect(full.isFull).toBe(true);
      expect(full.token).toEqual(expect.any(String));
      expect(full.upserts.map((object) => readOutsideEvent(object.data)?.title).sort()).toEqual(['Outside 0', 'Outside 1', 'Outside 2', 'Outside 3', 'Outside 4']);
      expect(google.requests.at(-1)!.path).toContain('timeMin=');
    } finally {
      google.setPageSize(250);
    }
  });

  it('carries a repeating event as one object: its rule in its time zone, a moved occurrence as a RECURRENCE-ID and a cancelled one as an EXDATE', async () => {
    const calendar = 'rooms.thames@group.calendar.google.com';
    const start = await adapter.pull(rooms, null);
    // Weekly on Mondays at 10:00 London time, across the end of summer time (25 October 2026).
    const master = google.insertOutside(calendar, {
      summary: 'Weekly review',
      start: { dateTime: '2026-10-19T10:00:00+01:00', timeZone: 'Europe/London' },
      end: { dateTime: '2026-10-19T11:00:00+01:00', timeZone: 'Europe/London' },
      recurrence: ['RRULE:FREQ=WEEKLY;COUNT=4'],
      organizer: { email: 'lead@example.test' },
    });
    const changes = await adapter.pull(rooms, start.token);
    expect(changes.upserts).toHaveLength(1);
    const whole = changes.upserts[0]!;
    expect(whole.href).toBe(`${rooms}/events/${master.id}`);
    expect(whole.data).toContain('RRULE:FREQ=WEEKLY;COUNT=4');
    expect(whole.data).toContain('DTSTART;TZID=Europe/London:20261019T100000');
    expect(readOutsideEvent(whole.data)).toMatchObject({ title: 'Weekly review', organiserEmail: 'lead@example.test', isRepeating: true });
    const occurrences = expandOutsideEvent(whole.data, Date.UTC(2026, 9, 1), Date.UTC(2026, 11, 1))!;
    // 09:00Z in summer time, 10:00Z after it: the wall clock stays at 10:00.
    expect(occurrences.map((occurrence) => new Date(occurrence.startAt).toISOString())).toEqual(['2026-10-19T09:00:00.000Z', '2026-10-26T10:00:00.000Z', '2026-11-02T10:00:00.000Z', '2026-11-09T10:00:00.000Z']);

    // Someone moves the second occurrence and cancels the third, at Google (each its own event there).
    google.insertOutside(calendar, {
      recurringEventId: master.id,
      originalStartTime: { dateTime: '2026-10-26T10:00:00Z', timeZone: 'Europe/London' },
      iCalUID: master.iCalUID,
      summary: 'Weekly review (later)',
      start: { dateTime: '2026-10-26T14:00:00Z', timeZone: 'Europe/London' },
      end: { dateTime: '2026-10-26T15:00:00Z', timeZone: 'Europe/London' },
    });
    google.insertOutside(calendar, { recurringEventId: master.id, originalStartTime: { dateTime: '2026-11-02T10:00:00Z', timeZone: 'Europe/London' }, status: 'cancelled', start: undefined, end: undefined } as never);
    const exceptions = await adapter.pull(rooms, changes.token);
    expect(exceptions.upserts.map((object) => object.href)).toEqual([whole.href]);
    expect(exceptions.upserts[0]!.etag).not.toBe(whole.etag);
    const moved = expandOutsideEvent(exceptions.upserts[0]!.data, Date.UTC(2026, 9, 1), Date.UTC(2026, 11, 1))!;
    expect(moved.map((occurrence) => [new Date(occurrence.startAt).toISOString(), occurrence.title])).toEqual([
      ['2026-10-19T09:00:00.000Z', 'Weekly review'],
      ['2026-10-26T14:00:00.000Z', 'Weekly review (later)'],
      ['2026-11-09T10:00:00.000Z', 'Weekly review'],
    ]);

    // A declined occurrence written back as an EXDATE keeps the rule in its zone at Google.
    const excluded = exceptions.upserts[0]!.data.replace('RRULE:FREQ=WEEKLY;COUNT=4', 'RRULE:FREQ=WEEKLY;COUNT=4\r\nEXDATE;TZID=Europe/London:20261109T100000');
    await adapter.put(rooms, whole.href, master.iCalUID, excluded);
    const stored = google.events(calendar).find((event) => event.id === master.id)!;
    expect(stored.recurrence).toEqual(['RRULE:FREQ=WEEKLY;COUNT=4', 'EXDATE;TZID=Europe/London:20261109T100000', 'EXDATE;TZID=Europe/London:20261102T100000']);
    expect(stored.start).toEqual({ dateTime: '2026-10-19T10:00:00+01:00', timeZone: 'Europe/London' });
    // The moved occurrence written to its instance (`<event id>_<original start>`), not a second exception beside it.
    const instances = google.events(calendar).filter((event) => event.recurringEventId === master.id);
    expect(instances.map((event) => [event.id, event.status, event.summary, event.start?.dateTime])).toEqual([
      [`${master.id}_20261026T100000Z`, 'confirmed', 'Weekly review (later)', '2026-10-26T14:00:00Z'],
      [`${master.id}_20261102T100000Z`, 'cancelled', undefined, undefined],
    ]);
    // Its version is the one the next listing gives: nothing comes back as changed.
    const written = await adapter.put(rooms, whole.href, master.iCalUID, excluded);
    const after = await adapter.pull(rooms, exceptions.token);
    expect(after.upserts.map((object) => object.etag)).toEqual([written.etag]);
  });

  it("reads a wall-clock dateTime (no offset, with its timeZone) in that zone, not the server's; an instance's id suffix is its original start in UTC", () => {
    const data = seriesToICalendar({ id: 'abc', iCalUID: 'abc@google.com', start: { dateTime: '2026-07-01T10:00:00', timeZone: 'Europe/London' }, end: { dateTime: '2026-07-01T11:00:00', timeZone: 'Europe/London' }, recurrence: ['RRULE:FREQ=DAILY;COUNT=2'] }, [])!;
    expect(data).toContain('DTSTART;TZID=Europe/London:20260701T100000');
    expect(expandOutsideEvent(data, Date.UTC(2026, 5, 1), Date.UTC(2026, 7, 1))!.map((occurrence) => occurrence.startAt)).toEqual([Date.UTC(2026, 6, 1, 9), Date.UTC(2026, 6, 2, 9)]);
    expect(instanceSuffixOf({ dateTime: '2026-07-01T10:00:00', timeZone: 'Europe/London' })).toBe('20260701T090000Z');
    expect(instanceSuffixOf({ dateTime: '2026-07-01T10:00:00+01:00', timeZone: 'Europe/London' })).toBe('20260701T090000Z');
    expect(instanceSuffixOf({ date: '2026-07-01' })).toBe('20260701');
  });

  it('opens and stops a push channel; a notification carries the channel id and token', async () => {
    const channel = await adapter.watch(rooms, 'https://atrium.example.test/api/third-party/google/notify', 'secret-token', now + 7 * DAY);
    expect(google.channels()).toEqual([expect.objectContaining({ id: channel.id, resourceId: channel.resourceId, token: 'secret-token' })]);
    const notification = google.notification(channel.id);
    expect(notification.headers).toMatchObject({ 'x-goog-channel-id': channel.id, 'x-goog-channel-token': 'secret-token', 'x-goog-resource-state': 'exists' });
    await adapter.stopWatch(channel);
    expect(google.channels()).toEqual([]);
    await adapter.stopWatch(channel);
  });

  it('a revoked consent makes the refresh refused as the credential (isAuth), never naming a token', async () => {
    const cache = createAccessTokenCache({ now: Date.now });
    const fresh = createGoogleAdapter({ baseUrl: google.url, accessToken: cache.sourceFor(2, client, refreshToken) });
    await fresh.listCollections();
    google.revokeAll();
    // The access token held is refused by the API (401), and the next refresh by the token endpoint (invalid_grant).
    const refused = await fresh.listCollections().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CalendarPeerError);
    expect((refused as CalendarPeerError).isAuth).toBe(true);
    cache.forget(2);
    const again = await fresh.listCollections().catch((error: unknown) => error);
    expect(again).toMatchObject({ isAuth: true, message: expect.stringContaining('invalid_grant') });
    expect((again as Error).message).not.toContain(refreshToken);
    expect((again as Error).message).not.toContain(google.clientSecret);
  });
});
