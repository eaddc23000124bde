import ICAL from 'ical.js';
import { fromZoned } from '@atrium/contract';
import type { CalendarCollection } from '@atrium/contract';
import { CalendarPeerError, type CalendarAdapter, type CalendarSubscription, type OutsideObject, type PullResult } from './calendar-adapter.js';
import { ianaZoneOf } from './windows-zones.js';

/**
 * The Microsoft Graph adapter (v1.0) over plain `fetch` (decision 0023, "Microsoft Graph"). A
 * collection is a calendar, named by its resource path (`/me/calendars/{id}`); an object is one
 * event *instance* as a calendarView lists it (a lone event, or one occurrence or exception of a
 * series), named by its own resource path (`/me/events/{id}`) and read as one iCalendar VEVENT
 * without a rule. A pull is a calendarView delta round over a window from a day back to
 * `windowDays` ahead: the delta link that ends a round is the next pull's token, and the window
 * moves on (a new round, a full listing) once it has slid a week. The access token comes from the
 * connection's OAuth token source, asked per request; it never appears in an error.
 */

/** One request's longest wait. */
const TIMEOUT_MS = 15_000;
/** Pages followed at most per round. */
const MAX_PAGES = 1_000;
/** Events asked per page (`Prefer: odata.maxpagesize`). */
const PAGE_SIZE = 100;
/** The longest Retry-After waited for (once); a longer one fails the request. */
const MAX_RETRY_AFTER_MS = 60_000;
const DAY_MS = 86_400_000;
/** How far back the window reaches: a meeting under way is still listed. */
const WINDOW_BACK_MS = DAY_MS;
/** How far the window may slide behind the clock before a new round starts over a new window. */
const WINDOW_SLIDE_MS = 7 * DAY_MS;

export interface GraphAdapterOptions {
  /** `https://graph.microsoft.com` (a test's fake otherwise); paths are `/v1.0/...` under it. */
  baseUrl: string;
  /** The connection's OAuth access token, asked per request (the token source refreshes it). */
  accessToken: () => Promise<string>;
  fetch?: typeof fetch;
  now?: () => number;
  /** Days ahead the calendarView window reaches: past the longest booking window (365 days) and a slide. */
  windowDays?: number;
  /** Waits (Retry-After); tests may shorten it. */
  sleep?: (ms: number) => Promise<void>;
}

/** A Graph event as read (the properties used). */
export interface GraphEvent {
  id: string;
  '@odata.etag'?: string;
  '@removed'?: { reason?: string };
  changeKey?: string;
  iCalUId?: string;
  subject?: string | null;
  type?: 'singleInstance' | 'occurrence' | 'exception' | 'seriesMaster';
  isAllDay?: boolean;
  isCancelled?: boolean;
  start?: { dateTime: string; timeZone: string };
  end?: { dateTime: string; timeZone: string };
  organizer?: { emailAddress?: { address?: string; name?: string } };
  lastModifiedDateTime?: string;
}

/** The token kept between pulls: the round's delta link and the window it covers. */
interface DeltaToken {
  deltaLink: string;
  windowStart: number;
  windowEnd: number;
}

function readToken(token: string | null): DeltaToken | null {
  if (!token) return null;
  try {
    const parsed = JSON.parse(token) as Partial<DeltaToken>;
    if (typeof parsed.deltaLink === 'string' && typeof parsed.windowStart === 'number' && typeof parsed.windowEnd === 'number') return parsed as DeltaToken;
  } catch {
    // Not ours (an older form): start a new round.
  }
  return null;
}

/** `2026-11-24T10:00:00.0000000` in a Graph zone → epoch ms; a date alone for all-day events. */
export function graphTimeToMs(value: { dateTime: string; timeZone: string }): number {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::(\d{2})(?:\.(\d+))?)?/.exec(value.dateTime);
  if (!match) throw new CalendarPeerError(`unreadable time ${JSON.stringify(value.dateTime)}`, null);
  const zone = ianaZoneOf(value.timeZone) ?? 'UTC';
  const seconds = Number(match[3] ?? 0) * 1000 + Math.floor(Number(`0.${match[4] ?? '0'}`) * 1000);
  return fromZoned(match[1]!, match[2]!, zone) + seconds;
}

