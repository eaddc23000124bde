import type { Kysely } from 'kysely';
import type { DB, Gender } from '../../db/schema.js';

export interface ProfileChanges {
  firstName: string;
  lastName: string;
  fullName: string;
  phone: string | null;
  gender: Gender;
  avatar: string | null;
  /** Undefined keeps the stored zone. */
  timeZone?: string | null | undefined;
}

export type PersonalRepository = ReturnType<typeof createPersonalRepository>;

/** The caller's own row and sessions; every query names the caller's company and user. */
export function createPersonalRepository(db: Kysely<DB>) {
  return {
    findOwnProfile(companyId: number, userId: number) {
      return db
        .selectFrom('users')
        .select(['id', 'user_name', 'email', 'first_name', 'last_name', 'full_name', 'phone', 'gender', 'avatar', 'time_zone'])
        .where('company_id', '=', companyId)
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    async updateOwnProfile(companyId: number, userId: number, changes: ProfileChanges, now: number): Promise<void> {
      await db
        .updateTable('users')
        .set({
          first_name: changes.firstName,
          last_name: changes.lastName,
          full_name: changes.fullName,
          phone: changes.phone,
          gender: changes.gender,
          avatar: changes.avatar,
          ...(changes.timeZone !== undefined ? { time_zone: changes.timeZone } : {}),
          updated_at: now,
        })
        .where('company_id', '=', companyId)
        .where('id', '=', userId)
        .execute();
    },

    /** The user's sessions not revoked, not past their absolute end and used since `idleSince`. */
    listLiveSessions(companyId: number, userId: number, now: number, idleSince: number) {
      return db
        .selectFrom('sessions')
        .select(['id', 'created_at', 'last_seen_at', 'ip', 'user_agent'])
        .where('company_id', '=', companyId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .where('last_seen_at', '>', idleSince)
        .orderBy('last_seen_at', 'desc')
        .execute();
    },

    /** Ends one of the user's sessions; answers whether there was a live one to end. */
    async revokeOwnSession(companyId: number, userId: number, sessionId: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('company_id', '=', companyId)
        .where('user_id', '=', userId)
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
