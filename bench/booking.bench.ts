import Database from 'better-sqlite3';
import pg from 'pg';
import { call, drive, engine, printTable, seededDatabaseUrl, withBenchServer, type BenchRun } from './support.js';

// Booking at scale (issue 5): one company with 500 rooms and 200,000 reservations from seven
// months back to six months ahead. Measures, in one run next to a bare route: booking a room
// (POST /api/meeting/reservation, each request a new free slot, so every answer is a real
// insert through the overlap guard) and finding the rooms free for an hour
// (GET /api/meeting/available-rooms), each flat out and then at a steady rate for the latency
// percentiles (see `drive`). Target: finding a free room under 50 ms at p95.
// Run with `npm run build && npx tsx bench/booking.bench.ts` (BENCH_DB=postgres for PostgreSQL).

const ROOMS = Number(process.env.BENCH_ROOMS ?? 500);
const RESERVATIONS = Number(process.env.BENCH_RESERVATIONS ?? 200_000);
const FLOORS = 10;
const DAY = 86_400_000;
const HOUR = 3_600_000;
const ZONE = 'Europe/London';

interface Ids {
  companyId: number;
  hostId: number;
  roomIds: number[];
}

async function addLocation(run: BenchRun, body: Record<string, unknown>): Promise<number> {
  const answer = await call<{ id: number }>(run.baseURL, '/location/addLocation', body, run.token);
  if (answer.returncode !== 200) throw new Error(`addLocation: ${answer.message}`);
  return answer.result.id;
}

/** 500 rooms in one building, made through the API as an administrator would. */
async function buildRooms(run: BenchRun): Promise<number[]> {
  const country = await addLocation(run, { level: 1, locationName: 'Bench country' });
  const city = await addLocation(run, { parentId: country, level: 2, locationName: 'Bench city' });
  const building = await addLocation(run, { parentId: city, level: 5, locationName: 'Bench tower', timeZone: ZONE });
  const roomIds: number[] = [];
  const equipment = [[], ['projector'], ['whiteboard'], ['projector', 'whiteboard'], ['videoConference']];
  for (let floor = 0; floor < FLOORS; floor++) {
    const floorId = await addLocation(run, { parentId: building, level: 6, locationName: `Floor ${floor + 1}` });
    for (let i = 0; i < ROOMS / FLOORS; i++) {
      const n = roomIds.length;
      const answer = await call<{ id: number }>(
        run.baseURL,
        '/location/addMeetingRoom',
        { floorId, name: `Room ${floor + 1}.${String(i + 1).padStart(2, '0')}`, capacity: [4, 6, 8, 12, 20, 40][n % 6], equipment: equipment[n % equipment.length] },
        run.token,
      );
      if (answer.returncode !== 200) throw new Error(`addMeetingRoom: ${answer.message}`);
      roomIds.push(answer.result.id);
    }
  }
  return roomIds;
}

/**
 * The reservations, written straight into the database (the API would take many minutes for
 * 200,000): per room one meeting a day, 30 to 120 minutes between 08:00 and 18:00 UTC, from
 * seven months back to six months ahead; never at 19:00, where the booking phase books.
 */
function* reservations(ids: Ids, now: number) {
  const perRoom = Math.ceil(RESERVATIONS / ids.roomIds.length);
  const firstDay = Math.floor(now / DAY) - Math.floor(perRoom * 0.55);
  let made = 0;
  for (const [index, roomId] of ids.roomIds.entries()) {
    for (let d = 0; d < perRoom && made < RESERVATIONS; d++, made++) {
      const start = (firstDay + d) * DAY + (8 + ((index * 7 + d * 3) % 10)) * HOUR;
      const length = 30 + ((index + d) % 4) * 30;
      const status = start < now ? 'confirmed' : (index + d) % 17 === 0 ? 'cancelled' : 'confirmed';
      yield [ids.companyId, roomId, ids.hostId, `Bench meeting ${made}`, start, start + length * 60_000, status, 'public', 'console', now, now] as const;
    }
  }
}

const COLUMNS = ['company_id', 'resource_id', 'host_user_id', 'title', 'start_at', 'end_at', 'status', 'privacy', 'channel', 'created_at', 'updated_at'];

async function insertReservations(run: BenchRun, ids: Ids, now: number): Promise<number> {
  const started = Date.now();
  if (engine === 'sqlite') {
    const db = new Database(run.databaseUrl.replace(/^sqlite:/, ''));
    db.pragma('busy_timeout = 10000');
    const insert = db.prepare(`insert into reservations (${COLUMNS.join(', ')}) values (${COLUMNS.map(() => '?').join(', ')})`);
    db.transaction(() => {
      for (const row of reservations(ids, now)) insert.run(...row);
    })();
    db.exec('analyze');
    db.close();
  } else {
    const client = new pg.Client({ connectionString: run.databaseUrl });
    await client.connect();
    let batch: unknown[][] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const values = batch.map((_, r) => `(${COLUMNS.map((__, c) => `$${r * COLUMNS.length + c + 1}`).join(', ')})`).join(', ');
      await client.query(`insert into reservations (${COLUMNS.join(', ')}) values ${values}`, batch.flat());
      batch = [];
    };
    for (const row of reservations(ids, now)) {
      batch.push([...row]);
      if (batch.length === 1000) await flush();
    }
    await flush();
    await client.query('analyze reservations');
    await client.end();
  }
  return Date.now() - started;
}

