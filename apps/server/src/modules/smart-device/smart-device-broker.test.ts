import { randomBytes } from 'node:crypto';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { formatMessage, ReturnCode, type SmartDeviceActivateResult, type SmartDeviceActivationCode, type SmartDeviceDetail } from '@atrium/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { startDynsecBroker, type TestBroker } from '../../test/mosquitto.js';
import { createDynsecClient, DynsecError, runDynsec, type DynsecClient } from '../../platform/mqtt-dynsec.js';
import { createSmartDeviceBroker, SERVICE_ROLE, type SmartDeviceBroker } from './smart-device-broker.js';
import { createSmartDeviceRepository, type SmartDeviceRepository } from './smart-device.repository.js';

const PREFIX = 'atrium-dynsec';
const SAFETY = '246813';
const quiet = { warn: () => undefined, info: () => undefined };

async function until<T>(read: () => Promise<T>, isDone: (value: T) => boolean, timeoutMs = 5_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (isDone(value) || Date.now() - started > timeoutMs) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe(`smart devices: broker accounts on Mosquitto's dynamic security (${TEST_DIALECT})`, () => {
  let broker: TestBroker;
  let t: TestApp;
  let devices: SmartDeviceRepository;
  /** The test's own admin connection, to look at what the broker holds. */
  let dynsec: DynsecClient;
  let accounts: SmartDeviceBroker;
  let companyId: number;
  let otherCompanyId: number;
  let token: string;
  const clients: MqttClient[] = [];

  const send = <T>(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => call<T>(t.app, { method, url: `/api${url}`, headers: { token }, ...(payload === undefined ? {} : { payload }) });
  const register = async (homieId: string) => (await send<SmartDeviceDetail>('POST', '/smart/devices', { name: homieId, kind: 'air_monitor', ipAddress: '10.0.2.1', homieId })).body.result.id;
  const newCode = async (id: number) => (await send<SmartDeviceActivationCode>('POST', `/smart/devices/${id}/activation-code`)).body.result.code;
  const activate = (code: string) => call<SmartDeviceActivateResult>(t.app, { method: 'POST', url: '/api/device/smart/activate', payload: { code } });
  /** Connects as a device; rejects when the broker refuses. */
  const connect = async (username: string, password: string, extra: IClientOptions = {}) => {
    const client = await mqtt.connectAsync(broker.url, { username, password, protocolVersion: 5, reconnectPeriod: 0, connectTimeout: 2_000, clientId: `${username}-${randomBytes(3).toString('hex')}`, ...extra });
    clients.push(client);
    return client;
  };
  const brokerClients = async () => ((await runDynsec(dynsec, [{ command: 'listClients' }]))[0]!.data!.clients as string[]).sort();

  beforeAll(async () => {
    broker = await startDynsecBroker({ adminUser: 'atrium', adminPassword: randomBytes(12).toString('hex') });
    // Three seconds for the broker's word: the app's start-up drops its own admin connection once (below), and its
    // reconnection (a second apart) plus the answer ran past one second on a loaded CI machine (503 at the first
    // activation). A paused broker still fails the activation, after these three seconds.
    t = await createTestApp({ config: { mqttUrl: broker.adminUrl, mqttBrokerAuth: 'dynsec', mqttBrokerTimeoutMs: 3_000, mqttTopicPrefix: PREFIX } });
    devices = createSmartDeviceRepository(t.db.kysely);
    dynsec = createDynsecClient({ url: broker.adminUrl, timeoutMs: 2_000, log: quiet });
    accounts = createSmartDeviceBroker({ dynsec, prefix: PREFIX, serviceUsername: 'atrium', log: quiet });
    const company = await t.factories.companyWithAdmin('Broker Co');
    companyId = company.company.id;
    otherCompanyId = (await t.factories.companyWithAdmin('Other Broker Co')).company.id;
    token = await t.factories.session(company.admin);
    // The app's start-up gave its user the service role (publishing under the prefix), dropping its connections once.
    // That drops this connection too (the same user) when it comes: a read that fails is tried again.
    const roles = async () => {
      try {
        return (await dynsec.send([{ command: 'getClient', username: 'atrium' }]))[0]!.data!.client as { roles: { rolename: string }[] };
      } catch {
        return { roles: [] };
      }
    };
    expect((await until(roles, (client) => client.roles.some((role) => role.rolename === SERVICE_ROLE))).roles.map((role) => role.rolename)).toContain(SERVICE_ROLE);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.endAsync(true)));
    await dynsec?.close();
    await t?.cleanup();
    await broker?.stop();
  });

  it('gives an activated device an account of its own topics: its Homie values reach the gateway, other topics are refused', async () => {
    const airId = await register('dynsec-air');
    const lightsId = await register('dynsec-lights');
    const activated = await activate(await newCode(airId));
    expect(activated.status).toBe(200);
    const { mqtt: credentials } = activated.body.result;
    expect(credentials).toMatchObject({ username: `${companyId}.dynsec-air`, topicRoot: `${PREFIX}/${companyId}` });
    expect(await brokerClients()).toEqual([`${companyId}.dynsec-air`, 'atrium']);

    // No account, no guess and no wrong password gets on.
    await expect(connect(credentials.username, `${credentials.password}x`)).rejects.toThrow(/Not authorized|Bad User Name or Password/);
    await expect(mqtt.connectAsync(broker.url, { protocolVersion: 5, reconnectPeriod: 0, connectTimeout: 2_000 })).rejects.toThrow(/Not authorized/);

    const root = credentials.topicRoot;
    const own = `${root}/homie/5/dynsec-air`;
    const device = await connect(credentials.username, credentials.password, { will: { topic: `${own}/$state`, payload: Buffer.from('lost'), retain: true, qos: 1 } });
    // Another device's topics, its commands, another company's root, and its own commands: refused (MQTT 5 answers why).
    for (const topic of [`${root}/homie/5/dynsec-lights/$state`, `${root}/homie/5/dynsec-lights/air/co2`, `${PREFIX}/${otherCompanyId}/homie/5/dynsec-air/$state`, `${own}/air/co2/set`, `${root}/homeassistant/sensor/dynsec-lights/config`, `${root}/senml/dynsec-lights`]) {
      await expect(device.publishAsync(topic, 'ready', { qos: 1 }), topic).rejects.toThrow(/Not authorized/);
    }
    await expect(device.subscribeAsync(`${root}/homie/5/dynsec-lights/+/+/set`)).rejects.toThrow(/Not authorized/);
    await expect(device.subscribeAsync(`${root}/#`)).rejects.toThrow(/Not authorized/);
    await device.subscribeAsync(`${own}/+/+/set`, { qos: 1 });

    await device.publishAsync(`${own}/$description`, JSON.stringify({ homie: '5.0', version: 1, name: 'Air', nodes: { air: { type: 'atrium.air', properties: { co2: { datatype: 'float', unit: 'ppm' } } }, system: { properties: { restart: { datatype: 'boolean', settable: true } } } } }), { qos: 1, retain: true });
    await device.publishAsync(`${own}/air/co2`, '612', { qos: 1 });
    // Its own SenML topic is open to it too.
    await device.publishAsync(`${root}/senml/dynsec-air`, JSON.stringify([{ bn: 'dynsec-air/', n: 'air/co2', u: 'ppm', v: 640 }]), { qos: 1 });
    await device.publishAsync(`${own}/$state`, 'ready', { qos: 1, retain: true });
    const status = await until(() => devices.findStatus(companyId, airId), (found) => found?.state === 'ready' && found.properties['air/co2']?.value === '640');
    expect(status).toMatchObject({ state: 'ready', properties: { 'air/co2': { value: '640' } } });
    // What the other device's topic was refused never reached the gateway.
    expect((await devices.findStatus(companyId, lightsId))?.state).toBeNull();

    // The gateway's commands (published as MQTT_URL's user, through the service role) reach the device, and its answer comes back.
    device.on('message', (topic, _payload, packet) => {
      if (topic !== `${own}/system/restart/set`) return;
      void device.publishAsync(`${root}/atrium/ack/dynsec-air`, JSON.stringify({ ok: true, value: 'true' }), { qos: 1, properties: { correlationData: packet.properties?.correlationData } });
    });
    expect((await send('PUT', '/safety-password', { newPassword: SAFETY, confirmPassword: SAFETY })).status).toBe(200);
    const restart = await send<{ result: string }>('POST', `/smart/devices/${airId}/restart`, { safetyPassword: SAFETY });
    expect([restart.status, restart.body.result.result]).toEqual([200, 'acked']);
  });

  it('replaces the account at a new activation (the old secret stops at once) and deletes it with the device', async () => {
    const id = await register('dynsec-replaced');
    const first = (await activate(await newCode(id))).body.result.mqtt;
    const device = await connect(first.username, first.password);
    const dropped = new Promise<void>((resolve) => device.once('close', () => resolve()));
    const second = (await activate(await newCode(id))).body.result.mqtt;
    expect(second.password).not.toBe(first.password);
    // The session on the old secret is dropped, and the old secret no longer gets on.
    await dropped;
    await expect(connect(first.username, first.password)).rejects.toThrow(/Not authorized/);
    const current = await connect(second.username, second.password);
    const kicked = new Promise<void>((resolve) => current.once('close', () => resolve()));

    expect((await send('DELETE', `/smart/devices/${id}`)).status).toBe(200);
    await kicked;
    await expect(connect(second.username, second.password)).rejects.toThrow(/Not authorized/);
    expect(await brokerClients()).not.toContain(second.username);
    const roles = (await runDynsec(dynsec, [{ command: 'listRoles' }]))[0]!.data!.roles as string[];
    expect(roles).not.toContain(second.username);
  });

  it('a new Homie id takes the old account away: the device needs a new activation for the broker', async () => {
    const id = await register('dynsec-renamed');
    const before = (await activate(await newCode(id))).body.result.mqtt;
    const renamed = await send<SmartDeviceDetail>('PUT', `/smart/devices/${id}`, { name: 'dynsec-renamed', kind: 'air_monitor', ipAddress: '10.0.2.1', homieId: 'dynsec-moved' });
    expect([renamed.status, renamed.body.result.homieId]).toEqual([200, 'dynsec-moved']);
    await expect(connect(before.username, before.password)).rejects.toThrow(/Not authorized/);
    const after = (await activate(await newCode(id))).body.result.mqtt;
    expect(after.username).toBe(`${companyId}.dynsec-moved`);
    await (await connect(after.username, after.password)).publishAsync(`${PREFIX}/${companyId}/homie/5/dynsec-moved/$state`, 'init', { qos: 1 });
  });

  it('a broker that does not answer: the activation fails cleanly, hands out nothing, and the same code works after', async () => {
    const id = await register('dynsec-paused');
    const code = await newCode(id);
    broker.pause();
    let refused;
    try {
      refused = await activate(code);
    } finally {
      broker.resume();
    }
    expect([refused.status, refused.body.returncode, refused.body.message]).toEqual([503, ReturnCode.REFUSED, formatMessage('smartDeviceBrokerUnavailable', 'en-US')]);
    expect(refused.body.result).toBeNull();
    const row = await t.db.kysely.selectFrom('smart_devices').select(['secret_hash', 'activated_at', 'activation_code_hash']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ secret_hash: null, activated_at: null });
    expect(row.activation_code_hash).not.toBeNull();

    // The command the paused broker ran late made an account nobody holds the password of; the retry replaces it.
    const retried = await activate(code);
    expect(retried.status).toBe(200);
    const { username, password } = retried.body.result.mqtt;
    await (await connect(username, password)).publishAsync(`${PREFIX}/${companyId}/homie/5/dynsec-paused/$state`, 'init', { qos: 1 });

    // Deleting needs the broker's word too: without it the device stays (the late command may still take its
    // account; the next delete finds it gone).
    broker.pause();
    let notDeleted;
    try {
      notDeleted = await send('DELETE', `/smart/devices/${id}`);
    } finally {
      broker.resume();
    }
    expect([notDeleted.status, notDeleted.body.returncode]).toEqual([503, ReturnCode.REFUSED]);
    expect(await devices.findDevice(companyId, id)).toBeDefined();
    expect((await send('DELETE', `/smart/devices/${id}`)).status).toBe(200);
    expect(await brokerClients()).not.toContain(username);
  });

  it("reconciles the broker with the activated devices: stale device accounts go, others' accounts stay", async () => {
    const id = await register('dynsec-kept');
    const kept = (await activate(await newCode(id))).body.result.mqtt.username;
    const ghost = `${companyId}.dynsec-ghost`;
    await runDynsec(dynsec, [
      { command: 'createRole', rolename: ghost },
      { command: 'createClient', username: ghost, password: 'ghost-password', roles: [{ rolename: ghost }] },
      // Not named like a device: not Atrium's to delete.
      { command: 'createClient', username: 'sensor-bridge', password: 'bridge-password' },
    ]);
    const first = await accounts.reconcile(() => devices.listActivatedDevices());
    expect(first.removed).toEqual([ghost]);
    expect(first.withoutAccount).toEqual([]);
    const names = await brokerClients();
    expect(names).toEqual(expect.arrayContaining([kept, 'sensor-bridge', 'atrium']));
    expect(names).not.toContain(ghost);
    await expect(connect(ghost, 'ghost-password')).rejects.toThrow(/Not authorized/);

    // A lost account cannot be made again (only the secret's hash is kept): it is counted, the device needs a new code.
    await accounts.removeDevice(companyId, 'dynsec-kept');
    expect((await accounts.reconcile(() => devices.listActivatedDevices())).withoutAccount).toEqual([kept]);
    // Granting the service role again changes nothing.
    await accounts.grantService();
  });

  it('names what the broker refused', async () => {
    const refusal = await runDynsec(dynsec, [{ command: 'createClient', username: 'atrium', password: 'x' }]).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DynsecError);
    expect(refusal).toMatchObject({ message: 'the MQTT broker refused createClient: Client already exists', answer: { command: 'createClient', error: 'Client already exists' } });
  });
});
