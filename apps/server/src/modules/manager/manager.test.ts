import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, ReturnCode, type CompanyOwner, type ManagerListQuery, type OperationLogEntry, type Page, type Manager } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import type { TestUser } from '../../test/factories.js';

const SAFETY = '135790';

describe(`managers (${TEST_DIALECT})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.cleanup());

  const get = <T>(url: string, token: string) => call<T>(t.app, { method: 'GET', url, headers: { token } });
  const send = <T>(method: 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload: unknown) =>
    call<T>(t.app, { method, url, headers: { token }, payload: payload as Record<string, unknown> });
  const list = (token: string, query: Partial<Record<keyof ManagerListQuery, string | number>> = {}) =>
    get<Page<Manager>>(`/api/manager/list?${new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)])).toString()}`, token);
  const transfer = (token: string, body: { userId: number; safetyPassword?: string }) => send<CompanyOwner>('PUT', '/api/manager/owner', token, body);

  /**
   * A company: its owner (every permission), a deputy who may manage roles and the account, a
   * facilities editor, a viewer of the account area, an inactive role manager, a default role.
   */
  async function company(name: string) {
    const { company, admin } = await t.factories.companyWithAdmin(name);
    const companyId = company.id;
    const defaultRoleId = await t.factories.role(companyId, [], { name: 'Staff', isDefault: true });
    const deputyRoleId = await t.factories.role(companyId, ['roles:edit', 'accountGlobal:edit'], { name: 'Deputies' });
    const department = await t.factories.department(companyId, `${name} Office`);
    const deputy = await t.factories.user(companyId, { roleId: deputyRoleId, firstName: 'Dana', lastName: `Deputy ${name}`, departmentId: department });
    const facilities = await t.factories.user(companyId, { permissions: ['roomsLocations:edit'], firstName: 'Frank', lastName: `Facilities ${name}` });
    const viewer = await t.factories.user(companyId, { permissions: ['accountGlobal:view'], firstName: 'Vera', lastName: `Viewer ${name}` });
    const retired = await t.factories.user(companyId, { roleId: deputyRoleId, firstName: 'Rita', lastName: `Retired ${name}`, isActive: false });
    const outsider = await t.factories.user(companyId, { permissions: ['reports:view'] });
    const tokens = {
      admin: await t.factories.session(admin),
      deputy: await t.factories.session(deputy),
      facilities: await t.factories.session(facilities),
      viewer: await t.factories.session(viewer),
      outsider: await t.factories.session(outsider),
    };
    return { companyId, admin, deputy, facilities, viewer, retired, defaultRoleId, deputyRoleId, tokens };
  }

  describe('access', () => {
    let a: Awaited<ReturnType<typeof company>>;
    beforeAll(async () => {
      a = await company('Access');
    });

    it('answers 401 without a session and 403 without the account area', async () => {
      for (const url of ['/api/manager/list', '/api/manager/owner']) {
        const anonymous = await call(t.app, { method: 'GET', url });
        expect([anonymous.status, anonymous.body.returncode], url).toEqual([401, ReturnCode.SESSION_INVALID]);
        const outsider = await get(url, a.tokens.outsider);
        expect([outsider.status, outsider.body.returncode], url).toEqual([403, ReturnCode.NO_PERMISSION]);
      }
      expect((await call(t.app, { method: 'PUT', url: '/api/manager/owner', payload: { userId: a.deputy.id } })).status).toBe(401);
    });

    it('lets a viewer of the account area read but not transfer', async () => {
      expect((await list(a.tokens.viewer)).status).toBe(200);
      expect((await get('/api/manager/owner', a.tokens.viewer)).status).toBe(200);
      const refused = await transfer(a.tokens.viewer, { userId: a.deputy.id });
      expect([refused.status, refused.body.returncode]).toEqual([403, ReturnCode.NO_PERMISSION]);
    });
  });

  describe('administrators list', () => {
    let a: Awaited<ReturnType<typeof company>>;
    let b: Awaited<ReturnType<typeof company>>;
    beforeAll(async () => {
      a = await company('Alpha');
      b = await company('Bravo');
    });

    it('lists the active users who edit something, the owner first and marked, with their areas', async () => {
      const answer = await list(a.tokens.viewer);
      expect(answer.status).toBe(200);
      const page = answer.body.result;
      expect(page.list.map((manager) => manager.id)).toEqual([a.admin.id, a.deputy.id, a.facilities.id]);
      expect(page.total).toBe(3);
      const [owner, deputy, facilities] = page.list as [Manager, Manager, Manager];
      expect(owner.isOwner).toBe(true);
      expect(owner.areas.length).toBeGreaterThan(10);
      expect(deputy).toMatchObject({ isOwner: false, userName: a.deputy.userName, email: a.deputy.email, role: { id: a.deputyRoleId, name: 'Deputies' } });
      expect(deputy.department?.name).toBe('Alpha Office');
      // Any edit switch carries users:edit (spec 000 section 4).
      expect(deputy.areas).toEqual(['accountGlobal', 'roles', 'users']);
      expect(facilities.areas).toEqual(['roomsLocations', 'users']);
      expect(page.list.some((manager) => manager.id === a.viewer.id || manager.id === a.retired.id)).toBe(false);
    });

    it('filters by keyword (name, e-mail, user name) and by area', async () => {
      expect((await list(a.tokens.viewer, { keyword: 'facilities alpha' })).body.result.list.map((m) => m.id)).toEqual([a.facilities.id]);
      expect((await list(a.tokens.viewer, { keyword: a.deputy.email.toUpperCase() })).body.result.list.map((m) => m.id)).toEqual([a.deputy.id]);
      expect((await list(a.tokens.viewer, { keyword: a.admin.userName })).body.result.list.map((m) => m.id)).toEqual([a.admin.id]);
      expect((await list(a.tokens.viewer, { keyword: 'nobody-like-this' })).body.result).toMatchObject({ list: [], total: 0 });
      expect((await list(a.tokens.viewer, { area: 'roomsLocations' })).body.result.list.map((m) => m.id)).toEqual([a.admin.id, a.facilities.id]);
      expect((await list(a.tokens.viewer, { area: 'roles' })).body.result.list.map((m) => m.id)).toEqual([a.admin.id, a.deputy.id]);
      expect((await list(a.tokens.viewer, { area: 'billing' })).body.result.list.map((m) => m.id)).toEqual([a.admin.id]);
    });

    it('pages with the shared page sizes and refuses others', async () => {
      const second = await list(a.tokens.viewer, { page: 2, pageSize: 15 });
      expect(second.body.result).toMatchObject({ list: [], total: 3, page: 2, pageSize: 15 });
      expect((await list(a.tokens.viewer, { pageSize: 20 })).status).toBe(400);
      expect((await list(a.tokens.viewer, { area: 'nowhere' })).status).toBe(400);
    });

    it("never shows another company's administrators or owner", async () => {
      const ofB = new Set([b.admin.id, b.deputy.id, b.facilities.id]);
      for (const query of [{}, { keyword: 'Bravo' }, { area: 'roles' }]) {
        const ids = (await list(a.tokens.viewer, query)).body.result.list.map((m) => m.id);
        expect(ids.some((id) => ofB.has(id)), JSON.stringify(query)).toBe(false);
      }
      const owner = await get<CompanyOwner>('/api/manager/owner', a.tokens.viewer);
      expect(owner.body.result.owner?.id).toBe(a.admin.id);
      expect((await get<CompanyOwner>('/api/manager/owner', b.tokens.viewer)).body.result.owner?.id).toBe(b.admin.id);
    });
  });

  describe('ownership transfer', () => {
    let a: Awaited<ReturnType<typeof company>>;
    let b: Awaited<ReturnType<typeof company>>;
    beforeAll(async () => {
      a = await company('Transfer');
      b = await company('Elsewhere');
    });

    it('tells who owns the company and whether the caller does', async () => {
      const own = await get<CompanyOwner>('/api/manager/owner', a.tokens.admin);
      expect(own.body.result).toMatchObject({ isCaller: true, needsSafetyPassword: false, owner: { id: a.admin.id, userName: a.admin.userName } });
      expect((await get<CompanyOwner>('/api/manager/owner', a.tokens.deputy)).body.result.isCaller).toBe(false);
    });

    it('refuses anyone but the owner, with a clear message', async () => {
      const answer = await transfer(a.tokens.deputy, { userId: a.deputy.id });
      expect([answer.status, answer.body.returncode]).toEqual([403, ReturnCode.NO_PERMISSION]);
      expect(answer.body.message).toBe('Only the company owner can transfer ownership');
    });

    it('refuses a new owner who is inactive, lacks role management, is the owner already, or is not of the company', async () => {
      const cases: Array<[TestUser, number, RegExp]> = [
        [a.facilities, 422, /role must hold the role management edit permission/],
        [a.retired, 422, /must be an active user/],
        [a.admin, 422, /already owns/],
        [b.deputy, 404, /./],
      ];
      for (const [user, status, message] of cases) {
        const answer = await transfer(a.tokens.admin, { userId: user.id });
        expect(answer.status, user.userName).toBe(status);
        expect(answer.body.message, user.userName).toMatch(message);
      }
      const chinese = await call(t.app, { method: 'PUT', url: '/api/manager/owner', headers: { token: a.tokens.admin, lang: 'zh-CN' }, payload: { userId: a.retired.id } });
      expect(chinese.body.message).toMatch(/新所有者必须是启用状态的用户/);
    });

    it('requires the safety password once the company has one, then hands ownership on and logs it', async () => {
      expect((await send('PUT', '/api/safety-password', a.tokens.admin, { newPassword: SAFETY, confirmPassword: SAFETY })).status).toBe(200);
      expect((await get<CompanyOwner>('/api/manager/owner', a.tokens.admin)).body.result.needsSafetyPassword).toBe(true);
      const missing = await transfer(a.tokens.admin, { userId: a.deputy.id });
      expect([missing.status, missing.body.message]).toEqual([422, 'Enter the safety password to transfer ownership']);
      const wrong = await transfer(a.tokens.admin, { userId: a.deputy.id, safetyPassword: '000000' });
      expect([wrong.status, wrong.body.returncode]).toEqual([400, ReturnCode.REFUSED]);

      const done = await transfer(a.tokens.admin, { userId: a.deputy.id, safetyPassword: SAFETY });
      expect(done.status).toBe(200);
      expect(done.body.message).toBe(`Ownership transferred to ${'Dana Deputy Transfer'}`);
      expect(done.body.result).toMatchObject({ isCaller: false, owner: { id: a.deputy.id } });
      expect((await list(a.tokens.viewer)).body.result.list[0]).toMatchObject({ id: a.deputy.id, isOwner: true });
      // The former owner may no longer transfer.
      expect((await transfer(a.tokens.admin, { userId: a.admin.id, safetyPassword: SAFETY })).status).toBe(403);

      const log = await get<Page<OperationLogEntry>>('/api/operation-log/list?action=manager.transferOwner', a.tokens.admin);
      expect(log.body.result.list.map((entry) => [entry.result, entry.targetId])).toEqual(
        expect.arrayContaining([['success', a.deputy.id], ['failure', a.facilities.id]]),
      );
      expect(JSON.stringify(log.body.result)).not.toContain(SAFETY);
      // Company B's owner is untouched.
      expect((await get<CompanyOwner>('/api/manager/owner', b.tokens.admin)).body.result.owner?.id).toBe(b.admin.id);
    });
  });

  describe("guards that keep the owner's rights", () => {
    let a: Awaited<ReturnType<typeof company>>;
    beforeAll(async () => {
      a = await company('Guard');
    });

    it('refuses deleting or deactivating the owner in the directory', async () => {
      const deleted = await send('DELETE', '/api/user', a.tokens.deputy, { ids: [a.admin.id] });
      expect([deleted.status, deleted.body.returncode]).toEqual([422, ReturnCode.REFUSED]);
      expect(deleted.body.message).toMatch(/owns the company account and cannot be deleted/);
      const deactivated = await send('PUT', '/api/user', a.tokens.deputy, { id: a.admin.id, firstName: 'Test', lastName: 'Owner', status: 'inactive' });
      expect([deactivated.status, deactivated.body.message]).toEqual([422, expect.stringMatching(/cannot be made inactive/)]);
      const stillThere = await get<{ status: string }>(`/api/user/details?id=${a.admin.id}`, a.tokens.admin);
      expect(stillThere.body.result.status).toBe('active');
    });

    it("refuses giving the owner a role without role management, directly or by role changes", async () => {
      const facilitiesRole = a.facilities.roleId;
      const attempts = [
        send('PUT', '/api/user', a.tokens.admin, { id: a.admin.id, firstName: 'Test', lastName: 'Owner', roleId: a.defaultRoleId }),
        send('POST', '/api/tenant/role/user', a.tokens.admin, { roleId: facilitiesRole, userIds: [a.admin.id] }),
        send('DELETE', '/api/tenant/role/user', a.tokens.admin, { roleId: a.admin.roleId, userIds: [a.admin.id] }),
        send('PUT', '/api/tenant/role/permission', a.tokens.admin, { roleId: a.admin.roleId, permissions: ALL_PERMISSIONS.filter((p) => !p.startsWith('roles:')) }),
      ];
      for (const [index, attempt] of attempts.entries()) {
        const answer = await attempt;
        expect([answer.status, answer.body.returncode], `attempt ${index}`).toEqual([422, ReturnCode.REFUSED]);
        expect(answer.body.message, `attempt ${index}`).toMatch(/company owner .* must keep the role management edit permission/);
      }
      const owner = await get<CompanyOwner>('/api/manager/owner', a.tokens.admin);
      expect(owner.body.result.owner?.role.id).toBe(a.admin.roleId);
      // Another member of the same role may still leave it.
      const other = await t.factories.user(a.companyId, { roleId: a.admin.roleId });
      expect((await send('DELETE', '/api/tenant/role/user', a.tokens.admin, { roleId: a.admin.roleId, userIds: [other.id] })).status).toBe(200);
    });

    it('follows the ownership: after a transfer the former owner may be deactivated', async () => {
      expect((await transfer(a.tokens.admin, { userId: a.deputy.id })).status).toBe(200);
      const deactivated = await send('PUT', '/api/user', a.tokens.deputy, { id: a.admin.id, firstName: 'Test', lastName: 'Owner', status: 'inactive' });
      expect(deactivated.status).toBe(200);
      // The new owner is protected in turn.
      const deleted = await send('DELETE', '/api/user', a.tokens.facilities, { ids: [a.deputy.id] });
      expect([deleted.status, deleted.body.message]).toEqual([422, expect.stringMatching(/Dana Deputy Guard owns the company account/)]);
    });
  });
});
