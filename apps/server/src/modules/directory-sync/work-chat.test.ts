import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, ReturnCode, type DirectorySyncReport, type DirectoryUser, type OperationLogEntry, type Page, type WorkChatSetting } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { createLeases } from '../../platform/leases.js';
import { startDingtalkFake, startFeishuFake, startWecomFake, type DingtalkUser, type FeishuUser } from '../../test/work-chat-fakes.js';
import { SYNC_LEASE_MS, syncLeaseName } from './directory-sync.service.js';

const WECOM = { corpId: 'ww0123456789abcdef', agentId: '1000002', secret: 'wecom-Secret-Value-1' };
const FEISHU = { appId: 'cli_a1b2c3d4e5f6', secret: 'feishu-Secret-Value-2' };
const DINGTALK = { appKey: 'dingabcdefghijk', corpId: 'ding0123456789', secret: 'dingtalk-Secret-Value-3' };

const feishuPerson = (index: number, department: string): FeishuUser => ({
  open_id: `ou_${index}`,
  user_id: `fs.user${index}`,
  name: `Person ${index}`,
  enterprise_email: `fs.user${index}@acme.test`,
  department_ids: [department],
  status: { is_frozen: false, is_resigned: false, is_activated: true },
});
const dingtalkPerson = (index: number, department: number): DingtalkUser => ({
  userid: `dt.user${index}`,
  unionid: `union${index}`,
  name: index === 0 ? '赵小钉' : `Agent ${index}`,
  org_email: `dt.user${index}@acme.test`,
  dept_id_list: [department],
  active: true,
});