/** An epoch ms as Graph's `{ dateTime, timeZone: 'UTC' }`. */
const graphTime = (ms: number) => ({ dateTime: new Date(ms).toISOString().replace(/Z$/, '0000'), timeZone: 'UTC' });

/** A Graph event as one iCalendar VEVENT (no rule: each instance is its own object). */
export function graphEventToICalendar(event: GraphEvent, now: number): string {
  const calendar = new ICAL.Component(['vcalendar', [], []]);
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('prodid', '-//Atrium//Microsoft Graph//EN');
  const vevent = new ICAL.Component('vevent');
  vevent.addPropertyWithValue('uid', event.iCalUId || event.id);
  const stamp = event.lastModifiedDateTime ? Date.parse(event.lastModifiedDateTime) : now;
  vevent.addPropertyWithValue('dtstamp', ICAL.Time.fromJSDate(new Date(Number.isNaN(stamp) ? now : stamp), true));
  if (event.start && event.end) {
    if (event.isAllDay) {
      // All-day events carry midnight to midnight in their zone: the dates are what they mean.
      const date = (value: { dateTime: string }) => ICAL.Time.fromDateString(value.dateTime.slice(0, 10));
      vevent.addPropertyWithValue('dtstart', date(event.start));
      vevent.addPropertyWithValue('dtend', date(event.end));
    } else {
      vevent.addPropertyWithValue('dtstart', ICAL.Time.fromJSDate(new Date(graphTimeToMs(event.start)), true));
      vevent.addPropertyWithValue('dtend', ICAL.Time.fromJSDate(new Date(graphTimeToMs(event.end)), true));
    }
  }
  if (event.subject) vevent.addPropertyWithValue('summary', event.subject);
  const organiser = event.organizer?.emailAddress?.address;
  if (organiser) vevent.addPropertyWithValue('organizer', `mailto:${organiser}`);
  vevent.addPropertyWithValue('status', event.isCancelled ? 'CANCELLED' : 'CONFIRMED');
  calendar.addSubcomponent(vevent);
  return calendar.toString();
}

/** The Graph event body of an iCalendar object's first VEVENT (what Atrium writes: times, title, place). */
export function iCalendarToGraphEvent(data: string): Record<string, unknown> {
  const calendar = new ICAL.Component(ICAL.parse(data));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const component = calendar.getFirstSubcomponent('vevent');
  if (!component) throw new CalendarPeerError('no VEVENT to write', null);
  const event = new ICAL.Event(component);
  const end = event.endDate ?? event.startDate;
  const isAllDay = event.startDate.isDate;
  const dateOnly = (time: ICAL.Time) => ({ dateTime: `${time.toString().slice(0, 10)}T00:00:00.0000000`, timeZone: 'UTC' });
  const location = component.getFirstPropertyValue('location');
  return {
    subject: event.summary ? String(event.summary) : '',
    start: isAllDay ? dateOnly(event.startDate) : graphTime(event.startDate.toJSDate().getTime()),
    end: isAllDay ? dateOnly(end) : graphTime(end.toJSDate().getTime()),
    isAllDay,
    ...(typeof location === 'string' && location ? { location: { displayName: location } } : {}),
    showAs: component.getFirstPropertyValue('status') === 'TENTATIVE' ? 'tentative' : 'busy',
  };
}

const eventPath = (id: string) => `/me/events/${encodeURIComponent(id)}`;
const etagOf = (event: GraphEvent) => event['@odata.etag'] ?? event.changeKey ?? null;

/** Graph's error code (`{ error: { code } }`), when the body is one. */
function errorCodeOf(text: string): string | null {
  try {
    const code = (JSON.parse(text) as { error?: { code?: unknown } }).error?.code;
    return typeof code === 'string' ? code : null;
  } catch {
    return null;
  }
}

/** Seconds or an HTTP date, in ms from now; null when absent or unreadable. */
function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** A delta round the service no longer knows (Graph: 410 Gone, or these codes). */
const RESYNC_CODES = new Set(['syncstatenotfound', 'syncstateinvalid', 'resyncrequired']);

