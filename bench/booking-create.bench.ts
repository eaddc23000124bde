import Database from 'better-sqlite3';
import pg from 'pg';
import { call, drive, engine, printTable, UNCOMPRESSED, withBenchServer, type BenchRun } from './support.js';

// Booking a meeting (issue 18): POST /api/meeting/reservation with a colleague and an outside
// guest, on the demo company plus ten rooms of its own (no 200,000-row set-up: see
// booking.bench.ts for booking at scale). Prints, next to the bare route of the same run:
//  - the server's CPU per booking, from /proc, over sequential bookings (one at a time), split into
//    the request and the outbox worker's invitations by waiting for the outbox to empty;
//  - bookings per second with 10 clients flat out, then the latency at a steady rate (`drive`).
// Run with `npm run build && npx tsx bench/booking-create.bench.ts` (BENCH_DB=postgres for PostgreSQL).

const ROOMS = 10;
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 1000);
const DAY = 86_400_000;
const MINUTE = 60_000;

async function addLocation(run: BenchRun, body: Record<string, unknown>): Promise<number> {
  const answer = await call<{ id: number }>(run.baseURL, '/location/addLocation', body, run.token);
  if (answer.returncode !== 200) throw new Error(`addLocation: ${answer.message}`);
  return answer.result.id;
}

/** Ten rooms in a building on UTC, made through the API. */
async function buildRooms(run: BenchRun): Promise<number[]> {
  const country = await addLocation(run, { level: 1, locationName: 'Bench country' });
  const city = await addLocation(run, { parentId: country, level: 2, locationName: 'Bench city' });
  const building = await addLocation(run, { parentId: city, level: 5, locationName: 'Bench tower', timeZone: 'UTC' });
  const floorId = await addLocation(run, { parentId: building, level: 6, locationName: 'Floor 1' });
  const roomIds: number[] = [];
  for (let i = 0; i < ROOMS; i++) {
    const answer = await call<{ id: number }>(run.baseURL, '/location/addMeetingRoom', { floorId, name: `Bench room ${i + 1}`, capacity: 8 }, run.token);
    if (answer.returncode !== 200) throw new Error(`addMeetingRoom: ${answer.message}`);
    roomIds.push(answer.result.id);
  }
  return roomIds;
}

/** Runs `sql` (one value answered) on the server's database. */
async function scalar(run: BenchRun, sql: string, params: unknown[] = []): Promise<number> {
  if (engine === 'sqlite') {
    const db = new Database(run.databaseUrl.replace(/^sqlite:/, ''), { readonly: true });
    db.pragma('busy_timeout = 10000');
    try {
      return Number(Object.values(db.prepare(sql).get(...params) as Record<string, unknown>)[0]);
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: run.databaseUrl });
  await client.connect();
  try {
    let n = 0;
    const { rows } = await client.query(sql.replace(/\?/g, () => `$${++n}`), params);
    return Number(Object.values(rows[0] as Record<string, unknown>)[0]);
  } finally {
    await client.end();
  }
}

async function outboxEmpty(run: BenchRun): Promise<void> {
  for (;;) {
    if ((await scalar(run, 'select count(*) from outbox_events where available_at is not null')) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

await withBenchServer(async (run) => {
  const me = await call<{ id: number }>(run.baseURL, '/user/getCurrentUserInfo', undefined, run.token);
  const colleagueId = await scalar(run, 'select min(id) from users where company_id = (select company_id from users where id = ?) and id <> ? and is_active = 1', [me.result.id, me.result.id]);
  const roomIds = await buildRooms(run);
  // Each booking takes the next half hour of the next room, from tomorrow 00:00 UTC on: never a clash.
  const first = (Math.floor(Date.now() / DAY) + 1) * DAY;
  let slot = 0;
  const nextBooking = () => {
    const startAt = first + Math.floor(slot / ROOMS) * 30 * MINUTE;
    const roomId = roomIds[slot % ROOMS]!;
    slot += 1;
    return JSON.stringify({ roomId, title: `Bench booking ${slot}`, startAt, endAt: startAt + 30 * MINUTE, participants: [{ userId: colleagueId }, { email: 'guest@bench.test' }] });
  };
  const book = async () => {
    const response = await fetch(`${run.baseURL}/api/meeting/reservation`, { method: 'POST', headers: { ...UNCOMPRESSED, token: run.token, 'content-type': 'application/json' }, body: nextBooking() });
    const answer = (await response.json()) as { returncode: number; message: string };
    if (answer.returncode !== 200) throw new Error(`booking: ${answer.message}`);
  };

  // Warm-up (the room cache, statement caches, JIT), then sequential bookings for the CPU figures.
  for (let i = 0; i < 200; i++) await book();
  await outboxEmpty(run);
  const before = run.serverCpuMs();
  const started = performance.now();
  for (let i = 0; i < SEQUENTIAL; i++) await book();
  const wallMs = performance.now() - started;
  const requests = run.serverCpuMs() - before;
  await outboxEmpty(run);
  const withMails = run.serverCpuMs() - before;
  console.log(
    `sequential: ${SEQUENTIAL} bookings, ${(wallMs / SEQUENTIAL).toFixed(2)} ms each; server CPU per booking ${(requests / SEQUENTIAL).toFixed(2)} ms while booking, ` +
      `${(withMails / SEQUENTIAL).toFixed(2)} ms until the outbox was empty (the worker's invitations included)`,
  );

  const results = [
    await drive('bare Fastify GET /bare', { url: run.bareURL }),
    await drive('POST /api/meeting/reservation (2 participants, a free slot each)', {
      url: `${run.baseURL}/api/meeting/reservation`,
      method: 'POST',
      headers: { token: run.token, 'content-type': 'application/json' },
      next: () => ({ body: nextBooking() }),
    }),
  ];
  const backlog = await scalar(run, 'select count(*) from outbox_events');
  const drainStarted = performance.now();
  await outboxEmpty(run);
  printTable('Atrium booking creation benchmark (demo company, 10 rooms)', results);
  console.log(`outbox after the run: ${backlog} rows waiting, emptied ${((performance.now() - drainStarted) / 1000).toFixed(1)} s later; server resident memory ${run.serverRssMiB().toFixed(0)} MiB`);
  if (results.some((r) => r.errors > 0)) process.exitCode = 1;
});
