import type { Kysely } from 'kysely';
import { withKeyLocks } from '../../db/database.js';
import type { DB } from '../../db/schema.js';

/** One account's failures within the window, and those of one address among them. */
export interface AccountFailures {
  /** Failures of the account from every address. */
  total: number;
  /** How many distinct addresses they came from. */
  addresses: number;
  /** The newest of them; null when none. */
  lastAt: number | null;
  /** Failures of the account from the caller's address. */
  pairTotal: number;
  pairLastAt: number | null;
}

/** The queries of the sign-in throttle's tables (migration 0037): attempts not yet successful, and known addresses. */
function loginAttemptQueries(db: Kysely<DB>) {
  const attemptsSince = (since: number) => db.selectFrom('login_attempts').where('at', '>', since);

  return {
    /** Failures since `since` of an account, and those from `address` among them. */
    async countAccountFailures(accountKey: string, address: string, since: number): Promise<AccountFailures> {
      const row = await attemptsSince(since)
        .where('account_key', '=', accountKey)
        .select((eb) => [
          eb.fn.countAll<number>().as('total'),
          eb.fn.count<number>('address').distinct().as('addresses'),
          eb.fn.max<number | null>('at').as('last_at'),
          eb.fn.sum<number | null>(eb.case().when('address', '=', address).then(1).else(0).end()).as('pair_total'),
          eb.fn.max<number | null>(eb.case().when('address', '=', address).then(eb.ref('at')).end()).as('pair_last_at'),
        ])
        .executeTakeFirstOrThrow();
      return {
        total: Number(row.total),
        addresses: Number(row.addresses),
        lastAt: row.last_at === null ? null : Number(row.last_at),
        pairTotal: Number(row.pair_total ?? 0),
        pairLastAt: row.pair_last_at === null ? null : Number(row.pair_last_at),
      };
    },

    /** Times of an address's failures, whatever the account, newest first, at most `limit`. */
    async listAddressFailureTimes(address: string, since: number, limit: number): Promise<number[]> {
      const rows = await attemptsSince(since).where('address', '=', address).select('at').orderBy('at', 'desc').limit(limit).execute();
      return rows.map((row) => Number(row.at));
    },

    async isKnownAddress(accountKey: string, address: string, since: number): Promise<boolean> {
      const row = await db
        .selectFrom('login_known_addresses')
        .select('signed_in_at')
        .where('account_key', '=', accountKey)
        .where('address', '=', address)
        .where('signed_in_at', '>', since)
        .executeTakeFirst();
      return row !== undefined;
    },

    async insertAttempt(accountKey: string, address: string, at: number): Promise<number> {
      const row = await db.insertInto('login_attempts').values({ account_key: accountKey, address, at }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async deleteAttempt(id: number): Promise<void> {
      await db.deleteFrom('login_attempts').where('id', '=', id).execute();
    },

    /** Forgets an account's failures from one address (a success there). */
    async deletePairAttempts(accountKey: string, address: string): Promise<void> {
      await db.deleteFrom('login_attempts').where('account_key', '=', accountKey).where('address', '=', address).execute();
    },

    /** Deletes every attempt up to `before`, of any account: the table never holds more than the window. */
    async deleteAttemptsUpTo(before: number): Promise<void> {
      await db.deleteFrom('login_attempts').where('at', '<=', before).execute();
    },

    /**
     * Records a successful sign-in from an address; keeps the account's `keep` newest and drops
     * every entry, of any account, not renewed since `since`.
     */
    async rememberAddress(accountKey: string, address: string, at: number, { keep, since }: { keep: number; since: number }): Promise<void> {
      await db
        .insertInto('login_known_addresses')
        .values({ account_key: accountKey, address, signed_in_at: at })
        .onConflict((conflict) => conflict.columns(['account_key', 'address']).doUpdateSet({ signed_in_at: at }))
        .execute();
      await db.deleteFrom('login_known_addresses').where('signed_in_at', '<=', since).execute();
      const kept = db
        .selectFrom('login_known_addresses')
        .select('address')
        .where('account_key', '=', accountKey)
        .orderBy('signed_in_at', 'desc')
        .orderBy('address')
        .limit(keep);
      await db.deleteFrom('login_known_addresses').where('account_key', '=', accountKey).where('address', 'not in', kept).execute();
    },
  };
}

export type LoginAttemptQueries = ReturnType<typeof loginAttemptQueries>;
export type LoginThrottleRepository = ReturnType<typeof createLoginThrottleRepository>;

export function createLoginThrottleRepository(db: Kysely<DB>) {
  return {
    ...loginAttemptQueries(db),
    /**
     * Runs `fn` with the queries bound to a write transaction that holds the account's and the
     * address's locks, across processes: checking and claiming an attempt cannot interleave.
     */
    withPairLock<T>(accountKey: string, address: string, fn: (locked: LoginAttemptQueries) => Promise<T>): Promise<T> {
      return withKeyLocks(db, [`login-account:${accountKey}`, `login-address:${address}`], (trx) => fn(loginAttemptQueries(trx)));
    },
  };
}
