import type { Kysely } from 'kysely';
import type { DB, MailRequestTable } from '../../db/schema.js';

/** A registration code row as the service works with it. */
export interface RegistrationCode {
  id: number;
  emailLower: string;
  codeHash: string;
  codeExpiresAt: number;
  wrongTries: number;
  sentAt: number;
  tokenExpiresAt: number | null;
}

export type MailRequestKind = MailRequestTable['kind'];

export type RegistrationRepository = ReturnType<typeof createRegistrationRepository>;

/** Registration codes and tokens (not company data: no company exists yet), and mail request counts. */
export function createRegistrationRepository(db: Kysely<DB>) {
  const columns = ['id', 'email_lower', 'code_hash', 'code_expires_at', 'wrong_tries', 'sent_at', 'token_expires_at'] as const;
  const toCode = (row: { id: number; email_lower: string; code_hash: string; code_expires_at: number; wrong_tries: number; sent_at: number; token_expires_at: number | null }): RegistrationCode => ({
    id: row.id,
    emailLower: row.email_lower,
    codeHash: row.code_hash,
    codeExpiresAt: Number(row.code_expires_at),
    wrongTries: row.wrong_tries,
    sentAt: Number(row.sent_at),
    tokenExpiresAt: row.token_expires_at === null ? null : Number(row.token_expires_at),
  });

  return {
    async findCode(emailLower: string): Promise<RegistrationCode | undefined> {
      const row = await db.selectFrom('registration_codes').select(columns).where('email_lower', '=', emailLower).executeTakeFirst();
      return row ? toCode(row) : undefined;
    },

    async findByToken(tokenHash: string): Promise<RegistrationCode | undefined> {
      const row = await db.selectFrom('registration_codes').select(columns).where('token_hash', '=', tokenHash).executeTakeFirst();
      return row ? toCode(row) : undefined;
    },

    /** Stores a fresh code for the address; it replaces any earlier code and token. */
    async replaceCode(emailLower: string, codeHash: string, codeExpiresAt: number, now: number): Promise<void> {
      const fresh = { code_hash: codeHash, code_expires_at: codeExpiresAt, wrong_tries: 0, sent_at: now, token_hash: null, token_expires_at: null };
      await db
        .insertInto('registration_codes')
        .values({ email_lower: emailLower, ...fresh })
        .onConflict((conflict) => conflict.column('email_lower').doUpdateSet(fresh))
        .execute();
    },

    /** Counts a wrong entry unless the code is already used up; answers whether it was counted. */
    async countWrongTry(id: number, maxTries: number): Promise<boolean> {
      const result = await db
        .updateTable('registration_codes')
        .set((eb) => ({ wrong_tries: eb('wrong_tries', '+', 1) }))
        .where('id', '=', id)
        .where('wrong_tries', '<', maxTries)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The code was right: it stops working, and the token takes its place. */
    async exchangeCodeForToken(id: number, tokenHash: string, tokenExpiresAt: number): Promise<void> {
      await db
        .updateTable('registration_codes')
        .set({ code_expires_at: 0, token_hash: tokenHash, token_expires_at: tokenExpiresAt })
        .where('id', '=', id)
        .execute();
    },

    /** Uses the token up; false when another request used it first. */
    async consumeToken(id: number, tokenHash: string): Promise<boolean> {
      const result = await db.deleteFrom('registration_codes').where('id', '=', id).where('token_hash', '=', tokenHash).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Times of the mail requests of a key since `since`, newest first. */
    async listMailRequestTimes(kind: MailRequestKind, key: string, since: number, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('mail_requests')
        .select('at')
        .where('kind', '=', kind)
        .where('key', '=', key)
        .where('at', '>', since)
        .orderBy('at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => Number(row.at));
    },

    /** Records a request and forgets the key's requests older than `forgetBefore`. */
    async recordMailRequest(kind: MailRequestKind, key: string, at: number, forgetBefore: number): Promise<void> {
      await db.deleteFrom('mail_requests').where('kind', '=', kind).where('key', '=', key).where('at', '<=', forgetBefore).execute();
      await db.insertInto('mail_requests').values({ kind, key, at }).execute();
    },
  };
}
