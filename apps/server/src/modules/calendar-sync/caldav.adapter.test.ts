import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCalDavAdapter } from './caldav.adapter.js';

/**
 * What Radicale never does: cut a sync-collection answer short (RFC 6578 3.6, 507 on the collection
 * with the token to go on from). A small CalDAV peer that answers exactly as the RFC shows: three
 * members, two in the first (truncated) answer, one in the second; an unknown token refused with the
 * `valid-sync-token` precondition (403).
 */

const COLLECTION = '/rooms/thames/';
const MEMBERS = ['a', 'b', 'c'].map((name) => ({ href: `${COLLECTION}${name}.ics`, etag: `"${name}1"`, data: `BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:${name}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n` }));

const multistatus = (inner: string) => `<?xml version="1.0" encoding="utf-8"?><d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">${inner}</d:multistatus>`;
const member = (m: (typeof MEMBERS)[number]) => `<d:response><d:href>${m.href}</d:href><d:propstat><d:prop><d:getetag>${m.etag}</d:getetag></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>`;

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => resolve(body));
  });

describe('the CalDAV adapter with a peer that truncates its sync answers', () => {
  let server: Server;
  let url: string;
  const tokensAsked: string[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      void (async () => {
        const body = await read(request);
        response.setHeader('content-type', 'application/xml; charset=utf-8');
        if (request.method !== 'REPORT' || request.url !== COLLECTION) {
          response.writeHead(405).end();
          return;
        }
        if (body.includes('sync-collection')) {
          const token = /<d:sync-token>([^<]*)<\/d:sync-token>/.exec(body)?.[1] ?? '';
          tokensAsked.push(token);
          if (token === '') {
            response.writeHead(207).end(
              multistatus(`${member(MEMBERS[0]!)}${member(MEMBERS[1]!)}<d:response><d:href>${COLLECTION}</d:href><d:status>HTTP/1.1 507 Insufficient Storage</d:status></d:response><d:sync-token>urn:t1</d:sync-token>`),
            );
          } else if (token === 'urn:t1') {
            response.writeHead(207).end(multistatus(`${member(MEMBERS[2]!)}<d:sync-token>urn:t2</d:sync-token>`));
          } else if (token === 'urn:t2') {
            response.writeHead(207).end(multistatus(`<d:response><d:href>${MEMBERS[0]!.href}</d:href><d:status>HTTP/1.1 404 Not Found</d:status></d:response><d:sync-token>urn:t3</d:sync-token>`));
          } else {
            response.writeHead(403).end('<?xml version="1.0" encoding="utf-8"?><d:error xmlns:d="DAV:"><d:valid-sync-token/></d:error>');
          }
          return;
        }
        const hrefs = [...body.matchAll(/<d:href>([^<]*)<\/d:href>/g)].map((match) => match[1]);
        const found = MEMBERS.filter((m) => hrefs.includes(m.href));
        response
          .writeHead(207)
          .end(
            multistatus(
              found.map((m) => `<d:response><d:href>${m.href}</d:href><d:propstat><d:prop><d:getetag>${m.etag}</d:getetag><c:calendar-data>${m.data}</c:calendar-data></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>`).join(''),
            ),
          );
      })();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const adapter = () => createCalDavAdapter({ serverUrl: url, account: 'rooms', credential: 'secret' });

  it('goes on from the token of a truncated (507) answer until the listing is whole', async () => {
    tokensAsked.length = 0;
    const pulled = await adapter().pull(`${url}rooms/thames/`, null);
    expect(tokensAsked).toEqual(['', 'urn:t1']);
    expect({ ...pulled, upserts: pulled.upserts.map(({ href, etag, data }) => [href, etag, /^UID:(\w)$/m.exec(data)?.[1]]) }).toEqual({
      token: 'urn:t2',
      upserts: MEMBERS.map(({ href, etag }, index) => [href, etag, 'abc'[index]]),
      deletes: [],
      isFull: true,
    });
  });

  it('reads a removal from a valid token, and lists everything again when the token is refused', async () => {
    expect(await adapter().pull(`${url}rooms/thames/`, 'urn:t2')).toEqual({ token: 'urn:t3', upserts: [], deletes: [MEMBERS[0]!.href], isFull: false });
    tokensAsked.length = 0;
    const again = await adapter().pull(`${url}rooms/thames/`, 'urn:forgotten');
    expect(tokensAsked).toEqual(['urn:forgotten', '', 'urn:t1']);
    expect(again.isFull).toBe(true);
    expect(again.token).toBe('urn:t2');
    expect(again.upserts.map((object) => object.href)).toEqual(MEMBERS.map((m) => m.href));
  });
});
