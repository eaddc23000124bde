import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_PERMISSIONS,
  COOKIE_NAMES,
  LOGIN_THROTTLE,
  MENU_CATALOGUE,
  menuPaths,
  normalizePermissions,
  ReturnCode,
  type CurrentUserInfo,
  type MenuEntry,
  type MenuNode,
} from '@atrium/contract';
import { DAY_MS } from '../../platform/clock.js';
import { call, cookieFrom, createTestApp, signIn, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import type { TestUser } from '../../test/factories.js';
import { createRoleRepository } from '../role/role.repository.js';
import { createSettingsRepository } from '../settings/settings.repository.js';

/** The real catalogue with every page marked built, so menus show what permissions select. */
const allBuilt = (nodes: MenuNode[]): MenuNode[] =>
  nodes.map((node) => ({ ...node, isBuilt: true, ...(node.children ? { children: allBuilt(node.children) } : {}) }));

const get = <T>(t: TestApp, url: string, token: string) => call<T>(t.app, { method: 'GET', url, headers: { token } });
const post = <T>(t: TestApp, url: string, token: string, payload: Record<string, unknown>) =>
  call<T>(t.app, { method: 'POST', url, headers: { token }, payload });

describe(`first sign-in (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let companyId: number;

  const newcomer = (overrides: Partial<Pick<TestUser, 'password'>> = {}) =>
    t.factories.user(companyId, { mustChangePassword: true, password: overrides.password ?? 'Initial-Pass-1', permissions: ALL_PERMISSIONS });

  beforeAll(async () => {
    t = await createTestApp();
    companyId = (await t.factories.company()).id;
  });
  afterAll(() => t.cleanup());

  it('says so at sign-in and copies the flag to the session', async () => {
    const user = await newcomer();
    const { body, token } = await signIn(t.app, user);
    expect(body.message).toBe('First login, please change password');
    expect(body.result.isDefaultPassword).toBe(true);
    const info = await get<CurrentUserInfo>(t, '/api/user/getCurrentUserInfo', token!);
    expect(info.body.result.mustChangePassword).toBe(true);
  });

  it('answers 1009 on every authenticated route except the five allowed ones', async () => {
    const user = await newcomer();
    const { token } = await signIn(t.app, user);
    const allowed = t.app.routeTable.filter((route) => route.allowDuringPasswordChange).map((route) => `${route.method} ${route.url}`);
    expect(allowed.filter((route) => !route.startsWith('HEAD')).sort()).toEqual(
      // Sign-out also through a deployment profile's page (/beike/logout, decision 0021).
      ['GET /api/checkIsLogin', 'GET /api/logout', 'GET /api/beike/logout', 'GET /api/user/getCurrentUserInfo', 'POST /api/user/updateDefaultPassword'].sort(),
    );
    const guarded = t.app.routeTable.filter((route) => (route.access === 'authenticated' || route.access === 'permission') && !route.allowDuringPasswordChange && route.method !== 'HEAD');
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      const answer = await call(t.app, { method: route.method as 'GET', url: route.url, headers: { token: token! }, payload: route.method === 'GET' ? undefined : {} });
      expect(answer.status, route.url).toBe(403);
      expect(answer.body, route.url).toEqual({ returncode: ReturnCode.PASSWORD_CHANGE_REQUIRED, message: 'First login, please change password', result: null });
    }
    expect((await get(t, '/api/checkIsLogin', token!)).status).toBe(200);
  });

  it.each([
    [{ newPassword: 'Brand-New-1', confirmPassword: 'Brand-New-2' }, 'The two passwords do not match'],
    [{ newPassword: 'Brand New 1', confirmPassword: 'Brand New 1' }, 'The password must not contain spaces'],
    [{ newPassword: 'Initial-Pass-1', confirmPassword: 'Initial-Pass-1' }, 'The new password must differ from the old one'],
    [{ newPassword: 'Ab1-x', confirmPassword: 'Ab1-x' }, 'The password must have at least 8 characters'],
  ])('refuses %j with 422/1005', async (payload, message) => {
    const user = await newcomer();
    const { token } = await signIn(t.app, user);
    const answer = await post(t, '/api/user/updateDefaultPassword', token!, payload);
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ returncode: ReturnCode.REFUSED, message, result: null });
    // Nothing changed: the session still works for the change.
    expect((await get(t, '/api/checkIsLogin', token!)).status).toBe(200);
  });

  it("applies the company's password policy", async () => {
    const policyCompany = (await t.factories.company()).id;
    await createSettingsRepository(t.db.kysely).putSetting(
      policyCompany,
      'passwordPolicy',
      { minLength: 10, expiryDays: null, needsUppercase: true, needsLowercase: true, needsNumber: true, needsSpecial: true },
      t.clock.now(),
    );
    const user = await t.factories.user(policyCompany, { mustChangePassword: true, password: 'Initial-Pass-1' });
    const { token } = await signIn(t.app, user);
    const tooShort = await post(t, '/api/user/updateDefaultPassword', token!, { newPassword: 'Abc-12345', confirmPassword: 'Abc-12345' });
    expect(tooShort.body.message).toBe('The password must have at least 10 characters');
    const noSpecial = await post(t, '/api/user/updateDefaultPassword', token!, { newPassword: 'Abcdefgh12', confirmPassword: 'Abcdefgh12' });
    expect(noSpecial.body.message).toBe('The password needs a special character');
    const zh = await call(t.app, {
      method: 'POST',
      url: '/api/user/updateDefaultPassword',
      headers: { token: token!, lang: 'zh-CN' },
      payload: { newPassword: 'abcdefgh12!', confirmPassword: 'abcdefgh12!' },
    });
    expect(zh.body.message).toBe('密码需包含大写字母');
    expect((await post(t, '/api/user/updateDefaultPassword', token!, { newPassword: 'Abcdefgh12!', confirmPassword: 'Abcdefgh12!' })).status).toBe(200);
  });

  it('answers 400/1001 when a field is missing', async () => {
    const user = await newcomer();
    const { token } = await signIn(t.app, user);
    const answer = await post<{ issues: Array<{ path: string }> }>(t, '/api/user/updateDefaultPassword', token!, { newPassword: 'Brand-New-1' });
    expect(answer.status).toBe(400);
    expect(answer.body.returncode).toBe(ReturnCode.BAD_REQUEST);
    expect(answer.body.result.issues.map((issue) => issue.path)).toEqual(['confirmPassword']);
  });

  it('on success ends every session, clears the cookie, and only the new password works', async () => {
    const user = await newcomer();
    const first = await signIn(t.app, user);
    const second = await signIn(t.app, user);
    t.clock.advance(60_000);
    const changed = await post(t, '/api/user/updateDefaultPassword', first.token!, { newPassword: 'Brand-New-Pass-7', confirmPassword: 'Brand-New-Pass-7' });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ returncode: 200, message: 'Password changed, please sign in again', result: null });
    expect(cookieFrom(changed.response, COOKIE_NAMES.token)?.value).toBe('');
    for (const token of [first.token!, second.token!]) {
      expect((await get(t, '/api/checkIsLogin', token)).body.returncode).toBe(ReturnCode.SESSION_INVALID);
    }
    expect((await signIn(t.app, user)).body.returncode).toBe(ReturnCode.WRONG_CREDENTIALS);
    const again = await signIn(t.app, { userName: user.userName, password: 'Brand-New-Pass-7' });
    expect(again.body.message).toBe('Success');
    expect(again.body.result.isDefaultPassword).toBe(false);
    expect((await get(t, '/api/user/getMenuList', again.token!)).status).toBe(200);
    const row = await t.db.kysely.selectFrom('users').select(['must_change_password', 'password_changed_at']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ must_change_password: 0, password_changed_at: t.clock.now() });
  });

  it('is refused to a session that has no pending change', async () => {
    const user = await t.factories.user(companyId);
    const { token } = await signIn(t.app, user);
    const answer = await post(t, '/api/user/updateDefaultPassword', token!, { newPassword: 'Brand-New-Pass-8', confirmPassword: 'Brand-New-Pass-8' });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('No password change is pending; change your password from your account page');
    expect((await signIn(t.app, user)).status).toBe(200);
  });
});

describe(`POST /api/user/updateUserPassword (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let companyId: number;
  beforeAll(async () => {
    t = await createTestApp();
    companyId = (await t.factories.company()).id;
  });
  afterAll(() => t.cleanup());

  const change = (token: string, oldPassword: string, newPassword: string, confirmPassword = newPassword) =>
    post(t, '/api/user/updateUserPassword', token, { oldPassword, newPassword, confirmPassword });

  it('changes the password, keeps this session and ends the others', async () => {
    const user = await t.factories.user(companyId);
    const current = await signIn(t.app, user);
    const other = await signIn(t.app, user);
    const answer = await change(current.token!, user.password, 'Another-Pass-3');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ returncode: 200, message: 'Success', result: null });
    expect((await get(t, '/api/checkIsLogin', current.token!)).status).toBe(200);
    expect((await get(t, '/api/checkIsLogin', other.token!)).status).toBe(401);
    expect((await signIn(t.app, user)).status).toBe(400);
    expect((await signIn(t.app, { userName: user.userName, password: 'Another-Pass-3' })).status).toBe(200);
  });

  it('applies the same rules as the first change', async () => {
    const user = await t.factories.user(companyId);
    const { token } = await signIn(t.app, user);
    expect((await change(token!, user.password, 'Another-Pass-4', 'Another-Pass-5')).body.message).toBe('The two passwords do not match');
    expect((await change(token!, user.password, 'has spaces 1')).body.message).toBe('The password must not contain spaces');
    expect((await change(token!, user.password, 'short')).body.message).toBe('The password must have at least 8 characters');
    const same = await change(token!, user.password, user.password);
    expect(same.status).toBe(422);
    expect(same.body).toMatchObject({ returncode: ReturnCode.REFUSED, message: 'The new password must differ from the old one' });
  });

  it('refuses a wrong old password with 400/1005 and counts it as a failed sign-in', async () => {
    const user = await t.factories.user(companyId);
    const { token } = await signIn(t.app, user);
    for (let i = 0; i < LOGIN_THROTTLE.freeFailuresPerPair; i++) {
      const answer = await change(token!, `Wrong-old-${i}`, 'Another-Pass-6');
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ returncode: ReturnCode.REFUSED, message: 'Wrong password', result: null });
    }
    // The account is now throttled from this address: for this form and for sign-in.
    expect((await change(token!, user.password, 'Another-Pass-6')).status).toBe(429);
    expect((await signIn(t.app, user)).status).toBe(429);
  });

  it("is not held back by a stranger's wrong passwords from another address", async () => {
    const user = await t.factories.user(companyId);
    const { token } = await signIn(t.app, user);
    for (let i = 0; i <= LOGIN_THROTTLE.freeFailuresPerPair; i++) {
      await call(t.app, { method: 'POST', url: '/api/login', remoteAddress: '198.51.100.66', payload: { userName: user.userName, password: `Guess-${i}` } });
    }
    expect((await change(token!, user.password, 'Another-Pass-7')).status).toBe(200);
  });
});

