import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export type FeedKind = 'user' | 'room';

export interface FeedRecord {
  id: number;
  companyId: number;
  kind: FeedKind;
  targetId: number;
  createdAt: number;
  createdByName: string | null;
}

export type CalendarFeedRepository = ReturnType<typeof createCalendarFeedRepository>;

export function createCalendarFeedRepository(db: Kysely<DB>) {
  const select = () =>
    db
      .selectFrom('calendar_feeds as f')
      .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'f.created_by').onRef('u.company_id', '=', 'f.company_id'))
      .select(['f.id', 'f.company_id', 'f.kind', 'f.target_id', 'f.created_at', 'u.full_name'])
      .where('f.revoked_at', 'is', null);
  const present = (row: { id: number; company_id: number; kind: FeedKind; target_id: number; created_at: number; full_name: string | null }): FeedRecord => ({
    id: row.id,
    companyId: row.company_id,
    kind: row.kind,
    targetId: row.target_id,
    createdAt: Number(row.created_at),
    createdByName: row.full_name,
  });

  return {
    /** The link in force for a person or a room. */
    async active(companyId: number, kind: FeedKind, targetId: number): Promise<FeedRecord | undefined> {
      const row = await select().where('f.company_id', '=', companyId).where('f.kind', '=', kind).where('f.target_id', '=', targetId).executeTakeFirst();
      return row ? present(row) : undefined;
    },

    /** The link a secret's hash names, while in force. */
    async byHash(tokenHash: string): Promise<FeedRecord | undefined> {
      const row = await select().where('f.token_hash', '=', tokenHash).executeTakeFirst();
      return row ? present(row) : undefined;
    },

    /** Revokes the links in force for the target; whether there was one. */
    async revoke(companyId: number, kind: FeedKind, targetId: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('calendar_feeds')
        .set({ revoked_at: now })
        .where('company_id', '=', companyId)
        .where('kind', '=', kind)
        .where('target_id', '=', targetId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async insert(feed: { companyId: number; kind: FeedKind; targetId: number; tokenHash: string; createdBy: number }, now: number): Promise<void> {
      await db
        .insertInto('calendar_feeds')
        .values({ company_id: feed.companyId, kind: feed.kind, target_id: feed.targetId, token_hash: feed.tokenHash, created_by: feed.createdBy, created_at: now })
        .execute();
    },

    async userName(companyId: number, userId: number): Promise<string | undefined> {
      const row = await db.selectFrom('users').select('full_name').where('company_id', '=', companyId).where('id', '=', userId).where('is_active', '=', 1).executeTakeFirst();
      return row?.full_name;
    },
  };
}
