import autocannon from 'autocannon';
import pg from 'pg';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What every benchmark shares: the engine, the processes it starts, sign-in and the load driver. */

export const seconds = Number(process.env.BENCH_SECONDS ?? 10);
export const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
export const repoRoot = fileURLToPath(new URL('../', import.meta.url));
export const PASSWORD = 'Bench-pass-2026!';

/** BENCH_DB=postgres runs the server on a throwaway PostgreSQL database next to BENCH_PG_URL's. */
export const engine: 'sqlite' | 'postgres' = process.env.BENCH_DB === 'postgres' || process.env.BENCH_DATABASE_URL?.startsWith('postgres') ? 'postgres' : 'sqlite';
const pgAdminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const pgName = `atrium_bench_${process.pid}`;

/**
 * A database seeded beforehand (`npm run seed:scale`) to run on instead of a throwaway one: neither made nor
 * dropped, and the benchmarks that load data of their own use what is there (docs/performance.md "At scale").
 * BENCH_USER and BENCH_PASSWORD name who signs in (a seeded company's administrator).
 */
export const seededDatabaseUrl = process.env.BENCH_DATABASE_URL;
const seededUser = seededDatabaseUrl ? { userName: process.env.BENCH_USER ?? 'scale-100.admin', password: process.env.BENCH_PASSWORD ?? 'Scale-pass-2026!' } : undefined;
/** Who the benchmark signs in as (the sign-in target's body). */
export const benchUser = seededUser ?? { userName: 'admin', password: PASSWORD };

export interface Figures {
  name: string;
  requestsPerSecond: number;
  /** The steady rate the latency was measured at (requests/s). */
  steadyRate: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  errors: number;
  /** CPU time the measured process spent per request flat out (user + system), when the target names its pid. */
  cpuUsPerRequest?: number;
}

/** What a benchmark drives: one request shape, or a fresh path and body per request. */
export interface Target {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** The next request's path (from the origin, with its query) and body. */
  next?: () => { path?: string; body?: string };
  /**
   * The CPU time spent so far by what answers (BenchRun's serverCpu or bareCpu), in microseconds:
   * its CPU per request in the flat-out phase is reported too. On a machine shared with other work,
   * throughput swings with the neighbours' load; the CPU an answer costs much less.
   */
  cpuOf?: () => Promise<number>;
}

function startProcess(args: string[], env: Record<string, string>, ready: RegExp): Promise<{ child: ChildProcess; match: RegExpMatchArray }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let printed = '';
    const onData = (chunk: Buffer) => {
      printed += chunk.toString();
      const match = printed.match(ready);
      if (match) resolve({ child, match });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}:\n${printed}`)));
  });
}

async function waitForHealth(baseURL: string) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not become healthy');
}

export async function call<T>(baseURL: string, path: string, body: unknown, token?: string): Promise<{ returncode: number; message: string; result: T }> {
  const response = await fetch(`${baseURL}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { token } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as { returncode: number; message: string; result: T };
}

/**
 * The Accept-Encoding of every measured request. The server compresses answers above 1 KiB when
 * asked (issue 19); autocannon asks for nothing, but Node's fetch asks for `gzip, deflate` by itself,
 * so the steady phase would have timed compressed answers and the flat-out phase not. Asking for
 * identity keeps both phases, and the figures from before, measuring the same uncompressed answers.
 */
export const UNCOMPRESSED: Readonly<Record<string, string>> = { 'accept-encoding': 'identity' };

/** The pause between the flat-out and the steady phase, in ms. */
const DRAIN_MS = Number(process.env.BENCH_DRAIN_MS ?? 3000);

/** The steady phase's rate: half the flat-out throughput, at most what one load process paces evenly here. */
const STEADY_RATE_MAX = Number(process.env.BENCH_STEADY_MAX ?? 500);

/**
 * Drives a target flat out with autocannon (requests/s), then measures latency at a steady rate
 * of half that (capped): requests leave evenly spaced whatever the answers do (an open loop, as
 * independent users send them), and each is timed from the moment it was due, so a stall counts
 * against every request that should have gone out during it. (autocannon's own fixed rate sends
 * each second's requests in one burst, which measures the burst's queue, not the service.)
 */
