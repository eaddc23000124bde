import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { menuPaths as pathsOf, type CurrentUserInfo, type MenuEntry, type PasswordPolicy } from '@atrium/contract';
import { DAY_MS, MINUTE_MS } from '../../platform/clock.js';
import { call, createTestApp, signIn, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { testLicenceToken } from '../../test/licences.js';
import { createApplicationRepository } from '../application/application.repository.js';
import { createBranchRepository } from '../branch/branch.repository.js';
import { createRoleRepository } from '../role/role.repository.js';
import { createSettingsRepository, SETTING_KEYS } from '../settings/settings.repository.js';

const POLICY: PasswordPolicy = { minLength: 10, expiryDays: 30, needsUppercase: true, needsLowercase: true, needsNumber: true, needsSpecial: false };

/**
 * What a signed-in request costs the database, counted through the app's query log, and the
 * in-memory roles and password policies that keep it at one statement staying exact across
 * processes (docs/decisions/0015, "Per-request cost").
 */
describe(`signed-in request cost (${TEST_DIALECT})`, () => {
  // The session lookup while nothing changed: kept in memory on SQLite, where the change stamp
  // costs no query (decision 0015, "Per-request cost"); one statement on PostgreSQL.
  const SESSION = TEST_DIALECT === 'sqlite' ? 0 : 1;
  let t: TestApp;
  const statements: string[] = [];
  let token: string;
  let companyId: number;
  let roleId: number;

  const read = (url: string) => call<CurrentUserInfo>(t.app, { method: 'GET', url, headers: { token } });
  /** The statements one request runs. */
  const statementsOf = async (url: string) => {
    statements.length = 0;
    const answer = await read(url);
    expect(answer.status, url).toBe(200);
    return [...statements];
  };

  beforeAll(async () => {
    t = await createTestApp({ onQuery: (sql) => statements.push(sql) });
    companyId = (await t.factories.company()).id;
    const user = await t.factories.user(companyId, { permissions: ['reports:view'] });
    roleId = user.roleId;
    token = (await signIn(t.app, user)).token!;
  });
  afterAll(() => t.cleanup());
  // Past the first request of a company (its roles and policy loaded), within the minute between touches.
  beforeEach(async () => {
    await read('/api/user/getCurrentUserInfo');
  });

  it('answers getCurrentUserInfo with one statement: the session with the profile and the access version', async () => {
    expect(await statementsOf('/api/user/getCurrentUserInfo')).toHaveLength(SESSION);
  });

  it('answers another signed-in route with one statement for the caller', async () => {
    // /api/role/current presents the permissions alone: the session lookup is all it reads.
    expect(await statementsOf('/api/role/current')).toHaveLength(1);
    expect(await statementsOf('/api/role/current')).toHaveLength(SESSION);
  });

  it("answers the menu with one statement: the switched-off applications and the branch's menu come with the roles", async () => {
    expect(await statementsOf('/api/user/getMenuList')).toHaveLength(SESSION);
  });

  it('reloads the roles, the password policy, the applications, the licences and the branch\'s menu once after any changes, then costs one statement again', async () => {
    // The reload: the roles, the password policy, the switched-off applications, the licences and the branch's menu, beside the session.
    const RELOAD = 6;
    await createRoleRepository(t.db.kysely).setRolePermissions(companyId, roleId, ['reports:view', 'liveMeetings:view'], t.clock.now());
    expect(await statementsOf('/api/user/getCurrentUserInfo')).toHaveLength(RELOAD);
    expect(await statementsOf('/api/user/getCurrentUserInfo')).toHaveLength(SESSION);
    await createSettingsRepository(t.db.kysely).putSetting(companyId, SETTING_KEYS.passwordPolicy, POLICY, t.clock.now());
    expect(await statementsOf('/api/user/getCurrentUserInfo')).toHaveLength(RELOAD);
    expect(await statementsOf('/api/user/getCurrentUserInfo')).toHaveLength(SESSION);
    await createApplicationRepository(t.db.kysely).setEnabled(companyId, 'rooms', false, t.clock.now());
    expect(await statementsOf('/api/user/getMenuList')).toHaveLength(RELOAD);
    expect(await statementsOf('/api/user/getMenuList')).toHaveLength(SESSION);
    await t.factories.licence(companyId, testLicenceToken('any', t.clock.now()));
    expect(await statementsOf('/api/user/getMenuList')).toHaveLength(RELOAD);
    expect(await statementsOf('/api/user/getMenuList')).toHaveLength(SESSION);
    // Operator area (migration 0074): a new menu on the company's branch, and the company moved to another branch.
    await createApplicationRepository(t.db.kysely).setEnabled(companyId, 'rooms', true, t.clock.now());
    await read('/api/user/getMenuList');
    const branches = createBranchRepository(t.db.kysely);
    const defaultBranch = await branches.defaultBranchId();
    await branches.setMenuKeys(defaultBranch, true, ['live'], t.clock.now());
    expect(await statementsOf('/api/user/getMenuList')).toHaveLength(RELOAD);
    expect(await statementsOf('/api/user/getMenuList')).toHaveLength(SESSION);
    expect(pathsOf((await read('/api/user/getMenuList')).body.result as unknown as MenuEntry[])).toEqual(['/live', '/personal', '/application']);
    const pilot = await branches.insertBranch({ name: 'Pilot', description: null, version: '1.0.0', menuKeys: null, now: t.clock.now() });
    await branches.assignCompanies(pilot, false, [companyId], t.clock.now());
    expect(await statementsOf('/api/user/getMenuList')).toHaveLength(RELOAD);
    expect(await statementsOf('/api/user/getMenuList')).toHaveLength(SESSION);
    expect(pathsOf((await read('/api/user/getMenuList')).body.result as unknown as MenuEntry[])).toContain('/report');
  });

  it('adds the touch of last_seen_at once a minute', async () => {
    t.clock.advance(MINUTE_MS);
    expect(await statementsOf('/api/user/getCurrentUserInfo')).toHaveLength(SESSION + 1);
    // The touch moved the change stamp: the session is read again.
    expect(await statementsOf('/api/user/getCurrentUserInfo')).toHaveLength(1);
    expect(await statementsOf('/api/user/getCurrentUserInfo')).toHaveLength(SESSION);
  });

  it('ends a kept session on the next request once it is revoked, and never keeps an unknown token', async () => {
    const user = await t.factories.user(companyId, { permissions: ['reports:view'] });
    const own = (await signIn(t.app, user)).token!;
    const mine = (url: string) => call(t.app, { method: 'GET', url, headers: { token: own } });
    expect((await mine('/api/user/getCurrentUserInfo')).status).toBe(200);
    statements.length = 0;
    expect((await mine('/api/user/getCurrentUserInfo')).status).toBe(200);
    expect(statements).toHaveLength(SESSION);
    await t.db.kysely.updateTable('sessions').set({ revoked_at: t.clock.now() }).where('user_id', '=', user.id).execute();
    expect((await mine('/api/user/getCurrentUserInfo')).status).toBe(401);
    // Refused tokens are asked of the database every time.
    statements.length = 0;
    expect((await mine('/api/user/getCurrentUserInfo')).status).toBe(401);
    expect(statements).toHaveLength(1);
  });
});

describe(`roles, password policy and applications kept in memory, two processes (${TEST_DIALECT})`, () => {
  let first: TestApp;
  let second: TestApp;
  let admin: string;
  let companyId: number;
  let roleId: number;
  let member: { userName: string; password: string };

  const currentUser = async (app: TestApp, token: string) => {
    const answer = await call<CurrentUserInfo>(app.app, { method: 'GET', url: '/api/user/getCurrentUserInfo', headers: { token } });
    expect(answer.status).toBe(200);
    return answer.body.result;
  };
  /** Every path of the caller's menu, nested entries included. */
  const menuPaths = async (app: TestApp, token: string) => {
    const answer = await call<MenuEntry[]>(app.app, { method: 'GET', url: '/api/user/getMenuList', headers: { token } });
    expect(answer.status).toBe(200);
    const paths: string[] = [];
    const walk = (entries: MenuEntry[]) => {
      for (const entry of entries) {
        if (entry.path) paths.push(entry.path);
        walk(entry.children ?? []);
      }
    };
    walk(answer.body.result);
    return paths;
  };
  const status = async (app: TestApp, token: string, url: string) => (await app.app.inject({ method: 'GET', url, headers: { token } })).statusCode;

  beforeAll(async () => {
    first = await createTestApp();
    second = await createTestApp({ database: first.database, clock: first.clock });
    const office = await first.factories.companyWithAdmin();
    companyId = office.company.id;
    admin = (await signIn(first.app, office.admin)).token!;
    roleId = await first.factories.role(companyId, ['liveMeetings:view'], { name: 'Staff' });
    member = await first.factories.user(companyId, { roleId, passwordChangedAt: first.clock.now() - 40 * DAY_MS });
  });
  afterAll(async () => {
    await second.cleanup();
    await first.cleanup();
  });

  it("applies a role's new permissions on the next request in the other process", async () => {
    const token = (await signIn(second.app, member)).token!;
    // Both processes hold the company's roles now.
    expect((await currentUser(second, token)).permissions).toEqual(['liveMeetings:view']);
    expect((await currentUser(first, token)).permissions).toEqual(['liveMeetings:view']);
    expect(await status(second, token, '/api/report/options')).toBe(403);

    const changed = await call(first.app, { method: 'PUT', url: '/api/tenant/role/permission', headers: { token: admin }, payload: { roleId, permissions: ['reports:view'] } });
    expect(changed.status).toBe(200);
    expect((await currentUser(second, token)).permissions).toEqual(['reports:view']);
    expect(await status(second, token, '/api/report/options')).toBe(200);
    expect(await status(second, token, '/api/live/rooms')).toBe(403);

    // And back, changed through the other process.
    await call(second.app, { method: 'PUT', url: '/api/tenant/role/permission', headers: { token: admin }, payload: { roleId, permissions: ['liveMeetings:view'] } });
    expect((await currentUser(first, token)).permissions).toEqual(['liveMeetings:view']);
    expect(await status(first, token, '/api/report/options')).toBe(403);
  });

  it('applies a new password policy on the next request in the other process', async () => {
    const token = (await signIn(second.app, member)).token!;
    expect((await currentUser(second, token)).passwordExpired).toBe(false);
    expect((await currentUser(first, token)).passwordExpired).toBe(false);

    const saved = await call(first.app, { method: 'POST', url: '/api/passStrategy/updatePassStrategy', headers: { token: admin }, payload: POLICY });
    expect(saved.status).toBe(200);
    // Forty days old under a thirty-day policy.
    expect((await currentUser(second, token)).passwordExpired).toBe(true);
    expect((await currentUser(first, token)).passwordExpired).toBe(true);

    // An operator's SQL counts too: the trigger raises the version whoever writes.
    await second.db.kysely.deleteFrom('settings').where('company_id', '=', companyId).where('key', '=', SETTING_KEYS.passwordPolicy).execute();
    expect((await currentUser(first, token)).passwordExpired).toBe(false);
    expect((await currentUser(second, token)).passwordExpired).toBe(false);
  });

  it('hides a switched-off application from the menu on the next request in the other process', async () => {
    expect(await menuPaths(second, admin)).toContain('/display-settings');
    expect(await menuPaths(first, admin)).toContain('/display-settings');
    const off = await call(first.app, { method: 'PUT', url: '/api/company/application', headers: { token: admin }, payload: { key: 'rooms', isEnabled: false } });
    expect(off.status).toBe(200);
    expect(await menuPaths(second, admin)).not.toContain('/display-settings');
    expect(await menuPaths(second, admin)).toContain('/directory');
    // An operator's SQL counts too.
    await second.db.kysely.deleteFrom('company_applications').where('company_id', '=', companyId).execute();
    expect(await menuPaths(first, admin)).toContain('/display-settings');
    expect(await menuPaths(second, admin)).toContain('/display-settings');
  });

  it('makes a licensed module read-only and writable again on the next request in the other process', async () => {
    const addReason = (app: TestApp, name: string) => call(app.app, { method: 'POST', url: '/api/visitor/reason/add', headers: { token: admin }, payload: { name } });
    expect((await addReason(second, 'Before')).status).toBe(200);
    // An operator's SQL removes the factory's licence: both processes refuse the next write.
    await first.db.kysely.deleteFrom('company_licences').where('company_id', '=', companyId).execute();
    expect((await addReason(second, 'Unlicensed')).body.returncode).toBe(1015);
    expect((await addReason(first, 'Unlicensed')).body.returncode).toBe(1015);
    const code = (await first.db.kysely.selectFrom('companies').select('domain').where('id', '=', companyId).executeTakeFirstOrThrow()).domain!;
    const installed = await call(second.app, { method: 'POST', url: '/api/company/licence', headers: { token: admin }, payload: { token: testLicenceToken(code, first.clock.now()) } });
    expect(installed.status).toBe(200);
    expect((await addReason(first, 'After')).status).toBe(200);
  });
});
