import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRONTEND_LOG_RETENTION_DAYS, FRONTEND_LOG_SESSION_CAP, type FrontendLogEntry, type Page } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import type { TestUser } from '../../test/factories.js';
import { DAY_MS } from '../../platform/clock.js';
import { createFrontendLogRepository } from './frontend-log.repository.js';
import { createFrontendLogService } from './frontend-log.service.js';

describe(`front-end log (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let tokenA: string;
  let tokenB: string;
  let tokenReporter: string;
  let tokenNoPermission: string;
  let adminB: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.factories.companyWithAdmin('Alpha');
    const b = await t.factories.companyWithAdmin('Beta');
    tokenA = await t.factories.session(a.admin);
    tokenB = await t.factories.session(b.admin);
    adminB = b.admin;
    tokenReporter = await t.factories.session(await t.factories.user(a.company.id, { firstName: 'Rita', lastName: 'Reporter', permissions: [] }));
    tokenNoPermission = await t.factories.session(await t.factories.user(a.company.id, { permissions: ['users:view'] }));
  });
  afterAll(() => t.cleanup());

  const entry = (overrides: Record<string, unknown> = {}) => ({ kind: 'error', page: '/reserve', message: 'boom', stack: null, count: 1, at: t.clock.now(), ...overrides });
  const report = (token: string, entries: unknown[], headers: Record<string, string> = {}) =>
    call<{ stored: number }>(t.app, { method: 'POST', url: '/api/frontend-log/report', headers: { token, 'user-agent': 'TestBrowser/1.0', ...headers }, payload: { entries } });
  const list = (token: string, query = '') => call<Page<FrontendLogEntry>>(t.app, { method: 'GET', url: `/api/frontend-log/list${query}`, headers: { token } });

  it('stores a report with page, user, browser and time, folding repeats, and lists it to the company only', async () => {
    const answer = await report(tokenReporter, [entry(), entry({ count: 2 }), entry({ kind: 'request', page: '/report', message: 'GET /api/report/list answered 502' })]);
    expect(answer.status).toBe(200);
    expect(answer.body.result.stored).toBe(2);
    const page = (await list(tokenA)).body.result;
    expect(page.total).toBe(2);
    const boom = page.list.find((e) => e.message === 'boom')!;
    expect(boom).toMatchObject({ kind: 'error', page: '/reserve', count: 3, userName: 'Rita Reporter', userAgent: 'TestBrowser/1.0' });
    expect((await list(tokenB)).body.result.total).toBe(0);
    expect((await list(tokenNoPermission)).status).toBe(403);
    expect((await list(tokenA, '?path=report')).body.result.list.map((e) => e.kind)).toEqual(['request']);
    expect((await list(tokenA, '?user=rita')).body.result.total).toBe(2);
    expect((await list(tokenA, '?user=nobody')).body.result.total).toBe(0);
    expect((await list(tokenA, `?from=${t.clock.now() + 1}`)).body.result.total).toBe(0);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/frontend-log/report', payload: { entries: [entry()] } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('never stores a secret: query strings, token path segments, token pairs and bearer values are stripped', async () => {
    const secret = 'Zq8xV3nR7tK2pL9mW4sY6bC1dF5gH0jA';
    await report(tokenB, [
      entry({ page: `/single/${secret}?next=/reserve`, message: `GET https://atrium.test/api/air/board?token=${secret} failed`, stack: `Error: x\n    at https://atrium.test/activate/${secret}/main.js:1:2` }),
      entry({ page: `/air-board/${secret}`, message: `Authorization: Bearer ${secret}; password=hunter2` }),
      entry({ page: `https://atrium.test/reset/${secret}#x`, message: `token ${secret}` }),
    ]);
    const rows = await t.db.kysely.selectFrom('frontend_logs').selectAll().execute();
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain('hunter2');
    expect((await list(tokenB)).body.result.list.map((row) => row.page).sort()).toEqual(['/air-board/[redacted]', '/reset/[redacted]', '/single/[redacted]']);
  });

  it('validates and caps the size of a report', async () => {
    expect((await report(tokenReporter, [])).status).toBe(400);
    expect((await report(tokenReporter, [entry({ kind: 'nonsense' })])).status).toBe(400);
    expect((await report(tokenReporter, Array.from({ length: 21 }, () => entry()))).status).toBe(400);
    const huge = await t.app.inject({ method: 'POST', url: '/api/frontend-log/report', headers: { token: tokenReporter }, payload: { entries: [entry({ message: 'x'.repeat(300_000) })] } });
    expect(huge.statusCode).toBe(413);
    await report(tokenReporter, [entry({ message: `long ${'y'.repeat(5_000)}`, stack: `${'at frame\n'.repeat(1_000)}` })]);
    const long = (await list(tokenA, '?path=reserve')).body.result.list.find((e) => e.message.startsWith('long'))!;
    expect(long.message.length).toBe(1_000);
    expect(long.stack!.length).toBeLessThanOrEqual(4_000);
    expect(long.stack!.endsWith('at frame')).toBe(true);
  });

  it('refuses a session past its cap with 429 and Retry-After, while another session may still report', async () => {
    const token = await t.factories.session(await t.factories.user((await t.factories.companyWithAdmin()).company.id));
    let stored = 0;
    while (stored < FRONTEND_LOG_SESSION_CAP) {
      const answer = await report(token, Array.from({ length: 20 }, (_, i) => entry({ message: `m${stored + i}` })));
      expect(answer.status).toBe(200);
      stored += answer.body.result.stored;
    }
    expect(stored).toBe(FRONTEND_LOG_SESSION_CAP);
    const refused = await report(token, [entry({ message: 'one more' })]);
    expect(refused.status).toBe(429);
    expect(refused.response.headers['retry-after']).toBeDefined();
    expect((await report(tokenB, [entry({ message: 'other session' })])).status).toBe(200);
    t.clock.advance(11 * 60_000);
    expect((await report(token, [entry({ message: 'later' })])).status).toBe(200);
  });

  it('deletes entries older than the retention period', async () => {
    const service = createFrontendLogService({ logs: createFrontendLogRepository(t.db.kysely), clock: t.clock });
    const before = (await list(tokenB)).body.result.total;
    expect(before).toBeGreaterThan(0);
    t.clock.advance(FRONTEND_LOG_RETENTION_DAYS * DAY_MS - 60_000);
    await report(await t.factories.session(adminB), [entry({ message: 'recent' })]);
    t.clock.advance(2 * 60 * 60_000);
    expect(await service.purgeExpired()).toBeGreaterThan(0);
    expect((await list(await t.factories.session(adminB))).body.result.list.map((e) => e.message)).toEqual(['recent']);
  });
});
