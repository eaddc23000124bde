import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ReturnCode, type CreatedBoardLink } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../test/app.js';
import { TEST_DIALECT } from '../test/database.js';
import { decodedBody } from '../test/encoded-body.js';
import { COMPRESSION_THRESHOLD } from './compression.js';
import { envelopeResponses, success } from './envelope.js';
import { fastSerializerCompiler } from './fast-serializer.js';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from './idempotency.js';

const List = z.object({ list: z.array(z.string()) });
const ListQuery = z.object({ count: z.coerce.number().int().min(0) });
/** Names with Chinese in them: the bytes of a large answer are not its characters. */
const names = (count: number) => Array.from({ length: count }, (_, index) => `静安会议室 ${index}`);

/**
 * Issue 19: answers above COMPRESSION_THRESHOLD compressed with brotli or gzip as the request asks,
 * through every path an answer takes (the checking and the fast serializer, text or the bytes of an
 * answer above 32 KiB, errors, an idempotent replay); small answers, requests without
 * Accept-Encoding and event streams left as they are.
 */
describe(`answer compression (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let adminToken: string;
  let userToken: string;
  let idempotentCalls = 0;

  beforeAll(async () => {
    t = await createTestApp({
      beforeReady(app) {
        const schema = { querystring: ListQuery, response: envelopeResponses(List) };
        app.get('/api/test/list', { config: { access: 'public' }, schema }, async (request) => {
          const { count } = request.query as z.infer<typeof ListQuery>;
          return success(request, { list: names(count) });
        });
        app.get('/api/test/fast-list', { config: { access: 'public' }, schema, serializerCompiler: fastSerializerCompiler }, async (request) => {
          const { count } = request.query as z.infer<typeof ListQuery>;
          return success(request, { list: names(count) });
        });
        app.post('/api/test/numbers', { config: { access: 'public' }, schema: { body: z.object({ numbers: z.array(z.number()) }) } }, async (request) => success(request, null));
        // A download of the given type: repetitive bytes, so that compressing them would show.
        app.get('/api/test/download', { config: { access: 'public' }, schema: { querystring: z.object({ type: z.string() }) } }, async (request, reply) =>
          reply.header('content-type', (request.query as { type: string }).type).send(Buffer.alloc(8_192, 'atrium ')),
        );
        app.post('/api/test/idempotent', { config: { access: 'authenticated', idempotent: true }, schema: { response: envelopeResponses(List) } }, async (request) => {
          idempotentCalls += 1;
          return success(request, { list: names(150) });
        });
      },
    });
    const { company, admin } = await t.factories.companyWithAdmin('Compression Co');
    adminToken = await t.factories.session(admin);
    userToken = await t.factories.session(await t.factories.user(company.id, { permissions: ['calendarRoomUse:view'] }));
  });
  afterAll(() => t.cleanup());

  const list = (count: number, headers: Record<string, string> = {}, route = 'list') => t.app.inject({ method: 'GET', url: `/api/test/${route}?count=${count}`, headers });

  // About 2 KiB (compressed in one call), 20 KiB (through a stream on a machine with more than one
  // core) and 100 KiB (answered as bytes by answerPayload, above its 32 KiB).
  describe.each([
    ['about 2 KiB', 100],
    ['about 20 KiB', 1_000],
    ['above 32 KiB, answered as bytes', 5_000],
  ])('an answer of %s', (_size, count) => {
    it.each(['list', 'fast-list'])('is compressed with brotli or gzip as asked, to the same JSON (%s)', async (route) => {
      const identity = await list(count, {}, route);
      expect(identity.statusCode).toBe(200);
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
      expect(identity.json()).toMatchObject({ returncode: 200, result: { list: names(count) } });
      for (const encoding of ['br', 'gzip']) {
        const response = await list(count, { 'accept-encoding': encoding }, route);
        expect(response.statusCode, encoding).toBe(200);
        expect(response.headers['content-encoding'], encoding).toBe(encoding);
        expect(response.headers.vary, encoding).toContain('accept-encoding');
        expect(response.headers['content-type'], encoding).toBe(identity.headers['content-type']);
        expect(response.rawPayload.length, encoding).toBeLessThan(identity.rawPayload.length / 3);
        expect(decodedBody(response), encoding).toBe(identity.body);
      }
    });
  });

  it("follows the request's preference, brotli on a tie", async () => {
    expect((await list(100, { 'accept-encoding': 'gzip, deflate, br' })).headers['content-encoding']).toBe('br');
    expect((await list(100, { 'accept-encoding': 'br;q=0.5, gzip' })).headers['content-encoding']).toBe('gzip');
    // What a browser sends today, zstd included: brotli (zstd is not offered).
    expect((await list(100, { 'accept-encoding': 'gzip, deflate, br, zstd' })).headers['content-encoding']).toBe('br');
  });

  it('leaves the answer as it is without Accept-Encoding, with identity, or with an encoding it does not offer', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'deflate' }] as Array<Record<string, string>>) {
      const response = await list(1_000, headers);
      expect(response.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      expect(response.json<{ result: { list: string[] } }>().result.list).toHaveLength(1_000);
    }
  });

  it('does not compress an answer under the threshold', async () => {
    // A member's current user (an administrator's lists every permission: 1.3 KB, compressed).
    const small = await t.app.inject({ method: 'GET', url: '/api/user/getCurrentUserInfo', headers: { token: userToken, 'accept-encoding': 'br, gzip' } });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ returncode: 200 });
    const health = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect([health.statusCode, health.headers['content-encoding']]).toEqual([200, undefined]);
  });

  it('leaves images, PDF, zip, xlsx and other bytes as they are, and compresses text downloads', async () => {
    const download = (type: string) => t.app.inject({ method: 'GET', url: `/api/test/download?type=${encodeURIComponent(type)}`, headers: { 'accept-encoding': 'br, gzip' } });
    for (const type of ['image/png', 'image/jpeg', 'application/pdf', 'application/zip', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/gzip', 'application/octet-stream']) {
      const response = await download(type);
      expect([response.statusCode, response.headers['content-encoding']], type).toEqual([200, undefined]);
      expect(response.rawPayload.length, type).toBe(8_192);
    }
    for (const type of ['text/csv; charset=utf-8', 'text/calendar; charset=utf-8']) {
      const response = await download(type);
      expect([response.statusCode, response.headers['content-encoding']], type).toEqual([200, 'br']);
      expect(decodedBody(response), type).toBe(Buffer.alloc(8_192, 'atrium ').toString('utf8'));
    }
  });

  it('compresses an error answer above the threshold too', async () => {
    const payload = { numbers: Array.from({ length: 100 }, (_, index) => `not a number ${index}`) };
    const identity = await call(t.app, { method: 'POST', url: '/api/test/numbers', payload });
    expect([identity.status, identity.body.returncode]).toEqual([400, ReturnCode.BAD_REQUEST]);
    expect(identity.response.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    const compressed = await t.app.inject({ method: 'POST', url: '/api/test/numbers', payload, headers: { 'accept-encoding': 'br' } });
    expect([compressed.statusCode, compressed.headers['content-encoding']]).toEqual([400, 'br']);
    expect(decodedBody(compressed)).toBe(identity.response.body);
  });

  it('keeps the uncompressed answer for an idempotent retry, and compresses each replay for its own request', async () => {
    const send = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/test/idempotent', payload: {}, headers: { token: adminToken, [IDEMPOTENCY_KEY_HEADER]: 'compressed-once', ...headers } });
    const first = await send({ 'accept-encoding': 'br' });
    expect([first.statusCode, first.headers['content-encoding']]).toEqual([200, 'br']);
    const expected = decodedBody(first);
    expect(JSON.parse(expected)).toMatchObject({ returncode: 200, result: { list: names(150) } });
    for (const headers of [{ 'accept-encoding': 'gzip' }, {}] as Array<Record<string, string>>) {
      const replay = await send(headers);
      expect(replay.headers[IDEMPOTENT_REPLAYED_HEADER], JSON.stringify(headers)).toBe('true');
      expect(replay.headers['content-encoding'], JSON.stringify(headers)).toBe(headers['accept-encoding']);
      expect(decodedBody(replay), JSON.stringify(headers)).toBe(expected);
    }
    expect(idempotentCalls).toBe(1);
  });

  describe('over HTTP', () => {
    let port: number;
    beforeAll(async () => {
      port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
    });

    it('leaves a server-sent event stream uncompressed, its first event sent at once', async () => {
      const link = await call<CreatedBoardLink>(t.app, { method: 'POST', url: '/api/live/board-links', headers: { token: adminToken }, payload: { name: 'Lobby' } });
      expect(link.status, link.body.message).toBe(200);
      const { headers, firstChunk } = await new Promise<{ headers: http.IncomingHttpHeaders; firstChunk: string }>((resolve, reject) => {
        const request = http.get({ port, host: '127.0.0.1', path: `/api/live/board/stream?token=${link.body.result.token}`, headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
          response.once('data', (chunk: Buffer) => {
            resolve({ headers: response.headers, firstChunk: chunk.toString('utf8') });
            request.destroy();
          });
        });
        request.once('error', reject);
      });
      expect(headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(headers['content-encoding']).toBeUndefined();
      expect(firstChunk).toContain('event: ready');
    });

    it('compresses an answer as a browser asks for it, and fetch reads it back', async () => {
      const response = await fetch(`http://127.0.0.1:${port}/api/test/list?count=5000`, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.headers.get('content-encoding')).toBe('br');
      expect(((await response.json()) as { result: { list: string[] } }).result.list).toEqual(names(5_000));
    });
  });
});
