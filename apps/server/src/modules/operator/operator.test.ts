import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { COOKIE_NAMES, formatMessage, OPERATOR_COOKIE, ReturnCode, type OperatorLoginResult, type OperatorProfile } from '@atrium/contract';
import { call, createTestApp, signIn, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { createCachingHasher } from '../../test/factories.js';
import { createOperatorRepository } from './operator.repository.js';
import { ensureOperator } from './operator.service.js';

const PASSWORD = 'Runs-The-Place-2026';
const SAME_ORIGIN = { origin: 'http://localhost:80', host: 'localhost:80' };

/** A route's URL with its parameters filled: the guard answers before any handler reads them. */
const concrete = (url: string) => url.replace(/:(\w+)/g, '1');

describe(`operators (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let companyToken: string;
  let companyCredentials: { userName: string; password: string };

  beforeAll(async () => {
    t = await createTestApp();
    const operators = createOperatorRepository(t.db.kysely);
    expect(await ensureOperator({ operators, hasher: createCachingHasher(), clock: t.clock }, { userName: 'Ops.Lead', password: PASSWORD })).toBe('created');
    const { admin } = await t.factories.companyWithAdmin('Tenant Co');
    companyToken = await t.factories.session(admin);
    companyCredentials = { userName: admin.userName, password: admin.password };
  });
  afterAll(() => t.cleanup());

  const login = (userName: string, password: string, ip = '10.1.0.1', lang = 'en-US') =>
    call<OperatorLoginResult>(t.app, { method: 'POST', url: '/api/boss/login', headers: { lang }, payload: { userName, password }, remoteAddress: ip });
  const current = (headers: Record<string, string>, cookies?: Record<string, string>) =>
    call<OperatorProfile>(t.app, { method: 'GET', url: '/api/boss/currentOperator', headers, ...(cookies ? { cookies } : {}) });

  it('signs an operator in by name (any case) with an HttpOnly cookie of its own; the token works by header and by cookie', async () => {
    const answer = await login('ops.lead', PASSWORD);
    expect([answer.status, answer.body.returncode, answer.body.result.operator.userName]).toEqual([200, ReturnCode.OK, 'Ops.Lead']);
    const cookie = answer.response.cookies.find((entry) => entry.name === OPERATOR_COOKIE);
    expect(cookie).toMatchObject({ value: answer.body.result.token, httpOnly: true, sameSite: 'Strict' });
    expect(answer.response.cookies.some((entry) => entry.name === COOKIE_NAMES.token)).toBe(false);
    expect((await current({ token: answer.body.result.token })).body.result.fullName).toBe('Ops.Lead');
    expect((await current({}, { [OPERATOR_COOKIE]: answer.body.result.token })).status).toBe(200);
    // Stored hashed: the token itself is nowhere in the table.
    const rows = await t.db.kysely.selectFrom('operator_sessions').select('token_hash').execute();
    expect(rows.some((row) => row.token_hash === answer.body.result.token)).toBe(false);
  });

  it('answers a wrong password and an unknown name alike in both languages, and throttles repeated failures', async () => {
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const wrong = await login('ops.lead', 'Not-The-Password-1', '10.2.0.1', lang);
      const unknown = await login('nobody', PASSWORD, '10.2.0.2', lang);
      for (const answer of [wrong, unknown]) {
        expect([answer.status, answer.body.returncode, answer.body.message]).toEqual([400, ReturnCode.WRONG_CREDENTIALS, formatMessage('wrongCredentials', lang)]);
      }
    }
    // A company account's credentials are no operator's.
    expect((await login(companyCredentials.userName, companyCredentials.password, '10.2.0.3')).body.returncode).toBe(ReturnCode.WRONG_CREDENTIALS);
    let throttled = false;
    for (let attempt = 0; attempt < 8 && !throttled; attempt++) {
      const answer = await login('ops.lead', 'Not-The-Password-1', '10.3.0.1');
      throttled = answer.status === 429;
      if (throttled) expect([answer.body.returncode, answer.response.headers['retry-after']]).toEqual([ReturnCode.TOO_MANY_REQUESTS, expect.any(String)]);
    }
    expect(throttled).toBe(true);
    // Even the right password waits its turn from that address.
    expect((await login('ops.lead', PASSWORD, '10.3.0.1')).status).toBe(429);
  });

  it('refuses a company session on every operator route, and an operator session on every company route', async () => {
    const operatorToken = (await login('ops.lead', PASSWORD, '10.4.0.1')).body.result.token;
    const request = (route: { method: string; url: string }, headers: Record<string, string>, cookies?: Record<string, string>): InjectOptions => ({
      method: route.method as InjectOptions['method'],
      url: concrete(route.url),
      headers: { ...headers, ...SAME_ORIGIN },
      ...(cookies ? { cookies } : {}),
      ...(route.method !== 'GET' ? { payload: {} } : {}),
    });
    const operatorRoutes = t.app.routeTable.filter((route) => route.access === 'operator' && route.method !== 'HEAD');
    expect(operatorRoutes.length).toBeGreaterThanOrEqual(9);
    for (const route of operatorRoutes) {
      for (const [headers, cookies] of [[{}], [{ token: companyToken }], [{}, { [COOKIE_NAMES.token]: companyToken }]] as const) {
        const answer = await call(t.app, request(route, headers, cookies));
        expect([answer.status, answer.body.returncode], `${route.method} ${route.url}`).toEqual([401, ReturnCode.SESSION_INVALID]);
      }
    }
    const companyRoutes = t.app.routeTable.filter((route) => (route.access === 'authenticated' || route.access === 'permission') && route.method !== 'HEAD');
    expect(companyRoutes.length).toBeGreaterThan(100);
    for (const route of companyRoutes) {
      for (const [headers, cookies] of [[{ token: operatorToken }], [{}, { [OPERATOR_COOKIE]: operatorToken }]] as const) {
        const answer = await call(t.app, request(route, headers, cookies));
        expect([answer.status, answer.body.returncode], `${route.method} ${route.url}`).toEqual([401, ReturnCode.SESSION_INVALID]);
      }
    }
    // A company user signing in gets a company session, which still opens nothing of the boss area.
    const signedIn = await signIn(t.app, companyCredentials);
    expect((await current({ token: signedIn.token! })).status).toBe(401);
  });

  it('signs out: the session ends and the cookie is cleared; a cookie-borne sign-out from another site is refused', async () => {
    const token = (await login('ops.lead', PASSWORD, '10.5.0.1')).body.result.token;
    const crossSite = await call(t.app, { method: 'GET', url: '/api/boss/logout', headers: { origin: 'https://evil.test' }, cookies: { [OPERATOR_COOKIE]: token } });
    expect([crossSite.status, crossSite.body.returncode]).toEqual([403, ReturnCode.NO_PERMISSION]);
    const out = await call(t.app, { method: 'GET', url: '/api/boss/logout', headers: { token } });
    expect(out.status).toBe(200);
    expect(out.response.cookies.find((entry) => entry.name === OPERATOR_COOKIE)?.value).toBe('');
    expect((await current({ token })).status).toBe(401);
  });

  it('ends an idle session like a company one', async () => {
    const token = (await login('ops.lead', PASSWORD, '10.6.0.1')).body.result.token;
    t.clock.advance(t.config.sessionIdleMinutes * 60_000 + 1);
    expect((await current({ token })).status).toBe(401);
  });

  it('start-up keeps a matching password and replaces another, ending the sessions', async () => {
    const operators = createOperatorRepository(t.db.kysely);
    const deps = { operators, hasher: createCachingHasher(), clock: t.clock };
    expect(await ensureOperator(deps, { userName: 'ops.lead', password: PASSWORD })).toBe('kept');
    const token = (await login('ops.lead', PASSWORD, '10.7.0.1')).body.result.token;
    expect(await ensureOperator(deps, { userName: 'OPS.LEAD', password: 'Another-Secret-2027' })).toBe('reset');
    expect((await current({ token })).status).toBe(401);
    expect((await login('ops.lead', 'Another-Secret-2027', '10.7.0.2')).status).toBe(200);
    expect(await operators.countOperators()).toBe(1);
  });
});
