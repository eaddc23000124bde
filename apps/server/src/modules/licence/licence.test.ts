import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, LICENSED_MODULES, ReturnCode, type LicenceOverview, type OperationLogEntry, type Page, type VisitReason } from '@atrium/contract';
import { DAY_MS } from '../../platform/clock.js';
import { generateLicenceKeyPair, privateKeyFromPem, signLicence } from '../../platform/licence-token.js';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import type { TestUser } from '../../test/factories.js';
import { testLicenceToken, TEST_LICENCE_KEY } from '../../test/licences.js';

const LICENCES = '/api/company/licence';
const ADD_REASON = '/api/visitor/reason/add';
const REASONS = '/api/visitor/reason/list';

describe(`licences (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let plain: TestUser;
  let otherAdmin: TestUser;
  const CODE = 'lic-co';

  /** A fresh session each time: the fake clock moves by months, past any idle timeout. */
  const send = async <T>(user: TestUser, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, lang = 'en-US') =>
    call<T>(t.app, { method, url, headers: { token: await t.factories.session(user), lang }, ...(payload ? { payload } : {}) });
  const overview = async (user = admin) => (await send<LicenceOverview>(user, 'GET', LICENCES)).body.result;
  const stateOf = async (module: string) => (await overview()).modules.find((entry) => entry.module === module)!.state;
  const install = (token: string, user = admin, lang = 'en-US') => send<LicenceOverview>(user, 'POST', LICENCES, { token }, lang);
  let reasonCount = 0;
  const addReason = () => send<{ id: number }>(admin, 'POST', ADD_REASON, { name: `Reason ${++reasonCount}` });

  beforeAll(async () => {
    t = await createTestApp();
    const company = await t.factories.company({ name: 'Licensed Co', domain: CODE, isLicensed: false });
    admin = await t.factories.user(company.id, { permissions: ALL_PERMISSIONS });
    plain = await t.factories.user(company.id, { permissions: ['events:view'] });
    otherAdmin = (await t.factories.companyWithAdmin('Other Licence Co')).admin;
  });
  afterAll(() => t.cleanup());

  it('keeps an unlicensed module read-only: writes answer 403/1015 in both languages, reads are served', async () => {
    const result = await overview();
    expect(result.modules.map((entry) => [entry.module, entry.state])).toEqual(LICENSED_MODULES.map((module) => [module, 'unlicensed']));
    expect(result.licences).toEqual([]);
    expect(result.canEdit).toBe(true);
    const refused = await addReason();
    expect([refused.status, refused.body.returncode, refused.body.result]).toEqual([403, ReturnCode.MODULE_NOT_LICENSED, { module: 'visitors' }]);
    expect(refused.body.message).toBe('This module is not licensed or its licence has expired: it is read-only until a licence is installed');
    const chinese = await send(admin, 'POST', ADD_REASON, { name: 'x' }, 'zh-CN');
    expect(chinese.body.message).toBe('该模块未获许可或许可已过期：在安装许可之前只能查看');
    expect((await send<VisitReason[]>(admin, 'GET', REASONS)).status).toBe(200);
    // The base product is never licensed: booking-side and administration writes go on.
    expect((await send(admin, 'POST', '/api/passStrategy/updatePassStrategy', {})).body.returncode).not.toBe(ReturnCode.MODULE_NOT_LICENSED);
  });

  it('refuses every write of every licensed module while unlicensed, before reading the body', async () => {
    const writes = t.app.routeTable.filter((route) => route.licensedModule && !['GET', 'HEAD'].includes(route.method) && !route.readsOnly);
    expect(new Set(writes.map((route) => route.licensedModule))).toEqual(new Set(LICENSED_MODULES));
    const token = await t.factories.session(admin);
    for (const route of writes) {
      const answer = await call(t.app, { method: route.method as 'POST', url: route.url.replace(/:(\w+)/g, '1'), headers: { token } });
      expect([answer.status, answer.body.returncode, answer.body.result], `${route.method} ${route.url}`).toEqual([403, ReturnCode.MODULE_NOT_LICENSED, { module: route.licensedModule }]);
    }
    // Device and public routes are never licensed; nor is the base product (booking, administration).
    expect(t.app.routeTable.filter((route) => route.licensedModule && (route.access === 'device' || route.access === 'public'))).toEqual([]);
    expect(t.app.routeTable.filter((route) => route.licensedModule && /^\/api\/(meeting|location|user|tenant\/role|company)\//.test(route.url))).toEqual([]);
  });

  it('refuses a malformed token, an unknown key, a bad signature and another company’s licence', async () => {
    expect((await install('not-a-token')).body).toMatchObject({ returncode: ReturnCode.REFUSED, message: 'This is not a licence token' });

    const stranger = generateLicenceKeyPair();
    const unknown = signLicence(
      { v: 1, number: 'X-1', serial: 'x-1', licensee: 'X', companyCode: CODE, validUntil: t.clock.now() + 100 * DAY_MS, issuedAt: t.clock.now(), modules: ['visitors'], seats: 5, keyId: 'stranger' },
      privateKeyFromPem(stranger.privateKeyPem),
    );
    expect((await install(unknown)).body).toMatchObject({ returncode: ReturnCode.REFUSED, message: 'The licence was signed by a key this installation does not trust (stranger)' });
    // A key id we trust over a signature made by another key.
    const forged = signLicence(
      { v: 1, number: 'X-2', serial: 'x-2', licensee: 'X', companyCode: CODE, validUntil: t.clock.now() + 100 * DAY_MS, issuedAt: t.clock.now(), modules: ['visitors'], seats: 5, keyId: TEST_LICENCE_KEY.keyId },
      privateKeyFromPem(stranger.privateKeyPem),
    );
    expect((await install(forged)).body).toMatchObject({ returncode: ReturnCode.REFUSED, message: 'The licence signature is not valid' });
    // A changed payload under a genuine signature.
    const [body, signature] = testLicenceToken(CODE, t.clock.now(), { seats: 5 }).split('.');
    const tampered = `${Buffer.from(Buffer.from(body!, 'base64url').toString().replace('"seats":5', '"seats":5000')).toString('base64url')}.${signature}`;
    expect((await install(tampered)).body.message).toBe('The licence signature is not valid');
    const others = await install(testLicenceToken('someone-else', t.clock.now()));
    expect([others.status, others.body.message]).toEqual([422, 'This licence was issued to another company']);
    expect((await install(testLicenceToken(CODE, t.clock.now()), otherAdmin)).body.message).toBe('This licence was issued to another company');
    const expired = await install(testLicenceToken(CODE, t.clock.now() - 400 * DAY_MS, { validUntil: t.clock.now() - 20 * DAY_MS }));
    expect(expired.body.message).toBe('This licence has expired');
    // Only accountGlobal:edit installs.
    expect((await install(testLicenceToken(CODE, t.clock.now()), plain)).body.returncode).toBe(ReturnCode.NO_PERMISSION);
    expect((await overview()).licences).toEqual([]);
  });

  it('walks valid → expiring → grace → expired on the clock, then a new licence makes the module writable again', async () => {
    const start = t.clock.now();
    const installed = await install(testLicenceToken(CODE, start, { number: 'LIC-1', serial: 'serial-1', validUntil: start + 60 * DAY_MS, modules: ['visitors', 'desks'], seats: 12 }));
    expect([installed.status, installed.body.message]).toEqual([200, 'Licence LIC-1 installed']);
    expect(installed.body.result.modules.find((entry) => entry.module === 'visitors')).toEqual({ module: 'visitors', state: 'valid', validUntil: start + 60 * DAY_MS, seats: 12, licenceNumber: 'LIC-1' });
    expect(installed.body.result.modules.find((entry) => entry.module === 'airQuality')!.state).toBe('unlicensed');
    expect(installed.body.result.seatsUsed).toBe(2);
    expect(installed.body.result.licences).toMatchObject([{ number: 'LIC-1', serial: 'serial-1', keyId: TEST_LICENCE_KEY.keyId, isTrial: false, state: 'valid' }]);
    expect((await addReason()).status).toBe(200);
    // Every signed-in user reads the states (the console's banners), without the install rights.
    expect((await overview(plain)).canEdit).toBe(false);

    t.clock.advance(31 * DAY_MS);
    expect(await stateOf('visitors')).toBe('expiring');
    expect((await addReason()).status).toBe(200);

    t.clock.advance(35 * DAY_MS);
    expect(await stateOf('visitors')).toBe('grace');
    expect((await addReason()).status).toBe(200);

    t.clock.advance(10 * DAY_MS);
    expect(await stateOf('visitors')).toBe('expired');
    const refused = await addReason();
    expect([refused.status, refused.body.returncode]).toEqual([403, ReturnCode.MODULE_NOT_LICENSED]);
    const reasons = await send<VisitReason[]>(admin, 'GET', REASONS);
    expect(reasons.status).toBe(200);
    expect(reasons.body.result).toHaveLength(3);
    // A POST that only reads (an export) is still served in a read-only module.
    expect((await send(admin, 'POST', '/api/desk/monitoring/desks/export', {})).body.returncode).not.toBe(ReturnCode.MODULE_NOT_LICENSED);

    const renewed = await install(testLicenceToken(CODE, t.clock.now(), { number: 'LIC-2', serial: 'serial-2', validUntil: t.clock.now() + 365 * DAY_MS, modules: ['visitors'] }));
    expect(renewed.status).toBe(200);
    expect(renewed.body.result.modules.find((entry) => entry.module === 'visitors')).toMatchObject({ state: 'valid', licenceNumber: 'LIC-2' });
    expect(renewed.body.result.modules.find((entry) => entry.module === 'desks')).toMatchObject({ state: 'expired', licenceNumber: 'LIC-1' });
    expect((await addReason()).status).toBe(200);

    const log = await send<Page<OperationLogEntry>>(admin, 'GET', '/api/operation-log/list?page=1&pageSize=15');
    expect(log.body.result.list.filter((entry) => entry.action === 'licence.install').map((entry) => [entry.targetName, entry.result])).toContainEqual(['LIC-2', 'success']);
  });

  it('replaces an installed licence of the same serial, and keeps another company apart', async () => {
    const now = t.clock.now();
    await install(testLicenceToken(CODE, now, { number: 'LIC-2b', serial: 'serial-2', validUntil: now + 500 * DAY_MS, modules: ['visitors', 'airQuality'] }));
    const result = await overview();
    expect(result.licences.filter((licence) => licence.serial === 'serial-2').map((licence) => licence.number)).toEqual(['LIC-2b']);
    expect(result.modules.find((entry) => entry.module === 'airQuality')).toMatchObject({ state: 'valid', licenceNumber: 'LIC-2b' });
    // The other company's licences are its own (the factory's, for every module).
    expect((await overview(otherAdmin)).licences.map((licence) => licence.number)).not.toContain('LIC-2b');
  });

  it('drops a stored licence whose key this installation no longer trusts', async () => {
    const keyless = await createTestApp({ database: t.database, clock: t.clock, config: { licencePublicKeys: [] } });
    try {
      const token = await t.factories.session(admin);
      const answer = await call<LicenceOverview>(keyless.app, { method: 'GET', url: LICENCES, headers: { token } });
      expect(answer.body.result.licences).toEqual([]);
      expect(answer.body.result.modules.every((entry) => entry.state === 'unlicensed')).toBe(true);
      const write = await call(keyless.app, { method: 'POST', url: ADD_REASON, headers: { token }, payload: { name: 'Keyless' } });
      expect(write.body.returncode).toBe(ReturnCode.MODULE_NOT_LICENSED);
    } finally {
      await keyless.cleanup();
    }
  });
});
