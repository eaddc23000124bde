import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** An active account a reset mail can go to. */
export interface RecoverableAccount {
  id: number;
  companyId: number;
  userName: string;
  fullName: string;
  email: string;
}

/** A live reset link and its user. */
export interface PasswordReset {
  companyId: number;
  userId: number;
  userName: string;
  expiresAt: number;
}

export type PasswordResetRepository = ReturnType<typeof createPasswordResetRepository>;

/** Password reset links: one per user, stored as the SHA-256 of their token. */
export function createPasswordResetRepository(db: Kysely<DB>) {
  return {
    /** The active account whose user name or e-mail is `accountKey` (lower-cased) and that has an e-mail. */
    async findAccount(accountKey: string): Promise<RecoverableAccount | undefined> {
      const rows = await db
        .selectFrom('users')
        .select(['id', 'company_id', 'user_name', 'user_name_lower', 'full_name', 'email'])
        .where((eb) => eb.or([eb('user_name_lower', '=', accountKey), eb('email_lower', '=', accountKey)]))
        .where('is_active', '=', 1)
        .where('email', 'is not', null)
        .limit(2)
        .execute();
      // As at sign-in, a user-name match wins over someone else's e-mail.
      const row = rows.find((candidate) => candidate.user_name_lower === accountKey) ?? rows[0];
      return row && { id: row.id, companyId: row.company_id, userName: row.user_name, fullName: row.full_name, email: row.email! };
    },

    /** A new link for the user; the previous one stops working. */
    async replaceReset(companyId: number, userId: number, tokenHash: string, expiresAt: number, now: number): Promise<void> {
      await db.deleteFrom('password_resets').where('company_id', '=', companyId).where('user_id', '=', userId).execute();
      await db.insertInto('password_resets').values({ company_id: companyId, user_id: userId, token_hash: tokenHash, expires_at: expiresAt, created_at: now }).execute();
    },

    /** The link a token names, if its user is still active. */
    async findReset(tokenHash: string): Promise<PasswordReset | undefined> {
      const row = await db
        .selectFrom('password_resets as r')
        .innerJoin('users as u', (join) => join.onRef('u.id', '=', 'r.user_id').onRef('u.company_id', '=', 'r.company_id'))
        .select(['r.company_id', 'r.user_id', 'r.expires_at', 'u.user_name'])
        .where('r.token_hash', '=', tokenHash)
        .where('u.is_active', '=', 1)
        .executeTakeFirst();
      return row && { companyId: row.company_id, userId: row.user_id, userName: row.user_name, expiresAt: Number(row.expires_at) };
    },

    /** Uses the link up; false when another request used it first (single use). */
    async consumeReset(companyId: number, userId: number, tokenHash: string): Promise<boolean> {
      const used = await db
        .deleteFrom('password_resets')
        .where('company_id', '=', companyId)
        .where('user_id', '=', userId)
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return Number(used.numDeletedRows) > 0;
    },
  };
}
