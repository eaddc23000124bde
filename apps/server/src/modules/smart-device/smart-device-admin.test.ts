import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { DEVICE_TOKEN_HEADER, formatMessage, ReturnCode, SMART_DEVICE_LIMITS, type Page, type SmartDeviceActivateResult, type SmartDeviceActivationCode, type SmartDeviceDetail, type SmartDeviceOptions, type SmartDeviceRow } from '@atrium/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import type { TestUser } from '../../test/factories.js';
import { createTestRoom } from '../../test/rooms.js';

/** The local Mosquitto (DECISIONS.md: tests use the real broker). */
const BROKER = process.env.ATRIUM_TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const SAFETY = '135790';
const MINUTE = 60_000;

interface Tenant {
  companyId: number;
  admin: TestUser;
  token: string;
  roomId: number;
  otherRoomId: number;
  colleagueId: number;
}

async function tenant(t: TestApp, name: string): Promise<Tenant> {
  const { company, admin } = await t.factories.companyWithAdmin(name);
  const first = await createTestRoom(t.db, t.factories, t.clock, company.id, { name: `${name} Kew` });
  const second = await createTestRoom(t.db, t.factories, t.clock, company.id, { name: `${name} Southwark`, floorId: first.floorId });
  const colleague = await t.factories.user(company.id);
  return { companyId: company.id, admin, token: await t.factories.session(admin), roomId: first.roomId, otherRoomId: second.roomId, colleagueId: colleague.id };
}

const input = (overrides: Record<string, unknown> = {}) => ({ name: 'Kew lights', kind: 'light', brand: 'Lumen', model: 'L-200', serialNumber: 'LM-0001', ipAddress: '10.0.1.20', ...overrides });

function api(t: TestApp) {
  const send = <T>(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, lang = 'en-US') =>
    call<T>(t.app, { method, url: `/api${url}`, headers: { token, lang }, ...(payload === undefined ? {} : { payload }) });
  return {
    send,
    create: (token: string, body: object, lang?: string) => send<SmartDeviceDetail>(token, 'POST', '/smart/devices', body, lang),
    list: (token: string, query = '') => send<Page<SmartDeviceRow>>(token, 'GET', `/smart/devices${query}`),
    code: (token: string, id: number) => send<SmartDeviceActivationCode>(token, 'POST', `/smart/devices/${id}/activation-code`),
    /** Activates the device with a fresh code; answers its device token. */
    async activate(token: string, id: number): Promise<string> {
      const { code } = (await this.code(token, id)).body.result;
      return (await call<SmartDeviceActivateResult>(t.app, { method: 'POST', url: '/api/device/smart/activate', payload: { code } })).body.result.deviceToken;
    },
    state: (deviceToken: string, state: string) => call(t.app, { method: 'POST', url: '/api/device/smart/state', headers: { [DEVICE_TOKEN_HEADER]: deviceToken }, payload: { state } }),
  };
}

