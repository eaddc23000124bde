import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAPH_NOTIFICATION_BATCH_MAX, ReturnCode, toZoned, type CalendarConnection, type CalendarConnectionList, type Reservation } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { createFakeClock } from '../../test/clock.js';
import { TEST_DIALECT } from '../../test/database.js';
import type { TestUser } from '../../test/factories.js';
import { freePort } from '../../test/free-port.js';
import { startGraphFake, type GraphFake } from '../../test/graph-fake.js';
import { createTestRoom } from '../../test/rooms.js';
import { refused } from '../../platform/errors.js';
import { createCalendarSyncRepository } from './calendar-sync.repository.js';
import { NOTIFICATION_PATH, SUBSCRIPTION_MS } from './calendar-sync.service.js';
import { createGraphAdapter } from './graph.adapter.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * A room linked to a Microsoft Graph calendar (the Graph fake, decision 0023 "Microsoft Graph"):
 * bookings both ways, a clash declined by deleting the event there, change notifications pulling
 * the link, subscriptions made, renewed by the job before they expire, and lifecycle events. The
 * app listens on a port of its own, its PUBLIC_URL, so that the fake's validation handshake and
 * notifications reach the webhook as Graph's would. The OAuth token source is not built here: the
 * adapter gets the fake's own token (graph-consent.test.ts walks the consent with the app's token source).
 */
