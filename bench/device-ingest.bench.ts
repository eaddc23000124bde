import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrations/index.js';
import { systemClock } from '../apps/server/src/platform/clock.js';
import { createSmartDeviceGateway } from '../apps/server/src/modules/smart-device/smart-device-gateway.js';
import { createSmartDeviceRecorder } from '../apps/server/src/modules/smart-device/smart-device-recorder.js';
import { createSmartDeviceRepository, type SmartDeviceRef } from '../apps/server/src/modules/smart-device/smart-device.repository.js';

// Device readings ingested end to end (issue 22, target 50,000 readings/s into SQLite): devices
// publish Homie values to the local Mosquitto, the gateway batches them into the database with
// their minute/hour/day rollups; the clock is the time until the last reading is committed.
// Three figures: the recorder alone (the database's ceiling, no broker), MQTT with QoS 1 (each
// message acknowledged after its commit; Mosquitto lets 20 be in flight), MQTT with QoS 0.
// Run with `npx tsx bench/device-ingest.bench.ts` (a fresh SQLite file; BENCH_DATABASE_URL=postgres://…
// for an empty PostgreSQL database; BENCH_READINGS=100000, BENCH_DEVICES=500, MQTT_URL=mqtt://127.0.0.1:1883).

const READINGS = Number(process.env.BENCH_READINGS ?? 100_000);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 500);
const BROKER = process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const prefix = `atrium-bench-${randomBytes(4).toString('hex')}`;

const dataDir = mkdtempSync(path.join(tmpdir(), 'atrium-ingest-'));
const db = openDatabase(process.env.BENCH_DATABASE_URL ?? `sqlite:${path.join(dataDir, 'ingest.db')}`);
const t = { db, clock: systemClock };
try {
  await migrateToLatest(db);
  console.log(`device readings ingested on ${db.dialect}, ${READINGS} readings over ${DEVICES} devices, node ${process.version}`);
  console.log('| path | readings stored | seconds | readings/s |');
  console.log('| --- | ---: | ---: | ---: |');
  const devices = createSmartDeviceRepository(t.db.kysely);
  const company = await db.kysely.insertInto('companies').values({ name: 'Ingest Co', domain: `ingest-${prefix}`, logo: null, created_at: Date.now(), updated_at: Date.now() }).returning('id').executeTakeFirstOrThrow();
  const refs: SmartDeviceRef[] = [];
  for (let i = 0; i < DEVICES; i++) {
    const homieId = `air-${i}`;
    const id = await devices.createSmartDevice({ companyId: company.id, name: homieId, kind: 'air_monitor', homieId, now: t.clock.now() });
    refs.push({ id, companyId: company.id, homieId, kind: 'air_monitor', description: null });
  }
  const count = async () => Number((await t.db.kysely.selectFrom('device_readings').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const report = (name: string, readings: number, ms: number) => console.log(`| ${name} | ${readings} | ${(ms / 1000).toFixed(2)} | ${Math.round(readings / (ms / 1000))} |`);

  // The recorder alone: what one process writes with batches of 5,000.
  {
    const recorder = createSmartDeviceRecorder({ devices, clock: t.clock });
    const started = performance.now();
    const waits: Promise<void>[] = [];
    for (let n = 0; n < READINGS; n++) {
      const ref = refs[n % DEVICES]!;
      waits.push(recorder.record(ref, [{ type: 'value', node: 'air', property: 'co2', value: String(400 + (n % 500)), at: 1_800_000_000_000 + n }]));
    }
    await recorder.flush();
    await Promise.all(waits);
    report('recorder alone (no broker)', READINGS, performance.now() - started);
  }

  for (const qos of [0, 1] as const) {
    const before = await count();
    const gateway = createSmartDeviceGateway({ url: BROKER, clientId: `${prefix}-gateway-${qos}`, prefix: `${prefix}-${qos}`, devices, clock: t.clock, log: console });
    await gateway.start();
    const publishers = await Promise.all(Array.from({ length: 4 }, (_, i) => mqtt.connectAsync(BROKER, { clientId: `${prefix}-pub-${qos}-${i}`, protocolVersion: 5 })));
    const started = performance.now();
    const sends: Promise<unknown>[] = [];
    for (let n = 0; n < READINGS; n++) {
      const publisher = publishers[n % publishers.length]!;
      sends.push(publisher.publishAsync(`${prefix}-${qos}/${company.id}/homie/5/air-${n % DEVICES}/air/temperature`, String(20 + (n % 50) / 10), { qos }));
      if (sends.length >= 2_000) await Promise.all(sends.splice(0));
    }
    await Promise.all(sends);
    const published = performance.now() - started;
    let stored = 0;
    const deadline = Date.now() + Number(process.env.BENCH_WAIT_MS ?? 120_000);
    while ((stored = (await count()) - before) < READINGS && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const elapsed = performance.now() - started;
    report(`MQTT QoS ${qos}, ${publishers.length} publishers (published in ${(published / 1000).toFixed(2)} s)`, stored, elapsed);
    for (const publisher of publishers) await publisher.endAsync();
    await gateway.close();
    const sweeper = await mqtt.connectAsync(BROKER, { clientId: `${prefix}-gateway-${qos}`, protocolVersion: 5, clean: true });
    await sweeper.endAsync();
  }
} finally {
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}