describe(`work-chat directories (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let wecom: Awaited<ReturnType<typeof startWecomFake>>;
  let feishu: Awaited<ReturnType<typeof startFeishuFake>>;
  let dingtalk: Awaited<ReturnType<typeof startDingtalkFake>>;
  let companyId: number;
  let adminToken: string;
  let plainToken: string;
  let engineerRoleId: number;
  let defaultRoleId: number;
  let bobId: number;
  let admin: Awaited<ReturnType<TestApp['factories']['user']>>;
  let other: { token: string; roleId: number };

  beforeAll(async () => {
    wecom = await startWecomFake({
      ...WECOM,
      departments: [
        { id: 1, name: 'Acme', parentid: 0 },
        { id: 2, name: 'Engineering', parentid: 1 },
        { id: 3, name: 'Platform', parentid: 2 },
        { id: 4, name: 'Sales', parentid: 1 },
      ],
      users: [
        { userid: 'zhangsan', name: '张三', department: [3], main_department: 3, biz_mail: 'zhangsan@acme.test', email: 'zs@private.test', status: 1 },
        { userid: 'lisi', name: 'Li Si', department: [4, 2], main_department: 4, email: 'lisi@acme.test', status: 1 },
        { userid: 'wangwu', name: '王五', department: [4], email: 'wangwu@acme.test', status: 5 },
        { userid: 'bob.w', name: 'Robert Builder', department: [1], email: 'bob@acme.test', status: 1 },
        { userid: 'bad id', name: 'Bad Id', department: [4], email: 'bad@acme.test', status: 1 },
      ],
    });
    feishu = await startFeishuFake({
      ...FEISHU,
      departments: [
        { open_department_id: 'od-research', name: 'Research', parent_department_id: '0' },
        { open_department_id: 'od-lab', name: 'Lab', parent_department_id: 'od-research' },
      ],
      // More than one page (50) in one department.
      users: Array.from({ length: 55 }, (_, index) => feishuPerson(index, index < 3 ? 'od-lab' : 'od-research')),
    });
    dingtalk = await startDingtalkFake({
      ...DINGTALK,
      departments: [
        { dept_id: 10, name: 'Support', parent_id: 1 },
        { dept_id: 11, name: 'Night shift', parent_id: 10 },
      ],
      // More than one page (100) in one department.
      users: Array.from({ length: 102 }, (_, index) => dingtalkPerson(index, index === 0 ? 11 : 10)),
    });
    t = await createTestApp();
    companyId = (await t.factories.company({ name: 'Acme', domain: 'acme-chat' })).id;
    admin = await t.factories.user(companyId, { permissions: ALL_PERMISSIONS, userName: 'admin.acme', email: 'admin@acme.test' });
    await t.factories.setOwner(companyId, admin.id);
    adminToken = await t.factories.session(admin);
    plainToken = await t.factories.session(await t.factories.user(companyId, { permissions: ['accountGlobal:view'] }));
    defaultRoleId = await t.factories.role(companyId, [], { name: 'Everyone', isDefault: true });
    engineerRoleId = await t.factories.role(companyId, ['calendarRoomUse:view'], { name: 'Engineer' });
    bobId = (await t.factories.user(companyId, { userName: 'bob.acme', email: 'bob@acme.test', roleId: defaultRoleId })).id;
    const b = await t.factories.companyWithAdmin('Bravo');
    other = { token: await t.factories.session(b.admin), roleId: await t.factories.role(b.company.id, [], { name: 'Bravo role' }) };
  });
  afterAll(async () => {
    await t.cleanup();
    await Promise.all([wecom.close(), feishu.close(), dingtalk.close()]);
  });

  const api = <T>(token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown, lang = 'en-US') =>
    call<T>(t.app, { method, url, headers: { token, lang }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const users = async (keyword: string) => {
    const page = await api<Page<DirectoryUser>>(adminToken, 'POST', '/api/user/getUserList', { keyword, pageSize: 100 });
    return page.body.result.list;
  };
  const wecomSetting = (overrides: Record<string, unknown> = {}) => ({ provider: 'wecom', isEnabled: true, corpId: WECOM.corpId, appKey: WECOM.agentId, secret: WECOM.secret, baseUrl: wecom.url, ...overrides });

  it('answers the defaults, refuses an incomplete or malformed setting, and never answers the secret', async () => {
    const empty = await api<WorkChatSetting>(adminToken, 'GET', '/api/work-chat/setting?provider=feishu');
    expect(empty.body.result).toEqual({ provider: 'feishu', isEnabled: false, isSignInEnabled: false, corpId: '', appKey: '', hasSecret: false, baseUrl: '', roleMapping: [], scheduleHours: 0, nextSyncAt: null, lastSyncAt: null, lastReport: null, lastError: null, updatedAt: null });

    const incomplete = await api(adminToken, 'PUT', '/api/work-chat/setting', { provider: 'wecom', isEnabled: true, corpId: WECOM.corpId }, 'zh-CN');
    expect([incomplete.status, incomplete.body.returncode]).toEqual([422, ReturnCode.REFUSED]);
    expect(incomplete.body.message).toContain('密钥');
    // WeCom's sign-in page needs the agent id too.
    const noAgent = await api(adminToken, 'PUT', '/api/work-chat/setting', wecomSetting({ appKey: '', isSignInEnabled: true }));
    expect([noAgent.status, noAgent.body.returncode]).toEqual([422, ReturnCode.REFUSED]);
    for (const payload of [wecomSetting({ baseUrl: 'http://qyapi.example.test' }), wecomSetting({ provider: 'slack' }), wecomSetting({ secretly: 1 })]) {
      expect((await api(adminToken, 'PUT', '/api/work-chat/setting', payload)).status, JSON.stringify(payload)).toBe(400);
    }
    const foreignRole = await api(adminToken, 'PUT', '/api/work-chat/setting', wecomSetting({ roleMapping: [{ group: 'Engineering', roleId: other.roleId }] }));
    expect([foreignRole.status, foreignRole.body.returncode]).toEqual([404, ReturnCode.NOT_FOUND]);

    const saved = await api<WorkChatSetting>(adminToken, 'PUT', '/api/work-chat/setting', wecomSetting({ roleMapping: [{ group: 'engineering', roleId: engineerRoleId }] }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.result).toMatchObject({ provider: 'wecom', isEnabled: true, corpId: WECOM.corpId, appKey: WECOM.agentId, hasSecret: true, baseUrl: wecom.url });
    expect(JSON.stringify(saved.body)).not.toContain(WECOM.secret);
    // An empty secret keeps the stored one.
    const kept = await api<WorkChatSetting>(adminToken, 'PUT', '/api/work-chat/setting', wecomSetting({ secret: '', roleMapping: [{ group: 'engineering', roleId: engineerRoleId }] }));
    expect(kept.body.result.hasSecret).toBe(true);
    const logged = await api<Page<OperationLogEntry>>(adminToken, 'GET', '/api/operation-log/list?action=directorySync.updateSetting');
    expect(JSON.stringify(logged.body.result)).not.toContain(WECOM.secret);
    expect(logged.body.result.list[0]).toMatchObject({ detail: { provider: 'wecom', isSecretChanged: false } });
  });

  it('syncs WeCom: the department tree, new and known people, the role mapping, links for sign-in; skips the unusable', async () => {
    const answer = await api<DirectorySyncReport>(adminToken, 'POST', '/api/company/sync-work-wechat');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.result).toMatchObject({ departmentsCreated: 3, usersCreated: 2, usersUpdated: 1 });
    expect(answer.body.result.skipped).toEqual([
      { entry: 'wangwu', reason: 'Disabled or left the company in the directory' },
      { entry: 'bad id', reason: 'User name "bad id" is not usable: letters, digits and . _ - @, 2 to 64 characters' },
    ]);
    const options = await api<{ departments: Array<{ id: number; name: string; parentId: number | null }> }>(adminToken, 'GET', '/api/user/directoryOptions');
    const byName = (name: string) => options.body.result.departments.find((department) => department.name === name);
    expect(byName('Engineering')?.parentId).toBeNull();
    expect(byName('Platform')?.parentId).toBe(byName('Engineering')?.id);
    expect(byName('Sales')?.parentId).toBeNull();
    expect(byName('Acme')).toBeUndefined();

    const list = [...(await users('zhangsan')), ...(await users('lisi')), ...(await users('bob'))];
    // The corporate mailbox wins; a CJK name is split family name first; a sub-team's member gets the parent's mapped role.
    expect(list.find((user) => user.userName === 'zhangsan')).toMatchObject({ email: 'zhangsan@acme.test', firstName: '三', lastName: '张', role: { id: engineerRoleId }, department: { id: byName('Platform')!.id } });
    // Li Si sits in Sales (main department) and Engineering: the main department files them, Engineering maps the role.
    expect(list.find((user) => user.userName === 'lisi')).toMatchObject({ firstName: 'Li', lastName: 'Si', role: { id: engineerRoleId }, department: { id: byName('Sales')!.id } });
    // Bob was matched by e-mail: his user name stays, his name is the directory's, his role unmapped stays.
    expect(list.find((user) => user.id === bobId)).toMatchObject({ userName: 'bob.acme', firstName: 'Robert', lastName: 'Builder', role: { id: defaultRoleId } });

    const links = await t.db.kysely.selectFrom('external_identities').select(['user_id', 'subject']).where('company_id', '=', companyId).where('issuer', '=', `wecom:${WECOM.corpId}`).execute();
    expect(links.map((link) => link.subject).sort()).toEqual(['bob.w', 'lisi', 'zhangsan']);
    expect(links.find((link) => link.subject === 'bob.w')?.user_id).toBe(bobId);

    // The fake was asked with a token for each department's people.
    expect(wecom.requests.filter((request) => request.startsWith('GET /cgi-bin/user/list'))).toHaveLength(4);
    const setting = await api<WorkChatSetting>(adminToken, 'GET', '/api/work-chat/setting?provider=wecom', undefined, 'zh-CN');
    expect(setting.body.result.lastReport?.skipped[0]?.reason).toBe('在通讯录中已停用或已离职');
  });

  it('a second WeCom sync changes nothing; a person renamed at WeCom is found by their link', async () => {
    const again = await api<DirectorySyncReport>(adminToken, 'POST', '/api/company/sync-work-wechat', { provider: 'wecom' });
    expect(again.body.result).toMatchObject({ departmentsCreated: 0, usersCreated: 0, usersUpdated: 0 });
    wecom.users = wecom.users.map((user) => (user.userid === 'bob.w' ? { ...user, name: 'Bobby Builder', email: 'robert@acme.test' } : user));
    const renamed = await api<DirectorySyncReport>(adminToken, 'POST', '/api/company/sync-work-wechat', { provider: 'wecom' });
    expect(renamed.body.result).toMatchObject({ usersCreated: 0, usersUpdated: 1 });
    expect((await users('bob')).find((user) => user.id === bobId)).toMatchObject({ firstName: 'Bobby', email: 'bob@acme.test' });
  });

  it('says why WeCom refused, without the secret; refuses while off', async () => {
    await api(adminToken, 'PUT', '/api/work-chat/setting', wecomSetting({ secret: 'wrong-Secret-Value' }));
    const refused = await api(adminToken, 'POST', '/api/company/sync-work-wechat', {});
    expect([refused.status, refused.body.returncode]).toEqual([422, ReturnCode.REFUSED]);
    expect(refused.body.message).toBe('The work-chat directory could not be used: 40001 invalid credential');
    await api(adminToken, 'PUT', '/api/work-chat/setting', wecomSetting({ isEnabled: false, secret: WECOM.secret }));
    const off = await api(adminToken, 'POST', '/api/company/sync-work-wechat', {}, 'zh-CN');
    expect([off.status, off.body.message]).toEqual([422, '该办公通讯录未启用：请先在设置中启用']);
    const log = await api<Page<OperationLogEntry>>(adminToken, 'GET', '/api/operation-log/list?action=directorySync.run');
    expect(log.body.result.list.slice(0, 2).map((entry) => entry.result)).toEqual(['failure', 'failure']);
  });

  it('syncs Feishu page by page, by open ids', async () => {
    await api(adminToken, 'PUT', '/api/work-chat/setting', { provider: 'feishu', isEnabled: true, corpId: FEISHU.appId, secret: FEISHU.secret, baseUrl: feishu.url });
    const answer = await api<DirectorySyncReport>(adminToken, 'POST', '/api/company/sync-work-wechat', { provider: 'feishu' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.result).toMatchObject({ departmentsCreated: 2, usersCreated: 55, usersUpdated: 0, skipped: [] });
    // 52 people in Research: two pages of at most 50, the second asked with the first's page token.
    const researchPages = feishu.requests.filter((request) => request.includes('find_by_department') && request.includes('department_id=od-research'));
    expect(researchPages).toHaveLength(2);
    expect(researchPages[1]).toMatch(/page_token=/);
    expect(researchPages.every((request) => request.includes('page_size=50'))).toBe(true);
    const person = (await users('fs.user0@')).find((user) => user.userName === 'fs.user0');
    expect(person).toMatchObject({ email: 'fs.user0@acme.test', firstName: 'Person', lastName: '0', department: { name: 'Lab' } });
    const links = await t.db.kysely.selectFrom('external_identities').select('subject').where('company_id', '=', companyId).where('issuer', '=', `feishu:${FEISHU.appId}`).execute();
    expect(links).toHaveLength(55);
  });

  it('syncs DingTalk level by level and with cursors, linking people by union id', async () => {
    await api(adminToken, 'PUT', '/api/work-chat/setting', { provider: 'dingtalk', isEnabled: true, corpId: DINGTALK.corpId, appKey: DINGTALK.appKey, secret: DINGTALK.secret, baseUrl: dingtalk.url });
    const answer = await api<DirectorySyncReport>(adminToken, 'POST', '/api/company/sync-work-wechat', { provider: 'dingtalk' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.result).toMatchObject({ departmentsCreated: 2, usersCreated: 102, skipped: [] });
    const pages = dingtalk.requests.filter((request) => request.startsWith('POST /topapi/v2/user/list'));
    // Root, Support (101 people: two pages), Night shift.
    expect(pages).toHaveLength(4);
    const night = (await users('dt.user0@')).find((user) => user.userName === 'dt.user0');
    expect(night).toMatchObject({ firstName: '小钉', lastName: '赵', department: { name: 'Night shift' } });
    const link = await t.db.kysely.selectFrom('external_identities').select('user_id').where('issuer', '=', `dingtalk:${DINGTALK.appKey}`).where('subject', '=', 'union0').executeTakeFirst();
    expect(link?.user_id).toBe(night?.id);
  });

  it('shares the company sync lease with LDAP: 409 while another sync runs', async () => {
    const otherProcess = createLeases(t.db.kysely, t.clock, 'other-process');
    expect(await otherProcess.acquire(syncLeaseName(companyId), SYNC_LEASE_MS)).toBe(true);
    const busy = await api(adminToken, 'POST', '/api/company/sync-work-wechat', { provider: 'dingtalk' });
    expect([busy.status, busy.body.returncode]).toEqual([409, ReturnCode.CONFLICT]);
    await otherProcess.release(syncLeaseName(companyId));
  });

  it('needs a session and accountGlobal; keeps companies apart', async () => {
    expect((await call(t.app, { method: 'POST', url: '/api/company/sync-work-wechat', payload: {} })).status).toBe(401);
    expect((await api(plainToken, 'POST', '/api/company/sync-work-wechat', {})).status).toBe(403);
    expect((await api(plainToken, 'PUT', '/api/work-chat/setting', { provider: 'wecom', isEnabled: false })).status).toBe(403);
    expect((await api(plainToken, 'GET', '/api/work-chat/setting?provider=wecom')).status).toBe(200);
    const theirs = await api<WorkChatSetting>(other.token, 'GET', '/api/work-chat/setting?provider=dingtalk');
    expect(theirs.body.result).toMatchObject({ isEnabled: false, hasSecret: false, corpId: '', lastReport: null });
  });

  it('syncs each provider on its schedule, once with two server processes; a failing one keeps its error and waits for the next period', async () => {
    const second = await createTestApp({ database: t.database, clock: t.clock });
    // Hours pass: each step signs in again rather than outliving the session.
    const signedIn = () => t.factories.session(admin);
    const runs = () => t.db.kysely.selectFrom('operation_logs').select(['actor_id', 'result', 'detail']).where('company_id', '=', companyId).where('action', '=', 'directorySync.run').orderBy('id', 'desc').execute();
    const tokenCalls = () => feishu.requests.filter((request) => request.includes('tenant_access_token')).length;
    const bothTick = () => Promise.all([t.app.scheduler.tick(), second.app.scheduler.tick()]);
    const feishuSetting = async () => (await api<WorkChatSetting>(await signedIn(), 'GET', '/api/work-chat/setting?provider=feishu')).body.result;
    const saveFeishu = async (overrides: Record<string, unknown>) =>
      api<WorkChatSetting>(await signedIn(), 'PUT', '/api/work-chat/setting', { provider: 'feishu', isEnabled: true, corpId: FEISHU.appId, baseUrl: feishu.url, ...overrides });
    try {
      // On demand only (the providers synced above have no schedule): the scheduler leaves them alone.
      t.clock.advance(48 * 3_600_000);
      const before = (await runs()).length;
      await bothTick();
      expect(await runs()).toHaveLength(before);

      const saved = await saveFeishu({ scheduleHours: 6 });
      expect(saved.body.result).toMatchObject({ scheduleHours: 6, nextSyncAt: t.clock.now() });
      expect((await saveFeishu({ scheduleHours: 5 })).status).toBe(400);
      const reportBefore = (await feishuSetting()).lastReport;

      // Due: the two processes tick together and exactly one syncs, as the admin who set it.
      t.clock.advance(60_000);
      const calls = tokenCalls();
      await bothTick();
      const first = await runs();
      expect(first).toHaveLength(before + 1);
      expect(first[0]).toMatchObject({ actor_id: admin.id, result: 'success' });
      expect(JSON.parse(first[0]!.detail!)).toMatchObject({ provider: 'feishu' });
      expect(tokenCalls()).toBe(calls + 1);
      const synced = await feishuSetting();
      expect(synced).toMatchObject({ lastSyncAt: t.clock.now(), nextSyncAt: t.clock.now() + 6 * 3_600_000, lastError: null, lastReport: { departmentsCreated: 0, usersCreated: 0, usersUpdated: 0 } });
      expect(reportBefore?.usersCreated).toBe(55);
      const syncedAt = t.clock.now();

      // Not due again before six hours.
      for (let hour = 1; hour < 6; hour += 1) {
        t.clock.advance(3_600_000);
        await bothTick();
      }
      expect(await runs()).toHaveLength(before + 1);

      // The provider refuses: the run fails once, its error is kept with the last good report, and it waits a period.
      await saveFeishu({ scheduleHours: 6, secret: 'wrong-Secret-Value' });
      t.clock.advance(3_600_000);
      await bothTick();
      const failed = await runs();
      expect(failed).toHaveLength(before + 2);
      expect(failed[0]).toMatchObject({ actor_id: admin.id, result: 'failure' });
      const broken = await feishuSetting();
      expect(broken).toMatchObject({ lastSyncAt: syncedAt, lastError: '10014 app secret invalid', nextSyncAt: t.clock.now() + 6 * 3_600_000 });
      expect(broken.lastReport).toEqual(synced.lastReport);
      expect(JSON.stringify(broken)).not.toContain('wrong-Secret-Value');
      t.clock.advance(60_000);
      await bothTick();
      expect(await runs()).toHaveLength(before + 2);

      // Mended, it syncs at its next period and the error is gone.
      await saveFeishu({ scheduleHours: 6, secret: FEISHU.secret });
      t.clock.advance(6 * 3_600_000);
      await bothTick();
      expect((await runs())[0]).toMatchObject({ result: 'success' });
      expect(await feishuSetting()).toMatchObject({ lastSyncAt: t.clock.now(), lastError: null });
    } finally {
      await second.cleanup();
    }
  });
});
