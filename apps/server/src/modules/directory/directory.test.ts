import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, type CheckActivationResult, type DirectoryUser, type OperationLogEntry, type Page } from '@atrium/contract';
import { HOUR_MS } from '../../platform/clock.js';
import { call, createTestApp, signIn, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import type { TestUser } from '../../test/factories.js';
import { startSmtpServer, textPart } from '../../test/smtp.js';
import { createDepartmentRepository } from '../department/department.repository.js';
import { LOCATION_LEVEL } from '../location/location.repository.js';
import { createSettingsRepository } from '../settings/settings.repository.js';

describe(`directory (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let companyA: number;
  let adminA: TestUser;
  let tokenA: string;
  let tokenViewer: string;
  let tokenNoArea: string;
  let viewerA: TestUser;
  let noAreaA: TestUser;
  let adminB: TestUser;
  let tokenB: string;
  let defaultRoleA: number;
  let staffRoleA: number;
  let engineering: number;
  let platform: number;
  let sales: number;
  let departmentOfB: number;
  let roomA: number;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ config: { smtpUrl: smtp.url, publicUrl: 'https://atrium.example.test', mailFrom: 'Atrium <no-reply@atrium.test>' } });
    const a = await t.factories.company({ name: 'Alpha Works' });
    companyA = a.id;
    defaultRoleA = await t.factories.role(a.id, ['reports:view'], { name: 'Staff', isDefault: true });
    staffRoleA = await t.factories.role(a.id, ['users:view'], { name: 'Viewers' });
    const departments = createDepartmentRepository(t.db.kysely);
    engineering = await departments.insertDepartment({ companyId: a.id, name: 'Engineering' }, t.clock.now());
    platform = await departments.insertDepartment({ companyId: a.id, parentId: engineering, name: 'Platform' }, t.clock.now());
    sales = await departments.insertDepartment({ companyId: a.id, name: 'Sales' }, t.clock.now());
    roomA = await t.factories.location({ companyId: a.id, level: LOCATION_LEVEL.room, name: 'Room 1' });
    adminA = await t.factories.user(a.id, { permissions: ALL_PERMISSIONS, userName: 'alpha.admin' });
    tokenA = await t.factories.session(adminA);
    viewerA = await t.factories.user(a.id, { roleId: staffRoleA });
    noAreaA = await t.factories.user(a.id, { roleId: defaultRoleA });
    tokenViewer = await t.factories.session(viewerA);
    tokenNoArea = await t.factories.session(noAreaA);
    const b = await t.factories.company({ name: 'Bravo' });
    adminB = await t.factories.user(b.id, { permissions: ALL_PERMISSIONS, userName: 'bravo.admin' });
    tokenB = await t.factories.session(adminB);
    departmentOfB = await t.factories.department(b.id, 'Bravo Dept');
  });
  afterAll(async () => {
    await t.cleanup();
    await smtp.close();
  });

  const api = <T = unknown>(token: string | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    call<T>(t.app, { method, url: `/api${url}`, ...(token ? { headers: { token } } : {}), ...(payload ? { payload } : {}) });
  const newUser = (overrides: Record<string, unknown> = {}) => ({
    userName: 'kim.lee',
    email: 'kim.lee@alpha.test',
    firstName: 'Kim',
    lastName: 'Lee',
    usercode: 'E100',
    phone: '+86 138 0000 0000',
    gender: 'female',
    departmentId: platform,
    locationId: roomA,
    ...overrides,
  });
  const tokenFromMail = (to: string) => {
    const mail = [...smtp.received].reverse().find((candidate) => candidate.to.includes(to));
    const match = /https:\/\/atrium\.example\.test\/activate\/([A-Za-z0-9_-]+)/.exec(mail ? textPart(mail) : '');
    return match?.[1];
  };

  let kim: DirectoryUser;

  it('creates a user with the default role and mails an activation link (English then Chinese)', async () => {
    const answer = await api<DirectoryUser>(tokenA, 'POST', '/user', newUser());
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    kim = answer.body.result;
    expect(kim).toMatchObject({
      userName: 'kim.lee',
      fullName: 'Kim Lee',
      role: { id: defaultRoleA, name: 'Staff' },
      department: { id: platform, name: 'Platform' },
      location: { id: roomA, name: 'Room 1' },
      status: 'active',
      isPendingActivation: true,
    });
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual(['kim.lee@alpha.test']);
    const text = textPart(mail);
    expect(text).toContain('kim.lee');
    expect(text.indexOf('Hello')).toBeLessThan(text.indexOf('您好'));
    expect(tokenFromMail('kim.lee@alpha.test')).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const log = await api<Page<OperationLogEntry>>(tokenA, 'GET', '/operation-log/list?action=user.create');
    expect(log.body.result.list[0]).toMatchObject({ targetId: kim.id, targetName: 'kim.lee', result: 'success' });
    // The new account cannot be signed into before activation.
    expect((await signIn(t.app, { userName: 'kim.lee', password: '' })).status).toBe(400);
  });

  it('refuses a user name or e-mail used anywhere in the installation with 409/1003', async () => {
    const byName = await api(tokenB, 'POST', '/user', newUser({ userName: 'KIM.LEE', email: 'other@bravo.test', departmentId: null, locationId: null }));
    expect([byName.status, byName.body.returncode]).toEqual([409, 1003]);
    expect(byName.body.message).toContain('KIM.LEE');
    // The refusal names its field, so a form shows it there once (issue 17).
    expect(byName.body.result).toEqual({ field: 'userName' });
    const byEmail = await api(tokenA, 'POST', '/user', newUser({ userName: 'kim2', email: 'Kim.Lee@alpha.test' }));
    expect([byEmail.status, byEmail.body.returncode, byEmail.body.result]).toEqual([409, 1003, { field: 'email' }]);
    const log = await api<Page<OperationLogEntry>>(tokenA, 'GET', '/operation-log/list?action=user.create&result=failure');
    expect(log.body.result.total).toBe(1);
  });

  it('checks user name, e-mail and phone formats', async () => {
    for (const bad of [{ userName: 'a' }, { userName: 'has space' }, { userName: 'x'.repeat(65) }, { email: 'not-an-email' }, { phone: 'call me' }, { firstName: '' }]) {
      const answer = await api(tokenA, 'POST', '/user', newUser({ userName: 'fresh', email: 'fresh@alpha.test', ...bad }));
      expect([answer.status, answer.body.returncode], JSON.stringify(bad)).toEqual([400, 1001]);
    }
  });

  it("refuses another company's department, role or location as unknown (404)", async () => {
    const answer = await api(tokenA, 'POST', '/user', newUser({ userName: 'fresh', email: 'fresh@alpha.test', departmentId: departmentOfB }));
    expect([answer.status, answer.body.returncode]).toEqual([404, 1002]);
  });

  it('activates with a single-use link under the company policy; the user then signs in normally', async () => {
    const reqToken = tokenFromMail('kim.lee@alpha.test')!;
    const check = await api<CheckActivationResult>(undefined, 'GET', `/user/checkActiveUserReq?reqToken=${reqToken}`);
    expect(check.body.result).toMatchObject({ valid: true, userName: 'kim.lee', passwordPolicy: { minLength: 8 } });
    await createSettingsRepository(t.db.kysely).putSetting(companyA, 'passwordPolicy', { minLength: 12, needsNumber: true }, t.clock.now());
    const weak = await api(undefined, 'POST', '/user/activeUserAndSetPassword', { reqToken, password: 'Short-pass', confirmPassword: 'Short-pass' });
    expect([weak.status, weak.body.returncode]).toEqual([422, 1005]);
    const mismatch = await api(undefined, 'POST', '/user/activeUserAndSetPassword', { reqToken, password: 'Long-enough-pass-1', confirmPassword: 'Long-enough-pass-2' });
    expect(mismatch.status).toBe(422);
    const ok = await api(undefined, 'POST', '/user/activeUserAndSetPassword', { reqToken, password: 'Long-enough-pass-1', confirmPassword: 'Long-enough-pass-1' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const signedIn = await signIn(t.app, { userName: 'kim.lee', password: 'Long-enough-pass-1' });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.result.isDefaultPassword).toBe(false);
    const again = await api(undefined, 'POST', '/user/activeUserAndSetPassword', { reqToken, password: 'Other-pass-12345', confirmPassword: 'Other-pass-12345' });
    expect([again.status, again.body.returncode]).toEqual([422, 1005]);
    expect((await api<CheckActivationResult>(undefined, 'GET', `/user/checkActiveUserReq?reqToken=${reqToken}`)).body.result).toEqual({ valid: false, userName: null, passwordPolicy: null });
    expect((await api<DirectoryUser>(tokenA, 'GET', `/user/details?id=${kim.id}`)).body.result.isPendingActivation).toBe(false);
    const resend = await api(tokenA, 'POST', '/user/resendActivation', { id: kim.id });
    expect([resend.status, resend.body.returncode]).toEqual([422, 1005]);
  });

  it('expires links after 72 hours; a resent link replaces the old one', async () => {
    const created = await api<DirectoryUser>(tokenA, 'POST', '/user', newUser({ userName: 'lou', email: 'lou@alpha.test', firstName: 'Lou', usercode: 'E200', departmentId: sales, locationId: null, roleId: staffRoleA }));
    expect(created.body.result.role.id).toBe(staffRoleA);
    const first = tokenFromMail('lou@alpha.test')!;
    t.clock.advance(72 * HOUR_MS);
    // The sessions timed out meanwhile.
    [tokenA, tokenViewer, tokenNoArea, tokenB] = (await Promise.all([adminA, viewerA, noAreaA, adminB].map((user) => t.factories.session(user)))) as [string, string, string, string];
    expect((await api<CheckActivationResult>(undefined, 'GET', `/user/checkActiveUserReq?reqToken=${first}`)).body.result.valid).toBe(false);
    const resend = await api(tokenA, 'POST', '/user/resendActivation', { id: created.body.result.id });
    expect(resend.status).toBe(200);
    const second = tokenFromMail('lou@alpha.test')!;
    expect(second).not.toBe(first);
    expect((await api<CheckActivationResult>(undefined, 'GET', `/user/checkActiveUserReq?reqToken=${second}`)).body.result.valid).toBe(true);
    t.clock.advance(HOUR_MS);
    expect((await api<CheckActivationResult>(undefined, 'GET', `/user/checkActiveUserReq?reqToken=${first}`)).body.result.valid).toBe(false);
  });

  it('lists with paging and filters: keyword, department with sub-departments, role, location, status', async () => {
    const list = (body: object) => api<Page<DirectoryUser>>(tokenA, 'POST', '/user/getUserList', body);
    const all = await list({});
    expect(all.status).toBe(200);
    expect(all.body.result).toMatchObject({ page: 1, pageSize: 15 });
    expect(all.body.result.total).toBe(5);
    const names = (answer: Awaited<ReturnType<typeof list>>) => answer.body.result.list.map((user) => user.userName).sort();
    expect(names(await list({ keyword: 'KIM' }))).toEqual(['kim.lee']);
    expect(names(await list({ keyword: 'e100' }))).toEqual(['kim.lee']);
    expect(names(await list({ keyword: 'lou@alpha' }))).toEqual(['lou']);
    expect(names(await list({ keyword: '%' }))).toEqual([]);
    expect(names(await list({ departmentId: engineering }))).toEqual(['kim.lee']);
    expect(names(await list({ departmentId: sales }))).toEqual(['lou']);
    expect(names(await list({ departmentId: departmentOfB }))).toEqual([]);
    expect(names(await list({ roleId: staffRoleA })).includes('lou')).toBe(true);
    expect(names(await list({ locationId: roomA }))).toEqual(['kim.lee']);
    expect((await list({ status: 'inactive' })).body.result.total).toBe(0);
    expect((await list({ pageSize: 20 })).status).toBe(400);
    const page2 = await list({ page: 2, pageSize: 15 });
    expect(page2.body.result.list).toEqual([]);
  });

  it('edits everything but the user name and e-mail', async () => {
    const body = { id: kim.id, firstName: 'Kimberly', lastName: 'Lee', usercode: 'E101', phone: null, gender: 'female', departmentId: sales, roleId: staffRoleA, locationId: null, userName: 'kim.lee', email: 'kim.lee@alpha.test' };
    const ok = await api<DirectoryUser>(tokenA, 'PUT', '/user', body);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.result).toMatchObject({ fullName: 'Kimberly Lee', usercode: 'E101', department: { id: sales }, role: { id: staffRoleA }, location: null, phone: null });
    const renamed = await api(tokenA, 'PUT', '/user', { ...body, userName: 'kimberly' });
    expect([renamed.status, renamed.body.returncode]).toEqual([422, 1005]);
    expect(renamed.body.message).toMatch(/user name cannot change/i);
    const readdressed = await api(tokenA, 'PUT', '/user', { ...body, email: 'kim@elsewhere.test' });
    expect(readdressed.status).toBe(422);
    expect((await api(tokenA, 'PUT', '/user', { ...body, roleId: 999999 })).status).toBe(404);
    // Disabling ends the user's sessions.
    const kimSession = (await signIn(t.app, { userName: 'kim.lee', password: 'Long-enough-pass-1' })).token!;
    expect((await api(tokenA, 'PUT', '/user', { ...body, status: 'inactive' })).body.result).toMatchObject({ status: 'inactive' });
    expect((await api(kimSession, 'GET', '/checkIsLogin')).status).toBe(401);
    expect((await api(tokenA, 'PUT', '/user', { ...body, status: 'active' })).status).toBe(200);
  });

  it('keeps at least one user administrator and refuses deleting yourself', async () => {
    const self = await api(tokenA, 'DELETE', '/user', { ids: [adminA.id] });
    expect([self.status, self.body.returncode]).toEqual([422, 1005]);
    const demote = await api(tokenA, 'PUT', '/user', { id: adminA.id, firstName: 'A', lastName: 'Admin', roleId: defaultRoleA });
    expect([demote.status, demote.body.message]).toEqual([422, 'At least one active user must keep the right to edit users']);
    // A second administrator may go; the caller stays.
    const other = await t.factories.user(companyA, { roleId: adminA.roleId });
    expect((await api(tokenA, 'DELETE', '/user', { ids: [other.id] })).status).toBe(200);
    expect((await api(tokenA, 'GET', `/user/details?id=${other.id}`)).status).toBe(404);
  });

  it('moves users to a department in one call', async () => {
    const users = (await api<Page<DirectoryUser>>(tokenA, 'POST', '/user/getUserList', { keyword: 'alpha.test' })).body.result.list.map((user) => user.id);
    expect((await api(tokenA, 'PUT', '/user/group', { userIds: users, departmentId: engineering })).status).toBe(200);
    expect((await api<Page<DirectoryUser>>(tokenA, 'POST', '/user/getUserList', { departmentId: engineering })).body.result.total).toBe(users.length);
    expect((await api(tokenA, 'PUT', '/user/group', { userIds: users, departmentId: departmentOfB })).status).toBe(404);
    expect((await api(tokenA, 'PUT', '/user/group', { userIds: users, departmentId: null })).status).toBe(200);
    const log = await api<Page<OperationLogEntry>>(tokenA, 'GET', '/operation-log/list?action=user.move');
    expect(log.body.result.total).toBe(2);
  });

  it('lets a viewer read but not change, and refuses a role without the users area', async () => {
    expect((await api(tokenViewer, 'POST', '/user/getUserList', {})).status).toBe(200);
    expect((await api(tokenViewer, 'GET', '/user/directoryOptions')).status).toBe(200);
    const routes: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, object | undefined]> = [
      ['POST', '/user', newUser({ userName: 'x1', email: 'x1@alpha.test' })],
      ['PUT', '/user', { id: kim.id, firstName: 'K', lastName: 'L' }],
      ['DELETE', '/user', { ids: [kim.id] }],
      ['PUT', '/user/group', { userIds: [kim.id], departmentId: null }],
      ['POST', '/user/resendActivation', { id: kim.id }],
    ];
    for (const [method, url, payload] of routes) {
      const answer = await api(tokenViewer, method, url, payload);
      expect([answer.status, answer.body.returncode], `${method} ${url}`).toEqual([403, 1014]);
    }
    for (const [method, url, payload] of [...routes, ['POST', '/user/getUserList', {}], ['GET', `/user/details?id=${kim.id}`, undefined], ['GET', '/user/directoryOptions', undefined]] as typeof routes) {
      const answer = await api(tokenNoArea, method, url, payload);
      expect([answer.status, answer.body.returncode], `${method} ${url}`).toEqual([403, 1014]);
    }
  });

  it("answers 404 for another company's user on every route", async () => {
    const routes: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, object | undefined]> = [
      ['GET', `/user/details?id=${kim.id}`, undefined],
      ['PUT', '/user', { id: kim.id, firstName: 'K', lastName: 'L' }],
      ['DELETE', '/user', { ids: [kim.id] }],
      ['PUT', '/user/group', { userIds: [kim.id], departmentId: null }],
      ['POST', '/user/resendActivation', { id: kim.id }],
    ];
    for (const [method, url, payload] of routes) {
      const answer = await api(tokenB, method, url, payload);
      expect([answer.status, answer.body.returncode], `${method} ${url}`).toEqual([404, 1002]);
    }
    expect((await api<DirectoryUser>(tokenA, 'GET', `/user/details?id=${kim.id}`)).body.result.firstName).toBe('Kimberly');
  });
});