export async function drive(name: string, target: Target): Promise<Figures> {
  const { url, method = 'GET', body, next, cpuOf } = target;
  const headers = { ...UNCOMPRESSED, ...target.headers };
  const cpuBefore = (await cpuOf?.()) ?? 0;
  const flatOut = await autocannon({
    url,
    method,
    headers,
    ...(body === undefined ? {} : { body }),
    ...(next ? { requests: [{ method, setupRequest: (request: autocannon.Request) => ({ ...request, ...next() }) }] } : {}),
    connections,
    duration: seconds,
  });
  const cpuSpent = ((await cpuOf?.()) ?? 0) - cpuBefore;
  const steadyRate = Math.max(1, Math.min(STEADY_RATE_MAX, Math.floor(flatOut.requests.average / 2)));
  // Requests the flat-out phase left queued in the server would otherwise be timed against the
  // first steady ones (for a 250 ms target, ten of them are 2.5 s): let them drain first.
  await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
  const steady = await paced({ url, method, headers, ...(body === undefined ? {} : { body }), ...(next ? { next } : {}) }, steadyRate, seconds * 1000);
  const sorted = steady.latencies.sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return {
    name,
    requestsPerSecond: flatOut.requests.average,
    steadyRate,
    p50Ms: at(0.5),
    p95Ms: at(0.95),
    p99Ms: at(0.99),
    errors: flatOut.errors + flatOut.non2xx + steady.errors,
    ...(cpuOf === undefined ? {} : { cpuUsPerRequest: cpuSpent / Math.max(1, flatOut.requests.total) }),
  };
}

/** User plus system CPU time of a process so far, in microseconds (Linux /proc, clock ticks of 10 ms). */
function cpuMicros(pid: number): number {
  // The fields after the command name, which may hold spaces: utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100;
}