describe(`smart devices: the devices page's calls (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let calls: ReturnType<typeof api>;

  beforeAll(async () => {
    t = await createTestApp();
    calls = api(t);
    a = await tenant(t, 'Acme');
    b = await tenant(t, 'Bravo');
  });
  afterAll(() => t.cleanup());

  it('registers, lists, changes and deletes a device, recording each change', async () => {
    const created = await calls.create(a.token, input({ macAddress: 'aa-bb-cc-00-11-2f', roomId: a.roomId, deployerIds: [a.colleagueId, a.admin.id] }));
    expect(created.status).toBe(200);
    expect(created.body.message).toBe(formatMessage('smartDeviceSaved', 'en-US', { name: 'Kew lights' }));
    const device = created.body.result;
    expect(device).toMatchObject({
      name: 'Kew lights',
      kind: 'light',
      homieId: 'kew-lights',
      ipAddress: '10.0.1.20',
      macAddress: 'AA:BB:CC:00:11:2F',
      roomId: a.roomId,
      roomName: 'Acme Kew',
      status: 'inactive',
      useStatus: 'in_use',
      isActivated: false,
      properties: {},
      commands: [],
    });
    expect(device.deployers.map((deployer) => deployer.id).sort()).toEqual([a.colleagueId, a.admin.id].sort());
    // A second device of the same name gets the next free Homie id; one without a room waits to be bound.
    const twin = (await calls.create(a.token, input({ ipAddress: 'fe80::1', serialNumber: 'LM-0002' }))).body.result;
    expect(twin).toMatchObject({ homieId: 'kew-lights-2', ipAddress: 'fe80::1', roomId: null, useStatus: 'waiting_to_bind', deployers: [] });

    const bySerial = await calls.list(a.token, '?search=lm-0002');
    expect(bySerial.body.result).toMatchObject({ total: 1, list: [{ id: twin.id }] });
    expect((await calls.list(a.token, `?roomId=${a.roomId}`)).body.result.list.map((row) => row.id)).toEqual([device.id]);
    expect((await calls.list(a.token, '?search=10.0.1')).body.result.list.map((row) => row.id)).toEqual([device.id]);
    expect((await calls.list(a.token, '?kind=projector')).body.result.total).toBe(0);

    const changed = await calls.send<SmartDeviceDetail>(a.token, 'PUT', `/smart/devices/${device.id}`, input({ name: 'Kew ceiling lights', roomId: a.otherRoomId, deployerIds: [a.colleagueId], macAddress: null }));
    expect(changed.status).toBe(200);
    expect(changed.body.result).toMatchObject({ name: 'Kew ceiling lights', homieId: 'kew-lights', roomId: a.otherRoomId, roomName: 'Acme Southwark', macAddress: null, deployers: [{ id: a.colleagueId }] });

    const removed = await calls.send(a.token, 'DELETE', `/smart/devices/${twin.id}`);
    expect([removed.status, removed.body.message]).toEqual([200, formatMessage('smartDeviceDeleted', 'en-US')]);
    expect((await calls.send(a.token, 'GET', `/smart/devices/${twin.id}`)).status).toBe(404);

    const log = await t.db.kysely.selectFrom('operation_logs').select(['action', 'target_id', 'result']).where('company_id', '=', a.companyId).where('action', 'like', 'smartDevice.%').orderBy('id').execute();
    expect(log).toEqual([
      { action: 'smartDevice.create', target_id: device.id, result: 'success' },
      { action: 'smartDevice.create', target_id: twin.id, result: 'success' },
      { action: 'smartDevice.update', target_id: device.id, result: 'success' },
      { action: 'smartDevice.delete', target_id: twin.id, result: 'success' },
    ]);
  });

  it('refuses a missing name or IP address, a bad IP or MAC address, the same deployer twice, a Homie id taken and another company\'s room or people', async () => {
    const refused = async (body: object, lang = 'en-US') => {
      const answer = await calls.create(a.token, body, lang);
      return { status: answer.status, returncode: answer.body.returncode, message: answer.body.message, issues: (answer.body.result as { issues?: { path: string }[] } | null)?.issues?.map((issue) => issue.path) };
    };
    const { ipAddress: _ip, ...withoutIp } = input();
    expect(await refused(withoutIp)).toMatchObject({ status: 400, returncode: ReturnCode.BAD_REQUEST, issues: ['ipAddress'] });
    expect(await refused(input({ ipAddress: '  ' }))).toMatchObject({ status: 400, issues: ['ipAddress'] });
    expect(await refused(input({ ipAddress: '10.0.1.300' }))).toMatchObject({ status: 400, issues: ['ipAddress'] });
    expect(await refused(input({ name: ' ' }))).toMatchObject({ status: 400, issues: ['name'] });
    expect(await refused(input({ macAddress: 'AA:BB:CC:DD:EE' }))).toMatchObject({ status: 400, issues: ['macAddress'] });
    expect(await refused(input({ homieId: 'Not A Homie Id' }))).toMatchObject({ status: 400, issues: ['homieId'] });

    const twice = input({ homieId: 'twice', deployerIds: [a.colleagueId, a.colleagueId] });
    expect(await refused(twice)).toMatchObject({ status: 400, returncode: ReturnCode.BAD_REQUEST, message: 'The same deployer cannot be added twice' });
    expect(await refused(twice, 'zh-CN')).toMatchObject({ status: 400, message: '同一部署人员不能重复添加' });

    expect((await calls.create(a.token, input({ homieId: 'taken-id' }))).status).toBe(200);
    expect(await refused(input({ homieId: 'taken-id' }))).toMatchObject({ status: 409, returncode: ReturnCode.CONFLICT, message: formatMessage('smartDeviceHomieIdTaken', 'en-US', { homieId: 'taken-id' }) });
    // Another company may use the same Homie id: ids are unique per company.
    expect((await calls.create(b.token, input({ homieId: 'taken-id' }))).status).toBe(200);

    expect(await refused(input({ homieId: 'foreign-room', roomId: b.roomId }))).toMatchObject({ status: 404, returncode: ReturnCode.NOT_FOUND, message: formatMessage('smartDeviceRoomNotFound', 'en-US') });
    expect(await refused(input({ homieId: 'foreign-deployer', deployerIds: [b.colleagueId] }))).toMatchObject({ status: 404, message: formatMessage('smartDeviceDeployerNotFound', 'en-US') });
    const nothing = await t.db.kysely.selectFrom('smart_devices').select('id').where('company_id', '=', a.companyId).where('homie_id', 'in', ['twice', 'foreign-room', 'foreign-deployer']).execute();
    expect(nothing).toEqual([]);
  });

  it('derives the status from activation and the Homie $state, and the use status from the binding', async () => {
    const device = (await calls.create(a.token, input({ name: 'Status monitor', kind: 'air_monitor', roomId: a.roomId }))).body.result;
    const host = (await calls.create(a.token, input({ name: 'Status host', kind: 'central_host', roomId: a.roomId }))).body.result;
    expect(device.status).toBe('inactive');
    const statusOf = async (id: number) => (await calls.send<SmartDeviceDetail>(a.token, 'GET', `/smart/devices/${id}`)).body.result.status;

    const issued = await calls.code(a.token, device.id);
    expect(issued.status).toBe(200);
    expect(issued.body.result.code).toMatch(/^\d{5}$/);
    expect(issued.body.result.expiresAt).toBe(t.clock.now() + SMART_DEVICE_LIMITS.activationCodeMinutes * MINUTE);
    const activated = await call<SmartDeviceActivateResult>(t.app, { method: 'POST', url: '/api/device/smart/activate', payload: { code: issued.body.result.code } });
    expect(activated.status).toBe(200);
    const deviceToken = activated.body.result.deviceToken;
    // Activated but not heard from yet.
    expect(await statusOf(device.id)).toBe('offline');

    expect((await calls.state(deviceToken, 'ready')).status).toBe(200);
    expect(await statusOf(device.id)).toBe('online');
    expect((await calls.list(a.token, '?status=online')).body.result.list.map((row) => row.id)).toContain(device.id);
    await calls.state(deviceToken, 'alert');
    expect(await statusOf(device.id)).toBe('partially_online');
    await calls.state(deviceToken, 'lost');
    expect(await statusOf(device.id)).toBe('offline');
    expect((await calls.list(a.token, '?status=offline')).body.result.list.map((row) => row.id)).toContain(device.id);

    // A central host is partially online while a device of its room is offline.
    const hostToken = await calls.activate(a.token, host.id);
    await calls.state(hostToken, 'ready');
    expect(await statusOf(host.id)).toBe('partially_online');
    await calls.state(deviceToken, 'ready');
    expect(await statusOf(host.id)).toBe('online');

    // Nothing heard within the heartbeat window: offline, whatever it last said.
    t.clock.advance(SMART_DEVICE_LIMITS.heartbeatWindowMs + MINUTE);
    expect(await statusOf(device.id)).toBe('offline');
    await calls.state(deviceToken, 'ready');
    expect(await statusOf(device.id)).toBe('online');

    const detail = (await calls.send<SmartDeviceDetail>(a.token, 'GET', `/smart/devices/${device.id}`)).body.result;
    expect(detail).toMatchObject({ state: 'ready', isActivated: true, useStatus: 'in_use', lastSeenAt: t.clock.now() });
    const unbound = await calls.send<SmartDeviceDetail>(a.token, 'PUT', `/smart/devices/${device.id}`, input({ name: 'Status monitor', kind: 'air_monitor', roomId: null }));
    expect(unbound.body.result).toMatchObject({ useStatus: 'waiting_to_bind', status: 'online' });
  });

  it('cannot restart without a broker, and asks for the safety password first', async () => {
    const device = (await calls.create(a.token, input({ name: 'Restart no broker' }))).body.result;
    const noBroker = await calls.send(a.token, 'POST', `/smart/devices/${device.id}/restart`, { safetyPassword: SAFETY });
    expect([noBroker.status, noBroker.body.returncode, noBroker.body.message]).toEqual([422, ReturnCode.REFUSED, formatMessage('smartDeviceNoBroker', 'en-US')]);
    const malformed = await calls.send(a.token, 'POST', `/smart/devices/${device.id}/restart`, { safetyPassword: '12ab' });
    expect(malformed.status).toBe(400);
  });

  it("keeps each company's devices to itself", async () => {
    const own = (await calls.create(b.token, input({ name: 'Bravo only', homieId: 'bravo-only' }))).body.result;
    for (const [method, url, payload] of [
      ['GET', `/smart/devices/${own.id}`, undefined],
      ['PUT', `/smart/devices/${own.id}`, input({ name: 'Taken over' })],
      ['DELETE', `/smart/devices/${own.id}`, undefined],
      ['POST', `/smart/devices/${own.id}/activation-code`, undefined],
      ['POST', `/smart/devices/${own.id}/restart`, { safetyPassword: SAFETY }],
    ] as const) {
      const answer = await calls.send(a.token, method, url, payload);
      expect([method, url, answer.status, answer.body.returncode]).toEqual([method, url, 404, ReturnCode.NOT_FOUND]);
    }
    expect((await calls.list(a.token, '?search=bravo')).body.result.total).toBe(0);
    const options = (await calls.send<SmartDeviceOptions>(a.token, 'GET', '/smart/devices/options')).body.result;
    expect(options.rooms).toEqual([
      { id: a.roomId, name: 'Acme Kew', floorName: 'Floor 3' },
      { id: a.otherRoomId, name: 'Acme Southwark', floorName: 'Floor 3' },
    ]);
    expect(options.users.map((user) => user.id).sort()).toEqual([a.admin.id, a.colleagueId].sort());
    const found = (await calls.send<SmartDeviceOptions>(a.token, 'GET', `/smart/devices/options?keyword=${encodeURIComponent(a.admin.userName)}`)).body.result.users;
    expect(found.map((user) => user.id)).toEqual([a.admin.id]);
    expect((await calls.send<SmartDeviceDetail>(b.token, 'GET', `/smart/devices/${own.id}`)).body.result.name).toBe('Bravo only');
    const row = await t.db.kysely.selectFrom('smart_devices').select(['name', 'activation_code_hash']).where('id', '=', own.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Bravo only', activation_code_hash: null });
  });
});

describe(`smart devices: restart and the gateway's cache, over the local broker (${TEST_DIALECT})`, () => {
  const prefix = `atrium-test-${randomBytes(6).toString('hex')}`;
  let t: TestApp;
  let a: Tenant;
  let calls: ReturnType<typeof api>;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    t = await createTestApp({ config: { mqttUrl: BROKER, mqttTopicPrefix: prefix } });
    calls = api(t);
    a = await tenant(t, 'Broker Co');
    const set = await calls.send(a.token, 'PUT', '/safety-password', { newPassword: SAFETY, confirmPassword: SAFETY });
    expect(set.status).toBe(200);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.endAsync()));
    await t.cleanup();
  });

  const connect = async (name: string) => {
    const client = await mqtt.connectAsync(BROKER, { clientId: `${prefix}-${name}`, protocolVersion: 5 });
    clients.push(client);
    return client;
  };
  const root = () => `${prefix}/${a.companyId}/homie/5`;
  const statusOf = async (id: number) => (await calls.send<SmartDeviceDetail>(a.token, 'GET', `/smart/devices/${id}`)).body.result;

  /** Publishes the state until the gateway (connecting in the background) has recorded it. */
  async function sayReady(client: MqttClient, homieId: string, id: number) {
    await expect
      .poll(
        async () => {
          await client.publishAsync(`${root()}/${homieId}/$state`, 'ready', { qos: 1 });
          return (await statusOf(id)).state;
        },
        { timeout: 10_000, interval: 200 },
      )
      .toBe('ready');
  }

  it('restarts a device behind the safety password: a wrong one is refused in the spec\'s words, the right one sends system/restart and answers the acknowledgement', async () => {
    const device = (await calls.create(a.token, input({ name: 'Broker projector', kind: 'projector', homieId: 'broker-projector' }))).body.result;
    const client = await connect('projector');
    await sayReady(client, 'broker-projector', device.id);

    const wrong = await calls.send(a.token, 'POST', `/smart/devices/${device.id}/restart`, { safetyPassword: '000000' }, 'zh-CN');
    expect([wrong.status, wrong.body.returncode, wrong.body.message]).toEqual([400, ReturnCode.REFUSED, formatMessage('smartDeviceRestartWrongSafetyPassword', 'zh-CN')]);
    expect((await statusOf(device.id)).commands).toEqual([]);

    // The device acknowledges on the response topic with the command's correlation data (docs/devices-mqtt.md).
    await client.subscribeAsync(`${root()}/broker-projector/system/restart/set`, { qos: 1 });
    const received: string[] = [];
    client.on('message', (topic, payload, packet) => {
      if (!topic.endsWith('/system/restart/set')) return;
      received.push(payload.toString());
      void client.publishAsync(packet.properties!.responseTopic!, JSON.stringify({ ok: true, value: 'true' }), { qos: 1, properties: { correlationData: packet.properties!.correlationData! } });
    });
    const right = await calls.send<{ commandId: string; result: string }>(a.token, 'POST', `/smart/devices/${device.id}/restart`, { safetyPassword: SAFETY });
    expect([right.status, right.body.result.result]).toEqual([200, 'acked']);
    expect(received).toEqual(['true']);
    expect((await statusOf(device.id)).commands).toMatchObject([{ id: right.body.result.commandId, node: 'system', property: 'restart', value: 'true', result: 'acked' }]);

    const log = await t.db.kysely.selectFrom('operation_logs').select(['action', 'result']).where('company_id', '=', a.companyId).where('action', '=', 'smartDevice.restart').orderBy('id').execute();
    expect(log.map((entry) => entry.result)).toEqual(['failure', 'success']);

    // Wrong again and again: throttled like every use of the safety password.
    let last = 0;
    for (let n = 0; n < 6; n++) last = (await calls.send(a.token, 'POST', `/smart/devices/${device.id}/restart`, { safetyPassword: '000000' })).status;
    expect(last).toBe(429);
  });

  it('reads a device again after the page changes its Homie id or deletes it', async () => {
    const device = (await calls.create(a.token, input({ name: 'Renamed sensor', kind: 'sensor', homieId: 'old-sensor' }))).body.result;
    const client = await connect('renamed');
    await sayReady(client, 'old-sensor', device.id);

    const renamed = await calls.send(a.token, 'PUT', `/smart/devices/${device.id}`, input({ name: 'Renamed sensor', kind: 'sensor', homieId: 'new-sensor', roomId: a.roomId }));
    expect(renamed.status).toBe(200);
    // The old id no longer reaches the device; the new one does at once.
    await client.publishAsync(`${root()}/new-sensor/presence/occupancy`, 'false', { qos: 1 });
    await expect.poll(async () => (await statusOf(device.id)).properties['presence/occupancy']?.value, { timeout: 5_000 }).toBe('false');
    await client.publishAsync(`${root()}/old-sensor/presence/occupancy`, 'true', { qos: 1 });
    await client.publishAsync(`${root()}/new-sensor/$state`, 'alert', { qos: 1 });
    await expect.poll(async () => (await statusOf(device.id)).state, { timeout: 5_000 }).toBe('alert');
    expect((await statusOf(device.id)).properties['presence/occupancy']?.value).toBe('false');

    // Deleted: what it says afterwards is dropped, nothing fails.
    expect((await calls.send(a.token, 'DELETE', `/smart/devices/${device.id}`)).status).toBe(200);
    await client.publishAsync(`${root()}/new-sensor/presence/occupancy`, 'true', { qos: 1 });
    const again = (await calls.create(a.token, input({ name: 'Reborn sensor', kind: 'sensor', homieId: 'new-sensor' }))).body.result;
    await sayReady(client, 'new-sensor', again.id);
    expect((await statusOf(again.id)).properties).toEqual({});
  });
});
