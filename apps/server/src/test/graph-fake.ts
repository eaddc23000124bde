import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A Microsoft Graph calendar service for tests (node:http on 127.0.0.1, a random port), written from
 * Graph v1.0's documented shapes: `GET /me/calendars` (paged), a calendar's `calendarView/delta`
 * (rounds paged by `@odata.nextLink` per `Prefer: odata.maxpagesize`, ended by `@odata.deltaLink`;
 * removals as `{ id, "@removed": { reason } }`; a delta link the test made stale answers 410 Gone
 * with `SyncStateNotFound`), events made, changed and deleted (`@odata.etag` and `changeKey` new at
 * each change, `iCalUId` per instance), times answered in UTC as Graph does without
 * `Prefer: outlook.timezone`, daily series listed as occurrences (one deleted or changed on its own; a changed
 * one becomes an exception), and subscriptions with the
 * validation handshake made to the notification and lifecycle URLs before one is made.
 * Every API request needs `Authorization: Bearer <token>`: an access token the identity endpoints
 * issued and not lapsed, or the fake's own `token` (for tests that hand an adapter a token and skip
 * the consent); 401 otherwise. Change and lifecycle notifications are sent when the test asks
 * (`notify`, `lifecycle`), not on each change.
 *
 * The Microsoft identity platform's v2.0 endpoints are on the same base, as the app reaches them
 * for a connection with a base of its own (`<base>/<tenant>/oauth2/v2.0/authorize|token`); see
 * `createIdentityPlatform` below.
 *
 * Deviations, on purpose: notification URLs may be http (Graph requires https); one user (`/me`).
 */

/** Graph's longest subscription to Outlook events: 10,080 minutes. */
export const GRAPH_EVENT_SUBSCRIPTION_MAX_MS = 10_080 * 60_000;

interface StoredEvent {
  id: string;
  calendarId: string;
  changeKey: string;
  iCalUId: string;
  subject: string;
  start: { dateTime: string; timeZone: string };
  end: { dateTime: string; timeZone: string };
  isAllDay: boolean;
  isCancelled: boolean;
  organizer: string;
  lastModified: number;
  /** A daily series of this many occurrences (the master is not listed by a calendarView). */
  dailyCount?: number;
  /** Occurrences of a series deleted on their own (their original start, ms). */
  deletedOccurrences?: Set<number>;
  /** Occurrences of a series changed on their own (exceptions), by their original start (ms). */
  exceptions?: Map<number, { subject: string; startAt: number; endAt: number }>;
}

interface Change {
  seq: number;
  calendarId: string;
  /** The instance ids the change touched. */
  ids: string[];
}

interface Round {
  calendarId: string;
  windowStart: number;
  windowEnd: number;
  /** The change sequence the round has seen up to. */
  seq: number;
  isStale: boolean;
}

export interface GraphSubscription {
  id: string;
  resource: string;
  changeType: string;
  notificationUrl: string;
  lifecycleNotificationUrl: string | null;
  clientState: string | null;
  expirationDateTime: string;
}

/** A few Windows zone names the fake converts itself (its own table, apart from the adapter's). */
const FAKE_ZONES: Record<string, string> = {
  UTC: 'UTC',
  'Pacific Standard Time': 'America/Los_Angeles',
  'China Standard Time': 'Asia/Shanghai',
  'GMT Standard Time': 'Europe/London',
  'W. Europe Standard Time': 'Europe/Berlin',
  'Eastern Standard Time': 'America/New_York',
};

/** The UTC instant of a wall-clock time in a zone, by Intl. */
function wallToUtc(dateTime: string, zoneName: string): number {
  const zone = FAKE_ZONES[zoneName] ?? zoneName;
  const wall = Date.parse(`${dateTime.slice(0, 19)}Z`);
  const offsetAt = (instant: number) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
        .formatToParts(new Date(instant))
        .map((part) => [part.type, part.value]),
    );
    return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second)) - instant;
  };
  const guess = wall - offsetAt(wall);
  return wall - offsetAt(guess);
}

const utcTime = (ms: number) => ({ dateTime: new Date(ms).toISOString().replace('Z', '0000'), timeZone: 'UTC' });
const DAY = 86_400_000;
const newId = (prefix: string) => `${prefix}${randomBytes(12).toString('base64url')}`;

