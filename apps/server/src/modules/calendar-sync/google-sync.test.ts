import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, ReturnCode, type CalendarAuthAddress, type CalendarConnection, type CalendarConnectionList, type Reservation } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { calendarCalls } from '../../test/calendar-calls.js';
import { TEST_DIALECT } from '../../test/database.js';
import { startGoogleCalendarFake, type GoogleCalendarFake } from '../../test/google-calendar-fake.js';
import { createTestRoom } from '../../test/rooms.js';
import type { TestUser } from '../../test/factories.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PUBLIC_URL = 'https://atrium.example.test';
const THAMES = 'thames@group.calendar.google.com';

describe(`calendar sync with Google Calendar through the OAuth consent (a protocol-faithful fake, ${TEST_DIALECT})`, () => {
  let t: TestApp;
  let google: GoogleCalendarFake;
  let admin: TestUser;
  let adminToken: string;
  let companyId: number;
  let organiser: TestUser;
  let thamesId: number;
  let thamesUrl: string;
  let connectionId: number;
  let base: number;

  beforeAll(async () => {
    google = await startGoogleCalendarFake();
    t = await createTestApp({ config: { publicUrl: PUBLIC_URL, publicOrigin: PUBLIC_URL } });
    const a = await t.factories.companyWithAdmin('Google Co');
    companyId = a.company.id;
    admin = a.admin;
    adminToken = await t.factories.session(admin);
    organiser = await t.factories.user(companyId, { email: 'organiser@example.test', permissions: ['calendarRoomUse:view'] });
    thamesId = (await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Thames', timeZone: 'Europe/London' })).roomId;
    thamesUrl = google.addCalendar(THAMES, 'Thames room');
    base = t.clock.now() + DAY;
  });
  afterAll(async () => {
    await t?.cleanup();
    await google?.stop();
  });

  const { answers, api, sync, link, settle, approve, callback } = calendarCalls(() => ({ t, adminToken, connectionId, roomId: thamesId, publicUrl: PUBLIC_URL }));
  const reservations = () =>
    t.db.kysely.selectFrom('reservations').select(['id', 'title', 'start_at', 'end_at', 'status', 'host_user_id']).where('resource_id', '=', thamesId).where('status', '=', 'confirmed').orderBy('id').execute();
  const live = () => google.events(THAMES).filter((event) => event.status !== 'cancelled');

  /** Consent at Google and back to our callback (`inAnotherBrowser`: without the consent cookie); where the browser is sent. */
  const consent = async (options: { inAnotherBrowser?: boolean } = {}) => callback(await approve(), options);

  it('connects a Google account by its OAuth client without asking Google anything; it is not authorised until the consent', async () => {
    const plain = await api('POST', '/third-party', { kind: 'google', name: 'Google', serverUrl: 'http://calendar.example.test', account: google.clientId, credential: google.clientSecret });
    expect([plain.status, plain.body.returncode, plain.body.message]).toEqual([422, ReturnCode.REFUSED, formatMessage('calendarServerAddressInvalid', 'en-US')]);
    const created = await api<CalendarConnection>('POST', '/third-party', { kind: 'google', name: 'Google rooms', serverUrl: google.url, account: google.clientId, credential: google.clientSecret });
    expect(created.status, created.body.message).toBe(200);
    connectionId = created.body.result.id;
    expect(created.body.result).toMatchObject({ kind: 'google', serverUrl: google.url, account: google.clientId, hasCredential: true, isAuthorised: false, links: [] });
    expect(google.requests).toEqual([]);
    const calendars = await api('GET', `/third-party?id=${connectionId}`);
    expect([calendars.status, calendars.body.message]).toEqual([422, formatMessage('calendarNotAuthorised', 'en-US')]);
    // Without an address of its own, the real host.
    const real = await api<CalendarConnection>('POST', '/third-party', { kind: 'google', name: 'Real Google', account: 'client', credential: 'secret' });
    expect(real.body.result.serverUrl).toBe('https://www.googleapis.com');
    const address = new URL((await api<CalendarAuthAddress>('GET', `/third-party/auth-address?id=${real.body.result.id}`)).body.result.url);
    expect(address.origin + address.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(address.searchParams)).toMatchObject({ access_type: 'offline', prompt: 'consent', scope: 'https://www.googleapis.com/auth/calendar', redirect_uri: `${PUBLIC_URL}/api/third-party/oauth/callback`, client_id: 'client' });
    await api('DELETE', '/third-party', { id: real.body.result.id });
  });

  it('the consent at Google comes back to the callback, which keeps the refresh token and sends the browser to /account?linked=1; a forged or refused consent says why', async () => {
    const forged = await t.app.inject({ method: 'GET', url: '/api/third-party/oauth/callback?state=1.1x1.zzzzzz.AAAAAAAAAAAAAAAAAAAAAAAA&code=x' });
    expect([forged.statusCode, forged.headers.location]).toEqual([302, '/account?error=stateInvalid']);
    google.refuseNextConsent();
    expect(await consent()).toBe('/account?error=consentRefused');
    // The consent page's address opened in another browser (passed on to someone): that browser's consent is not taken.
    expect(await consent({ inAnotherBrowser: true })).toBe('/account?error=stateInvalid');
    expect(await consent()).toBe(`/account?linked=1&connection=${connectionId}`);
    const one = await api<CalendarConnectionList>('GET', `/third-party?id=${connectionId}`);
    expect(one.body.result[0]).toMatchObject({ isAuthorised: true });
    expect(one.body.result[0]!.collections).toEqual([{ url: thamesUrl, name: 'Thames room' }]);
    // The token request carried the client secret; the callback's answer does not.
    expect(google.requests.some((request) => request.path === '/token' && request.body.includes('grant_type=authorization_code'))).toBe(true);
  });

  it('links a room (a push channel opened to our webhook) and writes a booking made in Atrium to Google', async () => {
    const linked = await api<CalendarConnection>('POST', '/third-party/update-config', { id: connectionId, links: [{ roomId: thamesId, collectionUrl: thamesUrl }] });
    expect(linked.status, linked.body.message).toBe(200);
    expect(link(linked.body.result)).toMatchObject({ roomName: 'Thames', collectionName: 'Thames room', health: 'pending' });
    expect(google.channels()).toEqual([expect.objectContaining({ address: `${PUBLIC_URL}/api/third-party/google/notify` })]);
    const booked = await call<Reservation>(t.app, { method: 'POST', url: '/api/meeting/reservation', headers: { token: adminToken }, payload: { roomId: thamesId, title: 'Board review', startAt: base + 2 * HOUR, endAt: base + 3 * HOUR } });
    expect(booked.status, booked.body.message).toBe(200);
    await settle();
    expect(live()).toEqual([
      expect.objectContaining({
        iCalUID: `reservation-${booked.body.result.id}@atrium.example.test`,
        summary: 'Board review',
        start: { dateTime: new Date(base + 2 * HOUR).toISOString().replace('.000Z', 'Z') },
      }),
    ]);
    const synced = await sync();
    expect(link(synced.body.result)).toMatchObject({ health: 'ok', pendingPushes: 0 });
    expect((await reservations()).map((row) => row.title)).toEqual(['Board review']);
  });

  it('an event made at Google becomes a booking when Google notifies the webhook; a notification with a wrong token does nothing', async () => {
    google.insertOutside(THAMES, { summary: 'Planning from Google', start: { dateTime: new Date(base).toISOString() }, end: { dateTime: new Date(base + HOUR).toISOString() }, organizer: { email: 'organiser@example.test' } });
    const [channel] = google.channels();
    const notification = google.notification(channel!.id);
    const path = new URL(notification.address).pathname;
    const wrong = await t.app.inject({ method: 'POST', url: path, headers: { ...notification.headers, 'x-goog-channel-token': 'not-the-token' } });
    expect(wrong.statusCode).toBe(200);
    await settle();
    expect((await reservations()).map((row) => row.title)).toEqual(['Board review']);
    // Google's notification has no body; a sender naming a JSON type with it empty is answered the same.
    const right = await t.app.inject({ method: 'POST', url: path, headers: { ...notification.headers, 'content-type': 'application/json; charset=UTF-8' } });
    expect([right.statusCode, right.body]).toEqual([200, '']);
    await settle();
    expect((await reservations()).map((row) => [row.title, Number(row.start_at), row.host_user_id])).toEqual([
      ['Board review', base + 2 * HOUR, expect.any(Number)],
      ['Planning from Google', base, organiser.id],
    ]);
    // Its booking is not written back as a second event at Google.
    await settle();
    expect(live()).toHaveLength(2);
  });

  it('declines a clashing event made at Google: removed there, listed with its reason, no overlapping booking', async () => {
    const clash = google.insertOutside(THAMES, { summary: 'Clashing call', start: { dateTime: new Date(base + 2 * HOUR + 30 * 60_000).toISOString() }, end: { dateTime: new Date(base + 3 * HOUR + 30 * 60_000).toISOString() }, organizer: { email: 'visitor@outside.test' } });
    const synced = await sync();
    expect(google.events(THAMES).find((event) => event.id === clash.id)!.status).toBe('cancelled');
    expect(link(synced.body.result).declines).toEqual([expect.objectContaining({ title: 'Clashing call', organiserEmail: 'visitor@outside.test' })]);
    expect((await reservations()).map((row) => row.title)).toEqual(['Board review', 'Planning from Google']);
  });

  it('a sync token Google no longer accepts (410) starts a full listing: new events taken, known ones not taken twice, ones gone cancelled', async () => {
    const planning = live().find((event) => event.summary === 'Planning from Google')!;
    google.deleteOutside(THAMES, planning.id);
    google.insertOutside(THAMES, { summary: 'Retro', start: { dateTime: new Date(base + 5 * HOUR).toISOString() }, end: { dateTime: new Date(base + 6 * HOUR).toISOString() } });
    google.expireSyncTokens(THAMES);
    const synced = await sync();
    expect(link(synced.body.result)).toMatchObject({ health: 'ok' });
    expect(google.requests.some((request) => request.path.includes('/events?') && request.path.includes('timeMin='))).toBe(true);
    expect((await reservations()).map((row) => row.title)).toEqual(['Board review', 'Retro']);
  });

  it('a revoked consent turns the room failing with "token invalid"; a new consent mends it', async () => {
    google.revokeAll();
    const failing = await sync();
    expect(link(failing.body.result)).toMatchObject({ health: 'failing', healthMessage: `${formatMessage('calendarSyncFailed', 'en-US')}: ${formatMessage('calendarTokenInvalid', 'en-US')}` });
    expect(link(failing.body.result).lastError).toContain('401');
    const zh = await api<CalendarConnectionList>('GET', '/third-party', undefined, 'zh-CN');
    expect(link(zh.body.result[0]!).healthMessage).toBe(`${formatMessage('calendarSyncFailed', 'zh-CN')}: ${formatMessage('calendarTokenInvalid', 'zh-CN')}`);
    // The next attempt refreshes and is refused by the token endpoint: still the credential.
    const refused = await sync();
    expect(link(refused.body.result).lastError).toContain('invalid_grant');
    expect(await consent()).toBe(`/account?linked=1&connection=${connectionId}`);
    await settle();
    const mended = await api<CalendarConnectionList>('GET', '/third-party');
    expect(link(mended.body.result.find((connection) => connection.id === connectionId)!)).toMatchObject({ health: 'ok', healthMessage: null, lastError: null });
  });

  it('the hourly job renews a push channel two days before it expires, opening the new one before stopping the old', async () => {
    const [before] = google.channels();
    await t.app.calendarSync.renewChannels();
    expect(google.channels().map((channel) => channel.id)).toEqual([before!.id]);
    t.clock.advance(6 * DAY);
    await t.app.calendarSync.renewChannels();
    const after = google.channels();
    expect(after).toHaveLength(1);
    expect(after[0]!.id).not.toBe(before!.id);
    expect(after[0]!.expiration).toBe(t.clock.now() + 7 * DAY);
    // Six days on, the session of the first tests has lapsed.
    adminToken = await t.factories.session(admin);
  });

  it('unlinking stops the push channel; no answer, operation-log entry or stored detail carries the client secret or a refresh token', async () => {
    const unlinked = await api('POST', '/third-party/update-config', { id: connectionId, links: [{ roomId: thamesId, collectionUrl: null }] });
    expect(unlinked.status, unlinked.body.message).toBe(200);
    expect(google.channels()).toEqual([]);
    const stored = await t.db.kysely.selectFrom('calendar_connections').select(['credential', 'refresh_token']).where('id', '=', connectionId).executeTakeFirstOrThrow();
    expect(stored.credential).toBe(google.clientSecret);
    expect(stored.refresh_token).toMatch(/^1\/\//);
    const log = await t.db.kysely.selectFrom('operation_logs').selectAll().where('company_id', '=', companyId).execute();
    expect(log.map((entry) => entry.action)).toEqual(expect.arrayContaining(['calendarSync.connect', 'calendarSync.auth', 'calendarSync.configure']));
    for (const text of [...answers, JSON.stringify(log)]) {
      expect(text).not.toContain(google.clientSecret);
      expect(text).not.toContain(stored.refresh_token!);
    }
  });
});
