import type { CalendarCollection } from '@atrium/contract';
import { CalendarPeerError, type CalendarAdapter, type OutsideObject, type PullResult } from './calendar-adapter.js';
import { lazyJsdom } from '../../platform/dom.js';

/**
 * The CalDAV adapter (RFC 4791) with RFC 6578 collection sync, over plain `fetch`: discovery by
 * PROPFIND (principal, calendar home, calendars), `sync-collection` REPORTs from a token (a
 * truncated answer, 507 on the collection itself, is continued from the token it returns; a
 * refused token, 403/409 with `valid-sync-token`, gives a full listing), `calendar-multiget` for
 * the changed objects' data, PUT and DELETE for writes. tsdav (DECISIONS.md) was left out: its
 * `syncCollection` answers the parsed responses only, so neither the 507 continuation nor the
 * refused token's precondition can be told apart there.
 */

const DAV = 'DAV:';
const CALDAV = 'urn:ietf:params:xml:ns:caldav';
/** One request's longest wait. */
const TIMEOUT_MS = 15_000;
/** Objects asked per calendar-multiget. */
const MULTIGET_BATCH = 100;
/** Continuations of truncated answers followed at most, per pull. */
const MAX_CONTINUATIONS = 100;

export interface CalDavOptions {
  serverUrl: string;
  account: string;
  credential: string;
  fetchImpl?: typeof fetch;
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

function parseXml(text: string): Document {
  return new (lazyJsdom())(text, { contentType: 'application/xml' }).window.document;
}

const childrenNs = (parent: Element | Document, ns: string, name: string) => Array.from(parent.getElementsByTagNameNS(ns, name));
const firstText = (parent: Element | Document, ns: string, name: string) => childrenNs(parent, ns, name)[0]?.textContent?.trim() ?? null;

/** The status code of a `<d:status>HTTP/1.1 404 Not Found</d:status>`. */
function statusOf(element: Element): number | null {
  const text = Array.from(element.children).find((child) => child.namespaceURI === DAV && child.localName === 'status')?.textContent ?? '';
  const match = /\s(\d{3})\s?/.exec(text);
  return match ? Number(match[1]) : null;
}

export function createCalDavAdapter({ serverUrl, account, credential, fetchImpl = fetch }: CalDavOptions): CalendarAdapter {
  const authorization = `Basic ${Buffer.from(`${account}:${credential}`, 'utf8').toString('base64')}`;
  const absolute = (href: string) => new URL(href, serverUrl).toString();
  /** The path form the service names objects by (hrefs in multistatus answers). */
  const pathOf = (href: string) => new URL(href, serverUrl).pathname;

  async function request(method: string, url: string, { body, headers = {}, accept = [] }: { body?: string; headers?: Record<string, string>; accept?: number[] } = {}) {
    let response: Response;
    try {
      response = await fetchImpl(absolute(url), {
        method,
        headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/xml; charset=utf-8' }), ...headers },
        ...(body === undefined ? {} : { body }),
        redirect: 'follow',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new CalendarPeerError(`${method} ${pathOf(url)}: ${error instanceof Error ? error.message : String(error)}`, null);
    }
    const text = await response.text();
    if (response.ok || accept.includes(response.status)) return { status: response.status, text, headers: response.headers };
    const isAuth = response.status === 401 || (response.status === 403 && method === 'PROPFIND');
    throw new CalendarPeerError(`${method} ${pathOf(url)}: ${response.status} ${response.statusText}`.trim(), response.status, isAuth);
  }

  async function propfind(url: string, depth: 0 | 1, props: string): Promise<Document> {
    const body = `<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="${DAV}" xmlns:c="${CALDAV}"><d:prop>${props}</d:prop></d:propfind>`;
    return parseXml((await request('PROPFIND', url, { body, headers: { depth: String(depth) } })).text);
  }

  /** The href inside a property such as current-user-principal. */
  function hrefIn(document: Document, ns: string, name: string): string | null {
    const property = childrenNs(document, ns, name)[0];
    return property ? firstText(property, DAV, 'href') : null;
  }

  async function multiget(collectionUrl: string, hrefs: readonly string[]): Promise<OutsideObject[]> {
    const out: OutsideObject[] = [];
    for (let start = 0; start < hrefs.length; start += MULTIGET_BATCH) {
      const batch = hrefs.slice(start, start + MULTIGET_BATCH);
      const body =
        `<?xml version="1.0" encoding="utf-8"?><c:calendar-multiget xmlns:d="${DAV}" xmlns:c="${CALDAV}">` +
        `<d:prop><d:getetag/><c:calendar-data/></d:prop>${batch.map((href) => `<d:href>${escapeXml(href)}</d:href>`).join('')}</c:calendar-multiget>`;
      const document = parseXml((await request('REPORT', collectionUrl, { body, headers: { depth: '1' } })).text);
      for (const response of childrenNs(document, DAV, 'response')) {
        const href = firstText(response, DAV, 'href');
        const data = firstText(response, CALDAV, 'calendar-data');
        if (!href || !data) continue;
        out.push({ href: pathOf(href), etag: firstText(response, DAV, 'getetag'), data });
      }
    }
    return out;
  }

  /** One sync-collection REPORT: the hrefs changed and removed, the new token, and whether the answer was truncated (507). */
  async function syncOnce(collectionUrl: string, token: string | null) {
    const body =
      `<?xml version="1.0" encoding="utf-8"?><d:sync-collection xmlns:d="${DAV}">` +
      `<d:sync-token>${token === null ? '' : escapeXml(token)}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`;
    const answer = await request('REPORT', collectionUrl, { body, accept: [403, 409] });
    if (answer.status === 403 || answer.status === 409) return { refused: true as const, detail: `${answer.status}` };
    const document = parseXml(answer.text);
    const collectionPath = pathOf(collectionUrl).replace(/\/?$/, '/');
    const changed: string[] = [];
    const removed: string[] = [];
    let isTruncated = false;
    for (const response of childrenNs(document, DAV, 'response')) {
      const href = firstText(response, DAV, 'href');
      if (!href) continue;
      const path = pathOf(href);
      const status = statusOf(response);
      if (path.replace(/\/?$/, '/') === collectionPath) {
        // RFC 6578 3.6: the collection itself with 507 says the answer was cut; go on from its token.
        if (status === 507) isTruncated = true;
        continue;
      }
      if (status === 404) removed.push(path);
      else changed.push(path);
    }
    return { refused: false as const, token: firstText(document, DAV, 'sync-token'), changed, removed, isTruncated };
  }

  return {
    // An iCalendar object holds a rule, its EXDATEs and its exceptions as they are.
    writesSeries: true,
    async listCollections(): Promise<CalendarCollection[]> {
      const root = await propfind(serverUrl, 0, '<d:current-user-principal/>');
      const principal = hrefIn(root, DAV, 'current-user-principal') ?? serverUrl;
      const home = hrefIn(await propfind(principal, 0, '<c:calendar-home-set/>'), CALDAV, 'calendar-home-set') ?? principal;
      const listing = await propfind(home, 1, '<d:resourcetype/><d:displayname/>');
      const collections: CalendarCollection[] = [];
      for (const response of childrenNs(listing, DAV, 'response')) {
        const href = firstText(response, DAV, 'href');
        const isCalendar = childrenNs(response, CALDAV, 'calendar').length > 0;
        if (!href || !isCalendar) continue;
        collections.push({ url: absolute(href), name: firstText(response, DAV, 'displayname') || null });
      }
      return collections;
    },

    async pull(collectionUrl, token): Promise<PullResult> {
      let from = token;
      let isFull = token === null;
      const changed = new Set<string>();
      const removed = new Set<string>();
      for (let round = 0; ; round++) {
        const answer = await syncOnce(collectionUrl, from);
        if (answer.refused) {
          // The token is no longer valid (RFC 6578 3.2): start over with a full listing.
          if (from === null) throw new CalendarPeerError(`sync-collection refused: ${answer.detail}`, Number(answer.detail));
          from = null;
          isFull = true;
          changed.clear();
          removed.clear();
          continue;
        }
        for (const href of answer.changed) {
          changed.add(href);
          removed.delete(href);
        }
        for (const href of answer.removed) {
          removed.add(href);
          changed.delete(href);
        }
        from = answer.token;
        if (!answer.isTruncated) break;
        if (round >= MAX_CONTINUATIONS) throw new CalendarPeerError('sync-collection: too many truncated answers', 507);
      }
      const upserts = await multiget(collectionUrl, [...changed]);
      return { token: from, upserts, deletes: isFull ? [] : [...removed], isFull };
    },

    async put(collectionUrl, href, uid, data) {
      const target = href ?? `${pathOf(collectionUrl).replace(/\/?$/, '/')}${encodeURIComponent(uid)}.ics`;
      const answer = await request('PUT', target, { body: data, headers: { 'content-type': 'text/calendar; charset=utf-8' } });
      return { href: pathOf(target), etag: answer.headers.get('etag') };
    },

    async remove(href) {
      await request('DELETE', href, { accept: [404, 410] });
    },
  };
}