export interface GraphFake {
  url: string;
  token: string;
  /** Requests as received: method, path and query (for paging and header checks), and the Bearer token an API call carried. */
  requests: Array<{ method: string; url: string; prefer: string | null; bearer: string | null }>;
  /** The app registration the identity endpoints know: a connection's account is `<tenant>/<clientId>`, its credential `clientSecret`. */
  tenant: string;
  clientId: string;
  clientSecret: string;
  /** The token endpoint's answers so far, oldest first. */
  grants(): TokenGrant[];
  /** The `expires_in` of access tokens issued from now on (seconds; they lapse by real time). */
  setAccessTokenLifetime(seconds: number): void;
  /** The next consent is refused by the user (`error=access_denied`). */
  refuseNextConsent(): void;
  /** Every refresh token issued so far is revoked (access tokens already issued live until they lapse). */
  revoke(): void;
  makeCalendar(name: string): string;
  /** An event made at the service (as a person would in Outlook): its id. */
  addEvent(calendarId: string, event: { subject: string; start: number | { dateTime: string; timeZone: string }; end: number | { dateTime: string; timeZone: string }; organizer?: string; isAllDay?: boolean; dailyCount?: number }): string;
  updateEvent(id: string, change: { subject?: string; start?: number; end?: number; isCancelled?: boolean }): void;
  deleteEvent(id: string): void;
  /** The event as stored (null when gone), times in UTC ms. */
  event(id: string): { subject: string; startAt: number; endAt: number; calendarId: string } | null;
  /** The instance ids a calendar lists now (occurrences of series included). */
  instanceIds(calendarId: string): string[];
  /** Every delta link given so far stops working (410 Gone). */
  expireDeltaLinks(): void;
  /** The next answers to a path prefix: a status (and Retry-After) before serving as usual. */
  failNext(pathPrefix: string, status: number, times?: number, retryAfter?: string): void;
  subscriptions(): GraphSubscription[];
  /** Graph removes a subscription on its side (before telling with `subscriptionRemoved`). */
  dropSubscription(id: string): void;
  /** Sends a change notification of an event to the subscription's notification URL; answers our status. */
  notify(subscriptionId: string, changeType: 'created' | 'updated' | 'deleted', eventId: string, clientState?: string): Promise<number>;
  /** Sends a lifecycle notification to the subscription's lifecycle URL; answers our status. */
  lifecycle(subscriptionId: string, lifecycleEvent: 'reauthorizationRequired' | 'subscriptionRemoved' | 'missed'): Promise<number>;
  stop(): Promise<void>;
}

export interface GraphFakeOptions {
  /** The clock of subscriptions and events (a test's clock); tokens and codes lapse by real time. */
  now?: () => number;
  /** The app registration's redirect URIs; none given: any absolute URI is taken as registered. */
  redirectUris?: string[];
}

