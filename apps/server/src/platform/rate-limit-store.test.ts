import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { createMigratedTestDatabase, TEST_DIALECT, type TestDatabase } from '../test/database.js';
import { createSharedRateLimit } from './rate-limit-store.js';

const WINDOW = 60_000;

/** One request counted by a store, as the plugin calls it. */
function incr(store: InstanceType<ReturnType<typeof createSharedRateLimit>['Store']>, key: string) {
  return new Promise<{ current: number; ttl: number }>((resolve, reject) => store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), WINDOW, 100));
}

describe(`the shared rate-limit store (${TEST_DIALECT})`, () => {
  let database: TestDatabase;
  let second: Database;
  beforeAll(async () => {
    database = await createMigratedTestDatabase();
    // A second connection, as a second process has.
    second = openDatabase(database.url);
  });
  afterAll(async () => {
    await second.destroy();
    await database.cleanup();
  });

  it('adds each process\'s requests to one count per key and window, learnt at each flush', async () => {
    let now = 1_000_000;
    const a = createSharedRateLimit(database.db.kysely, { flushMs: 60_000, now: () => now });
    const b = createSharedRateLimit(second.kysely, { flushMs: 60_000, now: () => now });
    const storeA = new a.Store();
    const storeB = new b.Store();
    for (let i = 1; i <= 3; i++) expect(await incr(storeA, '10.0.0.1')).toEqual({ current: i, ttl: WINDOW });
    await incr(storeB, '10.0.0.2');
    now += 1_000;
    // B has not heard of A's requests yet: each judges alone until it flushes.
    expect(await incr(storeB, '10.0.0.1')).toEqual({ current: 1, ttl: WINDOW });
    await a.flush();
    await b.flush();
    // B learnt the total (A's three and its one) and the window A started.
    expect(await incr(storeB, '10.0.0.1')).toEqual({ current: 5, ttl: WINDOW - 1_000 });
    // A learns of B's requests with its own next flush (it has nothing to add before).
    expect(await incr(storeA, '10.0.0.1')).toMatchObject({ current: 4 });
    await b.flush();
    await a.flush();
    expect(await incr(storeA, '10.0.0.1')).toMatchObject({ current: 7 });
    await a.flush();
    const rows = await database.db.kysely.selectFrom('rate_limit_counts').selectAll().orderBy('key').execute();
    expect(rows.map((row) => ({ ...row, window_start: Number(row.window_start) }))).toEqual([
      { key: '10.0.0.1', window_start: 1_000_000, hits: 7 },
      { key: '10.0.0.2', window_start: 1_000_000, hits: 1 },
    ]);

    // A new window after the old one ends, whoever counts first; ended rows leave the table.
    now += WINDOW;
    expect(await incr(storeB, '10.0.0.1')).toEqual({ current: 1, ttl: WINDOW });
    await b.close();
    await a.close();
    const after = await database.db.kysely.selectFrom('rate_limit_counts').selectAll().execute();
    expect(after.map((row) => ({ ...row, window_start: Number(row.window_start) }))).toEqual([{ key: '10.0.0.1', window_start: now, hits: 1 }]);
  });

  it('keeps the counts in an unlogged table on PostgreSQL (no write-ahead log for a minute\'s counter), a plain one on SQLite', async () => {
    const query =
      TEST_DIALECT === 'postgres'
        ? sql<{ kind: string }>`select relpersistence as kind from pg_class where relname = 'rate_limit_counts'`
        : sql<{ kind: string }>`select type as kind from sqlite_master where name = 'rate_limit_counts'`;
    const { rows } = await query.execute(database.db.kysely);
    expect(rows).toEqual([{ kind: TEST_DIALECT === 'postgres' ? 'u' : 'table' }]);
  });

  it('keeps a route\'s own limit apart from the global one', async () => {
    const shared = createSharedRateLimit(database.db.kysely, { flushMs: 60_000 });
    const store = new shared.Store();
    const child = store.child({ routeInfo: { method: 'POST', url: '/api/login' } });
    await incr(store, '10.0.0.9');
    expect(await incr(child as typeof store, '10.0.0.9')).toMatchObject({ current: 1 });
    await shared.close();
    const keys = await database.db.kysely.selectFrom('rate_limit_counts').select('key').where('key', 'like', '%10.0.0.9').orderBy('key').execute();
    expect(keys.map((row) => row.key)).toEqual(['10.0.0.9', 'POST/api/login-10.0.0.9']);
  });
});

describe(`the request rate limit across two processes (${TEST_DIALECT})`, () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ config: { rateLimitPerMinute: 5 } });
    b = await createTestApp({ database: a.database, config: { rateLimitPerMinute: 5 } });
  });
  afterAll(async () => {
    await b.cleanup();
    await a.cleanup();
  });

  const health = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/health' }).then((response) => response.statusCode);

  it('counts an address\'s requests to either process against one budget on PostgreSQL, per process on SQLite', async () => {
    for (let i = 0; i < 5; i++) expect(await health(a)).toBe(200);
    expect(await health(a)).toBe(429);
    // A's counts reach the database within a second; B reads them with its own first flush.
    await sleep(1_300);
    expect(await health(b)).toBe(200);
    await sleep(1_300);
    // PostgreSQL: B now knows of A's six and its own one. SQLite: one process per database, its own count.
    expect(await health(b)).toBe(TEST_DIALECT === 'postgres' ? 429 : 200);
  });
});

describe(`the request rate limit in Redis (REDIS_URL, ${TEST_DIALECT})`, () => {
  const redisUrl = 'redis://127.0.0.1:6379';
  const prefix = `atrium-test-${randomUUID()}:`;
  let a: TestApp;
  let b: TestApp;
  let redis: Redis;
  beforeAll(async () => {
    redis = new Redis(redisUrl);
    a = await createTestApp({ config: { rateLimitPerMinute: 3, redisUrl, redisKeyPrefix: prefix } });
    b = await createTestApp({ database: a.database, config: { rateLimitPerMinute: 3, redisUrl, redisKeyPrefix: prefix } });
  });
  afterAll(async () => {
    await b.cleanup();
    await a.cleanup();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('counts an address\'s requests to either process in Redis under the key prefix, at once', async () => {
    const statuses = [];
    for (const t of [a, b, a, b]) statuses.push((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const keys = await redis.keys(`${prefix}*`);
    expect(keys).toEqual([`${prefix}rate-limit:127.0.0.1`]);
    expect(Number(await redis.get(keys[0]!))).toBe(4);
    expect(await redis.pttl(keys[0]!)).toBeGreaterThan(55_000);
  });
});

describe(`the request rate limit with Redis away (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1.
    t = await createTestApp({ config: { rateLimitPerMinute: 3, redisUrl: 'redis://127.0.0.1:1', redisKeyPrefix: `atrium-test-${randomUUID()}:` } });
  });
  afterAll(() => t.cleanup());

  it('lets requests through rather than failing them when Redis does not answer', async () => {
    const started = Date.now();
    for (let i = 0; i < 5; i++) expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
