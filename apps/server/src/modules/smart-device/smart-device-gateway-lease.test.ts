import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createFakeClock } from '../../test/clock.js';
import { TEST_DIALECT } from '../../test/database.js';
import { GATEWAY_LEASE, GATEWAY_LEASE_TERM_MS, type SmartDeviceGateway } from './smart-device-gateway.js';
import { createSmartDeviceRepository, type SmartDeviceRepository } from './smart-device.repository.js';

/** The local Mosquitto (DECISIONS.md: tests use the real broker). */
const BROKER = process.env.ATRIUM_TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

const COUNTER = { homie: '5.0', version: 1, name: 'Counter', type: 'sensor', nodes: { count: { type: 'x.count', properties: { n: { datatype: 'integer' } } } } };
const LIGHT = { homie: '5.0', version: 1, name: 'Light', type: 'light', nodes: { light: { type: 'atrium.light', properties: { on: { datatype: 'boolean', settable: true } } } } };

async function until<T>(read: () => Promise<T> | T, isDone: (value: T) => boolean, timeoutMs = 8_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (isDone(value) || Date.now() - started > timeoutMs) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Several processes on one database (decision 0022, "The device gateway's leader"): app instances on one
 * database and the local broker, each its own gateway; one leads and records, the others only send commands.
 */
describe(`smart devices: one gateway leads across processes (${TEST_DIALECT})`, () => {
  // A prefix of this run's own on the shared broker.
  const prefix = `atrium-lease-test-${randomBytes(6).toString('hex')}`;
  const clock = createFakeClock();
  // Each process its own port, so its own MQTT client id (and lease holder), as on separate hosts.
  const ports = [4101, 4102, 4103];
  const apps: TestApp[] = [];
  const clients: MqttClient[] = [];
  let devices: SmartDeviceRepository;
  let companyId: number;
  let counterId: number;
  let counter: MqttClient;

  const gatewayOf = (t: TestApp): SmartDeviceGateway => t.app.smartDeviceGateway!;
  /** Another process on the first one's database, its gateway connected to the broker. */
  const startProcess = async (port: number) => {
    const t = await createTestApp({ clock, ...(apps[0] ? { database: apps[0].database } : {}), config: { mqttUrl: BROKER, mqttTopicPrefix: prefix, port } });
    apps.push(t);
    await until(() => gatewayOf(t).isConnected, Boolean);
    expect(gatewayOf(t).isConnected).toBe(true);
    return t;
  };
  const device = async (homieId: string) => {
    const client = await mqtt.connectAsync(BROKER, { clientId: `${prefix}-${homieId}`, protocolVersion: 5 });
    clients.push(client);
    return client;
  };
  const publish = (client: MqttClient, path: string, payload: string, retain = false) => client.publishAsync(`${prefix}/${companyId}/${path}`, payload, { qos: 1, retain });
  const counts = async () => (await devices.listReadings(counterId, 'count.n')).map((reading) => reading.value);

  beforeAll(async () => {
    const first = await startProcess(ports[0]!);
    devices = createSmartDeviceRepository(first.db.kysely);
    companyId = (await first.factories.companyWithAdmin('Lease Co')).company.id;
    counterId = await devices.createSmartDevice({ companyId, name: 'Counter', kind: 'sensor', homieId: 'lease-counter', now: clock.now() });
    counter = await device('lease-counter');
    await publish(counter, 'homie/5/lease-counter/$description', JSON.stringify(COUNTER), true);
    await until(() => devices.findStatus(companyId, counterId), (row) => row?.description !== null);
    await startProcess(ports[1]!);
  });
  afterAll(async () => {
    // This run's retained messages go with it.
    for (const path of ['lease-counter/$description', 'lease-light/$description', 'lease-light/light/on']) await publish(clients[0]!, `homie/5/${path}`, '', true);
    for (const client of clients) await client.endAsync(true);
    for (const t of apps.reverse()) await t.cleanup();
    // Drop the gateways' persistent sessions.
    for (const port of ports) {
      const clientId = `atrium-gateway-${hostname()}-${port}-${prefix}`.replace(/[^A-Za-z0-9_-]/g, '-');
      const sweeper = await mqtt.connectAsync(BROKER, { clientId, protocolVersion: 5, clean: true });
      await sweeper.endAsync();
    }
  });

  it('one process leads and the other follows; a reading published once is stored once', async () => {
    const [first, second] = apps as [TestApp, TestApp];
    expect([gatewayOf(first).isLeading, gatewayOf(second).isLeading]).toEqual([true, false]);
    // Renewing keeps the roles.
    expect(await gatewayOf(second).checkLeadership()).toBe(false);
    expect(await gatewayOf(first).checkLeadership()).toBe(true);
    clock.advance(1_000);
    await publish(counter, 'homie/5/lease-counter/count/n', '1');
    expect(await until(counts, (values) => values.length >= 1)).toEqual([1]);
    // Time for a second copy to land, were the follower recording too: it is not even sent the readings.
    await pause(500);
    expect(await counts()).toEqual([1]);
    expect(gatewayOf(second).counters.messages).toBe(0);
  });

  it('a follower still sends commands and hears their answers: an MQTT 5 acknowledgement and the echo of a device without MQTT 5', async () => {
    const [first, second] = apps as [TestApp, TestApp];
    const lightId = await devices.createSmartDevice({ companyId, name: 'Light', kind: 'light', homieId: 'lease-light', now: clock.now() });
    const light = await device('lease-light');
    await publish(light, 'homie/5/lease-light/$description', JSON.stringify(LIGHT), true);
    // A retained value equal to the next command must not read as its echo.
    await publish(light, 'homie/5/lease-light/light/on', 'true', true);
    await until(() => devices.findStatus(companyId, lightId), (row) => row?.properties['light/on']?.value === 'true');
    let isAnswering = true;
    await light.subscribeAsync(`${prefix}/${companyId}/homie/5/lease-light/+/+/set`, { qos: 1 });
    light.on('message', (topic, payload, packet) => {
      if (isAnswering) {
        void light.publishAsync(packet.properties!.responseTopic!, JSON.stringify({ ok: true }), { qos: 1, properties: { correlationData: packet.properties!.correlationData } });
      } else {
        // Without MQTT 5 a device answers by publishing the value it was set to.
        void light.publishAsync(topic.replace(/\/set$/, ''), payload.toString(), { qos: 1, retain: true });
      }
    });
    const acked = await gatewayOf(second).sendCommand({ companyId, deviceId: lightId, node: 'light', property: 'on', value: 'false', issuedBy: null });
    expect(await acked!.result).toBe('acked');
    isAnswering = false;
    const echoed = await gatewayOf(second).sendCommand({ companyId, deviceId: lightId, node: 'light', property: 'on', value: 'true', issuedBy: null });
    const waitingEcho = await gatewayOf(second).sendCommand({ companyId, deviceId: lightId, node: 'light', property: 'on', value: 'true', issuedBy: null });
    expect([await echoed!.result, await waitingEcho!.result]).toEqual(['acked', 'acked']);
    const rows = await first.db.kysely.selectFrom('smart_device_commands').select(['id', 'result']).where('device_id', '=', lightId).orderBy('issued_at').execute();
    expect(rows.map((row) => row.result)).toEqual(['acked', 'acked', 'acked']);
    // The echoed value is recorded by the leader.
    expect((await until(() => devices.findStatus(companyId, lightId), (row) => row?.properties['light/on']?.value === 'true'))?.properties['light/on']?.value).toBe('true');
  });

  it('a killed leader (its lease not released) is replaced once its term lapses, and the new leader records', async () => {
    const [first, second] = apps as [TestApp, TestApp];
    // Killed right after renewing: its timers and broker connection stop; its lease stays until the term ends.
    expect(await gatewayOf(first).checkLeadership()).toBe(true);
    await gatewayOf(first).close({ isLeaseKept: true });
    expect(await first.db.kysely.selectFrom('leases').select('name').where('name', '=', GATEWAY_LEASE).executeTakeFirst()).toBeDefined();
    clock.advance(GATEWAY_LEASE_TERM_MS - 1_000);
    expect(await gatewayOf(second).checkLeadership()).toBe(false);
    clock.advance(1_000);
    const heard = gatewayOf(second).counters.messages;
    expect(await gatewayOf(second).checkLeadership()).toBe(true);
    expect(gatewayOf(second).isLeading).toBe(true);
    // The new leader subscribes to the readings: the retained descriptions come first.
    await until(() => gatewayOf(second).counters.messages > heard, Boolean);
    await publish(counter, 'homie/5/lease-counter/count/n', '2');
    expect(await until(counts, (values) => values.length >= 2)).toEqual([1, 2]);
    await pause(300);
    expect(await counts()).toEqual([1, 2]);
  });

  it('a leader shut down gracefully gives the lease back: the next process leads at once', async () => {
    const second = apps[1]!;
    const third = await startProcess(ports[2]!);
    expect(gatewayOf(third).isLeading).toBe(false);
    await gatewayOf(second).close();
    // No wait for the term: the lease was released.
    expect(await gatewayOf(third).checkLeadership()).toBe(true);
    await until(() => gatewayOf(third).counters.messages > 0, Boolean);
    clock.advance(1_000);
    await publish(counter, 'homie/5/lease-counter/count/n', '3');
    expect(await until(counts, (values) => values.length >= 3)).toEqual([1, 2, 3]);
    await pause(300);
    expect(await counts()).toEqual([1, 2, 3]);
  });
});
