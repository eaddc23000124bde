import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationLogEntry, Page } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { createOperationLogRepository } from './operation-log.repository.js';
import { createOperationLog, type RecordedActor } from './operation-log.service.js';

describe(`operation log (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let log: ReturnType<typeof createOperationLog>;
  let actorA: RecordedActor;
  let tokenA: string;
  let tokenB: string;
  let tokenNoPermission: string;

  beforeAll(async () => {
    t = await createTestApp();
    log = createOperationLog({ repository: createOperationLogRepository(t.db.kysely), clock: t.clock });
    const a = await t.factories.companyWithAdmin('Alpha');
    const b = await t.factories.companyWithAdmin('Beta');
    actorA = { companyId: a.company.id, userId: a.admin.id, ip: '10.0.0.7' };
    tokenA = await t.factories.session(a.admin);
    tokenB = await t.factories.session(b.admin);
    tokenNoPermission = await t.factories.session(await t.factories.user(a.company.id, { permissions: ['users:view'] }));
  });
  afterAll(() => t.cleanup());

  const list = (token: string, query = '') =>
    call<Page<OperationLogEntry>>(t.app, { method: 'GET', url: `/api/operation-log/list${query}`, headers: { token } });

  it('records a successful change with the created record, and a failed one, rethrowing its error', async () => {
    const created = await log.track(actorA, (role: { id: number } | undefined) => ({ action: 'role.create', targetType: 'role', targetId: role?.id ?? null, targetName: 'Auditors', detail: { parentId: null } }), async () => ({ id: 41 }));
    expect(created).toEqual({ id: 41 });
    t.clock.advance(1000);
    await expect(
      log.track(actorA, { action: 'role.delete', targetType: 'role', targetId: 41, targetName: 'Auditors' }, async () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');

    const answer = await list(tokenA);
    expect(answer.status).toBe(200);
    expect(answer.body.result.total).toBe(2);
    const [newest, oldest] = answer.body.result.list;
    expect(newest).toMatchObject({ action: 'role.delete', result: 'failure', targetId: 41, actorId: actorA.userId, ip: '10.0.0.7' });
    expect(oldest).toMatchObject({ action: 'role.create', result: 'success', targetId: 41, targetName: 'Auditors', detail: { parentId: null }, names: {} });
    expect(newest!.actorName).toMatch(/Test User/);
    expect(newest!.at - oldest!.at).toBe(1000);
  });

  it('filters by action, result, actor name (wildcards literal) and time, and pages', async () => {
    for (let i = 0; i < 16; i++) await log.record(actorA, { action: 'user.update', targetType: 'user', targetId: i }, 'success');
    expect((await list(tokenA, '?action=user.update')).body.result.total).toBe(16);
    expect((await list(tokenA, '?result=failure')).body.result.list.map((e) => e.action)).toEqual(['role.delete']);
    expect((await list(tokenA, '?actor=test%20user')).body.result.total).toBe(18);
    expect((await list(tokenA, '?actor=%25')).body.result.total).toBe(0);
    const page2 = await list(tokenA, '?action=user.update&page=2&pageSize=15');
    expect(page2.body.result).toMatchObject({ total: 16, page: 2, pageSize: 15 });
    expect(page2.body.result.list).toHaveLength(1);
    const first = (await list(tokenA, '?action=role.create')).body.result.list[0]!;
    expect((await list(tokenA, `?from=${first.at + 1}&action=role.create`)).body.result.total).toBe(0);
    expect((await list(tokenA, `?to=${first.at}`)).body.result.total).toBe(1);
  });

  it('refuses page sizes outside the table options', async () => {
    const answer = await list(tokenA, '?pageSize=20');
    expect(answer.status).toBe(400);
    expect(answer.body.returncode).toBe(1001);
  });

  it("shows a company only its own entries and needs the operation-log permission", async () => {
    expect((await list(tokenB)).body.result.total).toBe(0);
    const refused = await list(tokenNoPermission);
    expect(refused.status).toBe(403);
    expect(refused.body.returncode).toBe(1014);
  });

  it('records only the detail fields the contract declares for the action (an undeclared one fails in tests)', async () => {
    const detail = { capacity: 8, floorId: null, note: 'not declared' } as { capacity: number };
    await expect(log.record(actorA, { action: 'room.create', targetType: 'room', targetId: 1, detail }, 'success')).rejects.toThrow(/undeclared detail field\(s\) note/);
  });

  it('names the records a detail refers to by id, within the company, and leaves deleted ones unnamed', async () => {
    const alpha = await t.factories.companyWithAdmin('Names Alpha');
    const beta = await t.factories.companyWithAdmin('Names Beta');
    const token = await t.factories.session(alpha.admin);
    const actor = { companyId: alpha.company.id, userId: alpha.admin.id, ip: null };
    const role = await t.factories.role(alpha.company.id, [], { name: 'Reception' });
    const department = await t.factories.department(alpha.company.id, 'Finance');
    const foreignRole = await t.factories.role(beta.company.id, [], { name: 'Foreign secret' });
    const colleague = await t.factories.user(alpha.company.id, { firstName: '伟', lastName: '李' });
    await log.record(actor, { action: 'user.update', targetType: 'user', targetId: colleague.id, detail: { roleId: role, departmentId: department, status: 'active' } }, 'success');
    await log.record(actor, { action: 'user.update', targetType: 'user', targetId: colleague.id, detail: { roleId: foreignRole, departmentId: null } }, 'success');
    await log.record(actor, { action: 'user.delete', targetType: 'user', detail: { ids: [colleague.id, 987_654] } }, 'success');
    const [deleted, foreign, updated] = (await list(token)).body.result.list;
    expect(updated!.names).toEqual({ [`role:${role}`]: 'Reception', [`department:${department}`]: 'Finance' });
    expect(foreign!.names).toEqual({});
    expect(deleted!.names).toEqual({ [`user:${colleague.id}`]: '李伟' });
  });

  it('exports the filtered entries as formula-safe CSV or xlsx, the company only, with the permission', async () => {
    const alpha = await t.factories.companyWithAdmin('Export Alpha');
    const token = await t.factories.session(alpha.admin);
    const actor = { companyId: alpha.company.id, userId: alpha.admin.id, ip: '10.0.0.9' };
    await log.record(actor, { action: 'role.create', targetType: 'role', targetId: 5, targetName: '=HYPERLINK("x")', detail: { parentId: null } }, 'success');
    await log.record(actor, { action: 'role.delete', targetType: 'role', targetId: 5, targetName: 'Gone' }, 'failure');
    const exported = (query: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: `/api/operation-log/export${query}`, headers: { token, ...headers } });

    const csv = await exported('?format=csv&action=role.create', { lang: 'en-US' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('operation-log.csv');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[0]).toContain('Time (UTC)');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`'=HYPERLINK`);
    expect(lines[1]).toContain('role.create');
    expect(csv.body).not.toContain('Gone');

    const xlsx = await exported('?result=failure', { lang: 'zh-CN' });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows = workbook.worksheets[0]!.getSheetValues().slice(1).map((row) => (row as unknown[]).slice(1));
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual(expect.arrayContaining(['role.delete', 'Gone', '失败', '10.0.0.9']));

    const other = await t.app.inject({ method: 'GET', url: '/api/operation-log/export?format=csv', headers: { token: tokenB } });
    expect(other.body).not.toContain('HYPERLINK');
    expect((await t.app.inject({ method: 'GET', url: '/api/operation-log/export', headers: { token: tokenNoPermission } })).statusCode).toBe(403);
  });
});
