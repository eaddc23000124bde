import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import pg from 'pg';
import { call, engine, seconds, seededDatabaseUrl, UNCOMPRESSED, withBenchServer, type BenchRun } from './support.js';

// The room board (issue 18): GET /api/live/rooms, every room's state now with its current, next
// and today's meetings. Measured on a throwaway database for the demo company (40 rooms, its
// seeded week of meetings) and again after 500 more rooms in one building with a working day of
// meetings each (participants too, every privacy), next to a bare route in the same run.
// "Server time" is read as the server answers one request at a time: requests go one after the
// other, the bare route and the board interleaved in rounds so both meet the same moments of a
// noisy machine, and each target's p50/p95 is printed beside the bare route's. A flat-out phase
// then gives requests/s as a ratio to the bare route's. Targets: p50 at most 1.5 ms (40 rooms) and
// 10 ms (500 rooms) of server time.
// Run with `npm run build && npm run board -w bench` (BENCH_DB=postgres for PostgreSQL).
// BENCH_ANALYZE=0 leaves the bulk-loaded rows unanalysed (as the database was before issue 18).

const ROOMS = Number(process.env.BENCH_ROOMS ?? 500);
const FLOORS = 10;
const ZONE = 'Europe/London';
const DAY = 86_400_000;
const MINUTE = 60_000;
/** Days of meetings around today: two weeks of history, one ahead. */
const DAYS_BACK = 14;
const DAYS_AHEAD = 7;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const PER_ROUND = Number(process.env.BENCH_PER_ROUND ?? 25);
const isAnalysed = process.env.BENCH_ANALYZE !== '0';

/** Mulberry32: the same "random" office every run. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

async function addLocation(run: BenchRun, body: Record<string, unknown>): Promise<number> {
  const answer = await call<{ id: number }>(run.baseURL, '/location/addLocation', body, run.token);
  if (answer.returncode !== 200) throw new Error(`addLocation: ${answer.message}`);
  return answer.result.id;
}

/** 500 rooms in one London building, made through the API as an administrator would; every third with check-in. */
async function buildRooms(run: BenchRun): Promise<{ buildingId: number; roomIds: number[] }> {
  const country = await addLocation(run, { level: 1, locationName: 'Board country' });
  const city = await addLocation(run, { parentId: country, level: 2, locationName: 'Board city' });
  const buildingId = await addLocation(run, { parentId: city, level: 5, locationName: 'Board tower', timeZone: ZONE });
  const roomIds: number[] = [];
  for (let floor = 0; floor < FLOORS; floor++) {
    const floorId = await addLocation(run, { parentId: buildingId, level: 6, locationName: `Floor ${floor + 1}` });
    for (let i = 0; i < ROOMS / FLOORS; i++) {
      const n = roomIds.length;
      const answer = await call<{ id: number }>(
        run.baseURL,
        '/location/addMeetingRoom',
        { floorId, name: `Board room ${floor + 1}.${String(i + 1).padStart(2, '0')}`, capacity: [4, 6, 8, 12, 20][n % 5], signInEnabled: n % 3 === 0 },
        run.token,
      );
      if (answer.returncode !== 200) throw new Error(`addMeetingRoom: ${answer.message}`);
      roomIds.push(answer.result.id);
    }
  }
  return { buildingId, roomIds };
}

interface Meeting {
  roomId: number;
  hostId: number;
  title: string;
  startAt: number;
  endAt: number;
  status: 'confirmed' | 'pending' | 'cancelled';
  privacy: 'public' | 'busy' | 'private';
  checkedInAt: number | null;
  participants: Array<{ userId: number | null; email: string | null }>;
}

/**
 * A working day in every room, every day from two weeks back to a week ahead: meetings of 30 to
 * 120 minutes between 08:00 and 18:00 (London is on UTC in winter; a summer run shifts them by an
 * hour), about four a room a day, two to six colleagues each and now and then a guest; mostly
 * public, some busy or private, a few pending or cancelled; those under way in rooms with check-in
 * mostly checked in.
 */
