import { randomUUID } from 'node:crypto';
import type { CalendarCollection } from '@atrium/contract';
import { CalendarPeerError, type CalendarAdapter, type OutsideObject, type PullResult } from './calendar-adapter.js';
import type { AccessTokenSource } from './calendar-oauth.js';
import { iCalendarToEvent, instanceSuffixOf, occurrenceChanges, seriesToICalendar, type GoogleEvent } from './google-events.js';
import type { WatchChannel } from './calendar-sync.repository.js';

/**
 * Google Calendar (Calendar API v3, over fetch with a Bearer token from the connection's token
 * source; decision 0023, "Google Calendar"). Addresses:
 *
 * - a collection is the calendar's resource, `<base>/calendar/v3/calendars/<calendar id>`;
 * - an object (href) is its series' event resource, `<collection>/events/<event id>`: the master's
 *   for a repeating event, whose changed occurrences ride in the same iCalendar object.
 *
 * pull = events.list with the sync token (showDeleted, singleEvents=false), paged by pageToken; a
 * 410 Gone (the token expired or was invalidated) starts a full listing (from a day back), as no
 * token does. A changed occurrence re-reads its whole series (events.list?iCalUID=). put =
 * events.insert (with the object's UID as iCalUID) or events.update of the master, then
 * events.update of each changed occurrence's instance (`<event id>_<original start>`); remove =
 * events.delete (404 and 410: already gone). Push: events.watch and channels.stop.
 */

/** Requests time out after this. */
const TIMEOUT_MS = 15_000;
/** Pages read per listing at most (250 events a page). */
const MAX_PAGES = 200;
const PAGE_SIZE = 250;
const DAY_MS = 86_400_000;

export interface GoogleAdapterOptions {
  /** The API base: https://www.googleapis.com, or a fake's address. */
  baseUrl: string;
  accessToken: AccessTokenSource;
  fetch?: typeof fetch;
  now?: () => number;
}

interface EventList {
  items?: GoogleEvent[];
  nextPageToken?: string;
  nextSyncToken?: string;
}

export interface GoogleAdapter extends CalendarAdapter {
  /** Opens a push channel on a calendar (events.watch) to `address`; `token` comes back in every notification. */
  watch(collectionUrl: string, address: string, token: string, expiresAt: number): Promise<WatchChannel>;
  /** Closes a push channel (channels.stop); one already gone is no error. */
  stopWatch(channel: Pick<WatchChannel, 'id' | 'resourceId'>): Promise<void>;
}

/**
 * A series object's version: the master's etag and its occurrences' (in etag order, as Google lists them in no
 * promised order), so a changed occurrence is a changed object, and `put` answers the version the pull then reads.
 */
function seriesEtag(master: GoogleEvent, exceptions: readonly GoogleEvent[]): string {
  return [master.etag ?? '', ...exceptions.map((exception) => exception.etag ?? '').sort()].join(',');
}

