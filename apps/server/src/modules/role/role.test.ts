import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_PERMISSIONS,
  MENU_CATALOGUE,
  menuPaths,
  normalizePermissions,
  type MenuEntry,
  type MenuNode,
  type OperationLogEntry,
  type Page,
  type RoleCandidate,
  type RoleDetails,
  type RoleMember,
  type RoleTreeNode,
} from '@atrium/contract';
import { call, createTestApp, signIn, type TestApp } from '../../test/app.js';
import { createRoleRepository } from './role.repository.js';
import { TEST_DIALECT } from '../../test/database.js';
import type { TestUser } from '../../test/factories.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The real catalogue with every page built, so menus show what permissions select. */
const allBuilt = (nodes: MenuNode[]): MenuNode[] =>
  nodes.map((node) => ({ ...node, isBuilt: true, ...(node.children ? { children: allBuilt(node.children) } : {}) }));

const STAFF_PERMISSIONS = ['calendarRoomUse:view', 'personalSchedule:view'];

describe(`roles (${TEST_DIALECT})`, () => {
  let t: TestApp;

  /** A company as the product makes it: a default Staff role, an Administrator role and its admin. */
  async function office(name = 'Office') {
    const company = await t.factories.company({ name });
    const staffRole = await t.factories.role(company.id, STAFF_PERMISSIONS, { name: 'Staff', isDefault: true });
    const adminRole = await t.factories.role(company.id, ALL_PERMISSIONS, { name: 'Administrator' });
    const admin = await t.factories.user(company.id, { roleId: adminRole, firstName: 'Avery', lastName: 'Admin' });
    const token = await t.factories.session(admin);
    return { companyId: company.id, staffRole, adminRole, admin, token };
  }

  const api = <T = unknown>(token: string, method: Method, url: string, payload?: unknown, lang = 'en-US') =>
    call<T>(t.app, { method, url: `/api${url}`, headers: { token, lang }, ...(payload === undefined ? {} : { payload: payload as object }) });

  const tree = async (token: string) => (await api<RoleTreeNode[]>(token, 'GET', '/tenant/role/tree')).body.result;
  const details = async (token: string, id: number) => (await api<RoleDetails>(token, 'GET', `/tenant/role/details?id=${id}`)).body.result;
  const createRole = async (token: string, body: Record<string, unknown>) => {
    const answer = await api<{ id: number }>(token, 'POST', '/tenant/role', body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.result.id;
  };
  const names = (nodes: RoleTreeNode[]) => nodes.map((node) => node.name);
  const roleOf = async (user: TestUser) =>
    (await t.db.kysely.selectFrom('users').select('role_id').where('id', '=', user.id).executeTakeFirstOrThrow()).role_id;
  const lastLog = async (token: string) => (await api<Page<OperationLogEntry>>(token, 'GET', '/operation-log/list')).body.result.list[0]!;

  beforeAll(async () => {
    t = await createTestApp({ menuCatalogue: allBuilt(MENU_CATALOGUE) });
  });
  afterAll(() => t.cleanup());

  describe('access', () => {
    it('lets roles:view read and refuses it every change; refuses reads without roles:view', async () => {
      const { companyId, staffRole } = await office();
      const viewer = await t.factories.session(await t.factories.user(companyId, { permissions: ['roles:view'] }));
      const nobody = await t.factories.session(await t.factories.user(companyId, { permissions: ['reports:view'] }));
      for (const url of ['/tenant/role/tree', `/tenant/role/details?id=${staffRole}`, `/tenant/role/user/search?roleId=${staffRole}`]) {
        expect((await api(viewer, 'GET', url)).status, url).toBe(200);
        expect((await api(nobody, 'GET', url)).body.returncode, url).toBe(1014);
      }
      const changes: Array<[Method, string, unknown]> = [
        ['POST', '/tenant/role', { name: 'Sneaky' }],
        ['PUT', '/tenant/role', { id: staffRole, name: 'Renamed' }],
        ['DELETE', '/tenant/role', { id: staffRole }],
        ['PUT', '/tenant/role/swap', { id: staffRole, otherId: staffRole }],
        ['GET', '/tenant/role/user/candidates', undefined],
        ['POST', '/tenant/role/user', { roleId: staffRole, userIds: [1] }],
        ['PUT', '/tenant/role/user', { roleId: staffRole, userIds: [1] }],
        ['DELETE', '/tenant/role/user', { roleId: staffRole, userIds: [1] }],
        ['POST', '/role/user', { roleId: staffRole, userIds: [1] }],
        ['PUT', '/tenant/role/permission', { roleId: staffRole, permissions: [] }],
      ];
      for (const [method, url, body] of changes) {
        const answer = await api(viewer, method, url, body);
        expect(answer.status, `${method} ${url}`).toBe(403);
        expect(answer.body.returncode, `${method} ${url}`).toBe(1014);
      }
    });
  });

  describe('tree and details', () => {
    it('nests roles, keeps sibling order, counts members and says where children may be added', async () => {
      const { companyId, token, staffRole, adminRole } = await office();
      const managers = await createRole(token, { name: 'Office manager', description: 'Runs the offices' });
      const reception = await createRole(token, { name: 'Receptionist', parentId: managers });
      await t.factories.user(companyId, { roleId: reception });
      await t.factories.user(companyId, { roleId: staffRole });
      await t.factories.user(companyId, { roleId: staffRole });

      const roots = await tree(token);
      expect(names(roots)).toEqual(['Staff', 'Administrator', 'Office manager']);
      expect(roots.map((node) => node.memberCount)).toEqual([2, 1, 0]);
      expect(roots[0]).toMatchObject({ id: staffRole, isDefault: true, level: 1, parentId: null, canAddChild: true });
      expect(roots[2]).toMatchObject({ description: 'Runs the offices', children: [{ id: reception, name: 'Receptionist', level: 2, memberCount: 1, parentId: managers, children: [] }] });

      expect(await details(token, reception)).toEqual({
        id: reception,
        name: 'Receptionist',
        description: null,
        parentId: managers,
        level: 2,
        isDefault: false,
        memberCount: 1,
        canAddChild: true,
        permissions: [],
        updatedAt: t.clock.now(),
      });
      expect((await details(token, adminRole)).permissions).toEqual(normalizePermissions(ALL_PERMISSIONS));
      expect((await api(token, 'GET', '/tenant/role/details?id=999999')).status).toBe(404);
    });

    it('refuses a child below the deepest level', async () => {
      const { token } = await office();
      let parentId: number | undefined;
      for (let level = 1; level <= 5; level++) parentId = await createRole(token, { name: `Level ${level}`, ...(parentId ? { parentId } : {}) });
      const deepest = await details(token, parentId!);
      expect(deepest).toMatchObject({ level: 5, canAddChild: false });
      const refused = await api(token, 'POST', '/tenant/role', { name: 'Level 6', parentId }, 'zh-CN');
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ returncode: 1005, message: '角色最多只能嵌套 5 层' });
    });
  });

  describe('create and edit', () => {
    it('needs a name, trims it, refuses a name taken (ignoring case) and an unknown parent', async () => {
      const { token } = await office();
      expect((await api(token, 'POST', '/tenant/role', { name: '   ' })).status).toBe(400);
      expect((await api(token, 'POST', '/tenant/role', { description: 'no name' })).status).toBe(400);
      expect((await api(token, 'POST', '/tenant/role', { name: 'x'.repeat(65) })).status).toBe(400);
      const id = await createRole(token, { name: '  Auditor  ', description: '  Reads reports  ' });
      expect(await details(token, id)).toMatchObject({ name: 'Auditor', description: 'Reads reports', permissions: [] });

      const taken = await api(token, 'POST', '/tenant/role', { name: 'AUDITOR' });
      expect(taken.status).toBe(409);
      expect(taken.body).toMatchObject({ returncode: 1003, message: 'A role named "AUDITOR" already exists' });
      expect((await api(token, 'POST', '/tenant/role', { name: 'Orphan', parentId: 999999 })).status).toBe(404);
    });

    it('renames a role and changes its description; an empty description clears it', async () => {
      const { token, staffRole } = await office();
      const id = await createRole(token, { name: 'Auditor', description: 'Reads reports' });
      expect((await api(token, 'PUT', '/tenant/role', { id, name: 'Compliance', description: '' })).status).toBe(200);
      expect(await details(token, id)).toMatchObject({ name: 'Compliance', description: null });
      // Its own name in another case is fine; another role's name is not.
      expect((await api(token, 'PUT', '/tenant/role', { id, name: 'COMPLIANCE' })).status).toBe(200);
      expect((await api(token, 'PUT', '/tenant/role', { id, name: 'staff' })).status).toBe(409);
      // The default role may be renamed; it stays the default.
      expect((await api(token, 'PUT', '/tenant/role', { id: staffRole, name: 'Everyone' })).status).toBe(200);
      expect(await details(token, staffRole)).toMatchObject({ name: 'Everyone', isDefault: true });
    });
  });

  describe('delete', () => {
    it('refuses the default role with a clear message in both languages', async () => {
      const { token, staffRole } = await office();
      const english = await api(token, 'DELETE', '/tenant/role', { id: staffRole });
      expect(english.status).toBe(422);
      expect(english.body).toEqual({
        returncode: 1005,
        message: 'The default role cannot be deleted: new users get it and removed members fall back to it',
        result: null,
      });
      const chinese = await api(token, 'DELETE', '/tenant/role', { id: staffRole }, 'zh-CN');
      expect(chinese.body.message).toBe('默认角色不能删除：新用户默认属于该角色，被移除的成员也会回到该角色');
      expect(await details(token, staffRole)).toMatchObject({ name: 'Staff' });
      expect(await lastLog(token)).toMatchObject({ action: 'role.delete', result: 'failure', targetId: staffRole, targetName: 'Staff' });
    });

    it('moves the members to the default role in the same transaction', async () => {
      const { companyId, token, staffRole } = await office();
      const drivers = await createRole(token, { name: 'Drivers' });
      const first = await t.factories.user(companyId, { roleId: drivers });
      const second = await t.factories.user(companyId, { roleId: drivers });
      const answer = await api<{ movedMembers: number; defaultRoleName: string }>(token, 'DELETE', '/tenant/role', { id: drivers });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ message: 'Role deleted; members moved to "Staff": 2', result: { movedMembers: 2, defaultRoleName: 'Staff' } });
      expect([await roleOf(first), await roleOf(second)]).toEqual([staffRole, staffRole]);
      expect(names(await tree(token))).toEqual(['Staff', 'Administrator']);
      expect(await lastLog(token)).toMatchObject({ action: 'role.delete', result: 'success', targetName: 'Drivers', detail: { movedMembers: 2, movedTo: 'Staff' } });
    });

    it('refuses a role with child roles until they are gone', async () => {
      const { token } = await office();
      const parent = await createRole(token, { name: 'Facilities' });
      const child = await createRole(token, { name: 'Cleaning', parentId: parent });
      const refused = await api(token, 'DELETE', '/tenant/role', { id: parent });
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe('Delete the roles under "Facilities" first');
      expect((await api(token, 'DELETE', '/tenant/role', { id: child })).status).toBe(200);
      expect((await api(token, 'DELETE', '/tenant/role', { id: parent })).status).toBe(200);
    });

    it("rolls back when moving the members would leave nobody able to manage roles", async () => {
      const { token, adminRole, admin } = await office();
      const refused = await api(token, 'DELETE', '/tenant/role', { id: adminRole });
      expect(refused.status).toBe(422);
      expect(refused.body.message).toMatch(/nobody could manage roles/);
      expect(await roleOf(admin)).toBe(adminRole);
      expect(await details(token, adminRole)).toMatchObject({ memberCount: 1 });
    });
  });

  describe('order', () => {
    it('swaps two siblings, also when their stored order was equal, and refuses roles under different parents', async () => {
      const { companyId, token } = await office();
      // Roles made outside the console may share a sort order; the swap renumbers the siblings.
      const parent = await t.factories.role(companyId, [], { name: 'Parent' });
      const children = [];
      for (const name of ['A', 'B', 'C']) {
        const id = await t.factories.role(companyId, [], { name });
        await t.db.kysely.updateTable('roles').set({ parent_id: parent }).where('id', '=', id).execute();
        children.push(id);
      }
      const [a, b, c] = children as [number, number, number];
      const childNames = async () => names((await tree(token)).find((node) => node.id === parent)!.children);
      expect(await childNames()).toEqual(['A', 'B', 'C']);

      expect((await api(token, 'PUT', '/tenant/role/swap', { id: c, otherId: b })).status).toBe(200);
      expect(await childNames()).toEqual(['A', 'C', 'B']);
      expect((await api(token, 'PUT', '/tenant/role/swap', { id: a, otherId: c })).status).toBe(200);
      expect(await childNames()).toEqual(['C', 'A', 'B']);

      const refused = await api(token, 'PUT', '/tenant/role/swap', { id: a, otherId: parent });
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe('Only roles under the same parent can swap places');
      expect(await lastLog(token)).toMatchObject({ action: 'role.swap', result: 'failure', targetName: 'A', detail: { otherId: parent, otherName: 'Parent' } });
    });

    it('puts a new role last among its siblings', async () => {
      const { token } = await office();
      const first = await createRole(token, { name: 'First' });
      await createRole(token, { name: 'Second' });
      expect((await api(token, 'PUT', '/tenant/role/swap', { id: first, otherId: (await tree(token))[3]!.id })).status).toBe(200);
      await createRole(token, { name: 'Third' });
      expect(names(await tree(token))).toEqual(['Staff', 'Administrator', 'Second', 'First', 'Third']);
    });
  });

  describe('members', () => {
    it('lists the members of a role by name, paged', async () => {
      const { companyId, token } = await office();
      const sales = await createRole(token, { name: 'Sales' });
      const department = await t.factories.department(companyId, 'Field Sales');
      for (let i = 0; i < 17; i++) {
        await t.factories.user(companyId, { roleId: sales, firstName: i % 2 ? 'Odd' : 'Even', lastName: `Seller ${String(i).padStart(2, '0')}`, departmentId: department });
      }
      const page1 = (await api<Page<RoleMember>>(token, 'GET', `/tenant/role/user/search?roleId=${sales}`)).body.result;
      expect(page1).toMatchObject({ total: 17, page: 1, pageSize: 15 });
      expect(page1.list).toHaveLength(15);
      expect(page1.list[0]).toMatchObject({ fullName: 'Even Seller 00', department: { name: 'Field Sales' }, isActive: true });
      const page2 = (await api<Page<RoleMember>>(token, 'GET', `/tenant/role/user/search?roleId=${sales}&page=2`)).body.result;
      expect(page2.list).toHaveLength(2);
      const odd = (await api<Page<RoleMember>>(token, 'GET', `/tenant/role/user/search?roleId=${sales}&keyword=%20odd%20&pageSize=50`)).body.result;
      expect(odd.total).toBe(8);
      expect((await api(token, 'GET', `/tenant/role/user/search?roleId=${sales}&pageSize=20`)).status).toBe(400);
      expect((await api(token, 'GET', '/tenant/role/user/search?roleId=999999')).status).toBe(404);
    });

    it('offers every company user with their current role as a candidate', async () => {
      const { companyId, token, admin } = await office();
      await t.factories.user(companyId, { firstName: 'Zoe', lastName: 'Quill' });
      const all = (await api<Page<RoleCandidate>>(token, 'GET', '/tenant/role/user/candidates')).body.result;
      expect(all.total).toBe(2);
      expect(all.list.find((candidate) => candidate.id === admin.id)).toMatchObject({ fullName: 'Avery Admin', roleName: 'Administrator' });
      const zoe = (await api<Page<RoleCandidate>>(token, 'GET', '/tenant/role/user/candidates?keyword=quill')).body.result;
      expect(zoe.list.map((candidate) => candidate.fullName)).toEqual(['Zoe Quill']);
    });

    it('moves users into a role by POST, PUT and the company-base POST, each user keeping one role', async () => {
      const { companyId, token, staffRole } = await office();
      const sales = await createRole(token, { name: 'Sales' });
      const support = await createRole(token, { name: 'Support' });
      const [u1, u2, u3] = [await t.factories.user(companyId, { roleId: staffRole }), await t.factories.user(companyId, { roleId: staffRole }), await t.factories.user(companyId, { roleId: support })];

      const added = await api(token, 'POST', '/tenant/role/user', { roleId: sales, userIds: [u1.id, u3.id, u3.id] });
      expect(added.body.result).toEqual({ moved: 2 });
      expect([await roleOf(u1), await roleOf(u2), await roleOf(u3)]).toEqual([sales, staffRole, sales]);
      expect(await lastLog(token)).toMatchObject({ action: 'role.addMembers', result: 'success', targetName: 'Sales', detail: { userIds: [u1.id, u3.id], moved: 2 } });

      expect((await api(token, 'PUT', '/tenant/role/user', { roleId: support, userIds: [u1.id] })).body.result).toEqual({ moved: 1 });
      expect((await api(token, 'POST', '/role/user', { roleId: support, userIds: [u2.id, u1.id] })).body.result).toEqual({ moved: 1 });
      expect([await roleOf(u1), await roleOf(u2), await roleOf(u3)]).toEqual([support, support, sales]);
      expect((await tree(token)).map((node) => node.memberCount)).toEqual([0, 1, 1, 2]);
    });

    it('refuses an unknown user id without moving anybody', async () => {
      const { companyId, token, staffRole } = await office();
      const sales = await createRole(token, { name: 'Sales' });
      const user = await t.factories.user(companyId, { roleId: staffRole });
      const refused = await api(token, 'POST', '/tenant/role/user', { roleId: sales, userIds: [user.id, 999999] });
      expect(refused.status).toBe(404);
      expect(await roleOf(user)).toBe(staffRole);
      expect((await api(token, 'POST', '/tenant/role/user', { roleId: sales, userIds: [] })).status).toBe(400);
    });

    it('removes members by moving them to the default role, and refuses it for the default role', async () => {
      const { companyId, token, staffRole } = await office();
      const sales = await createRole(token, { name: 'Sales' });
      const [seller, other] = [await t.factories.user(companyId, { roleId: sales }), await t.factories.user(companyId, { roleId: staffRole })];
      const removed = await api(token, 'DELETE', '/tenant/role/user', { roleId: sales, userIds: [seller.id, other.id] });
      expect(removed.body.result).toEqual({ moved: 1 });
      expect(await roleOf(seller)).toBe(staffRole);
      expect(await lastLog(token)).toMatchObject({ action: 'role.removeMembers', result: 'success', targetName: 'Sales' });

      const refused = await api(token, 'DELETE', '/tenant/role/user', { roleId: staffRole, userIds: [other.id] }, 'zh-CN');
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe('不能从默认角色中移除成员，请将其添加到其他角色');
    });

    it('refuses moving the last role manager out of the roles that manage roles', async () => {
      const { companyId, token, staffRole, admin, adminRole } = await office();
      expect((await api(token, 'POST', '/tenant/role/user', { roleId: staffRole, userIds: [admin.id] })).status).toBe(422);
      expect((await api(token, 'DELETE', '/tenant/role/user', { roleId: adminRole, userIds: [admin.id] })).status).toBe(422);
      expect(await roleOf(admin)).toBe(adminRole);
      // With a second, active administrator the first may step down.
      await t.factories.user(companyId, { roleId: adminRole });
      expect((await api(token, 'DELETE', '/tenant/role/user', { roleId: adminRole, userIds: [admin.id] })).status).toBe(200);
      expect(await roleOf(admin)).toBe(staffRole);
    });

    it('does not count an inactive member as someone who can manage roles', async () => {
      const { companyId, token, admin, adminRole } = await office();
      await t.factories.user(companyId, { roleId: adminRole, isActive: false });
      expect((await api(token, 'DELETE', '/tenant/role/user', { roleId: adminRole, userIds: [admin.id] })).status).toBe(422);
      expect(await roleOf(admin)).toBe(adminRole);
    });
  });

  describe('permissions', () => {
    it('stores the full set normalised: edit implies view, any edit turns on users edit', async () => {
      const { token } = await office();
      const id = await createRole(token, { name: 'Front desk' });
      const answer = await api<{ permissions: string[] }>(token, 'PUT', '/tenant/role/permission', { roleId: id, permissions: ['visitorDisplay:edit', 'records:view'] });
      const expected = ['records:view', 'users:view', 'users:edit', 'visitorDisplay:view', 'visitorDisplay:edit'];
      expect(answer.body.result.permissions).toEqual(expected);
      expect((await details(token, id)).permissions).toEqual(expected);
      expect(await lastLog(token)).toMatchObject({ action: 'role.setPermissions', detail: { added: expected, removed: [] } });

      expect((await api(token, 'PUT', '/tenant/role/permission', { roleId: id, permissions: ['records:view'] })).body.result).toEqual({ permissions: ['records:view'] });
      expect((await api(token, 'PUT', '/tenant/role/permission', { roleId: id, permissions: ['coffee:edit'] })).status).toBe(400);
      expect((await api(token, 'PUT', '/tenant/role/permission', { roleId: 999999, permissions: [] })).status).toBe(404);
    });

    it("changes a member's menu and access on their very next request", async () => {
      const { companyId, token } = await office();
      const analysts = await createRole(token, { name: 'Analysts' });
      const member = await t.factories.user(companyId, { roleId: analysts });
      const { token: memberToken } = await signIn(t.app, member);
      const menu = async () => menuPaths((await api<MenuEntry[]>(memberToken!, 'GET', '/user/getMenuList')).body.result);
      expect(await menu()).not.toContain('/report');
      expect((await api(memberToken!, 'GET', '/operation-log/list')).status).toBe(403);

      await api(token, 'PUT', '/tenant/role/permission', { roleId: analysts, permissions: ['reports:view', 'operationLog:view'] });
      expect(await menu()).toContain('/report');
      expect((await api(memberToken!, 'GET', '/operation-log/list')).status).toBe(200);

      await api(token, 'PUT', '/tenant/role/permission', { roleId: analysts, permissions: [] });
      expect(await menu()).not.toContain('/report');
      expect((await api(memberToken!, 'GET', '/operation-log/list')).status).toBe(403);
    });

    it('refuses removing role management when nobody else could manage roles, and allows it when someone can', async () => {
      const { companyId, token, adminRole } = await office();
      const withoutRoles = ALL_PERMISSIONS.filter((permission) => !permission.startsWith('roles:'));
      const refused = await api(token, 'PUT', '/tenant/role/permission', { roleId: adminRole, permissions: withoutRoles }, 'zh-CN');
      expect(refused.status).toBe(422);
      expect(refused.body.message).toMatch(/无人能够管理角色/);
      expect((await details(token, adminRole)).permissions).toContain('roles:edit');
      expect(await lastLog(token)).toMatchObject({ action: 'role.setPermissions', result: 'failure' });

      // A role that manages roles but has no members does not count; one with an active member does.
      const keepers = await createRole(token, { name: 'Role keepers' });
      await api(token, 'PUT', '/tenant/role/permission', { roleId: keepers, permissions: ['roles:edit'] });
      expect((await api(token, 'PUT', '/tenant/role/permission', { roleId: adminRole, permissions: withoutRoles })).status).toBe(422);
      await t.factories.user(companyId, { roleId: keepers });
      expect((await api(token, 'PUT', '/tenant/role/permission', { roleId: adminRole, permissions: withoutRoles })).status).toBe(200);
    });

    it('waits for a concurrent role change before checking that someone can still manage roles', async () => {
      const { companyId, token, adminRole } = await office();
      const deputies = await createRole(token, { name: 'Deputies' });
      await api(token, 'PUT', '/tenant/role/permission', { roleId: deputies, permissions: ALL_PERMISSIONS });
      await t.factories.user(companyId, { roleId: deputies });
      const withoutRoles = ALL_PERMISSIONS.filter((permission) => !permission.startsWith('roles:'));

      // A change dropping the deputies' role management is written but not yet committed when the
      // administrator steps down. Each checked against the state before the other, both would pass.
      let answer: Promise<Awaited<ReturnType<typeof api>>> | undefined;
      await t.db.kysely.transaction().execute(async (trx) => {
        await createRoleRepository(trx).setRolePermissions(companyId, deputies, withoutRoles, t.clock.now());
        answer = api(token, 'PUT', '/tenant/role/permission', { roleId: adminRole, permissions: withoutRoles });
        await new Promise((resolve) => setTimeout(resolve, 150));
      });
      expect((await answer!).status).toBe(422);
      expect((await details(token, adminRole)).permissions).toContain('roles:edit');
    });

    it('lets a role manager grant only what their own role holds, and fill only roles no stronger than theirs', async () => {
      const { companyId, token, adminRole, staffRole } = await office();
      const managerRole = await createRole(token, { name: 'People team' });
      await api(token, 'PUT', '/tenant/role/permission', { roleId: managerRole, permissions: ['roles:edit', 'reports:view'] });
      const manager = await t.factories.user(companyId, { roleId: managerRole });
      const managerToken = await t.factories.session(manager);
      const target = await createRole(token, { name: 'Readers' });

      const escalation = await api(managerToken, 'PUT', '/tenant/role/permission', { roleId: target, permissions: ['reports:edit'] });
      expect(escalation.status).toBe(422);
      expect(escalation.body.message).toBe('You can only grant permissions that your own role holds');
      expect((await api(managerToken, 'PUT', '/tenant/role/permission', { roleId: target, permissions: ['reports:view', 'users:edit'] })).status).toBe(200);
      // Permissions the role had already may stay, even those the manager lacks.
      expect((await api(managerToken, 'PUT', '/tenant/role/permission', { roleId: adminRole, permissions: ALL_PERMISSIONS.filter((p) => p !== 'billing:edit') })).status).toBe(200);

      const someone = await t.factories.user(companyId, { roleId: staffRole });
      const stronger = await api(managerToken, 'POST', '/tenant/role/user', { roleId: adminRole, userIds: [someone.id] });
      expect(stronger.status).toBe(422);
      expect(stronger.body.message).toBe('You cannot add members to a role that holds permissions your own role lacks');
      expect((await api(managerToken, 'POST', '/tenant/role/user', { roleId: target, userIds: [someone.id] })).status).toBe(200);
    });
  });

  describe('the same rules through the directory', () => {
    // Any edit switch carries users:edit, and the directory can set a user's role: without the role
    // rules there, an office manager could make themselves administrator or demote the last one.
    async function officeWithManager() {
      const office_ = await office();
      const managerRole = await createRole(office_.token, { name: 'Office manager' });
      await api(office_.token, 'PUT', '/tenant/role/permission', { roleId: managerRole, permissions: ['roomsLocations:edit'] });
      const manager = await t.factories.user(office_.companyId, { roleId: managerRole, firstName: 'Morgan', lastName: 'Manager' });
      return { ...office_, managerRole, manager, managerToken: await t.factories.session(manager) };
    }
    const person = (userName: string, extra: Record<string, unknown> = {}) => ({
      userName,
      email: `${userName}@office.test`,
      firstName: 'New',
      lastName: 'Person',
      departmentId: null,
      locationId: null,
      ...extra,
    });

    it('lets a user editor give only the default role or one no stronger than their own', async () => {
      const { managerToken, manager, managerRole, adminRole, staffRole } = await officeWithManager();
      const promote = await api(managerToken, 'PUT', '/user', { id: manager.id, firstName: 'Morgan', lastName: 'Manager', departmentId: null, locationId: null, roleId: adminRole });
      expect([promote.status, promote.body.message]).toEqual([422, 'You cannot add members to a role that holds permissions your own role lacks']);
      expect(await roleOf(manager)).toBe(managerRole);
      expect((await api(managerToken, 'POST', '/user', person('sneaky.admin', { roleId: adminRole }))).status).toBe(422);

      expect((await api(managerToken, 'POST', '/user', person('new.starter'))).status).toBe(200);
      expect((await api(managerToken, 'POST', '/user', person('new.colleague', { roleId: managerRole }))).status).toBe(200);
      expect((await api(managerToken, 'POST', '/user', person('new.staff', { roleId: staffRole }))).status).toBe(200);
    });

    it('refuses demoting or deactivating the last member who manages roles', async () => {
      const { token, admin, managerRole } = await officeWithManager();
      const fields = { id: admin.id, firstName: 'Avery', lastName: 'Admin', departmentId: null, locationId: null };
      const demote = await api(token, 'PUT', '/user', { ...fields, roleId: managerRole });
      expect([demote.status, demote.body.message]).toEqual([422, expect.stringMatching(/nobody could manage roles/)]);
      expect((await api(token, 'PUT', '/user', { ...fields, status: 'inactive' })).status).toBe(422);
      expect((await api(token, 'GET', '/tenant/role/tree')).status).toBe(200);
    });
  });

  describe('tenancy', () => {
    it("never reads or changes another company's roles or users", async () => {
      const a = await office('Alpha');
      const b = await office('Bravo');
      const bRole = await createRole(b.token, { name: 'Bravo Secret Role' });
      const bUser = await t.factories.user(b.companyId, { roleId: b.staffRole, firstName: 'Bravo', lastName: 'Person' });
      const aRole = await createRole(a.token, { name: 'Alpha Role' });

      expect(JSON.stringify(await tree(a.token))).not.toContain('Bravo');
      expect(JSON.stringify((await api(a.token, 'GET', '/tenant/role/user/candidates?pageSize=100')).body)).not.toContain('Bravo');
      const attempts: Array<[Method, string, unknown]> = [
        ['GET', `/tenant/role/details?id=${bRole}`, undefined],
        ['GET', `/tenant/role/user/search?roleId=${bRole}`, undefined],
        ['POST', '/tenant/role', { name: 'Child of Bravo', parentId: bRole }],
        ['PUT', '/tenant/role', { id: bRole, name: 'Taken over' }],
        ['DELETE', '/tenant/role', { id: bRole }],
        ['PUT', '/tenant/role/swap', { id: aRole, otherId: bRole }],
        ['POST', '/tenant/role/user', { roleId: bRole, userIds: [a.admin.id] }],
        ['POST', '/tenant/role/user', { roleId: aRole, userIds: [bUser.id] }],
        ['DELETE', '/tenant/role/user', { roleId: bRole, userIds: [bUser.id] }],
        ['PUT', '/tenant/role/permission', { roleId: bRole, permissions: ['reports:view'] }],
      ];
      for (const [method, url, body] of attempts) {
        expect((await api(a.token, method, url, body)).status, `${method} ${url}`).toBe(404);
      }
      expect(await details(b.token, bRole)).toMatchObject({ name: 'Bravo Secret Role', permissions: [] });
      expect(await roleOf(bUser)).toBe(b.staffRole);
    });
  });
});
