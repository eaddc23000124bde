import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE_NAMES, JSON_BODY_LIMIT, ReturnCode } from '@atrium/contract';
import { call, createTestApp, signIn, type TestApp } from '../test/app.js';
import { TEST_DIALECT } from '../test/database.js';
import { securityHeaders } from './security.js';

/** The header an https deployment sends on every answer. */
const HSTS = 'max-age=31536000; includeSubDomains';

function expectSecurityHeaders(response: LightMyRequestResponse, { isHttps = false }: { isHttps?: boolean } = {}) {
  const csp = String(response.headers['content-security-policy']);
  for (const directive of [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ]) {
    expect(csp).toContain(directive);
  }
  expect(csp).not.toContain('upgrade-insecure-requests');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['referrer-policy']).toBe('same-origin');
  // Powerful features we do not use are denied; the camera stays for our own QR-scanning pages.
  const permissions = String(response.headers['permissions-policy']);
  for (const denied of ['geolocation=()', 'microphone=()', 'payment=()', 'usb=()', 'serial=()', 'hid=()', 'midi=()', 'display-capture=()']) {
    expect(permissions).toContain(denied);
  }
  expect(permissions).toContain('camera=(self)');
  expect(permissions).toContain('fullscreen=(self)');
  expect(response.headers['strict-transport-security']).toBe(isHttps ? HSTS : undefined);
  // The one precomputed set, which early framework errors get too (security.test.ts compares it with helmet's).
  const fallback = securityHeaders({ isHttps });
  for (const [name, value] of Object.entries(fallback)) expect(response.headers[name], name).toBe(value);
  expect(Object.keys(fallback)).toContain('permissions-policy');
}

