/**
 * The simulator against the local Mosquitto (127.0.0.1:1883, or MQTT_URL): each run under its own topic
 * prefix, so runs side by side and left-over retained messages never meet.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeDevice, DEVICE_KINDS, listProperties, type DeviceConfig } from './model.js';
import { startSimulator, type Simulator } from './simulator.js';

const BROKER = process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const REPO = fileURLToPath(new URL('../../', import.meta.url));
const run = randomUUID().slice(0, 8);
const prefixes: string[] = [];

interface Seen {
  topic: string;
  payload: string;
  isRetained: boolean;
  correlation?: string;
}

/** A controller on the broker: sees everything under a company root, sends commands as the gateway will. */
async function watch(root: string) {
  const client: MqttClient = await mqtt.connectAsync(BROKER, { protocolVersion: 5, clientId: `sim-test-${randomUUID().slice(0, 8)}` });
  const messages: Seen[] = [];
  client.on('message', (topic, payload, packet) => {
    const correlation = packet.properties?.correlationData?.toString('utf8');
    messages.push({ topic, payload: payload.toString('utf8'), isRetained: packet.retain, ...(correlation ? { correlation } : {}) });
  });
  // Retain as published: a live message keeps its retained flag, so the test sees what the device sent.
  await client.subscribeAsync(`${root}/#`, { qos: 1, rap: true });
  const waitFor = async (what: string, match: (seen: Seen) => boolean, timeoutMs = 8_000): Promise<Seen> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = messages.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; saw ${messages.map((m) => `${m.topic}=${m.payload}`).join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const latest = (topic: string) => messages.filter((seen) => seen.topic === topic).at(-1)?.payload;
  const command = async (device: string, path: string, value: string, id: string = randomUUID()) => {
    await client.publishAsync(`${root}/homie/5/${device}/${path}/set`, value, {
      qos: 1,
      properties: { correlationData: Buffer.from(id, 'utf8'), responseTopic: `${root}/atrium/ack/${device}` },
    });
    return id;
  };
  const ackOf = async (device: string, id: string) => {
    const seen = await waitFor(`ack ${id}`, (m) => m.topic === `${root}/atrium/ack/${device}` && m.correlation === id);
    return JSON.parse(seen.payload) as { ok: boolean; value?: string; error?: string };
  };
  return { client, messages, waitFor, latest, command, ackOf };
}

/** A new topic prefix for this run; its retained messages are removed after the file. */
function newPrefix(label: string): string {
  const prefix = `simtest-${run}-${label}`;
  prefixes.push(prefix);
  return prefix;
}

async function clearRetained(prefix: string): Promise<void> {
  const client = await mqtt.connectAsync(BROKER, { protocolVersion: 5 });
  const topics = new Set<string>();
  client.on('message', (topic, payload, packet) => {
    if (packet.retain && payload.length > 0) topics.add(topic);
  });
  await client.subscribeAsync(`${prefix}/#`);
  await new Promise((resolve) => setTimeout(resolve, 300));
  await Promise.all([...topics].map((topic) => client.publishAsync(topic, '', { retain: true, qos: 1 })));
  await client.endAsync();
}

/** The simulator's command line in a child process (one process: node with tsx's loader, no wrapper). */
function spawnCli(args: string[], url = BROKER): { child: ChildProcess; exited: Promise<number | null>; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tools/device-simulator/cli.ts', '--url', url, ...args], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

function devicesFile(devices: DeviceConfig[]): string {
  const file = join(mkdtempSync(join(tmpdir(), 'atrium-sim-')), 'devices.json');
  writeFileSync(file, JSON.stringify(devices));
  return file;
}

afterAll(async () => {
  await Promise.all(prefixes.map(clearRetained));
});

describe('--once', () => {
  it('publishes every kind\'s state, description and values retained, and leaves the devices ready', async () => {
    const prefix = newPrefix('once');
    const devices: DeviceConfig[] = DEVICE_KINDS.map((kind) => ({ id: `once-${kind.replace('_', '-')}`, kind, room: 'Kew' }));
    const cli = spawnCli(['--once', '--prefix', prefix, '--company', '7', '--devices', devicesFile(devices)]);
    expect(await cli.exited, cli.output()).toBe(0);

    // Subscribed after the process left: everything seen now is what the broker kept.
    const controller = await watch(`${prefix}/7`);
    try {
      for (const device of devices) {
        const base = `${prefix}/7/homie/5/${device.id}`;
        const state = await controller.waitFor(`${device.id} state`, (m) => m.topic === `${base}/$state`);
        expect(state).toMatchObject({ payload: 'ready', isRetained: true });
        const description = await controller.waitFor(`${device.id} description`, (m) => m.topic === `${base}/$description`);
        expect(description.isRetained).toBe(true);
        expect(JSON.parse(description.payload)).toEqual(describeDevice(device));
        for (const { path, spec } of listProperties(describeDevice(device))) {
          if (spec.retained === false) continue;
          const value = await controller.waitFor(`${device.id} ${path}`, (m) => m.topic === `${base}/${path}`);
          expect(value.isRetained, path).toBe(true);
          expect(value.payload, path).not.toBe('');
        }
        // A command property (restart) is never retained, so the broker can never replay it.
        expect(controller.messages.some((m) => m.topic === `${base}/system/restart`)).toBe(false);
      }
    } finally {
      await controller.client.endAsync();
    }
  });
});

describe('commands', () => {
  let prefix: string;
  let root: string;
  let simulator: Simulator;
  let controller: Awaited<ReturnType<typeof watch>>;
  const lines: string[] = [];

  beforeAll(async () => {
    prefix = newPrefix('commands');
    root = `${prefix}/1`;
    controller = await watch(root);
    simulator = startSimulator({
      url: BROKER,
      prefix,
      companyId: 1,
      devices: [
        { id: 'kew-lights', kind: 'light', room: 'Kew' },
        { id: 'kew-ac', kind: 'air_conditioner', room: 'Kew' },
        { id: 'kew-power', kind: 'power_unit', room: 'Kew' },
      ],
      rateSeconds: 600,
      restartMs: 300,
      log: (line) => lines.push(line),
    });
    await simulator.started;
  });

  afterAll(async () => {
    await simulator?.stop();
    await controller?.client.endAsync();
  });

  it('a command with correlation data is acknowledged with the same id and the new value is published', async () => {
    const id = await controller.command('kew-lights', 'light/on', 'true');
    expect(await controller.ackOf('kew-lights', id)).toEqual({ ok: true, value: 'true' });
    await controller.waitFor('light on', (m) => m.topic === `${root}/homie/5/kew-lights/light/on` && m.payload === 'true' && m.isRetained);

    const outlet = await controller.command('kew-power', 'outlet-3/on', 'true');
    expect(await controller.ackOf('kew-power', outlet)).toEqual({ ok: true, value: 'true' });
    expect(controller.latest(`${root}/homie/5/kew-power/outlet-3/on`)).toBe('true');
  });

  it('the air conditioner\'s set point reaches the room it cools', async () => {
    const id = await controller.command('kew-ac', 'climate/setpoint', '19.5');
    expect(await controller.ackOf('kew-ac', id)).toEqual({ ok: true, value: '19.5' });
    expect(simulator.rooms.get('Kew')?.climate.setpoint).toBe(19.5);
  });

  it('a duplicate command id is answered again, not executed again', async () => {
    const id = randomUUID();
    await controller.command('kew-lights', 'light/brightness', '30', id);
    expect(await controller.ackOf('kew-lights', id)).toEqual({ ok: true, value: '30' });
    // The same id again, carrying another value: executing it would set 70.
    await controller.command('kew-lights', 'light/brightness', '70', id);
    const ackTopic = `${root}/atrium/ack/kew-lights`;
    const answers = () => controller.messages.filter((m) => m.topic === ackTopic && m.correlation === id);
    await controller.waitFor('second ack', () => answers().length === 2);
    const acks = answers().map((m) => JSON.parse(m.payload) as unknown);
    expect(acks).toEqual([
      { ok: true, value: '30' },
      { ok: true, value: '30' },
    ]);
    const published = controller.messages.filter((m) => m.topic === `${root}/homie/5/kew-lights/light/brightness` && !m.payload.startsWith('80'));
    expect(published.map((m) => m.payload)).toEqual(['30']);
    expect(lines.some((line) => line.includes('duplicate, not executed') && line.includes(id))).toBe(true);
  });

  it('an invalid value, an unknown or read-only property is refused with ok:false and changes nothing', async () => {
    const cases: Array<[string, string, RegExp]> = [
      ['light/brightness', '150', /range/],
      ['light/brightness', 'bright', /integer/],
      ['light/on', 'yes', /true or false/],
      ['light/colour', 'red', /unknown/],
      ['system/firmware', '9.9.9', /not settable/],
    ];
    for (const [path, value, error] of cases) {
      const id = await controller.command('kew-lights', path, value);
      const ack = await controller.ackOf('kew-lights', id);
      expect(ack.ok, `${path}=${value}`).toBe(false);
      expect(ack.error).toMatch(error);
    }
    const mode = await controller.command('kew-ac', 'climate/mode', 'dry');
    expect(await controller.ackOf('kew-ac', mode)).toMatchObject({ ok: false });
    expect(controller.latest(`${root}/homie/5/kew-lights/light/brightness`)).not.toBe('150');
    expect(controller.messages.some((m) => m.topic.endsWith('/system/firmware') && m.payload === '9.9.9')).toBe(false);
    expect(simulator.rooms.get('Kew')?.climate.mode).toBe('cool');
  });

  it('system/restart goes through init and comes back ready', async () => {
    const stateTopic = `${root}/homie/5/kew-power/$state`;
    const before = controller.messages.length;
    const id = await controller.command('kew-power', 'system/restart', 'true');
    expect(await controller.ackOf('kew-power', id)).toEqual({ ok: true, value: 'true' });
    const after = () => controller.messages.slice(before).filter((m) => m.topic === stateTopic).map((m) => m.payload);
    await controller.waitFor('ready again', () => after().join() === 'init,ready');
    // The value that restarted it is echoed, not kept.
    const echoes = controller.messages.filter((m) => m.topic === `${root}/homie/5/kew-power/system/restart`);
    expect(echoes).toEqual([{ topic: `${root}/homie/5/kew-power/system/restart`, payload: 'true', isRetained: false }]);
    // Its state came back with it.
    expect(controller.latest(`${root}/homie/5/kew-power/outlet-3/on`)).toBe('true');
  });

  it('logs one line per command without the broker address or credentials', () => {
    expect(lines.some((line) => line.startsWith('kew-lights: light/on set "true" -> ok true'))).toBe(true);
    expect(lines.some((line) => line.includes('mqtt://'))).toBe(false);
  });
});

describe('readings', () => {
  it('sensors publish a round every --rate seconds, and --occupied keeps a room occupied', async () => {
    const prefix = newPrefix('readings');
    const root = `${prefix}/1`;
    const controller = await watch(root);
    const simulator = startSimulator({
      url: BROKER,
      prefix,
      companyId: 1,
      devices: [
        { id: 'camden-presence', kind: 'sensor', room: 'Camden' },
        { id: 'camden-air', kind: 'air_monitor', room: 'Camden' },
      ],
      rateSeconds: 0.2,
      occupiedRooms: ['camden'],
      log: () => {},
    });
    try {
      await simulator.started;
      const co2 = `${root}/homie/5/camden-air/air/co2`;
      await controller.waitFor('three rounds', () => controller.messages.filter((m) => m.topic === co2).length >= 4);
      const occupancy = controller.messages.filter((m) => m.topic === `${root}/homie/5/camden-presence/presence/occupancy`);
      expect(occupancy.length).toBeGreaterThanOrEqual(2);
      expect(occupancy.every((m) => m.payload === 'true' && m.isRetained)).toBe(true);
      for (const reading of ['temperature', 'humidity', 'hcho', 'pm25', 'pm10', 'tvoc']) {
        expect(Number(controller.latest(`${root}/homie/5/camden-air/air/${reading}`)), reading).toBeGreaterThan(0);
      }
    } finally {
      await simulator.stop();
      await controller.client.endAsync();
    }
  });
});

describe('leaving', () => {
  it('Ctrl-C marks the device disconnected; a killed device is marked lost by its last will', async () => {
    const prefix = newPrefix('leaving');
    const root = `${prefix}/1`;
    const controller = await watch(root);
    const polite = spawnCli(['--prefix', prefix, '--devices', devicesFile([{ id: 'polite', kind: 'sensor', room: 'Kew' }])]);
    const crash = spawnCli(['--prefix', prefix, '--devices', devicesFile([{ id: 'crash', kind: 'light', room: 'Kew' }])]);
    try {
      await controller.waitFor('polite ready', (m) => m.topic === `${root}/homie/5/polite/$state` && m.payload === 'ready');
      await controller.waitFor('crash ready', (m) => m.topic === `${root}/homie/5/crash/$state` && m.payload === 'ready');

      polite.child.kill('SIGINT');
      expect(await polite.exited, polite.output()).toBe(0);
      await controller.waitFor('polite disconnected', (m) => m.topic === `${root}/homie/5/polite/$state` && m.payload === 'disconnected' && m.isRetained);

      crash.child.kill('SIGKILL');
      await crash.exited;
      const lost = await controller.waitFor('crash lost', (m) => m.topic === `${root}/homie/5/crash/$state` && m.payload === 'lost');
      expect(lost.isRetained).toBe(true);
      // The polite device left no will behind.
      expect(controller.messages.some((m) => m.topic === `${root}/homie/5/polite/$state` && m.payload === 'lost')).toBe(false);
    } finally {
      // A failed expectation must not leave a simulator behind (its will would land after the clean-up).
      for (const { child } of [polite, crash]) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await Promise.all([polite.exited, crash.exited]);
      await controller.client.endAsync();
    }
  });

  it('Ctrl-C ends a simulator whose broker cannot be reached', async () => {
    // Port 1 on this machine: nothing listens, every connection is refused and retried.
    const cli = spawnCli(['--devices', devicesFile([{ id: 'lonely', kind: 'light' }])], 'mqtt://127.0.0.1:1');
    const deadline = Date.now() + 10_000;
    while (!cli.output().includes('lonely: connection failed') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(cli.output()).toContain('lonely: connection failed');
    cli.child.kill('SIGINT');
    expect(await cli.exited, cli.output()).toBe(0);
  });
});
