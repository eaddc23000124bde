import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake of Google's OAuth 2.0 endpoints and Calendar API v3, for tests (node:http on 127.0.0.1,
 * a random port), written from Google's documented shapes:
 *
 * - `GET /o/oauth2/v2/auth`: the consent page, approved at once (302 to `redirect_uri` with `code`
 *   and `state`; `error=access_denied` when the test says the user refuses);
 * - `POST /token`: `authorization_code` (a refresh token with `access_type=offline`) and
 *   `refresh_token` grants; `invalid_grant` for a used code or a revoked refresh token,
 *   `invalid_client` for a wrong secret;
 * - `GET /calendar/v3/users/me/calendarList` (paged);
 * - `GET|POST /calendar/v3/calendars/{id}/events` (list with `syncToken`, `pageToken`, `timeMin`,
 *   `showDeleted`, `iCalUID`; insert), `GET|PUT|PATCH|DELETE .../events/{eventId}`, an occurrence of a
 *   repeating event by its instance id `<eventId>_<original start>` (a write makes it an exception:
 *   its own event with `recurringEventId` and `originalStartTime`, listed as such); a sync token no
 *   longer valid is 410 `fullSyncRequired`; a deleted event stays listed as `cancelled` to sync
 *   tokens;
 * - `POST .../events/watch` and `POST /calendar/v3/channels/stop`; `notification()` builds the
 *   request Google would send to a channel's address, for the test to deliver.
 *
 * API calls need a Bearer access token the token endpoint issued (else 401 `authError`).
 */

export interface FakeGoogleEvent {
  kind: 'calendar#event';
  id: string;
  etag: string;
  status: 'confirmed' | 'tentative' | 'cancelled';
  iCalUID: string;
  summary?: string;
  start?: { date?: string; dateTime?: string; timeZone?: string };
  end?: { date?: string; dateTime?: string; timeZone?: string };
  organizer?: { email: string; displayName?: string; self?: boolean };
  recurrence?: string[];
  recurringEventId?: string;
  originalStartTime?: { date?: string; dateTime?: string; timeZone?: string };
  created: string;
  updated: string;
  /** The fake's change counter (not Google's; stripped from answers). */
  sequenceOfChange?: number;
}

interface FakeCalendar {
  id: string;
  summary: string;
  accessRole: 'owner' | 'writer' | 'reader' | 'freeBusyReader';
  events: Map<string, FakeGoogleEvent>;
  /** Sync tokens still valid, each the change counter it was issued at. */
  syncTokens: Map<string, number>;
}

export interface FakeChannel {
  id: string;
  resourceId: string;
  calendarId: string;
  address: string;
  token: string;
  expiration: number;
  messageNumber: number;
}

export interface GoogleCalendarFake {
  /** The base address: the connection's serverUrl (every Google host is this base). */
  url: string;
  clientId: string;
  clientSecret: string;
  addCalendar(id: string, summary: string, accessRole?: FakeCalendar['accessRole']): string;
  /** The events of a calendar as stored (cancelled ones included). */
  events(calendarId: string): FakeGoogleEvent[];
  /** An event made by someone at Google (not through the API under test). */
  insertOutside(calendarId: string, event: Partial<FakeGoogleEvent> & Pick<FakeGoogleEvent, 'start' | 'end'>): FakeGoogleEvent;
  updateOutside(calendarId: string, eventId: string, changes: Partial<FakeGoogleEvent>): FakeGoogleEvent;
  deleteOutside(calendarId: string, eventId: string): void;
  /** Every sync token of the calendar is no longer valid (410 at the next use). */
  expireSyncTokens(calendarId: string): void;
  /** The user revoked the access: refresh and access tokens are refused. */
  revokeAll(): void;
  /** The next consent is refused by the user (error=access_denied). */
  refuseNextConsent(): void;
  /** Events and calendars per page. */
  setPageSize(size: number): void;
  channels(): FakeChannel[];
  /** The request Google sends to a channel's address on a change of its calendar. */
  notification(channelId: string, state?: 'sync' | 'exists' | 'not_exists'): { address: string; headers: Record<string, string> };
  /** Every request the fake received: method, path and query, and the body (token requests: the form). */
  requests: Array<{ method: string; path: string; body: string; headers: Record<string, string | string[] | undefined> }>;
  stop(): Promise<void>;
}

