import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatMessage,
  menuPaths,
  ReturnCode,
  type Branch,
  type BranchList,
  type Lang,
  type MenuEntry,
  type MenuPermissionsResult,
  type OperatorLoginResult,
  type Release,
  type ReleaseNotesResult,
  type StorePage,
} from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { createCachingHasher } from '../../test/factories.js';
import { createOperatorRepository } from '../operator/operator.repository.js';
import { ensureOperator } from '../operator/operator.service.js';

const PASSWORD = 'Runs-The-Place-2026';

describe(`branches, versions and release notes (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let operatorToken: string;
  let alpha: { companyId: number; adminToken: string; secondAdminToken: string; staffToken: string };
  let bravo: { companyId: number; adminToken: string };
  let pilot: Branch;

  beforeAll(async () => {
    t = await createTestApp();
    await ensureOperator({ operators: createOperatorRepository(t.db.kysely), hasher: createCachingHasher(), clock: t.clock }, { userName: 'operator', password: PASSWORD });
    const login = await call<OperatorLoginResult>(t.app, { method: 'POST', url: '/api/boss/login', payload: { userName: 'operator', password: PASSWORD } });
    operatorToken = login.body.result.token;
    const a = await t.factories.companyWithAdmin('Alpha Works');
    const secondAdmin = await t.factories.user(a.company.id, { permissions: ['accountGlobal:edit', 'calendarRoomUse:view'] });
    const staff = await t.factories.user(a.company.id, { permissions: ['calendarRoomUse:view', 'broadcast:view'] });
    alpha = {
      companyId: a.company.id,
      adminToken: await t.factories.session(a.admin),
      secondAdminToken: await t.factories.session(secondAdmin),
      staffToken: await t.factories.session(staff),
    };
    const b = await t.factories.companyWithAdmin('Bravo Holdings');
    bravo = { companyId: b.company.id, adminToken: await t.factories.session(b.admin) };
  });
  afterAll(() => t.cleanup());

  const boss = <T>(path: string, payload?: Record<string, unknown>, lang: Lang = 'en-US') =>
    call<T>(t.app, payload === undefined
      ? { method: 'GET', url: `/api/boss/storeManager/${path}`, headers: { token: operatorToken, lang } }
      : { method: 'POST', url: `/api/boss/storeManager/${path}`, headers: { token: operatorToken, lang }, payload });
  const notesOf = (token: string) => call<ReleaseNotesResult>(t.app, { method: 'GET', url: '/api/branch/releaseNotes', headers: { token } });
  const menuOf = async (token: string) => menuPaths((await call<MenuEntry[]>(t.app, { method: 'GET', url: '/api/user/getMenuList', headers: { token } })).body.result);

  it('lists the default branch with every company on it', async () => {
    const list = (await boss<BranchList>('getBranch')).body.result;
    expect(list.map((branch) => [branch.name, branch.isDefault, branch.version, branch.menuKeys, branch.companyCount, branch.draft])).toEqual([['Standard', true, '0.1.0', null, 2, null]]);
    const companies = (await boss<StorePage>('getStoreList', {})).body.result;
    expect(companies.list.map((company) => [company.name, company.branchName, company.version, company.userCount])).toEqual([
      ['Alpha Works', 'Standard', '0.1.0', 3],
      ['Bravo Holdings', 'Standard', '0.1.0', 1],
    ]);
    expect((await boss<StorePage>('getStoreList', { keyword: 'brav' })).body.result.list.map((company) => company.name)).toEqual(['Bravo Holdings']);
    // A wildcard typed in the search matches itself only.
    expect((await boss<StorePage>('getStoreList', { keyword: '%' })).body.result.total).toBe(0);
  });

  it('creates a branch, refusing bad input and a taken name in both languages', async () => {
    expect((await boss('createBranch', { name: ' ', version: '1.0.0' })).status).toBe(400);
    expect((await boss('createBranch', { name: 'Pilot', version: 'one' })).status).toBe(400);
    expect((await boss('createBranch', { name: 'Pilot', version: '1.0.0', menuKeys: ['noSuchEntry'] })).status).toBe(400);
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const taken = await boss('createBranch', { name: 'STANDARD', version: '1.0.0' }, lang);
      expect([taken.status, taken.body.returncode, taken.body.message]).toEqual([409, ReturnCode.CONFLICT, formatMessage('branchNameTaken', lang, { name: 'STANDARD' })]);
    }
    const created = await boss<Branch>('createBranch', { name: 'Pilot', description: 'Early adopters', version: '1.4.0' });
    expect([created.status, created.body.message]).toEqual([200, formatMessage('branchCreated', 'en-US')]);
    pilot = created.body.result;
    expect([pilot.name, pilot.isDefault, pilot.version, pilot.companyCount, pilot.menuKeys]).toEqual(['Pilot', false, '1.4.0', 0, null]);
  });

  it('moves a company onto a branch; an unknown company changes nothing, an unknown branch answers 404', async () => {
    const unknown = await boss('updateBranch', { id: pilot.id, name: 'Pilot', companyIds: [alpha.companyId, 999_999] });
    expect([unknown.status, unknown.body.message]).toEqual([404, formatMessage('branchCompanyNotFound', 'en-US')]);
    expect((await boss<StorePage>('getStoreList', { branchId: pilot.id })).body.result.total).toBe(0);
    expect((await boss('updateBranch', { id: 999_999, name: 'Nowhere' })).status).toBe(404);
    expect((await boss('updateBranch', { id: pilot.id, name: 'standard' })).status).toBe(409);
    const moved = await boss<Branch>('updateBranch', { id: pilot.id, name: 'Pilot programme', description: null, companyIds: [alpha.companyId] });
    expect([moved.status, moved.body.result.name, moved.body.result.companyCount]).toEqual([200, 'Pilot programme', 1]);
    const onPilot = (await boss<StorePage>('getStoreList', { branchId: pilot.id })).body.result.list;
    expect(onPilot.map((company) => [company.name, company.version])).toEqual([['Alpha Works', '1.4.0']]);
    expect((await boss<BranchList>('getBranch')).body.result.map((branch) => [branch.name, branch.companyCount])).toEqual([['Standard', 1], ['Pilot programme', 1]]);
    // The company's console shows its branch's version.
    expect((await notesOf(alpha.staffToken)).body.result).toEqual({ version: '1.4.0', unread: [] });
    expect((await notesOf(bravo.adminToken)).body.result.version).toBe('0.1.0');
  });

  it('releases a version with notes in both languages; it needs notes and a newer version', async () => {
    const noDraft = await boss('releaseVersion', { branchId: pilot.id }, 'zh-CN');
    expect([noDraft.status, noDraft.body.returncode, noDraft.body.message]).toEqual([422, ReturnCode.REFUSED, formatMessage('branchNoDraft', 'zh-CN')]);
    const older = await boss('updatedInstructions', { branchId: pilot.id, version: '1.3.9', notesEn: 'Old', notesZh: '旧' });
    expect([older.status, older.body.message]).toEqual([422, formatMessage('branchVersionNotNewer', 'en-US', { version: '1.3.9', current: '1.4.0' })]);
    expect((await boss('updatedInstructions', { branchId: pilot.id, version: '1.5.0', notesEn: 'New', notesZh: ' ' })).status).toBe(400);
    const saved = await boss<Branch>('updatedInstructions', { branchId: pilot.id, version: '1.5.0', notesEn: 'Desks can be booked a week ahead.', notesZh: '工位可提前一周预订。' });
    expect(saved.body.result.draft).toEqual({ version: '1.5.0', notesEn: 'Desks can be booked a week ahead.', notesZh: '工位可提前一周预订。' });
    // Nothing is shown before the release.
    expect((await notesOf(alpha.adminToken)).body.result.unread).toEqual([]);
    t.clock.advance(60_000);
    const released = await boss<Release>('releaseVersion', { branchId: pilot.id });
    expect([released.status, released.body.message, released.body.result.version]).toEqual([200, formatMessage('branchVersionReleased', 'en-US', { version: '1.5.0' }), '1.5.0']);
    const after = (await boss<BranchList>('getBranch')).body.result.find((branch) => branch.id === pilot.id)!;
    expect([after.version, after.draft, after.releasedAt]).toEqual(['1.5.0', null, t.clock.now()]);
  });

  it("shows each administrator of the branch's companies the notes once; others never", async () => {
    const first = (await notesOf(alpha.adminToken)).body.result;
    expect([first.version, first.unread.map((note) => [note.version, note.notesEn, note.notesZh])]).toEqual(['1.5.0', [['1.5.0', 'Desks can be booked a week ahead.', '工位可提前一周预订。']]]);
    // Shown again until dismissed.
    expect((await notesOf(alpha.adminToken)).body.result.unread).toHaveLength(1);
    const read = await call(t.app, { method: 'POST', url: '/api/branch/releaseNotes/read', headers: { token: alpha.adminToken }, payload: { id: first.unread[0]!.id } });
    expect(read.status).toBe(200);
    expect((await notesOf(alpha.adminToken)).body.result.unread).toEqual([]);
    // Dismissing twice is harmless; the other administrator still has theirs.
    expect((await call(t.app, { method: 'POST', url: '/api/branch/releaseNotes/read', headers: { token: alpha.adminToken }, payload: { id: first.unread[0]!.id } })).status).toBe(200);
    expect((await notesOf(alpha.secondAdminToken)).body.result.unread).toHaveLength(1);
    // Staff without administration and another branch's company see none, and cannot mark it.
    expect((await notesOf(alpha.staffToken)).body.result.unread).toEqual([]);
    expect((await notesOf(bravo.adminToken)).body.result).toEqual({ version: '0.1.0', unread: [] });
    const foreign = await call(t.app, { method: 'POST', url: '/api/branch/releaseNotes/read', headers: { token: bravo.adminToken }, payload: { id: first.unread[0]!.id } });
    expect([foreign.status, foreign.body.returncode]).toEqual([404, ReturnCode.NOT_FOUND]);
    const rows = await t.db.kysely.selectFrom('release_reads').select(['company_id', 'user_id']).execute();
    expect(rows.map((row) => row.company_id)).toEqual([alpha.companyId]);
  });

  it("offers a company only the menu entries its branch allows, never removing the administration's", async () => {
    const before = await menuOf(alpha.adminToken);
    expect(before).toEqual(expect.arrayContaining(['/reserve', '/broadcast', '/directory', '/role', '/company']));
    const flag = await boss<MenuPermissionsResult>('menuPermissions', {});
    expect(flag.body.result).toEqual({ isBossMenu: true, branch: null });
    expect((await boss('menuPermissions', { branchId: pilot.id, menuKeys: ['reserve', 'nope'] })).status).toBe(400);
    const set = await boss<MenuPermissionsResult>('menuPermissions', { branchId: pilot.id, menuKeys: ['reserve', 'reserve'] });
    expect([set.body.message, set.body.result.branch?.menuKeys]).toEqual([formatMessage('branchMenuSaved', 'en-US'), ['reserve']]);
    const after = await menuOf(alpha.adminToken);
    expect(after).toContain('/reserve');
    expect(after).not.toContain('/broadcast');
    expect(after).not.toContain('/live');
    expect(after).toEqual(expect.arrayContaining(['/directory', '/role', '/company', '/manager', '/personal', '/application']));
    // Staff see the branch's entries their role allows; the other branch's company is untouched.
    expect(await menuOf(alpha.staffToken)).toEqual(['/reserve', '/personal', '/application']);
    expect(await menuOf(bravo.adminToken)).toEqual(before);
    // Null offers every entry again.
    await boss('menuPermissions', { branchId: pilot.id, menuKeys: null });
    expect(await menuOf(alpha.adminToken)).toEqual(before);
  });

  it('refuses company sessions on the boss calls', async () => {
    for (const token of [alpha.adminToken, bravo.adminToken]) {
      const answer = await call(t.app, { method: 'POST', url: '/api/boss/storeManager/releaseVersion', headers: { token }, payload: { branchId: pilot.id } });
      expect([answer.status, answer.body.returncode]).toEqual([401, ReturnCode.SESSION_INVALID]);
    }
  });
});