describe(`current user, menu and role (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let companyId: number;
  beforeAll(async () => {
    t = await createTestApp({ menuCatalogue: allBuilt(MENU_CATALOGUE) });
    companyId = (await t.factories.company({ name: 'Lumen Labs', logo: '/uploads/lumen.png' })).id;
  });
  afterAll(() => t.cleanup());

  it('describes the signed-in user with company, role, department and permissions', async () => {
    const departmentId = await t.factories.department(companyId, 'Research');
    const roleId = await t.factories.role(companyId, ['reports:view', 'calendarRoomUse:edit'], { name: 'Analyst' });
    const user = await t.factories.user(companyId, {
      roleId,
      departmentId,
      userName: 'ada.l',
      firstName: 'Ada',
      lastName: 'Lovelace',
      gender: 'female',
      phone: '+44 20 7946 0000',
    });
    const { token } = await signIn(t.app, user);
    const { body } = await get<CurrentUserInfo>(t, '/api/user/getCurrentUserInfo', token!);
    expect(body.result).toEqual({
      id: user.id,
      avatar: null,
      fullName: 'Ada Lovelace',
      userName: 'ada.l',
      usercode: expect.any(String),
      email: user.email,
      userGroupDto: { roomLocations: [] },
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '+44 20 7946 0000',
      gender: 'female',
      role: { id: roleId, name: 'Analyst' },
      department: { id: departmentId, name: 'Research' },
      company: { id: companyId, name: 'Lumen Labs', logo: '/uploads/lumen.png' },
      permissions: normalizePermissions(['reports:view', 'calendarRoomUse:edit']),
      mustChangePassword: false,
      passwordExpired: false,
      timeZone: null,
    });
  });

  it("reports an expired password under the company's policy, at sign-in and after", async () => {
    const company = (await t.factories.company()).id;
    await createSettingsRepository(t.db.kysely).putSetting(company, 'passwordPolicy', { expiryDays: 30 }, t.clock.now());
    const user = await t.factories.user(company, { passwordChangedAt: t.clock.now() - 31 * DAY_MS });
    const fresh = await t.factories.user(company, { passwordChangedAt: t.clock.now() - 29 * DAY_MS });
    const stale = await signIn(t.app, user);
    expect(stale.body.result).toMatchObject({ passwordExpired: true });
    expect((await get<CurrentUserInfo>(t, '/api/user/getCurrentUserInfo', stale.token!)).body.result.passwordExpired).toBe(true);
    expect((await signIn(t.app, fresh)).body.result).toMatchObject({ passwordExpired: false });
  });

  it('gives each role its own menu', async () => {
    const admin = await t.factories.user(companyId, { permissions: ALL_PERMISSIONS });
    // View-only: any edit switch would also grant users:edit (spec 000 section 4) and so the directory.
    const staff = await t.factories.user(companyId, { permissions: ['calendarRoomUse:view', 'liveMeetings:view'] });
    const adminMenu = (await get<MenuEntry[]>(t, '/api/user/getMenuList', (await signIn(t.app, admin)).token!)).body.result;
    const staffMenu = (await get<MenuEntry[]>(t, '/api/user/getMenuList', (await signIn(t.app, staff)).token!)).body.result;
    expect(menuPaths(adminMenu)).toContain('/directory');
    expect(menuPaths(adminMenu)).toContain('/reserve');
    expect(menuPaths(staffMenu)).toContain('/reserve');
    expect(menuPaths(staffMenu)).not.toContain('/directory');
    expect(menuPaths(staffMenu).length).toBeLessThan(menuPaths(adminMenu).length);
    const reserve = staffMenu.flatMap((entry) => entry.children).find((entry) => entry.path === '/reserve')!;
    expect(reserve).toMatchObject({ view: true, edit: false, title: 'menu.reserve' });
    const adminReserve = adminMenu.flatMap((entry) => entry.children).find((entry) => entry.path === '/reserve')!;
    expect(adminReserve).toMatchObject({ view: true, edit: true });
  });

  it('shows a role without permissions only the entries everyone sees', async () => {
    const nobody = await t.factories.user(companyId, { permissions: [] });
    const menu = (await get<MenuEntry[]>(t, '/api/user/getMenuList', (await signIn(t.app, nobody)).token!)).body.result;
    const everyone = (nodes: MenuNode[]): string[] =>
      nodes.flatMap((node) => (node.children ? everyone(node.children) : node.area ? [] : [node.key]));
    const keys = (entries: MenuEntry[]): string[] => entries.flatMap((entry) => (entry.children.length ? keys(entry.children) : [entry.key]));
    expect(keys(menu).sort()).toEqual(everyone(MENU_CATALOGUE).sort());
  });

  it('applies a role change on the next request, without signing in again', async () => {
    const user = await t.factories.user(companyId, { permissions: [] });
    const { token } = await signIn(t.app, user);
    const roles = createRoleRepository(t.db.kysely);
    expect(menuPaths((await get<MenuEntry[]>(t, '/api/user/getMenuList', token!)).body.result)).not.toContain('/report');
    expect((await get(t, '/api/role/current', token!)).body.result).toEqual([]);

    await roles.setRolePermissions(companyId, user.roleId, ['reports:view'], t.clock.now());
    expect(menuPaths((await get<MenuEntry[]>(t, '/api/user/getMenuList', token!)).body.result)).toContain('/report');
    expect((await get(t, '/api/role/current', token!)).body.result).toEqual([{ name: 'reports:view' }]);
    expect((await get<CurrentUserInfo>(t, '/api/user/getCurrentUserInfo', token!)).body.result.permissions).toEqual(['reports:view']);

    await roles.setRolePermissions(companyId, user.roleId, [], t.clock.now());
    expect(menuPaths((await get<MenuEntry[]>(t, '/api/user/getMenuList', token!)).body.result)).not.toContain('/report');
  });

  it("lists the caller's permissions at /api/role/current, normalised", async () => {
    const user = await t.factories.user(companyId, { permissions: ['roomsLocations:edit'] });
    const { body } = await get<Array<{ name: string }>>(t, '/api/role/current', (await signIn(t.app, user)).token!);
    expect(body.result).toEqual([{ name: 'roomsLocations:view' }, { name: 'roomsLocations:edit' }, { name: 'users:view' }, { name: 'users:edit' }]);
  });
});

describe(`menu with this build's catalogue (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.cleanup());

  it('lists only built pages', async () => {
    const { admin } = await t.factories.companyWithAdmin();
    const menu = (await get<MenuEntry[]>(t, '/api/user/getMenuList', (await signIn(t.app, admin)).token!)).body.result;
    const built = (nodes: MenuNode[]): string[] => nodes.flatMap((node) => [...(node.path && node.isBuilt ? [node.path] : []), ...built(node.children ?? [])]);
    expect(menuPaths(menu).sort()).toEqual(built(MENU_CATALOGUE).sort());
    expect(menuPaths(menu)).toContain('/personal');
    expect(menu.map((entry) => entry.key)).toContain('help');
  });
});
