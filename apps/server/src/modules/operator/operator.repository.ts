import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** An operator as sign-in reads them. */
export interface OperatorAccount {
  id: number;
  userName: string;
  userNameLower: string;
  fullName: string;
  passwordHash: string;
}

/** A live (not revoked) operator session; times are checked by the service. */
export interface LiveOperatorSession {
  id: number;
  operatorId: number;
  lastSeenAt: number;
  expiresAt: number;
}

export type OperatorRepository = ReturnType<typeof createOperatorRepository>;

/** Operators and their sessions (migration 0074): no company column, no company reads. */
export function createOperatorRepository(db: Kysely<DB>) {
  const toAccount = (row: { id: number; user_name: string; user_name_lower: string; full_name: string; password_hash: string }): OperatorAccount => ({
    id: row.id,
    userName: row.user_name,
    userNameLower: row.user_name_lower,
    fullName: row.full_name,
    passwordHash: row.password_hash,
  });

  return {
    async findByName(userNameLower: string): Promise<OperatorAccount | undefined> {
      const row = await db.selectFrom('operators').selectAll().where('user_name_lower', '=', userNameLower).executeTakeFirst();
      return row && toAccount(row);
    },

    async findById(id: number): Promise<OperatorAccount | undefined> {
      const row = await db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toAccount(row);
    },

    async countOperators(): Promise<number> {
      const row = await db.selectFrom('operators').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insertOperator(operator: { userName: string; fullName: string; passwordHash: string; now: number }): Promise<number> {
      const row = await db
        .insertInto('operators')
        .values({
          user_name: operator.userName,
          user_name_lower: operator.userName.toLowerCase(),
          full_name: operator.fullName,
          password_hash: operator.passwordHash,
          created_at: operator.now,
          updated_at: operator.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updatePassword(id: number, passwordHash: string, now: number): Promise<void> {
      await db.updateTable('operators').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', id).execute();
    },

    async insertSession(session: { tokenHash: string; operatorId: number; now: number; expiresAt: number; ip: string | null; userAgent: string | null }): Promise<number> {
      const row = await db
        .insertInto('operator_sessions')
        .values({
          token_hash: session.tokenHash,
          operator_id: session.operatorId,
          created_at: session.now,
          last_seen_at: session.now,
          expires_at: session.expiresAt,
          revoked_at: null,
          ip: session.ip,
          user_agent: session.userAgent,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async findLiveSession(tokenHash: string): Promise<LiveOperatorSession | undefined> {
      const row = await db
        .selectFrom('operator_sessions')
        .select(['id', 'operator_id', 'last_seen_at', 'expires_at'])
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return row && { id: row.id, operatorId: row.operator_id, lastSeenAt: Number(row.last_seen_at), expiresAt: Number(row.expires_at) };
    },

    async touchSession(id: number, now: number): Promise<void> {
      await db.updateTable('operator_sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
    },

    async revokeSession(id: number, now: number): Promise<void> {
      await db.updateTable('operator_sessions').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute();
    },

    /** Ends every session of an operator (a password set again at start-up). */
    async revokeOperatorSessions(operatorId: number, now: number): Promise<void> {
      await db.updateTable('operator_sessions').set({ revoked_at: now }).where('operator_id', '=', operatorId).where('revoked_at', 'is', null).execute();
    },
  };
}
