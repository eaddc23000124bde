import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LiveRoomList } from '@atrium/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../apps/server/src/test/free-port.js';
import { MULTIPART_HEADERS, multipartImage } from '../apps/server/src/test/uploads.js';
import { startSmtpServer, type ReceivedMail } from './support/mail.js';
import { api, completeFirstSignIn, startServer, type RunningServer } from './support/server.js';

const POSTGRES = 'postgres://postgres@127.0.0.1:5432';
const FIRST_PASSWORD = 'Initial-pass-2026';
const PASSWORD = 'Two-processes-2026';
const MINUTE = 60_000;
const ADMIN_MAIL = /^admin@/;
/** Clients booking through the proxy at once while A is killed. */
const WORKERS = 6;

/** Debian's haproxy in the foreground on a generated configuration: round robin over the processes, checked on /api/health. */
async function startHaproxy(servers: Record<string, string>): Promise<{ baseURL: string; stop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-haproxy-'));
  const port = await freePort();
  const config = [
    'global',
    '  maxconn 2000',
    'defaults',
    '  mode http',
    '  timeout connect 1s',
    '  timeout client 30s',
    '  timeout server 30s',
    // A connection refused by a dead process is tried again on the other one (never a request already sent).
    '  retries 2',
    '  option redispatch 1',
    '  option forwardfor',
    'frontend atrium',
    `  bind 127.0.0.1:${port}`,
    '  default_backend atrium',
    'backend atrium',
    '  balance roundrobin',
    '  option httpchk GET /api/health',
    '  http-check expect status 200',
    // The test reads which process answered.
    '  http-response set-header x-served-by %[srv_name]',
    '  default-server inter 300ms fall 2 rise 2',
    ...Object.entries(servers).map(([name, url]) => `  server ${name} ${new URL(url).host} check`),
    '',
  ].join('\n');
  writeFileSync(join(dir, 'haproxy.cfg'), config);
  let printed = '';
  const child: ChildProcess = spawn('haproxy', ['-f', join(dir, 'haproxy.cfg'), '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited with ${child.exitCode}:\n${printed}`);
    const ok = await fetch(`${baseURL}/api/health`).then((response) => response.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`haproxy did not answer:\n${printed}`);
    await sleep(100);
  }
  return {
    baseURL,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

interface Booked {
  status: number;
  returncode: number;
  id: number | null;
  servedBy: string | null;
}

/** Books through `baseURL`; a connection the proxy could not complete counts as not acknowledged. */
async function book(baseURL: string, token: string, body: Record<string, unknown>): Promise<Booked> {
  try {
    const response = await fetch(`${baseURL}/api/meeting/reservation`, { method: 'POST', headers: { 'content-type': 'application/json', token }, body: JSON.stringify(body) });
    const text = await response.text();
    let envelope: { returncode?: number; result?: { id?: number } } = {};
    try {
      envelope = JSON.parse(text) as typeof envelope;
    } catch {
      // the proxy's own error page (502, 503)
    }
    return { status: response.status, returncode: envelope.returncode ?? 0, id: envelope.returncode === 200 ? (envelope.result?.id ?? null) : null, servedBy: response.headers.get('x-served-by') };
  } catch {
    // The proxy closed the connection: the request was on its way to the process that died.
    return { status: 0, returncode: 0, id: null, servedBy: null };
  }
}

/** A server-sent event stream read as it comes: `until` waits for a pattern in everything heard so far. */
async function openStream(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let heard = '';
  return {
    async until(pattern: RegExp, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(heard)) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`${url}: not heard ${pattern} in:\n${heard}`);
        const chunk = await Promise.race([reader.read(), sleep(left).then(() => null)]);
        if (chunk && !chunk.done) heard += decoder.decode(chunk.value, { stream: true });
      }
    },
    async close() {
      controller.abort();
      await reader.cancel().catch(() => undefined);
    },
  };
}