function* workingDays(roomIds: number[], userIds: number[], now: number): Generator<Meeting> {
  const random = generator(18);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const today = Math.floor(now / DAY);
  for (const [n, roomId] of roomIds.entries()) {
    for (let day = today - DAYS_BACK; day <= today + DAYS_AHEAD; day++) {
      let at = day * DAY + 8 * 60 * MINUTE + Math.floor(random() * 4) * 30 * MINUTE;
      while (at < day * DAY + 18 * 60 * MINUTE) {
        const length = (1 + Math.floor(random() * 4)) * 30 * MINUTE;
        if (random() < 0.7) {
          const hostId = pick(userIds);
          const participants = new Map<number, { userId: number | null; email: string | null }>();
          const count = 2 + Math.floor(random() * 5);
          while (participants.size < count) {
            const userId = pick(userIds);
            if (userId !== hostId) participants.set(userId, { userId, email: null });
          }
          const guests = random() < 0.1 ? [{ userId: null, email: `guest${Math.floor(random() * 50)}@partner.example` }] : [];
          const roll = random();
          const status = roll < 0.03 ? 'pending' : roll < 0.08 ? 'cancelled' : 'confirmed';
          const isUnderWay = at <= now && now < at + length;
          yield {
            roomId,
            hostId,
            title: `${pick(['Design review', 'Sprint planning', 'Customer call', 'Hiring debrief', 'Roadmap sync', 'Budget check'])} ${day}-${n}`,
            startAt: at,
            endAt: at + length,
            status,
            privacy: random() < 0.8 ? 'public' : random() < 0.6 ? 'busy' : 'private',
            checkedInAt: n % 3 === 0 && status === 'confirmed' && at <= now && (isUnderWay ? random() < 0.8 : true) ? at + 2 * MINUTE : null,
            participants: [...participants.values(), ...guests],
          };
        }
        at += length + Math.floor(random() * 3) * 30 * MINUTE;
      }
    }
  }
}

const COLUMNS = ['company_id', 'resource_id', 'host_user_id', 'title', 'start_at', 'end_at', 'status', 'privacy', 'channel', 'checked_in_at', 'created_at', 'updated_at'] as const;
const rowOf = (companyId: number, meeting: Meeting, now: number) =>
  [companyId, meeting.roomId, meeting.hostId, meeting.title, meeting.startAt, meeting.endAt, meeting.status, meeting.privacy, 'console', meeting.checkedInAt, now, now] as const;

/** The meetings and their participants, written straight into the database (the API would take many minutes); then ANALYZE (PostgreSQL: VACUUM ANALYZE). */
async function insertMeetings(run: BenchRun, companyId: number, meetings: Meeting[], now: number): Promise<{ participants: number; ms: number }> {
  const started = Date.now();
  let participants = 0;
  if (engine === 'sqlite') {
    const db = new Database(run.databaseUrl.replace(/^sqlite:/, ''));
    db.pragma('busy_timeout = 10000');
    const insert = db.prepare(`insert into reservations (${COLUMNS.join(', ')}) values (${COLUMNS.map(() => '?').join(', ')})`);
    const attend = db.prepare('insert into reservation_participants (company_id, reservation_id, user_id, email) values (?, ?, ?, ?)');
    db.transaction(() => {
      for (const meeting of meetings) {
        const id = insert.run(...rowOf(companyId, meeting, now)).lastInsertRowid;
        for (const p of meeting.participants) attend.run(companyId, id, p.userId, p.email);
        participants += meeting.participants.length;
      }
    })();
    if (isAnalysed) db.exec('analyze');
    db.close();
  } else {
    const client = new pg.Client({ connectionString: run.databaseUrl });
    await client.connect();
    for (let i = 0; i < meetings.length; i += 1000) {
      const batch = meetings.slice(i, i + 1000);
      const values = batch.map((_, r) => `(${COLUMNS.map((__, c) => `$${r * COLUMNS.length + c + 1}`).join(', ')})`).join(', ');
      const { rows } = await client.query<{ id: number }>(`insert into reservations (${COLUMNS.join(', ')}) values ${values} returning id`, batch.flatMap((meeting) => [...rowOf(companyId, meeting, now)]));
      const attendees = batch.flatMap((meeting, r) => meeting.participants.map((p) => [companyId, rows[r]!.id, p.userId, p.email]));
      for (let j = 0; j < attendees.length; j += 2000) {
        const chunk = attendees.slice(j, j + 2000);
        await client.query(`insert into reservation_participants (company_id, reservation_id, user_id, email) values ${chunk.map((_, r) => `($${r * 4 + 1}, $${r * 4 + 2}, $${r * 4 + 3}, $${r * 4 + 4})`).join(', ')}`, chunk.flat());
      }
      participants += attendees.length;
    }
    // VACUUM too, as after any bulk load: autovacuum would otherwise vacuum and analyse the new rows during the
    // measurement, and every transaction it runs moves the change stamp the board's kept meetings are checked by.
    if (isAnalysed) await client.query('vacuum analyze');
    await client.end();
  }
  return { participants, ms: Date.now() - started };
}

