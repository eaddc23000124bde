import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { PasswordChangeReason } from '../../platform/access.js';
import { changeStampSql } from '../../db/database.js';
import { prepareQuery } from '../../db/prepared.js';
import { selectProfiles, toUserProfile, type UserProfile } from '../user/user.repository.js';

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
  /** The user's role as stored now, so a role change counts from the next request. */
  roleId: number;
  lastSeenAt: number;
  expiresAt: number;
  mustChangePassword: boolean;
  passwordChangeReason: PasswordChangeReason | null;
  /** The company's access version (roles, password policy; migration 0042), 0 before any write. */
  accessVersion: number;
  /** The user's profile, when the lookup asked for it. */
  profile: UserProfile | null;
  /** The database's change stamp (`Database.changeStamp`) as the session was read. */
  changeStamp: string;
}

/** The session's columns, with names that do not clash with a profile's. */
const SESSION_COLUMNS = [
  's.id as session_id',
  's.last_seen_at',
  's.expires_at',
  's.must_change_password as session_must_change_password',
  's.password_change_reason',
  'av.version as access_version',
] as const;

interface SessionRow {
  session_id: number;
  last_seen_at: number;
  expires_at: number;
  session_must_change_password: number;
  password_change_reason: PasswordChangeReason | null;
  access_version: number | null;
  change_stamp: string;
}

const toLiveSession = (row: SessionRow, user: { id: number; company_id: number; role_id: number }, profile: UserProfile | null = null): LiveSession => ({
  id: row.session_id,
  userId: user.id,
  companyId: user.company_id,
  roleId: user.role_id,
  lastSeenAt: row.last_seen_at,
  expiresAt: row.expires_at,
  mustChangePassword: row.session_must_change_password === 1,
  passwordChangeReason: row.session_must_change_password === 1 ? (row.password_change_reason ?? 'initial') : null,
  accessVersion: row.access_version ?? 0,
  profile,
  changeStamp: row.change_stamp,
});

export type SessionRepository = ReturnType<typeof createSessionRepository>;

export function createSessionRepository(db: Kysely<DB>) {
  // Every authenticated request runs one of the two lookups, and a touch a minute: compiled once (db/prepared.ts).
  // Both read the change stamp too: taken before anything else the request reads, it lets the
  // request's reads kept in memory (the board's) skip a round trip of their own.
  const changeStamp = changeStampSql(db).as('change_stamp');
  const selectLiveSession = prepareQuery(db, (tokenHash: string) =>
    db
      .selectFrom('sessions as s')
      .innerJoin('users as u', (join) => join.onRef('u.id', '=', 's.user_id').onRef('u.company_id', '=', 's.company_id'))
      .leftJoin('access_versions as av', 'av.company_id', 's.company_id')
      .select([...SESSION_COLUMNS, changeStamp, 'u.id', 'u.company_id', 'u.role_id'])
      .where('s.token_hash', '=', tokenHash)
      .where('s.revoked_at', 'is', null)
      .where('u.is_active', '=', 1),
  );
  const selectLiveSessionWithProfile = prepareQuery(db, (tokenHash: string) =>
    selectProfiles(db)
      .innerJoin('sessions as s', (join) => join.onRef('s.user_id', '=', 'u.id').onRef('s.company_id', '=', 'u.company_id'))
      .leftJoin('access_versions as av', 'av.company_id', 's.company_id')
      .select([...SESSION_COLUMNS, changeStamp])
      .where('s.token_hash', '=', tokenHash)
      .where('s.revoked_at', 'is', null)
      .where('u.is_active', '=', 1),
  );
  const updateLastSeen = prepareQuery(db, (companyId: number, sessionId: number, now: number) =>
    db.updateTable('sessions').set({ last_seen_at: now }).where('company_id', '=', companyId).where('id', '=', sessionId),
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

    /** One indexed lookup of the session, its user and the company's access version. */
    async findLiveSession(tokenHash: string): Promise<LiveSession | undefined> {
      const [row] = await selectLiveSession(tokenHash);
      return row && toLiveSession(row, row);
    },

    /** The same lookup with the user's profile, in the same query (routes that present the caller). */
    async findLiveSessionWithProfile(tokenHash: string): Promise<LiveSession | undefined> {
      const [row] = await selectLiveSessionWithProfile(tokenHash);
      return row && toLiveSession(row, row, toUserProfile(row));
    },

    async touchSession(companyId: number, sessionId: number, now: number): Promise<void> {
      await updateLastSeen(companyId, sessionId, now);
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