const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuv';
/** Event ids are base32hex, as Google's: lower-case a-v and 0-9. */
const eventId = () => Array.from(randomBytes(20), (byte) => ID_ALPHABET[byte % 32]).join('');
const opaque = () => randomBytes(18).toString('base64url');
const DAY = 86_400_000;

/**
 * A time as Google answers it: a `dateTime` given as a wall-clock time in its `timeZone` (no offset, as the API
 * accepts) comes back in RFC 3339 with the zone's offset at that time (`Z` at UTC).
 */
function withOffset<T extends { dateTime?: string; timeZone?: string } | undefined>(time: T): T {
  const wall = time?.dateTime ? /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/.exec(time.dateTime) : null;
  if (!time || !wall || !time.timeZone) return time;
  const asUtc = Date.UTC(Number(wall[1]), Number(wall[2]) - 1, Number(wall[3]), Number(wall[4]), Number(wall[5]), Number(wall[6]));
  const offsetAt = (ms: number) => {
    const parts = Object.fromEntries(new Intl.DateTimeFormat('en-GB', { timeZone: time.timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(new Date(ms)).map((part) => [part.type, part.value]));
    return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second)) - ms;
  };
  const offset = offsetAt(asUtc - offsetAt(asUtc));
  const minutes = Math.round(offset / 60_000);
  const mark = minutes === 0 ? 'Z' : `${minutes < 0 ? '-' : '+'}${String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0')}:${String(Math.abs(minutes) % 60).padStart(2, '0')}`;
  return { ...time, dateTime: `${time.dateTime}${mark}` };
}

/** An occurrence's id as Google forms it: `<event id>_<original start in UTC, 20261124T100000Z>` (all-day: `_20261124`). */
function instanceIdOf(recurringEventId: string, originalStartTime: { date?: string; dateTime?: string; timeZone?: string }): string {
  if (originalStartTime.date) return `${recurringEventId}_${originalStartTime.date.replace(/-/g, '')}`;
  const ms = Date.parse(withOffset(originalStartTime).dateTime ?? '');
  return `${recurringEventId}_${new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`;
}

function googleError(response: ServerResponse, code: number, reason: string, message: string, status: string): void {
  response.writeHead(code, { 'content-type': 'application/json; charset=UTF-8' });
  response.end(JSON.stringify({ error: { code, message, errors: [{ domain: 'global', reason, message }], status } }));
}

function json(response: ServerResponse, code: number, body: unknown): void {
  response.writeHead(code, { 'content-type': 'application/json; charset=UTF-8' });
  response.end(JSON.stringify(body));
}

const present = (event: FakeGoogleEvent) => {
  const { sequenceOfChange: _internal, ...shown } = event;
  return { ...shown, ...(shown.start ? { start: withOffset(shown.start) } : {}), ...(shown.end ? { end: withOffset(shown.end) } : {}), ...(shown.originalStartTime ? { originalStartTime: withOffset(shown.originalStartTime) } : {}) };
};

/** When an event ends (ms), for timeMin; a repeating master never ends for the listing. */
function endOf(event: FakeGoogleEvent): number {
  if (event.recurrence?.length) return Number.POSITIVE_INFINITY;
  const end = event.end?.dateTime ?? event.end?.date ?? event.start?.dateTime ?? event.start?.date;
  return end ? Date.parse(end) : Number.POSITIVE_INFINITY;
}

