import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, VISIT_PASS_HEADER, watchMatch, type NotificationPage, type OperationLogEntry, type Page, type Visit, type VisitPage, type WatchEntry } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import type { TestUser } from '../../test/factories.js';
import { createSignedLinks } from '../../platform/signed-links.js';
import { LOCATION_LEVEL } from '../location/location.repository.js';

const HOUR = 3_600_000;

describe('watchlist matching', () => {
  const entry = (over: Partial<WatchEntry>) => ({ name: 'Nobody', aliases: [], email: null, phone: null, action: 'alert' as const, ...over });
  it('matches by e-mail in any case, by phone without punctuation, by name or alias without case or extra spaces, the strongest entry first', () => {
    const entries = [entry({ name: 'Mallory Mint', aliases: ['M. Mint'] }), entry({ email: 'eve@evil.test', action: 'refuse' }), entry({ phone: '+44 (20) 7946-0000', action: 'approval' })];
    expect(watchMatch(entries, { name: '  mallory   MINT ', email: null, phone: null })?.name).toBe('Mallory Mint');
    expect(watchMatch(entries, { name: 'm. mint', email: null, phone: null })?.name).toBe('Mallory Mint');
    expect(watchMatch(entries, { name: 'Someone', email: 'EVE@Evil.test', phone: null })?.action).toBe('refuse');
    expect(watchMatch(entries, { name: 'Someone', email: null, phone: '+442079460000' })?.action).toBe('approval');
    // Two entries at once: the refusal wins over the alert.
    expect(watchMatch(entries, { name: 'Mallory Mint', email: 'eve@evil.test', phone: null })?.action).toBe('refuse');
    expect(watchMatch(entries, { name: 'Mallory Minton', email: 'mallory@good.test', phone: '+44 20 7946 0001' })).toBeNull();
  });
});