describe(`HTTP behaviour (${TEST_DIALECT})`, () => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      logger: {
        level: 'info',
        stream: new Writable({
          write(chunk, _encoding, done) {
            logLines.push(String(chunk));
            done();
          },
        }),
      },
      beforeReady(app) {
        app.get('/api/test/boom', { config: { access: 'public' } }, async () => {
          throw new Error('database exploded at /secret/path');
        });
      },
    });
  });
  afterAll(() => t.cleanup());

  describe('envelope and input errors', () => {
    it('wraps a success in { returncode, message, result }', async () => {
      const { status, body, response } = await call(t.app, { method: 'GET', url: '/api/health' });
      expect(status).toBe(200);
      expect(body).toEqual({ returncode: 200, message: 'Success', result: { status: 'ok', database: TEST_DIALECT, version: expect.any(String) } });
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });

    it.each(['GET', 'POST', 'DELETE'] as const)('answers an unknown %s /api path with 404/1002 naming the path', async (method) => {
      const { status, body } = await call(t.app, { method, url: '/api/no/such/thing?x=1' });
      expect(status).toBe(404);
      expect(body).toEqual({ returncode: ReturnCode.NOT_FOUND, message: 'Request address error: /api/no/such/thing does not exist', result: null });
    });

    it('answers malformed and empty JSON with 400/1001', async () => {
      for (const payload of ['{"userName": ', '']) {
        const { status, body } = await call(t.app, {
          method: 'POST',
          url: '/api/login',
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(status).toBe(400);
        expect(body).toMatchObject({ returncode: ReturnCode.BAD_REQUEST, message: 'The request body is not valid JSON', result: null });
      }
    });

    it('answers wrong types and missing fields with 400/1001 listing the fields', async () => {
      const { status, body } = await call<{ issues: Array<{ path: string; message: string }> }>(t.app, {
        method: 'POST',
        url: '/api/login',
        payload: { userName: 42 },
      });
      expect(status).toBe(400);
      expect(body.returncode).toBe(ReturnCode.BAD_REQUEST);
      expect(body.result.issues.map((issue) => issue.path).sort()).toEqual(['password', 'userName']);
      expect(body.message).toContain('userName');
    });

    it('answers an oversized body with 413/1006', async () => {
      const { status, body } = await call(t.app, {
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ userName: 'a'.repeat(JSON_BODY_LIMIT), password: 'x' }),
      });
      expect(status).toBe(413);
      expect(body).toMatchObject({ returncode: ReturnCode.PAYLOAD_TOO_LARGE, message: 'The request is too large' });
    });

    it.each(['text/plain', 'application/xml', 'application/x-www-form-urlencoded'])('answers %s with 415/1013', async (type) => {
      const { status, body } = await call(t.app, { method: 'POST', url: '/api/login', headers: { 'content-type': type }, payload: 'userName=a' });
      expect(status).toBe(415);
      expect(body).toMatchObject({ returncode: ReturnCode.UNSUPPORTED_MEDIA_TYPE, message: `Unsupported content type: ${type}` });
    });

    it('never answers 500 to strange input', async () => {
      const payloads = ['null', '[]', '"text"', '123', 'true', '{"userName":{"$gt":""},"password":[]}', '{"__proto__":{"x":1}}', '{"userName":"a","password":"' + 'x'.repeat(500) + '"}'];
      for (const payload of payloads) {
        const { status, body } = await call(t.app, { method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload });
        expect(status, payload).toBeGreaterThanOrEqual(400);
        expect(status, payload).toBeLessThan(500);
        expect(body.returncode, payload).not.toBe(ReturnCode.INTERNAL_ERROR);
      }
      const badUrl = await call(t.app, { method: 'GET', url: '/api/%E0%A4%A' });
      expect(badUrl.status).toBe(400);
      expect(badUrl.body.returncode).toBe(ReturnCode.BAD_REQUEST);
      expectSecurityHeaders(badUrl.response);
    });

    it('hides an unexpected failure behind 500 internalError and logs it with the request id', async () => {
      const { status, body, response } = await call(t.app, { method: 'GET', url: '/api/test/boom' });
      expect(status).toBe(500);
      expect(body).toEqual({ returncode: ReturnCode.INTERNAL_ERROR, message: 'Server internal error', result: null });
      expect(response.body).not.toContain('exploded');
      const logged = logLines.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line.msg === 'unexpected error');
      expect(logged).toMatchObject({ reqId: response.headers['x-request-id'], level: 50 });
      expect(JSON.stringify(logged)).toContain('database exploded');
    });
  });

  describe('language', () => {
    const ask = (headers: Record<string, string>) => call(t.app, { method: 'GET', url: '/api/nowhere', headers });
    const zh = '请求地址错误：/api/nowhere 不存在';
    const en = 'Request address error: /api/nowhere does not exist';

    it('defaults to en-US', async () => {
      expect((await ask({})).body.message).toBe(en);
    });

    it.each([
      [{ lang: 'zh-CN' }, zh],
      [{ lang: 'zh-chs' }, zh],
      [{ lang: 'en' }, en],
      [{ cookie: `${COOKIE_NAMES.lang}=zh-chs` }, zh],
      [{ 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' }, zh],
      [{ 'accept-language': 'fr-FR, en;q=0.5' }, en],
      [{ lang: 'en-US', cookie: `${COOKIE_NAMES.lang}=zh-chs` }, en],
      [{ cookie: `${COOKIE_NAMES.lang}=en`, 'accept-language': 'zh-CN' }, en],
      [{ lang: 'klingon', 'accept-language': 'zh-CN' }, zh],
    ])('with %j answers in the right language', async (headers, message) => {
      expect((await ask(headers)).body.message).toBe(message);
    });

    it('translates validation and sign-in errors too', async () => {
      const { body } = await call(t.app, { method: 'POST', url: '/api/login', headers: { lang: 'zh-CN' }, payload: { userName: 'nobody', password: 'x' } });
      expect(body.message).toBe('请输入正确的账号和密码');
    });
  });

  describe('security headers', () => {
    it('are on a success, a 404, an error and a docs page', async () => {
      expectSecurityHeaders((await t.app.inject({ method: 'GET', url: '/api/health' })));
      expectSecurityHeaders((await t.app.inject({ method: 'GET', url: '/api/missing' })));
      expectSecurityHeaders(
        await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{' }),
      );
      expectSecurityHeaders(await t.app.inject({ method: 'GET', url: '/api/checkIsLogin' }));
      expectSecurityHeaders(await t.app.inject({ method: 'GET', url: '/api/docs' }));
    });
  });

  describe('API documentation', () => {
    it('serves the browsable UI and the OpenAPI document without a session', async () => {
      const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      const script = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
      expect(script.statusCode).toBe(200);
      const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(doc.statusCode).toBe(200);
      expect(doc.json()).toMatchObject({ openapi: '3.1.0', info: { title: 'Atrium API' } });
    });
  });

  describe('logging', () => {
    it('never writes tokens, cookies or passwords', async () => {
      const user = await t.factories.user((await t.factories.company()).id, { password: 'Log-Secret-Pass-9' });
      const signedIn = await signIn(t.app, user);
      expect(signedIn.status).toBe(200);
      await t.app.inject({ method: 'GET', url: '/api/checkIsLogin', headers: { token: signedIn.token! } });
      await t.app.inject({ method: 'GET', url: '/api/checkIsLogin', cookies: { [COOKIE_NAMES.token]: signedIn.token! } });
      const all = logLines.join('\n');
      expect(all).toContain('/api/checkIsLogin');
      expect(all).not.toContain(signedIn.token!);
      expect(all).not.toContain('Log-Secret-Pass-9');
    });
  });
});

describe(`security headers over https (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { publicUrl: 'https://atrium.example' } });
  });
  afterAll(() => t.cleanup());

  it('add Strict-Transport-Security to every answer, early framework errors included', async () => {
    for (const response of [
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await t.app.inject({ method: 'GET', url: '/api/missing' }),
      await t.app.inject({ method: 'GET', url: '/api/checkIsLogin' }),
      await t.app.inject({ method: 'GET', url: '/api/%E0%A4%A' }),
      await t.app.inject({ method: 'GET', url: '/' }),
    ]) {
      expectSecurityHeaders(response, { isHttps: true });
    }
  });
});

describe(`rate limit (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimitPerMinute: 3 } });
  });
  afterAll(() => t.cleanup());

  it('answers 429/1004 with Retry-After once an address exceeds its budget, on any path but the hashed console files', async () => {
    // The console's files do not count: more of them than the whole budget, and the budget is still whole.
    for (let i = 0; i < 5; i++) expect((await t.app.inject({ method: 'GET', url: `/assets/chunk-${i}.js` })).statusCode).toBe(404);
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const { status, body, response } = await call<{ retryAfterSeconds: number }>(t.app, { method: 'GET', url: '/api/unknown' });
    expect(status).toBe(429);
    expect(body.returncode).toBe(ReturnCode.TOO_MANY_REQUESTS);
    expect(body.message).toBe('Too many requests, please try again later');
    expect(body.result.retryAfterSeconds).toBeGreaterThan(0);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expectSecurityHeaders(response);
  });
});

