import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { CSP_DIRECTIVES, installSecurityHeaders, PERMISSIONS_POLICY, securityHeaders } from './security.js';

/** The headers of one answer of `app`, without those every answer has whatever sets security headers. */
async function headersOf(app: FastifyInstance, url = '/page') {
  const response = await app.inject({ method: 'GET', url });
  const { date: _date, connection: _connection, 'content-length': _length, 'content-type': _type, ...rest } = response.headers;
  return rest;
}

async function withRoutes(app: FastifyInstance) {
  app.get('/page', async () => ({ ok: true }));
  app.get('/refused', async (_request, reply) => reply.code(401).send({ ok: false }));
  await app.ready();
  return app;
}

/** How the server set them until issue 18: @fastify/helmet with these settings, then the Permissions-Policy. */
async function helmetApp(isHttps: boolean) {
  const app = Fastify();
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
  return withRoutes(app);
}

async function precomputedApp(isHttps: boolean) {
  const app = Fastify();
  installSecurityHeaders(app, { isHttps });
  return withRoutes(app);
}

describe('security headers computed once', () => {
  it.each([false, true])('are exactly the set helmet sent with our settings (https: %s)', async (isHttps) => {
    const before = await helmetApp(isHttps);
    const after = await precomputedApp(isHttps);
    for (const url of ['/page', '/refused', '/missing']) {
      const expected = await headersOf(before, url);
      expect(await headersOf(after, url), url).toEqual(expected);
      expect(expected, url).toEqual(securityHeaders({ isHttps }));
    }
    await before.close();
    await after.close();
  });

  it('are one frozen map, shared by every answer', () => {
    const headers = securityHeaders({ isHttps: false });
    expect(Object.isFrozen(headers)).toBe(true);
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(securityHeaders({ isHttps: true })['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
