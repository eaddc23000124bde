import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, type Desk, type InspectionChecklist, type InspectionDue, type InspectionRun, type InspectionRunPage, type RepairReportDetail } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import type { TestUser } from '../../test/factories.js';
import { createTestRoom } from '../../test/rooms.js';
import { periodOf } from './inspection.service.js';

const DAY = 86_400_000;

describe(`inspections (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let companyId: number;
  let admin: TestUser;
  let adminToken: string;
  let foreignAdmin: TestUser;
  let inspector: TestUser;
  let outsiderToken: string;
  let foreignToken: string;
  let floorId: number;
  let roomId: number;
  let deskId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.factories.companyWithAdmin('Walk Co');
    companyId = a.company.id;
    admin = a.admin;
    adminToken = await t.factories.session(admin);
    inspector = await t.factories.user(companyId, { firstName: 'Ida', lastName: 'Inspector' });
    outsiderToken = await t.factories.session(await t.factories.user(companyId, { firstName: 'Otto' }));
    foreignAdmin = (await t.factories.companyWithAdmin('Other Co')).admin;
    foreignToken = await t.factories.session(foreignAdmin);
    ({ floorId, roomId } = await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Atrium', timeZone: 'Asia/Shanghai' }));
    const desk = await call<Desk>(t.app, { method: 'POST', url: '/api/desk/save', headers: { token: adminToken }, payload: { floorId, number: 'D-1', mode: 'bookable' } });
    deskId = desk.body.result.id;
  });
  afterAll(() => t.cleanup());

  const post = <T>(url: string, payload: Record<string, unknown>, token = adminToken) => call<T>(t.app, { method: 'POST', url: `/api${url}`, headers: { token }, payload });
  const get = <T>(url: string, token = adminToken) => call<T>(t.app, { method: 'GET', url: `/api${url}`, headers: { token } });
  const items = [
    { key: 'a', text: 'Monitors work' },
    { key: 'b', text: 'Desks are clean' },
  ];

  it('periods: the day, the week from Monday, the month from its first', () => {
    expect([periodOf('daily', '2026-11-25'), periodOf('weekly', '2026-11-25'), periodOf('weekly', '2026-11-29'), periodOf('monthly', '2026-11-25')]).toEqual(['2026-11-25', '2026-11-23', '2026-11-23', '2026-11-01']);
  });

  it('an inspector walks the daily round on the area\'s clock, a failed item files a repair report, and the round is recorded once a day', async () => {
    const saved = await post<InspectionChecklist>('/inspection/checklist/save', { name: 'Daily floor walk', interval: 'daily', locationId: floorId, items, assigneeIds: [inspector.id] });
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.result).toMatchObject({ name: 'Daily floor walk', interval: 'daily', locationId: floorId, assignees: [{ id: inspector.id, name: 'Ida Inspector' }], isActive: true });
    expect(saved.body.result.locationName).toContain('Floor 3');
    const checklistId = saved.body.result.id;

    let inspectorToken = await t.factories.session(inspector);
    // The clock is 09:00 UTC on Monday 23 November: 17:00 in Shanghai, the area's day.
    const due = (await get<InspectionDue[]>('/inspection/due', inspectorToken)).body.result;
    expect(due.map((entry) => [entry.checklist.id, entry.period, entry.timeZone, entry.runId])).toEqual([[checklistId, '2026-11-23', 'Asia/Shanghai', null]]);
    expect((await get<InspectionDue[]>('/inspection/due', outsiderToken)).body.result).toEqual([]);
    const notMine = await post('/inspection/complete', { checklistId, results: [{ key: 'a', ok: true }, { key: 'b', ok: true }] }, outsiderToken);
    expect([notMine.status, notMine.body.message]).toEqual([403, formatMessage('inspectionNotAssigned', 'en-US')]);
    const partial = await post('/inspection/complete', { checklistId, results: [{ key: 'a', ok: true }] }, inspectorToken);
    expect([partial.status, partial.body.message]).toEqual([422, formatMessage('inspectionResultsIncomplete', 'en-US')]);

    const done = await post<InspectionRun>(
      '/inspection/complete',
      { checklistId, results: [{ key: 'a', ok: true }, { key: 'b', ok: false, note: 'Coffee stains', report: { kind: 'desk', targetId: deskId } }] },
      inspectorToken,
    );
    expect([done.status, done.body.message]).toEqual([200, formatMessage('inspectionCompleted', 'en-US', { passed: 1, failed: 1 })]);
    expect(done.body.result).toMatchObject({ period: '2026-11-23', completedByName: 'Ida Inspector', passed: 1, failed: 1 });
    const finding = done.body.result.items[1]!;
    expect([finding.text, finding.ok, finding.note]).toEqual(['Desks are clean', false, 'Coffee stains']);
    const report = await get<RepairReportDetail>(`/repair/report?id=${finding.repairReportId}`);
    expect(report.body.result).toMatchObject({ title: 'Daily floor walk: Desks are clean', description: 'Coffee stains', blocksUse: false, status: 'open', target: { kind: 'desk', id: deskId }, reportedBy: { id: inspector.id } });

    const again = await post('/inspection/complete', { checklistId, results: [{ key: 'a', ok: true }, { key: 'b', ok: true }] }, inspectorToken);
    expect([again.status, again.body.message]).toEqual([422, formatMessage('inspectionDone', 'en-US')]);
    expect((await get<InspectionDue[]>('/inspection/due', inspectorToken)).body.result[0]!.runId).toBe(done.body.result.id);

    // The next day (past midnight in Shanghai) the round is due again.
    t.clock.advance(DAY);
    inspectorToken = await t.factories.session(inspector);
    adminToken = await t.factories.session(admin);
    foreignToken = await t.factories.session(foreignAdmin);
    expect((await get<InspectionDue[]>('/inspection/due', inspectorToken)).body.result.map((entry) => [entry.period, entry.runId])).toEqual([['2026-11-24', null]]);

    // The history: the round with its results, for the repair area.
    const runs = await get<InspectionRunPage>(`/inspection/runs?checklistId=${checklistId}`);
    expect(runs.body.result.list.map((run) => [run.period, run.passed, run.failed])).toEqual([['2026-11-23', 1, 1]]);
    expect((await get(`/inspection/runs`, inspectorToken)).status).toBe(403);
    expect((await get<InspectionRun>(`/inspection/run?id=${done.body.result.id}`)).body.result.items.map((item) => item.ok)).toEqual([true, false]);
    expect((await get(`/inspection/run?id=${done.body.result.id}`, foreignToken)).status).toBe(404);
    expect((await get<InspectionRunPage>('/inspection/runs', foreignToken)).body.result.total).toBe(0);
  });

  it('checks a checklist: a unique name, a building or floor, active colleagues; deleting takes its rounds', async () => {
    const base = { interval: 'weekly', items, assigneeIds: [] };
    const first = await post<InspectionChecklist>('/inspection/checklist/save', { ...base, name: 'Weekly kitchen', locationId: null });
    expect(first.status, first.body.message).toBe(200);
    const taken = await post('/inspection/checklist/save', { ...base, name: '  weekly   KITCHEN ', locationId: null });
    expect([taken.status, taken.body.message]).toEqual([422, formatMessage('inspectionNameTaken', 'en-US', { name: 'weekly   KITCHEN' })]);
    expect((await post('/inspection/checklist/save', { ...base, name: 'Room walk', locationId: roomId })).status).toBe(404);
    expect((await post('/inspection/checklist/save', { ...base, name: 'Foreign walk', locationId: null, assigneeIds: [999_999] })).status).toBe(404);
    expect((await post('/inspection/checklist/save', { ...base, name: 'Dup keys', locationId: null, items: [items[0], items[0]] })).status).toBe(400);
    expect((await post('/inspection/checklist/save', { ...base, id: first.body.result.id, name: 'Not yours', locationId: null }, foreignToken)).status).toBe(404);
    const areas = (await get<Array<{ id: number; name: string }>>('/inspection/areas')).body.result;
    expect(areas.map((area) => area.id)).toContain(floorId);
    expect(areas.map((area) => area.id)).not.toContain(roomId);
    expect((await get<InspectionChecklist[]>('/inspection/checklists', foreignToken)).body.result).toEqual([]);
    expect((await post('/inspection/checklist/delete', { id: first.body.result.id }, foreignToken)).status).toBe(404);
    expect((await post('/inspection/checklist/delete', { id: first.body.result.id })).status).toBe(200);
    expect((await get<InspectionChecklist[]>('/inspection/checklists')).body.result.map((list) => list.name)).toEqual(['Daily floor walk']);
  });
});