describe(`visitors: the watchlist (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let receptionToken: string;
  let adminToken: string;
  let hostToken: string;
  let host: TestUser;
  let companyId: number;
  let lobby: number;
  let reasonId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.factories.companyWithAdmin('Watch Co');
    companyId = a.company.id;
    adminToken = await t.factories.session(a.admin);
    const reception = await t.factories.user(companyId, { permissions: ['visitorDisplay:edit', 'records:view', 'events:view'], firstName: 'Rita', lastName: 'Reception' });
    receptionToken = await t.factories.session(reception);
    host = await t.factories.user(companyId, { permissions: ['events:view', 'records:view'], firstName: 'Hal', lastName: 'Host' });
    hostToken = await t.factories.session(host);
    lobby = await t.factories.location({ companyId, level: LOCATION_LEVEL.building, name: 'Watch House', timeZone: 'Europe/London' });
    reasonId = (await call<{ id: number }>(t.app, { method: 'POST', url: '/api/visitor/reason/add', headers: { token: receptionToken }, payload: { name: 'Meeting' } })).body.result.id;
  });
  afterAll(() => t.cleanup());

  const post = <T = { id: number }>(url: string, payload: Record<string, unknown>, token = receptionToken) => call<T>(t.app, { method: 'POST', url: `/api/visitor/${url}`, headers: { token }, payload });
  const invite = (visitor: Record<string, unknown>, more: Record<string, unknown> = {}) =>
    post('invite', { visitor, reasonId, hostId: host.id, locationId: lobby, visitAt: t.clock.now() + HOUR, expectedEndAt: t.clock.now() + 2 * HOUR, ...more }, hostToken);
  const visitAs = async (id: number, token: string) => (await call<Visit>(t.app, { method: 'GET', url: `/api/visitor/detail?id=${id}`, headers: { token } })).body.result;

  it('is kept by reception, unseen by hosts, and logged by name only', async () => {
    const added = await post('watchlist/add', { name: 'Mallory Mint', aliases: ['M. Mint'], action: 'alert', note: 'Escort at all times' });
    expect([added.status, added.body.message]).toEqual([200, formatMessage('visitWatchAdded', 'en-US', { name: 'Mallory Mint' })]);
    await post('watchlist/add', { name: 'Eve Evil', email: 'eve@evil.test', action: 'refuse' });
    await post('watchlist/add', { name: 'Ollie Approve', phone: '+44 (20) 7946-0000', action: 'approval' });
    expect((await post('watchlist/add', { name: 'Bad', email: 'not-an-address', action: 'alert' })).status).toBe(400);
    expect((await post('watchlist/add', { name: 'Bad', action: 'ignore' })).status).toBe(400);
    expect((await post('watchlist/add', { name: 'Sneaky', action: 'alert' }, hostToken)).status).toBe(403);
    expect((await call(t.app, { method: 'GET', url: '/api/visitor/watchlist', headers: { token: hostToken } })).status).toBe(403);
    const list = await call<WatchEntry[]>(t.app, { method: 'GET', url: '/api/visitor/watchlist', headers: { token: receptionToken } });
    expect(list.body.result.map((entry) => [entry.name, entry.action])).toEqual([
      ['Eve Evil', 'refuse'],
      ['Mallory Mint', 'alert'],
      ['Ollie Approve', 'approval'],
    ]);
    const eve = list.body.result[0]!;
    expect((await post('watchlist/update', { id: eve.id, name: 'Eve Evil', aliases: ['Evelyn Evil'], email: 'eve@evil.test', action: 'refuse' })).status).toBe(200);
    expect((await post('watchlist/delete', { id: 999_999 })).status).toBe(404);
    const log = await call<Page<OperationLogEntry>>(t.app, { method: 'GET', url: '/api/operation-log/list?pageSize=50', headers: { token: adminToken } });
    const rows = log.body.result.list.filter((row) => row.action.startsWith('visitWatch.'));
    expect(rows.map((row) => [row.action, row.targetName])).toEqual([
      ['visitWatch.update', 'Eve Evil'],
      ['visitWatch.create', 'Ollie Approve'],
      ['visitWatch.create', 'Eve Evil'],
      ['visitWatch.create', 'Mallory Mint'],
    ]);
    // Who is watched, and why, stays on the list: the log has names only.
    expect(JSON.stringify(rows)).not.toMatch(/eve@evil\.test|Escort|7946/);
  });

  it('refuses to invite a refused person, whoever of the party matches, without naming the list', async () => {
    for (const [visitor, more] of [
      [{ name: 'Plain Name', email: 'EVE@evil.TEST' }, {}],
      [{ name: 'Evelyn  evil', phone: '+44 20 7946 1234' }, {}],
      [{ name: 'Group Lead', email: 'lead@group.test' }, { type: 'group', companions: [{ name: 'Companion', email: 'eve@evil.test' }] }],
    ] as const) {
      const answer = await invite(visitor, more);
      expect([answer.status, answer.body.message]).toEqual([422, formatMessage('visitNotAllowed', 'en-US', { name: visitor.name })]);
    }
    const visits = await call<VisitPage>(t.app, { method: 'GET', url: '/api/visitor/list?pageSize=50', headers: { token: receptionToken } });
    expect(visits.body.result.total).toBe(0);
  });

  it('lets only reception admit a visitor for approval, and shows the word to reception alone', async () => {
    const invited = await invite({ name: 'Oliver Guest', phone: '+442079460000' });
    expect(invited.status).toBe(200);
    const id = invited.body.result.id;
    expect((await visitAs(id, hostToken)).watch).toBeNull();
    expect((await visitAs(id, receptionToken)).watch).toEqual({ action: 'approval', name: 'Ollie Approve' });
    const mine = await call<VisitPage>(t.app, { method: 'GET', url: '/api/visitor/mine', headers: { token: hostToken } });
    expect(mine.body.result.list.every((visit) => visit.watch === null)).toBe(true);
    const byHost = await post('check-in', { id }, hostToken);
    expect([byHost.status, byHost.body.message]).toEqual([422, formatMessage('visitCheckInAtReception', 'en-US')]);
    expect((await post('check-in', { id })).status).toBe(200);
  });

  it('tells reception when a visitor to alert on checks in, even when their host checks them in', async () => {
    const invited = await invite({ name: 'mallory mint', email: 'mm@guest.test' });
    const id = invited.body.result.id;
    expect((await post('check-in', { id }, hostToken)).status).toBe(200);
    await t.app.bookingInvitations.drain();
    const bell = await call<NotificationPage>(t.app, { method: 'GET', url: '/api/notification/list', headers: { token: receptionToken } });
    const alerts = bell.body.result.list.filter((notice) => notice.event === 'watchlistAlert');
    expect(alerts.map((notice) => [notice.params.title, notice.params.reason, notice.link])).toEqual([['mallory mint', 'Mallory Mint', `/record-detail/${id}`]]);
    const hostBell = await call<NotificationPage>(t.app, { method: 'GET', url: '/api/notification/list', headers: { token: hostToken } });
    expect(hostBell.body.result.list.some((notice) => notice.event === 'watchlistAlert')).toBe(false);
  });

  it('checks the details a visitor gives on their pass, and then admits no refused visitor', async () => {
    const invited = await invite({ name: 'Innocent Ivy', email: 'ivy@guest.test' });
    const id = invited.body.result.id;
    const visit = await visitAs(id, receptionToken);
    const token = await createSignedLinks(t.db.kysely).sign('visitPass', { companyId, subject: id.toString(36), expiresAt: visit.expectedEndAt + HOUR }, t.clock.now());
    const confirmed = await call(t.app, { method: 'POST', url: '/api/visitor/pass/confirm', headers: { [VISIT_PASS_HEADER]: token }, payload: { name: 'Ivy', email: 'eve@evil.test' } });
    // The visitor hears nothing of the list.
    expect([confirmed.status, confirmed.body.message]).toEqual([200, formatMessage('visitPassConfirmed', 'en-US')]);
    expect((await visitAs(id, receptionToken)).watch).toEqual({ action: 'refuse', name: 'Eve Evil' });
    const refusedCheckIn = await post('check-in', { id });
    expect([refusedCheckIn.status, refusedCheckIn.body.message]).toEqual([422, formatMessage('visitCheckInRefused', 'en-US')]);
  });
});
