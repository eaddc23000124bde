import autocannon from 'autocannon';
import pg from 'pg';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Measures, in one run: a bare Fastify route, GET /api/user/getCurrentUserInfo with a session, and
// POST /api/login. Each target is driven twice: flat out for throughput, then at a fixed rate of
// half that throughput for a fair p99. Run with `npm run bench` (builds first).

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const PASSWORD = 'Bench-pass-2026!';

interface Figures {
  name: string;
  requestsPerSecond: number;
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

async function call<T>(baseURL: string, path: string, body: unknown, token?: string): Promise<{ returncode: number; message: string; result: T }> {
  const response = await fetch(`${baseURL}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { returncode: number; message: string; result: T };
}

async function drive(name: string, options: autocannon.Options): Promise<Figures> {
  const flatOut = await autocannon({ ...options, connections, duration: seconds });
  const fixedRate = Math.max(1, Math.floor(flatOut.requests.average / 2));
  const steady = await autocannon({ ...options, connections, duration: seconds, overallRate: fixedRate });
  const errors = flatOut.errors + flatOut.non2xx + steady.errors + steady.non2xx;
  return { name, requestsPerSecond: flatOut.requests.average, p99AtFixedRateMs: steady.latency.p99, fixedRate, errors };
}

/** BENCH_DB=postgres runs the server on a throwaway PostgreSQL database next to BENCH_PG_URL's. */
const engine = process.env.BENCH_DB === 'postgres' ? 'postgres' : 'sqlite';
const pgAdminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const pgName = `atrium_bench_${process.pid}`;

async function onPgAdmin(statement: string) {
  const client = new pg.Client({ connectionString: pgAdminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function databaseEnv(): Record<string, string> {
  if (engine === 'sqlite') return {};
  const url = new URL(pgAdminUrl);
  url.pathname = `/${pgName}`;
  return { DATABASE_URL: url.toString() };
}

const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-'));
const children: ChildProcess[] = [];
if (engine === 'postgres') await onPgAdmin(`create database ${pgName}`);
try {
  const bare = await startProcess(['--import', 'tsx', 'bench/bare-server.ts'], {}, /listening (\d+)/);
  children.push(bare.child);
  const barePort = Number(bare.match[1]);

  const port = 30_000 + Math.floor(Math.random() * 10_000);
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ATRIUM_ADMIN_PASSWORD: 'Bench-first-2026', RATE_LIMIT_PER_MINUTE: '0', ...databaseEnv() },
    stdio: 'ignore',
  });
  children.push(server);
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForHealth(baseURL);

  const first = await call<{ token: string }>(baseURL, '/login', { userName: 'admin', password: 'Bench-first-2026' });
  await call(baseURL, '/user/updateDefaultPassword', { newPassword: PASSWORD, confirmPassword: PASSWORD }, first.result.token);
  const login = await call<{ token: string }>(baseURL, '/login', { userName: 'admin', password: PASSWORD });
  if (login.returncode !== 200) throw new Error(`bench sign-in failed: ${login.message}`);

  const results = [
    await drive('bare Fastify GET /bare', { url: `http://127.0.0.1:${barePort}/bare` }),
    await drive('GET /api/user/getCurrentUserInfo (session)', {
      url: `${baseURL}/api/user/getCurrentUserInfo`,
      headers: { token: login.result.token },
    }),
    await drive('POST /api/login (argon2id)', {
      url: `${baseURL}/api/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'admin', password: PASSWORD }),
    }),
  ];

  const baseline = results[0]!.requestsPerSecond;
  console.log(`\nAtrium session benchmark on ${engine}: ${seconds}s per phase, ${connections} connections, node ${process.version}`);
  console.log('| target | requests/s | ratio to bare | p99 at fixed rate (ms) | fixed rate (req/s) | errors |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const r of results) {
    console.log(`| ${r.name} | ${r.requestsPerSecond.toFixed(0)} | ${(r.requestsPerSecond / baseline).toFixed(3)} | ${r.p99AtFixedRateMs < 1 ? '<1' : r.p99AtFixedRateMs.toFixed(0)} | ${r.fixedRate} | ${r.errors} |`);
  }
  if (results.some((r) => r.errors > 0)) process.exitCode = 1;
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 300));
  rmSync(dataDir, { recursive: true, force: true });
  if (engine === 'postgres') await onPgAdmin(`drop database if exists ${pgName} with (force)`);
}