export async function startGraphFake({ now = Date.now, redirectUris = [] }: GraphFakeOptions = {}): Promise<GraphFake> {
  const token = randomBytes(24).toString('base64url');
  const identity = createIdentityPlatform({ redirectUris });
  const calendars = new Map<string, { id: string; name: string }>();
  const events = new Map<string, StoredEvent>();
  const changes: Change[] = [];
  const rounds = new Map<string, Round>();
  const pages = new Map<string, { items: unknown[]; next: string | null; deltaToken: string }>();
  const subscriptions = new Map<string, GraphSubscription>();
  const failures: Array<{ prefix: string; status: number; times: number; retryAfter?: string }> = [];
  const requests: GraphFake['requests'] = [];
  let seq = 0;
  let url = '';

  const startOf = (event: StoredEvent) => wallToUtc(event.start.dateTime, event.start.timeZone);
  const endOf = (event: StoredEvent) => wallToUtc(event.end.dateTime, event.end.timeZone);
  const record = (calendarId: string, ids: string[]) => changes.push({ seq: ++seq, calendarId, ids });
  const touch = (event: StoredEvent) => {
    event.changeKey = randomBytes(9).toString('base64');
    event.lastModified = now();
  };

  /** The instances of an event: itself, or a series' occurrences (id `<master>_<yyyymmdd>`). */
  function instancesOf(event: StoredEvent): Array<{ id: string; startAt: number; endAt: number; json: Record<string, unknown> }> {
    const startAt = startOf(event);
    const endAt = endOf(event);
    const base = {
      '@odata.etag': `W/"${event.changeKey}"`,
      changeKey: event.changeKey,
      subject: event.subject,
      isAllDay: event.isAllDay,
      isCancelled: event.isCancelled,
      organizer: { emailAddress: { address: event.organizer, name: event.organizer } },
      lastModifiedDateTime: new Date(event.lastModified).toISOString(),
      originalStartTimeZone: event.start.timeZone,
      originalEndTimeZone: event.end.timeZone,
    };
    const timed = (from: number, to: number) =>
      event.isAllDay ? { start: { dateTime: `${event.start.dateTime.slice(0, 10)}T00:00:00.0000000`, timeZone: 'UTC' }, end: { dateTime: `${event.end.dateTime.slice(0, 10)}T00:00:00.0000000`, timeZone: 'UTC' } } : { start: utcTime(from), end: utcTime(to) };
    if (!event.dailyCount) return [{ id: event.id, startAt, endAt, json: { ...base, id: event.id, type: 'singleInstance', iCalUId: event.iCalUId, ...timed(startAt, endAt) } }];
    const out = [];
    for (let index = 0; index < event.dailyCount; index++) {
      const from = startAt + index * DAY;
      if (event.deletedOccurrences?.has(from)) continue;
      const id = `${event.id}_${new Date(from).toISOString().slice(0, 10).replace(/-/g, '')}`;
      const exception = event.exceptions?.get(from);
      if (exception) {
        out.push({ id, startAt: exception.startAt, endAt: exception.endAt, json: { ...base, id, type: 'exception', seriesMasterId: event.id, iCalUId: `${event.iCalUId}-${index}`, subject: exception.subject, ...timed(exception.startAt, exception.endAt) } });
        continue;
      }
      out.push({ id, startAt: from, endAt: from + (endAt - startAt), json: { ...base, id, type: 'occurrence', seriesMasterId: event.id, iCalUId: `${event.iCalUId}-${index}`, ...timed(from, from + (endAt - startAt)) } });
    }
    return out;
  }
  const instancesIn = (calendarId: string, from: number, to: number) =>
    [...events.values()].filter((event) => event.calendarId === calendarId).flatMap(instancesOf).filter((instance) => instance.startAt < to && instance.endAt > from);
  /** An instance id's event: itself or its series' master. */
  function findInstance(id: string): { event: StoredEvent; occurrenceStart: number | null } | null {
    const event = events.get(id);
    if (event) return { event, occurrenceStart: null };
    const match = /^(.*)_(\d{8})$/.exec(id);
    const master = match ? events.get(match[1]!) : undefined;
    if (!master?.dailyCount) return null;
    if (!instancesOf(master).some((one) => one.id === id)) return null;
    // Its original start (the key of exceptions and deletions): the date in its id.
    const first = startOf(master);
    for (let index = 0; index < master.dailyCount; index++) {
      const from = first + index * DAY;
      if (id.endsWith(`_${new Date(from).toISOString().slice(0, 10).replace(/-/g, '')}`)) return { event: master, occurrenceStart: from };
    }
    return null;
  }

  function send(response: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) {
    response.writeHead(status, { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers });
    response.end(body === undefined ? undefined : JSON.stringify(body));
  }
  const error = (response: ServerResponse, status: number, code: string, message: string) => send(response, status, { error: { code, message } });

  async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  }

  /** Graph's validation handshake: POST `<url>?validationToken=...` as text/plain, answered 200 with the token as plain text within 10 s. */
  async function validate(target: string): Promise<boolean> {
    const validationToken = `Validation: Testing client application reachability for subscription Request-Id: ${randomBytes(8).toString('hex')}`;
    const address = new URL(target);
    address.searchParams.set('validationToken', validationToken);
    try {
      const answer = await fetch(address, { method: 'POST', headers: { 'content-type': 'text/plain; charset=utf-8' }, body: '', signal: AbortSignal.timeout(10_000) });
      return answer.status === 200 && (answer.headers.get('content-type') ?? '').startsWith('text/plain') && (await answer.text()) === validationToken;
    } catch {
      return false;
    }
  }

  function deltaPage(response: ServerResponse, items: unknown[], pageSize: number, deltaToken: string) {
    const page = items.slice(0, pageSize);
    const rest = items.slice(pageSize);
    if (rest.length === 0) return send(response, 200, { '@odata.context': `${url}/v1.0/$metadata#Collection(event)`, value: page, '@odata.deltaLink': `${url}/v1.0/me/calendarView/delta?$deltatoken=${deltaToken}` });
    const skip = randomBytes(12).toString('base64url');
    pages.set(skip, { items: rest, next: null, deltaToken });
    return send(response, 200, { '@odata.context': `${url}/v1.0/$metadata#Collection(event)`, value: page, '@odata.nextLink': `${url}/v1.0/me/calendarView/delta?$skiptoken=${skip}` });
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const address = new URL(request.url ?? '/', url);
    const path = address.pathname;
    const method = request.method ?? 'GET';
    const prefer = request.headers.prefer ?? null;
    const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? null;
    requests.push({ method, url: `${path}${address.search}`, prefer: typeof prefer === 'string' ? prefer : null, bearer });
    if (await identity.handle(request, response, address)) return;
    const access = bearer === token ? ALL_CALENDAR_SCOPES : identity.accessOf(bearer);
    if (access === 'expired') return error(response, 401, 'InvalidAuthenticationToken', 'Lifetime validation failed, the token is expired.');
    if (access === null) return error(response, 401, 'InvalidAuthenticationToken', 'Access token is empty or invalid.');
    // Reading calendars needs Calendars.Read (ReadWrite includes it); writing events needs Calendars.ReadWrite.
    const isRead = method === 'GET' || path.startsWith('/v1.0/subscriptions');
    if (!access.has('calendars.readwrite') && !(isRead && access.has('calendars.read'))) return error(response, 403, 'ErrorAccessDenied', 'Access is denied. Check credentials and try again.');
    const failure = failures.find((one) => path.startsWith(one.prefix) && one.times > 0);
    if (failure) {
      failure.times--;
      return send(response, failure.status, { error: { code: failure.status === 429 ? 'TooManyRequests' : 'ServiceUnavailable', message: 'Try later.' } }, failure.retryAfter ? { 'retry-after': failure.retryAfter } : {});
    }
    const pageSize = Math.max(1, Number(/odata\.maxpagesize=(\d+)/.exec(String(prefer ?? ''))?.[1] ?? 10));

    if (method === 'GET' && path === '/v1.0/me/calendars') {
      const all = [...calendars.values()];
      const skip = Number(address.searchParams.get('$skip') ?? 0);
      const size = 2;
      const value = all.slice(skip, skip + size).map((calendar) => ({ id: calendar.id, name: calendar.name, canEdit: true }));
      return send(response, 200, { value, ...(skip + size < all.length ? { '@odata.nextLink': `${url}/v1.0/me/calendars?$skip=${skip + size}` } : {}) });
    }

    const view = /^\/v1\.0\/me\/calendars\/([^/]+)\/calendarView\/delta$/.exec(path);
    if (method === 'GET' && view) {
      const calendarId = decodeURIComponent(view[1]!);
      if (!calendars.has(calendarId)) return error(response, 404, 'ErrorItemNotFound', 'The specified object was not found in the store.');
      const from = Date.parse(address.searchParams.get('startDateTime') ?? '');
      const to = Date.parse(address.searchParams.get('endDateTime') ?? '');
      if (Number.isNaN(from) || Number.isNaN(to)) return error(response, 400, 'ErrorInvalidParameter', 'startDateTime and endDateTime are required.');
      const deltaToken = randomBytes(12).toString('base64url');
      rounds.set(deltaToken, { calendarId, windowStart: from, windowEnd: to, seq, isStale: false });
      return deltaPage(response, instancesIn(calendarId, from, to).map((instance) => instance.json), pageSize, deltaToken);
    }
    if (method === 'GET' && path === '/v1.0/me/calendarView/delta') {
      const skip = address.searchParams.get('$skiptoken');
      if (skip) {
        const page = pages.get(skip);
        if (!page) return error(response, 410, 'SyncStateNotFound', 'The sync state generation is not found.');
        pages.delete(skip);
        return deltaPage(response, page.items, pageSize, page.deltaToken);
      }
      const deltaToken = address.searchParams.get('$deltatoken') ?? '';
      const round = rounds.get(deltaToken);
      if (!round || round.isStale) return error(response, 410, 'SyncStateNotFound', 'The sync state generation is not found.');
      const touched = new Set(changes.filter((change) => change.calendarId === round.calendarId && change.seq > round.seq).flatMap((change) => change.ids));
      const current = new Map(instancesIn(round.calendarId, round.windowStart, round.windowEnd).map((instance) => [instance.id, instance]));
      const items = [...touched].map((id) => current.get(id)?.json ?? { '@odata.type': '#microsoft.graph.event', id, '@removed': { reason: 'deleted' } });
      const next = randomBytes(12).toString('base64url');
      rounds.set(next, { ...round, seq });
      return deltaPage(response, items, pageSize, next);
    }

    const calendarEvents = /^\/v1\.0\/me\/calendars\/([^/]+)\/events$/.exec(path);
    if (method === 'POST' && calendarEvents) {
      const calendarId = decodeURIComponent(calendarEvents[1]!);
      if (!calendars.has(calendarId)) return error(response, 404, 'ErrorItemNotFound', 'The specified object was not found in the store.');
      const body = await readJson(request);
      const id = api.addEvent(calendarId, { subject: String(body.subject ?? ''), start: body.start as StoredEvent['start'], end: body.end as StoredEvent['end'], isAllDay: body.isAllDay === true, organizer: 'rooms@fake.example' });
      return send(response, 201, instancesOf(events.get(id)!)[0]!.json);
    }

    const oneEvent = /^\/v1\.0\/me\/events\/([^/]+)$/.exec(path);
    if (oneEvent) {
      const id = decodeURIComponent(oneEvent[1]!);
      const found = findInstance(id);
      if (!found) return error(response, 404, 'ErrorItemNotFound', 'The specified object was not found in the store.');
      if (method === 'GET') return send(response, 200, instancesOf(found.event).find((instance) => instance.id === id)!.json);
      if (method === 'DELETE') {
        api.deleteEvent(id);
        return send(response, 204);
      }
      if (method === 'PATCH' && found.occurrenceStart === null) {
        const body = await readJson(request);
        if (body.subject !== undefined) found.event.subject = String(body.subject);
        if (body.start) found.event.start = body.start as StoredEvent['start'];
        if (body.end) found.event.end = body.end as StoredEvent['end'];
        if (typeof body.isAllDay === 'boolean') found.event.isAllDay = body.isAllDay;
        touch(found.event);
        record(found.event.calendarId, [id]);
        return send(response, 200, instancesOf(found.event)[0]!.json);
      }
      if (method === 'PATCH' && found.occurrenceStart !== null) {
        // An occurrence changed on its own becomes an exception of its series.
        const body = await readJson(request);
        const current = instancesOf(found.event).find((instance) => instance.id === id)!;
        const exceptions = (found.event.exceptions ??= new Map());
        exceptions.set(found.occurrenceStart, {
          subject: body.subject === undefined ? String(current.json.subject) : String(body.subject),
          startAt: body.start ? wallToUtc((body.start as StoredEvent['start']).dateTime, (body.start as StoredEvent['start']).timeZone) : current.startAt,
          endAt: body.end ? wallToUtc((body.end as StoredEvent['end']).dateTime, (body.end as StoredEvent['end']).timeZone) : current.endAt,
        });
        touch(found.event);
        record(found.event.calendarId, [id]);
        return send(response, 200, instancesOf(found.event).find((instance) => instance.id === id)!.json);
      }
      return error(response, 405, 'ErrorInvalidRequest', 'Not supported by the fake.');
    }

    if (method === 'POST' && path === '/v1.0/subscriptions') {
      const body = await readJson(request);
      const expiresAt = Date.parse(String(body.expirationDateTime ?? ''));
      if (!body.changeType || !body.notificationUrl || !body.resource) return error(response, 400, 'InvalidRequest', 'changeType, notificationUrl and resource are required.');
      if (Number.isNaN(expiresAt) || expiresAt <= now() || expiresAt > now() + GRAPH_EVENT_SUBSCRIPTION_MAX_MS) return error(response, 400, 'InvalidRequest', 'Subscription expiration can only be 10080 minutes in the future.');
      if (typeof body.clientState === 'string' && body.clientState.length > 128) return error(response, 400, 'InvalidRequest', 'clientState is longer than 128 characters.');
      for (const target of [body.notificationUrl, body.lifecycleNotificationUrl]) {
        if (target !== undefined && !(await validate(String(target)))) return error(response, 400, 'ValidationError', 'Subscription validation request failed. Notification endpoint must respond with 200 OK to validation request.');
      }
      const subscription: GraphSubscription = {
        id: randomBytes(16).toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5'),
        resource: String(body.resource),
        changeType: String(body.changeType),
        notificationUrl: String(body.notificationUrl),
        lifecycleNotificationUrl: body.lifecycleNotificationUrl === undefined ? null : String(body.lifecycleNotificationUrl),
        clientState: body.clientState === undefined ? null : String(body.clientState),
        expirationDateTime: new Date(expiresAt).toISOString(),
      };
      subscriptions.set(subscription.id, subscription);
      return send(response, 201, { '@odata.context': `${url}/v1.0/$metadata#subscriptions/$entity`, ...subscription, clientState: subscription.clientState });
    }
    const oneSubscription = /^\/v1\.0\/subscriptions\/([^/]+)$/.exec(path);
    if (oneSubscription) {
      const subscription = subscriptions.get(decodeURIComponent(oneSubscription[1]!));
      if (!subscription) return error(response, 404, 'ResourceNotFound', 'The object was not found.');
      if (method === 'DELETE') {
        subscriptions.delete(subscription.id);
        return send(response, 204);
      }
      if (method === 'PATCH') {
        const body = await readJson(request);
        const expiresAt = Date.parse(String(body.expirationDateTime ?? ''));
        if (Number.isNaN(expiresAt) || expiresAt <= now() || expiresAt > now() + GRAPH_EVENT_SUBSCRIPTION_MAX_MS) return error(response, 400, 'InvalidRequest', 'Subscription expiration can only be 10080 minutes in the future.');
        subscription.expirationDateTime = new Date(expiresAt).toISOString();
        return send(response, 200, { ...subscription });
      }
    }
    return error(response, 404, 'UnknownPath', `No ${method} ${path} in the fake.`);
  }

  const api: Omit<GraphFake, 'url' | 'stop'> = {
    token,
    requests,
    tenant: identity.tenant,
    clientId: identity.clientId,
    clientSecret: identity.clientSecret,
    grants: () => identity.grants.map((grant) => ({ ...grant })),
    setAccessTokenLifetime: identity.setAccessTokenLifetime,
    refuseNextConsent: identity.refuseNextConsent,
    revoke: identity.revoke,
    makeCalendar(name) {
      const id = newId('AAMkAGI2-cal-');
      calendars.set(id, { id, name });
      return id;
    },
    addEvent(calendarId, given) {
      const id = newId('AAMkAGI2-evt-');
      const time = (value: number | { dateTime: string; timeZone: string }) => (typeof value === 'number' ? utcTime(value) : value);
      const event: StoredEvent = {
        id,
        calendarId,
        changeKey: '',
        iCalUId: `040000008200E00074C5B7101A82E008${randomBytes(16).toString('hex').toUpperCase()}`,
        subject: given.subject,
        start: time(given.start),
        end: time(given.end),
        isAllDay: given.isAllDay ?? false,
        isCancelled: false,
        organizer: given.organizer ?? 'someone@fake.example',
        lastModified: now(),
        ...(given.dailyCount ? { dailyCount: given.dailyCount, deletedOccurrences: new Set<number>() } : {}),
      };
      touch(event);
      events.set(id, event);
      record(calendarId, instancesOf(event).map((instance) => instance.id));
      return id;
    },
    updateEvent(id, change) {
      const event = events.get(id);
      if (!event) throw new Error(`no event ${id}`);
      const before = instancesOf(event).map((instance) => instance.id);
      if (change.subject !== undefined) event.subject = change.subject;
      if (change.start !== undefined) event.start = utcTime(change.start);
      if (change.end !== undefined) event.end = utcTime(change.end);
      if (change.isCancelled !== undefined) event.isCancelled = change.isCancelled;
      touch(event);
      record(event.calendarId, [...new Set([...before, ...instancesOf(event).map((instance) => instance.id)])]);
    },
    deleteEvent(id) {
      const found = findInstance(id);
      if (!found) return;
      if (found.occurrenceStart !== null) {
        found.event.deletedOccurrences!.add(found.occurrenceStart);
        record(found.event.calendarId, [id]);
        return;
      }
      const ids = instancesOf(found.event).map((instance) => instance.id);
      events.delete(id);
      record(found.event.calendarId, ids);
    },
    event(id) {
      const found = findInstance(id);
      if (!found) return null;
      const instance = instancesOf(found.event).find((one) => one.id === id)!;
      return { subject: String(instance.json.subject), startAt: instance.startAt, endAt: instance.endAt, calendarId: found.event.calendarId };
    },
    instanceIds(calendarId) {
      return [...events.values()].filter((event) => event.calendarId === calendarId).flatMap((event) => instancesOf(event).map((instance) => instance.id));
    },
    expireDeltaLinks() {
      for (const round of rounds.values()) round.isStale = true;
      pages.clear();
    },
    failNext(prefix, status, times = 1, retryAfter) {
      failures.push({ prefix, status, times, ...(retryAfter === undefined ? {} : { retryAfter }) });
    },
    subscriptions: () => [...subscriptions.values()].map((subscription) => ({ ...subscription })),
    dropSubscription(id) {
      subscriptions.delete(id);
    },
    async notify(subscriptionId, changeType, eventId, clientState) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
      const answer = await fetch(subscription.notificationUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          value: [
            {
              subscriptionId,
              subscriptionExpirationDateTime: subscription.expirationDateTime,
              changeType,
              resource: `Users/fake-user/Events/${eventId}`,
              resourceData: { '@odata.type': '#Microsoft.Graph.Event', '@odata.id': `Users/fake-user/Events/${eventId}`, '@odata.etag': 'W/"x"', id: eventId },
              clientState: clientState ?? subscription.clientState,
              tenantId: 'fake-tenant',
            },
          ],
        }),
      });
      return answer.status;
    },
    async lifecycle(subscriptionId, lifecycleEvent) {
      const subscription = [...subscriptions.values()].find((one) => one.id === subscriptionId) ?? lifecycleTargets.get(subscriptionId);
      if (!subscription?.lifecycleNotificationUrl) throw new Error(`no lifecycle URL for ${subscriptionId}`);
      const answer = await fetch(subscription.lifecycleNotificationUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          value: [{ subscriptionId, subscriptionExpirationDateTime: subscription.expirationDateTime, tenantId: 'fake-tenant', clientState: subscription.clientState, lifecycleEvent }],
        }),
      });
      return answer.status;
    },
  };
  /** Subscriptions Graph dropped: still told about by a `subscriptionRemoved` lifecycle notification. */
  const lifecycleTargets = new Map<string, GraphSubscription>();
  const drop = api.dropSubscription;
  api.dropSubscription = (id) => {
    const subscription = subscriptions.get(id);
    if (subscription) lifecycleTargets.set(id, subscription);
    drop(id);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((failure: unknown) => {
      if (!response.headersSent) error(response, 500, 'InternalServerError', String(failure));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    ...api,
    url,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ---- The Microsoft identity platform (v2.0), as far as a web app's consent needs it ----

/** A token the token endpoint answered (or refused), as the test reads it back. */
export interface TokenGrant {
  grantType: string;
  /** The refresh token presented (a `refresh_token` grant). */
  presented: string | null;
  /** What was issued; null when refused. */
  issued: { accessToken: string; refreshToken: string | null; expiresIn: number } | null;
  /** The OAuth error and its AADSTS code when refused. */
  error: { error: string; code: number; status: number } | null;
  /** When it was answered (real time, ms). */
  at: number;
}

/** The fake's own `token` reads and writes calendars. */
const ALL_CALENDAR_SCOPES: ReadonlySet<string> = new Set(['calendars.readwrite']);
/** Microsoft's access tokens live 60 to 90 minutes; its documented answers say 3599 s. */
const ACCESS_TOKEN_SECONDS = 3599;
/** An authorisation code is redeemed within about 10 minutes. */
const CODE_MS = 10 * 60_000;
/** The OpenID Connect and offline scopes: asked for at the consent, not access to a resource (not answered in `scope`). */
const OIDC_SCOPES = new Set(['openid', 'profile', 'email', 'offline_access']);
const GRAPH_RESOURCE = 'https://graph.microsoft.com/';

/** A scope as compared: lower case, Graph's resource prefix dropped (`Calendars.ReadWrite` is Graph's by default). */
const scopeName = (scope: string) => (scope.toLowerCase().startsWith(GRAPH_RESOURCE) ? scope.slice(GRAPH_RESOURCE.length) : scope).toLowerCase();
const scopesOf = (text: string | null) => (text ?? '').split(' ').filter((scope) => scope.length > 0);
/** Microsoft's tokens are opaque to a client: shaped like its own (a JWT; `0.A…` for codes and refresh tokens). */
const jwtLike = () => `eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.${randomBytes(48).toString('base64url')}.${randomBytes(32).toString('base64url')}`;
const opaque = () => `0.A${randomBytes(36).toString('base64url')}`;

function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

/**
 * `GET /{tenant}/oauth2/v2.0/authorize` and `POST /{tenant}/oauth2/v2.0/token` of one app
 * registration in one tenant with one user, written from Microsoft's documented shapes (the
 * authorisation-code flow and refresh-token docs of the Microsoft identity platform):
 *
 * - the tenant is the registration's (a GUID) or `common` / `organizations`; another is AADSTS90002;
 * - authorize takes `client_id`, `redirect_uri`, `response_type=code`, `scope`, `state`,
 *   `response_mode=query`, `prompt`; an unknown client or an unregistered redirect URI is an error
 *   page (no redirect: the URI is not trusted), anything else goes back to `redirect_uri` in the
 *   query, approved at once: `code` and `state`, or `error=access_denied&error_description=…`
 *   when the test says the user refuses;
 * - token takes a form (`application/x-www-form-urlencoded`) with `client_id` and
 *   `client_secret` (a wrong secret: 401 `invalid_client`), and `grant_type=authorization_code`
 *   (the code once, with the same `redirect_uri`) or `grant_type=refresh_token`; it answers
 *   `{ token_type: 'Bearer', scope, expires_in, ext_expires_in, access_token, refresh_token }`
 *   (a refresh token only when `offline_access` was consented to) and refuses with
 *   `{ error, error_description: 'AADSTS…', error_codes, timestamp, trace_id, correlation_id, error_uri }`,
 *   400 (`invalid_grant` for a used, expired or revoked grant).
 *
 * Refresh tokens "replace themselves with a fresh token upon every use" and the identity platform
 * "doesn't revoke old refresh tokens when used to fetch new access tokens" (Microsoft, "Refresh
 * tokens in the Microsoft identity platform"): every refresh answers a new one, and the one
 * presented stays valid (until revoked). `revoke()` is the user's or an administrator's revocation
 * of the refresh tokens (AADSTS50173 at their next use); access tokens already issued cannot be
 * recalled and live until they lapse, as Microsoft's do for a client that does not take continuous
 * access evaluation's claims challenges. Tokens and codes lapse by real time, the clock the app's
 * token source counts with.
 */
function createIdentityPlatform({ redirectUris }: { redirectUris: string[] }) {
  const tenant = randomUUID();
  const clientId = randomUUID();
  // Shaped like an Entra client secret (40 characters with a `~`): it needs form encoding.
  const clientSecret = `${randomBytes(3).toString('hex').slice(0, 3)}8Q~${randomBytes(30).toString('base64url').slice(0, 34)}`;
  const codes = new Map<string, { redirectUri: string; scopes: string[]; expiresAt: number }>();
  const refreshTokens = new Map<string, { scopes: string[]; isRevoked: boolean }>();
  const accessTokens = new Map<string, { scopes: ReadonlySet<string>; expiresAt: number }>();
  const grants: TokenGrant[] = [];
  let accessTokenSeconds = ACCESS_TOKEN_SECONDS;
  let isNextConsentRefused = false;

  const isKnownTenant = (name: string) => name === tenant || name === 'common' || name === 'organizations';

  function errorPage(response: ServerResponse, code: number, description: string) {
    response.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!DOCTYPE html><title>Sign in to your account</title><p>AADSTS${code}: ${description}</p>`);
  }

  function refuse(response: ServerResponse, grant: Pick<TokenGrant, 'grantType' | 'presented'>, status: number, error: string, code: number, description: string) {
    const at = Date.now();
    const timestamp = `${new Date(at).toISOString().slice(0, 19).replace('T', ' ')}Z`;
    const traceId = randomUUID();
    const correlationId = randomUUID();
    grants.push({ ...grant, issued: null, error: { error, code, status }, at });
    sendJson(response, status, {
      error,
      error_description: `AADSTS${code}: ${description}\r\nTrace ID: ${traceId}\r\nCorrelation ID: ${correlationId}\r\nTimestamp: ${timestamp}`,
      error_codes: [code],
      timestamp,
      trace_id: traceId,
      correlation_id: correlationId,
      error_uri: `https://login.microsoftonline.com/error?code=${code}`,
    });
  }

  function issue(response: ServerResponse, grant: Pick<TokenGrant, 'grantType' | 'presented'>, scopes: string[]) {
    const accessToken = jwtLike();
    const resourceScopes = scopes.filter((scope) => !OIDC_SCOPES.has(scope.toLowerCase()));
    accessTokens.set(accessToken, { scopes: new Set(resourceScopes.map(scopeName)), expiresAt: Date.now() + accessTokenSeconds * 1000 });
    const refreshToken = scopes.some((scope) => scope.toLowerCase() === 'offline_access') ? opaque() : null;
    if (refreshToken) refreshTokens.set(refreshToken, { scopes, isRevoked: false });
    grants.push({ ...grant, issued: { accessToken, refreshToken, expiresIn: accessTokenSeconds }, error: null, at: Date.now() });
    sendJson(response, 200, {
      token_type: 'Bearer',
      scope: resourceScopes.join(' '),
      expires_in: accessTokenSeconds,
      ext_expires_in: accessTokenSeconds,
      access_token: accessToken,
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
    });
  }

  function authorize(response: ServerResponse, query: URLSearchParams) {
    if (query.get('client_id') !== clientId) return errorPage(response, 700016, `Application with identifier '${query.get('client_id') ?? ''}' was not found in the directory.`);
    const redirectUri = query.get('redirect_uri') ?? '';
    const isRegistered = redirectUris.length === 0 ? URL.canParse(redirectUri) : redirectUris.includes(redirectUri);
    if (!isRegistered) return errorPage(response, 50011, `The redirect URI '${redirectUri}' specified in the request does not match the redirect URIs configured for the application '${clientId}'.`);
    const back = new URL(redirectUri);
    const state = query.get('state');
    const answer = (params: Record<string, string>) => {
      for (const [name, value] of Object.entries(params)) back.searchParams.set(name, value);
      if (state !== null) back.searchParams.set('state', state);
      response.writeHead(302, { location: back.toString() });
      response.end();
    };
    if (query.get('response_type') !== 'code') return answer({ error: 'unsupported_response_type', error_description: 'AADSTS700054: response_type is not enabled for the application.' });
    if ((query.get('response_mode') ?? 'query') !== 'query') return answer({ error: 'invalid_request', error_description: 'AADSTS900144: the fake answers in the query only.' });
    const scopes = scopesOf(query.get('scope'));
    if (!scopes.some((scope) => !OIDC_SCOPES.has(scope.toLowerCase()))) return answer({ error: 'invalid_request', error_description: "AADSTS900144: The request body must contain the following parameter: 'scope'." });
    if (isNextConsentRefused) {
      isNextConsentRefused = false;
      return answer({ error: 'access_denied', error_description: 'AADSTS65004: User declined to consent to access the app.' });
    }
    const code = opaque();
    codes.set(code, { redirectUri, scopes, expiresAt: Date.now() + CODE_MS });
    return answer({ code });
  }

  async function token(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const isForm = (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
    const form = new URLSearchParams(isForm ? Buffer.concat(chunks).toString('utf8') : '');
    const grantType = form.get('grant_type') ?? '';
    const grant = { grantType, presented: form.get('refresh_token') };
    if (!grantType) return refuse(response, grant, 400, 'invalid_request', 900144, "The request body must contain the following parameter: 'grant_type'.");
    if (form.get('client_id') !== clientId) return refuse(response, grant, 400, 'unauthorized_client', 700016, `Application with identifier '${form.get('client_id') ?? ''}' was not found in the directory.`);
    if (form.get('client_secret') !== clientSecret) return refuse(response, grant, 401, 'invalid_client', 7000215, 'Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID.');
    const asked = scopesOf(form.get('scope'));
    /** Scopes asked at the token endpoint must be among those consented to. */
    const isConsented = (scopes: string[]) => asked.every((scope) => OIDC_SCOPES.has(scope.toLowerCase()) || scopes.some((granted) => scopeName(granted) === scopeName(scope)));
    const notConsented = () => refuse(response, grant, 400, 'invalid_grant', 65001, `The user or administrator has not consented to use the application with ID '${clientId}'. Send an interactive authorization request for this user and resource.`);

    if (grantType === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      // A code is redeemed once; the fake spends it at its first redemption that names the client, even a refused one (the strict reading).
      codes.delete(form.get('code') ?? '');
      if (!code) return refuse(response, grant, 400, 'invalid_grant', 54005, 'OAuth2 Authorization code was already redeemed, please retry with a new valid code or use an existing refresh token.');
      if (code.expiresAt <= Date.now()) return refuse(response, grant, 400, 'invalid_grant', 70008, 'The provided authorization code or refresh token has expired due to inactivity. Send a new interactive authorization request for this user and resource.');
      if (form.get('redirect_uri') !== code.redirectUri) return refuse(response, grant, 400, 'invalid_grant', 500112, `The reply address '${form.get('redirect_uri') ?? ''}' does not match the reply address '${code.redirectUri}' provided when requesting Authorization code.`);
      if (!isConsented(code.scopes)) return notConsented();
      return issue(response, grant, code.scopes);
    }
    if (grantType === 'refresh_token') {
      const held = refreshTokens.get(form.get('refresh_token') ?? '');
      if (!held) return refuse(response, grant, 400, 'invalid_grant', 9002313, 'Invalid request. Request is malformed or invalid.');
      if (held.isRevoked) return refuse(response, grant, 400, 'invalid_grant', 50173, 'The provided grant has expired due to it being revoked, a fresh auth token is needed. The user might have changed or reset their password.');
      if (!isConsented(held.scopes)) return notConsented();
      // A new refresh token with each refresh; the one presented is not revoked by it.
      return issue(response, grant, held.scopes);
    }
    return refuse(response, grant, 400, 'unsupported_grant_type', 70003, `The app requested an unsupported grant type '${grantType}'.`);
  }

  return {
    tenant,
    clientId,
    clientSecret,
    grants,
    /** Answers the request when it is one of the identity endpoints. */
    async handle(request: IncomingMessage, response: ServerResponse, address: URL): Promise<boolean> {
      const endpoint = /^\/([^/]+)\/oauth2\/v2\.0\/(authorize|token)$/.exec(address.pathname);
      if (!endpoint) return false;
      const name = decodeURIComponent(endpoint[1]!);
      if (endpoint[2] === 'authorize' && request.method === 'GET') {
        if (!isKnownTenant(name)) errorPage(response, 90002, `Tenant '${name}' not found.`);
        else authorize(response, address.searchParams);
        return true;
      }
      if (endpoint[2] === 'token' && request.method === 'POST') {
        if (!isKnownTenant(name)) refuse(response, { grantType: '', presented: null }, 400, 'invalid_request', 90002, `Tenant '${name}' not found.`);
        else await token(request, response);
        return true;
      }
      return false;
    },
    /** The scopes an access token carries (names as `scopeName`), 'expired' when it lapsed, null when it was never issued. */
    accessOf(bearer: string | null): ReadonlySet<string> | 'expired' | null {
      const held = bearer ? accessTokens.get(bearer) : undefined;
      if (!held) return null;
      return held.expiresAt <= Date.now() ? 'expired' : held.scopes;
    },
    setAccessTokenLifetime(seconds: number) {
      accessTokenSeconds = seconds;
    },
    refuseNextConsent() {
      isNextConsentRefused = true;
    },
    revoke() {
      for (const held of refreshTokens.values()) held.isRevoked = true;
    },
  };
}
