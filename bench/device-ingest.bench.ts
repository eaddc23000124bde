import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrations/index.js';
import { systemClock } from '../apps/server/src/platform/clock.js';
import { createSmartDeviceGateway } from '../apps/server/src/modules/smart-device/smart-device-gateway.js';
import { createSmartDeviceRecorder } from '../apps/server/src/modules/smart-device/smart-device-recorder.js';
import { createSmartDeviceRepository, type DeviceReading, type HomieDescription, type SmartDeviceRef } from '../apps/server/src/modules/smart-device/smart-device.repository.js';
import { createAirService } from '../apps/server/src/modules/air/air.service.js';
import { judgeAirReadings } from '../apps/server/src/modules/air/air-readings.js';
import { createLocationRepository } from '../apps/server/src/modules/location/location.repository.js';
import { indexLocations } from '../apps/server/src/modules/location/location.presenter.js';
import type { PublishJob } from './device-publishers.js';
import { repoRoot } from './support.js';

// Device readings ingested end to end (issue 22, target 50,000 readings/s into SQLite): devices
// publish Homie values to a Mosquitto of the benchmark's own, the gateway batches them into the
// database with their minute/hour/day rollups; the clock runs until the last reading is committed.
// Three figures: the recorder alone (the database's ceiling, no broker: the bare measure the others
// are read against), MQTT with QoS 1 (each message acknowledged after its commit) and with QoS 0.
// The broker runs with the limits of deploy/mosquitto/atrium.conf on a free port from 18830, so the
// figures do not depend on the system broker's configuration; the publishers run in a process of their
// own. Each path also prints the CPU time each party spent per reading (this process, which holds the
// gateway and the database; the broker; the publishers): on a shared machine, throughput swings with the
// neighbours' load, the CPU a reading costs much less, and their sum bounds what the cores can carry.
// Run with `npm run device-ingest -w bench` (a fresh SQLite file; BENCH_SENML=<readings per message> for SenML packs;
// BENCH_DATABASE_URL=postgres://…
// for an empty PostgreSQL database; BENCH_READINGS=100000, BENCH_DEVICES=500,
// BENCH_PUBLISHER=mqttjs for mqtt.js publishers instead of raw sockets, BENCH_PUBLISHERS (25 raw, 4 mqtt.js),
// BENCH_ACK_WINDOW and BENCH_MAX_BATCH for the gateway's window and batch (10,000 and 5,000),
// MQTT_URL=mqtt://… to use a running broker instead).

const READINGS = Number(process.env.BENCH_READINGS ?? 100_000);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 500);
const PUBLISHER = process.env.BENCH_PUBLISHER === 'mqttjs' ? 'mqttjs' : 'raw';
/**
 * Publishing connections: 25 raw ones keep 500 QoS 1 messages in flight, 20 each (the broker's Receive Maximum);
 * the 4 mqtt.js ones up to 2,000 between them (mqtt.js does not keep to the broker's Receive Maximum).
 */
const PUBLISHERS = Number(process.env.BENCH_PUBLISHERS ?? (PUBLISHER === 'raw' ? 25 : 4));
/** The raw publishers' unacknowledged QoS 1 messages per connection (at most the broker's Receive Maximum). */
const PUBLISH_WINDOW = process.env.BENCH_PUBLISH_WINDOW ? Number(process.env.BENCH_PUBLISH_WINDOW) : undefined;
/** The gateway's window and batch (the defaults unless set). */
const ACK_WINDOW = process.env.BENCH_ACK_WINDOW ? Number(process.env.BENCH_ACK_WINDOW) : undefined;
const MAX_BATCH = process.env.BENCH_MAX_BATCH ? Number(process.env.BENCH_MAX_BATCH) : undefined;
/** The end of a run: every reading stored, or none stored for this long (the rest are lost). */
const STALL_MS = Number(process.env.BENCH_STALL_MS ?? 5_000);
/**
 * BENCH_JUDGE_AIR=1 judges each committed batch's air readings as the server does (`onCommitted`), after the
 * acknowledgements; the run then ends when the last batch is judged too.
 */
