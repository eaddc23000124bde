import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, ReturnCode, type DirectorySyncReport, type DirectorySyncSetting, type DirectoryUser, type Page } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { startLdapServer, type TestLdapEntry, type TestLdapServer } from '../../test/ldap-server.js';
import { groupName } from './ldap-source.js';
import { mappedRole, splitDisplayName } from './directory-source.js';

const BASE_DN = 'dc=acme,dc=test';
const BIND_DN = 'cn=sync,ou=service,dc=acme,dc=test';
const BIND_PASSWORD = 'Ldap-Bind-Secret-9';
const group = (cn: string) => `CN=${cn},OU=Groups,DC=acme,DC=test`;
const person = (uid: string, attributes: Record<string, string | string[]>): TestLdapEntry => ({
  dn: `uid=${uid},ou=people,${BASE_DN}`,
  attributes: { objectClass: ['top', 'person'], uid, mail: `${uid}@acme.test`, givenName: uid, sn: 'Acme', ...attributes },
});

describe('group names and rules', () => {
  it('reads a group DN as its common name, escapes undone; other values as they are', () => {
    expect(groupName('CN=Room Managers,OU=Groups,DC=acme,DC=test')).toBe('Room Managers');
    expect(groupName('cn=Sales\\, East,ou=Groups,dc=acme')).toBe('Sales, East');
    expect(groupName('Staff')).toBe('Staff');
  });

  it('gives the first matching rule whose role exists, ignoring case; nothing when no rule names the user', () => {
    const rules = [
      { group: 'Gone', roleId: 9 },
      { group: 'room managers', roleId: 2 },
      { group: 'Staff', roleId: 3 },
    ];
    expect(mappedRole(rules, ['Staff', 'Room Managers', 'Gone'], new Set([2, 3]))).toBe(2);
    expect(mappedRole(rules, ['staff'], new Set([2, 3]))).toBe(3);
    expect(mappedRole(rules, ['Gone'], new Set([2, 3]))).toBeUndefined();
    expect(mappedRole(rules, [], new Set([2, 3]))).toBeUndefined();
  });

  it('splits display names: CJK family name first, others at the last space', () => {
    expect(splitDisplayName('张三丰')).toEqual({ lastName: '张', firstName: '三丰' });
    expect(splitDisplayName('Mary Ann Smith')).toEqual({ firstName: 'Mary Ann', lastName: 'Smith' });
    expect(splitDisplayName('Cher')).toEqual({ firstName: 'Cher' });
    expect(splitDisplayName('  ')).toEqual({});
  });
});

