import Database from 'better-sqlite3';
import pg from 'pg';
import { call, drive, engine, printTable, seededDatabaseUrl, withBenchServer, type BenchRun } from './support.js';

// Reports at scale (issue 6): one company with 200,000 reservations over 500 rooms in two
// buildings (London and Shanghai, so the analysis works with two zones and London's daylight
// saving changes), about thirteen months of history. Measures, in one run next to a bare route:
// the data analysis over the last 30 and the last 180 days, and the first page of the meeting
// records over the last 180 days, each flat out and then at a steady rate for the latency
// percentiles (see `drive`). Target: the analysis under 300 ms at p95.
// Run with `npm run build && npx tsx bench/report.bench.ts` (BENCH_DB=postgres for PostgreSQL).

const ROOMS = Number(process.env.BENCH_ROOMS ?? 500);
const RESERVATIONS = Number(process.env.BENCH_RESERVATIONS ?? 200_000);
const FLOORS = 10;
const DAY = 86_400_000;
const HOUR = 3_600_000;
const ZONES = ['Europe/London', 'Asia/Shanghai'];
const STATUSES = ['confirmed', 'confirmed', 'confirmed', 'confirmed', 'confirmed', 'confirmed', 'released', 'cancelled', 'pending', 'confirmed'];
const CHANNELS = ['console', 'console', 'console', 'console', 'display', 'api'];

async function addLocation(run: BenchRun, body: Record<string, unknown>): Promise<number> {
  const answer = await call<{ id: number }>(run.baseURL, '/location/addLocation', body, run.token);
  if (answer.returncode !== 200) throw new Error(`addLocation: ${answer.message}`);
  return answer.result.id;
}

/** 500 rooms in two buildings (a zone each), made through the API as an administrator would. */
async function buildRooms(run: BenchRun): Promise<number[]> {
  const country = await addLocation(run, { level: 1, locationName: 'Bench country' });
  const city = await addLocation(run, { parentId: country, level: 2, locationName: 'Bench city' });
  const roomIds: number[] = [];
  for (const [b, zone] of ZONES.entries()) {
    const building = await addLocation(run, { parentId: city, level: 5, locationName: `Bench tower ${b + 1}`, timeZone: zone });
    for (let floor = 0; floor < FLOORS / ZONES.length; floor++) {
      const floorId = await addLocation(run, { parentId: building, level: 6, locationName: `Floor ${floor + 1}` });
      for (let i = 0; i < ROOMS / FLOORS; i++) {
        const answer = await call<{ id: number }>(run.baseURL, '/location/addMeetingRoom', { floorId, name: `Room ${b + 1}.${floor + 1}.${String(i + 1).padStart(2, '0')}`, capacity: [4, 6, 8, 12, 20][i % 5] }, run.token);
        if (answer.returncode !== 200) throw new Error(`addMeetingRoom: ${answer.message}`);
        roomIds.push(answer.result.id);
      }
    }
  }
  return roomIds;
}

/**
 * The reservations, written straight into the database: per room about one meeting a day over the
 * last thirteen months, 15 minutes to 4 hours between 07:00 and 19:00 UTC, every status the
 * analysis counts (and some it does not), four channels, one in eight in a repeating series.
 */
function* reservations(companyId: number, hostId: number, roomIds: number[], seriesIds: number[], now: number) {
  const perRoom = Math.ceil(RESERVATIONS / roomIds.length);
  const firstDay = Math.floor(now / DAY) - perRoom;
  let made = 0;
  for (const [index, roomId] of roomIds.entries()) {
    for (let d = 0; d < perRoom && made < RESERVATIONS; d++, made++) {
      const k = index * 31 + d * 7;
      const start = (firstDay + d) * DAY + (7 + (k % 12)) * HOUR + ((k % 4) * 15) * 60_000;
      const length = [15, 30, 45, 60, 90, 120, 240][(index + d) % 7]! * 60_000;
      const status = STATUSES[k % STATUSES.length]!;
      const series = (index + d) % 8 === 0 ? seriesIds[index % seriesIds.length]! : null;
      const checkedIn = status === 'confirmed' && k % 3 === 0 ? start + 120_000 : null;
      yield [companyId, roomId, hostId, `Bench meeting ${made}`, start, start + length, status, k % 5 === 0 ? 'private' : 'public', CHANNELS[k % CHANNELS.length]!, series, checkedIn, now, now] as const;
    }
  }
}

const COLUMNS = ['company_id', 'resource_id', 'host_user_id', 'title', 'start_at', 'end_at', 'status', 'privacy', 'channel', 'series_id', 'checked_in_at', 'created_at', 'updated_at'];

