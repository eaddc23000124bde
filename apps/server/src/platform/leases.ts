import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Clock } from './clock.js';

export type Leases = ReturnType<typeof createLeases>;

/**
 * Named leases in the database, so work that must not run twice at once (a company's directory sync,
 * a scheduled job) is claimed by one holder across every server process. Each claim is one atomic
 * statement: an insert of a new lease, or an update that takes over an expired one.
 */
export function createLeases(db: Kysely<DB>, clock: Clock, holder: string = randomUUID()) {
  async function acquire(name: string, ttlMs: number): Promise<boolean> {
    const now = clock.now();
    const inserted = await db
      .insertInto('leases')
      .values({ name, holder, expires_at: now + ttlMs })
      .onConflict((oc) => oc.column('name').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0) return true;
    const taken = await db
      .updateTable('leases')
      .set({ holder, expires_at: now + ttlMs })
      .where('name', '=', name)
      .where('expires_at', '<=', now)
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) > 0;
  }

  /**
   * Takes the lease or extends it when this holder already has it (a leader renewing its term); false when
   * another holder's term has not run out. The extension is one update, so it never takes another's live lease.
   */
  async function hold(name: string, ttlMs: number): Promise<boolean> {
    const now = clock.now();
    const extended = await db
      .updateTable('leases')
      .set({ holder, expires_at: now + ttlMs })
      .where('name', '=', name)
      .where((eb) => eb.or([eb('holder', '=', holder), eb('expires_at', '<=', now)]))
      .executeTakeFirst();
    if (Number(extended.numUpdatedRows) > 0) return true;
    const inserted = await db
      .insertInto('leases')
      .values({ name, holder, expires_at: now + ttlMs })
      .onConflict((oc) => oc.column('name').doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  async function release(name: string): Promise<void> {
    await db.deleteFrom('leases').where('name', '=', name).where('holder', '=', holder).execute();
  }

  return {
    holder,
    acquire,
    hold,
    release,

    /**
     * Runs `work` while holding the lease; answers `{ ran: false }` without running it when someone
     * else holds it. The lease is released afterwards, also when the work fails.
     */
    async withLease<T>(name: string, ttlMs: number, work: () => Promise<T>): Promise<{ ran: true; result: T } | { ran: false }> {
      if (!(await acquire(name, ttlMs))) return { ran: false };
      try {
        return { ran: true, result: await work() };
      } finally {
        await release(name);
      }
    },
  };
}