describe(`web console (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'atrium-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Atrium</title><div id="root"></div>');
    writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log("atrium")');
    writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp({ config: { webDist } });
  });
  afterAll(async () => {
    await t.cleanup();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('serves index.html at / without caching it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Atrium</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
    expectSecurityHeaders(response);
  });

  it('serves hashed assets as immutable, other files revalidated', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(asset);
    const favicon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(favicon.headers['cache-control']).toBe('no-cache');
  });

  it('answers console routes with index.html for the browser router', async () => {
    for (const url of ['/reserve', '/role-detail/3/users', '/assets/missing.js?v=1']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
      expectSecurityHeaders(response);
    }
  });

  it('keeps /api answers as JSON and refuses writes to console paths', async () => {
    expect((await call(t.app, { method: 'GET', url: '/api/nothing' })).body.returncode).toBe(ReturnCode.NOT_FOUND);
    expect((await call(t.app, { method: 'GET', url: '/api' })).status).toBe(404);
    expect((await call(t.app, { method: 'POST', url: '/reserve', payload: {} })).status).toBe(404);
  });
});

describe(`without a console build (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.cleanup());

  it('explains at / how to build the console', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('npm run build');
    expectSecurityHeaders(response);
    expect((await t.app.inject({ method: 'GET', url: '/reserve' })).statusCode).toBe(404);
  });
});
