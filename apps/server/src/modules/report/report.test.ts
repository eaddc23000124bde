import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportOptions, ReportPage } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { createTestRoom } from '../../test/rooms.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Meeting records: filters, privacy, the xlsx and csv export (read back with exceljs and csv-parse), refusals and access. */
describe(`report records and export (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let adminToken: string;
  let readerToken: string;
  let outsiderToken: string;
  let london: { roomId: number; buildingId: number };
  let shanghai: { roomId: number; buildingId: number };
  let foreignRoomId: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const { company, admin } = await t.factories.companyWithAdmin('Records Co');
    adminToken = await t.factories.session(admin);
    readerToken = await t.factories.session(await t.factories.user(company.id, { permissions: ['reports:view'] }));
    outsiderToken = await t.factories.session(await t.factories.user(company.id, { permissions: ['calendarRoomUse:view'] }));
    const hugo = await t.factories.user(company.id, { firstName: 'Hugo', lastName: 'Host' });
    london = await createTestRoom(t.db, t.factories, t.clock, company.id, { name: 'Atelier', timeZone: 'Europe/London' });
    shanghai = await createTestRoom(t.db, t.factories, t.clock, company.id, { name: 'Bund', timeZone: 'Asia/Shanghai' });
    const other = await t.factories.companyWithAdmin('Foreign Co');
    foreignRoomId = (await createTestRoom(t.db, t.factories, t.clock, other.company.id, { name: 'Foreign room' })).roomId;

    // Whole hours some days back from the fake clock (2026-11-23 09:00 UTC).
    const at = (daysBack: number, hourUtc: number) => Date.UTC(2026, 10, 23 - daysBack, hourUtc);
    const insert = async (key: string, values: { companyId?: number; roomId: number; hostId: number; title: string; startAt: number; minutes: number; status?: 'confirmed' | 'cancelled' | 'released'; channel?: 'console' | 'display' | 'api'; privacy?: 'public' | 'busy' | 'private' }) => {
      const row = await t.db.kysely
        .insertInto('reservations')
        .values({
          company_id: values.companyId ?? company.id,
          resource_id: values.roomId,
          host_user_id: values.hostId,
          title: values.title,
          start_at: values.startAt,
          end_at: values.startAt + values.minutes * MINUTE,
          status: values.status ?? 'confirmed',
          channel: values.channel ?? 'console',
          privacy: values.privacy ?? 'public',
          created_at: values.startAt - DAY,
          updated_at: values.startAt - DAY,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[key] = row.id;
    };
    await insert('formula', { roomId: london.roomId, hostId: hugo.id, title: '=HYPERLINK("http://evil.example","Click")', startAt: at(2, 9), minutes: 60 });
    await insert('private', { roomId: london.roomId, hostId: admin.id, title: 'Salary review', startAt: at(3, 14), minutes: 45, privacy: 'private', channel: 'display' });
    await insert('cancelled', { roomId: shanghai.roomId, hostId: admin.id, title: 'Team sync', startAt: at(4, 2), minutes: 30, status: 'cancelled' });
    await insert('released', { roomId: shanghai.roomId, hostId: hugo.id, title: 'Walk-in', startAt: at(5, 3), minutes: 30, status: 'released', channel: 'display' });
    await insert('old', { roomId: london.roomId, hostId: admin.id, title: 'Old planning', startAt: at(40, 10), minutes: 90, channel: 'api' });
    await insert('foreign', { companyId: other.company.id, roomId: foreignRoomId, hostId: other.admin.id, title: 'Foreign secret', startAt: at(2, 9), minutes: 60 });
    await t.db.kysely.insertInto('reservation_participants').values({ company_id: company.id, reservation_id: ids.formula!, user_id: admin.id, email: null }).execute();
    await t.db.kysely.insertInto('reservation_participants').values({ company_id: company.id, reservation_id: ids.formula!, user_id: null, email: 'guest@outside.test' }).execute();
  });
  afterAll(() => t?.cleanup());

  const list = (query = '', token = readerToken) => call<ReportPage>(t.app, { method: 'GET', url: `/api/report/list?pageSize=50${query}`, headers: { token } });
  const titles = (page: ReportPage) => page.list.map((row) => row.title);
  const exportFile = (payload: Record<string, unknown>, lang = 'en-US', token = readerToken) =>
    t.app.inject({ method: 'POST', url: '/api/report/export', headers: { token, lang }, payload });

  it('lists the last 30 days newest first, every status, with busy and private titles left out', async () => {
    const answer = await list();
    expect(answer.status, answer.body.message).toBe(200);
    expect(answer.body.result.list.map((row) => row.id)).toEqual([ids.formula, ids.private, ids.cancelled, ids.released]);
    expect(titles(answer.body.result)).toEqual(['=HYPERLINK("http://evil.example","Click")', null, 'Team sync', 'Walk-in']);
    expect(answer.body.result.list[0]).toMatchObject({
      roomName: 'Atelier',
      locationPath: 'Testland / Test City / Tower A / Floor 3',
      timeZone: 'Europe/London',
      hostName: 'Hugo Host',
      status: 'confirmed',
      channel: 'console',
      isRecurring: false,
      participantCount: 2,
    });
    expect(answer.body.result.list[1]).toMatchObject({ privacy: 'private', hostName: expect.any(String), channel: 'display' });
    expect(answer.body.result.to - answer.body.result.from).toBe(30 * DAY);
    expect(JSON.stringify(answer.body.result)).not.toContain('Salary');
    expect(JSON.stringify(answer.body.result)).not.toContain('Foreign');
  });

  it('filters by time, location, room, host, status and channel, and pages', async () => {
    expect(titles((await list('&range=last90')).body.result)).toContain('Old planning');
    const window = `&range=custom&from=${Date.UTC(2026, 9, 1)}&to=${Date.UTC(2026, 9, 20)}`;
    expect(titles((await list(window)).body.result)).toEqual(['Old planning']);
    expect((await list(`&locationId=${shanghai.buildingId}`)).body.result.list.map((row) => row.id)).toEqual([ids.cancelled, ids.released]);
    expect((await list(`&roomId=${london.roomId}`)).body.result.total).toBe(2);
    expect((await list('&host=HUGO')).body.result.list.map((row) => row.id)).toEqual([ids.formula, ids.released]);
    expect((await list('&status=released')).body.result.list.map((row) => row.id)).toEqual([ids.released]);
    expect((await list('&channel=display')).body.result.list.map((row) => row.id)).toEqual([ids.private, ids.released]);
    expect((await list('&channel=calendar')).body.result.total).toBe(0);
    const paged = await call<ReportPage>(t.app, { method: 'GET', url: '/api/report/list?pageSize=15&page=1&range=last90', headers: { token: readerToken } });
    expect([paged.body.result.total, paged.body.result.list.length]).toEqual([5, 5]);
    expect((await list('&status=unknown')).status).toBe(400);
    expect((await list(`&roomId=${foreignRoomId}`)).status).toBe(404);
  });

  it('offers the places and rooms to narrow a report to', async () => {
    const answer = await call<ReportOptions>(t.app, { method: 'GET', url: '/api/report/options', headers: { token: readerToken } });
    expect(answer.status).toBe(200);
    const names = answer.body.result.places.map((place) => place.name);
    expect(names).toEqual(expect.arrayContaining(['Atelier', 'Bund', 'Tower A', 'Floor 3']));
    expect(names).not.toContain('Foreign room');
  });

  it('exports an xlsx workbook with local times, labels in the caller language and formula-like titles as typed text', async () => {
    const answer = await exportFile({ format: 'xlsx', range: 'last30' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toContain('spreadsheetml');
    expect(answer.headers['content-disposition']).toMatch(/attachment; filename="meeting-records-\d{8}-\d{8}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['ID', 'Title', 'Room', 'Location', 'Time zone', 'Date', 'Start', 'End', 'Minutes', 'Host', 'Status', 'Channel', 'Recurring', 'Checked in', 'Participants']);
    expect(rows).toHaveLength(5);
    // 2026-11-21 09:00 UTC is 09:00 in London in winter; the title is typed text as written, which never runs as a formula.
    expect(rows[1]).toEqual([ids.formula, '=HYPERLINK("http://evil.example","Click")', 'Atelier', 'Testland / Test City / Tower A / Floor 3', 'Europe/London', '2026-11-21', '09:00', '10:00', 60, 'Hugo Host', 'Confirmed', 'Console', 'No', undefined, 2]);
    expect(sheet.getCell('B2').type).toBe(ExcelJS.ValueType.String);
    expect(rows[2]![1]).toBe('Private meeting');
    // 2026-11-19 02:00 UTC is 10:00 in Shanghai.
    expect(rows[3]!.slice(4, 8)).toEqual(['Asia/Shanghai', '2026-11-19', '10:00', '10:30']);
    expect(rows[4]![10]).toBe('Released (no-show)');
  });

  it('exports csv with a byte-order mark, Chinese labels when asked, and formulas neutralised', async () => {
    const answer = await exportFile({ format: 'csv', range: 'last30', host: 'hugo' }, 'zh-CN');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.body.startsWith('\uFEFF')).toBe(true);
    const rows = parse(answer.body.replace(/^\uFEFF/, '')) as string[][];
    expect(rows[0]!.slice(0, 3)).toEqual(['编号', '会议主题', '会议室']);
    expect(rows.slice(1).map((row) => row[1])).toEqual([`'=HYPERLINK("http://evil.example","Click")`, 'Walk-in']);
    expect(rows[2]![10]).toBe('已释放（未签到）');
    expect(rows[2]![11]).toBe('门口屏');
  });

  it('answers "no data to export" in the caller language when nothing matches', async () => {
    const empty = { format: 'xlsx', range: 'custom', from: Date.UTC(2025, 0, 1), to: Date.UTC(2025, 0, 2) };
    const english = await exportFile(empty);
    expect([english.statusCode, english.json()]).toEqual([422, { returncode: 1005, message: 'No data to export', result: null }]);
    const chinese = await exportFile({ ...empty, format: 'csv' }, 'zh-CN');
    expect(chinese.json().message).toBe('暂无可导出的数据');
    expect((await exportFile({ format: 'csv', status: 'expired' })).statusCode).toBe(422);
    expect((await exportFile({ format: 'pdf' })).statusCode).toBe(400);
    expect((await exportFile({ format: 'xlsx', range: 'custom', from: 5 })).json().message).toContain('custom range');
  });

  it('is for the reports area only', async () => {
    expect((await list('', outsiderToken)).status).toBe(403);
    expect((await exportFile({ format: 'xlsx' }, 'en-US', outsiderToken)).statusCode).toBe(403);
    expect((await call(t.app, { method: 'GET', url: '/api/report/analysis', headers: { token: outsiderToken } })).status).toBe(403);
    expect((await call(t.app, { method: 'GET', url: '/api/report/list' })).status).toBe(401);
    expect((await list('', adminToken)).body.result.total).toBe(4);
  });
});
