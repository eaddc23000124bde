import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, formatMessage, ReturnCode, type DirectorySyncCheckResult, type DirectorySyncReport, type DirectorySyncSetting, type DirectoryUser, type OperationLogEntry, type Page } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { createLeases } from '../../platform/leases.js';
import { SYNC_LEASE_MS, syncLeaseName } from './directory-sync.service.js';
import type { TestUser } from '../../test/factories.js';
import { startLdapServer, type TestLdapEntry, type TestLdapServer } from '../../test/ldap-server.js';
import { waitForMail } from '../../test/mailbox.js';
import { startSmtpServer } from '../../test/smtp.js';
import { createTestCertificates } from '../../test/tls.js';

const BASE_DN = 'dc=acme,dc=test';
const BIND_DN = 'cn=sync,ou=service,dc=acme,dc=test';
const BIND_PASSWORD = 'Ldap-Bind-Secret-7';

const person = (dn: string, attributes: Record<string, string | string[]>): TestLdapEntry => ({ dn: `${dn},ou=people,${BASE_DN}`, attributes: { objectClass: ['top', 'person'], ...attributes } });

function directoryEntries(): TestLdapEntry[] {
  return [
    person('cn=Zhang San', { cn: 'Zhang San', sAMAccountName: 'zhang.san', mail: 'Zhang.San@acme.test', givenName: '三', sn: '张', department: 'Engineering' }),
    // No sAMAccountName: the uid fallback names the user; the department exists already (case aside).
    person('uid=li.si', { cn: 'Li Si', uid: 'li.si', mail: 'li.si@acme.test', givenName: 'Si', sn: 'Li', department: 'sales' }),
    person('cn=Nameless', { cn: 'Nameless', mail: 'nameless@acme.test', givenName: 'No', sn: 'Name' }),
    person('cn=Bad Mail', { cn: 'Bad Mail', sAMAccountName: 'bad.mail', mail: 'not-an-address', givenName: 'Bad', sn: 'Mail' }),
    // An existing user of the company, matched by user name whatever its case.
    person('cn=Bob', { cn: 'Bob', sAMAccountName: 'Bob.Acme', mail: 'bob@acme.test', givenName: 'Robert', sn: 'Builder', department: 'Engineering' }),
    // Not a person: the filter leaves it out.
    { dn: `cn=Engineering,ou=groups,${BASE_DN}`, attributes: { objectClass: ['top', 'group'], cn: 'Engineering', sAMAccountName: 'engineering' } },
  ];
}

