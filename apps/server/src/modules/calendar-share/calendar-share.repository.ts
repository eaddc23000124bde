import type { Kysely } from 'kysely';
import type { CalendarShareLevel, CalendarSharePerson } from '@atrium/contract';
import type { DB } from '../../db/schema.js';

export type CalendarShareRepository = ReturnType<typeof createCalendarShareRepository>;

/** Who may see whose calendar; every query names the company. */
export function createCalendarShareRepository(db: Kysely<DB>) {
  const people = (companyId: number, side: 'owner_user_id' | 'grantee_user_id', otherSide: 'owner_user_id' | 'grantee_user_id', userId: number) =>
    db
      .selectFrom('calendar_shares as s')
      .innerJoin('users as u', (join) => join.onRef('u.id', '=', `s.${otherSide}`).onRef('u.company_id', '=', 's.company_id'))
      .select(['u.id as user_id', 'u.full_name', 's.level', 's.created_at'])
      .where('s.company_id', '=', companyId)
      .where(`s.${side}`, '=', userId)
      .where('u.is_active', '=', 1)
      .orderBy('u.full_name')
      .orderBy('u.id')
      .execute()
      .then((rows): CalendarSharePerson[] =>
        rows.map((row) => ({ userId: row.user_id, name: row.full_name, level: row.level as CalendarShareLevel, createdAt: Number(row.created_at) })),
      );

  return {
    /** The colleagues a calendar is shared with. */
    sharesOf: (companyId: number, ownerUserId: number) => people(companyId, 'owner_user_id', 'grantee_user_id', ownerUserId),
    /** The calendars shared with a colleague, by their owners. */
    sharedWith: (companyId: number, granteeUserId: number) => people(companyId, 'grantee_user_id', 'owner_user_id', granteeUserId),

    /** The owners whose calendars the grantee edits or manages: the colleagues they may book for. */
    async ownersDelegating(companyId: number, granteeUserId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('calendar_shares')
        .select('owner_user_id')
        .where('company_id', '=', companyId)
        .where('grantee_user_id', '=', granteeUserId)
        .where('level', 'in', ['editor', 'manager'])
        .execute();
      return rows.map((row) => row.owner_user_id);
    },

    async levelOf(companyId: number, ownerUserId: number, granteeUserId: number): Promise<CalendarShareLevel | null> {
      const row = await db
        .selectFrom('calendar_shares')
        .select('level')
        .where('company_id', '=', companyId)
        .where('owner_user_id', '=', ownerUserId)
        .where('grantee_user_id', '=', granteeUserId)
        .executeTakeFirst();
      return (row?.level as CalendarShareLevel | undefined) ?? null;
    },

    async put(companyId: number, ownerUserId: number, granteeUserId: number, level: CalendarShareLevel, now: number): Promise<void> {
      await db
        .insertInto('calendar_shares')
        .values({ company_id: companyId, owner_user_id: ownerUserId, grantee_user_id: granteeUserId, level, created_at: now })
        .onConflict((conflict) => conflict.columns(['owner_user_id', 'grantee_user_id']).doUpdateSet({ level }))
        .execute();
    },

    async remove(companyId: number, ownerUserId: number, granteeUserId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('calendar_shares')
        .where('company_id', '=', companyId)
        .where('owner_user_id', '=', ownerUserId)
        .where('grantee_user_id', '=', granteeUserId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** An active user of the company, with the name. */
    async findActiveUser(companyId: number, userId: number): Promise<{ id: number; name: string } | undefined> {
      const row = await db.selectFrom('users').select(['id', 'full_name']).where('company_id', '=', companyId).where('id', '=', userId).where('is_active', '=', 1).executeTakeFirst();
      return row ? { id: row.id, name: row.full_name } : undefined;
    },
  };
}
