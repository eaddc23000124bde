import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, fromZoned, ReturnCode, VISIT_EXPORT_MAX_ROWS, type Lang, type VisitAnalysis } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import type { TestUser } from '../../test/factories.js';
import { LOCATION_LEVEL } from '../location/location.repository.js';
import type { Actor } from '../operation-log/operation-log.service.js';
import { createVisitorExport } from './visitor-export.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NEW_YORK = 'America/New_York';
const SHANGHAI = 'Asia/Shanghai';

/**
 * The visitor analysis and the records' export (decision 0018, "Analytics and export"): visits at a
 * New York and a Shanghai office, each counted on its own clock, with the counts retention kept.
 */
describe(`visitors: analysis and export (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let host: TestUser;
  let analyst: TestUser;
  let clerk: TestUser;
  let companyId: number;
  let newYork: number;
  let shanghai: number;
  let level8: number;
  const ids: Record<string, number> = {};

  const tokenOf = (user: TestUser) => t.factories.session(user);
  const post = async (url: string, payload: Record<string, unknown>, user = admin) => {
    const answer = await call<{ id: number }>(t.app, { method: 'POST', url: `/api/visitor/${url}`, headers: { token: await tokenOf(user) }, payload });
    expect(answer.status, `${url}: ${answer.body.message}`).toBe(200);
    return answer.body.result;
  };
  const analyse = async (query: string, user = admin) => call<VisitAnalysis>(t.app, { method: 'GET', url: `/api/visitor/analysis?${query}`, headers: { token: await tokenOf(user) } });
  const exportFile = async (query: string, user = admin, lang: Lang = 'en-US') => t.app.inject({ method: 'GET', url: `/api/visitor/export?${query}`, headers: { token: await tokenOf(user), lang } });

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.factories.companyWithAdmin('Analysis Co');
    admin = a.admin;
    companyId = a.company.id;
    host = await t.factories.user(companyId, { permissions: ['events:view', 'records:view'], firstName: 'Hana', lastName: 'Host' });
    analyst = await t.factories.user(companyId, { permissions: ['overviewStats:view'] });
    clerk = await t.factories.user(companyId, { permissions: ALL_PERMISSIONS.filter((permission) => !permission.startsWith('overviewStats:')) });
    newYork = await t.factories.location({ companyId, level: LOCATION_LEVEL.building, name: 'Hudson House', timeZone: NEW_YORK });
    shanghai = await t.factories.location({ companyId, level: LOCATION_LEVEL.building, name: 'Pudong Tower', timeZone: SHANGHAI });
    level8 = await t.factories.location({ companyId, parentId: shanghai, level: LOCATION_LEVEL.floor, name: 'Level 8' });
    const reason = async (name: string) => (await post('reason/add', { name })).id;
    const [meeting, interview, delivery] = [await reason('Meeting'), await reason('Interview'), await reason('Delivery')];

    // The clock starts on Monday 2026-11-23 09:00 UTC; every visit is invited then.
    const invite = (name: string, locationId: number, reasonId: number, date: string, time: string, zone: string, hostId = admin.id) => {
      const visitAt = fromZoned(date, time, zone);
      return post('invite', { visitor: { name, email: `${name.replace(/\W/g, '').toLowerCase() || 'guest'}@guest.test`, company: 'Guest Ltd' }, reasonId, hostId, locationId, visitAt, expectedEndAt: visitAt + 2 * HOUR }).then((result) => result.id);
    };
    // 23:30 in New York on the 23rd is the 24th in UTC: outside a range starting on the 24th.
    ids.before = await invite('Bea Before', newYork, meeting, '2026-11-23', '23:30', NEW_YORK);
    // 23:30 in New York on the 24th (04:30 UTC on the 25th): the 24th, hour 23.
    ids.late = await invite('=cmd', newYork, meeting, '2026-11-24', '23:30', NEW_YORK, host.id);
    // 00:30 in Shanghai on the 25th (16:30 UTC on the 24th): the 25th, hour 0.
    ids.early = await invite('Eli Early', level8, interview, '2026-11-25', '00:30', SHANGHAI, host.id);
    ids.absent = await invite('Abe Absent', shanghai, meeting, '2026-11-25', '10:00', SHANGHAI);
    ids.cancelled = await invite('Cal Cancelled', newYork, delivery, '2026-11-26', '10:00', NEW_YORK);
    ids.coming = await invite('Cora Coming', shanghai, meeting, '2026-11-27', '09:00', SHANGHAI);

    // Another company on the same days, with counts of its own: never in A's figures.
    const b = await t.factories.companyWithAdmin('Bravo Analysis');
    const bToken = await tokenOf(b.admin);
    const bTower = await t.factories.location({ companyId: b.company.id, level: LOCATION_LEVEL.building, name: 'Bravo Tower', timeZone: SHANGHAI });
    const bReason = (await call<{ id: number }>(t.app, { method: 'POST', url: '/api/visitor/reason/add', headers: { token: bToken }, payload: { name: 'Bravo audit' } })).body.result.id;
    const bVisitAt = fromZoned('2026-11-25', '10:00', SHANGHAI);
    const bVisit = await call(t.app, {
      method: 'POST',
      url: '/api/visitor/invite',
      headers: { token: bToken },
      payload: { visitor: { name: 'Bravo Guest', email: 'guest@bravo.test' }, reasonId: bReason, hostId: b.admin.id, locationId: bTower, visitAt: bVisitAt, expectedEndAt: bVisitAt + HOUR },
    });
    expect(bVisit.status).toBe(200);

    // What retention kept of visits it deleted earlier (as visitor-retention.ts writes them).
    await t.db.kysely
      .insertInto('visit_stats')
      .values([
        { company_id: companyId, day: '2026-11-24', location_id: shanghai, reason: 'Meeting', visits: 4, checked_in: 3, no_shows: 1, cancelled: 0, stay_minutes: 150 },
        { company_id: companyId, day: '2026-11-20', location_id: shanghai, reason: 'Meeting', visits: 9, checked_in: 9, no_shows: 0, cancelled: 0, stay_minutes: 600 },
        { company_id: b.company.id, day: '2026-11-24', location_id: bTower, reason: 'Bravo audit', visits: 7, checked_in: 7, no_shows: 0, cancelled: 0, stay_minutes: 400 },
      ])
      .execute();

    // Eli arrives at 00:40 Shanghai time and leaves 30 minutes later; Cal's visit is cancelled.
    t.clock.set(Date.UTC(2026, 10, 24, 16, 40));
    await post('check-in', { id: ids.early });
    t.clock.set(Date.UTC(2026, 10, 24, 17, 10));
    await post('check-out', { id: ids.early });
    await post('cancel', { id: ids.cancelled });
    // "=cmd" arrives at 23:30 New York time and stays 90 minutes.
    t.clock.set(Date.UTC(2026, 10, 25, 4, 30));
    await post('check-in', { id: ids.late });
    t.clock.set(Date.UTC(2026, 10, 25, 6, 0));
    await post('check-out', { id: ids.late });
    // Thursday evening: Abe never came (his visit is over), Cora's is still to come.
    t.clock.set(Date.UTC(2026, 10, 26, 20, 0));
  });
  afterAll(() => t.cleanup());

  const RANGE = 'from=2026-11-24&to=2026-11-27';

  it("counts each visit on its place's day and hour, with retention's counts, only the company's", async () => {
    const answer = await analyse(RANGE, analyst);
    expect(answer.status, answer.body.message).toBe(200);
    const result = answer.body.result;
    expect(result.totals).toEqual({ visits: 9, checkedIn: 5, cancelled: 1 });
    expect(result.perDay).toEqual([
      { day: '2026-11-24', visits: 5, checkedIn: 4, cancelled: 0 },
      { day: '2026-11-25', visits: 2, checkedIn: 1, cancelled: 0 },
      { day: '2026-11-26', visits: 1, checkedIn: 0, cancelled: 1 },
      { day: '2026-11-27', visits: 1, checkedIn: 0, cancelled: 0 },
    ]);
    expect(result.perReason).toEqual([
      { reason: 'Meeting', visits: 7, checkedIn: 4, cancelled: 0 },
      { reason: 'Delivery', visits: 1, checkedIn: 0, cancelled: 1 },
      { reason: 'Interview', visits: 1, checkedIn: 1, cancelled: 0 },
    ]);
    expect(result.perLocation).toEqual([
      { locationId: shanghai, name: 'Pudong Tower', buildingName: null, visits: 6, checkedIn: 3, cancelled: 0 },
      { locationId: newYork, name: 'Hudson House', buildingName: null, visits: 2, checkedIn: 1, cancelled: 1 },
      { locationId: level8, name: 'Level 8', buildingName: 'Pudong Tower', visits: 1, checkedIn: 1, cancelled: 0 },
    ]);
    // Arrivals at 23:30 New York time and 00:40 Shanghai time.
    expect(result.peakHours).toHaveLength(24);
    expect(result.peakHours.filter((row) => row.arrivals > 0)).toEqual([
      { hour: 0, arrivals: 1 },
      { hour: 23, arrivals: 1 },
    ]);
    // Stays of 30 and 90 minutes; due: the two who came and Abe (Cal cancelled, Cora still to come).
    expect(result.kept).toEqual({ visits: 5, stays: 2, averageStayMinutes: 60, due: 3, noShows: 1, noShowRate: 0.3333 });
    expect(result.locations.map((place) => place.name)).toEqual(['Hudson House', 'Pudong Tower', 'Level 8']);
    expect(JSON.stringify(result)).not.toMatch(/Bravo/);
  });

  it('narrows to a building with its floors, or to one place', async () => {
    const tower = (await analyse(`${RANGE}&locationId=${shanghai}`)).body.result;
    expect(tower.totals).toEqual({ visits: 7, checkedIn: 4, cancelled: 0 });
    expect(tower.perLocation.map((row) => [row.name, row.visits])).toEqual([['Pudong Tower', 6], ['Level 8', 1]]);
    expect(tower.kept).toEqual({ visits: 3, stays: 1, averageStayMinutes: 30, due: 2, noShows: 1, noShowRate: 0.5 });
    const hudson = (await analyse(`${RANGE}&locationId=${newYork}`)).body.result;
    expect(hudson.perDay.map((row) => row.visits)).toEqual([1, 0, 1, 0]);
    expect(hudson.peakHours.filter((row) => row.arrivals > 0)).toEqual([{ hour: 23, arrivals: 1 }]);
    // A range of quiet days has nothing, with every day listed.
    const quiet = (await analyse('from=2026-10-01&to=2026-10-03')).body.result;
    expect([quiet.totals.visits, quiet.perDay.length, quiet.kept.noShowRate, quiet.kept.averageStayMinutes, quiet.perLocation]).toEqual([0, 3, null, null, []]);
  });

  it('refuses a bad range with 400 and a caller without the area with 403', async () => {
    for (const query of ['from=2026-11-27&to=2026-11-24', 'from=2025-11-23&to=2026-11-25', 'from=2026-02-30&to=2026-03-02', 'from=2026-11-24', 'from=24.11.2026&to=2026-11-25']) {
      const answer = await analyse(query);
      expect([answer.status, answer.body.returncode], query).toEqual([400, ReturnCode.BAD_REQUEST]);
    }
    expect((await analyse('from=2026-11-27&to=2026-11-24')).body.result).toMatchObject({ issues: [{ path: 'to' }] });
    // 366 days apart is the widest.
    expect((await analyse('from=2025-11-24&to=2026-11-25')).status).toBe(200);
    expect((await analyse(RANGE, clerk)).status).toBe(403);
    expect((await exportFile('format=csv', analyst)).statusCode).toBe(403);
  });

  it('exports the records as xlsx with local times and typed text', async () => {
    const window = `from=${Date.UTC(2026, 10, 24)}&to=${Date.UTC(2026, 10, 28)}`;
    const answer = await exportFile(`${window}&format=xlsx`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toContain('spreadsheetml');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="visits-2026-11-24-2026-11-27.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['Visitor', 'Company', 'Phone', 'E-mail address', 'Visitor type', 'Visit reason', 'Host', 'Location', 'Time zone', 'Visit time', 'Expected end', 'Checked in', 'Checked out', 'Stay (minutes)', 'Status', 'How']);
    // Newest visit first: Bea (23:30 New York on the 23rd is the 24th in UTC) is in this UTC window, last.
    expect(rows.slice(1).map((row) => row[0])).toEqual(['Cora Coming', 'Cal Cancelled', '=cmd', 'Abe Absent', 'Eli Early', 'Bea Before']);
    expect(rows[3]).toEqual(['=cmd', 'Guest Ltd', undefined, 'cmd@guest.test', 'Individual', 'Meeting', 'Hana Host', 'Hudson House', NEW_YORK, '2026-11-24 23:30', '2026-11-25 01:30', '2026-11-24 23:30', '2026-11-25 01:00', 90, 'Checked out', 'Invited by a host']);
    // A formula-like name is typed text: shown as written, never run.
    expect(sheet.getCell('A4').type).toBe(ExcelJS.ValueType.String);
    expect(rows[5]!.slice(7, 13)).toEqual(['Level 8', SHANGHAI, '2026-11-25 00:30', '2026-11-25 02:30', '2026-11-25 00:40', '2026-11-25 01:10']);
    expect(rows[4]![14]).toBe('Expired');
    expect(rows[2]![14]).toBe('Cancelled');
  });

  it('exports csv in Chinese with a byte-order mark and formulas neutralised, with the filters of the list', async () => {
    const answer = await exportFile(`format=csv&status=checkedOut&timeZone=${SHANGHAI}&from=${fromZoned('2026-11-24', '00:00', SHANGHAI)}&to=${fromZoned('2026-11-28', '00:00', SHANGHAI)}`, admin, 'zh-CN');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="visits-2026-11-24-2026-11-27.csv"');
    expect(answer.body.startsWith('\uFEFF')).toBe(true);
    const rows = parse(answer.body.replace(/^\uFEFF/, '')) as string[][];
    expect(rows[0]!.slice(0, 7)).toEqual(['访客', '公司', '手机号码', '邮箱', '访客类型', '来访事由', '被访人']);
    expect(rows.slice(1).map((row) => [row[0], row[13], row[14], row[15]])).toEqual([
      ["'=cmd", '90', '已签退', '被访人邀请'],
      ['Eli Early', '30', '已签退', '被访人邀请'],
    ]);
    // Nothing matches: a file with its header row only.
    const empty = await exportFile('format=csv&keyword=nobody');
    expect([empty.statusCode, empty.body.trim().split('\n').length]).toEqual([200, 1]);
    expect((await exportFile('format=pdf')).statusCode).toBe(400);
  });

  it("gives a host without the company's records only the visits they host or invited", async () => {
    const answer = await exportFile('format=csv', host);
    expect(answer.statusCode).toBe(200);
    const rows = parse(answer.body.replace(/^\uFEFF/, '')) as string[][];
    expect(rows.slice(1).map((row) => row[0])).toEqual(["'=cmd", 'Eli Early']);
    const all = parse((await exportFile('format=csv')).body.replace(/^\uFEFF/, '')) as string[][];
    expect(all).toHaveLength(7);
    expect(all.flat().join(' ')).not.toMatch(/Bravo/);
  });

  it(`refuses an export of more than ${VISIT_EXPORT_MAX_ROWS.toLocaleString('en-US')} visits, asking for narrower filters`, async () => {
    const rows = Array.from({ length: VISIT_EXPORT_MAX_ROWS + 1 }, () => ({}) as never);
    const exports = createVisitorExport({ visitors: { exportList: async () => rows, receptionPlaces: async () => null }, clock: t.clock });
    const actor = { companyId, userId: admin.id, permissions: ALL_PERMISSIONS } as unknown as Actor;
    await expect(exports.exportVisits(actor, { format: 'csv' }, 'en-US')).rejects.toMatchObject({ statusCode: 422, messageKey: 'visitExportTooLarge' });
  });

  it('still counts what retention deleted, once, while stays, no-shows and peak hours cover only the visits kept', async () => {
    const before = (await analyse(RANGE)).body.result;
    await post('settings', { retentionDays: 30, photoRetentionDays: 30, ndaRetentionDays: 30 });
    t.clock.advance(40 * DAY);
    await t.app.scheduler.tick();
    const after = (await analyse(RANGE)).body.result;
    expect([after.totals, after.perDay, after.perReason, after.perLocation]).toEqual([before.totals, before.perDay, before.perReason, before.perLocation]);
    expect(after.kept).toEqual({ visits: 0, stays: 0, averageStayMinutes: null, due: 0, noShows: 0, noShowRate: null });
    expect(after.peakHours.every((row) => row.arrivals === 0)).toBe(true);
  });
});