describe(`calendar sync with Microsoft Graph (the Graph fake, ${TEST_DIALECT})`, () => {
  let t: TestApp;
  let fake: GraphFake;
  let publicUrl: string;
  let admin: TestUser;
  let adminToken: string;
  let companyId: number;
  let organiser: TestUser;
  let thamesId: number;
  let calendarId: string;
  let connectionId: number;
  let base: number;
  const clock = createFakeClock();
  /** Runs at the start of each pull of the link while set: something that happens while a pull runs. */
  let duringPull: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    fake = await startGraphFake({ now: () => clock.now() });
    const port = await freePort();
    publicUrl = `http://127.0.0.1:${port}`;
    t = await createTestApp({
      clock,
      config: { publicUrl, publicOrigin: publicUrl },
      calendarAdapterFor: (connection) => {
        if (connection.kind !== 'graph') throw refused('calendarKindNotAvailable');
        const adapter = createGraphAdapter({ baseUrl: connection.serverUrl, accessToken: async () => fake.token, now: () => clock.now() });
        return {
          ...adapter,
          async pull(collectionUrl, token) {
            await duringPull?.();
            return adapter.pull(collectionUrl, token);
          },
        };
      },
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    const a = await t.factories.companyWithAdmin('Graph Co');
    companyId = a.company.id;
    admin = a.admin;
    adminToken = await t.factories.session(admin);
    organiser = await t.factories.user(companyId, { email: 'organiser@example.test', permissions: ['calendarRoomUse:view'] });
    thamesId = (await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Thames', timeZone: 'Europe/London' })).roomId;
    calendarId = fake.makeCalendar('Thames room');
    // Stored as the OAuth consent leaves one (graph-consent.test.ts walks the consent itself): the client's id and secret,
    // and the refresh token the consent gave; the access token comes from the fake through calendarAdapterFor.
    const connections = createCalendarSyncRepository(t.db.kysely);
    connectionId = await connections.insertConnection(
      { companyId, kind: 'graph', name: 'Outlook rooms', serverUrl: fake.url, account: 'graph-client-id', credential: 'graph-client-secret', ownerUserId: a.admin.id },
      clock.now(),
    );
    await connections.updateConnection(companyId, connectionId, { refreshToken: 'a-refresh-token' }, clock.now());
    base = clock.now() + DAY;
  });
  afterAll(async () => {
    await t?.cleanup();
    await fake?.stop();
  });

  const api = <T>(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) => call<T>(t.app, { method, url: `/api${url}`, headers: { token: adminToken }, ...(payload ? { payload } : {}) });
  const reservationsOf = () => t.db.kysely.selectFrom('reservations').select(['id', 'title', 'start_at', 'end_at', 'status', 'host_user_id']).where('resource_id', '=', thamesId).orderBy('id').execute();
  const settle = async () => {
    await t.app.bookingInvitations.drain();
    await t.app.calendarSync.drain();
  };
  const linkRow = () => t.db.kysely.selectFrom('calendar_links').select(['subscription_id', 'subscription_expires_at', 'subscription_secret', 'sync_token']).where('room_id', '=', thamesId).executeTakeFirstOrThrow();
  const subscription = () => {
    const all = fake.subscriptions();
    expect(all).toHaveLength(1);
    return all[0]!;
  };
  const deltaRequests = () => fake.requests.filter((request) => request.url.includes('/delta')).length;

  it("answers Graph's validation handshake with the token as plain text", async () => {
    const token = 'Validation: Testing client application reachability <b>&</b>';
    const answer = await fetch(`${publicUrl}${NOTIFICATION_PATH}?validationToken=${encodeURIComponent(token)}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '' });
    expect([answer.status, answer.headers.get('content-type'), await answer.text()]).toEqual([200, 'text/plain; charset=utf-8', token]);
  });

  it('links a room to a calendar of the account and subscribes to its changes, the secret never answered', async () => {
    const one = await api<CalendarConnectionList>('GET', `/third-party?id=${connectionId}`);
    expect(one.status, one.body.message).toBe(200);
    expect(one.body.result[0]!.collections).toEqual([{ url: `/me/calendars/${calendarId}`, name: 'Thames room' }]);
    const linked = await api<CalendarConnection>('POST', '/third-party/update-config', { id: connectionId, links: [{ roomId: thamesId, collectionUrl: `/me/calendars/${calendarId}` }] });
    expect(linked.status, linked.body.message).toBe(200);
    await settle();
    const made = subscription();
    expect(made).toMatchObject({ changeType: 'created,updated,deleted', resource: `me/calendars/${calendarId}/events`, notificationUrl: `${publicUrl}${NOTIFICATION_PATH}`, lifecycleNotificationUrl: `${publicUrl}${NOTIFICATION_PATH}` });
    expect(Date.parse(made.expirationDateTime)).toBe(clock.now() + SUBSCRIPTION_MS);
    const row = await linkRow();
    expect([row.subscription_id, Number(row.subscription_expires_at), row.subscription_secret]).toEqual([made.id, clock.now() + SUBSCRIPTION_MS, made.clientState]);
    const all = await api<CalendarConnectionList>('GET', '/third-party');
    for (const answer of [one, linked, all]) {
      expect(JSON.stringify(answer.body)).not.toContain(made.clientState!);
      expect(JSON.stringify(answer.body)).not.toContain('a-refresh-token');
    }
  });

  it('writes a booking made in Atrium to the Graph calendar', async () => {
    const answer = await call<Reservation>(t.app, { method: 'POST', url: '/api/meeting/reservation', headers: { token: adminToken }, payload: { roomId: thamesId, title: 'Board review', startAt: base + 2 * HOUR, endAt: base + 3 * HOUR } });
    expect(answer.status, answer.body.message).toBe(200);
    await settle();
    const written = fake.instanceIds(calendarId).map((id) => fake.event(id));
    expect(written).toEqual([{ subject: 'Board review', startAt: base + 2 * HOUR, endAt: base + 3 * HOUR, calendarId }]);
    // Pulled back: known by its resource path and version, not taken in as a new booking.
    await api('POST', '/third-party/sync', { id: connectionId });
    expect((await reservationsOf()).map((row) => row.title)).toEqual(['Board review']);
  });

  it('writes an Atrium series occurrence by occurrence: Graph is given single events, not a rule it would not carry', async () => {
    const start = base + 9 * DAY + 6 * HOUR;
    const made = await call<Reservation>(t.app, {
      method: 'POST',
      url: '/api/meeting/reservation',
      headers: { token: adminToken },
      payload: { roomId: thamesId, title: 'Atrium stand-up', startAt: start, endAt: start + HOUR, repeat: { frequency: 'daily', until: toZoned(start + 2 * DAY, 'Europe/London').date } },
    });
    expect(made.status, made.body.message).toBe(200);
    await settle();
    const written = fake
      .instanceIds(calendarId)
      .map((id) => fake.event(id))
      .filter((event) => event?.subject === 'Atrium stand-up');
    expect(written.map((event) => event!.startAt)).toEqual([start, start + DAY, start + 2 * DAY]);
  });

  it('books an event made in the Graph calendar when Graph notifies the change, after the answer', async () => {
    const id = fake.addEvent(calendarId, { subject: 'Planning from Outlook', start: base, end: base + HOUR, organizer: 'organiser@example.test' });
    expect(await fake.notify(subscription().id, 'created', id)).toBe(202);
    await settle();
    const rows = await reservationsOf();
    expect(rows.map((row) => [row.title, Number(row.start_at), Number(row.end_at), row.status, row.host_user_id])).toContainEqual(['Planning from Outlook', base, base + HOUR, 'confirmed', organiser.id]);
  });

  it('pulls a link once for a burst of its notifications, in one batch or in several requests', async () => {
    const { id, clientState } = subscription();
    const eventId = fake.instanceIds(calendarId)[0]!;
    let before = deltaRequests();
    expect(await fake.notify(id, 'created', eventId)).toBe(202);
    await settle();
    const onePull = deltaRequests() - before;
    expect(onePull).toBeGreaterThan(0);
    before = deltaRequests();
    const batch = await call(t.app, { method: 'POST', url: NOTIFICATION_PATH, payload: { value: Array.from({ length: 3 }, () => ({ subscriptionId: id, clientState, changeType: 'updated' })) } });
    expect(batch.status).toBe(202);
    for (let i = 0; i < 3; i++) expect(await fake.notify(id, 'updated', eventId)).toBe(202);
    await settle();
    expect(deltaRequests() - before).toBe(onePull);
  });

  it('pulls once more when a notification comes while its pull runs (its change may be after what the pull read)', async () => {
    const { id } = subscription();
    const eventId = fake.instanceIds(calendarId)[0]!;
    let pulls = 0;
    duringPull = async () => {
      pulls++;
      if (pulls === 1) expect(await fake.notify(id, 'updated', eventId)).toBe(202);
    };
    try {
      expect(await fake.notify(id, 'updated', eventId)).toBe(202);
      await settle();
    } finally {
      duringPull = null;
    }
    expect(pulls).toBe(2);
  });

  it('declines an event that clashes with a booking: deleted in the Graph calendar, listed, no overlapping booking', async () => {
    const id = fake.addEvent(calendarId, { subject: 'Clashing call', start: base + 2 * HOUR + 30 * 60_000, end: base + 4 * HOUR, organizer: 'visitor@outside.test' });
    expect(await fake.notify(subscription().id, 'created', id)).toBe(202);
    await settle();
    expect(fake.event(id)).toBeNull();
    expect((await reservationsOf()).map((row) => row.title).filter((title) => title !== 'Atrium stand-up')).toEqual(['Board review', 'Planning from Outlook']);
    const listed = await api<CalendarConnectionList>('GET', '/third-party');
    const declines = listed.body.result[0]!.links[0]!.declines;
    expect(declines[0]).toMatchObject({ title: 'Clashing call', organiserEmail: 'visitor@outside.test', startAt: base + 2 * HOUR + 30 * 60_000 });
  });

  it('books each occurrence of a Graph series as its own booking, and declines a clashing one by deleting that occurrence only', async () => {
    const blocker = await call<Reservation>(t.app, { method: 'POST', url: '/api/meeting/reservation', headers: { token: adminToken }, payload: { roomId: thamesId, title: 'Blocker', startAt: base + DAY + 8 * HOUR, endAt: base + DAY + 9 * HOUR } });
    expect(blocker.status, blocker.body.message).toBe(200);
    await settle();
    const series = fake.addEvent(calendarId, { subject: 'Daily sync', start: base + 8 * HOUR, end: base + 9 * HOUR, organizer: 'organiser@example.test', dailyCount: 3 });
    expect(await fake.notify(subscription().id, 'created', series)).toBe(202);
    await settle();
    const taken = (await reservationsOf()).filter((row) => row.title === 'Daily sync');
    expect(taken.map((row) => [Number(row.start_at), row.status])).toEqual([
      [base + 8 * HOUR, 'confirmed'],
      [base + 2 * DAY + 8 * HOUR, 'confirmed'],
    ]);
    // The clashing occurrence is gone there; the series and its other occurrences stay.
    const left = fake.instanceIds(calendarId).filter((id) => id.startsWith(series)).map((id) => fake.event(id)!.startAt);
    expect(left).toEqual([base + 8 * HOUR, base + 2 * DAY + 8 * HOUR]);
    const listed = await api<CalendarConnectionList>('GET', '/third-party');
    expect(listed.body.result[0]!.links[0]!.declines[0]).toMatchObject({ title: 'Daily sync', startAt: base + DAY + 8 * HOUR });
  });

  it('ignores a notification with a wrong clientState or an unknown subscription (answered 202, nothing pulled)', async () => {
    const before = deltaRequests();
    const id = fake.addEvent(calendarId, { subject: 'Sneaky', start: base + 6 * HOUR, end: base + 7 * HOUR });
    expect(await fake.notify(subscription().id, 'created', id, 'not-the-secret')).toBe(202);
    const unknown = await call(t.app, { method: 'POST', url: NOTIFICATION_PATH, payload: { value: [{ subscriptionId: 'nope', clientState: 'x', changeType: 'created' }] } });
    expect([unknown.status, unknown.body.returncode]).toEqual([202, 200]);
    await settle();
    expect(deltaRequests()).toBe(before);
    expect((await reservationsOf()).map((row) => row.title)).not.toContain('Sneaky');
    // The next notification (or the scheduled pull) takes it.
    fake.deleteEvent(id);
  });

  it(`refuses a batch of more than ${GRAPH_NOTIFICATION_BATCH_MAX} notifications with 400/1001, nothing taken; takes one of ${GRAPH_NOTIFICATION_BATCH_MAX}`, async () => {
    const { id, clientState } = subscription();
    const batch = (length: number) => ({ value: Array.from({ length }, () => ({ subscriptionId: id, clientState, changeType: 'updated' })) });
    const before = deltaRequests();
    const tooLong = await call(t.app, { method: 'POST', url: NOTIFICATION_PATH, payload: batch(GRAPH_NOTIFICATION_BATCH_MAX + 1) });
    expect([tooLong.status, tooLong.body.returncode]).toEqual([400, ReturnCode.BAD_REQUEST]);
    expect(tooLong.body.result).toEqual({ issues: [expect.objectContaining({ path: 'value' })] });
    await settle();
    expect(deltaRequests()).toBe(before);
    const full = await call(t.app, { method: 'POST', url: NOTIFICATION_PATH, payload: batch(GRAPH_NOTIFICATION_BATCH_MAX) });
    expect([full.status, full.body.returncode]).toEqual([202, 200]);
    await settle();
    expect(deltaRequests()).toBeGreaterThan(before);
  });

  it("counts the webhook by the per-address rate limit, as Google's", async () => {
    const limited = await createTestApp({ clock, database: t.database, config: { rateLimitPerMinute: 2 } });
    try {
      const graph = () => call(limited.app, { method: 'POST', url: NOTIFICATION_PATH, payload: { value: [] } });
      expect([(await graph()).status, (await graph()).status]).toEqual([202, 202]);
      const over = await graph();
      expect([over.status, over.body.returncode]).toEqual([429, ReturnCode.TOO_MANY_REQUESTS]);
      const google = await limited.app.inject({ method: 'POST', url: '/api/third-party/google/notify' });
      expect(google.statusCode).toBe(429);
    } finally {
      await limited.cleanup();
    }
  });

  it('renews the subscription before it expires by the scheduled job, and not before it is due', async () => {
    const { id, expirationDateTime } = subscription();
    await t.app.scheduler.tick();
    await settle();
    expect(subscription().expirationDateTime).toBe(expirationDateTime);
    // Less than a day left: renewed (PATCH of its expiry), the same subscription.
    clock.set(Date.parse(expirationDateTime) - 12 * HOUR);
    await t.app.scheduler.tick();
    await settle();
    expect(subscription()).toMatchObject({ id, expirationDateTime: new Date(clock.now() + SUBSCRIPTION_MS).toISOString() });
    expect(Number((await linkRow()).subscription_expires_at)).toBe(clock.now() + SUBSCRIPTION_MS);
    expect(fake.requests.filter((request) => request.method === 'PATCH' && request.url === `/v1.0/subscriptions/${id}`)).toHaveLength(1);
  });

  it('handles lifecycle events: reauthorizationRequired renews, subscriptionRemoved subscribes anew and pulls, missed pulls', async () => {
    const first = subscription();
    clock.advance(HOUR);
    expect(await fake.lifecycle(first.id, 'reauthorizationRequired')).toBe(202);
    await settle();
    expect(subscription()).toMatchObject({ id: first.id, expirationDateTime: new Date(clock.now() + SUBSCRIPTION_MS).toISOString() });

    const late = base + 2 * DAY;
    const missedId = fake.addEvent(calendarId, { subject: 'Missed change', start: late, end: late + HOUR });
    expect(await fake.lifecycle(first.id, 'missed')).toBe(202);
    await settle();
    expect((await reservationsOf()).map((row) => row.title)).toContain('Missed change');

    fake.dropSubscription(first.id);
    const lost = fake.addEvent(calendarId, { subject: 'While unsubscribed', start: late + 2 * HOUR, end: late + 3 * HOUR });
    expect(await fake.lifecycle(first.id, 'subscriptionRemoved')).toBe(202);
    await settle();
    const again = subscription();
    expect(again.id).not.toBe(first.id);
    expect((await linkRow()).subscription_id).toBe(again.id);
    expect((await reservationsOf()).map((row) => row.title)).toContain('While unsubscribed');
    // The old secret no longer takes notifications.
    expect(first.clientState).not.toBe(again.clientState);
    fake.deleteEvent(missedId);
    fake.deleteEvent(lost);
  });

  it('makes a new subscription when the one kept is gone at the service at renewal', async () => {
    const { id } = subscription();
    fake.dropSubscription(id);
    clock.advance(SUBSCRIPTION_MS - 6 * HOUR);
    await t.app.scheduler.tick();
    await settle();
    expect(subscription().id).not.toBe(id);
  });

  it('cancels the booking of an event deleted in the Graph calendar (a removal in the delta)', async () => {
    const planning = (await reservationsOf()).find((row) => row.title === 'Planning from Outlook');
    // Past by now (the clock moved): booked again ahead to see a removal cancel it.
    expect(planning).toBeDefined();
    const start = clock.now() + DAY;
    const id = fake.addEvent(calendarId, { subject: 'Soon removed', start, end: start + HOUR });
    await fake.notify(subscription().id, 'created', id);
    await settle();
    expect((await reservationsOf()).find((row) => row.title === 'Soon removed')?.status).toBe('confirmed');
    fake.deleteEvent(id);
    await fake.notify(subscription().id, 'deleted', id);
    await settle();
    expect((await reservationsOf()).find((row) => row.title === 'Soon removed')?.status).toBe('cancelled');
  });

  it('unsubscribes when the room is unlinked', async () => {
    // Days have passed on the clock: a new session.
    adminToken = await t.factories.session(admin);
    const unlinked = await api<CalendarConnection>('POST', '/third-party/update-config', { id: connectionId, links: [{ roomId: thamesId, collectionUrl: null }] });
    expect(unlinked.status, unlinked.body.message).toBe(200);
    await settle();
    expect(fake.subscriptions()).toEqual([]);
  });

  it('makes no subscription without PUBLIC_URL: the scheduled pull alone', async () => {
    const second = await createTestApp({
      clock,
      database: t.database,
      calendarAdapterFor: (connection) => createGraphAdapter({ baseUrl: connection.serverUrl, accessToken: async () => fake.token, now: () => clock.now() }),
    });
    try {
      const posts = () => fake.requests.filter((request) => request.method === 'POST' && request.url === '/v1.0/subscriptions').length;
      const before = posts();
      const relinked = await call<CalendarConnection>(second.app, { method: 'POST', url: '/api/third-party/update-config', headers: { token: adminToken }, payload: { id: connectionId, links: [{ roomId: thamesId, collectionUrl: `/me/calendars/${calendarId}` }] } });
      expect(relinked.status, relinked.body.message).toBe(200);
      await second.app.calendarSync.drain();
      await second.app.calendarSync.renewSubscriptions();
      expect([posts() - before, fake.subscriptions()]).toEqual([0, []]);
      expect((await linkRow()).subscription_id).toBeNull();
    } finally {
      await second.cleanup();
    }
  });
});