export function createGoogleAdapter(options: GoogleAdapterOptions): GoogleAdapter {
  const base = options.baseUrl.replace(/\/+$/, '');
  const api = `${base}/calendar/v3`;
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? Date.now;

  /** The calendar id of a collection address of ours (never another host's: the Bearer token goes only to the base). */
  function calendarIdOf(collectionUrl: string): string {
    const prefix = `${api}/calendars/`;
    if (!collectionUrl.startsWith(prefix)) throw new CalendarPeerError(`not a calendar of ${base}`, null);
    return decodeURIComponent(collectionUrl.slice(prefix.length).replace(/\/+$/, ''));
  }
  const collectionOf = (calendarId: string) => `${api}/calendars/${encodeURIComponent(calendarId)}`;
  const hrefOf = (collectionUrl: string, eventId: string) => `${collectionUrl.replace(/\/+$/, '')}/events/${encodeURIComponent(eventId)}`;

  /** One request; an answer outside 2xx is a CalendarPeerError naming the method, path and status (never the token). */
  async function request(method: string, url: string, body?: unknown, okStatuses: readonly number[] = []): Promise<{ status: number; json: unknown }> {
    if (!url.startsWith(`${base}/`)) throw new CalendarPeerError(`not an address of ${base}`, null);
    const token = await options.accessToken();
    const path = new URL(url).pathname;
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method,
        headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new CalendarPeerError(`${method} ${path}: ${error instanceof Error ? error.name : 'network error'}`, null);
    }
    const text = await response.text();
    if (!response.ok && !okStatuses.includes(response.status)) {
      let reason = '';
      try {
        const parsed = JSON.parse(text) as { error?: { errors?: Array<{ reason?: string }>; status?: string } };
        reason = parsed.error?.errors?.[0]?.reason ?? parsed.error?.status ?? '';
      } catch {
        // Not JSON: the status says enough.
      }
      throw new CalendarPeerError(`${method} ${path}: ${response.status}${reason ? ` ${reason.slice(0, 60)}` : ''}`, response.status, response.status === 401);
    }
    let json: unknown = null;
    if (text.length > 0) {
      try {
        json = JSON.parse(text);
      } catch {
        throw new CalendarPeerError(`${method} ${path}: ${response.status} not JSON`, response.status);
      }
    }
    return { status: response.status, json };
  }

  /** Every page of an events listing; null when the service answered 410 Gone (the sync token is no longer valid). */
  async function listEvents(calendarId: string, params: Record<string, string>): Promise<{ events: GoogleEvent[]; syncToken: string | null } | null> {
    const events: GoogleEvent[] = [];
    let pageToken: string | null = null;
    for (let page = 0; page < MAX_PAGES; page++) {
      const url = new URL(`${collectionOf(calendarId)}/events`);
      for (const [name, value] of Object.entries({ ...params, maxResults: String(PAGE_SIZE), showDeleted: 'true', singleEvents: 'false' })) url.searchParams.set(name, value);
      if (pageToken) url.searchParams.set('pageToken', pageToken);
      const answer = await request('GET', url.toString(), undefined, [410]);
      if (answer.status === 410) return null;
      const list = (answer.json ?? {}) as EventList;
      events.push(...(list.items ?? []));
      if (list.nextPageToken) {
        pageToken = list.nextPageToken;
        continue;
      }
      return { events, syncToken: list.nextSyncToken ?? null };
    }
    throw new CalendarPeerError(`GET ${new URL(collectionOf(calendarId)).pathname}/events: more than ${MAX_PAGES} pages`, null);
  }

  /** The events listed, grouped into series objects. Changed occurrences whose master was not listed re-read their series. */
  async function toObjects(collectionUrl: string, calendarId: string, events: readonly GoogleEvent[], isFull: boolean): Promise<{ upserts: OutsideObject[]; deletes: string[] }> {
    const masters = new Map<string, GoogleEvent>();
    const exceptionsOf = new Map<string, GoogleEvent[]>();
    for (const event of events) {
      if (event.recurringEventId) exceptionsOf.set(event.recurringEventId, [...(exceptionsOf.get(event.recurringEventId) ?? []), event]);
      else masters.set(event.id, event);
    }
    const upserts: OutsideObject[] = [];
    const deletes: string[] = [];
    const series = new Set([...masters.keys(), ...exceptionsOf.keys()]);
    for (const id of series) {
      let master = masters.get(id);
      let exceptions = exceptionsOf.get(id) ?? [];
      // An incremental listing names what changed: a series with a change is read whole (its master and every changed occurrence).
      const isRepeating = exceptions.length > 0 || (master?.recurrence?.length ?? 0) > 0;
      if (!isFull && isRepeating && master?.status !== 'cancelled') {
        // A cancelled occurrence may name no iCalUID: its master tells it.
        if (!master) {
          const read = (await request('GET', hrefOf(collectionUrl, id), undefined, [404, 410])).json as Partial<GoogleEvent> | null;
          if (read && typeof read.id === 'string') master = read as GoogleEvent;
        }
        const uid = master?.iCalUID ?? exceptions.find((exception) => exception.iCalUID)?.iCalUID;
        if (uid) {
          const whole = await listEvents(calendarId, { iCalUID: uid });
          if (whole) {
            master = whole.events.find((event) => event.id === id) ?? master;
            exceptions = whole.events.filter((event) => event.recurringEventId === id);
          }
        }
      }
      if (!master) continue;
      const href = hrefOf(collectionUrl, id);
      if (master.status === 'cancelled') {
        if (!isFull) deletes.push(href);
        continue;
      }
      const data = seriesToICalendar(master, exceptions);
      if (data === null) continue;
      upserts.push({ href, etag: seriesEtag(master, exceptions), data });
    }
    return { upserts, deletes };
  }

  return {
    async listCollections(): Promise<CalendarCollection[]> {
      const out: CalendarCollection[] = [];
      let pageToken: string | null = null;
      for (let page = 0; page < MAX_PAGES; page++) {
        const url = new URL(`${api}/users/me/calendarList`);
        url.searchParams.set('maxResults', '250');
        if (pageToken) url.searchParams.set('pageToken', pageToken);
        const list = ((await request('GET', url.toString())).json ?? {}) as { items?: Array<{ id: string; summary?: string; summaryOverride?: string; accessRole?: string }>; nextPageToken?: string };
        for (const item of list.items ?? []) {
          // Only calendars the account may write to can be a room's calendar.
          if (item.accessRole && item.accessRole !== 'owner' && item.accessRole !== 'writer') continue;
          out.push({ url: collectionOf(item.id), name: item.summaryOverride ?? item.summary ?? null });
        }
        if (!list.nextPageToken) return out;
        pageToken = list.nextPageToken;
      }
      return out;
    },

    async pull(collectionUrl: string, token: string | null): Promise<PullResult> {
      const calendarId = calendarIdOf(collectionUrl);
      if (token) {
        const changed = await listEvents(calendarId, { syncToken: token });
        if (changed) {
          const { upserts, deletes } = await toObjects(collectionUrl, calendarId, changed.events, false);
          return { token: changed.syncToken, upserts, deletes, isFull: false };
        }
        // 410 Gone: the token expired or was invalidated; Google asks for a full listing without it.
      }
      const all = await listEvents(calendarId, { timeMin: new Date(now() - DAY_MS).toISOString() });
      if (!all) throw new CalendarPeerError(`GET ${new URL(collectionUrl).pathname}/events: 410 without a sync token`, 410);
      const { upserts } = await toObjects(collectionUrl, calendarId, all.events, true);
      return { token: all.syncToken, upserts, deletes: [], isFull: true };
    },

    async put(collectionUrl: string, href: string | null, uid: string, data: string): Promise<{ href: string; etag: string | null }> {
      const event = { ...iCalendarToEvent(data), iCalUID: uid };
      const isRepeating = (event.recurrence?.length ?? 0) > 0;
      // The occurrences Google holds as changed, read before anything is written: a change made at Google after
      // this read is not in the version answered, so the next pull takes it.
      const held = new Map<string, GoogleEvent>();
      if (href && isRepeating) {
        const masterId = decodeURIComponent(href.slice(href.lastIndexOf('/') + 1));
        const listed = await listEvents(calendarIdOf(collectionUrl), { iCalUID: uid });
        for (const one of listed?.events ?? []) if (one.recurringEventId === masterId) held.set(one.id, one);
      }
      let master: GoogleEvent;
      let written: string;
      if (href) {
        const { iCalUID: _same, ...changes } = event;
        master = (await request('PUT', href, changes)).json as GoogleEvent;
        written = href;
      } else {
        master = (await request('POST', `${collectionUrl.replace(/\/+$/, '')}/events`, event)).json as GoogleEvent;
        written = hrefOf(collectionUrl, master.id);
      }
      if (!isRepeating) return { href: written, etag: master.etag ?? null };
      // Atrium's changes to single occurrences, each written to its instance (`<event id>_<original start>`), which
      // Google keeps as an exception of the series (recurringEventId + originalStartTime).
      const masterId = master.id ?? decodeURIComponent(written.slice(written.lastIndexOf('/') + 1));
      const { changed, excluded } = occurrenceChanges(data);
      // An occurrence Google already holds as changed is written under the id it has (Google gives instances the
      // `<event id>_<original start>` form, but matching by the original start does not rely on it).
      const heldIdOf = new Map([...held.values()].flatMap((one) => {
        const suffix = one.originalStartTime ? instanceSuffixOf(one.originalStartTime) : null;
        return suffix ? [[suffix, one.id] as const] : [];
      }));
      for (const change of changed) {
        const instanceId = heldIdOf.get(change.suffix) ?? `${masterId}_${change.suffix}`;
        const answer = (await request('PUT', hrefOf(collectionUrl, instanceId), change.event)).json as GoogleEvent;
        held.set(instanceId, answer);
      }
      // An occurrence excluded (EXDATE) that Google holds as changed would still show there: cancelled on its instance.
      for (const suffix of excluded) {
        const instanceId = heldIdOf.get(suffix) ?? `${masterId}_${suffix}`;
        const instance = held.get(instanceId);
        if (!instance || instance.status === 'cancelled') continue;
        const answer = (await request('PUT', hrefOf(collectionUrl, instanceId), { start: instance.start, end: instance.end, ...(instance.summary === undefined ? {} : { summary: instance.summary }), status: 'cancelled' })).json as GoogleEvent;
        held.set(instanceId, answer);
      }
      // An exception Google holds that the object no longer has (neither changed nor excluded) is left as it is.
      return { href: written, etag: seriesEtag(master, [...held.values()]) };
    },

    async remove(href: string): Promise<void> {
      await request('DELETE', href, undefined, [404, 410]);
    },

    async watch(collectionUrl: string, address: string, token: string, expiresAt: number): Promise<WatchChannel> {
      const id = randomUUID();
      const answer = await request('POST', `${collectionUrl.replace(/\/+$/, '')}/events/watch`, { id, type: 'web_hook', address, token, expiration: String(expiresAt) });
      const channel = answer.json as { id?: string; resourceId?: string; expiration?: string | number };
      if (!channel.resourceId) throw new CalendarPeerError(`POST ${new URL(collectionUrl).pathname}/events/watch: no resourceId`, answer.status);
      return { id: channel.id ?? id, resourceId: channel.resourceId, token, expiresAt: channel.expiration === undefined ? expiresAt : Number(channel.expiration) };
    },

    async stopWatch(channel: Pick<WatchChannel, 'id' | 'resourceId'>): Promise<void> {
      await request('POST', `${api}/channels/stop`, { id: channel.id, resourceId: channel.resourceId }, [404]);
    },
  };
}
