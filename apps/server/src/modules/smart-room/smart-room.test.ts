import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { DEVICE_TOKEN_HEADER, ReturnCode, type OperationLogEntry, type Page, type SmartRoom, type SmartRoomControlResult, type SmartAlarmPage, type SmartRoomDetail, type SmartSensor, type NotificationPage, type NoticeConfigResult } from '@atrium/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { createTestRoom } from '../../test/rooms.js';
import { newSessionToken, hashSessionToken } from '../../platform/session-token.js';
import { createSmartDeviceRepository, type SmartDeviceRepository } from '../smart-device/smart-device.repository.js';
import { createCheckInRepository } from '../booking/check-in/booking-checkin.repository.js';

/** The local Mosquitto (DECISIONS.md: tests use the real broker). */
const BROKER = process.env.ATRIUM_TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const SECOND = 1_000;

const SENSOR = {
  homie: '5.0',
  version: 1,
  name: 'Presence',
  type: 'sensor',
  nodes: {
    presence: { name: 'Presence', type: 'atrium.presence', properties: { occupancy: { datatype: 'boolean' }, method: { datatype: 'enum', format: 'pir,radar,infrared,camera' } } },
    system: { name: 'System', type: 'atrium.system', properties: { restart: { datatype: 'boolean', settable: true } } },
  },
};
const CLIMATE = {
  homie: '5.0',
  version: 1,
  name: 'AC',
  type: 'air_conditioner',
  nodes: {
    climate: {
      name: 'Climate',
      type: 'atrium.climate',
      properties: {
        on: { datatype: 'boolean', settable: true },
        mode: { datatype: 'enum', format: 'cool,heat,fan,auto', settable: true },
        setpoint: { datatype: 'float', format: '16:30', unit: '°C', settable: true },
        temperature: { datatype: 'float', unit: '°C' },
      },
    },
  },
};

