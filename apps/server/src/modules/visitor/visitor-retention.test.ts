import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, toZoned, type VisitorSettings } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { LOCATION_LEVEL } from '../location/location.repository.js';
import { createVisitorRepository } from './visitor.repository.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe(`visitors: retention (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let token: string;
  let hostToken: string;
  let hostId: number;
  let companyId: number;
  let lobby: number;
  let reasonId: number;
  let admin: Awaited<ReturnType<TestApp['factories']['companyWithAdmin']>>['admin'];
  let other: { companyId: number; token: string; hostId: number; lobby: number; reasonId: number };

  /** A company with an administrator, a building in Shanghai and a visit reason. */
  async function company(name: string) {
    const a = await t.factories.companyWithAdmin(name);
    const adminToken = await t.factories.session(a.admin);
    const building = await t.factories.location({ companyId: a.company.id, level: LOCATION_LEVEL.building, name: `${name} Tower`, timeZone: 'Asia/Shanghai' });
    const reason = (await call<{ id: number }>(t.app, { method: 'POST', url: '/api/visitor/reason/add', headers: { token: adminToken }, payload: { name: 'Meeting' } })).body.result.id;
    return { companyId: a.company.id, admin: a.admin, token: adminToken, hostId: a.admin.id, lobby: building, reasonId: reason };
  }

  beforeAll(async () => {
    t = await createTestApp();
    ({ companyId, admin, token, hostId, lobby, reasonId } = await company('Keep Co'));
    hostToken = await t.factories.session(await t.factories.user(companyId, { permissions: ['events:view', 'visitorDisplay:view'] }));
    other = await company('Other Keep Co');
  });
  afterAll(() => t.cleanup());

  const post = (url: string, payload: Record<string, unknown>, as = token) => call<{ id: number }>(t.app, { method: 'POST', url: `/api/visitor/${url}`, headers: { token: as }, payload });
  const invite = async (name: string, into = { token, hostId, lobby, reasonId }, more: Record<string, unknown> = {}) => {
    const answer = await post('invite', { visitor: { name, email: `${name.toLowerCase().replace(/\s+/g, '.')}@guest.test` }, reasonId: into.reasonId, hostId: into.hostId, locationId: into.lobby, visitAt: t.clock.now() + HOUR, expectedEndAt: t.clock.now() + 3 * HOUR, ...more }, into.token);
    expect(answer.status, answer.body.message).toBe(200);
    return answer.body.result.id;
  };
  const exists = async (id: number, company = companyId) => (await createVisitorRepository(t.db.kysely).find({ companyId: company, all: true }, id, t.clock.now())) !== undefined;

  it('keeps visits 365 days, photos 30 and signed agreements 365 unless reception chooses, never longer than the visit, in the operation log', async () => {
    const read = await call<VisitorSettings>(t.app, { method: 'GET', url: '/api/visitor/settings', headers: { token: hostToken } });
    expect(read.body.result).toEqual({ retentionDays: 365, photoRetentionDays: 30, ndaRetentionDays: 365 });
    const days = (retentionDays: number, photoRetentionDays = 7, ndaRetentionDays = 30) => ({ retentionDays, photoRetentionDays, ndaRetentionDays });
    expect((await post('settings', days(29))).status).toBe(400);
    expect((await post('settings', days(3651))).status).toBe(400);
    expect((await post('settings', days(30, 0))).status).toBe(400);
    expect((await post('settings', { retentionDays: 30 })).status).toBe(400);
    const longer = await post('settings', days(30, 31));
    expect([longer.status, longer.body.message]).toEqual([422, formatMessage('visitRetentionPastVisit', 'en-US', { days: 30 })]);
    expect((await post('settings', days(30), hostToken)).status).toBe(403);
    const saved = await post('settings', days(30));
    expect([saved.status, saved.body.message]).toEqual([200, formatMessage('visitorSettingsSaved', 'en-US')]);
    expect((await call<VisitorSettings>(t.app, { method: 'GET', url: '/api/visitor/settings', headers: { token } })).body.result).toEqual(days(30));
    const logged = await t.db.kysely.selectFrom('operation_logs').select('detail').where('action', '=', 'visitorSettings.update').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(String(logged.detail))).toEqual({ retentionDays: { from: 365, to: 30 }, photoRetentionDays: { from: 30, to: 7 }, ndaRetentionDays: { from: 365, to: 30 } });
  });

  it("deletes the company's visits past retention after counting them, and nothing younger or of another company", async () => {
    const visitAt = t.clock.now() + HOUR;
    const came = await invite('Cora Came', undefined, { type: 'group', companions: [{ name: 'Cody Companion', email: 'cody@guest.test' }] });
    const cancelled = await invite('Cal Cancelled');
    const absent = await invite('Abe Absent');
    const elsewhere = await invite('Olga Other', other);
    t.clock.advance(HOUR);
    expect((await post('check-in', { id: came })).status).toBe(200);
    expect((await post('cancel', { id: cancelled })).status).toBe(200);
    t.clock.advance(HOUR);
    expect((await post('check-out', { id: came })).status).toBe(200);

    // 30 days after Cora left: not yet.
    t.clock.advance(30 * DAY - 1);
    await t.app.scheduler.tick();
    expect(await exists(came)).toBe(true);
    // A month later the administrator signs in again.
    token = await t.factories.session(admin);
    const recent = await invite('Rita Recent');
    t.clock.advance(2 * HOUR);
    await t.app.scheduler.tick();
    expect([await exists(came), await exists(cancelled), await exists(absent), await exists(recent), await exists(elsewhere, other.companyId)]).toEqual([false, false, false, true, true]);
    const companions = await t.db.kysely.selectFrom('visit_companions').select('name').where('visit_id', '=', came).execute();
    expect(companions).toEqual([]);

    // What the analysis still counts: the day on the place's clock, the place, the reason.
    const stats = await createVisitorRepository(t.db.kysely).visitStats(companyId);
    expect(stats.map((row) => ({ day: row.day, location: Number(row.location_id), reason: row.reason, visits: Number(row.visits), checkedIn: Number(row.checked_in), noShows: Number(row.no_shows), cancelled: Number(row.cancelled), stay: Number(row.stay_minutes) }))).toEqual([
      { day: toZoned(visitAt, 'Asia/Shanghai').date, location: lobby, reason: 'Meeting', visits: 3, checkedIn: 1, noShows: 1, cancelled: 1, stay: 60 },
    ]);
    // A second run finds nothing more and counts nothing twice.
    await t.app.scheduler.tick();
    expect((await createVisitorRepository(t.db.kysely).visitStats(companyId)).map((row) => Number(row.visits))).toEqual([3]);
  });
});
