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
export const engine: 'sqlite' | 'postgres' = process.env.BENCH_DB === 'postgres' ? 'postgres' : 'sqlite';
const pgAdminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const pgName = `atrium_bench_${process.pid}`;

export interface Figures {
  name: string;
  requestsPerSecond: number;
  p97_5AtFixedRateMs: number;
  p99AtFixedRateMs: number;
  fixedRate: number;
  errors: number;
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
  for (let i = 0; i < 200; i++) {
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

/** Drives a target flat out for throughput, then at a fixed rate of half that for fair latency percentiles. */
export async function drive(name: string, options: autocannon.Options): Promise<Figures> {
  const flatOut = await autocannon({ ...options, connections, duration: seconds });
  const fixedRate = Math.max(1, Math.floor(flatOut.requests.average / 2));
  const steady = await autocannon({ ...options, connections, duration: seconds, overallRate: fixedRate });
  const errors = flatOut.errors + flatOut.non2xx + steady.errors + steady.non2xx;
  return { name, requestsPerSecond: flatOut.requests.average, p97_5AtFixedRateMs: steady.latency.p97_5, p99AtFixedRateMs: steady.latency.p99, fixedRate, errors };
}

export function printTable(title: string, results: Figures[]) {
  const baseline = results[0]!.requestsPerSecond;
  const ms = (value: number) => (value < 1 ? '<1' : value.toFixed(0));
  console.log(`\n${title} on ${engine}: ${seconds}s per phase, ${connections} connections, node ${process.version}`);
  console.log('| target | requests/s | ratio to bare | p97.5 at fixed rate (ms) | p99 at fixed rate (ms) | fixed rate (req/s) | errors |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of results) {
    console.log(`| ${r.name} | ${r.requestsPerSecond.toFixed(0)} | ${(r.requestsPerSecond / baseline).toFixed(3)} | ${ms(r.p97_5AtFixedRateMs)} | ${ms(r.p99AtFixedRateMs)} | ${r.fixedRate} | ${r.errors} |`);
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
}

/**
 * Starts the bare route and the built server (`apps/server/dist/main.js`, as `npm start` runs it,
 * rate limiter off) on a throwaway database with the demo company, signs the admin in, runs
 * `body`, and removes everything afterwards.
 */
export async function withBenchServer(body: (run: BenchRun) => Promise<void>): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-'));
  const children: ChildProcess[] = [];
  let databaseUrl = `sqlite:${join(dataDir, 'atrium.db')}`;
  if (engine === 'postgres') {
    await onPgAdmin(`create database ${pgName}`);
    const url = new URL(pgAdminUrl);
    url.pathname = `/${pgName}`;
    databaseUrl = url.toString();
  }
  try {
    const bare = await startProcess(['--import', 'tsx', 'bench/bare-server.ts'], {}, /listening (\d+)/);
    children.push(bare.child);
    const port = 30_000 + Math.floor(Math.random() * 10_000);
    const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
      cwd: repoRoot,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ATRIUM_ADMIN_PASSWORD: 'Bench-first-2026', RATE_LIMIT_PER_MINUTE: '0', DATABASE_URL: databaseUrl },
      stdio: 'ignore',
    });
    children.push(server);
    const baseURL = `http://127.0.0.1:${port}`;
    await waitForHealth(baseURL);
    const first = await call<{ token: string }>(baseURL, '/login', { userName: 'admin', password: 'Bench-first-2026' });
    await call(baseURL, '/user/updateDefaultPassword', { newPassword: PASSWORD, confirmPassword: PASSWORD }, first.result.token);
    const login = await call<{ token: string }>(baseURL, '/login', { userName: 'admin', password: PASSWORD });
    if (login.returncode !== 200) throw new Error(`bench sign-in failed: ${login.message}`);
    const serverRssMiB = () => {
      try {
        const status = readStatus(server.pid!);
        return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
      } catch {
        return 0;
      }
    };
    await body({ bareURL: `http://127.0.0.1:${Number(bare.match[1])}/bare`, baseURL, dataDir, databaseUrl, token: login.result.token, serverRssMiB });
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    rmSync(dataDir, { recursive: true, force: true });
    if (engine === 'postgres') await onPgAdmin(`drop database if exists ${pgName} with (force)`);
  }
}

function readStatus(pid: number): string {
  // Linux only, like the machines this runs on.
  return readFileSync(`/proc/${pid}/status`, 'utf8');
}
