import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrations/index.js';
import { ROLLUP_GRAINS, createSmartDeviceRepository, type RollupGrain } from '../apps/server/src/modules/smart-device/smart-device.repository.js';

// A sensor's chart over a year of one-minute readings (issue 22: 500 sensors, under 200 ms) read from
// the rollups. The rollups are generated directly, not from raw readings (a year of one-minute
// readings for 500 sensors is 263 million rows): hour and day rollups for the whole year, minute
// rollups for the last BENCH_MINUTE_DAYS days (2 unless set), written in time order across the sensors
// as the gateway writes them. A year of minute rollups would make the table about 30 times larger; each
// chart reads one range of the rollups' primary key (device, metric, grain, bucket), and on SQLite the
// table is stored in that order (WITHOUT ROWID, migration 0068), so the read grows with the rows answered
// and the depth of the B-tree, not the table's size.
// Timed: hour and day grains over a year, minute over a day, for random sensors, as p50/p95 of
// BENCH_QUERIES (200) each, beside a bare `select 1` through the same stack.
// Run with `npm run device-chart -w bench` (a fresh SQLite file; BENCH_DATABASE_URL=postgres://… for an
// empty PostgreSQL database; BENCH_SENSORS=500).

const SENSORS = Number(process.env.BENCH_SENSORS ?? 500);
const MINUTE_DAYS = Number(process.env.BENCH_MINUTE_DAYS ?? 2);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 200);
const METRIC = 'air.co2';
const YEAR_END = Date.UTC(2026, 10, 30);
const YEAR_START = YEAR_END - 365 * ROLLUP_GRAINS.day;
const CHUNK = 10_000;

const dataDir = mkdtempSync(path.join(tmpdir(), 'atrium-chart-'));
const db = openDatabase(process.env.BENCH_DATABASE_URL ?? `sqlite:${path.join(dataDir, 'chart.db')}`);
try {
  await migrateToLatest(db);
  const devices = createSmartDeviceRepository(db.kysely);
  const company = await db.kysely.insertInto('companies').values({ name: 'Chart Co', domain: `chart-${process.pid}`, logo: null, created_at: Date.now(), updated_at: Date.now() }).returning('id').executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (let i = 0; i < SENSORS; i++) ids.push(await devices.createSmartDevice({ companyId: company.id, name: `co2-${i}`, kind: 'air_monitor', homieId: `co2-${i}`, now: Date.now() }));

  // A believable CO2 curve: a daily swing and some noise; count, sum, min and max of the minutes in each bucket.
  // Rows are written in time order across the sensors, as the gateway writes them (each batch adds the current
  // buckets of every device), so one sensor's buckets lie scattered through the table, not side by side.
  const fillStarted = performance.now();
  let rows = 0;
  let pending: unknown[][] = [];
  const write = async () => {
    const json = JSON.stringify(pending);
    rows += pending.length;
    pending = [];
    const source =
      db.dialect === 'sqlite'
        ? sql`select r.value ->> 0, r.value ->> 1, r.value ->> 2, r.value ->> 3, r.value ->> 4, r.value ->> 5, r.value ->> 6, r.value ->> 7 from json_each(${json}) r`
        : sql`select (r ->> 0)::integer, r ->> 1, r ->> 2, (r ->> 3)::bigint, (r ->> 4)::integer, (r ->> 5)::double precision, (r ->> 6)::double precision, (r ->> 7)::double precision from jsonb_array_elements(${json}::jsonb) r`;
    await sql`insert into device_reading_rollups (device_id, metric, grain, bucket, count, sum, min, max) ${source}`.execute(db.kysely);
  };
  const add = async (id: number, grain: RollupGrain, bucket: number) => {
    const minutes = ROLLUP_GRAINS[grain] / ROLLUP_GRAINS.minute;
    const hour = new Date(bucket).getUTCHours();
    const mean = 450 + 300 * Math.max(0, Math.sin(((hour - 8) / 10) * Math.PI)) + (id % 7) * 5;
    pending.push([id, METRIC, grain, bucket, minutes, mean * minutes, mean - 40, mean + 60]);
    if (pending.length >= CHUNK) await write();
  };
  const minutesFrom = YEAR_END - MINUTE_DAYS * ROLLUP_GRAINS.day;
  for (let hour = YEAR_START; hour < YEAR_END; hour += ROLLUP_GRAINS.hour) {
    for (const id of ids) {
      if (hour % ROLLUP_GRAINS.day === 0) await add(id, 'day', hour);
      await add(id, 'hour', hour);
      if (hour >= minutesFrom) for (let minute = hour; minute < hour + ROLLUP_GRAINS.hour; minute += ROLLUP_GRAINS.minute) await add(id, 'minute', minute);
    }
  }
  if (pending.length > 0) await write();
  console.log(`device charts from rollups on ${db.dialect}, ${SENSORS} sensors, ${rows} rollup rows (day and hour for a year, minute for ${MINUTE_DAYS} days) written in ${((performance.now() - fillStarted) / 1000).toFixed(0)} s, node ${process.version}`);

  const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  const time = async (name: string, run: (id: number) => Promise<number>) => {
    const times: number[] = [];
    let answered = 0;
    for (let n = 0; n < QUERIES; n++) {
      const id = ids[Math.floor(Math.random() * ids.length)]!;
      const started = performance.now();
      answered = await run(id);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`| ${name} | ${answered} | ${percentile(times, 50).toFixed(2)} | ${percentile(times, 95).toFixed(2)} |`);
  };
  console.log('| chart of one sensor | points | p50 ms | p95 ms |');
  console.log('| --- | ---: | ---: | ---: |');
  await time('bare `select 1` (same stack)', async () => (await sql`select 1 as one`.execute(db.kysely)).rows.length);
  await time('a year by day', async (id) => (await devices.listRollups(id, METRIC, 'day', { from: YEAR_START, to: YEAR_END })).length);
  await time('a year by hour', async (id) => (await devices.listRollups(id, METRIC, 'hour', { from: YEAR_START, to: YEAR_END })).length);
  await time('a day by minute', async (id) => (await devices.listRollups(id, METRIC, 'minute', { from: YEAR_END - ROLLUP_GRAINS.day, to: YEAR_END })).length);
  const plan = db.dialect === 'sqlite'
    ? (await sql<{ detail: string }>`explain query plan select bucket, count, sum, min, max from device_reading_rollups where device_id = ${ids[0]} and metric = ${METRIC} and grain = 'hour' and bucket >= ${YEAR_START} and bucket < ${YEAR_END} order by bucket`.execute(db.kysely)).rows.map((row) => row.detail).join('; ')
    : '(see EXPLAIN on PostgreSQL)';
  console.log(`plan: ${plan}`);
} finally {
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}