async function companyOf(run: BenchRun): Promise<{ companyId: number; userIds: number[] }> {
  const me = await call<{ id: number }>(run.baseURL, '/user/getCurrentUserInfo', undefined, run.token);
  const read = async (query: string, values: unknown[]) => {
    if (engine === 'sqlite') {
      const db = new Database(run.databaseUrl.replace(/^sqlite:/, ''), { readonly: true });
      const rows = db.prepare(query.replace(/\$\d/g, '?')).all(...values) as Array<Record<string, number>>;
      db.close();
      return rows;
    }
    const client = new pg.Client({ connectionString: run.databaseUrl });
    await client.connect();
    const { rows } = await client.query<Record<string, number>>(query, values);
    await client.end();
    return rows;
  };
  const companyId = (await read('select company_id from users where id = $1', [me.result.id]))[0]!.company_id!;
  const userIds = (await read('select id from users where company_id = $1 and is_active = 1 order by id', [companyId])).map((row) => row.id!);
  return { companyId, userIds };
}

/** The seeded company's building (level 5), its rooms and today's meetings in them. */
async function seededBuilding(run: BenchRun, companyId: number): Promise<{ buildingId: number; rooms: number; today: number }> {
  const client = new pg.Client({ connectionString: run.databaseUrl });
  await client.connect();
  try {
    const building = await client.query<{ id: number }>('select id from locations where company_id = $1 and level = 5 and deleted_at is null order by id limit 1', [companyId]);
    const rooms = await client.query<{ n: string }>('select count(*) as n from rooms where company_id = $1', [companyId]);
    const dayStart = Math.floor(Date.now() / DAY) * DAY;
    const today = await client.query<{ n: string }>(
      'select count(*) as n from reservations r join rooms m on m.id = r.resource_id where r.company_id = $1 and r.start_at >= $2 and r.start_at < $3',
      [companyId, dayStart, dayStart + DAY],
    );
    return { buildingId: building.rows[0]!.id, rooms: Number(rooms.rows[0]!.n), today: Number(today.rows[0]!.n) };
  } finally {
    await client.end();
  }
}

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
}

interface Figures {
  name: string;
  p50Ms: number;
  p95Ms: number;
  bareP50Ms: number;
  bareP95Ms: number;
  requestsPerSecond: number;
  bareRequestsPerSecond: number;
  answerKiB: number;
  rooms: number;
  meetings: number;
}

const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
};

