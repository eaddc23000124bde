import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganizationChart } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';

describe(`organisation pages (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let tokenA: string;
  let tokenB: string;
  let tokenUsersOnly: string;
  let tokenNothing: string;
  let ids: { engineering: number; platform: number; sales: number; designers: number; otherCompanyUser: number };

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.factories.companyWithAdmin('Alpha');
    const b = await t.factories.companyWithAdmin('Beta');
    const engineering = await t.factories.department(a.company.id, 'Engineering');
    const platform = await t.factories.department(a.company.id, 'Platform');
    const sales = await t.factories.department(a.company.id, 'Sales');
    await t.db.kysely.updateTable('departments').set({ parent_id: engineering }).where('id', '=', platform).execute();
    const designers = await t.factories.role(a.company.id, ['users:view'], { name: 'Designers' });
    await t.factories.user(a.company.id, { firstName: 'Ada', lastName: 'Lovelace', departmentId: platform, roleId: designers, email: 'ada@alpha.test' });
    await t.factories.user(a.company.id, { firstName: '=cmd', lastName: 'Evil', departmentId: sales, roleId: designers, email: 'evil@alpha.test' });
    await t.factories.user(a.company.id, { firstName: 'Grace', lastName: 'Hopper', departmentId: sales });
    const otherCompanyUser = await t.factories.user(b.company.id, { firstName: 'Ada', lastName: 'Other', email: 'ada@beta.test' });
    await t.factories.department(b.company.id, 'Beta Ops');
    tokenA = await t.factories.session(a.admin);
    tokenB = await t.factories.session(b.admin);
    tokenUsersOnly = await t.factories.session(await t.factories.user(a.company.id, { permissions: ['users:view'] }));
    tokenNothing = await t.factories.session(await t.factories.user(a.company.id, { permissions: [] }));
    ids = { engineering, platform, sales, designers, otherCompanyUser: otherCompanyUser.id };
  });
  afterAll(() => t.cleanup());

  const chart = (token: string, view: 'members' | 'roles', query = '') =>
    call<OrganizationChart>(t.app, { method: 'GET', url: `/api/organization/${view}${query}`, headers: { token } });

  it("answers the company's departments with their tree, roles and members, never another company's", async () => {
    const answer = await chart(tokenA, 'members');
    expect(answer.status).toBe(200);
    const { departments, roles, members, isTruncated } = answer.body.result;
    expect(isTruncated).toBe(false);
    expect(departments.map((d) => d.name).sort()).toEqual(['Engineering', 'Platform', 'Sales']);
    expect(departments.find((d) => d.id === ids.platform)?.parentId).toBe(ids.engineering);
    expect(roles.map((r) => r.name)).toContain('Designers');
    const ada = members.find((m) => m.email === 'ada@alpha.test');
    expect(ada).toMatchObject({ departmentId: ids.platform, roleId: ids.designers, isActive: true });
    expect(members.some((m) => m.id === ids.otherCompanyUser)).toBe(false);
    expect(members.some((m) => m.email === 'ada@beta.test')).toBe(false);

    const beta = await chart(tokenB, 'members');
    expect(beta.body.result.departments.map((d) => d.name)).toEqual(['Beta Ops']);
    expect(beta.body.result.members.some((m) => m.email === 'ada@alpha.test')).toBe(false);
  });

  it('searches by name, e-mail and department on the members page, by role on the roles page', async () => {
    const names = async (view: 'members' | 'roles', keyword: string) =>
      (await chart(tokenA, view, `?keyword=${encodeURIComponent(keyword)}`)).body.result.members.map((m) => m.fullName).sort();
    expect(await names('members', 'lovelace')).toEqual(['Ada Lovelace']);
    expect(await names('members', 'EVIL@ALPHA')).toEqual(['=cmd Evil']);
    expect(await names('members', 'sales')).toEqual(['=cmd Evil', 'Grace Hopper']);
    expect(await names('members', 'designers')).toEqual([]);
    expect(await names('roles', 'designers')).toEqual(['=cmd Evil', 'Ada Lovelace']);
    expect(await names('members', '%')).toEqual([]);
  });

  it('asks users:view for the members page and roles:view for the roles page', async () => {
    expect((await chart(tokenUsersOnly, 'members')).status).toBe(200);
    expect((await chart(tokenUsersOnly, 'roles')).status).toBe(403);
    expect((await chart(tokenNothing, 'members')).status).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/organization/members' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('exports the members as formula-safe CSV with department paths, and the roles as xlsx', async () => {
    const csv = await t.app.inject({ method: 'GET', url: '/api/organization/members/export?format=csv', headers: { token: tokenA, lang: 'en-US' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('organization-members.csv');
    const text = csv.body.replace(/^\uFEFF/, '');
    expect(text.split('\n')[0]).toContain('Department path');
    expect(text).toContain('Engineering / Platform,Ada Lovelace,ada@alpha.test,Designers,Yes');
    expect(text).toContain("'=cmd Evil");
    expect(text).not.toContain('ada@beta.test');

    const xlsx = await t.app.inject({ method: 'GET', url: '/api/organization/roles/export?keyword=designers', headers: { token: tokenA, lang: 'zh-CN' } });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows = workbook.worksheets[0]!.getSheetValues().slice(1).map((row) => (row as unknown[]).slice(1));
    expect(rows[0]).toEqual(['角色', '部门路径', '姓名', '邮箱', '启用']);
    expect(rows.slice(1)).toEqual([
      ['Designers', 'Engineering / Platform', 'Ada Lovelace', 'ada@alpha.test', '是'],
      ['Designers', 'Sales', '=cmd Evil', 'evil@alpha.test', '是'],
    ]);

    expect((await t.app.inject({ method: 'GET', url: '/api/organization/roles/export', headers: { token: tokenUsersOnly } })).statusCode).toBe(403);
  });
});
