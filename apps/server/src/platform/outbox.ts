import { randomUUID } from 'node:crypto';
import { MINUTE_MS, type Clock } from './clock.js';
import type { ClaimedOutboxEvent, OutboxRepository } from './outbox.repository.js';

/**
 * The outbox worker (migration 0043): does the work writers left in `outbox_events` with their
 * change, after it committed. Each kind of work has named handlers (a booking change: its
 * invitations, its approval mails); a row is claimed with a lease, handed to every handler not yet
 * done, and deleted once all are done. A claim is done in waves: a row joins the wave after the
 * last one holding a row that shares one of its kind's keys (`orderBy`), so rows sharing a key are
 * done in row order and the rows of one wave share none. A handler registered with `onBatch` gets
 * a wave's rows of its kind together (one read, one write for all of them); others get them one
 * by one, a few side by side. A handler that throws is tried again later on the rows it failed,
 * with the others that failed (the mails of those that succeeded are not sent twice); after the
 * last retry the row stays, given up, for an operator to read.
 *
 * Delivery is at least once: a process that dies while holding a row leaves it to another (or to
 * itself after a restart) once the lease runs out, and the handlers it had not finished run again.
 */

/** Work of one kind: `payload` is what the writer recorded, parsed. */
export type OutboxHandler = (payload: unknown, event: { id: number; companyId: number }) => Promise<void>;

/** A row handed to a batch handler. */
export interface OutboxBatchItem {
  id: number;
  companyId: number;
  payload: unknown;
}

/**
 * Work of one kind for several rows at once; the rows share no key of their kind. Throwing fails
 * them all, and the worker then tries each row alone, so one bad row holds up no other.
 */
export type OutboxBatchHandler = (items: readonly OutboxBatchItem[]) => Promise<void>;

/** How long a claim holds a row: far above the time a batch of mails takes (SMTP timeouts included). */
export const OUTBOX_LEASE_MS = 5 * MINUTE_MS;
/** Waits before each retry of a row whose handler failed; after the last, the row is given up. */
export const OUTBOX_RETRY_DELAYS_MS = [1, 5, 30, 120].map((minutes) => minutes * MINUTE_MS);
/** Rows claimed at once. */
const BATCH = 50;
/** Rows of a wave handed to a one-row handler side by side (PostgreSQL spends most of a row's time waiting on round trips). */
const LANES = 4;

export interface OutboxOptions {
  repository: OutboxRepository;
  clock: Clock;
  log: { error(object: unknown, message: string): void };
  leaseMs?: number;
  newToken?: () => string;
}

export type Outbox = ReturnType<typeof createOutbox>;

type Registered = { name: string; handle: OutboxHandler; handleMany?: undefined } | { name: string; handle?: undefined; handleMany: OutboxBatchHandler };

/** A claimed row while a wave does it. */
interface RowState {
  event: ClaimedOutboxEvent;
  payload: unknown;
  done: Set<string>;
  failures: string[];
}

/** Runs `work` on every item, at most `lanes` at a time. */
async function inLanes<T>(items: readonly T[], lanes: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
}