export async function startGoogleCalendarFake(options: { clientId?: string; clientSecret?: string } = {}): Promise<GoogleCalendarFake> {
  const clientId = options.clientId ?? 'atrium-test.apps.googleusercontent.com';
  const clientSecret = options.clientSecret ?? `GOCSPX-${opaque()}`;
  const calendars = new Map<string, FakeCalendar>();
  const codes = new Map<string, { redirectUri: string; isOffline: boolean }>();
  const refreshTokens = new Set<string>();
  const accessTokens = new Map<string, number>();
  const channels = new Map<string, FakeChannel>();
  const requests: GoogleCalendarFake['requests'] = [];
  let changeCounter = 0;
  let etagCounter = 0;
  let pageSize = 250;
  let isNextConsentRefused = false;
  /** Listings in progress: the rest of the items and the sync token the last page gives. */
  const pages = new Map<string, { items: FakeGoogleEvent[]; syncToken: string | null }>();

  const calendarOf = (id: string) => {
    const calendar = calendars.get(id);
    if (!calendar) throw new Error(`no calendar ${id}`);
    return calendar;
  };
  const touch = (event: FakeGoogleEvent) => {
    event.sequenceOfChange = ++changeCounter;
    event.etag = `"${3_000_000_000 + ++etagCounter}"`;
    event.updated = new Date().toISOString();
  };
  const issueSyncToken = (calendar: FakeCalendar) => {
    const token = `CP${opaque()}`;
    calendar.syncTokens.set(token, changeCounter);
    return token;
  };

  function insert(calendar: FakeCalendar, body: Partial<FakeGoogleEvent>, id = body.recurringEventId && body.originalStartTime ? instanceIdOf(body.recurringEventId, body.originalStartTime) : eventId()): FakeGoogleEvent {
    const now = new Date().toISOString();
    const event: FakeGoogleEvent = {
      kind: 'calendar#event',
      id,
      etag: '',
      status: body.status ?? 'confirmed',
      // An occurrence changed on its own shares its series' iCalUID.
      iCalUID: body.iCalUID ?? (body.recurringEventId ? calendar.events.get(body.recurringEventId)?.iCalUID : undefined) ?? `${id}@google.com`,
      ...(body.summary === undefined ? {} : { summary: body.summary }),
      ...(body.start ? { start: body.start } : {}),
      ...(body.end ? { end: body.end } : {}),
      organizer: body.organizer ?? { email: calendar.id, self: true },
      ...(body.recurrence ? { recurrence: body.recurrence } : {}),
      ...(body.recurringEventId ? { recurringEventId: body.recurringEventId, originalStartTime: body.originalStartTime } : {}),
      created: now,
      updated: now,
    };
    touch(event);
    calendar.events.set(id, event);
    return event;
  }

  /**
   * An occurrence of a repeating event addressed by its instance id, `<event id>_<original start>` (the start in UTC,
   * `20261124T100000Z`; the date, `20261124`, for an all-day series), as Google names instances: the series' master
   * and the occurrence as the rule makes it (not stored), or undefined when the id names no live repeating master.
   * The fake does not check that the rule has an occurrence at that start.
   */
  function patternInstance(calendar: FakeCalendar, instanceId: string): { master: FakeGoogleEvent; instance: Omit<FakeGoogleEvent, 'etag' | 'created' | 'updated'> } | undefined {
    const match = /^(.+)_(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z)?$/.exec(instanceId);
    const master = match ? calendar.events.get(match[1]!) : undefined;
    if (!match || !master?.recurrence?.length || master.status === 'cancelled' || !master.start) return undefined;
    const [, , year, month, day, hour, minute, second] = match;
    const isAllDay = master.start.date !== undefined;
    if (isAllDay !== (hour === undefined)) return undefined;
    const startOf = (time: FakeGoogleEvent['start']) => Date.parse(time?.dateTime ?? time?.date ?? '');
    const duration = startOf(master.end) - startOf(master.start);
    let start: NonNullable<FakeGoogleEvent['start']>;
    let end: NonNullable<FakeGoogleEvent['end']>;
    if (isAllDay) {
      const date = `${year}-${month}-${day}`;
      start = { date };
      end = { date: new Date(Date.parse(date) + duration).toISOString().slice(0, 10) };
    } else {
      const at = Date.parse(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`);
      const zone = master.start.timeZone ? { timeZone: master.start.timeZone } : {};
      start = { dateTime: new Date(at).toISOString().replace('.000Z', 'Z'), ...zone };
      end = { dateTime: new Date(at + duration).toISOString().replace('.000Z', 'Z'), ...zone };
    }
    const instance = {
      kind: 'calendar#event' as const,
      id: instanceId,
      status: master.status,
      iCalUID: master.iCalUID,
      ...(master.summary === undefined ? {} : { summary: master.summary }),
      start,
      end,
      ...(master.organizer ? { organizer: master.organizer } : {}),
      recurringEventId: master.id,
      originalStartTime: start,
    };
    return { master, instance };
  }

  async function readBody(request: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  function listEvents(calendar: FakeCalendar, query: URLSearchParams, response: ServerResponse): void {
    const pageToken = query.get('pageToken');
    let listing = pageToken ? pages.get(pageToken) : undefined;
    if (pageToken && !listing) return googleError(response, 400, 'invalid', 'Invalid page token', 'INVALID_ARGUMENT');
    if (!listing) {
      const syncToken = query.get('syncToken');
      if (syncToken && (query.has('timeMin') || query.has('timeMax') || query.has('iCalUID'))) return googleError(response, 400, 'invalid', 'Sync token cannot be used with timeMin, timeMax or iCalUID', 'INVALID_ARGUMENT');
      let items = [...calendar.events.values()];
      if (syncToken) {
        const from = calendar.syncTokens.get(syncToken);
        if (from === undefined) return googleError(response, 410, 'fullSyncRequired', 'Sync token is no longer valid, a full sync is required.', 'GONE');
        // Changes since the token, deletions included whatever showDeleted says.
        items = items.filter((event) => (event.sequenceOfChange ?? 0) > from);
      } else {
        if (query.get('showDeleted') !== 'true') items = items.filter((event) => event.status !== 'cancelled');
        const timeMin = query.get('timeMin');
        if (timeMin) items = items.filter((event) => endOf(event) > Date.parse(timeMin));
        const uid = query.get('iCalUID');
        if (uid) items = items.filter((event) => event.iCalUID === uid);
      }
      items.sort((a, b) => (a.sequenceOfChange ?? 0) - (b.sequenceOfChange ?? 0));
      listing = { items, syncToken: query.has('iCalUID') ? null : issueSyncToken(calendar) };
    }
    const size = Math.min(pageSize, Number(query.get('maxResults') ?? 250) || 250);
    const page = listing.items.slice(0, size);
    const rest = listing.items.slice(size);
    if (pageToken) pages.delete(pageToken);
    const answer: Record<string, unknown> = { kind: 'calendar#events', summary: calendar.summary, updated: new Date().toISOString(), timeZone: 'UTC', accessRole: calendar.accessRole, items: page.map(present) };
    if (rest.length > 0) {
      const next = opaque();
      pages.set(next, { items: rest, syncToken: listing.syncToken });
      answer.nextPageToken = next;
    } else if (listing.syncToken) answer.nextSyncToken = listing.syncToken;
    json(response, 200, answer);
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake');
    const body = await readBody(request);
    requests.push({ method: request.method ?? 'GET', path: `${url.pathname}${url.search}`, body, headers: request.headers });

    // OAuth 2.0: the consent page (approved at once) and the token endpoint.
    if (request.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') {
      const redirectUri = url.searchParams.get('redirect_uri');
      if (url.searchParams.get('client_id') !== clientId || !redirectUri || url.searchParams.get('response_type') !== 'code') {
        response.writeHead(400, { 'content-type': 'text/plain' });
        return void response.end('Error 400: invalid_request');
      }
      const back = new URL(redirectUri);
      const state = url.searchParams.get('state');
      if (state) back.searchParams.set('state', state);
      if (isNextConsentRefused) {
        isNextConsentRefused = false;
        back.searchParams.set('error', 'access_denied');
      } else {
        const code = `4/${opaque()}`;
        codes.set(code, { redirectUri, isOffline: url.searchParams.get('access_type') === 'offline' });
        back.searchParams.set('code', code);
        back.searchParams.set('scope', url.searchParams.get('scope') ?? '');
      }
      response.writeHead(302, { location: back.toString() });
      return void response.end();
    }
    if (request.method === 'POST' && url.pathname === '/token') {
      const form = new URLSearchParams(body);
      if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) return json(response, 401, { error: 'invalid_client', error_description: 'Unauthorized' });
      const issueAccess = () => {
        const token = `ya29.${opaque()}`;
        accessTokens.set(token, Date.now() + 3599_000);
        return token;
      };
      if (form.get('grant_type') === 'authorization_code') {
        const code = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        if (!code || code.redirectUri !== form.get('redirect_uri')) return json(response, 400, { error: 'invalid_grant', error_description: 'Bad Request' });
        const answer: Record<string, unknown> = { access_token: issueAccess(), expires_in: 3599, scope: 'https://www.googleapis.com/auth/calendar', token_type: 'Bearer' };
        if (code.isOffline) {
          const refresh = `1//${opaque()}`;
          refreshTokens.add(refresh);
          answer.refresh_token = refresh;
        }
        return json(response, 200, answer);
      }
      if (form.get('grant_type') === 'refresh_token') {
        if (!refreshTokens.has(form.get('refresh_token') ?? '')) return json(response, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
        return json(response, 200, { access_token: issueAccess(), expires_in: 3599, scope: 'https://www.googleapis.com/auth/calendar', token_type: 'Bearer' });
      }
      return json(response, 400, { error: 'unsupported_grant_type' });
    }

    // Calendar API v3: a Bearer token the token endpoint issued, not revoked, not expired.
    if (!url.pathname.startsWith('/calendar/v3/')) return googleError(response, 404, 'notFound', 'Not Found', 'NOT_FOUND');
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const expiry = bearer ? accessTokens.get(bearer) : undefined;
    if (expiry === undefined || expiry <= Date.now()) return googleError(response, 401, 'authError', 'Request had invalid authentication credentials.', 'UNAUTHENTICATED');
    const path = url.pathname.slice('/calendar/v3'.length);

    if (request.method === 'GET' && path === '/users/me/calendarList') {
      const all = [...calendars.values()];
      const start = Number(url.searchParams.get('pageToken') ?? 0);
      const size = Math.min(pageSize, Number(url.searchParams.get('maxResults') ?? 250) || 250);
      const items = all.slice(start, start + size).map((calendar) => ({ kind: 'calendar#calendarListEntry', etag: `"${calendar.id}"`, id: calendar.id, summary: calendar.summary, timeZone: 'Europe/London', accessRole: calendar.accessRole }));
      return json(response, 200, { kind: 'calendar#calendarList', etag: '"list"', items, ...(start + size < all.length ? { nextPageToken: String(start + size) } : { nextSyncToken: `CL${opaque()}` }) });
    }
    if (request.method === 'POST' && path === '/channels/stop') {
      const { id, resourceId } = JSON.parse(body || '{}') as { id?: string; resourceId?: string };
      const channel = id ? channels.get(id) : undefined;
      if (!channel || channel.resourceId !== resourceId) return googleError(response, 404, 'notFound', `Channel '${id}' not found for project`, 'NOT_FOUND');
      channels.delete(channel.id);
      response.writeHead(204);
      return void response.end();
    }
    const match = /^\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(path);
    const calendar = match ? calendars.get(decodeURIComponent(match[1]!)) : undefined;
    if (!match || !calendar) return googleError(response, 404, 'notFound', 'Not Found', 'NOT_FOUND');
    const target = match[2] ? decodeURIComponent(match[2]) : null;
    const isWritable = calendar.accessRole === 'owner' || calendar.accessRole === 'writer';

    if (target === null && request.method === 'GET') return listEvents(calendar, url.searchParams, response);
    if (target === null && request.method === 'POST') {
      if (!isWritable) return googleError(response, 403, 'forbidden', 'Forbidden', 'PERMISSION_DENIED');
      const given = JSON.parse(body || '{}') as Partial<FakeGoogleEvent>;
      if (!given.start || !given.end) return googleError(response, 400, 'required', 'Missing end time.', 'INVALID_ARGUMENT');
      if (given.iCalUID && [...calendar.events.values()].some((event) => event.iCalUID === given.iCalUID && event.status !== 'cancelled')) return googleError(response, 409, 'duplicate', 'The requested identifier already exists.', 'ALREADY_EXISTS');
      return json(response, 200, present(insert(calendar, { ...given, organizer: { email: calendar.id, self: true } })));
    }
    if (target === 'watch' && request.method === 'POST') {
      const given = JSON.parse(body || '{}') as { id?: string; type?: string; address?: string; token?: string; expiration?: string };
      if (!given.id || given.type !== 'web_hook' || !given.address?.startsWith('https://')) return googleError(response, 400, 'push.webhookUrlNotHttps', 'WebHook callback must be HTTPS', 'INVALID_ARGUMENT');
      const expiration = Math.min(Number(given.expiration ?? Date.now() + 7 * DAY), Date.now() + 7 * DAY);
      const channel: FakeChannel = { id: given.id, resourceId: opaque(), calendarId: calendar.id, address: given.address, token: given.token ?? '', expiration, messageNumber: 1 };
      channels.set(channel.id, channel);
      return json(response, 200, { kind: 'api#channel', id: channel.id, resourceId: channel.resourceId, resourceUri: `${url.origin}/calendar/v3/calendars/${encodeURIComponent(calendar.id)}/events?alt=json`, token: channel.token, expiration: String(expiration) });
    }
    let event = target ? calendar.events.get(target) : undefined;
    // An occurrence not changed yet: read as the rule makes it; a write makes it an exception of its own, kept
    // under the instance id with recurringEventId and originalStartTime (listed apart from its master).
    const pattern = !event && target ? patternInstance(calendar, target) : undefined;
    if (pattern && request.method === 'GET') return json(response, 200, { ...pattern.instance, etag: pattern.master.etag, created: pattern.master.created, updated: pattern.master.updated });
    if (pattern && isWritable && ['PUT', 'PATCH', 'DELETE'].includes(request.method ?? '')) event = insert(calendar, pattern.instance, pattern.instance.id);
    if (!event) return googleError(response, 404, 'notFound', 'Not Found', 'NOT_FOUND');
    if (request.method === 'GET') return json(response, 200, present(event));
    if (!isWritable) return googleError(response, 403, 'forbidden', 'Forbidden', 'PERMISSION_DENIED');
    if (request.method === 'PATCH') {
      // Only the fields given change.
      const given = JSON.parse(body || '{}') as Partial<FakeGoogleEvent>;
      for (const name of ['summary', 'start', 'end', 'status', 'recurrence'] as const) if (given[name] !== undefined) Object.assign(event, { [name]: given[name] });
      touch(event);
      return json(response, 200, present(event));
    }
    if (request.method === 'DELETE') {
      if (event.status === 'cancelled') return googleError(response, 410, 'deleted', 'Resource has been deleted', 'GONE');
      event.status = 'cancelled';
      touch(event);
      response.writeHead(204);
      return void response.end();
    }
    if (request.method === 'PUT') {
      const given = JSON.parse(body || '{}') as Partial<FakeGoogleEvent>;
      if (!given.start || !given.end) return googleError(response, 400, 'required', 'Missing end time.', 'INVALID_ARGUMENT');
      // A full replacement: what the body leaves out is gone (id, iCalUID and organiser stay).
      delete event.summary;
      delete event.recurrence;
      Object.assign(event, { start: given.start, end: given.end, status: given.status ?? 'confirmed', ...(given.summary === undefined ? {} : { summary: given.summary }), ...(given.recurrence ? { recurrence: given.recurrence } : {}) });
      touch(event);
      return json(response, 200, present(event));
    }
    return googleError(response, 405, 'httpMethodNotAllowed', 'Method not allowed', 'INVALID_ARGUMENT');
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    clientId,
    clientSecret,
    requests,
    addCalendar(id, summary, accessRole = 'owner') {
      calendars.set(id, { id, summary, accessRole, events: new Map(), syncTokens: new Map() });
      return `${url}/calendar/v3/calendars/${encodeURIComponent(id)}`;
    },
    events: (calendarId) => [...calendarOf(calendarId).events.values()].map((event) => present(event) as FakeGoogleEvent),
    insertOutside: (calendarId, event) => present(insert(calendarOf(calendarId), event)) as FakeGoogleEvent,
    updateOutside(calendarId, id, changes) {
      const event = calendarOf(calendarId).events.get(id);
      if (!event) throw new Error(`no event ${id}`);
      Object.assign(event, changes);
      touch(event);
      return present(event) as FakeGoogleEvent;
    },
    deleteOutside(calendarId, id) {
      const event = calendarOf(calendarId).events.get(id);
      if (!event) throw new Error(`no event ${id}`);
      event.status = 'cancelled';
      touch(event);
    },
    expireSyncTokens: (calendarId) => calendarOf(calendarId).syncTokens.clear(),
    revokeAll() {
      refreshTokens.clear();
      accessTokens.clear();
    },
    refuseNextConsent() {
      isNextConsentRefused = true;
    },
    setPageSize(size) {
      pageSize = size;
    },
    channels: () => [...channels.values()],
    notification(channelId, state = 'exists') {
      const channel = channels.get(channelId);
      if (!channel) throw new Error(`no channel ${channelId}`);
      const number = ++channel.messageNumber;
      return {
        address: channel.address,
        headers: {
          'x-goog-channel-id': channel.id,
          'x-goog-channel-token': channel.token,
          'x-goog-channel-expiration': new Date(channel.expiration).toUTCString(),
          'x-goog-resource-id': channel.resourceId,
          'x-goog-resource-uri': `${url}/calendar/v3/calendars/${encodeURIComponent(channel.calendarId)}/events?alt=json`,
          'x-goog-resource-state': state,
          'x-goog-message-number': String(number),
        },
      };
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
