import type { Kysely, Selectable } from 'kysely';
import type { DB, IdempotencyKeyTable } from '../db/schema.js';

export type IdempotencyKeyRow = Selectable<IdempotencyKeyTable>;

/** Whose key it is: keys of different callers never meet. */
export interface KeyOwner {
  companyId: number;
  /** `user:<id>` or `device:<id>`. */
  caller: string;
  key: string;
}

/** The answer kept for a key, sent again to its retries. */
export interface StoredAnswer {
  statusCode: number;
  contentType: string | null;
  body: string;
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;

/** The `idempotency_keys` table (platform/idempotency.ts holds the rules). */
export function createIdempotencyRepository(db: Kysely<DB>) {
  const byOwner = (owner: KeyOwner) => db.selectFrom('idempotency_keys').where('company_id', '=', owner.companyId).where('caller', '=', owner.caller).where('idempotency_key', '=', owner.key);

  return {
    /** Claims a key that has no row; answers the new row's id, or undefined when the key has one (the unique index decides). */
    async insertClaim(owner: KeyOwner, claim: { fingerprint: string; claimToken: string; now: number; expiresAt: number }): Promise<number | undefined> {
      const row = await db
        .insertInto('idempotency_keys')
        .values({
          company_id: owner.companyId,
          caller: owner.caller,
          idempotency_key: owner.key,
          fingerprint: claim.fingerprint,
          claim_token: claim.claimToken,
          claimed_at: claim.now,
          created_at: claim.now,
          expires_at: claim.expiresAt,
        })
        .onConflict((oc) => oc.columns(['company_id', 'caller', 'idempotency_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    findByOwner(owner: KeyOwner): Promise<IdempotencyKeyRow | undefined> {
      return byOwner(owner).selectAll().executeTakeFirst();
    },

    /** Takes over a claim whose request never answered: only if nobody else took it or answered meanwhile. */
    async takeOver(id: number, previousToken: string, claimToken: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('idempotency_keys')
        .set({ claim_token: claimToken, claimed_at: now })
        .where('id', '=', id)
        .where('claim_token', '=', previousToken)
        .where('completed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Stores the answer of the request holding the claim; answers false when it no longer holds it. */
    async complete(id: number, claimToken: string, answer: StoredAnswer, now: number): Promise<boolean> {
      const result = await db
        .updateTable('idempotency_keys')
        .set({ completed_at: now, status_code: answer.statusCode, content_type: answer.contentType, response_body: answer.body })
        .where('id', '=', id)
        .where('claim_token', '=', claimToken)
        .where('completed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Gives a claim up (the request failed on our side): the key is free for the retry. */
    async release(id: number, claimToken: string): Promise<void> {
      await db.deleteFrom('idempotency_keys').where('id', '=', id).where('claim_token', '=', claimToken).where('completed_at', 'is', null).execute();
    },

    /** Removes one key's row if it has expired. */
    async removeIfExpired(id: number, now: number): Promise<void> {
      await db.deleteFrom('idempotency_keys').where('id', '=', id).where('expires_at', '<=', now).execute();
    },

    /** Removes up to `limit` expired rows, oldest first; answers how many went. */
    async removeExpired(now: number, limit: number): Promise<number> {
      const result = await db
        .deleteFrom('idempotency_keys')
        .where('id', 'in', (eb) => eb.selectFrom('idempotency_keys').select('id').where('expires_at', '<=', now).orderBy('expires_at').limit(limit))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