export function createOutbox({ repository, clock, log, leaseMs = OUTBOX_LEASE_MS, newToken = randomUUID }: OutboxOptions) {
  const handlers = new Map<string, Registered[]>();
  // What orders the rows of a kind: rows sharing a key are done one after another, in row order.
  const orderings = new Map<string, (payload: unknown) => readonly string[]>();

  function keysOf(event: ClaimedOutboxEvent, payload: unknown): readonly string[] {
    const keysFor = orderings.get(event.kind);
    if (!keysFor) return [`${event.kind}:*`];
    try {
      return keysFor(payload).map((key) => `${event.kind}:${key}`);
    } catch {
      return [`${event.kind}:*`];
    }
  }
  let running: Promise<void> | null = null;
  let wokenAgain = false;
  let closed = false;

  /** The claimed rows in waves: each row one wave after the last wave holding a row it shares a key with. */
  function wavesOf(events: readonly ClaimedOutboxEvent[]): RowState[][] {
    const waves: RowState[][] = [];
    const waveOfKey = new Map<string, number>();
    for (const event of events) {
      let payload: unknown;
      try {
        payload = JSON.parse(event.payload);
      } catch (error) {
        // Unreadable: left to its lease, as a row that could not be done.
        log.error({ err: error, outboxEventId: event.id }, 'outbox event failed');
        continue;
      }
      const keys = keysOf(event, payload);
      const wave = Math.max(-1, ...keys.map((key) => waveOfKey.get(key) ?? -1)) + 1;
      (waves[wave] ??= []).push({ event, payload, done: new Set(event.handled), failures: [] });
      for (const key of keys) waveOfKey.set(key, wave);
    }
    return waves;
  }

  function failed(row: RowState, name: string, error: unknown): void {
    log.error({ err: error, outboxEventId: row.event.id, kind: row.event.kind, handler: name }, 'outbox handler failed');
    row.failures.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  }

  /** One handler on the rows of a wave that it has not done yet. */
  async function runHandler(handler: Registered, rows: readonly RowState[]): Promise<void> {
    const pending = rows.filter((row) => !row.done.has(handler.name));
    if (pending.length === 0) return;
    if (handler.handle) {
      const handle = handler.handle;
      await inLanes(pending, LANES, async (row) => {
        try {
          await handle(row.payload, { id: row.event.id, companyId: row.event.companyId });
          row.done.add(handler.name);
        } catch (error) {
          failed(row, handler.name, error);
        }
      });
      return;
    }
    const itemOf = (row: RowState): OutboxBatchItem => ({ id: row.event.id, companyId: row.event.companyId, payload: row.payload });
    try {
      await handler.handleMany(pending.map(itemOf));
      for (const row of pending) row.done.add(handler.name);
      return;
    } catch (error) {
      if (pending.length === 1) return failed(pending[0]!, handler.name, error);
      log.error({ err: error, outboxEventIds: pending.map((row) => row.event.id), handler: handler.name }, 'outbox batch failed, trying its rows one by one');
    }
    for (const row of pending) {
      try {
        await handler.handleMany([itemOf(row)]);
        row.done.add(handler.name);
      } catch (error) {
        failed(row, handler.name, error);
      }
    }
  }

  /** Every handler on a wave's rows, then the bookkeeping: the rows done deleted in one statement, the others postponed. */
  async function runWave(rows: readonly RowState[], token: string): Promise<void> {
    const byKind = new Map<string, RowState[]>();
    for (const row of rows) byKind.set(row.event.kind, [...(byKind.get(row.event.kind) ?? []), row]);
    for (const [kind, own] of byKind) for (const handler of handlers.get(kind) ?? []) await runHandler(handler, own);
    try {
      await repository.completeMany(
        rows.filter((row) => row.failures.length === 0).map((row) => row.event.id),
        token,
      );
    } catch (error) {
      // The rows could not be removed: their lease runs out and they are tried again.
      log.error({ err: error, outboxEventIds: rows.map((row) => row.event.id) }, 'outbox event failed');
    }
    for (const row of rows.filter((each) => each.failures.length > 0)) {
      const attempts = row.event.attempts + 1;
      const delay = OUTBOX_RETRY_DELAYS_MS[attempts - 1];
      try {
        await repository.postpone(row.event.id, token, { handled: [...row.done], attempts, availableAt: delay === undefined ? null : clock.now() + delay, error: row.failures.join('; ') });
      } catch (error) {
        log.error({ err: error, outboxEventId: row.event.id }, 'outbox event failed');
      }
    }
  }

  /** Claims one batch of due rows and does them wave by wave; answers how many it claimed. */
  async function runBatch(): Promise<number> {
    const token = newToken();
    const events = await repository.claim(clock.now(), leaseMs, token, BATCH);
    for (const wave of wavesOf(events)) await runWave(wave, token);
    return events.length;
  }

  async function runUntilEmpty(): Promise<void> {
    do {
      wokenAgain = false;
      while (!closed && (await runBatch()) === BATCH);
    } while (wokenAgain && !closed);
  }

  function start(): Promise<void> {
    // After the current turn: a request that woke the worker answers before its mails are made.
    running ??= new Promise<void>((resolve) => setImmediate(resolve))
      .then(runUntilEmpty)
      .catch((error: unknown) => log.error({ err: error }, 'outbox worker failed'))
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    /** Registers a handler of `kind`; `name` records it as done on a row (keep it stable). */
    on(kind: string, name: string, handle: OutboxHandler): void {
      if (name.includes(',')) throw new Error(`outbox handler names have no commas: ${name}`);
      handlers.set(kind, [...(handlers.get(kind) ?? []), { name, handle }]);
    },

    /** Registers a handler of `kind` that gets a wave's rows together (see OutboxBatchHandler). */
    onBatch(kind: string, name: string, handleMany: OutboxBatchHandler): void {
      if (name.includes(',')) throw new Error(`outbox handler names have no commas: ${name}`);
      handlers.set(kind, [...(handlers.get(kind) ?? []), { name, handleMany }]);
    },

    /** Rows of `kind` sharing a key of `keysOf` are done in row order; others side by side (without: all in order). */
    orderBy(kind: string, keysOf: (payload: unknown) => readonly string[]): void {
      orderings.set(kind, keysOf);
    },

    /** A writer committed a row: do it soon (a worker already running looks again when done). */
    wake(): void {
      if (closed) return;
      if (running) wokenAgain = true;
      else void start();
    },

    /** Does every due row this process can claim, and waits for it (tests, the scheduled pass, close). */
    async drain(): Promise<void> {
      if (closed) return;
      wokenAgain = true;
      while (!closed && (running || wokenAgain)) {
        if (!running) void start();
        await running;
      }
    },

    /** Stops taking rows and waits for the batch in hand. */
    async close(): Promise<void> {
      closed = true;
      await running;
    },
  };
}