async function companyAndHost(run: BenchRun): Promise<{ companyId: number; hostId: number }> {
  const me = await call<{ id: number; companyId?: number; userGroupDto?: unknown }>(run.baseURL, '/user/getCurrentUserInfo', undefined, run.token);
  if (engine === 'sqlite') {
    const db = new Database(run.databaseUrl.replace(/^sqlite:/, ''), { readonly: true });
    const row = db.prepare('select company_id from users where id = ?').get(me.result.id) as { company_id: number };
    db.close();
    return { companyId: row.company_id, hostId: me.result.id };
  }
  const client = new pg.Client({ connectionString: run.databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ company_id: number }>('select company_id from users where id = $1', [me.result.id]);
  await client.end();
  return { companyId: rows[0]!.company_id, hostId: me.result.id };
}

/** On a seeded database (BENCH_DATABASE_URL): the signed-in company's rooms and how many bookings the database holds. */
async function seededRooms(run: BenchRun, companyId: number): Promise<{ roomIds: number[]; companyReservations: number; allReservations: number; earlierRuns: number }> {
  const client = new pg.Client({ connectionString: run.databaseUrl });
  await client.connect();
  try {
    const rooms = await client.query<{ id: number }>('select id from rooms where company_id = $1 order by id', [companyId]);
    const mine = await client.query<{ n: string }>('select count(*) as n from reservations r join rooms m on m.id = r.resource_id where r.company_id = $1', [companyId]);
    const all = await client.query<{ n: string }>('select count(*) as n from reservations');
    // Earlier runs on this database booked 19:00, 19:30, ... (the seed books before 19:00): the next half hour is free.
    const runs = await client.query<{ n: string }>('select count(distinct start_at % $2) as n from reservations where company_id = $1 and start_at % $2 >= $3', [companyId, DAY, 19 * HOUR]);
    return { roomIds: rooms.rows.map((row) => row.id), companyReservations: Number(mine.rows[0]!.n), allReservations: Number(all.rows[0]!.n), earlierRuns: Number(runs.rows[0]!.n) };
  } finally {
    await client.end();
  }
}

await withBenchServer(async (run) => {
  const { companyId, hostId } = await companyAndHost(run);
  const now = Date.now();
  let roomIds: number[];
  let reservationCount = RESERVATIONS;
  /** When the booking phase books (UTC hour): 19:00, or on a seeded database the next half hour no earlier run took. */
  let bookingHour = 19;
  if (seededDatabaseUrl) {
    if (engine !== 'postgres') throw new Error('BENCH_DATABASE_URL: the seeded run is written for PostgreSQL');
    const seeded = await seededRooms(run, companyId);
    roomIds = seeded.roomIds;
    bookingHour += seeded.earlierRuns / 2;
    reservationCount = seeded.companyReservations;
    console.log(`set-up: the seeded database, company ${companyId}: ${roomIds.length} rooms, ${seeded.companyReservations} of its ${seeded.allReservations} bookings`);
  } else {
    roomIds = await buildRooms(run);
    const insertMs = await insertReservations(run, { companyId, hostId, roomIds }, now);
    console.log(`set-up: ${roomIds.length} rooms through the API, ${RESERVATIONS} reservations inserted in ${(insertMs / 1000).toFixed(1)} s`);
  }

  // Booking: each request takes the next free 19:00-19:30 UTC slot (room by room, day by day, from tomorrow).
  let slot = 0;
  const nextBooking = () => {
    const room = roomIds[slot % roomIds.length]!;
    const day = Math.floor(now / DAY) + 1 + Math.floor(slot / roomIds.length);
    slot += 1;
    const startAt = day * DAY + bookingHour * HOUR;
    return JSON.stringify({ roomId: room, title: `Bench booking ${slot}`, startAt, endAt: startAt + 30 * 60_000 });
  };
  // Free rooms: an hour on a working day ahead, a different day each request, so no cache answers.
  let query = 0;
  const nextSearch = () => {
    const day = Math.floor(now / DAY) + 1 + (query++ % 150);
    const startAt = day * DAY + (9 + (query % 8)) * HOUR;
    return `/api/meeting/available-rooms?startAt=${startAt}&endAt=${startAt + HOUR}`;
  };
  const check = await call<unknown>(run.baseURL, nextSearch().replace(/^\/api/, ''), undefined, run.token);
  if (check.returncode !== 200) throw new Error(`available-rooms: ${check.message}`);

  const results = [
    await drive('bare Fastify GET /bare', { url: run.bareURL }),
    await drive(`GET /api/meeting/available-rooms (${roomIds.length} rooms, 1 hour)`, { url: run.baseURL, headers: { token: run.token }, next: () => ({ path: nextSearch() }) }),
    await drive('POST /api/meeting/reservation (a free slot each)', {
      url: `${run.baseURL}/api/meeting/reservation`,
      method: 'POST',
      headers: { token: run.token, 'content-type': 'application/json' },
      next: () => ({ body: nextBooking() }),
    }),
  ];
  printTable(`Atrium booking benchmark (${roomIds.length} rooms, ${reservationCount} reservations in the company)`, results);
  console.log(`server resident memory after the run: ${run.serverRssMiB().toFixed(0)} MiB`);
  if (results.some((r) => r.errors > 0)) process.exitCode = 1;
});
