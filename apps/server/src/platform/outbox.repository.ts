import { sql, type Kysely } from 'kysely';
import { defineStatement } from '../db/prepared.js';
import type { DB } from '../db/schema.js';

/** An outbox row a worker holds: what to do, and which handlers are already done. */
export interface ClaimedOutboxEvent {
  id: number;
  companyId: number;
  kind: string;
  payload: string;
  handled: string[];
  /** Failed attempts so far. */
  attempts: number;
}

// Compiled once: `add` runs inside every booking's write transaction.
const insertEvent = defineStatement((db: Kysely<DB>, companyId: number, kind: string, payload: string, now: number) =>
  db.insertInto('outbox_events').values({ company_id: companyId, kind, payload, created_at: now, available_at: now }),
);
// PostgreSQL: the same insert also NOTIFYs other processes, delivered when the transaction commits.
const insertEventAndNotify = defineStatement((db: Kysely<DB>, companyId: number, kind: string, payload: string, now: number, channel: string, message: string) =>
  db
    .insertInto('outbox_events')
    .values({ company_id: companyId, kind, payload, created_at: now, available_at: now })
    .returning(sql<string>`pg_notify(${channel}, ${message})::text`.as('notified')),
);

/** A PostgreSQL NOTIFY to send with the row (see `add`). */
export interface OutboxNotify {
  channel: string;
  payload: string;
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;

/** The outbox table (migration 0043): rows added in the writer's transaction, claimed and done by the worker. */
export function createOutboxRepository(db: Kysely<DB>) {
  return {
    /**
     * One row of work, due at once; `db` is the writer's transaction. `notify` (PostgreSQL only)
     * sends a NOTIFY in the same statement, delivered with the commit.
     */
    async add(companyId: number, kind: string, payload: string, now: number, notify?: OutboxNotify): Promise<void> {
      if (notify) await insertEventAndNotify(db, companyId, kind, payload, now, notify.channel, notify.payload);
      else await insertEvent(db, companyId, kind, payload, now);
    },

    /** One row of work due at `availableAt` (a mail to send days before a visit); `db` is the writer's transaction. */
    async addLater(companyId: number, kind: string, payload: string, now: number, availableAt: number): Promise<void> {
      await db.insertInto('outbox_events').values({ company_id: companyId, kind, payload, created_at: now, available_at: Math.max(now, availableAt) }).execute();
    },

    /**
     * Claims up to `limit` due rows (oldest first) that nobody holds, or whose holder's lease ran
     * out, until `now + leaseMs`; a row another worker claims at the same moment is not among them
     * (the UPDATE checks the lease again on each row it changes).
     */
    async claim(now: number, leaseMs: number, token: string, limit: number): Promise<ClaimedOutboxEvent[]> {
      const due = db
        .selectFrom('outbox_events')
        .select('id')
        .where('available_at', '<=', now)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
        .orderBy('available_at')
        .orderBy('id')
        .limit(limit);
      const rows = await db
        .updateTable('outbox_events')
        .set({ claimed_until: now + leaseMs, claim_token: token })
        .where('id', 'in', due)
        .where('available_at', '<=', now)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
        .returning(['id', 'company_id', 'kind', 'payload', 'handled', 'attempts'])
        .execute();
      return rows
        .map((row) => ({ id: row.id, companyId: row.company_id, kind: row.kind, payload: row.payload, handled: row.handled ? row.handled.split(',') : [], attempts: row.attempts }))
        .sort((a, b) => a.id - b.id);
    },

    /** The row is done: gone, unless another worker took it over meanwhile (then it is theirs). */
    async complete(id: number, token: string): Promise<void> {
      await db.deleteFrom('outbox_events').where('id', '=', id).where('claim_token', '=', token).execute();
    },

    /** Rows done: gone, but for those another worker took over meanwhile (then they are theirs). */
    async completeMany(ids: readonly number[], token: string): Promise<void> {
      if (ids.length === 0) return;
      await db.deleteFrom('outbox_events').where('id', 'in', [...ids]).where('claim_token', '=', token).execute();
    },

    /** Some handler failed: the row waits until `availableAt` (null: given up) with the handlers done so far. */
    async postpone(id: number, token: string, outcome: { handled: string[]; attempts: number; availableAt: number | null; error: string }): Promise<void> {
      await db
        .updateTable('outbox_events')
        .set({ handled: outcome.handled.join(','), attempts: outcome.attempts, available_at: outcome.availableAt, last_error: outcome.error.slice(0, 500), claimed_until: null, claim_token: null })
        .where('id', '=', id)
        .where('claim_token', '=', token)
        .execute();
    },

    /** Rows not done yet (given up included), oldest first: for tests and operators. */
    async pending(): Promise<Array<{ id: number; kind: string; payload: string; attempts: number; availableAt: number | null }>> {
      const rows = await db.selectFrom('outbox_events').select(['id', 'kind', 'payload', 'attempts', 'available_at']).orderBy('id').execute();
      return rows.map((row) => ({ id: row.id, kind: row.kind, payload: row.payload, attempts: row.attempts, availableAt: row.available_at === null ? null : Number(row.available_at) }));
    },
  };
}
