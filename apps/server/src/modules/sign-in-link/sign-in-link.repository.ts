import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** A link taken for sign-in: whose it was and until when it held. */
export interface TakenSignInLink {
  companyId: number;
  userId: number;
  expiresAt: number;
  isUserActive: boolean;
}

export type SignInLinkRepository = ReturnType<typeof createSignInLinkRepository>;

/** The one-time sign-in links: only the secret's hash is stored, and a link is gone once taken. */
export function createSignInLinkRepository(db: Kysely<DB>) {
  return {
    async insert(link: { companyId: number; userId: number; tokenHash: string; createdAt: number; expiresAt: number }): Promise<void> {
      await db
        .insertInto('sign_in_links')
        .values({ company_id: link.companyId, user_id: link.userId, token_hash: link.tokenHash, created_at: link.createdAt, expires_at: link.expiresAt })
        .execute();
    },

    /**
     * Takes the link a hash names: of two callers racing for one link, only the one whose delete
     * removed the row gets it, so a link opens one session however many phones scan it.
     */
    async take(tokenHash: string): Promise<TakenSignInLink | undefined> {
      const row = await db
        .selectFrom('sign_in_links')
        .innerJoin('users', (join) => join.onRef('users.id', '=', 'sign_in_links.user_id').onRef('users.company_id', '=', 'sign_in_links.company_id'))
        .select(['sign_in_links.id', 'sign_in_links.company_id', 'sign_in_links.user_id', 'sign_in_links.expires_at', 'users.is_active'])
        .where('sign_in_links.token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row) return undefined;
      const deleted = await db.deleteFrom('sign_in_links').where('id', '=', row.id).executeTakeFirst();
      if (Number(deleted.numDeletedRows) !== 1) return undefined;
      return { companyId: row.company_id, userId: row.user_id, expiresAt: row.expires_at, isUserActive: row.is_active === 1 };
    },

    /** Links a user holds that are still valid (the drawer keeps at most a few). */
    async countLive(companyId: number, userId: number, now: number): Promise<number> {
      const row = await db
        .selectFrom('sign_in_links')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('company_id', '=', companyId)
        .where('user_id', '=', userId)
        .where('expires_at', '>', now)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async deleteExpired(now: number): Promise<void> {
      await db.deleteFrom('sign_in_links').where('expires_at', '<=', now).execute();
    },
  };
}
