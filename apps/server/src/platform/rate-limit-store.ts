import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/** What @fastify/rate-limit asks of a store (its `store` option): `incr` per request, `child` per route. */
interface RateLimitStore {
  incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number, max: number): void;
  read(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void;
  child(routeOptions: { routeInfo: { method?: string; url?: string } }): RateLimitStore;
}

export interface SharedRateLimitOptions {
  /** How long this process's counts wait before they are added to the shared row (one statement for all keys). */
  flushMs?: number;
  /** The most keys kept in memory; the oldest are dropped beyond it (their shared rows stay). */
  maxKeys?: number;
  now?: () => number;
  log?: { warn(object: unknown, message: string): void };
}

interface Count {
  /** Start of the window, as the shared row has it once synced. */
  windowStart: number;
  windowMs: number;
  /** Requests in the window every process had added to the shared row when this process last synced. */
  shared: number;
  /** This process's requests not yet added. */
  pending: number;
}

export interface SharedRateLimit {
  /** The constructor to hand @fastify/rate-limit as `store`. */
  Store: new () => RateLimitStore;
  /** Adds the pending counts now and learns the others' (also run by the timer). */
  flush(): Promise<void>;
  /** Flushes what is pending and stops the timer. */
  close(): Promise<void>;
}

/**
 * The request rate limiter's counts shared by every process on one database (decision 0022), for
 * PostgreSQL without Redis. A request is judged in memory, at the count this process last read from
 * the database plus its own requests since; at most every `flushMs` (only while requests come) one
 * statement adds this process's new requests to `rate_limit_counts` for all keys at once and reads the
 * totals back. Writing per request would cost a round trip each and, worse, move PostgreSQL's change stamp
 * on every request (pg_current_snapshot: each write takes a transaction id), emptying the caches kept by
 * it (the board, decision 0015). The price: an address is refused up to `flushMs` late in one process for
 * requests it made to another; a window is fixed from the first request any process added.
 */
export function createSharedRateLimit(db: Kysely<DB>, options: SharedRateLimitOptions = {}): SharedRateLimit {
  const flushMs = options.flushMs ?? 1000;
  const maxKeys = options.maxKeys ?? 20_000;
  const now = options.now ?? Date.now;
  const counts = new Map<string, Count>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | null = null;
  let prunedAt = 0;
  let closed = false;

  function schedule() {
    if (timer || closed) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, flushMs);
    timer.unref();
  }

  function incr(key: string, timeWindow: number): { current: number; ttl: number } {
    const at = now();
    let count = counts.get(key);
    if (!count || count.windowStart + count.windowMs <= at) {
      if (count) counts.delete(key);
      else if (counts.size >= maxKeys) counts.delete(counts.keys().next().value!);
      // A new window here; the shared row may hold another process's, learnt at the next flush.
      count = { windowStart: at, windowMs: timeWindow, shared: 0, pending: 0 };
    } else {
      counts.delete(key);
    }
    // Kept in order of last use, so the first key is the one to drop.
    counts.set(key, count);
    count.pending++;
    schedule();
    return { current: count.shared + count.pending, ttl: count.windowStart + count.windowMs - at };
  }

  async function write(): Promise<void> {
    const at = now();
    const batch = [...counts].filter(([, count]) => count.pending > 0).map(([key, count]) => ({ key, count, added: count.pending }));
    // One statement per window length (the limiter has one; a route of its own may have another).
    for (const windowMs of new Set(batch.map(({ count }) => count.windowMs))) {
      const part = batch.filter(({ count }) => count.windowMs === windowMs);
      // One window per key: the row's, unless it has ended (then this process's starts it again).
      const ended = sql<boolean>`rate_limit_counts.window_start + ${windowMs} <= ${at}`;
      const rows = await db
        .insertInto('rate_limit_counts')
        .values(part.map(({ key, count, added }) => ({ key, window_start: count.windowStart, hits: added })))
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            hits: sql<number>`case when ${ended} then excluded.hits else rate_limit_counts.hits + excluded.hits end`,
            window_start: sql<number>`case when ${ended} then excluded.window_start else rate_limit_counts.window_start end`,
          }),
        )
        .returning(['key', 'window_start', 'hits'])
        .execute();
      const byKey = new Map(rows.map((row) => [row.key, row]));
      for (const { key, count, added } of part) {
        const row = byKey.get(key);
        count.pending -= added;
        if (!row) continue;
        count.windowStart = Number(row.window_start);
        count.shared = Number(row.hits);
      }
    }
    // Ended windows leave memory and, at most once a window, the table (whoever is first).
    for (const [key, count] of counts) if (count.pending === 0 && count.windowStart + count.windowMs <= at) counts.delete(key);
    const windowMs = batch[0]?.count.windowMs ?? 0;
    if (windowMs > 0 && at - prunedAt >= windowMs) {
      prunedAt = at;
      await db.deleteFrom('rate_limit_counts').where('window_start', '<', at - windowMs).execute();
    }
  }

  async function flush(): Promise<void> {
    while (flushing) await flushing;
    flushing = write()
      .catch((error: unknown) => {
        // The counts stay pending and go with the next flush; meanwhile this process judges alone.
        options.log?.warn({ err: error }, 'rate limit counts not shared');
      })
      .finally(() => {
        flushing = null;
      });
    await flushing;
    if ([...counts.values()].some((count) => count.pending > 0)) schedule();
  }

  class SharedStore implements RateLimitStore {
    constructor(private readonly prefix = '') {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      callback(null, incr(this.prefix + key, timeWindow));
    }

    read(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void) {
      const count = counts.get(this.prefix + key);
      const at = now();
      if (!count || count.windowStart + count.windowMs <= at) callback(null, { current: 0, ttl: 0 });
      else callback(null, { current: count.shared + count.pending, ttl: count.windowStart + count.windowMs - at });
    }

    child(routeOptions: { routeInfo: { method?: string; url?: string } }): RateLimitStore {
      return new SharedStore(`${this.prefix}${routeOptions.routeInfo.method ?? ''}${routeOptions.routeInfo.url ?? ''}-`);
    }
  }

  return {
    Store: class extends SharedStore {
      constructor() {
        super();
      }
    },
    flush,
    async close() {
      closed = true;
      clearTimeout(timer);
      timer = undefined;
      await flush();
    },
  };
}