async function until<T>(read: () => Promise<T> | T, isDone: (value: T) => boolean, timeoutMs = 8_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (isDone(value) || Date.now() - started > timeoutMs) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe(`smart rooms: state, presence and control (${TEST_DIALECT})`, () => {
  // A topic prefix of this run's own on the shared broker.
  const prefix = `atrium-room-test-${randomBytes(6).toString('hex')}`;
  let t: TestApp;
  let devices: SmartDeviceRepository;
  let companyId: number;
  let admin: string;
  let viewer: string;
  let roomId: number;
  let emptyRoomId: number;
  let sensor: { id: number; token: string };
  let climate: { id: number; token: string };
  const clients: MqttClient[] = [];

  const get = <T>(url: string, token = admin) => call<T>(t.app, { method: 'GET', url, headers: { token } });
  const send = <T>(method: 'POST' | 'PUT', url: string, payload: object, token = admin) => call<T>(t.app, { method, url, headers: { token }, payload });
  const fromDevice = (token: string, path: 'state' | 'readings', payload: object) =>
    call(t.app, { method: 'POST', url: `/api/device/smart/${path}`, headers: { [DEVICE_TOKEN_HEADER]: token }, payload });

  /** An activated device of the company bound to the room; its secret is the HTTP device token. */
  const boundDevice = async (homieId: string, kind: 'sensor' | 'air_conditioner' | 'light', room: number, company = companyId) => {
    const id = await devices.createSmartDevice({ companyId: company, name: homieId, kind, homieId, now: t.clock.now() });
    const token = newSessionToken();
    await t.db.kysely.updateTable('smart_devices').set({ secret_hash: hashSessionToken(token), activated_at: t.clock.now(), room_id: room }).where('id', '=', id).execute();
    return { id, token };
  };
  const room = (list: SmartRoom[], id: number) => list.find((entry) => entry.roomId === id);
  const settings = (values: Partial<{ enabled: boolean; responseDelaySeconds: number; presenceCheckIn: boolean; ghostRelease: boolean; ghostGraceMinutes: number }>) => ({
    enabled: true,
    responseDelaySeconds: 60,
    presenceCheckIn: true,
    ghostRelease: true,
    ghostGraceMinutes: 10,
    ...values,
  });

  beforeAll(async () => {
    // The clock jumps hours ahead: sessions must outlive it.
    t = await createTestApp({ config: { mqttUrl: BROKER, mqttTopicPrefix: prefix, sessionIdleMinutes: 1_000_000, sessionAbsoluteHours: 100_000 } });
    devices = createSmartDeviceRepository(t.db.kysely);
    const company = await t.factories.companyWithAdmin('Smart Rooms Co');
    companyId = company.company.id;
    admin = await t.factories.session(company.admin, { absoluteMs: 20 * 365 * 24 * 3600 * SECOND });
    viewer = await t.factories.session(await t.factories.user(companyId, { permissions: ['roomsLocations:view'] }), { absoluteMs: 20 * 365 * 24 * 3600 * SECOND });
    const kew = await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Kew' });
    roomId = kew.roomId;
    emptyRoomId = (await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Quiet', floorId: kew.floorId })).roomId;
    sensor = await boundDevice('kew-presence', 'sensor', roomId);
    climate = await boundDevice('kew-ac', 'air_conditioner', roomId);
  });
  afterAll(async () => {
    for (const client of clients) await client.endAsync(true);
    await t.cleanup();
    // Drop the app gateway's persistent session and this run's retained messages.
    const sweeper = await mqtt.connectAsync(BROKER, { clientId: `sweep-${prefix}`, protocolVersion: 5 });
    await sweeper.endAsync();
  });

  it('reads a room with no activated device as not enabled, one whose devices are silent as offline', async () => {
    const rooms = (await get<SmartRoom[]>('/api/smart/rooms', viewer)).body.result;
    expect(room(rooms, emptyRoomId)).toMatchObject({ name: 'Quiet', path: 'Testland / Test City / Tower A / Floor 3', state: 'not_enabled', presence: 'unknown', devices: { total: 0 } });
    expect(room(rooms, roomId)).toMatchObject({ state: 'offline', presence: 'unknown', enabled: true, responseDelaySeconds: 60, devices: { total: 2, offline: 2 } });
  });

  it('sees the room normal and occupied when its devices are ready and the sensor detects someone', async () => {
    expect((await fromDevice(sensor.token, 'state', { state: 'ready', description: SENSOR })).status).toBe(200);
    expect((await fromDevice(climate.token, 'state', { state: 'ready', description: CLIMATE })).status).toBe(200);
    await fromDevice(climate.token, 'readings', { readings: [{ node: 'climate', property: 'setpoint', value: 22 }, { node: 'climate', property: 'on', value: true }] });
    await fromDevice(sensor.token, 'readings', { readings: [{ node: 'presence', property: 'occupancy', value: true }, { node: 'presence', property: 'method', value: 'radar' }] });
    const detail = (await get<SmartRoomDetail>(`/api/smart/rooms/${roomId}`)).body.result;
    expect(detail).toMatchObject({ state: 'normal', presence: 'someone', presenceAt: t.clock.now(), devices: { total: 2, online: 2 } });
    const ac = detail.deviceList.find((device) => device.id === climate.id)!;
    expect(ac.controls.find((control) => control.property === 'setpoint')).toMatchObject({ node: 'climate', nodeType: 'climate', datatype: 'float', format: '16:30', unit: '°C', settable: true, value: '22' });
    // The system node (restart) is the devices page's, behind the safety password.
    expect(detail.deviceList.find((device) => device.id === sensor.id)!.controls.map((control) => control.node)).toEqual(['presence', 'presence']);
    const sensors = (await get<SmartSensor[]>('/api/smart/sensors')).body.result;
    expect(sensors).toEqual([expect.objectContaining({ deviceId: sensor.id, roomId, roomName: 'Kew', status: 'online', method: 'radar', presence: 'present', responseDelaySeconds: 60 })]);
  });

  it('holds "someone" for the response delay after the last detection, then reads the room unmanned', async () => {
    t.clock.advance(10 * SECOND);
    await fromDevice(sensor.token, 'readings', { readings: [{ node: 'presence', property: 'occupancy', value: false }] });
    expect(room((await get<SmartRoom[]>('/api/smart/rooms')).body.result, roomId)?.presence).toBe('someone');
    // A shorter delay, saved for the room: 10 seconds since the detection already passed it.
    const saved = await send<SmartRoomDetail>('PUT', `/api/smart/rooms/${roomId}/settings`, settings({ responseDelaySeconds: 5 }));
    expect(saved.status).toBe(200);
    expect(saved.body.result).toMatchObject({ responseDelaySeconds: 5, presence: 'unmanned' });
    expect((await get<SmartSensor[]>('/api/smart/sensors?presence=absent')).body.result.map((entry) => entry.deviceId)).toEqual([sensor.id]);
    await send('PUT', `/api/smart/rooms/${roomId}/settings`, settings({}));
    expect(room((await get<SmartRoom[]>('/api/smart/rooms?presence=someone')).body.result, roomId)?.presence).toBe('someone');
    t.clock.advance(60 * SECOND);
    expect(room((await get<SmartRoom[]>('/api/smart/rooms')).body.result, roomId)?.presence).toBe('unmanned');
  });

  it('switches a room off (not enabled), checks the delay, and records the change in the operation log', async () => {
    expect((await send('PUT', `/api/smart/rooms/${roomId}/settings`, settings({ responseDelaySeconds: 121 }))).status).toBe(400);
    expect((await send('PUT', `/api/smart/rooms/${roomId}/settings`, settings({ enabled: false, responseDelaySeconds: 30 }), viewer)).status).toBe(403);
    expect((await send<SmartRoomDetail>('PUT', `/api/smart/rooms/${roomId}/settings`, settings({ enabled: false, responseDelaySeconds: 30 }))).body.result.state).toBe('not_enabled');
    expect((await get<SmartRoom[]>('/api/smart/rooms?state=not_enabled')).body.result.map((entry) => entry.roomId).sort()).toEqual([roomId, emptyRoomId].sort());
    const log = (await get<Page<OperationLogEntry>>('/api/operation-log/list?action=smartRoom.updateSettings')).body.result.list;
    expect(log[0]).toMatchObject({ targetId: roomId, targetName: 'Kew', detail: { isEnabled: false, responseDelaySeconds: 30, presenceCheckIn: true, ghostRelease: true, ghostGraceMinutes: 10 } });
    expect((await send('PUT', `/api/smart/rooms/${roomId}/settings`, settings({ ghostGraceMinutes: 0 }))).status).toBe(400);
    await send('PUT', `/api/smart/rooms/${roomId}/settings`, settings({}));
  });

  it('refuses what a device did not declare settable, values outside its format, and devices of another room', async () => {
    const control = (body: object) => send<SmartRoomControlResult>('POST', `/api/smart/rooms/${roomId}/control`, body);
    expect((await control({ deviceId: climate.id, node: 'climate', property: 'temperature', value: 20 })).body.message).toMatch(/cannot be set/);
    expect((await control({ deviceId: climate.id, node: 'climate', property: 'setpoint', value: 35 })).status).toBe(400);
    expect((await control({ deviceId: climate.id, node: 'climate', property: 'mode', value: 'dry' })).status).toBe(400);
    expect((await control({ deviceId: sensor.id, node: 'system', property: 'restart', value: true })).status).toBe(400);
    expect((await send('POST', `/api/smart/rooms/${emptyRoomId}/control`, { deviceId: climate.id, node: 'climate', property: 'on', value: false })).status).toBe(404);
    expect((await send('POST', `/api/smart/rooms/${roomId}/control`, { deviceId: climate.id, node: 'climate', property: 'on', value: false }, viewer)).status).toBe(403);
  });

  it('sends a command the device acknowledges, and answers a refusal and an offline device plainly', async () => {
    const client = await mqtt.connectAsync(BROKER, { clientId: `${prefix}-kew-ac`, protocolVersion: 5 });
    clients.push(client);
    await client.subscribeAsync(`${prefix}/${companyId}/homie/5/kew-ac/+/+/set`, { qos: 1 });
    const received: string[] = [];
    client.on('message', (topic, payload, packet) => {
      received.push(`${topic.split('/').slice(-3, -1).join('/')}=${payload.toString()}`);
      const ok = payload.toString() !== 'heat';
      void client.publishAsync(packet.properties!.responseTopic!, JSON.stringify(ok ? { ok: true, value: payload.toString() } : { ok: false, error: 'not in summer' }), {
        qos: 1,
        properties: { correlationData: packet.properties!.correlationData },
      });
    });
    // The gateway connects when the app is ready; a command before that is recorded as failed, so wait for it.
    const control = (body: object) => send<SmartRoomControlResult>('POST', `/api/smart/rooms/${roomId}/control`, body);
    const acked = await until(() => control({ deviceId: climate.id, node: 'climate', property: 'setpoint', value: 21.5 }), (answer) => answer.body.result?.result === 'acked');
    expect(acked.body.result).toMatchObject({ result: 'acked', value: '21.5' });
    expect(acked.body.message).toMatch(/confirmed/);
    expect(received.at(-1)).toBe('climate/setpoint=21.5');
    const refused = await control({ deviceId: climate.id, node: 'climate', property: 'mode', value: 'heat' });
    expect(refused.body.result).toMatchObject({ result: 'failed', value: 'heat' });
    const row = await t.db.kysely.selectFrom('smart_device_commands').select(['result', 'error']).where('id', '=', refused.body.result.commandId).executeTakeFirstOrThrow();
    expect(row).toEqual({ result: 'failed', error: 'not in summer' });

    await fromDevice(climate.token, 'state', { state: 'lost' });
    const offline = await control({ deviceId: climate.id, node: 'climate', property: 'on', value: false });
    expect(offline.status).toBe(409);
    expect(offline.body.returncode).toBe(ReturnCode.CONFLICT);
    expect(room((await get<SmartRoom[]>('/api/smart/rooms')).body.result, roomId)).toMatchObject({ state: 'abnormal', devices: { online: 1, offline: 1 } });
  });

  describe('presence drives booking', () => {
    const HOUR = 60 * 60 * SECOND;
    const MINUTE = 60 * SECOND;
    /** The next whole hour at least two hours ahead. */
    const nextHour = () => Math.ceil((t.clock.now() + 2 * HOUR) / HOUR) * HOUR;
    const book = async (room: number, startAt: number) => {
      const answer = await send<{ id: number }>('POST', '/api/meeting/reservation', { roomId: room, title: 'Design review', startAt, endAt: startAt + HOUR });
      expect(answer.status, answer.body.message).toBe(200);
      return answer.body.result.id;
    };
    const reservation = (id: number) => t.db.kysely.selectFrom('reservations').select(['status', 'checked_in_at', 'check_in_channel', 'no_show_at']).where('id', '=', id).executeTakeFirstOrThrow();
    const prompt = (id: number) => t.db.kysely.selectFrom('smart_ghost_prompts').selectAll().where('reservation_id', '=', id).executeTakeFirst();
    const signInOn = (room: number) => t.db.kysely.updateTable('rooms').set({ sign_in_enabled: 1, sign_in_before_minutes: 10, sign_in_after_minutes: 15 }).where('id', '=', room).execute();
    /** A room with one ready presence sensor of the given method that last said nobody is there. */
    const sensedRoom = async (name: string, method: 'radar' | 'pir') => {
      const created = (await createTestRoom(t.db, t.factories, t.clock, companyId, { name })).roomId;
      await signInOn(created);
      const device = await boundDevice(`${name.toLowerCase()}-presence`, 'sensor', created);
      await fromDevice(device.token, 'state', { state: 'ready', description: SENSOR });
      await fromDevice(device.token, 'readings', { readings: [{ node: 'presence', property: 'method', value: method }, { node: 'presence', property: 'occupancy', value: false }] });
      return { roomId: created, device };
    };

    it('checks the meeting in when the sensor detects someone in its check-in window, on the sensor channel', async () => {
      await signInOn(roomId);
      const start = nextHour();
      const id = await book(roomId, start);
      // Before the window opens, presence checks nothing in.
      t.clock.set(start - 20 * MINUTE);
      await fromDevice(sensor.token, 'readings', { readings: [{ node: 'presence', property: 'occupancy', value: true }] });
      expect((await reservation(id)).checked_in_at).toBeNull();
      t.clock.set(start - 5 * MINUTE);
      await fromDevice(sensor.token, 'readings', { readings: [{ node: 'presence', property: 'occupancy', value: true }] });
      const checked = await until(() => reservation(id), (row) => row.checked_in_at !== null);
      expect(checked).toMatchObject({ status: 'confirmed', check_in_channel: 'sensor', checked_in_at: start - 5 * MINUTE });
    });

    it('finds in one read the rooms presence has a meeting to check in for: not before the window, not once checked in, not with sign-in off', async () => {
      const checkIns = createCheckInRepository(t.db.kysely);
      const early = (await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Early' })).roomId;
      const done = (await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Done' })).roomId;
      const off = (await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Sign-in off' })).roomId;
      const idle = (await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Idle' })).roomId;
      for (const room of [early, done]) await signInOn(room);
      const start = nextHour();
      await book(early, start);
      const doneId = await book(done, start);
      await book(off, start);
      const rooms = [early, done, off, idle];
      // 11 minutes before the start the 10-minute windows are shut; at 10 they open, a room of its own each.
      expect(await checkIns.roomsOpenForCheckIn(companyId, rooms, start - 11 * MINUTE)).toEqual(new Set());
      expect(await checkIns.roomsOpenForCheckIn(companyId, rooms, start - 10 * MINUTE)).toEqual(new Set([early, done]));
      t.clock.set(start - 5 * MINUTE);
      expect((await send('POST', '/api/meeting/reservation/check-in', { id: doneId })).status).toBe(200);
      expect(await checkIns.roomsOpenForCheckIn(companyId, rooms, start + 30 * MINUTE)).toEqual(new Set([early]));
      // Until the meeting's end: presence proves use.
      expect(await checkIns.roomsOpenForCheckIn(companyId, rooms, start + HOUR)).toEqual(new Set());
      const other = (await t.factories.companyWithAdmin('Presence Other Co')).company.id;
      expect(await checkIns.roomsOpenForCheckIn(other, rooms, start)).toEqual(new Set());
    });

    it('leaves the meeting to its host when presence check-in is off for the room', async () => {
      await send('PUT', `/api/smart/rooms/${roomId}/settings`, settings({ presenceCheckIn: false }));
      const start = nextHour();
      const id = await book(roomId, start);
      t.clock.set(start + MINUTE);
      await fromDevice(sensor.token, 'readings', { readings: [{ node: 'presence', property: 'occupancy', value: true }] });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await reservation(id)).checked_in_at).toBeNull();
      await send('PUT', `/api/smart/rooms/${roomId}/settings`, settings({}));
      await send('POST', '/api/meeting/reservation/cancel', { id });
    });

    it('asks the host about an empty booked room when the window closes, then releases it as a no-show', async () => {
      const { roomId: board, device } = await sensedRoom('Boardroom', 'radar');
      const start = nextHour();
      const id = await book(board, start);
      // The window closes 15 minutes after the start: the host is asked, not released yet. The sensor says it
      // is still there (a heartbeat) or it would count as offline, and an offline sensor cannot tell.
      t.clock.set(start + 15 * MINUTE);
      await fromDevice(device.token, 'state', { state: 'ready' });
      await t.app.scheduler.tick();
      expect(await prompt(id)).toMatchObject({ answer_by: start + 25 * MINUTE, resolved_at: null });
      const mails = await t.db.kysely.selectFrom('mail_outbox').select(['subject', 'text']).where('subject', 'like', '%Nobody is in the room%').execute();
      expect(mails.filter((mail) => mail.text.includes('Boardroom'))).toHaveLength(1);
      // In the console the question is its own kind, open while the host may still answer.
      const question = async () => (await get<NotificationPage>('/api/notification/list?pageSize=100')).body.result.list.find((item) => item.event === 'emptyRoom' && item.params.place.startsWith('Boardroom'));
      expect(await question()).toMatchObject({ action: 'open', params: { title: 'Design review', minutes: 10 } });
      t.clock.set(start + 15 * MINUTE + 31 * SECOND);
      await t.app.scheduler.tick();
      expect((await reservation(id)).status).toBe('confirmed');
      // No answer in the 10 minutes: released like a no-show.
      t.clock.set(start + 25 * MINUTE);
      await t.app.scheduler.tick();
      expect(await reservation(id)).toMatchObject({ status: 'released', no_show_at: start + 25 * MINUTE });
      expect(await prompt(id)).toMatchObject({ outcome: 'released' });
      expect((await question())?.action).toBe('closed');
    });

    it('keeps the room when the host checks in after the prompt, within the time to answer', async () => {
      const { roomId: board, device } = await sensedRoom('Annex', 'radar');
      const start = nextHour();
      const id = await book(board, start);
      t.clock.set(start + 15 * MINUTE);
      await fromDevice(device.token, 'state', { state: 'ready' });
      await t.app.scheduler.tick();
      expect(await prompt(id)).toBeDefined();
      // The window has closed, but the host was asked: the console's check-in still works until the answer is due.
      t.clock.set(start + 20 * MINUTE);
      const answer = await send('POST', '/api/meeting/reservation/check-in', { id });
      expect(answer.status, answer.body.message).toBe(200);
      t.clock.set(start + 26 * MINUTE);
      await t.app.scheduler.tick();
      expect(await reservation(id)).toMatchObject({ status: 'confirmed', check_in_channel: 'console' });
      expect(await prompt(id)).toMatchObject({ outcome: 'checked_in' });
      const notes = (await get<NotificationPage>('/api/notification/list?pageSize=100')).body.result.list;
      expect(notes.find((item) => item.event === 'emptyRoom' && item.params.place.startsWith('Annex'))?.action).toBe('done');
    });

    it('never asks about or releases through a motion sensor that cannot tell an empty room', async () => {
      const { roomId: glass } = await sensedRoom('Glasshouse', 'pir');
      expect((await get<SmartRoomDetail>(`/api/smart/rooms/${glass}`)).body.result.canTellAbsence).toBe(false);
      await t.db.kysely.insertInto('booking_rules').values({ company_id: companyId, release_no_shows: 0, updated_at: t.clock.now() }).onConflict((c) => c.column('company_id').doUpdateSet({ release_no_shows: 0 })).execute();
      const start = nextHour();
      const id = await book(glass, start);
      t.clock.set(start + 16 * MINUTE);
      await t.app.scheduler.tick();
      t.clock.set(start + 40 * MINUTE);
      await t.app.scheduler.tick();
      expect(await prompt(id)).toBeUndefined();
      expect((await reservation(id)).status).toBe('confirmed');
    });
  });

  describe('plans and scenes', () => {
    const HOUR = 60 * 60 * SECOND;
    const LIGHT = {
      homie: '5.0',
      version: 1,
      name: 'Lights',
      type: 'light',
      nodes: { light: { name: 'Light', type: 'atrium.light', properties: { on: { datatype: 'boolean', settable: true }, brightness: { datatype: 'integer', format: '0:100', settable: true } } } },
    };
    let sceneRoom: number;
    let light: { id: number; token: string };
    const commands: string[] = [];

    beforeAll(async () => {
      sceneRoom = (await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Scenic' })).roomId;
      await t.db.kysely.updateTable('rooms').set({ sign_in_enabled: 1, sign_in_before_minutes: 10, sign_in_after_minutes: 15 }).where('id', '=', sceneRoom).execute();
      light = await boundDevice('scenic-lights', 'light', sceneRoom);
      await fromDevice(light.token, 'state', { state: 'ready', description: LIGHT });
      const client = await mqtt.connectAsync(BROKER, { clientId: `${prefix}-scenic-lights`, protocolVersion: 5 });
      clients.push(client);
      await client.subscribeAsync(`${prefix}/${companyId}/homie/5/scenic-lights/+/+/set`, { qos: 1 });
      client.on('message', (topic, payload) => commands.push(`${topic.split('/').slice(-3, -1).join('/')}=${payload.toString()}`));
    });
    const heard = (command: string, count = 1) => until(() => commands.filter((entry) => entry === command).length, (n) => n >= count);

    it('saves a plan whole and refuses entries that cannot be', async () => {
      const plan = (entries: object[]) => send('PUT', `/api/smart/rooms/${sceneRoom}/plan`, { entries });
      expect((await plan([{ dayOfWeek: [1, 2], startTime: '18:00', endTime: '09:00' }])).status).toBe(400);
      expect((await plan([{ dayOfWeek: [0], startTime: '08:00', endTime: '09:00' }])).status).toBe(400);
      expect((await plan([{ dayOfWeek: [3, 3], startTime: '08:00', endTime: '09:00' }])).status).toBe(400);
      const entries = [{ dayOfWeek: [1, 2, 3, 4, 5], startTime: '08:00', endTime: '19:00' }, { dayOfWeek: [6, 7], startTime: '10:00', endTime: '12:00' }];
      expect((await plan(entries)).status).toBe(200);
      expect((await get<{ entries: object[] }>(`/api/smart/rooms/${sceneRoom}/plan`, viewer)).body.result).toEqual({ entries });
      expect((await send('PUT', `/api/smart/rooms/${sceneRoom}/plan`, { entries: [] }, viewer)).status).toBe(403);
    });

    it('checks each step of a scene against the devices of the room', async () => {
      const scenes = (on: object[], off: object[] = []) => send('PUT', `/api/smart/rooms/${sceneRoom}/scenes`, { on, off });
      expect((await scenes([{ deviceId: light.id, node: 'light', property: 'brightness', value: 140 }])).status).toBe(400);
      expect((await scenes([{ deviceId: climate.id, node: 'climate', property: 'on', value: true }])).status).toBe(404);
      const saved = await scenes([{ deviceId: light.id, node: 'light', property: 'on', value: true }, { deviceId: light.id, node: 'light', property: 'brightness', value: 80 }], [{ deviceId: light.id, node: 'light', property: 'on', value: false }]);
      expect(saved.status, saved.body.message).toBe(200);
      expect((await get<{ on: object[]; off: object[] }>(`/api/smart/rooms/${sceneRoom}/scenes`)).body.result.on).toHaveLength(2);
    });

    it('turns the room on at check-in and off when the checked-in meeting ends, once each', async () => {
      const start = Math.ceil((t.clock.now() + 2 * HOUR) / HOUR) * HOUR;
      const booked = await send<{ id: number }>('POST', '/api/meeting/reservation', { roomId: sceneRoom, title: 'Scene check', startAt: start, endAt: start + HOUR });
      expect(booked.status, booked.body.message).toBe(200);
      t.clock.set(start);
      // The light's heartbeat: a device heard from within the window is online, and only online devices are sent scenes.
      await fromDevice(light.token, 'state', { state: 'ready' });
      expect((await send('POST', '/api/meeting/reservation/check-in', { id: booked.body.result.id })).status).toBe(200);
      await t.app.bookingInvitations.drain();
      expect(await heard('light/on=true')).toBe(1);
      expect(await heard('light/brightness=80')).toBe(1);
      t.clock.set(start + HOUR + 20 * SECOND);
      await fromDevice(light.token, 'state', { state: 'ready' });
      await t.app.scheduler.tick();
      expect(await heard('light/on=false')).toBe(1);
      // The next run does not run it again.
      t.clock.set(start + HOUR + 50 * SECOND);
      await t.app.scheduler.tick();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(commands.filter((entry) => entry === 'light/on=false')).toHaveLength(1);
    });

    it("runs the plan's scenes at its entries' start and end in the room's zone", async () => {
      // A Monday: 2027-01-04, 08:00 in Paris is 07:00 UTC.
      const before = commands.filter((entry) => entry === 'light/on=true').length;
      t.clock.set(Date.UTC(2027, 0, 4, 6, 59, 40));
      await t.app.scheduler.tick();
      t.clock.set(Date.UTC(2027, 0, 4, 7, 0, 10));
      await fromDevice(light.token, 'state', { state: 'ready' });
      await t.app.scheduler.tick();
      expect(await heard('light/on=true', before + 1)).toBe(before + 1);
      const offBefore = commands.filter((entry) => entry === 'light/on=false').length;
      t.clock.set(Date.UTC(2027, 0, 4, 18, 0, 5));
      await fromDevice(light.token, 'state', { state: 'ready' });
      await t.app.scheduler.tick();
      expect(await heard('light/on=false', offBefore + 1)).toBe(offBefore + 1);
      const log = (await get<Page<OperationLogEntry>>('/api/operation-log/list?action=smartRoom.savePlan')).body.result.list;
      expect(log[0]).toMatchObject({ targetId: sceneRoom, detail: { count: 2 } });
    });
  });

  it('raises one alarm when a device drops off, tells its deployers, is acknowledged, and clears when the device is back', async () => {
    // The scheduler runs each job once per its period (30 s) of the clock.
    const nextRun = async () => {
      t.clock.advance(31 * SECOND);
      await t.app.scheduler.tick();
    };
    const adminId = (await t.db.kysely.selectFrom('users').select('id').where('company_id', '=', companyId).orderBy('id').executeTakeFirstOrThrow()).id;
    await t.db.kysely.insertInto('smart_device_deployers').values({ device_id: climate.id, user_id: adminId }).execute();
    await fromDevice(climate.token, 'state', { state: 'ready' });
    await nextRun();
    await fromDevice(climate.token, 'state', { state: 'lost' });
    await nextRun();
    await nextRun();
    const open = (await get<SmartAlarmPage>('/api/smart/alarms?state=open', viewer)).body.result;
    const mine = open.list.filter((alarm) => alarm.deviceId === climate.id);
    expect(mine).toEqual([expect.objectContaining({ source: 'device', displayId: null, deviceName: 'kew-ac', kind: 'air_conditioner', roomId, roomName: 'Kew', cause: 'disconnected', clearedAt: null, acknowledgedAt: null })]);
    expect(open.unacknowledgedCount).toBeGreaterThanOrEqual(1);
    const told = await t.db.kysely.selectFrom('notifications').select(['params', 'link']).where('user_id', '=', adminId).where('event', '=', 'deviceAlarm').execute();
    expect(told.filter((row) => row.params.includes('kew-ac'))).toHaveLength(1);
    // By mail too, under the reminder rules' switch for device alarms (on by default), in both languages.
    const adminEmail = (await t.db.kysely.selectFrom('users').select('email').where('id', '=', adminId).executeTakeFirstOrThrow()).email!;
    const alarmMails = () => t.db.kysely.selectFrom('mail_outbox').select(['to', 'text', 'event']).where('subject', '=', 'Device alarm / 设备告警 – kew-ac').execute();
    expect(await alarmMails()).toEqual([expect.objectContaining({ to: adminEmail, event: 'deviceAlarm', text: expect.stringContaining('dropped off') })]);
    expect((await alarmMails())[0]!.text).toContain('已离线');
    expect((await send('POST', `/api/smart/alarms/${mine[0]!.id}/acknowledge`, {}, viewer)).status).toBe(403);
    expect((await send('POST', `/api/smart/alarms/${mine[0]!.id}/acknowledge`, {})).status).toBe(200);
    expect((await get<SmartAlarmPage>('/api/smart/alarms?state=open')).body.result.list.find((alarm) => alarm.id === mine[0]!.id)?.acknowledgedByName).toEqual(expect.any(String));
    await fromDevice(climate.token, 'state', { state: 'ready' });
    await nextRun();
    const cleared = (await get<SmartAlarmPage>('/api/smart/alarms?state=cleared')).body.result.list.find((alarm) => alarm.id === mine[0]!.id);
    expect(cleared?.clearedAt).toBe(t.clock.now());

    // With the mail switch off, the next alarm is told in the console only.
    const config = (await send<NoticeConfigResult>('POST', '/api/config/notice/query', {})).body.result;
    const { updatedAt: _updatedAt, ...rules } = config;
    expect((await send('POST', '/api/config/notice/update', { ...rules, events: { ...rules.events, deviceAlarm: false } })).status).toBe(200);
    await fromDevice(climate.token, 'state', { state: 'lost' });
    await nextRun();
    expect((await get<SmartAlarmPage>('/api/smart/alarms?state=open')).body.result.list.filter((alarm) => alarm.deviceId === climate.id)).toHaveLength(1);
    expect(await alarmMails()).toHaveLength(1);
    const toldAgain = await t.db.kysely.selectFrom('notifications').select('params').where('user_id', '=', adminId).where('event', '=', 'deviceAlarm').execute();
    expect(toldAgain.filter((row) => row.params.includes('kew-ac'))).toHaveLength(2);
    expect((await send('POST', '/api/config/notice/update', rules)).status).toBe(200);
    await fromDevice(climate.token, 'state', { state: 'ready' });
    await nextRun();
  });

  it('compares booked with occupied time, counts ghost meetings and energy minutes, and exports them formula-safe', async () => {
    const HOUR = 60 * 60 * SECOND;
    const day = Math.ceil((t.clock.now() + 24 * HOUR) / (24 * HOUR)) * 24 * HOUR;
    const analysed = (await createTestRoom(t.db, t.factories, t.clock, companyId, { name: '=Analysed' })).roomId;
    const presence = await boundDevice('analysed-presence', 'sensor', analysed);
    const lamp = await boundDevice('analysed-lights', 'light', analysed);
    await fromDevice(presence.token, 'state', { state: 'ready', description: SENSOR });
    const book = async (startAt: number) => {
      const answer = await send('POST', '/api/meeting/reservation', { roomId: analysed, title: 'Measured', startAt, endAt: startAt + HOUR });
      expect(answer.status, answer.body.message).toBe(200);
    };
    await book(day + 10 * HOUR);
    await book(day + 14 * HOUR);
    t.clock.set(day + 16 * HOUR);
    const at = (hour: number, minute: number) => day + hour * HOUR + minute * 60 * SECOND;
    await fromDevice(presence.token, 'readings', {
      readings: [
        { node: 'presence', property: 'occupancy', value: true, at: at(10, 5) },
        { node: 'presence', property: 'occupancy', value: true, at: at(10, 6) },
        { node: 'presence', property: 'occupancy', value: false, at: at(10, 30) },
        { node: 'presence', property: 'occupancy', value: true, at: at(12, 0) },
      ],
    });
    await fromDevice(lamp.token, 'readings', { readings: [{ node: 'light', property: 'on', value: true, at: at(10, 5) }, { node: 'light', property: 'on', value: false, at: at(11, 0) }] });
    const query = `from=${day}&to=${day + 24 * HOUR}&locationId=${analysed}`;
    const answer = await call<{ rooms: object[] }>(t.app, { method: 'GET', url: `/api/smart/analysis?${query}`, headers: { token: admin } });
    expect(answer.status, answer.body.message).toBe(200);
    expect(answer.body.result.rooms).toEqual([
      expect.objectContaining({ roomId: analysed, name: '=Analysed', hasSensors: true, bookedMinutes: 120, occupiedMinutes: 3, occupiedBookedMinutes: 2, ghostMeetings: 1, releasedMeetings: 0, energyMinutes: { light: 1 }, devices: 2 }),
    ]);
    expect((await get(`/api/smart/analysis?from=${day}&to=${day + 32 * 24 * HOUR}`)).status).toBe(400);
    // A viewer of rooms without the overview area may not read it.
    expect((await get(`/api/smart/analysis?${query}`, viewer)).status).toBe(403);
    const file = await t.app.inject({ method: 'GET', url: `/api/smart/analysis/export?${query}`, headers: { token: admin, lang: 'zh-CN' } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    const lines = file.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toContain('预订小时数');
    expect(lines[1]).toMatch(/^'=Analysed,/);
    expect(lines[1]).toContain(',2,0.1,0,1,0,');
  });

  it("never shows or controls another company's rooms", async () => {
    const other = await t.factories.companyWithAdmin('Other Smart Co');
    const foreign = await createTestRoom(t.db, t.factories, t.clock, other.company.id, { name: 'Elsewhere' });
    const foreignLight = await boundDevice('elsewhere-light', 'light', foreign.roomId, other.company.id);
    const foreignAlarm = await t.db.kysely
      .insertInto('smart_alarms')
      .values({ company_id: other.company.id, device_id: foreignLight.id, cause: 'disconnected', raised_at: t.clock.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await send('POST', `/api/smart/alarms/${foreignAlarm.id}/acknowledge`, {})).status).toBe(404);
    expect((await get<SmartAlarmPage>('/api/smart/alarms')).body.result.list.map((alarm) => alarm.id)).not.toContain(foreignAlarm.id);
    expect((await get<SmartRoom[]>('/api/smart/rooms')).body.result.map((entry) => entry.roomId)).not.toContain(foreign.roomId);
    expect((await get(`/api/smart/rooms/${foreign.roomId}`)).status).toBe(404);
    expect((await send('PUT', `/api/smart/rooms/${foreign.roomId}/settings`, settings({ enabled: false, responseDelaySeconds: 0 }))).status).toBe(404);
    expect((await get<SmartRoom[]>('/api/smart/rooms', await t.factories.session(other.admin))).body.result.map((entry) => entry.roomId)).toEqual([foreign.roomId]);
  });
});