// Several Atrium processes on one PostgreSQL behind a load balancer (issue 24, decision 0022): two
// processes of the built server on a throwaway database, Debian's haproxy in front of them.
describe('two processes on one PostgreSQL behind haproxy', () => {
  const databaseName = `atrium_deploy_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const databaseUrl = `${POSTGRES}/${databaseName}`;
  const offsetDir = mkdtempSync(join(tmpdir(), 'atrium-clock-'));
  const offsetFile = join(offsetDir, 'offset');
  // Uploads are files: every process of a deployment mounts one data directory.
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-shared-data-'));
  let admin: pg.Client;
  let db: pg.Client;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let a: RunningServer;
  let b: RunningServer;
  let proxy: Awaited<ReturnType<typeof startHaproxy>>;
  let token = '';
  let rooms: LiveRoomList['list'] = [];
  const ownRooms: number[] = [];
  let now = 0;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: `${POSTGRES}/postgres` });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    smtp = await startSmtpServer();
    writeFileSync(offsetFile, '0');
    const env = {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      ATRIUM_ADMIN_PASSWORD: FIRST_PASSWORD,
      SMTP_URL: smtp.url,
      // Jobs offered every second, so a run twice would show within the test.
      SCHEDULER_TICK_SECONDS: '1',
      // One clock for both processes, moved forward to a reminder's moment.
      ATRIUM_CLOCK_OFFSET_FILE: offsetFile,
      TRUST_PROXY: '127.0.0.1',
      // Every request here comes from one address; the shared limit is proven in rate-limit-store.test.ts.
      RATE_LIMIT_PER_MINUTE: '100000',
    };
    // The first process migrates and seeds; the second starts on the migrated database.
    a = await startServer(env);
    b = await startServer(env);
    proxy = await startHaproxy({ a: a.baseURL, b: b.baseURL });
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await completeFirstSignIn(proxy.baseURL, FIRST_PASSWORD, PASSWORD);
    const login = await api<{ token: string }>(proxy.baseURL, 'POST', '/login', { userName: 'admin', password: PASSWORD });
    token = login.result.token;
    const states = await api<LiveRoomList>(b.baseURL, 'GET', '/live/rooms', undefined, token);
    now = states.result.now;
    // Rooms with nothing in the next hour, booked without approval.
    rooms = states.result.list.filter((room) => room.state === 'free' && (room.next === null || room.next.startAt > now + 3_600_000));
    const { rows } = await db.query<{ id: number }>('select id from rooms where id = any($1) and needs_approval = 0', [rooms.map((room) => room.id)]);
    const open = new Set(rows.map((row) => row.id));
    rooms = rooms.filter((room) => open.has(room.id));
    expect(rooms.length).toBeGreaterThanOrEqual(2);
    // Rooms of the test's own, with no seeded meeting at any time: the race's and the load's.
    const { result: someRoom } = await api<{ floorId: number }>(a.baseURL, 'GET', `/location/findRoomById?id=${rooms[0]!.id}`, undefined, token);
    for (const name of ['Race room', 'Load room 1', 'Load room 2']) {
      const added = await api<{ id: number }>(a.baseURL, 'POST', '/location/addMeetingRoom', { floorId: someRoom.floorId, name, capacity: 8 }, token);
      expect(added.returncode, added.message).toBe(200);
      ownRooms.push(added.result.id);
    }
  });

  afterAll(async () => {
    await proxy?.stop();
    await a?.stop();
    await b?.stop();
    await db?.end();
    await smtp?.close();
    if (admin) {
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
    }
    rmSync(offsetDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('gives one booking to a 50-way race for one slot across both processes, 49 clean conflicts', async () => {
    const roomId = ownRooms[0]!;
    const startAt = Math.ceil((now + 2 * 24 * 60 * MINUTE) / (30 * MINUTE)) * 30 * MINUTE;
    const targets = [a.baseURL, b.baseURL, proxy.baseURL];
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => book(targets[i % 3]!, token, { roomId, title: `Race ${i}`, startAt, endAt: startAt + 30 * MINUTE, reminderMinutes: null })));
    const won = answers.filter((answer) => answer.returncode === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409 && answer.returncode === 1003)).toHaveLength(49);
    const { rows } = await db.query<{ id: number }>("select id from reservations where resource_id = $1 and start_at = $2 and status in ('pending', 'confirmed')", [roomId, startAt]);
    expect(rows.map((row) => row.id)).toEqual([won[0]!.id]);
  });

  it('tells a board and a door display connected to process B of a booking made through process A', async () => {
    const room = rooms[1]!;
    // The room's door display, activated through the proxy with a code issued by A.
    const issued = await api<{ list: { activationCode: string }[] }>(a.baseURL, 'POST', '/deviceActivation/addDeviceActivationCode', { roomId: room.id }, token);
    expect(issued.returncode, issued.message).toBe(200);
    const activated = await api<{ deviceToken: string }>(proxy.baseURL, 'POST', '/device/activate', { code: issued.result.list[0]!.activationCode, platform: 'web', appVersion: '1.0' });
    expect(activated.returncode, activated.message).toBe(200);
    const board = await openStream(`${b.baseURL}/api/live/stream`, { token });
    const display = await openStream(`${b.baseURL}/api/device/pad/stream`, { 'device-token': activated.result.deviceToken });
    try {
      await board.until(/event: ready/);
      await display.until(/event: ready/);
      const startAt = Math.ceil(Date.now() / MINUTE) * MINUTE;
      const booked = await book(a.baseURL, token, { roomId: room.id, title: 'Heard across processes', startAt, endAt: startAt + 30 * MINUTE, reminderMinutes: null });
      expect(booked.returncode).toBe(200);
      const event = new RegExp(`event: rooms\\ndata: \\{[^\\n]*"roomIds":\\[[^\\]]*\\b${room.id}\\b[^\\n]*"reason":"booking"`);
      await board.until(event);
      await display.until(event);
    } finally {
      await board.close();
      await display.close();
    }
  });

  it('serves through process B an image uploaded through process A (one data directory)', async () => {
    const response = await fetch(`${a.baseURL}/api/upload`, { method: 'POST', headers: { token, ...MULTIPART_HEADERS }, body: new Uint8Array(multipartImage()) });
    const uploaded = (await response.json()) as { returncode: number; result: { fileUrl: string } };
    expect(uploaded.returncode).toBe(200);
    const served = await fetch(`${b.baseURL}${uploaded.result.fileUrl}`, { headers: { token } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it('ends a session signed out through process B for process A at its next request', async () => {
    const login = await api<{ token: string }>(a.baseURL, 'POST', '/login', { userName: 'admin', password: PASSWORD });
    const other = login.result.token;
    expect((await api(a.baseURL, 'GET', '/user/getCurrentUserInfo', undefined, other)).returncode).toBe(200);
    expect((await api(b.baseURL, 'GET', '/logout', undefined, other)).returncode).toBe(200);
    expect((await api(a.baseURL, 'GET', '/user/getCurrentUserInfo', undefined, other)).returncode).toBe(2001);
  });

  it('sends a meeting reminder once while both processes offer the reminder job every second', async () => {
    const room = rooms[0]!;
    const startAt = Math.ceil((Date.now() + 20 * MINUTE) / MINUTE) * MINUTE;
    const booked = await book(proxy.baseURL, token, { roomId: room.id, title: 'Reminded once', startAt, endAt: startAt + 30 * MINUTE, reminderMinutes: 15 });
    expect(booked.returncode).toBe(200);
    const reminders = () => smtp.received.filter((mail: ReceivedMail) => mail.to.some((to) => ADMIN_MAIL.test(to)) && mail.raw.includes('Reminded once') && /Reminder/.test(mail.headers.subject ?? ''));
    expect(reminders()).toHaveLength(0);
    // Both clocks jump to two seconds past the reminder's moment (15 minutes before the start).
    writeFileSync(offsetFile, String(startAt - 15 * MINUTE - Date.now() + 2_000));
    await expect.poll(() => reminders().length, { timeout: 10_000 }).toBe(1);
    // Several more ticks of both processes: still one.
    await sleep(3_000);
    expect(reminders()).toHaveLength(1);
    // The console's notification too, written once.
    const { rows } = await db.query<{ n: string }>("select count(*) as n from notifications where event = 'reminder' and reservation_id = $1", [booked.id]);
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it('loses no acknowledged booking when process A is killed under load, and the proxy moves its clients to B', async () => {
    const [first, second] = [ownRooms[1]!, ownRooms[2]!];
    const base = Math.ceil((Date.now() + 10 * 24 * 60 * MINUTE) / (30 * MINUTE)) * 30 * MINUTE;
    let next = 0;
    let killedAt = Infinity;
    const answers: Array<Booked & { slot: number; startedAt: number }> = [];
    const stopAt = Date.now() + 5_000;
    const worker = async () => {
      while (Date.now() < stopAt) {
        const slot = next++;
        const roomId = slot % 2 === 0 ? first : second;
        const startAt = base + Math.floor(slot / 2) * 30 * MINUTE;
        const startedAt = Date.now();
        answers.push({ ...(await book(proxy.baseURL, token, { roomId, title: `Load ${slot}`, startAt, endAt: startAt + 30 * MINUTE, reminderMinutes: null })), slot, startedAt });
      }
    };
    const killer = (async () => {
      await sleep(1_500);
      await a.kill();
      killedAt = Date.now();
    })();
    await Promise.all([...Array.from({ length: WORKERS }, worker), killer]);

    const acknowledged = answers.filter((answer) => answer.returncode === 200);
    const before = answers.filter((answer) => answer.startedAt < killedAt);
    // Both processes served the load before the kill (round robin).
    expect(new Set(before.filter((answer) => answer.returncode === 200).map((answer) => answer.servedBy))).toEqual(new Set(['a', 'b']));
    // Every booking acknowledged with 200 is in the database, as answered.
    const ids = acknowledged.map((answer) => answer.id!);
    const { rows } = await db.query<{ id: number; title: string }>("select id, title from reservations where id = any($1) and status = 'confirmed'", [ids]);
    const titles = new Map(rows.map((row) => [row.id, row.title]));
    for (const answer of acknowledged) expect(titles.get(answer.id!), `booking ${answer.id} (slot ${answer.slot})`).toBe(`Load ${answer.slot}`);
    // What failed was on its way to A when it died (each client's request then, and one sent on a connection the
    // proxy had kept open to A): never acknowledged, and nothing sent once the death was known.
    const failed = answers.filter((answer) => answer.returncode !== 200);
    expect(failed.length).toBeLessThanOrEqual(2 * WORKERS);
    for (const answer of failed) expect(answer.startedAt, `slot ${answer.slot} failed with ${answer.status}`).toBeLessThan(killedAt + 100);
    // After the kill every client goes on, on B, with no pause: a refused connection is redispatched at once.
    const after = answers.filter((answer) => answer.startedAt >= killedAt + 100);
    expect(after.length).toBeGreaterThan(20);
    expect(new Set(after.map((answer) => answer.servedBy))).toEqual(new Set(['b']));
    expect(after.filter((answer) => answer.returncode !== 200)).toEqual([]);
  });
});
