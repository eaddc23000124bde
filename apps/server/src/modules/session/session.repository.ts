import type { Kysely } from 'kysely';
import type { Permission } from '@atrium/contract';
import type { DB } from '../../db/schema.js';
import type { PasswordChangeReason } from '../../platform/access.js';
import { prepareQuery } from '../../db/prepared.js';
import { parsePermissions } from '../role/role.repository.js';

export interface NewSession {
  tokenHash: string;
  userId: number;
  companyId: number;
  createdAt: number;
  expiresAt: number;
  ip: string | null;
  userAgent: string | null;
  mustChangePassword: boolean;
  /** Why the password must change; defaults to 'initial' when `mustChangePassword` is set. */
  passwordChangeReason?: PasswordChangeReason | null;
}

/** A session that is neither revoked nor of an inactive user; times are checked by the service. */
export interface LiveSession {
  id: number;
  userId: number;
  companyId: number;
  lastSeenAt: number;
  expiresAt: number;
  mustChangePassword: boolean;
  passwordChangeReason: PasswordChangeReason | null;
  /** The user's role's permissions as stored now, so a role change counts from the next request. */
  permissions: readonly Permission[];
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;

export function createSessionRepository(db: Kysely<DB>) {
  // Every authenticated request runs this lookup: it is compiled once (db/prepared.ts).
  const selectLiveSession = prepareQuery(db, (tokenHash: string) =>
    db
      .selectFrom('sessions as s')
      .innerJoin('users as u', (join) => join.onRef('u.id', '=', 's.user_id').onRef('u.company_id', '=', 's.company_id'))
      .innerJoin('roles as r', (join) => join.onRef('r.id', '=', 'u.role_id').onRef('r.company_id', '=', 'u.company_id'))
      .select(['s.id', 's.user_id', 's.company_id', 's.last_seen_at', 's.expires_at', 's.must_change_password', 's.password_change_reason', 'r.permissions'])
      .where('s.token_hash', '=', tokenHash)
      .where('s.revoked_at', 'is', null)
      .where('u.is_active', '=', 1),
  );

  return {
    async insertSession(session: NewSession): Promise<number> {
      const row = await db
        .insertInto('sessions')
        .values({
          token_hash: session.tokenHash,
          user_id: session.userId,
          company_id: session.companyId,
          created_at: session.createdAt,
          last_seen_at: session.createdAt,
          expires_at: session.expiresAt,
          revoked_at: null,
          ip: session.ip,
          user_agent: session.userAgent,
          must_change_password: session.mustChangePassword ? 1 : 0,
          password_change_reason: session.mustChangePassword ? (session.passwordChangeReason ?? 'initial') : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** One indexed lookup joining the session, its user and the user's role (same company throughout). */
    async findLiveSession(tokenHash: string): Promise<LiveSession | undefined> {
      const [row] = await selectLiveSession(tokenHash);
      if (!row) return undefined;
      return {
        id: row.id,
        userId: row.user_id,
        companyId: row.company_id,
        lastSeenAt: row.last_seen_at,
        expiresAt: row.expires_at,
        mustChangePassword: row.must_change_password === 1,
        passwordChangeReason: row.must_change_password === 1 ? (row.password_change_reason ?? 'initial') : null,
        permissions: parsePermissions(row.permissions),
      };
    },

    async touchSession(companyId: number, sessionId: number, now: number): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ last_seen_at: now })
        .where('company_id', '=', companyId)
        .where('id', '=', sessionId)
        .execute();
    },

    async revokeSession(companyId: number, sessionId: number, now: number): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('company_id', '=', companyId)
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** Ends every live session of a user, except `keepSessionId` when given. */
    async revokeUserSessions(companyId: number, userId: number, now: number, keepSessionId?: number): Promise<void> {
      let query = db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('company_id', '=', companyId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null);
      if (keepSessionId !== undefined) query = query.where('id', '!=', keepSessionId);
      await query.execute();
    },
  };
}
