import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_SCREEN_SETTING,
  formatMessage,
  ReturnCode,
  type DeviceConfig,
  type DeviceNetCheckResult,
  type DisplayRoom,
  type DoorDisplay,
  type LightCycle,
  type OperationLogEntry,
  type Page,
  type ScreenSetting,
} from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { createTestRoom } from '../../test/rooms.js';
import { MINUTE_MS } from '../../platform/clock.js';
import { seedDoorDisplays } from './door-display.seed.js';

const SAFETY = '246810';

describe(`door displays (${TEST_DIALECT})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.cleanup());

  const send = <T>(url: string, token: string, payload: unknown, headers: Record<string, string> = {}) =>
    call<T>(t.app, { method: 'POST', url: `/api${url}`, headers: { token, ...headers }, payload: payload as Record<string, unknown> });
  const get = <T>(url: string, token: string) => call<T>(t.app, { method: 'GET', url: `/api${url}`, headers: { token } });
  const device = <T>(method: 'GET' | 'POST', url: string, deviceToken: string | undefined, payload?: unknown, ip = '10.0.0.1') =>
    call<T>(t.app, {
      method,
      url: `/api/device${url}`,
      remoteAddress: ip,
      headers: deviceToken ? { 'device-token': deviceToken } : {},
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });

  /** A company with an administrator, a viewer of reservation screens, and two rooms on one floor. */
  async function company(name: string) {
    const { company, admin } = await t.factories.companyWithAdmin(name);
    const viewer = await t.factories.user(company.id, { permissions: ['reservationScreens:view'] });
    const first = await createTestRoom(t.db, t.factories, t.clock, company.id, { name: `${name} Boardroom` });
    const second = await createTestRoom(t.db, t.factories, t.clock, company.id, { name: `${name} Huddle`, floorId: first.floorId });
    return {
      companyId: company.id,
      admin,
      token: await t.factories.session(admin),
      viewerToken: await t.factories.session(viewer),
      roomId: first.roomId,
      otherRoomId: second.roomId,
      buildingId: first.buildingId,
    };
  }

  async function issue(token: string, roomId: number, extra: Record<string, unknown> = {}) {
    const answer = await send<{ list: DoorDisplay[] }>('/deviceActivation/addDeviceActivationCode', token, { roomId, ...extra });
    expect(answer.status, answer.body.message).toBe(200);
    return answer.body.result.list;
  }

  async function activate(code: string, ip = '10.0.0.1') {
    return device<{ deviceToken: string; deviceId: number; roomId: number }>('POST', '/activate', undefined, { code, platform: 'android', appVersion: '2.1.0' }, ip);
  }

  const list = (token: string, body: Record<string, unknown> = {}) =>
    send<Page<DoorDisplay>>('/deviceActivation/findRoomDeviceActivationList', token, body);

  describe('activation codes', () => {
    let a: Awaited<ReturnType<typeof company>>;
    let b: Awaited<ReturnType<typeof company>>;
    beforeAll(async () => {
      a = await company('Acme');
      b = await company('Bolt');
    });

    it('issues random 5-digit codes, unique among live codes, as inactive displays of the room', async () => {
      const answer = await send<{ list: DoorDisplay[] }>('/deviceActivation/addDeviceActivationCode', a.token, { roomId: a.roomId, count: 10 }, { lang: 'zh-CN' });
      expect(answer.status).toBe(200);
      expect(answer.body.message).toBe(formatMessage('activationCodesIssued', 'zh-CN', { count: 10 }));
      const more = [...answer.body.result.list, ...(await issue(a.token, a.roomId, { count: 10 })), ...(await issue(b.token, b.roomId, { count: 10 }))];
      expect(more).toHaveLength(30);
      for (const row of more) expect(row.activationCode).toMatch(/^\d{5}$/);
      expect(new Set(more.map((row) => row.activationCode)).size).toBe(30);
      const first = answer.body.result.list[0]!;
      expect(first).toMatchObject({ roomId: a.roomId, roomName: 'Acme Boardroom', status: 'inactive', locationPath: ['Testland', 'Test City', 'Tower A', 'Floor 3'], lastSeenAt: null });
      expect(first.name).toBe('Acme Boardroom 1');
      const named = await issue(a.token, a.otherRoomId, { name: 'Door left' });
      expect(named[0]!.name).toBe('Door left');
    });

    it('validates the body and refuses another company’s room with 404', async () => {
      for (const body of [{}, { roomId: 0 }, { roomId: a.roomId, count: 11 }, { roomId: a.roomId, count: 0 }, { roomId: a.roomId, name: 'x'.repeat(51) }]) {
        const answer = await send('/deviceActivation/addDeviceActivationCode', a.token, body);
        expect([answer.status, answer.body.returncode], JSON.stringify(body)).toEqual([400, ReturnCode.BAD_REQUEST]);
      }
      const foreign = await send('/deviceActivation/addDeviceActivationCode', a.token, { roomId: b.roomId });
      expect([foreign.status, foreign.body.returncode, foreign.body.result]).toEqual([404, ReturnCode.NOT_FOUND, null]);
      const viewer = await send('/deviceActivation/addDeviceActivationCode', a.viewerToken, { roomId: a.roomId });
      expect([viewer.status, viewer.body.returncode]).toEqual([403, ReturnCode.NO_PERMISSION]);
    });

    it('lists the rooms a display may be bound to, with their paths, for one company only', async () => {
      const rooms = await get<DisplayRoom[]>('/deviceActivation/rooms', a.viewerToken);
      expect(rooms.body.result).toEqual([
        { id: a.roomId, name: 'Acme Boardroom', path: ['Testland', 'Test City', 'Tower A', 'Floor 3'] },
        { id: a.otherRoomId, name: 'Acme Huddle', path: ['Testland', 'Test City', 'Tower A', 'Floor 3'] },
      ]);
    });

    it('logs each issue in the operation log', async () => {
      const log = await get<Page<OperationLogEntry>>('/operation-log/list?action=doorDisplay.addCodes', a.token);
      expect(log.body.result.list.length).toBeGreaterThanOrEqual(2);
      expect(log.body.result.list.some((entry) => entry.targetId === b.roomId && entry.result === 'failure')).toBe(true);
    });
  });

  describe('the device API', () => {
    let a: Awaited<ReturnType<typeof company>>;
    beforeAll(async () => {
      a = await company('Cove');
    });

    it('activates once per code, stores only the token’s hash, and then shows the display online', async () => {
      const [display] = await issue(a.token, a.roomId);
      const code = display!.activationCode!;
      const answer = await activate(code);
      expect(answer.status, answer.body.message).toBe(200);
      expect(answer.body.result).toMatchObject({ deviceId: display!.id, roomId: a.roomId });
      const token = answer.body.result.deviceToken;
      expect(token.length).toBeGreaterThanOrEqual(40);
      const stored = await t.db.kysely.selectFrom('devices').selectAll().where('id', '=', display!.id).executeTakeFirstOrThrow();
      expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored.token_hash).not.toBe(token);
      expect(stored.activation_code).toBeNull();

      const again = await activate(code, '10.0.0.2');
      expect([again.status, again.body.returncode]).toEqual([404, ReturnCode.NOT_FOUND]);
      expect(again.body.message).toBe(formatMessage('activationCodeInvalid', 'en-US'));

      const row = (await list(a.token, { status: 'online' })).body.result.list.find((item) => item.id === display!.id);
      expect(row).toMatchObject({ status: 'online', activationCode: null, platform: 'android', appVersion: '2.1.0' });
    });

    it('goes offline without heartbeats and online again with one', async () => {
      const [display] = await issue(a.token, a.otherRoomId);
      const token = (await activate(display!.activationCode!)).body.result.deviceToken;
      const statusOf = async () => (await list(a.token, { roomId: a.otherRoomId })).body.result.list.find((item) => item.id === display!.id)?.status;
      expect(await statusOf()).toBe('online');
      t.clock.advance(2 * MINUTE_MS + 1000);
      expect(await statusOf()).toBe('offline');
      expect((await list(a.token, { status: 'offline' })).body.result.list.map((item) => item.id)).toContain(display!.id);
      const beat = await device<{ serverTime: number }>('POST', '/heartbeat', token, { appVersion: '2.2.0' });
      expect(beat.body.result.serverTime).toBe(t.clock.now());
      const row = (await list(a.token, { status: 'online' })).body.result.list.find((item) => item.id === display!.id);
      expect(row).toMatchObject({ status: 'online', appVersion: '2.2.0', lastSeenAt: t.clock.now() });
      expect((await list(a.token, { status: 'offline' })).body.result.list.map((item) => item.id)).not.toContain(display!.id);
    });

    it('refuses missing, unknown and malformed tokens with 401', async () => {
      for (const token of [undefined, 'not-a-token', 'x'.repeat(600)]) {
        const answer = await device('GET', '/config', token);
        expect([answer.status, answer.body.returncode]).toEqual([401, ReturnCode.SESSION_INVALID]);
        expect(answer.body.message).toBe(formatMessage('deviceTokenInvalid', 'en-US'));
      }
      // The token is checked before the body, like a session.
      const early = await device('POST', '/verifyExitPassword', 'not-a-token', { password: 'x' });
      expect([early.status, early.body.returncode]).toEqual([401, ReturnCode.SESSION_INVALID]);
      const bad = await device('POST', '/activate', undefined, { code: '1234', platform: 'ios', appVersion: '1' });
      expect([bad.status, bad.body.returncode]).toEqual([400, ReturnCode.BAD_REQUEST]);
    });

    it('throttles wrong codes per address, not the right code from another address', async () => {
      const [display] = await issue(a.token, a.roomId);
      const taken = new Set((await t.db.kysely.selectFrom('devices').select('activation_code').execute()).map((row) => row.activation_code));
      const wrong = [...Array(100).keys()].map((n) => String(10000 + n * 7)).filter((code) => !taken.has(code));
      for (let n = 0; n < 10; n++) {
        const answer = await activate(wrong[n]!, '192.0.2.9');
        expect(answer.status).toBe(404);
      }
      const blocked = await activate(display!.activationCode!, '192.0.2.9');
      expect([blocked.status, blocked.body.returncode]).toEqual([429, ReturnCode.TOO_MANY_REQUESTS]);
      expect(blocked.response.headers['retry-after']).toBeDefined();
      const elsewhere = await activate(display!.activationCode!, '192.0.2.10');
      expect(elsewhere.status).toBe(200);
      t.clock.advance(16 * MINUTE_MS);
      expect((await activate(wrong[11]!, '192.0.2.9')).status).toBe(404);
    });

    it('serves the room, the default settings and the light cycles, and counts as a heartbeat', async () => {
      const [display] = await issue(a.token, a.roomId);
      const token = (await activate(display!.activationCode!)).body.result.deviceToken;
      t.clock.advance(10 * MINUTE_MS);
      const config = await device<DeviceConfig>('GET', '/config', token);
      expect(config.status).toBe(200);
      expect(config.body.result).toEqual({
        device: { id: display!.id, name: 'Cove Boardroom' },
        room: { id: a.roomId, name: 'Cove Boardroom', path: ['Testland', 'Test City', 'Tower A', 'Floor 3'], timeZone: 'Europe/Paris' },
        settings: { ...DEFAULT_SCREEN_SETTING, hasExitPassword: false },
        lightCycles: [],
      });
      const row = (await list(a.token, { roomId: a.roomId })).body.result.list.find((item) => item.id === display!.id);
      expect(row?.status).toBe('online');
    });
    it('checks the network: answers the server time and the display, counts as a heartbeat, and refuses a bad or cancelled token', async () => {
      const [display] = await issue(a.token, a.otherRoomId);
      const token = (await activate(display!.activationCode!)).body.result.deviceToken;
      t.clock.advance(5 * MINUTE_MS);
      const statusOf = async () => (await list(a.token, { roomId: a.otherRoomId })).body.result.list.find((item) => item.id === display!.id);
      expect((await statusOf())?.status).toBe('offline');
      const check = await device<DeviceNetCheckResult>('GET', '/net/check', token);
      expect(check.status, check.body.message).toBe(200);
      expect(check.body.result).toEqual({ serverTime: t.clock.now(), deviceId: display!.id, roomId: a.otherRoomId, status: 'activated' });
      expect(await statusOf()).toMatchObject({ status: 'online', lastSeenAt: t.clock.now() });

      for (const lang of ['en-US', 'zh-CN'] as const) {
        for (const bad of [undefined, 'not-a-token', `${token}x`]) {
          const answer = await call(t.app, { method: 'GET', url: '/api/device/net/check', headers: { lang, ...(bad ? { 'device-token': bad } : {}) } });
          expect([answer.status, answer.body.returncode, answer.body.result]).toEqual([401, ReturnCode.SESSION_INVALID, null]);
          expect(answer.body.message).toBe(formatMessage('deviceTokenInvalid', lang));
        }
      }
      expect((await send('/deviceActivation/batchCancelRoomDevice', a.token, { ids: [display!.id] })).status).toBe(200);
      const cancelled = await device('GET', '/net/check', token);
      expect([cancelled.status, cancelled.body.returncode]).toEqual([401, ReturnCode.SESSION_INVALID]);
    });
  });

  describe('rebinding, new codes and cancelling', () => {
    let a: Awaited<ReturnType<typeof company>>;
    let b: Awaited<ReturnType<typeof company>>;
    beforeAll(async () => {
      a = await company('Dune');
      b = await company('Echo');
    });

    it('rebinds an activated display to another room: it keeps its token and shows the new room', async () => {
      const [display] = await issue(a.token, a.roomId);
      const token = (await activate(display!.activationCode!)).body.result.deviceToken;
      const moved = await send<DoorDisplay>('/deviceActivation/updateRoomDeviceActivation', a.token, { id: display!.id, roomId: a.otherRoomId, name: 'Huddle door' });
      expect(moved.status, moved.body.message).toBe(200);
      expect(moved.body.result).toMatchObject({ roomId: a.otherRoomId, roomName: 'Dune Huddle', name: 'Huddle door', status: 'online' });
      const config = await device<DeviceConfig>('GET', '/config', token);
      expect(config.body.result.room.id).toBe(a.otherRoomId);
      const foreignRoom = await send('/deviceActivation/updateRoomDeviceActivation', a.token, { id: display!.id, roomId: b.roomId });
      expect([foreignRoom.status, foreignRoom.body.result]).toEqual([404, null]);
    });

    it('issues a new code: the old one stops working; for an activated display it signs the display out', async () => {
      const [display] = await issue(a.token, a.roomId);
      const oldCode = display!.activationCode!;
      const renewed = await send<DoorDisplay>('/deviceActivation/updateRoomDeviceActivation', a.token, { id: display!.id, regenerateCode: true });
      expect(renewed.body.result.activationCode).toMatch(/^\d{5}$/);
      expect(renewed.body.result.activationCode).not.toBe(oldCode);
      expect((await activate(oldCode)).status).toBe(404);
      const token = (await activate(renewed.body.result.activationCode!)).body.result.deviceToken;
      const signedOut = await send<DoorDisplay>('/deviceActivation/updateRoomDeviceActivation', a.token, { id: display!.id, regenerateCode: true });
      expect(signedOut.body.result).toMatchObject({ status: 'inactive', platform: 'android' });
      expect((await device('POST', '/heartbeat', token, {})).status).toBe(401);
    });

    it('cancels displays: a cancelled code and a cancelled token stop working, and they leave the list', async () => {
      const [waiting] = await issue(a.token, a.roomId);
      const [active] = await issue(a.token, a.roomId);
      const token = (await activate(active!.activationCode!)).body.result.deviceToken;
      const answer = await send<{ count: number }>('/deviceActivation/batchCancelRoomDevice', a.token, { ids: [waiting!.id, active!.id] }, { lang: 'zh-CN' });
      expect(answer.status, answer.body.message).toBe(200);
      expect(answer.body.message).toBe(formatMessage('doorDisplaysCancelled', 'zh-CN', { count: 2 }));
      expect((await activate(waiting!.activationCode!)).status).toBe(404);
      const refused = await device('POST', '/heartbeat', token, {});
      expect([refused.status, refused.body.returncode]).toEqual([401, ReturnCode.SESSION_INVALID]);
      const ids = (await list(a.token)).body.result.list.map((row) => row.id);
      expect(ids).not.toContain(waiting!.id);
      expect(ids).not.toContain(active!.id);
      const twice = await send('/deviceActivation/batchCancelRoomDevice', a.token, { ids: [waiting!.id] });
      expect(twice.status).toBe(404);
    });

    it('needs the safety password, once the company has one, to sign out an activated display', async () => {
      const set = await call(t.app, { method: 'PUT', url: '/api/safety-password', headers: { token: a.token }, payload: { newPassword: SAFETY, confirmPassword: SAFETY } });
      expect(set.status).toBe(200);
      const [waiting] = await issue(a.token, a.roomId);
      const [active] = await issue(a.token, a.roomId);
      await activate(active!.activationCode!);
      const missing = await send('/deviceActivation/batchCancelRoomDevice', a.token, { ids: [active!.id] });
      expect([missing.status, missing.body.returncode, missing.body.message]).toEqual([422, ReturnCode.REFUSED, formatMessage('doorDisplaySafetyPasswordRequired', 'en-US')]);
      const wrong = await send('/deviceActivation/batchCancelRoomDevice', a.token, { ids: [active!.id, waiting!.id], safetyPassword: '000000' });
      expect([wrong.status, wrong.body.message]).toEqual([400, formatMessage('safetyPasswordWrong', 'en-US')]);
      expect((await list(a.token)).body.result.list.map((row) => row.id)).toEqual(expect.arrayContaining([active!.id, waiting!.id]));
      const renew = await send('/deviceActivation/updateRoomDeviceActivation', a.token, { id: active!.id, regenerateCode: true });
      expect(renew.status).toBe(422);
      // A display waiting for its code signs nothing out: no password needed.
      expect((await send('/deviceActivation/batchCancelRoomDevice', a.token, { ids: [waiting!.id] })).status).toBe(200);
      const right = await send('/deviceActivation/batchCancelRoomDevice', a.token, { ids: [active!.id], safetyPassword: SAFETY });
      expect(right.status).toBe(200);
    });

    it('answers 404 for another company’s display and changes nothing', async () => {
      const [foreign] = await issue(b.token, b.roomId);
      for (const [url, body] of [
        ['/deviceActivation/updateRoomDeviceActivation', { id: foreign!.id, name: 'Mine now' }],
        ['/deviceActivation/batchCancelRoomDevice', { ids: [foreign!.id] }],
        ['/deviceLightCycle/addDeviceLightCycle', { deviceId: foreign!.id, weekday: '1', startTime: '08:00', endTime: '09:00' }],
      ] as const) {
        const answer = await send(url, a.token, body);
        expect([answer.status, answer.body.returncode, answer.body.result], url).toEqual([404, ReturnCode.NOT_FOUND, null]);
      }
      expect((await get(`/deviceLightCycle/findDeviceLightCycleList?deviceId=${foreign!.id}`, a.token)).status).toBe(404);
      expect((await list(b.token)).body.result.list.find((row) => row.id === foreign!.id)).toMatchObject({ name: 'Echo Boardroom', status: 'inactive' });
      expect((await list(a.token, { roomId: b.roomId })).body.result.total).toBe(0);
    });

    it('filters by location subtree, status and keyword', async () => {
      const c = await company('Fern');
      const [one] = await issue(c.token, c.roomId);
      await issue(c.token, c.otherRoomId);
      expect((await list(c.token, { locationId: c.buildingId })).body.result.total).toBe(2);
      expect((await list(c.token, { locationId: b.buildingId })).body.result.total).toBe(0);
      expect((await list(c.token, { keyword: 'huddle' })).body.result.list.map((row) => row.roomName)).toEqual(['Fern Huddle']);
      expect((await list(c.token, { keyword: one!.activationCode! })).body.result.list.map((row) => row.id)).toEqual([one!.id]);
      expect((await list(c.token, { status: 'online' })).body.result.total).toBe(0);
      expect((await list(c.token, { status: 'inactive' })).body.result.total).toBe(2);
      const bad = await list(c.token, { status: 'asleep' });
      expect(bad.status).toBe(400);
    });
  });

  describe('booking-screen settings', () => {
    let a: Awaited<ReturnType<typeof company>>;
    let b: Awaited<ReturnType<typeof company>>;
    const valid = () => ({
      ...DEFAULT_SCREEN_SETTING,
      title: 'Fourth floor',
      roomIds: [a.roomId],
      exitPassword: '123456',
      maxBookingMinutes: 25,
      bookAheadDays: 7,
      signInModes: ['screen', 'qr'],
    });
    beforeAll(async () => {
      a = await company('Gale');
      b = await company('Hill');
    });

    it('validates: 5..30 minutes in steps of 5, at most 14 days ahead, a 6-digit exit password, at least one sign-in method, a title up to 50', async () => {
      const cases: Record<string, unknown>[] = [
        { maxBookingMinutes: 7 },
        { maxBookingMinutes: 35 },
        { maxBookingMinutes: 0 },
        { bookAheadDays: 15 },
        { bookAheadDays: -1 },
        { exitPassword: '12345' },
        { exitPassword: '12345a' },
        { exitPassword: '1234567' },
        { signInModes: [] },
        { signInModes: ['screen', 'screen'] },
        { signInModes: ['face'] },
        { title: 'x'.repeat(51) },
        { title: '  ' },
        { roomIds: [] },
        { signInBeforeMinutes: 61 },
        { brightnessPlan: 'dim' },
      ];
      for (const change of cases) {
        const answer = await send('/screenSetting/addScreenSetting', a.token, { ...valid(), ...change });
        expect([answer.status, answer.body.returncode], JSON.stringify(change)).toEqual([400, ReturnCode.BAD_REQUEST]);
      }
      for (const minutes of [5, 10, 15, 20, 25, 30]) {
        const answer = await send<{ id: number }>('/screenSetting/addScreenSetting', a.token, { ...valid(), title: 'x'.repeat(50), maxBookingMinutes: minutes, bookAheadDays: 14 });
        expect(answer.status, answer.body.message).toBe(200);
        expect((await send('/screenSetting/delScreenSetting', a.token, { id: answer.body.result.id })).status).toBe(200);
      }
    });

    it('applies a group to its rooms, hashes the exit password, and lets the display check it', async () => {
      const added = await send<{ id: number }>('/screenSetting/addScreenSetting', a.token, valid(), { lang: 'zh-CN' });
      expect([added.status, added.body.message]).toEqual([200, formatMessage('screenSettingAdded', 'zh-CN')]);
      const id = added.body.result.id;
      const stored = await t.db.kysely.selectFrom('screen_settings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(stored.exit_password_hash).toMatch(/^\$argon2id\$/);
      expect(stored.settings).not.toContain('123456');

      const groups = await get<ScreenSetting[]>('/screenSetting/findScreenSettingList', a.viewerToken);
      expect(groups.body.result).toEqual([expect.objectContaining({ id, title: 'Fourth floor', rooms: [{ id: a.roomId, name: 'Gale Boardroom' }], hasExitPassword: true, maxBookingMinutes: 25 })]);
      expect(JSON.stringify(groups.body)).not.toContain('argon2');

      const [display] = await issue(a.token, a.roomId);
      const token = (await activate(display!.activationCode!)).body.result.deviceToken;
      const config = await device<DeviceConfig>('GET', '/config', token);
      expect(config.body.result.settings).toMatchObject({ maxBookingMinutes: 25, bookAheadDays: 7, signInModes: ['screen', 'qr'], hasExitPassword: true });
      expect((await device('POST', '/verifyExitPassword', token, { password: '123456' })).status).toBe(200);
      const wrong = await device('POST', '/verifyExitPassword', token, { password: '654321' });
      expect([wrong.status, wrong.body.message]).toEqual([400, formatMessage('exitPasswordWrong', 'en-US')]);

      // Omitted keeps the exit password; null removes it.
      const base = { ...valid(), id, title: 'Fourth floor east', roomIds: [a.roomId, a.otherRoomId] } as Record<string, unknown>;
      delete base.exitPassword;
      expect((await send('/screenSetting/updateScreenSetting', a.token, base)).status).toBe(200);
      expect((await device('POST', '/verifyExitPassword', token, { password: '123456' })).status).toBe(200);
      expect((await send('/screenSetting/updateScreenSetting', a.token, { ...base, exitPassword: null, allowBooking: false })).status).toBe(200);
      const none = await device('POST', '/verifyExitPassword', token, { password: '123456' });
      expect([none.status, none.body.message]).toEqual([422, formatMessage('exitPasswordNotSet', 'en-US')]);
      const after = await device<DeviceConfig>('GET', '/config', token);
      expect(after.body.result.settings).toMatchObject({ allowBooking: false, hasExitPassword: false });

      const deleted = await send('/screenSetting/delScreenSetting', a.token, { id });
      expect([deleted.status, deleted.body.message]).toEqual([200, formatMessage('screenSettingDeleted', 'en-US')]);
      expect((await device<DeviceConfig>('GET', '/config', token)).body.result.settings).toEqual({ ...DEFAULT_SCREEN_SETTING, hasExitPassword: false });
    });

    it('keeps a room in one group (409) and refuses other companies’ rooms and groups (404)', async () => {
      const first = await send<{ id: number }>('/screenSetting/addScreenSetting', a.token, { ...valid(), title: 'Group one' });
      expect(first.status).toBe(200);
      const clash = await send('/screenSetting/addScreenSetting', a.token, { ...valid(), title: 'Group two', roomIds: [a.otherRoomId, a.roomId] });
      expect([clash.status, clash.body.returncode, clash.body.message]).toEqual([
        409,
        ReturnCode.CONFLICT,
        formatMessage('screenSettingRoomTaken', 'en-US', { room: 'Gale Boardroom', title: 'Group one' }),
      ]);
      const foreignRoom = await send('/screenSetting/addScreenSetting', a.token, { ...valid(), title: 'Foreign', roomIds: [b.roomId] });
      expect(foreignRoom.status).toBe(404);
      const bGroup = await send<{ id: number }>('/screenSetting/addScreenSetting', b.token, { ...valid(), roomIds: [b.roomId] });
      for (const [url, body] of [
        ['/screenSetting/updateScreenSetting', { ...valid(), id: bGroup.body.result.id }],
        ['/screenSetting/delScreenSetting', { id: bGroup.body.result.id }],
      ] as const) {
        expect((await send(url, a.token, body)).status, url).toBe(404);
      }
      expect((await get<ScreenSetting[]>('/screenSetting/findScreenSettingList', b.token)).body.result).toHaveLength(1);
    });
  });

  describe('light cycles', () => {
    let a: Awaited<ReturnType<typeof company>>;
    let deviceId: number;
    beforeAll(async () => {
      a = await company('Isle');
      deviceId = (await issue(a.token, a.roomId))[0]!.id;
    });

    const cycles = () => get<LightCycle[]>(`/deviceLightCycle/findDeviceLightCycleList?deviceId=${deviceId}&deviceUseType=door-display`, a.token);

    it('validates days 0-6, quarter-hour HH:mm and start before end', async () => {
      const good = { deviceId, weekday: '1,2,3,4,5', startTime: '08:00', endTime: '18:00' };
      for (const change of [
        { weekday: '' },
        { weekday: '7' },
        { weekday: '1,1' },
        { weekday: '1;2' },
        { startTime: '08:10' },
        { startTime: '24:00' },
        { endTime: '8:00' },
        { startTime: '18:00', endTime: '08:00' },
        { startTime: '08:00', endTime: '08:00' },
        { deviceId: 'x' },
      ]) {
        const answer = await send('/deviceLightCycle/addDeviceLightCycle', a.token, { ...good, ...change });
        expect([answer.status, answer.body.returncode], JSON.stringify(change)).toEqual([400, ReturnCode.BAD_REQUEST]);
      }
      const badUse = await get(`/deviceLightCycle/findDeviceLightCycleList?deviceId=${deviceId}&deviceUseType=printer`, a.token);
      expect(badUse.status).toBe(400);
    });

    it('adds (returning the id), lists, updates and deletes with success messages in both languages', async () => {
      const added = await send<{ id: number }>('/deviceLightCycle/addDeviceLightCycle', a.token, { deviceId, weekday: '5,1,3,2,4', startTime: '08:00', endTime: '18:00' });
      expect([added.status, added.body.message]).toEqual([200, 'Light cycle added']);
      const id = added.body.result.id;
      expect((await cycles()).body.result).toEqual([{ id, deviceId, weekday: '1,2,3,4,5', startTime: '08:00', endTime: '18:00' }]);

      const updated = await send('/deviceLightCycle/updateDeviceLightCycle', a.token, { id, deviceId, weekday: '0,1,2,3,4,5,6', startTime: '00:00', endTime: '23:59' }, { lang: 'zh-CN' });
      expect([updated.status, updated.body.message]).toEqual([200, '亮屏周期修改成功']);
      expect((await cycles()).body.result[0]).toMatchObject({ weekday: '0,1,2,3,4,5,6', startTime: '00:00', endTime: '23:59' });

      const overlap = await send('/deviceLightCycle/addDeviceLightCycle', a.token, { deviceId, weekday: '6', startTime: '22:00', endTime: '23:00' });
      expect([overlap.status, overlap.body.returncode]).toEqual([409, ReturnCode.CONFLICT]);

      const deleted = await send('/deviceLightCycle/delDeviceLightCycle', a.token, { id }, { lang: 'zh-CN' });
      expect([deleted.status, deleted.body.message]).toEqual([200, '亮屏周期删除成功']);
      expect((await cycles()).body.result).toEqual([]);
      expect((await send('/deviceLightCycle/delDeviceLightCycle', a.token, { id })).status).toBe(404);
    });

    it('allows cycles on different days or times, serves them to the display, and logs every change', async () => {
      const morning = await send<{ id: number }>('/deviceLightCycle/addDeviceLightCycle', a.token, { deviceId, weekday: '1,2,3,4,5', startTime: '07:00', endTime: '12:00' });
      const afternoon = await send<{ id: number }>('/deviceLightCycle/addDeviceLightCycle', a.token, { deviceId, weekday: '1,2,3,4,5', startTime: '12:00', endTime: '19:30' });
      const weekend = await send<{ id: number }>('/deviceLightCycle/addDeviceLightCycle', a.token, { deviceId, weekday: '0,6', startTime: '09:00', endTime: '12:00' });
      expect([morning.status, afternoon.status, weekend.status]).toEqual([200, 200, 200]);
      const code = (await list(a.token, { roomId: a.roomId })).body.result.list.find((row) => row.id === deviceId)!.activationCode!;
      const token = (await activate(code)).body.result.deviceToken;
      const config = await device<DeviceConfig>('GET', '/config', token);
      expect(config.body.result.lightCycles.map((cycle) => cycle.startTime)).toEqual(['07:00', '09:00', '12:00']);
      const log = await get<Page<OperationLogEntry>>('/operation-log/list?action=doorDisplay.addLightCycle', a.token);
      expect(log.body.result.list.filter((entry) => entry.result === 'success').length).toBeGreaterThanOrEqual(4);
    });
  });
});

describe(`door-display seed (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.cleanup());

  it('makes online, offline and waiting displays, a screen group and a light cycle, once', async () => {
    const { company, admin } = await t.factories.companyWithAdmin('Seeded');
    const first = await createTestRoom(t.db, t.factories, t.clock, company.id, { name: 'Atlas' });
    const second = await createTestRoom(t.db, t.factories, t.clock, company.id, { name: 'Borealis', floorId: first.floorId });
    const third = await createTestRoom(t.db, t.factories, t.clock, company.id, { name: 'Cirrus', floorId: first.floorId });
    const rooms = [first.roomId, second.roomId, third.roomId];
    const seeded = await seedDoorDisplays(t.db.kysely, company.id, rooms, t.clock);
    expect(seeded.deviceIds).toHaveLength(3);
    expect(await seedDoorDisplays(t.db.kysely, company.id, rooms, t.clock)).toEqual({ deviceIds: [], screenSettingId: null });
    const token = await t.factories.session(admin);
    const list = await call<Page<DoorDisplay>>(t.app, { method: 'POST', url: '/api/deviceActivation/findRoomDeviceActivationList', headers: { token }, payload: {} });
    expect(list.body.result.list.map((row) => [row.roomName, row.status])).toEqual([
      ['Atlas', 'online'],
      ['Borealis', 'offline'],
      ['Cirrus', 'inactive'],
    ]);
    const cycles = await call<LightCycle[]>(t.app, { method: 'GET', url: `/api/deviceLightCycle/findDeviceLightCycleList?deviceId=${seeded.deviceIds[0]}`, headers: { token } });
    expect(cycles.body.result).toEqual([expect.objectContaining({ weekday: '1,2,3,4,5', startTime: '08:00', endTime: '18:00' })]);
    const groups = await call<ScreenSetting[]>(t.app, { method: 'GET', url: '/api/screenSetting/findScreenSettingList', headers: { token } });
    expect(groups.body.result[0]!.rooms.map((room) => room.name)).toEqual(['Atlas', 'Borealis', 'Cirrus']);
  });
});
