import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { drive, engine, printTable, withBenchServer, type Figures } from './support.js';

// What the request rate limiter costs on every request, by where it counts (decision 0022): GET /api/health
// (headers, hooks, envelope, `select 1`) with the limiter off, on (in memory on SQLite; on PostgreSQL shared
// through the database: judged in memory, each process's counts added once a second) and on in Redis
// (REDIS_URL, the local Redis on 6379: a Lua script per request). A budget no run reaches, so every answer is
// a 200. Run with `BENCH_DB=postgres npm run rate-limit -w bench` (after `npm run build`).

const LIMIT = { RATE_LIMIT_PER_MINUTE: '1000000' };
const prefix = `atrium-bench-${randomUUID()}:`;
const results: Figures[] = [];

async function measure(name: string, env: Record<string, string>, withBare = false) {
  await withBenchServer(async ({ bareURL, baseURL, serverCpu, bareCpu }) => {
    if (withBare) results.push(await drive('bare Fastify GET /bare', { url: bareURL, cpuOf: bareCpu }));
    results.push(await drive(name, { url: `${baseURL}/api/health`, cpuOf: serverCpu }));
  }, env);
}

await measure('GET /api/health, limiter off', {}, true);
await measure('GET /api/health, limiter on in Redis', { ...LIMIT, REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: prefix });
await measure(`GET /api/health, limiter on (${engine === 'postgres' ? 'shared through the database' : 'in memory'})`, LIMIT);
const redis = new Redis('redis://127.0.0.1:6379');
const keys = await redis.keys(`${prefix}*`);
if (keys.length > 0) await redis.del(...keys);
await redis.quit();
printTable('Rate limiter cost', results);
if (results.some((r) => r.errors > 0)) process.exitCode = 1;