describe(`group-to-role mapping of the LDAP sync (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let ldapServer: TestLdapServer;
  let adminToken: string;
  let managerRoleId: number;
  let staffRoleId: number;
  let readerRoleId: number;
  let defaultRoleId: number;
  let otherRoleId: number;

  beforeAll(async () => {
    ldapServer = await startLdapServer({
      baseDn: BASE_DN,
      bindDn: BIND_DN,
      bindPassword: BIND_PASSWORD,
      entries: [
        person('alice', { memberOf: [group('Staff'), group('Room Managers')] }),
        person('bob', { memberOf: group('Staff') }),
        person('carol', {}),
        person('dave', { memberOf: [group('room managers')] }),
        person('erin', { memberOf: group('Unmapped') }),
      ],
    });
    t = await createTestApp();
    const companyId = (await t.factories.company({ name: 'Acme', domain: 'acme-roles' })).id;
    const admin = await t.factories.user(companyId, { permissions: ALL_PERMISSIONS, userName: 'admin.acme', email: 'admin@acme.test' });
    await t.factories.setOwner(companyId, admin.id);
    adminToken = await t.factories.session(admin);
    defaultRoleId = await t.factories.role(companyId, [], { name: 'Everyone', isDefault: true });
    managerRoleId = await t.factories.role(companyId, ['calendarRoomUse:view', 'meetingRooms:edit'], { name: 'Room manager' });
    staffRoleId = await t.factories.role(companyId, ['calendarRoomUse:view'], { name: 'Staff' });
    readerRoleId = await t.factories.role(companyId, ['users:view'], { name: 'Reader' });
    await t.factories.user(companyId, { userName: 'dave', email: 'dave@acme.test', roleId: readerRoleId });
    await t.factories.user(companyId, { userName: 'erin', email: 'erin@acme.test', roleId: readerRoleId });
    const other = await t.factories.companyWithAdmin('Bravo');
    otherRoleId = await t.factories.role(other.company.id, [], { name: 'Bravo role' });
  });
  afterAll(async () => {
    await t.cleanup();
    await ldapServer.close();
  });

  const api = <T>(method: 'GET' | 'PUT', url: string, payload?: unknown) =>
    call<T>(t.app, { method, url, headers: { token: adminToken, lang: 'en-US' }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const setting = (roleMapping: unknown) => ({ isEnabled: true, url: ldapServer.url, bindDn: BIND_DN, bindPassword: BIND_PASSWORD, baseDn: BASE_DN, roleMapping });
  const roleOf = async (userName: string) => {
    const page = await call<Page<DirectoryUser>>(t.app, { method: 'POST', url: '/api/user/getUserList', headers: { token: adminToken }, payload: { keyword: userName } });
    return page.body.result.list.find((user) => user.userName === userName)?.role.id;
  };

  it("refuses a rule naming another company's role or a missing one (404), and a rule without a group (400)", async () => {
    for (const roleId of [otherRoleId, 999_999]) {
      const answer = await api('PUT', '/api/ad/setting', setting([{ group: 'Staff', roleId }]));
      expect([answer.status, answer.body.returncode]).toEqual([404, ReturnCode.NOT_FOUND]);
    }
    const blank = await api('PUT', '/api/ad/setting', setting([{ group: ' ', roleId: staffRoleId }]));
    expect(blank.status).toBe(400);
    expect((await api<DirectorySyncSetting>('GET', '/api/ad/setting')).body.result.roleMapping).toEqual([]);
  });

  it('gives new and known users the role of the first rule their groups match; others keep theirs', async () => {
    const rules = [
      { group: 'Room Managers', roleId: managerRoleId },
      { group: 'staff', roleId: staffRoleId },
    ];
    const saved = await api<DirectorySyncSetting>('PUT', '/api/ad/setting', setting(rules));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.result.roleMapping).toEqual(rules);

    const run = await api<DirectorySyncReport>('GET', '/api/ad/synGroupAndUser');
    expect(run.body.result).toMatchObject({ usersCreated: 3, usersUpdated: 2, skipped: [] });
    expect(await roleOf('alice')).toBe(managerRoleId);
    expect(await roleOf('bob')).toBe(staffRoleId);
    expect(await roleOf('carol')).toBe(defaultRoleId);
    expect(await roleOf('dave')).toBe(managerRoleId);
    expect(await roleOf('erin')).toBe(readerRoleId);
  });

  it('never takes a role away because a rule is gone: without rules the roles stay', async () => {
    await api('PUT', '/api/ad/setting', setting([]));
    const run = await api<DirectorySyncReport>('GET', '/api/ad/synGroupAndUser');
    expect(run.body.result).toMatchObject({ usersCreated: 0, usersUpdated: 0 });
    expect(await roleOf('alice')).toBe(managerRoleId);
    expect(await roleOf('dave')).toBe(managerRoleId);
  });

  it('moves a person whose groups changed to the role their groups now name', async () => {
    await api('PUT', '/api/ad/setting', setting([{ group: 'Room Managers', roleId: managerRoleId }, { group: 'Staff', roleId: staffRoleId }]));
    ldapServer.entries = ldapServer.entries.map((entry) => (entry.attributes.uid === 'alice' ? { ...entry, attributes: { ...entry.attributes, memberOf: group('Staff') } } : entry));
    const run = await api<DirectorySyncReport>('GET', '/api/ad/synGroupAndUser');
    expect(run.body.result).toMatchObject({ usersCreated: 0, usersUpdated: 1 });
    expect(await roleOf('alice')).toBe(staffRoleId);
  });
});
