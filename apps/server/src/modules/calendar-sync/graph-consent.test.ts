import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, ReturnCode, type CalendarAuthAddress, type CalendarConnection, type CalendarConnectionList, type Reservation } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { calendarCalls } from '../../test/calendar-calls.js';
import { createFakeClock } from '../../test/clock.js';
import { TEST_DIALECT } from '../../test/database.js';
import type { TestUser } from '../../test/factories.js';
import { freePort } from '../../test/free-port.js';
import { startGraphFake, type GraphFake } from '../../test/graph-fake.js';
import { createTestRoom } from '../../test/rooms.js';
import { OAUTH_CALLBACK_PATH } from './calendar-oauth.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/**
 * The access tokens the fake issues here live 63 s: the app refreshes a minute before expiry, so it
 * holds each for 3 s of real time (the clock its token source counts with), and a test waits one out.
 */
const ACCESS_TOKEN_SECONDS = 63;
const HELD_MS = 3_000;

/**
 * A room linked to a Microsoft 365 calendar through the OAuth consent, with the app's own token
 * source (no adapter handed in): the Graph fake plays the identity platform (authorize, token) and
 * Graph. The app listens on a port of its own, its PUBLIC_URL, so that the fake's validation
 * handshake reaches the webhook when a subscription is made.
 */
