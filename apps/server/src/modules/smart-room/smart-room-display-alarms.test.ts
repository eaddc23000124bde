import { DEVICE_TOKEN_HEADER, DOOR_DISPLAY_LIMITS, type DoorDisplay, type SmartAlarmPage, type SmartAnalysis } from '@atrium/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { createTestRoom } from '../../test/rooms.js';
import { createSmartDeviceRepository } from '../smart-device/smart-device.repository.js';
import { createSmartRoomRepository } from './smart-room.repository.js';

const SECOND = 1_000;
const LONG_SESSION = { absoluteMs: 20 * 365 * 24 * 3600 * SECOND };

describe(`door display alarms (${TEST_DIALECT})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ config: { sessionIdleMinutes: 1_000_000, sessionAbsoluteHours: 100_000 } });
  });
  afterAll(() => t.cleanup());

  const get = <T>(url: string, token: string) => call<T>(t.app, { method: 'GET', url: `/api${url}`, headers: { token } });
  const post = <T>(url: string, token: string, payload: object = {}) => call<T>(t.app, { method: 'POST', url: `/api${url}`, headers: { token }, payload });
  const fromDisplay = (deviceToken: string) => call(t.app, { method: 'POST', url: '/api/device/heartbeat', headers: { [DEVICE_TOKEN_HEADER]: deviceToken }, payload: {} });
  // The scheduler runs each job once per its period (30 s) of the clock.
  const nextRun = async () => {
    t.clock.advance(31 * SECOND);
    await t.app.scheduler.tick();
  };

  /** A company with an administrator and an activated door display in a room. */
  async function companyWithDisplay(name: string) {
    const { company, admin } = await t.factories.companyWithAdmin(name);
    const token = await t.factories.session(admin, LONG_SESSION);
    const room = await createTestRoom(t.db, t.factories, t.clock, company.id, { name: `${name} Kew` });
    const issued = await post<{ list: DoorDisplay[] }>('/deviceActivation/addDeviceActivationCode', token, { roomId: room.roomId, name: `${name} door` });
    expect(issued.status, issued.body.message).toBe(200);
    const activated = await call<{ deviceToken: string; deviceId: number }>(t.app, {
      method: 'POST',
      url: '/api/device/activate',
      payload: { code: issued.body.result.list[0]!.activationCode!, platform: 'android', appVersion: '2.1.0' },
    });
    expect(activated.status, activated.body.message).toBe(200);
    return { companyId: company.id, token, room, displayId: activated.body.result.deviceId, deviceToken: activated.body.result.deviceToken };
  }

  it("raises one alarm when an activated display goes silent, tells its room's deployers, lists it, and clears it when the display is heard again", async () => {
    const acme = await companyWithDisplay('Acme');
    const bolt = await companyWithDisplay('Bolt');
    const viewer = await t.factories.session(await t.factories.user(acme.companyId, { permissions: ['roomsLocations:view'] }), LONG_SESSION);

    // The room's smart devices and their deployers: one deploys two of them (told once), one a device elsewhere (not told).
    const devices = createSmartDeviceRepository(t.db.kysely);
    const smartDevice = async (homieId: string, roomId: number) => {
      const id = await devices.createSmartDevice({ companyId: acme.companyId, name: homieId, kind: 'light', homieId: `${homieId}-${acme.companyId}`, now: t.clock.now() });
      await t.db.kysely.updateTable('smart_devices').set({ room_id: roomId }).where('id', '=', id).execute();
      return id;
    };
    const elsewhere = await createTestRoom(t.db, t.factories, t.clock, acme.companyId, { name: 'Acme Elsewhere' });
    const lights = await smartDevice('kew-lights', acme.room.roomId);
    const curtains = await smartDevice('kew-curtains', acme.room.roomId);
    const far = await smartDevice('far-lights', elsewhere.roomId);
    const both = await t.factories.user(acme.companyId, { userName: 'both-deployer' });
    const one = await t.factories.user(acme.companyId, { userName: 'one-deployer' });
    const other = await t.factories.user(acme.companyId, { userName: 'far-deployer' });
    await t.db.kysely
      .insertInto('smart_device_deployers')
      .values([
        { device_id: lights, user_id: both.id },
        { device_id: curtains, user_id: both.id },
        { device_id: curtains, user_id: one.id },
        { device_id: far, user_id: other.id },
      ])
      .execute();

    const displayAlarms = async (token: string, state: 'open' | 'cleared') =>
      (await get<SmartAlarmPage>(`/smart/alarms?state=${state}`, token)).body.result.list.filter((alarm) => alarm.source === 'doorDisplay');

    // Heard just now: no alarm.
    await nextRun();
    expect(await displayAlarms(acme.token, 'open')).toEqual([]);

    // Silent past the online window: one alarm, however often the job runs.
    t.clock.advance(DOOR_DISPLAY_LIMITS.onlineWindowMs);
    await nextRun();
    const raisedAt = t.clock.now();
    await nextRun();
    const open = await displayAlarms(acme.token, 'open');
    expect(open).toEqual([
      {
        id: expect.any(Number),
        source: 'doorDisplay',
        deviceId: null,
        displayId: acme.displayId,
        deviceName: 'Acme door',
        kind: 'door_display',
        roomId: acme.room.roomId,
        roomName: 'Acme Kew',
        cause: 'disconnected',
        raisedAt,
        clearedAt: null,
        acknowledgedAt: null,
        acknowledgedByName: null,
      },
    ]);
    const page = (await get<SmartAlarmPage>('/smart/alarms?state=open', acme.token)).body.result;
    expect(page.unacknowledgedCount).toBe(1);
    // The room's analysis counts its door display's alarm beside its devices' (equipment health).
    const analysis = (await get<SmartAnalysis>(`/smart/analysis?from=${raisedAt - 3_600_000}&to=${raisedAt + 3_600_000}`, acme.token)).body.result;
    expect(analysis.rooms.find((room) => room.roomId === acme.room.roomId)?.alarms).toBe(1);

    // The deployers of the room's smart devices, each once, in the console and by mail.
    const told = await t.db.kysely.selectFrom('notifications').select(['user_id', 'params', 'link']).where('company_id', '=', acme.companyId).where('event', '=', 'deviceAlarm').execute();
    expect(told.map((row) => row.user_id).sort((a, b) => a - b)).toEqual([both.id, one.id].sort((a, b) => a - b));
    expect(told.every((row) => row.params.includes('Acme door') && row.link === '/smart-location')).toBe(true);
    const mails = await t.db.kysely.selectFrom('mail_outbox').select(['to', 'text', 'event']).where('subject', '=', 'Device alarm / 设备告警 – Acme door').execute();
    expect(mails.map((mail) => mail.to).sort()).toEqual([both.email, one.email].sort());
    expect(mails[0]).toMatchObject({ event: 'deviceAlarm', text: expect.stringContaining('The door display "Acme door"') });
    expect(mails[0]!.text).toContain('门口屏');

    // Another company's display alarm (its room has no smart devices: nobody to tell) is its own.
    const [foreign] = await displayAlarms(bolt.token, 'open');
    expect(foreign).toMatchObject({ displayId: bolt.displayId, deviceName: 'Bolt door' });
    expect((await get<SmartAlarmPage>('/smart/alarms', acme.token)).body.result.list.map((alarm) => alarm.id)).not.toContain(foreign!.id);
    expect((await post(`/smart/alarms/${foreign!.id}/acknowledge`, acme.token)).status).toBe(404);
    expect(await t.db.kysely.selectFrom('notifications').select('id').where('company_id', '=', bolt.companyId).where('event', '=', 'deviceAlarm').execute()).toEqual([]);

    // Acknowledged by someone who may edit rooms.
    expect((await post(`/smart/alarms/${open[0]!.id}/acknowledge`, viewer)).status).toBe(403);
    expect((await post(`/smart/alarms/${open[0]!.id}/acknowledge`, acme.token)).status).toBe(200);
    expect((await displayAlarms(acme.token, 'open'))[0]).toMatchObject({ acknowledgedAt: t.clock.now(), acknowledgedByName: expect.any(String) });
    expect((await get<SmartAlarmPage>('/smart/alarms?state=open', acme.token)).body.result.unacknowledgedCount).toBe(0);

    // Heard again: cleared at the next run. Bolt's display is cancelled: cleared too.
    expect((await fromDisplay(acme.deviceToken)).status).toBe(200);
    await t.db.kysely.updateTable('devices').set({ state: 'cancelled', token_hash: null }).where('id', '=', bolt.displayId).execute();
    await nextRun();
    expect(await displayAlarms(acme.token, 'open')).toEqual([]);
    expect(await displayAlarms(acme.token, 'cleared')).toEqual([expect.objectContaining({ id: open[0]!.id, clearedAt: t.clock.now() })]);
    expect(await displayAlarms(bolt.token, 'cleared')).toEqual([expect.objectContaining({ id: foreign!.id, clearedAt: t.clock.now() })]);
    expect(await displayAlarms(bolt.token, 'open')).toEqual([]);

    // Silent again: a new alarm, one only when two processes scan at once.
    t.clock.advance(DOOR_DISPLAY_LIMITS.onlineWindowMs + SECOND);
    const rooms = createSmartRoomRepository(t.db.kysely);
    const now = t.clock.now();
    const silentBefore = now - DOOR_DISPLAY_LIMITS.onlineWindowMs;
    const [first, second] = await Promise.all([rooms.raiseDisplayAlarms(now, silentBefore), rooms.raiseDisplayAlarms(now, silentBefore)]);
    expect([...first!, ...second!].map((alarm) => alarm.displayId)).toEqual([acme.displayId]);
    expect(await displayAlarms(acme.token, 'open')).toEqual([expect.objectContaining({ displayId: acme.displayId, raisedAt: now })]);
  });
});