export function createGraphAdapter({ baseUrl, accessToken, fetch: fetchImpl = fetch, now = Date.now, windowDays = 400, sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)) }: GraphAdapterOptions): CalendarAdapter {
  const origin = new URL(baseUrl).origin;
  const root = `${baseUrl.replace(/\/+$/, '')}/v1.0`;
  /** A path (`/me/...`) or a link the service gave (nextLink, deltaLink), which must stay on the service's origin. */
  const urlOf = (pathOrUrl: string) => {
    if (!/^https?:/i.test(pathOrUrl)) return `${root}${pathOrUrl}`;
    if (new URL(pathOrUrl).origin !== origin) throw new CalendarPeerError(`link outside ${origin}`, null);
    return pathOrUrl;
  };
  /** What errors name: method and path, never a query (delta tokens) nor the access token. */
  const pathOf = (url: string) => new URL(url).pathname;

  async function request(method: string, pathOrUrl: string, { body, headers = {}, accept = [] }: { body?: unknown; headers?: Record<string, string>; accept?: number[] } = {}) {
    const url = urlOf(pathOrUrl);
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method,
          headers: {
            authorization: `Bearer ${await accessToken()}`,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...headers,
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          redirect: 'error',
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        if (error instanceof CalendarPeerError) throw error;
        throw new CalendarPeerError(`${method} ${pathOf(url)}: ${error instanceof Error ? error.message : String(error)}`, null);
      }
      const text = await response.text();
      if (response.ok || accept.includes(response.status)) return { status: response.status, text, headers: response.headers };
      // Throttled or busy: Graph says when to come back; honoured once, then the pull or write fails (the next pass tries again).
      if ((response.status === 429 || response.status === 503) && attempt === 0) {
        const wait = retryAfterMs(response.headers.get('retry-after'), now());
        if (wait !== null && wait <= MAX_RETRY_AFTER_MS) {
          await sleep(wait);
          continue;
        }
      }
      throw new CalendarPeerError(`${method} ${pathOf(url)}: ${response.status}`, response.status, response.status === 401);
    }
  }

  async function json<T>(method: string, pathOrUrl: string, options: Parameters<typeof request>[2] = {}): Promise<T> {
    const answer = await request(method, pathOrUrl, options);
    try {
      return JSON.parse(answer.text) as T;
    } catch {
      throw new CalendarPeerError(`${method} ${pathOf(urlOf(pathOrUrl))}: not JSON`, answer.status);
    }
  }

  type Page = { value?: GraphEvent[]; '@odata.nextLink'?: string; '@odata.deltaLink'?: string };

  /** One delta round from `start` (a first request or a delta link); `refused` when the service no longer knows the round. */
  async function round(start: string) {
    const changed = new Map<string, OutsideObject>();
    const removed = new Set<string>();
    let url = start;
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await request('GET', url, { headers: { prefer: `odata.maxpagesize=${PAGE_SIZE}` }, accept: [400, 404, 410] });
      if (answer.status !== 200) {
        const code = errorCodeOf(answer.text)?.toLowerCase() ?? '';
        if (answer.status === 410 || RESYNC_CODES.has(code)) return { refused: true as const, status: answer.status };
        throw new CalendarPeerError(`GET ${pathOf(urlOf(url))}: ${answer.status}`, answer.status);
      }
      const body = JSON.parse(answer.text) as Page;
      for (const event of body.value ?? []) {
        const href = eventPath(event.id);
        if (event['@removed']) {
          changed.delete(href);
          removed.add(href);
          continue;
        }
        // A calendarView lists instances; a series' master is not one (its occurrences come on their own).
        if (event.type === 'seriesMaster') continue;
        removed.delete(href);
        changed.set(href, { href, etag: etagOf(event), data: graphEventToICalendar(event, now()) });
      }
      if (body['@odata.nextLink']) {
        url = body['@odata.nextLink'];
        continue;
      }
      if (body['@odata.deltaLink']) return { refused: false as const, changed, removed, deltaLink: body['@odata.deltaLink'] };
      throw new CalendarPeerError(`GET ${pathOf(urlOf(url))}: a page without nextLink or deltaLink`, 200);
    }
    throw new CalendarPeerError(`GET ${pathOf(urlOf(start))}: more than ${MAX_PAGES} pages`, 200);
  }

  return {
    async listCollections(): Promise<CalendarCollection[]> {
      const out: CalendarCollection[] = [];
      let url = '/me/calendars';
      for (let page = 0; page < MAX_PAGES; page++) {
        const body = await json<{ value?: Array<{ id: string; name?: string }>; '@odata.nextLink'?: string }>('GET', url);
        for (const calendar of body.value ?? []) out.push({ url: `/me/calendars/${encodeURIComponent(calendar.id)}`, name: calendar.name ?? null });
        if (!body['@odata.nextLink']) return out;
        url = body['@odata.nextLink'];
      }
      throw new CalendarPeerError('GET /v1.0/me/calendars: too many pages', 200);
    },

    async pull(collectionUrl, token): Promise<PullResult> {
      const at = now();
      const known = readToken(token);
      // The window slid far enough: a new round over a new window (a full listing).
      const isCurrent = known !== null && known.windowEnd - at >= windowDays * DAY_MS - WINDOW_SLIDE_MS;
      if (known && isCurrent) {
        const answer = await round(known.deltaLink);
        if (!answer.refused) {
          return {
            token: JSON.stringify({ deltaLink: answer.deltaLink, windowStart: known.windowStart, windowEnd: known.windowEnd } satisfies DeltaToken),
            upserts: [...answer.changed.values()],
            deletes: [...answer.removed],
            isFull: false,
            horizon: known.windowEnd,
          };
        }
      }
      const windowStart = at - WINDOW_BACK_MS;
      const windowEnd = at + windowDays * DAY_MS;
      const query = new URLSearchParams({ startDateTime: new Date(windowStart).toISOString(), endDateTime: new Date(windowEnd).toISOString() });
      const answer = await round(`${collectionUrl}/calendarView/delta?${query.toString()}`);
      if (answer.refused) throw new CalendarPeerError(`GET ${collectionUrl}/calendarView/delta: ${answer.status}`, answer.status);
      return { token: JSON.stringify({ deltaLink: answer.deltaLink, windowStart, windowEnd } satisfies DeltaToken), upserts: [...answer.changed.values()], deletes: [], isFull: true, horizon: windowEnd };
    },

    async put(collectionUrl, href, _uid, data) {
      const body = iCalendarToGraphEvent(data);
      if (href) {
        const answer = await request('PATCH', href, { body, accept: [404] });
        if (answer.status !== 404) {
          const event = JSON.parse(answer.text) as GraphEvent;
          return { href: eventPath(event.id), etag: etagOf(event) };
        }
        // Deleted outside meanwhile: made again (as a CalDAV PUT would).
      }
      const made = await json<GraphEvent>('POST', `${collectionUrl}/events`, { body });
      return { href: eventPath(made.id), etag: etagOf(made) };
    },

    async remove(href) {
      await request('DELETE', href, { accept: [404, 410] });
    },

    async subscribe(collectionUrl, { notificationUrl, lifecycleNotificationUrl, clientState, expiresAt }): Promise<CalendarSubscription> {
      const made = await json<{ id: string; expirationDateTime: string }>('POST', '/subscriptions', {
        body: {
          changeType: 'created,updated,deleted',
          notificationUrl,
          lifecycleNotificationUrl,
          resource: `${collectionUrl.replace(/^\//, '')}/events`,
          expirationDateTime: new Date(expiresAt).toISOString(),
          clientState,
        },
      });
      return { id: made.id, expiresAt: Date.parse(made.expirationDateTime) };
    },

    async renewSubscription(id, expiresAt): Promise<CalendarSubscription> {
      const renewed = await json<{ id: string; expirationDateTime: string }>('PATCH', `/subscriptions/${encodeURIComponent(id)}`, { body: { expirationDateTime: new Date(expiresAt).toISOString() } });
      return { id: renewed.id ?? id, expiresAt: Date.parse(renewed.expirationDateTime) };
    },

    async unsubscribe(id) {
      await request('DELETE', `/subscriptions/${encodeURIComponent(id)}`, { accept: [404] });
    },
  };
}