describe(`calendar sync with Microsoft Graph through the OAuth consent (the Graph fake, ${TEST_DIALECT})`, () => {
  let t: TestApp;
  let fake: GraphFake;
  let publicUrl: string;
  let admin: TestUser;
  let adminToken: string;
  let companyId: number;
  let thamesId: number;
  let calendarId: string;
  let connectionId: number;
  let base: number;
  const clock = createFakeClock();
  const logLines: string[] = [];

  beforeAll(async () => {
    const port = await freePort();
    publicUrl = `http://127.0.0.1:${port}`;
    fake = await startGraphFake({ now: () => clock.now(), redirectUris: [`${publicUrl}${OAUTH_CALLBACK_PATH}`] });
    fake.setAccessTokenLifetime(ACCESS_TOKEN_SECONDS);
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    t = await createTestApp({ clock, config: { publicUrl, publicOrigin: publicUrl }, logger: { level: 'info', stream } });
    await t.app.listen({ port, host: '127.0.0.1' });
    const a = await t.factories.companyWithAdmin('Outlook Co');
    companyId = a.company.id;
    admin = a.admin;
    adminToken = await t.factories.session(admin);
    thamesId = (await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Thames', timeZone: 'Europe/London' })).roomId;
    calendarId = fake.makeCalendar('Thames room');
    base = clock.now() + DAY;
  });
  afterAll(async () => {
    await t?.cleanup();
    await fake?.stop();
  });

  const { answers, api, sync, link, settle, approve, callback } = calendarCalls(() => ({ t, adminToken, connectionId, roomId: thamesId, publicUrl }));
  const storedRefreshToken = async () => (await t.db.kysely.selectFrom('calendar_connections').select('refresh_token').where('id', '=', connectionId).executeTakeFirstOrThrow()).refresh_token;
  const issued = () => fake.grants().flatMap((grant) => (grant.issued ? [grant.issued] : []));
  /** Graph's API calls (the identity endpoints apart). */
  const apiCalls = () => fake.requests.filter((request) => request.url.startsWith('/v1.0/'));
  /** Waits, in real time, until the app no longer holds the last access token issued. */
  const lapse = async () => {
    const last = fake.grants().filter((grant) => grant.issued !== null).at(-1)!;
    // A second more than the token is held: its answer reached the app after the fake issued it.
    const wait = last.at + HELD_MS + 1_000 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  };

  const consent = async (options: { inAnotherBrowser?: boolean } = {}) => callback(await approve(), options);

  it('connects a Microsoft 365 account by its OAuth client, `<tenant>/<client id>`, without asking Microsoft anything; it is not authorised until the consent', async () => {
    const account = `${fake.tenant}/${fake.clientId}`;
    const plain = await api('POST', '/third-party', { kind: 'graph', name: 'Outlook', serverUrl: 'http://graph.example.test', account, credential: fake.clientSecret });
    expect([plain.status, plain.body.returncode, plain.body.message]).toEqual([422, ReturnCode.REFUSED, formatMessage('calendarServerAddressInvalid', 'en-US')]);
    const created = await api<CalendarConnection>('POST', '/third-party', { kind: 'graph', name: 'Outlook rooms', serverUrl: fake.url, account, credential: fake.clientSecret });
    expect(created.status, created.body.message).toBe(200);
    connectionId = created.body.result.id;
    expect(created.body.result).toMatchObject({ kind: 'graph', serverUrl: fake.url, account, hasCredential: true, isAuthorised: false, links: [] });
    expect(fake.requests).toEqual([]);
    const calendars = await api('GET', `/third-party?id=${connectionId}`);
    expect([calendars.status, calendars.body.message]).toEqual([422, formatMessage('calendarNotAuthorised', 'en-US')]);

    // Without an address of its own: Microsoft's login host, in the account's tenant ("organizations" when it names none).
    const clientId = '11111111-2222-3333-4444-555555555555';
    const real = await api<CalendarConnection>('POST', '/third-party', { kind: 'graph', name: 'Real Microsoft', account: `contoso.onmicrosoft.com/${clientId}`, credential: 'secret' });
    expect(real.body.result.serverUrl).toBe('https://graph.microsoft.com');
    const address = new URL((await api<CalendarAuthAddress>('GET', `/third-party/auth-address?id=${real.body.result.id}`)).body.result.url);
    expect(address.origin + address.pathname).toBe('https://login.microsoftonline.com/contoso.onmicrosoft.com/oauth2/v2.0/authorize');
    expect(Object.fromEntries(address.searchParams)).toEqual({
      client_id: clientId,
      redirect_uri: `${publicUrl}${OAUTH_CALLBACK_PATH}`,
      response_type: 'code',
      scope: 'offline_access https://graph.microsoft.com/Calendars.ReadWrite',
      state: expect.any(String),
      response_mode: 'query',
      prompt: 'consent',
    });
    const bare = await api<CalendarConnection>('POST', '/third-party', { kind: 'graph', name: 'Any tenant', account: clientId, credential: 'secret' });
    const bareAddress = new URL((await api<CalendarAuthAddress>('GET', `/third-party/auth-address?id=${bare.body.result.id}`)).body.result.url);
    expect(bareAddress.origin + bareAddress.pathname).toBe('https://login.microsoftonline.com/organizations/oauth2/v2.0/authorize');
    for (const id of [real.body.result.id, bare.body.result.id]) await api('DELETE', '/third-party', { id });
  });

  it('the consent comes back to the callback, which redeems the code once and keeps the refresh token; a refused consent, another browser or a wrong client secret says why', async () => {
    fake.refuseNextConsent();
    expect(await consent()).toBe('/account?error=consentRefused');
    expect(await consent({ inAnotherBrowser: true })).toBe('/account?error=stateInvalid');
    // A client secret Microsoft does not know: the code is refused (401 invalid_client) and nothing is kept.
    expect((await api('POST', '/third-party/auth', { id: connectionId, credential: 'not-the-secret' })).status).toBe(200);
    expect(await consent()).toBe('/account?error=tokenRefused');
    expect(fake.grants().at(-1)).toMatchObject({ grantType: 'authorization_code', error: { error: 'invalid_client', code: 7000215, status: 401 } });
    expect(await storedRefreshToken()).toBeNull();
    expect((await api('POST', '/third-party/auth', { id: connectionId, credential: fake.clientSecret })).status).toBe(200);

    const approved = await approve();
    expect(await callback(approved)).toBe(`/account?linked=1&connection=${connectionId}`);
    const redeemed = fake.grants().at(-1)!;
    expect(redeemed).toMatchObject({ grantType: 'authorization_code', error: null, issued: { refreshToken: expect.stringMatching(/^0\.A/) } });
    expect(await storedRefreshToken()).toBe(redeemed.issued!.refreshToken);
    // The callback's address opened again: Microsoft redeems a code once, and the refresh token kept stays.
    expect(await callback(approved)).toBe('/account?error=tokenRefused');
    expect(fake.grants().at(-1)!.error).toMatchObject({ error: 'invalid_grant', code: 54005 });
    expect(await storedRefreshToken()).toBe(redeemed.issued!.refreshToken);

    const one = await api<CalendarConnectionList>('GET', `/third-party?id=${connectionId}`);
    expect(one.status, one.body.message).toBe(200);
    expect(one.body.result[0]).toMatchObject({ isAuthorised: true, collections: [{ url: `/me/calendars/${calendarId}`, name: 'Thames room' }] });
  });

  it('links a room (a subscription made) and writes a booking made in Atrium to Graph, every call with an access token the token endpoint issued', async () => {
    const linked = await api<CalendarConnection>('POST', '/third-party/update-config', { id: connectionId, links: [{ roomId: thamesId, collectionUrl: `/me/calendars/${calendarId}` }] });
    expect(linked.status, linked.body.message).toBe(200);
    await settle();
    expect(fake.subscriptions()).toEqual([expect.objectContaining({ resource: `me/calendars/${calendarId}/events` })]);
    const booked = await call<Reservation>(t.app, { method: 'POST', url: '/api/meeting/reservation', headers: { token: adminToken }, payload: { roomId: thamesId, title: 'Board review', startAt: base + 2 * HOUR, endAt: base + 3 * HOUR } });
    expect(booked.status, booked.body.message).toBe(200);
    await settle();
    expect(fake.instanceIds(calendarId).map((id) => fake.event(id))).toEqual([{ subject: 'Board review', startAt: base + 2 * HOUR, endAt: base + 3 * HOUR, calendarId }]);
    const written = apiCalls().filter((request) => request.method === 'POST' && request.url === `/v1.0/me/calendars/${calendarId}/events`);
    expect(written).toHaveLength(1);
    const accessTokens = issued().map((one) => one.accessToken);
    expect(accessTokens).toContain(written[0]!.bearer);
    for (const request of apiCalls()) expect(accessTokens).toContain(request.bearer);
    expect(link((await sync()).body.result)).toMatchObject({ health: 'ok', pendingPushes: 0 });
  });

  it('holds an access token until it lapses, then refreshes with the refresh token kept last, and keeps the new one Microsoft answers', async () => {
    await lapse();
    const before = fake.grants().length;
    const kept = await storedRefreshToken();
    expect(link((await sync()).body.result)).toMatchObject({ health: 'ok' });
    const first = fake.grants().slice(before);
    expect(first.map((grant) => [grant.grantType, grant.presented, grant.error])).toEqual([['refresh_token', kept, null]]);
    const rotated = first[0]!.issued!.refreshToken!;
    expect(rotated).not.toBe(kept);
    expect(await storedRefreshToken()).toBe(rotated);
    // Held meanwhile: the next sync asks the token endpoint nothing, though the refresh token kept has changed.
    expect(link((await sync()).body.result)).toMatchObject({ health: 'ok' });
    expect(fake.grants()).toHaveLength(before + 1);
    expect(apiCalls().at(-1)!.bearer).toBe(first[0]!.issued!.accessToken);

    // Lapsed again: the second refresh presents the rotated refresh token.
    await lapse();
    expect(link((await sync()).body.result)).toMatchObject({ health: 'ok' });
    const second = fake.grants().slice(before + 1);
    expect(second.map((grant) => [grant.grantType, grant.presented, grant.error])).toEqual([['refresh_token', rotated, null]]);
    expect(await storedRefreshToken()).toBe(second[0]!.issued!.refreshToken);
    expect(apiCalls().at(-1)!.bearer).toBe(second[0]!.issued!.accessToken);
  });

  it('a revoked consent is seen when the held access token lapses: the refresh is refused and the room says "token invalid"; a new consent mends it', async () => {
    fake.revoke();
    // Microsoft cannot recall an access token it issued: the one held still works.
    expect(link((await sync()).body.result)).toMatchObject({ health: 'ok' });
    await lapse();
    const failing = await sync();
    expect(fake.grants().at(-1)).toMatchObject({ grantType: 'refresh_token', error: { error: 'invalid_grant', code: 50173, status: 400 } });
    expect(link(failing.body.result)).toMatchObject({ health: 'failing', healthMessage: `${formatMessage('calendarSyncFailed', 'en-US')}: ${formatMessage('calendarTokenInvalid', 'en-US')}` });
    expect(link(failing.body.result).lastError).toContain('invalid_grant');
    const zh = await api<CalendarConnectionList>('GET', '/third-party', undefined, 'zh-CN');
    expect(link(zh.body.result[0]!).healthMessage).toBe(`${formatMessage('calendarSyncFailed', 'zh-CN')}: ${formatMessage('calendarTokenInvalid', 'zh-CN')}`);
    const calendars = await api('GET', `/third-party?id=${connectionId}`);
    expect([calendars.status, calendars.body.message]).toEqual([422, formatMessage('calendarTokenInvalid', 'en-US')]);

    expect(await consent()).toBe(`/account?linked=1&connection=${connectionId}`);
    await settle();
    const mended = await api<CalendarConnectionList>('GET', '/third-party');
    expect(link(mended.body.result[0]!)).toMatchObject({ health: 'ok', healthMessage: null, lastError: null });
  });

  it('no answer, operation-log entry or log line carries the client secret, a refresh token or an access token; the refresh token stored is the last one Microsoft issued', async () => {
    const stored = await t.db.kysely.selectFrom('calendar_connections').select(['credential', 'refresh_token']).where('id', '=', connectionId).executeTakeFirstOrThrow();
    expect(stored.credential).toBe(fake.clientSecret);
    expect(stored.refresh_token).toBe(issued().at(-1)!.refreshToken);
    const log = await t.db.kysely.selectFrom('operation_logs').selectAll().where('company_id', '=', companyId).execute();
    expect(log.map((entry) => entry.action)).toEqual(expect.arrayContaining(['calendarSync.connect', 'calendarSync.auth', 'calendarSync.configure']));
    // The refusals above were logged (the refused code, the refused refresh), naming the endpoint and the error only.
    expect(logLines.some((line) => line.includes('invalid_grant'))).toBe(true);
    const secrets = [fake.clientSecret, ...issued().flatMap((one) => [one.accessToken, one.refreshToken!])];
    for (const text of [...answers, JSON.stringify(log), ...logLines]) {
      for (const secret of secrets) expect(text).not.toContain(secret);
    }
  });
});