/** A statement runner on the bench database, for either engine. */
async function openBenchDatabase(run: BenchRun): Promise<{ exec: (text: string, values?: unknown[]) => Promise<Array<Record<string, unknown>>>; close: () => Promise<void> }> {
  if (engine === 'sqlite') {
    const db = new Database(run.databaseUrl.replace(/^sqlite:/, ''));
    db.pragma('busy_timeout = 10000');
    return {
      exec: async (text, values = []) => {
        const statement = db.prepare(text.replace(/\$\d+/g, '?'));
        return statement.reader ? (statement.all(...values) as Array<Record<string, unknown>>) : (statement.run(...values), []);
      },
      close: async () => void db.close(),
    };
  }
  const client = new pg.Client({ connectionString: run.databaseUrl });
  await client.connect();
  return { exec: async (text, values = []) => (await client.query(text, values)).rows, close: () => client.end() };
}

/** The bench's own rooms and 200,000 reservations, written straight into the database. */
async function loadHistory(run: BenchRun, me: { id: number }): Promise<number> {
  const roomIds = await buildRooms(run);
  const db = await openBenchDatabase(run);
  const [user] = await db.exec('select company_id from users where id = $1', [me.id]);
  const companyId = Number(user!.company_id);
  const now = Date.now();
  // The rooms date from before the history, so their bookable hours count.
  await db.exec('update rooms set created_at = $1 where company_id = $2', [now - 400 * DAY, companyId]);
  const seriesIds: number[] = [];
  for (let i = 0; i < 20; i++) {
    const [row] = await db.exec(
      `insert into reservation_series (company_id, resource_id, host_user_id, rule, first_date, start_time, end_time, time_zone, created_at, updated_at) values ($1, $2, $3, '{"frequency":"weekly"}', '2025-10-01', '09:00', '10:00', 'Europe/London', $4, $5) returning id`,
      [companyId, roomIds[i]!, me.id, now, now],
    );
    seriesIds.push(Number(row!.id));
  }
  const started = Date.now();
  if (engine === 'sqlite') await db.exec('begin');
  let batch: unknown[][] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const values = batch.map((_, r) => `(${COLUMNS.map((__, c) => `$${r * COLUMNS.length + c + 1}`).join(', ')})`).join(', ');
    await db.exec(`insert into reservations (${COLUMNS.join(', ')}) values ${values}`, batch.flat());
    batch = [];
  };
  for (const row of reservations(companyId, me.id, roomIds, seriesIds, now)) {
    batch.push([...row]);
    if (batch.length === 500) await flush();
  }
  await flush();
  if (engine === 'sqlite') await db.exec('commit');
  await db.exec(engine === 'sqlite' ? 'analyze' : 'analyze reservations');
  await db.close();
  console.log(`set-up: ${roomIds.length} rooms through the API, ${RESERVATIONS} reservations inserted in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return roomIds.length;
}

/** On a seeded database (BENCH_DATABASE_URL, npm run seed:scale): the signed-in company's rooms and bookings as they are. */
async function seededHistory(run: BenchRun, me: { id: number }): Promise<number> {
  const db = await openBenchDatabase(run);
  const [user] = await db.exec('select company_id from users where id = $1', [me.id]);
  const companyId = Number(user!.company_id);
  const [rooms] = await db.exec('select count(*) as n from rooms where company_id = $1', [companyId]);
  const [mine] = await db.exec('select count(*) as n from reservations r join rooms m on m.id = r.resource_id where r.company_id = $1', [companyId]);
  const [all] = await db.exec('select count(*) as n from reservations', []);
  await db.close();
  console.log(`set-up: the seeded database, company ${companyId}: ${Number(rooms!.n)} rooms, ${Number(mine!.n)} of its ${Number(all!.n)} bookings`);
  return Number(rooms!.n);
}

await withBenchServer(async (run) => {
  const me = await call<{ id: number }>(run.baseURL, '/user/getCurrentUserInfo', undefined, run.token);
  const roomCount = seededDatabaseUrl ? await seededHistory(run, me.result) : await loadHistory(run, me.result);

  const check = await call<{ overview: { bookings: number; utilisation: number } }>(run.baseURL, '/report/analysis?range=last180', undefined, run.token);
  if (check.returncode !== 200) throw new Error(`analysis: ${check.message}`);
  console.log(`analysis over the last 180 days: ${check.result.overview.bookings} bookings, utilisation ${check.result.overview.utilisation}`);
  const headers = { token: run.token };
  const results = [
    await drive('bare Fastify GET /bare', { url: run.bareURL }),
    await drive('GET /api/report/analysis?range=last30', { url: `${run.baseURL}/api/report/analysis?range=last30`, headers }),
    await drive('GET /api/report/analysis?range=last180', { url: `${run.baseURL}/api/report/analysis?range=last180`, headers }),
    await drive('GET /api/report/list?range=last180 (first page)', { url: `${run.baseURL}/api/report/list?range=last180`, headers }),
  ];
  printTable(`Atrium report benchmark (${roomCount} rooms${seededDatabaseUrl ? ', seeded database' : `, ${RESERVATIONS} reservations`})`, results);
  console.log(`server resident memory after the run: ${run.serverRssMiB().toFixed(0)} MiB`);
  if (results.some((r) => r.errors > 0)) process.exitCode = 1;
});
