import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_POLICY, ReturnCode, type OperationLogEntry, type Page, type PasswordPolicy, type SafetyPasswordStatus } from '@atrium/contract';
import { DAY_MS, MINUTE_MS } from '../../platform/clock.js';
import { call, createTestApp, signIn, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { createSettingsRepository } from './settings.repository.js';
import { SAFETY_PASSWORD_THROTTLE } from './settings.service.js';

const POLICY: PasswordPolicy = { minLength: 10, expiryDays: 90, needsUppercase: true, needsLowercase: true, needsNumber: true, needsSpecial: false };

describe(`global settings (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let companyId: number;
  let otherCompanyId: number;
  let admin: string;
  let viewer: string;
  let outsider: string;
  let otherAdmin: string;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.factories.companyWithAdmin();
    const b = await t.factories.companyWithAdmin();
    companyId = a.company.id;
    otherCompanyId = b.company.id;
    admin = await t.factories.session(a.admin);
    otherAdmin = await t.factories.session(b.admin);
    viewer = await t.factories.session(await t.factories.user(companyId, { permissions: ['globalSettings:view'] }));
    outsider = await t.factories.session(await t.factories.user(companyId, { permissions: ['reports:view'] }));
  });
  afterAll(() => t.cleanup());

  const get = <T>(url: string, token: string) => call<T>(t.app, { method: 'GET', url, headers: { token } });
  const send = <T>(method: 'POST' | 'PUT', url: string, token: string, payload: unknown) =>
    call<T>(t.app, { method, url, headers: { token }, payload: payload as Record<string, unknown> });

  describe('password policy', () => {
    it('answers the default until one is set, then the stored one, to a viewer of the area', async () => {
      expect((await get<PasswordPolicy>('/api/passStrategy/getPassStrategy', viewer)).body.result).toEqual(DEFAULT_PASSWORD_POLICY);
      const saved = await send<PasswordPolicy>('POST', '/api/passStrategy/updatePassStrategy', admin, POLICY);
      expect(saved.status).toBe(200);
      expect(saved.body.result).toEqual(POLICY);
      expect((await get<PasswordPolicy>('/api/passStrategy/getPassStrategy', viewer)).body.result).toEqual(POLICY);
      // Another company's policy is its own.
      expect((await get<PasswordPolicy>('/api/passStrategy/getPassStrategy', otherAdmin)).body.result).toEqual(DEFAULT_PASSWORD_POLICY);
    });

    it.each([
      [{ ...POLICY, minLength: 5 }],
      [{ ...POLICY, minLength: 65 }],
      [{ ...POLICY, expiryDays: 45 }],
      [{ ...POLICY, needsSpecial: 'yes' }],
      [{ minLength: 8 }],
    ])('refuses %j with 400/1001', async (payload) => {
      const answer = await send('POST', '/api/passStrategy/updatePassStrategy', admin, payload);
      expect(answer.status).toBe(400);
      expect(answer.body.returncode).toBe(ReturnCode.BAD_REQUEST);
    });

    it('accepts never as null expiry', async () => {
      const answer = await send<PasswordPolicy>('POST', '/api/passStrategy/updatePassStrategy', admin, { ...POLICY, expiryDays: null });
      expect(answer.body.result.expiryDays).toBeNull();
      await send('POST', '/api/passStrategy/updatePassStrategy', admin, POLICY);
    });

    it('lets only the edit permission change it, and no area no reading', async () => {
      const byViewer = await send('POST', '/api/passStrategy/updatePassStrategy', viewer, POLICY);
      expect(byViewer.status).toBe(403);
      expect(byViewer.body.returncode).toBe(ReturnCode.NO_PERMISSION);
      const read = await get('/api/passStrategy/getPassStrategy', outsider);
      expect(read.status).toBe(403);
      expect(read.body.returncode).toBe(ReturnCode.NO_PERMISSION);
    });

    it('records the change in the operation log', async () => {
      const log = await get<Page<OperationLogEntry>>('/api/operation-log/list?action=settings.updatePasswordPolicy', admin);
      expect(log.body.result.total).toBeGreaterThan(0);
      expect(log.body.result.list[0]).toMatchObject({ result: 'success', detail: { minLength: 10 } });
    });

    it('applies to the next password change', async () => {
      const user = await t.factories.user(companyId);
      const token = await t.factories.session(user);
      const weak = await send('POST', '/api/user/updateUserPassword', token, { oldPassword: user.password, newPassword: 'short1A', confirmPassword: 'short1A' });
      expect(weak.status).toBe(422);
      expect(weak.body.message).toBe('The password must have at least 10 characters');
      const good = await send('POST', '/api/user/updateUserPassword', token, { oldPassword: user.password, newPassword: 'Longer-pass-9', confirmPassword: 'Longer-pass-9' });
      expect(good.status).toBe(200);
    });
  });

  describe('password expiry at sign-in', () => {
    it('restricts an expired session to the change (1010), then the change works and frees the next sign-in', async () => {
      const user = await t.factories.user(companyId, { password: 'Stale-Pass-123', passwordChangedAt: t.clock.now() - 91 * DAY_MS });
      const signedIn = await signIn(t.app, user);
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.message).toBe('Your password has expired, please change it');
      expect(signedIn.body.result).toMatchObject({ passwordExpired: true, isDefaultPassword: false });
      const token = signedIn.token!;

      const elsewhere = await get('/api/user/getMenuList', token);
      expect(elsewhere.status).toBe(403);
      expect(elsewhere.body).toEqual({ returncode: ReturnCode.PASSWORD_EXPIRED, message: 'Your password has expired, please change it', result: null });
      expect((await get('/api/passStrategy/getPassStrategy', token)).body.returncode).toBe(ReturnCode.PASSWORD_EXPIRED);
      const info = await get<{ mustChangePassword: boolean; passwordExpired: boolean }>('/api/user/getCurrentUserInfo', token);
      expect(info.body.result).toMatchObject({ mustChangePassword: true, passwordExpired: true });

      // The change follows the policy and must differ from the old password.
      const same = await send('POST', '/api/user/updateDefaultPassword', token, { newPassword: 'Stale-Pass-123', confirmPassword: 'Stale-Pass-123' });
      expect(same.status).toBe(422);
      const changed = await send('POST', '/api/user/updateDefaultPassword', token, { newPassword: 'Fresh-Pass-456', confirmPassword: 'Fresh-Pass-456' });
      expect(changed.status).toBe(200);
      expect((await get('/api/checkIsLogin', token)).status).toBe(401);

      const again = await signIn(t.app, { userName: user.userName, password: 'Fresh-Pass-456' });
      expect(again.body.result).toMatchObject({ passwordExpired: false });
      expect((await get('/api/user/getMenuList', again.token!)).status).toBe(200);
    });

    it('leaves a password younger than the expiry alone, and a first sign-in keeps its own code', async () => {
      const fresh = await t.factories.user(companyId, { passwordChangedAt: t.clock.now() - 89 * DAY_MS });
      const signedIn = await signIn(t.app, fresh);
      expect(signedIn.body.result).toMatchObject({ passwordExpired: false });
      expect((await get('/api/user/getMenuList', signedIn.token!)).status).toBe(200);

      const newcomer = await t.factories.user(companyId, { mustChangePassword: true, passwordChangedAt: t.clock.now() - 200 * DAY_MS });
      const first = await signIn(t.app, newcomer);
      expect(first.body.result).toMatchObject({ isDefaultPassword: true, passwordExpired: true });
      expect((await get('/api/user/getMenuList', first.token!)).body.returncode).toBe(ReturnCode.PASSWORD_CHANGE_REQUIRED);
    });

    it('judges each company by its own policy', async () => {
      const user = await t.factories.user(otherCompanyId, { passwordChangedAt: t.clock.now() - 400 * DAY_MS });
      expect((await signIn(t.app, user)).body.result).toMatchObject({ passwordExpired: false });
    });
  });

  describe('safety password', () => {
    const status = (token: string) => get<SafetyPasswordStatus>('/api/safety-password', token);
    const put = (token: string, payload: Record<string, unknown>) => send('PUT', '/api/safety-password', token, payload);
    const verify = (token: string, safetyPassword: string) => send('POST', '/api/safety-password/verify', token, { safetyPassword });

    it('is unset at first; a use then answers that none is set', async () => {
      expect((await status(viewer)).body.result).toEqual({ isSet: false, updatedAt: null });
      const answer = await verify(admin, '123456');
      expect(answer.status).toBe(422);
      expect(answer.body.message).toBe('No safety password is set; an administrator sets it in global settings');
    });

    it.each([['12345'], ['1234567'], ['12345a'], [' 12345']])('refuses %s: exactly 6 digits (400/1001)', async (value) => {
      const answer = await put(admin, { newPassword: value, confirmPassword: value });
      expect(answer.status).toBe(400);
      expect(answer.body.returncode).toBe(ReturnCode.BAD_REQUEST);
    });

    it('is set as an argon2id hash, by the edit permission only', async () => {
      expect((await put(viewer, { newPassword: '135790', confirmPassword: '135790' })).status).toBe(403);
      expect((await put(admin, { newPassword: '135790', confirmPassword: '135791' })).body.message).toBe('The two passwords do not match');
      expect((await put(admin, { newPassword: '135790', confirmPassword: '135790' })).status).toBe(200);
      expect((await status(viewer)).body.result).toEqual({ isSet: true, updatedAt: t.clock.now() });
      const stored = JSON.stringify(await createSettingsRepository(t.db.kysely).findSetting(companyId, 'safetyPassword'));
      expect(stored).toContain('$argon2id$');
      expect(stored).not.toContain('135790');
      expect((await verify(outsider, '135790')).status).toBe(200);
      // Another company has none.
      expect((await verify(otherAdmin, '135790')).status).toBe(422);
    });

    it('needs the current one to change it', async () => {
      const missing = await put(admin, { newPassword: '246802', confirmPassword: '246802' });
      expect(missing.status).toBe(422);
      expect(missing.body.message).toBe('Please enter the current safety password');
      const wrong = await put(admin, { currentPassword: '000000', newPassword: '246802', confirmPassword: '246802' });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ returncode: ReturnCode.REFUSED, message: 'Safety password wrong', result: null });
      expect((await put(admin, { currentPassword: '135790', newPassword: '246802', confirmPassword: '246802' })).status).toBe(200);
      expect((await verify(admin, '135790')).body.message).toBe('Safety password wrong');
      expect((await verify(admin, '246802')).status).toBe(200);
    });

    it('throttles wrong attempts per user, even the right one, until the window passes', async () => {
      const user = await t.factories.user(companyId);
      const token = await t.factories.session(user);
      for (let i = 0; i < SAFETY_PASSWORD_THROTTLE.maxFailures; i++) expect((await verify(token, '999999')).status).toBe(400);
      const locked = await verify(token, '246802');
      expect(locked.status).toBe(429);
      expect(locked.body.returncode).toBe(ReturnCode.TOO_MANY_REQUESTS);
      expect(locked.response.headers['retry-after']).toBeDefined();
      // Other users are not locked out.
      expect((await verify(admin, '246802')).status).toBe(200);
      t.clock.advance(SAFETY_PASSWORD_THROTTLE.windowMinutes * MINUTE_MS + 1000);
      expect((await verify(token, '246802')).status).toBe(200);
    });

    it('never writes the safety password to the operation log', async () => {
      const log = await get<Page<OperationLogEntry>>('/api/operation-log/list?action=settings.updateSafetyPassword', admin);
      expect(log.body.result.list.map((entry) => entry.result)).toEqual(expect.arrayContaining(['success', 'failure']));
      expect(JSON.stringify(log.body)).not.toMatch(/135790|246802/);
    });
  });
});
