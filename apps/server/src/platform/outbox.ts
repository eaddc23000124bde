import { randomUUID } from 'node:crypto';
import { MINUTE_MS, type Clock } from './clock.js';
import type { ClaimedOutboxEvent, OutboxRepository } from './outbox.repository.js';

/**
 * The outbox worker (migration 0043): does the work writers left in `outbox_events` with their
 * change, after it committed. Each kind of work has named handlers (a booking change: its
 * invitations, its approval mails); a row is claimed with a lease, handed to every handler not yet
 * done, and deleted once all are done; rows that share none of their kind's keys are done side by
 * side (`orderBy`). A handler that throws is tried again later with the others
 * that failed (the mails of those that succeeded are not sent twice); after the last retry the row
 * stays, given up, for an operator to read.
 *
 * Delivery is at least once: a process that dies while holding a row leaves it to another (or to
 * itself after a restart) once the lease runs out, and the handlers it had not finished run again.
 */

/** Work of one kind: `payload` is what the writer recorded, parsed. */
export type OutboxHandler = (payload: unknown, event: { id: number; companyId: number }) => Promise<void>;

/** How long a claim holds a row: far above the time a batch of mails takes (SMTP timeouts included). */
export const OUTBOX_LEASE_MS = 5 * MINUTE_MS;
/** Waits before each retry of a row whose handler failed; after the last, the row is given up. */
export const OUTBOX_RETRY_DELAYS_MS = [1, 5, 30, 120].map((minutes) => minutes * MINUTE_MS);
/** Rows claimed at once. */
const BATCH = 50;
/** Rows of a batch done side by side (PostgreSQL spends most of a row's time waiting on round trips). */
const LANES = 4;

export interface OutboxOptions {
  repository: OutboxRepository;
  clock: Clock;
  log: { error(object: unknown, message: string): void };
  leaseMs?: number;
  newToken?: () => string;
}

export type Outbox = ReturnType<typeof createOutbox>;

export function createOutbox({ repository, clock, log, leaseMs = OUTBOX_LEASE_MS, newToken = randomUUID }: OutboxOptions) {
  const handlers = new Map<string, Array<{ name: string; handle: OutboxHandler }>>();
  // What orders the rows of a kind: rows sharing a key are done one after another, in row order.
  const orderings = new Map<string, (payload: unknown) => readonly string[]>();

  function keysOf(event: ClaimedOutboxEvent): readonly string[] {
    const keysFor = orderings.get(event.kind);
    if (!keysFor) return [`${event.kind}:*`];
    try {
      return keysFor(JSON.parse(event.payload)).map((key) => `${event.kind}:${key}`);
    } catch {
      return [`${event.kind}:*`];
    }
  }
  let running: Promise<void> | null = null;
  let wokenAgain = false;
  let closed = false;

  async function handleOne(event: ClaimedOutboxEvent, token: string): Promise<void> {
    const done = new Set(event.handled);
    const failures: string[] = [];
    const payload: unknown = JSON.parse(event.payload);
    for (const { name, handle } of handlers.get(event.kind) ?? []) {
      if (done.has(name)) continue;
      try {
        await handle(payload, { id: event.id, companyId: event.companyId });
        done.add(name);
      } catch (error) {
        log.error({ err: error, outboxEventId: event.id, kind: event.kind, handler: name }, 'outbox handler failed');
        failures.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (failures.length === 0) {
      await repository.complete(event.id, token);
      return;
    }
    const attempts = event.attempts + 1;
    const delay = OUTBOX_RETRY_DELAYS_MS[attempts - 1];
    await repository.postpone(event.id, token, { handled: [...done], attempts, availableAt: delay === undefined ? null : clock.now() + delay, error: failures.join('; ') });
  }

  /**
   * Claims one batch of due rows and does them, up to LANES at a time; a row waits for the earlier
   * rows that share a key with it (a booking change: its meetings), so each meeting's mails keep
   * their order. Answers how many it claimed.
   */
  async function runBatch(): Promise<number> {
    const token = newToken();
    const events = await repository.claim(clock.now(), leaseMs, token, BATCH);
    const lastOfKey = new Map<string, Promise<void>>();
    const inFlight = new Set<Promise<void>>();
    for (const event of events) {
      while (inFlight.size >= LANES) await Promise.race(inFlight);
      const keys = keysOf(event);
      const earlier = keys.flatMap((key) => lastOfKey.get(key) ?? []);
      const task: Promise<void> = Promise.all(earlier)
        .then(() => handleOne(event, token))
        // The row itself could not be read or updated: its lease runs out and it is tried again.
        .catch((error: unknown) => log.error({ err: error, outboxEventId: event.id }, 'outbox event failed'))
        .finally(() => inFlight.delete(task));
      inFlight.add(task);
      for (const key of keys) lastOfKey.set(key, task);
    }
    await Promise.all(inFlight);
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