async function paced(target: Target, rate: number, durationMs: number): Promise<{ latencies: number[]; errors: number }> {
  const origin = new URL(target.url).origin;
  const latencies: number[] = [];
  let errors = 0;
  const inFlight: Array<Promise<void>> = [];
  const send = async (due: number) => {
    const request = target.next?.() ?? {};
    const body = request.body ?? target.body;
    try {
      const response = await fetch(request.path ? `${origin}${request.path}` : target.url, {
        method: target.method ?? 'GET',
        headers: target.headers ?? {},
        ...(body === undefined ? {} : { body }),
      });
      await response.arrayBuffer();
      if (response.status >= 300) errors += 1;
      else latencies.push(performance.now() - due);
    } catch {
      errors += 1;
    }
  };
  const started = performance.now();
  const total = Math.floor((rate * durationMs) / 1000);
  for (let sent = 0; sent < total; ) {
    const now = performance.now();
    // Everything due by now leaves now, each timed from its own due moment.
    while (sent < total && started + (sent * 1000) / rate <= now) {
      inFlight.push(send(started + (sent * 1000) / rate));
      sent += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(inFlight);
  return { latencies, errors };
}

export function printTable(title: string, results: Figures[]) {
  const baseline = results[0]!;
  const ms = (value: number) => (value < 1 ? '<1' : value.toFixed(value < 10 ? 1 : 0));
  const withCpu = results.some((r) => r.cpuUsPerRequest !== undefined);
  // The CPU an answer costs, and the bare route's divided by it: the throughput ratio a quiet machine would show.
  const cpuCells = (r: Figures) =>
    r.cpuUsPerRequest === undefined ? ' | |' : ` ${r.cpuUsPerRequest.toFixed(0)} | ${baseline.cpuUsPerRequest ? (baseline.cpuUsPerRequest / r.cpuUsPerRequest).toFixed(3) : ''} |`;
  console.log(`\n${title} on ${engine}: ${seconds}s per phase, ${connections} connections flat out, node ${process.version}`);
  console.log(`| target | requests/s | ratio to bare | steady rate (req/s) | p50 (ms) | p95 (ms) | p99 (ms) | errors |${withCpu ? ' CPU per request (µs) | CPU ratio to bare |' : ''}`);
  console.log(`| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |${withCpu ? ' ---: | ---: |' : ''}`);
  for (const r of results) {
    const row = `| ${r.name} | ${r.requestsPerSecond.toFixed(0)} | ${(r.requestsPerSecond / baseline.requestsPerSecond).toFixed(3)} | ${r.steadyRate} | ${ms(r.p50Ms)} | ${ms(r.p95Ms)} | ${ms(r.p99Ms)} | ${r.errors} |`;
    console.log(withCpu ? `${row}${cpuCells(r)}` : row);
  }
}

async function onPgAdmin(statement: string) {
  const client = new pg.Client({ connectionString: pgAdminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface BenchRun {
  /** The bare Fastify route, measured in the same run as the baseline. */
  bareURL: string;
  baseURL: string;
  dataDir: string;
  /** The server's database: a PostgreSQL URL, or the SQLite file. */
  databaseUrl: string;
  /** The demo administrator's session token. */
  token: string;
  /** The server process's resident memory, in MiB. */
  serverRssMiB: () => number;
  /** CPU time so far of the server process and, on PostgreSQL, of its database connections (Target.cpuOf). */
  serverCpu: () => Promise<number>;
  /** CPU time so far of the bare route's process. */
  bareCpu: () => Promise<number>;
  /** The CPU time (user + system) the server process has used so far, in ms (Linux /proc, 10 ms steps). */
  serverCpuMs: () => number;
}

/**
 * The CPU time spent so far by PostgreSQL's processes serving one database: each connection's
 * last reading is kept, so one that closes between two readings keeps what it had spent.
 */
function databaseCpu(database: string): () => Promise<number> {
  const spent = new Map<number, number>();
  return async () => {
    const client = new pg.Client({ connectionString: pgAdminUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [database]);
      for (const { pid } of rows) {
        try {
          spent.set(pid, cpuMicros(pid));
        } catch {
          // ended meanwhile
        }
      }
    } finally {
      await client.end();
    }
    return [...spent.values()].reduce((sum, value) => sum + value, 0);
  };
}

/**
 * Starts the bare route and the built server (`apps/server/dist/main.js`, as `npm start` runs it,
 * rate limiter off unless `env` says otherwise) on a throwaway database with the demo company, signs the
 * admin in, runs `body`, and removes everything afterwards. `env` adds server settings.
 */
export async function withBenchServer(body: (run: BenchRun) => Promise<void>, env: Record<string, string> = {}): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-'));
  const children: ChildProcess[] = [];
  let databaseUrl = seededDatabaseUrl ?? `sqlite:${join(dataDir, 'atrium.db')}`;
  if (engine === 'postgres' && !seededDatabaseUrl) {
    await onPgAdmin(`create database ${pgName}`);
    const url = new URL(pgAdminUrl);
    url.pathname = `/${pgName}`;
    databaseUrl = url.toString();
  }
  try {
    const bare = await startProcess(['--import', 'tsx', 'bench/bare-server.ts'], {}, /listening (\d+)/);
    children.push(bare.child);
    const port = 30_000 + Math.floor(Math.random() * 10_000);
    // BENCH_SERVER_NODE_ARGS passes flags to the server's node (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
    const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const server = spawn(process.execPath, [...nodeArgs, 'apps/server/dist/main.js'], {
      cwd: repoRoot,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ATRIUM_ADMIN_PASSWORD: 'Bench-first-2026', RATE_LIMIT_PER_MINUTE: '0', DATABASE_URL: databaseUrl, ...env },
      stdio: 'ignore',
    });
    children.push(server);
    const baseURL = `http://127.0.0.1:${port}`;
    await waitForHealth(baseURL);
    if (!seededUser) {
      const first = await call<{ token: string }>(baseURL, '/login', { userName: 'admin', password: 'Bench-first-2026' });
      await call(baseURL, '/user/updateDefaultPassword', { newPassword: PASSWORD, confirmPassword: PASSWORD }, first.result.token);
    }
    const login = await call<{ token: string }>(baseURL, '/login', benchUser);
    if (login.returncode !== 200) throw new Error(`bench sign-in failed: ${login.message}`);
    const databaseCpuSpent = engine === 'postgres' ? databaseCpu(new URL(databaseUrl).pathname.slice(1)) : undefined;
    const serverRssMiB = () => {
      try {
        const status = readStatus(server.pid!);
        return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
      } catch {
        return 0;
      }
    };
    const serverCpuMs = () => {
      // Fields 14 and 15 of /proc/<pid>/stat: user and system time in clock ticks (100 a second).
      const fields = readFileSync(`/proc/${server.pid!}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    };
    await body({
      bareURL: `http://127.0.0.1:${Number(bare.match[1])}/bare`,
      baseURL,
      dataDir,
      databaseUrl,
      token: login.result.token,
      serverRssMiB,
      serverCpu: async () => cpuMicros(server.pid!) + (databaseCpuSpent ? await databaseCpuSpent() : 0),
      bareCpu: async () => cpuMicros(bare.child.pid!),
      serverCpuMs,
    });
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    // BENCH_KEEP=1 keeps the database for a look afterwards (EXPLAIN and the like).
    if (process.env.BENCH_KEEP) console.log(`kept: ${databaseUrl}`);
    else rmSync(dataDir, { recursive: true, force: true });
    if (engine === 'postgres' && !process.env.BENCH_KEEP && !seededDatabaseUrl) await onPgAdmin(`drop database if exists ${pgName} with (force)`);
  }
}

function readStatus(pid: number): string {
  // Linux only, like the machines this runs on.
  return readFileSync(`/proc/${pid}/status`, 'utf8');
}