describe(`directory sync from LDAP (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let ldapServer: TestLdapServer;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let companyId: number;
  let admin: TestUser;
  let adminToken: string;
  let bob: TestUser;
  let bobRoleId: number;
  let defaultRoleId: number;
  let salesId: number;
  let viewerToken: string;
  let other: { companyId: number; token: string };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    ldapServer = await startLdapServer({ baseDn: BASE_DN, bindDn: BIND_DN, bindPassword: BIND_PASSWORD, entries: directoryEntries() });
    t = await createTestApp({ config: { smtpUrl: smtp.url, publicUrl: 'https://atrium.example.test' } });
    companyId = (await t.factories.company({ name: 'Acme', domain: 'acme' })).id;
    admin = await t.factories.user(companyId, { permissions: ALL_PERMISSIONS, userName: 'admin.acme', email: 'admin@acme.test' });
    await t.factories.setOwner(companyId, admin.id);
    adminToken = await t.factories.session(admin);
    defaultRoleId = await t.factories.role(companyId, [], { name: 'Staff', isDefault: true });
    bobRoleId = await t.factories.role(companyId, ['users:view'], { name: 'Reader' });
    bob = await t.factories.user(companyId, { userName: 'bob.acme', email: 'bob@acme.test', roleId: bobRoleId });
    salesId = await t.factories.department(companyId, 'Sales');
    viewerToken = await t.factories.session(await t.factories.user(companyId, { permissions: ['accountGlobal:view'] }));
    const b = await t.factories.companyWithAdmin('Bravo');
    other = { companyId: b.company.id, token: await t.factories.session(b.admin) };
  });
  afterAll(async () => {
    await t.cleanup();
    await ldapServer.close();
    await smtp.close();
  });

  const api = <T>(token: string | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, lang = 'en-US') =>
    call<T>(t.app, { method, url, headers: { ...(token ? { token } : {}), lang }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const connection = (overrides: Record<string, unknown> = {}) => ({ url: ldapServer.url, bindDn: BIND_DN, bindPassword: BIND_PASSWORD, baseDn: BASE_DN, ...overrides });
  const findUser = async (userName: string) => {
    const page = await api<Page<DirectoryUser>>(adminToken, 'POST', '/api/user/getUserList', { keyword: userName });
    return page.body.result.list.find((user) => user.userName === userName);
  };

  it('answers the defaults before anything is saved', async () => {
    const answer = await api<DirectorySyncSetting>(adminToken, 'GET', '/api/ad/setting');
    expect(answer.status).toBe(200);
    expect(answer.body.result).toEqual({
      isEnabled: false,
      url: '',
      bindDn: '',
      hasPassword: false,
      baseDn: '',
      userFilter: '(objectClass=person)',
      mapping: { userName: 'sAMAccountName', email: 'mail', firstName: 'givenName', lastName: 'sn', department: 'department', groups: 'memberOf' },
      roleMapping: [],
      caCertificate: '',
      scheduleHours: 0,
      nextSyncAt: null,
      lastSyncAt: null,
      lastReport: null,
      updatedAt: null,
    });
  });

  it('refuses to run while the sync is off, in both languages', async () => {
    const en = await api(adminToken, 'GET', '/api/ad/synGroupAndUser');
    expect([en.status, en.body.returncode]).toEqual([422, ReturnCode.REFUSED]);
    expect(en.body.message).toContain('turned off');
    const zh = await api(adminToken, 'GET', '/api/ad/synGroupAndUser', undefined, 'zh-CN');
    expect(zh.body.message).toContain('未启用');
  });

  it.each([
    [{ isEnabled: true, url: 'http://ldap.example.test' }],
    [{ isEnabled: true, url: 'ldap://user:pw@ldap.example.test' }],
    [{ isEnabled: true, userFilter: 'objectClass=person' }],
    [{ isEnabled: true, mapping: { userName: 'bad name' } }],
    [{ isEnabled: true, unknown: 1 }],
  ])('refuses %j with 400', async (payload) => {
    const answer = await api(adminToken, 'PUT', '/api/ad/setting', payload);
    expect([answer.status, answer.body.returncode]).toEqual([400, ReturnCode.BAD_REQUEST]);
  });

  it('refuses to turn the sync on while incomplete', async () => {
    const answer = await api(adminToken, 'PUT', '/api/ad/setting', { isEnabled: true, url: ldapServer.url, bindDn: BIND_DN, baseDn: BASE_DN });
    expect([answer.status, answer.body.returncode]).toEqual([422, ReturnCode.REFUSED]);
    expect(answer.body.message).toContain('bind password');
    const zh = await api(adminToken, 'PUT', '/api/ad/setting', { isEnabled: true }, 'zh-CN');
    expect(zh.body.message).toContain('绑定密码');
  });

  it('checks a connection over LDAP: counts the entries the filter finds, or says why not', async () => {
    const good = await api<DirectorySyncCheckResult>(adminToken, 'POST', '/api/ad/check', connection());
    expect(good.body.result).toEqual({ ok: true, entries: 5, error: null });
    const wrong = await api<DirectorySyncCheckResult>(adminToken, 'POST', '/api/ad/check', connection({ bindPassword: 'wrong' }));
    expect(wrong.body.result).toEqual({ ok: false, entries: null, error: 'The LDAP server refused the bind DN or password' });
    const zh = await api<DirectorySyncCheckResult>(adminToken, 'POST', '/api/ad/check', connection({ bindPassword: 'wrong' }), 'zh-CN');
    expect(zh.body.result.error).toBe('LDAP 服务器拒绝了绑定 DN 或密码');
    const unreachable = await api<DirectorySyncCheckResult>(adminToken, 'POST', '/api/ad/check', connection({ url: 'ldap://127.0.0.1:1' }));
    expect(unreachable.body.result.ok).toBe(false);
    expect(unreachable.body.result.error).toMatch(/^The LDAP server could not be used: /);
    // Without a stored password, an empty one cannot bind.
    const noPassword = await api<DirectorySyncCheckResult>(adminToken, 'POST', '/api/ad/check', connection({ bindPassword: '' }));
    expect(noPassword.body.result.ok).toBe(false);
  });

  it('saves the setting; the password is never answered and an empty one keeps the stored one', async () => {
    const saved = await api<DirectorySyncSetting>(adminToken, 'PUT', '/api/ad/setting', { isEnabled: true, ...connection() });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.result).toMatchObject({ isEnabled: true, url: ldapServer.url, bindDn: BIND_DN, hasPassword: true, baseDn: BASE_DN });
    expect(JSON.stringify(saved.body)).not.toContain(BIND_PASSWORD);
    const kept = await api<DirectorySyncSetting>(adminToken, 'PUT', '/api/ad/setting', { isEnabled: true, ...connection({ bindPassword: '' }) });
    expect(kept.body.result.hasPassword).toBe(true);
    const read = await api<DirectorySyncSetting>(adminToken, 'GET', '/api/ad/setting');
    expect(JSON.stringify(read.body)).not.toContain(BIND_PASSWORD);
    // The stored password still binds: check with an empty one.
    const check = await api<DirectorySyncCheckResult>(adminToken, 'POST', '/api/ad/check', connection({ bindPassword: '' }));
    expect(check.body.result).toEqual({ ok: true, entries: 5, error: null });
    const log = await api<Page<OperationLogEntry>>(adminToken, 'GET', '/api/operation-log/list?action=directorySync.updateSetting');
    expect(log.body.result.list[0]?.detail).not.toHaveProperty('bindPassword');
    expect(JSON.stringify(log.body)).not.toContain(BIND_PASSWORD);
  });

  it('syncs over LDAP: creates the missing department and the new users, updates a known one, skips the unusable entries', async () => {
    const answer = await api<DirectorySyncReport>(adminToken, 'GET', '/api/ad/synGroupAndUser');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const report = answer.body.result;
    expect(report).toMatchObject({ departmentsCreated: 1, usersCreated: 2, usersUpdated: 1 });
    expect(report.skipped).toEqual([
      { entry: `cn=Nameless,ou=people,${BASE_DN}`, reason: 'No user name (attribute sAMAccountName)' },
      { entry: `cn=Bad Mail,ou=people,${BASE_DN}`, reason: 'Not a valid e-mail address: "not-an-address"' },
    ]);
    expect(answer.body.message).toContain('2 users created');

    const options = await api<{ departments: Array<{ id: number; name: string; parentId: number | null }> }>(adminToken, 'GET', '/api/user/directoryOptions');
    const engineering = options.body.result.departments.filter((department) => department.name === 'Engineering');
    expect(engineering).toHaveLength(1);
    expect(engineering[0]!.parentId).toBeNull();
    expect(options.body.result.departments.filter((department) => department.name.toLowerCase() === 'sales')).toHaveLength(1);

    const zhang = await findUser('zhang.san');
    expect(zhang).toMatchObject({ email: 'Zhang.San@acme.test', firstName: '三', lastName: '张', role: { id: defaultRoleId }, department: { id: engineering[0]!.id }, isPendingActivation: true, status: 'active' });
    const li = await findUser('li.si');
    expect(li).toMatchObject({ firstName: 'Si', lastName: 'Li', role: { id: defaultRoleId }, department: { id: salesId }, isPendingActivation: true });
    const updatedBob = await findUser('bob.acme');
    expect(updatedBob).toMatchObject({ id: bob.id, firstName: 'Robert', lastName: 'Builder', role: { id: bobRoleId }, department: { id: engineering[0]!.id } });

    // The activation mails went out and are in the outbox.
    const { text } = await waitForMail(smtp.received, 'Zhang.San@acme.test');
    expect(text).toMatch(/https:\/\/atrium\.example\.test\/activate\/[A-Za-z0-9_-]+/);
    await waitForMail(smtp.received, 'li.si@acme.test');
    const outbox = await t.db.kysely.selectFrom('mail_outbox').select('to').where('company_id', '=', companyId).execute();
    expect(outbox.map((row) => row.to)).toEqual(expect.arrayContaining(['Zhang.San@acme.test', 'li.si@acme.test']));
    // A new user has no usable password: signing in with anything fails.
    const signIn = await call(t.app, { method: 'POST', url: '/api/login', payload: { userName: 'zhang.san', password: BIND_PASSWORD } });
    expect(signIn.body.returncode).not.toBe(ReturnCode.OK);

    // Nobody is deleted: the administrator is not in the directory and stays.
    expect(await findUser('admin.acme')).toBeDefined();
    const setting = await api<DirectorySyncSetting>(adminToken, 'GET', '/api/ad/setting');
    expect(setting.body.result.lastReport).toEqual(report);
    expect(setting.body.result.lastSyncAt).toBe(t.clock.now());
    const log = await api<Page<OperationLogEntry>>(adminToken, 'GET', '/api/operation-log/list?action=directorySync.run');
    expect(log.body.result.list[0]).toMatchObject({ result: 'success', detail: { usersCreated: 2, usersUpdated: 1, departmentsCreated: 1, skipped: 2 } });
  });

  it('a second sync changes nothing until an entry changes; then it updates name and department only', async () => {
    const again = await api<DirectorySyncReport>(adminToken, 'GET', '/api/ad/synGroupAndUser');
    expect(again.body.result).toMatchObject({ departmentsCreated: 0, usersCreated: 0, usersUpdated: 0 });
    expect(smtp.received.filter((mail) => mail.to.includes('Zhang.San@acme.test'))).toHaveLength(1);

    ldapServer.entries = directoryEntries().map((entry) =>
      entry.attributes.sAMAccountName === 'zhang.san' ? { ...entry, attributes: { ...entry.attributes, sn: '章', department: 'SALES' } } : entry,
    );
    const changed = await api<DirectorySyncReport>(adminToken, 'GET', '/api/ad/synGroupAndUser', undefined, 'zh-CN');
    expect(changed.body.result).toMatchObject({ departmentsCreated: 0, usersCreated: 0, usersUpdated: 1 });
    expect(changed.body.result.skipped.map((skip) => skip.reason)).toEqual(['没有用户名（属性 sAMAccountName）', '无效的邮箱地址：“not-an-address”']);
    expect(await findUser('zhang.san')).toMatchObject({ lastName: '章', department: { id: salesId }, role: { id: defaultRoleId }, isPendingActivation: true });
    // The kept report reads in each reader's language.
    const zhSetting = await api<DirectorySyncSetting>(adminToken, 'GET', '/api/ad/setting', undefined, 'zh-CN');
    expect(zhSetting.body.result.lastReport?.skipped[0]?.reason).toBe('没有用户名（属性 sAMAccountName）');
    const enSetting = await api<DirectorySyncSetting>(adminToken, 'GET', '/api/ad/setting');
    expect(enSetting.body.result.lastReport?.skipped[0]?.reason).toBe('No user name (attribute sAMAccountName)');
  });

  it('runs one sync per company at a time, across processes; a crashed holder frees the company after the lease', async () => {
    // Another process holds the company's sync.
    const otherProcess = createLeases(t.db.kysely, t.clock, 'other-process');
    expect(await otherProcess.acquire(syncLeaseName(companyId), SYNC_LEASE_MS)).toBe(true);
    const refused = await api(adminToken, 'GET', '/api/ad/synGroupAndUser');
    expect([refused.status, refused.body.returncode]).toEqual([409, ReturnCode.CONFLICT]);
    expect(refused.body.message).toBe('A directory sync is already running for your company; look at its report when it ends');
    const zh = await api(adminToken, 'GET', '/api/ad/synGroupAndUser', undefined, 'zh-CN');
    expect(zh.body.message).toBe('贵公司的目录同步正在进行中，请在结束后查看同步报告');
    // Another company is not held up.
    expect(await otherProcess.acquire(syncLeaseName(other.companyId), SYNC_LEASE_MS)).toBe(true);
    await otherProcess.release(syncLeaseName(other.companyId));
    // The holder never finished: its lease runs out and the next sync runs.
    t.clock.advance(SYNC_LEASE_MS);
    const after = await api<DirectorySyncReport>(adminToken, 'GET', '/api/ad/synGroupAndUser');
    expect(after.status, JSON.stringify(after.body)).toBe(200);

    // Two syncs asked at the same moment: one runs, the other is told, and no department is made twice.
    ldapServer.entries = [...ldapServer.entries, person('cn=Wang Wu', { cn: 'Wang Wu', sAMAccountName: 'wang.wu', mail: 'wang.wu@acme.test', givenName: 'Wu', sn: 'Wang', department: 'Research' })];
    const both = await Promise.all([api(adminToken, 'GET', '/api/ad/synGroupAndUser'), api(adminToken, 'GET', '/api/ad/synGroupAndUser')]);
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const options = await api<{ departments: Array<{ name: string }> }>(adminToken, 'GET', '/api/user/directoryOptions');
    expect(options.body.result.departments.filter((department) => department.name === 'Research')).toHaveLength(1);
  });

  it('a wrong stored bind password makes the sync refuse with a clear message', async () => {
    await t.db.kysely.updateTable('directory_sync_settings').set({ bind_password: 'wrong' }).where('company_id', '=', companyId).execute();
    const answer = await api(adminToken, 'GET', '/api/ad/synGroupAndUser');
    expect([answer.status, answer.body.returncode]).toEqual([422, ReturnCode.REFUSED]);
    expect(answer.body.message).toBe('The LDAP server refused the bind DN or password');
    const log = await api<Page<OperationLogEntry>>(adminToken, 'GET', '/api/operation-log/list?action=directorySync.run');
    expect(log.body.result.list[0]?.result).toBe('failure');
    await api(adminToken, 'PUT', '/api/ad/setting', { isEnabled: true, ...connection() });
  });

  it('reaches an ldaps:// server whose certificate a private authority signed, once that authority is given', async () => {
    const certificates = createTestCertificates();
    const stranger = createTestCertificates('Someone Else CA');
    const secure = await startLdapServer({ baseDn: BASE_DN, bindDn: BIND_DN, bindPassword: BIND_PASSWORD, entries: directoryEntries(), tls: { certificate: certificates.serverCertificate, key: certificates.serverKey } });
    try {
      expect(secure.url).toMatch(/^ldaps:/);
      // The system's authorities do not know the private one: refused, never silently trusted.
      const untrusted = await api<DirectorySyncCheckResult>(adminToken, 'POST', '/api/ad/check', connection({ url: secure.url }));
      expect(untrusted.body.result.ok).toBe(false);
      expect(untrusted.body.result.error).toMatch(/^The LDAP server could not be used: .*certificate/i);
      const wrongAuthority = await api<DirectorySyncCheckResult>(adminToken, 'POST', '/api/ad/check', connection({ url: secure.url, caCertificate: stranger.caCertificate }));
      expect(wrongAuthority.body.result.ok).toBe(false);
      const trusted = await api<DirectorySyncCheckResult>(adminToken, 'POST', '/api/ad/check', connection({ url: secure.url, caCertificate: certificates.caCertificate }));
      expect(trusted.body.result).toEqual({ ok: true, entries: 5, error: null });

      // Text that only looks like a certificate is refused at saving, in both languages.
      const garbled = `-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----`;
      const refusedSave = await api(adminToken, 'PUT', '/api/ad/setting', { isEnabled: true, ...connection({ url: secure.url, caCertificate: garbled }) });
      expect([refusedSave.status, refusedSave.body.returncode]).toEqual([422, ReturnCode.REFUSED]);
      expect(refusedSave.body.message).toBe('The CA certificate could not be read: paste the PEM text of one or more certificates');
      const notPem = await api(adminToken, 'PUT', '/api/ad/setting', { isEnabled: true, ...connection({ caCertificate: 'hello' }) }, 'zh-CN');
      expect(notPem.status).toBe(400);

      const saved = await api<DirectorySyncSetting>(adminToken, 'PUT', '/api/ad/setting', { isEnabled: true, ...connection({ url: secure.url, caCertificate: certificates.caCertificate }) });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.result.caCertificate).toBe(certificates.caCertificate);
      const synced = await api<DirectorySyncReport>(adminToken, 'GET', '/api/ad/synGroupAndUser');
      expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    } finally {
      await api(adminToken, 'PUT', '/api/ad/setting', { isEnabled: true, ...connection() });
      await secure.close();
    }
  });

  it('skips an entry whose attributes hold a control character, naming the attribute, and syncs the rest (issue 16)', async () => {
    ldapServer.entries = [
      ...directoryEntries(),
      person('cn=Nul Name', { cn: 'Nul Name', sAMAccountName: 'nul.name', mail: 'nul.name@acme.test', givenName: 'Nul', sn: 'Na\u0000me' }),
      person('cn=Esc Department', { cn: 'Esc Department', sAMAccountName: 'esc.department', mail: 'esc.department@acme.test', givenName: 'Esc', sn: 'Department', department: 'Ops\u001B' }),
      person('cn=Clean Entry', { cn: 'Clean Entry', sAMAccountName: 'clean.entry', mail: 'clean.entry@acme.test', givenName: 'Clean', sn: 'Entry' }),
    ];
    try {
      for (const lang of ['en-US', 'zh-CN'] as const) {
        const answer = await api<DirectorySyncReport>(adminToken, 'GET', '/api/ad/synGroupAndUser', undefined, lang);
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        expect(answer.body.result.skipped).toEqual(
          expect.arrayContaining([
            { entry: `cn=Nul Name,ou=people,${BASE_DN}`, reason: formatMessage('ldapSkipBadText', lang, { attribute: 'sn' }) },
            { entry: `cn=Esc Department,ou=people,${BASE_DN}`, reason: formatMessage('ldapSkipBadText', lang, { attribute: 'department' }) },
          ]),
        );
      }
      expect(await findUser('clean.entry')).toBeDefined();
      const kept = await t.db.kysely.selectFrom('users').select('user_name').where('company_id', '=', companyId).where('user_name', 'in', ['nul.name', 'esc.department']).execute();
      expect(kept).toEqual([]);
      const departments = await t.db.kysely.selectFrom('departments').select('name').where('company_id', '=', companyId).execute();
      expect(departments.map((department) => department.name)).not.toContain('Ops\u001B');
    } finally {
      ldapServer.entries = directoryEntries();
    }
  });

  it('needs a session (401) and the accountGlobal permission (403)', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/ad/setting', undefined],
      ['PUT', '/api/ad/setting', { isEnabled: false }],
      ['POST', '/api/ad/check', connection()],
      ['GET', '/api/ad/synGroupAndUser', undefined],
    ] as const) {
      const anonymous = await api(undefined, method, url, payload);
      expect([anonymous.status, anonymous.body.returncode]).toEqual([401, ReturnCode.SESSION_INVALID]);
      if (method === 'GET' && url === '/api/ad/setting') {
        expect((await api(viewerToken, method, url)).status).toBe(200);
        continue;
      }
      const viewer = await api(viewerToken, method, url, payload);
      expect([viewer.status, viewer.body.returncode]).toEqual([403, ReturnCode.NO_PERMISSION]);
    }
  });

  it("keeps another company's setting out of reach", async () => {
    const read = await api<DirectorySyncSetting>(other.token, 'GET', '/api/ad/setting');
    expect(read.body.result).toMatchObject({ isEnabled: false, url: '', hasPassword: false, lastReport: null });
    const run = await api(other.token, 'GET', '/api/ad/synGroupAndUser');
    expect([run.status, run.body.returncode]).toEqual([422, ReturnCode.REFUSED]);
    // The stored password of Acme does not fill in Bravo's check.
    const check = await api<DirectorySyncCheckResult>(other.token, 'POST', '/api/ad/check', connection({ bindPassword: '' }));
    expect(check.body.result.ok).toBe(false);
    expect(await t.db.kysely.selectFrom('users').select('id').where('company_id', '=', other.companyId).where('user_name', '=', 'zhang.san').executeTakeFirst()).toBeUndefined();
  });

  it('syncs on a schedule, once per period even with two server processes, in the name of who set it', async () => {
    const second = await createTestApp({ database: t.database, clock: t.clock });
    // Hours pass in this test (the last of the file): each step signs in again rather than outliving the session.
    const signedIn = () => t.factories.session(admin);
    const runs = () =>
      t.db.kysely.selectFrom('operation_logs').select(['actor_id', 'result', 'ip']).where('company_id', '=', companyId).where('action', '=', 'directorySync.run').orderBy('id', 'desc').execute();
    const bothTick = () => Promise.all([t.app.scheduler.tick(), second.app.scheduler.tick()]);
    try {
      // On demand only: the scheduler leaves the company alone.
      t.clock.advance(48 * 3_600_000);
      const before = (await runs()).length;
      await bothTick();
      expect(await runs()).toHaveLength(before);

      const saved = await api<DirectorySyncSetting>(await signedIn(), 'PUT', '/api/ad/setting', { isEnabled: true, scheduleHours: 6, ...connection() });
      expect(saved.body.result).toMatchObject({ scheduleHours: 6, nextSyncAt: t.clock.now() });
      const wrongSchedule = await api(await signedIn(), 'PUT', '/api/ad/setting', { isEnabled: true, scheduleHours: 5, ...connection() });
      expect(wrongSchedule.status).toBe(400);

      // Due at once: the two processes tick together and exactly one syncs, as the admin who set it.
      t.clock.advance(60_000);
      await bothTick();
      const first = await runs();
      expect(first).toHaveLength(before + 1);
      expect(first[0]).toEqual({ actor_id: admin.id, result: 'success', ip: null });
      const after = await api<DirectorySyncSetting>(await signedIn(), 'GET', '/api/ad/setting');
      expect(after.body.result.nextSyncAt).toBe(t.clock.now() + 6 * 3_600_000);

      // Not due again before six hours, however often the job is offered.
      for (let hour = 1; hour < 6; hour += 1) {
        t.clock.advance(3_600_000);
        await bothTick();
      }
      expect(await runs()).toHaveLength(before + 1);
      t.clock.advance(3_600_000);
      await bothTick();
      expect(await runs()).toHaveLength(before + 2);
    } finally {
      await api(await signedIn(), 'PUT', '/api/ad/setting', { isEnabled: true, scheduleHours: 0, ...connection() });
      await second.cleanup();
    }
  });
});