const JUDGE_AIR = process.env.BENCH_JUDGE_AIR === '1';
/**
 * BENCH_SENML=<records per message>: the raw publishers send SenML packs (RFC 8428) of that many readings on
 * `<root>/senml/<homieId>` instead of one Homie value per message; BENCH_READINGS still counts readings.
 */
const SENML = process.env.BENCH_SENML ? Number(process.env.BENCH_SENML) : undefined;
/** BENCH_QOS=1 or 0 runs that path only (profiles). */
const QOS: (0 | 1)[] = process.env.BENCH_QOS === '1' ? [1] : process.env.BENCH_QOS === '0' ? [0] : [1, 0];
const prefix = `atrium-bench-${randomBytes(4).toString('hex')}`;

async function freePort(from: number): Promise<number> {
  for (let port = from; port < from + 100; port++) {
    const isFree = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (isFree) return port;
  }
  throw new Error(`no free port from ${from}`);
}

/** A Mosquitto with the recommended limits, in memory, on its own port. */
async function startBroker(dir: string): Promise<{ url: string; limits: string; pid: number | undefined; stop: () => void }> {
  const port = await freePort(18830);
  const recommended = readFileSync(path.join(repoRoot, 'deploy/mosquitto/atrium.conf'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'));
  // The limits as shipped; the listener, persistence and log are the benchmark's.
  const limits = recommended.filter((line) => /^(max_|set_tcp_nodelay)/.test(line));
  const conf = path.join(dir, 'mosquitto.conf');
  writeFileSync(conf, [`listener ${port} 127.0.0.1`, 'allow_anonymous true', 'persistence false', 'log_dest none', ...limits, ''].join('\n'));
  const child: ChildProcess = spawn('/usr/sbin/mosquitto', ['-c', conf], { stdio: 'ignore' });
  const url = `mqtt://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await (await mqtt.connectAsync(url, { clientId: `${prefix}-probe`, reconnectPeriod: 0, connectTimeout: 1_000 })).endAsync();
      break;
    } catch (error) {
      if (attempt > 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { url, limits: limits.join(', '), pid: child.pid, stop: () => void child.kill() };
}

/** CPU seconds a process has used so far (user + system), from /proc: the broker's and the publishers' share. */
function cpuSecondsOf(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** What the publishers' process answers: the seconds publishing took, its CPU seconds meanwhile, the QoS 1 window it kept. */
interface Published {
  seconds: number;
  cpuSeconds: number;
  window?: number;
}

/**
 * mqtt.js publishers, as the simulator's devices publish (BENCH_PUBLISHER=mqttjs): each message through
 * the client's `publishAsync`, 2,000 in flight across the publishers.
 */
const MQTTJS_PUBLISHERS = `
  const mqtt = require('mqtt');
  const { url, topicOf, qos, readings, devices, publishers, clientId } = JSON.parse(process.argv[1]);
  (async () => {
    const clients = await Promise.all(Array.from({ length: publishers }, (_, i) => mqtt.connectAsync(url, { clientId: clientId + '-' + i, protocolVersion: 5 })));
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    let sends = [];
    for (let n = 0; n < readings; n++) {
      sends.push(clients[n % publishers].publishAsync(topicOf.replace('{device}', String(n % devices)), String(20 + (n % 50) / 10), { qos }));
      if (sends.length >= 2000) { await Promise.all(sends); sends = []; }
    }
    await Promise.all(sends);
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    for (const client of clients) await client.endAsync();
    process.stdout.write(JSON.stringify({ seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6 }));
  })();
`;

/**
 * Publishes from a process of its own (the gateway keeps this one): lean raw-socket publishers by default
 * (bench/device-publishers.ts), mqtt.js ones with BENCH_PUBLISHER=mqttjs. Either counts its CPU from the
 * first message to the last acknowledgement, not its start-up.
 */
function publishInProcess(url: string, topicOf: string, qos: 0 | 1): Promise<Published> {
  // Each path's SenML readings lie on a day of their own in the past: the two paths' readings never share a time.
  const senml = SENML ? { records: SENML, startMs: Date.now() - (qos + 1) * 86_400_000 } : undefined;
  const job: PublishJob = { url, topicOf, qos, readings: READINGS, devices: DEVICES, publishers: PUBLISHERS, clientId: `${prefix}-pub-${qos}`, window: PUBLISH_WINDOW, senml };
  const args = PUBLISHER === 'mqttjs' ? ['-e', MQTTJS_PUBLISHERS, JSON.stringify(job)] : ['--import', 'tsx', path.join(repoRoot, 'bench/device-publishers.ts'), JSON.stringify(job)];
  const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] });
  let printed = '';
  child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  return new Promise((resolve, reject) => child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(printed) as Published) : reject(new Error(`publisher exited with ${code}`)))));
}

/** An air monitor's Homie description (the parts the gateway reads). */
const MONITOR: HomieDescription = {
  homie: '5.0',
  version: 1,
  name: 'Air monitor',
  type: 'air_monitor',
  nodes: {
    air: {
      type: 'atrium.air',
      properties: { temperature: { datatype: 'float', unit: '°C' }, humidity: { datatype: 'float', unit: '%' }, co2: { datatype: 'integer', unit: 'ppm' }, pm25: { datatype: 'float', unit: 'µg/m³' } },
    },
    system: { type: 'atrium.system', properties: { ip: { datatype: 'string' } } },
  },
};

const dataDir = mkdtempSync(path.join(tmpdir(), 'atrium-ingest-'));
const broker = process.env.MQTT_URL ? { url: process.env.MQTT_URL, limits: 'as configured', pid: undefined, stop: () => undefined } : await startBroker(dataDir);
const db = openDatabase(process.env.BENCH_DATABASE_URL ?? `sqlite:${path.join(dataDir, 'ingest.db')}`);
try {
  await migrateToLatest(db);
  if (SENML && PUBLISHER !== 'raw') throw new Error('BENCH_SENML needs the raw publishers');
  console.log(`device readings ingested on ${db.dialect}, ${READINGS} readings over ${DEVICES} devices${SENML ? ` in SenML packs of ${SENML} (${Math.ceil(READINGS / SENML)} messages)` : ', one Homie value per message'}, ${PUBLISHERS} ${PUBLISHER} publishers, window ${ACK_WINDOW ?? 'default'}, batch ${MAX_BATCH ?? 'default'},${JUDGE_AIR ? ' air judged per batch,' : ''} node ${process.version}`);
  console.log(`broker ${broker.url} (${broker.limits})`);
  console.log('| path | readings stored | lost | seconds | readings/s | × recorder alone | CPU µs/reading: gateway + database | broker | publishers |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  const devices = createSmartDeviceRepository(db.kysely);
  const locationRepository = createLocationRepository(db.kysely);
  const air = createAirService({ db: db.kysely, clock: systemClock, locations: async (companyId) => indexLocations(await locationRepository.listLocations(companyId)) });
  const company = await db.kysely.insertInto('companies').values({ name: 'Ingest Co', domain: `ingest-${prefix}`, logo: null, created_at: Date.now(), updated_at: Date.now() }).returning('id').executeTakeFirstOrThrow();
  const refs: SmartDeviceRef[] = [];
  for (let i = 0; i < DEVICES; i++) {
    const homieId = `air-${i}`;
    const id = await devices.createSmartDevice({ companyId: company.id, name: homieId, kind: 'air_monitor', homieId, now: Date.now() });
    refs.push({ id, companyId: company.id, homieId, kind: 'air_monitor', description: MONITOR });
  }
  // Each device has declared itself, as the simulator's do: its values are read against its description.
  await devices.recordBatch(
    refs.map((ref) => ({ companyId: ref.companyId, deviceId: ref.id, description: MONITOR, properties: new Map(), lastSeenAt: Date.now() })),
    [],
  );
  let bare = 0;
  const perReading = (seconds: number, stored: number) => (Number.isNaN(seconds) ? '–' : ((seconds * 1e6) / stored).toFixed(1));
  const report = (name: string, stored: number, ms: number, cpu: { gateway: number; broker: number; publishers: number }) => {
    const rate = stored / (ms / 1000);
    bare ||= rate;
    const cpus = `${perReading(cpu.gateway, stored)} | ${perReading(cpu.broker, stored)} | ${perReading(cpu.publishers, stored)}`;
    console.log(`| ${name} | ${stored} | ${READINGS - stored} | ${(ms / 1000).toFixed(2)} | ${Math.round(rate)} | ${(rate / bare).toFixed(2)} | ${cpus} |`);
  };
  const ownCpu = () => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1e6;
  };

  // The recorder alone: what one process writes with batches of 5,000.
  {
    const recorder = createSmartDeviceRecorder({ devices, clock: systemClock });
    const cpuBefore = ownCpu();
    const started = performance.now();
    const waits: Promise<void>[] = [];
    for (let n = 0; n < READINGS; n++) {
      const ref = refs[n % DEVICES]!;
      waits.push(recorder.record(ref, [{ type: 'value', node: 'air', property: 'co2', value: String(400 + (n % 500)), at: 1_800_000_000_000 + n }]));
    }
    await recorder.flush();
    await Promise.all(waits);
    report('recorder alone (no broker)', recorder.counters.readings, performance.now() - started, { gateway: ownCpu() - cpuBefore, broker: Number.NaN, publishers: Number.NaN });
  }

  for (const qos of QOS) {
    let judged = 0;
    const judge = async (readings: DeviceReading[]) => {
      await judgeAirReadings({ air, devices }, readings);
      judged += readings.length;
    };
    const gateway = createSmartDeviceGateway({
      url: broker.url,
      clientId: `${prefix}-gateway-${qos}`,
      prefix: `${prefix}-${qos}`,
      devices,
      clock: systemClock,
      log: console,
      ackWindow: ACK_WINDOW,
      batch: { maxBatch: MAX_BATCH },
      onCommitted: JUDGE_AIR ? judge : undefined,
    });
    await gateway.start();
    const cpuBefore = { gateway: ownCpu(), broker: cpuSecondsOf(broker.pid) };
    const started = performance.now();
    let publishedIn = 0;
    const topicOf = SENML ? `${prefix}-${qos}/${company.id}/senml/air-{device}` : `${prefix}-${qos}/${company.id}/homie/5/air-{device}/air/temperature`;
    const publishing = publishInProcess(broker.url, topicOf, qos).then((published) => ((publishedIn = published.seconds), published));
    let stored = 0;
    let lastProgress = performance.now();
    let finished = started;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      const now = JUDGE_AIR ? Math.min(judged, gateway.recorder.counters.readings) : gateway.recorder.counters.readings;
      if (now !== stored) {
        stored = now;
        finished = lastProgress = performance.now();
      }
      if (stored >= READINGS || (publishedIn > 0 && performance.now() - lastProgress > STALL_MS)) break;
    }
    const cpu = { gateway: ownCpu() - cpuBefore.gateway, broker: cpuSecondsOf(broker.pid) - cpuBefore.broker, publishers: (await publishing).cpuSeconds };
    const published = await publishing;
    report(`MQTT QoS ${qos} (published in ${publishedIn.toFixed(2)} s${published.window ? `, ${published.window} in flight per publisher` : ''}; ${gateway.recorder.counters.batches} batches)`, stored, finished - started, cpu);
    await gateway.close();
    const sweeper = await mqtt.connectAsync(broker.url, { clientId: `${prefix}-gateway-${qos}`, protocolVersion: 5, clean: true });
    await sweeper.endAsync();
  }
} finally {
  await db.destroy();
  broker.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