async function timeOne(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url}: HTTP ${response.status}`);
  return performance.now() - started;
}

/**
 * One request at a time, the bare route and the target in alternating rounds (after a warm-up),
 * then each flat out with autocannon for requests/s.
 */
async function measure(run: BenchRun, target: Target): Promise<Figures> {
  // Uncompressed answers in every phase: fetch would ask for gzip by itself (support.ts, UNCOMPRESSED).
  const targetHeaders = { ...UNCOMPRESSED, ...target.headers };
  const check = await fetch(target.url, { headers: targetHeaders });
  const body = (await check.json()) as { returncode: number; message: string; result: { list?: Array<{ today: unknown[] }> } };
  if (body.returncode !== 200) throw new Error(`${target.name}: ${body.message}`);
  for (let i = 0; i < 50; i++) {
    await timeOne(run.bareURL, {});
    await timeOne(target.url, targetHeaders);
  }
  const bare: number[] = [];
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < PER_ROUND; i++) bare.push(await timeOne(run.bareURL, {}));
    for (let i = 0; i < PER_ROUND; i++) times.push(await timeOne(target.url, targetHeaders));
  }
  const flatOut = async (url: string, headers: Record<string, string>) => (await autocannon({ url, headers, connections: 10, duration: seconds })).requests.average;
  const bareRequestsPerSecond = await flatOut(run.bareURL, {});
  const requestsPerSecond = await flatOut(target.url, targetHeaders);
  return {
    name: target.name,
    p50Ms: percentile(times, 0.5),
    p95Ms: percentile(times, 0.95),
    bareP50Ms: percentile(bare, 0.5),
    bareP95Ms: percentile(bare, 0.95),
    requestsPerSecond,
    bareRequestsPerSecond,
    answerKiB: JSON.stringify(body).length / 1024,
    rooms: body.result.list?.length ?? 0,
    meetings: body.result.list?.reduce((sum, room) => sum + room.today.length, 0) ?? 0,
  };
}

function printBoard(results: Figures[], setUp: string) {
  const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);
  console.log(`\nAtrium room board benchmark on ${engine}: ${ROUNDS} x ${PER_ROUND} sequential requests per target interleaved with the bare route, then ${seconds}s flat out with 10 connections, node ${process.version}`);
  console.log(setUp);
  console.log('| target | rooms | today\'s meetings | answer (KiB) | p50 (ms) | p95 (ms) | bare p50 (ms) | bare p95 (ms) | server p50 (ms) | p50 ratio to bare | requests/s | ratio to bare |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of results) {
    console.log(
      `| ${r.name} | ${r.rooms} | ${r.meetings} | ${r.answerKiB.toFixed(0)} | ${ms(r.p50Ms)} | ${ms(r.p95Ms)} | ${ms(r.bareP50Ms)} | ${ms(r.bareP95Ms)} | ${ms(r.p50Ms - r.bareP50Ms)} | ${(r.p50Ms / r.bareP50Ms).toFixed(1)} | ${r.requestsPerSecond.toFixed(0)} | ${(r.requestsPerSecond / r.bareRequestsPerSecond).toFixed(3)} |`,
    );
  }
  console.log('server p50: the board\'s p50 less the bare route\'s (the HTTP round trip both pay).');
}

await withBenchServer(async (run) => {
  const headers = { token: run.token };
  const results: Figures[] = [];
  // The stack's own cost of a signed-in read (session, headers, envelope), for reading the board's share.
  results.push(await measure(run, { name: 'GET /api/user/getCurrentUserInfo (reference)', url: `${run.baseURL}/api/user/getCurrentUserInfo`, headers }));
  const { companyId, userIds } = await companyOf(run);
  let buildingId: number;
  let setUp: string;
  if (seededDatabaseUrl) {
    // A seeded company (npm run seed:scale): its one building of rooms with their seeded meetings, as they are.
    const seeded = await seededBuilding(run, companyId);
    buildingId = seeded.buildingId;
    setUp = `set-up: the seeded database, company ${companyId}: ${seeded.rooms} rooms in one building, ${seeded.today} meetings today`;
  } else {
    results.push(await measure(run, { name: 'GET /api/live/rooms (demo company)', url: `${run.baseURL}/api/live/rooms`, headers }));
    const built = await buildRooms(run);
    buildingId = built.buildingId;
    const now = Date.now();
    const meetings = [...workingDays(built.roomIds, userIds, now)];
    const loaded = await insertMeetings(run, companyId, meetings, now);
    setUp = `set-up: ${built.roomIds.length} rooms through the API; ${meetings.length} meetings and ${loaded.participants} participants inserted in ${(loaded.ms / 1000).toFixed(1)} s${isAnalysed ? ', then ANALYZE' : ', not analysed'}`;
  }
  results.push(await measure(run, { name: `GET /api/live/rooms?locationId= (the ${ROOMS}-room building)`, url: `${run.baseURL}/api/live/rooms?locationId=${buildingId}`, headers }));
  results.push(await measure(run, { name: 'GET /api/live/rooms (the whole company)', url: `${run.baseURL}/api/live/rooms`, headers }));
  printBoard(results, setUp);
  console.log(`server resident memory after the run: ${run.serverRssMiB().toFixed(0)} MiB`);
});
