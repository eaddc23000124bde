import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export type DeskLiveLinkRepository = ReturnType<typeof createDeskLiveLinkRepository>;

/** A lobby-screen link in force: the floor it shows, who made it and when (never its secret). */
export interface DeskLiveLinkRecord {
  id: number;
  companyId: number;
  floorId: number;
  createdAt: number;
  createdByName: string | null;
}

/** Floors' secret lobby-screen links (migration 0058): only each secret's SHA-256 is stored. */
export function createDeskLiveLinkRepository(db: Kysely<DB>) {
  const select = () =>
    db
      .selectFrom('desk_live_links as l')
      .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'l.created_by').onRef('u.company_id', '=', 'l.company_id'))
      .select(['l.id', 'l.company_id', 'l.floor_id', 'l.created_at', 'u.full_name'])
      .where('l.revoked_at', 'is', null);
  const present = (row: { id: number; company_id: number; floor_id: number; created_at: number; full_name: string | null }): DeskLiveLinkRecord => ({
    id: row.id,
    companyId: row.company_id,
    floorId: row.floor_id,
    createdAt: Number(row.created_at),
    createdByName: row.full_name,
  });

  return {
    async active(companyId: number, floorId: number): Promise<DeskLiveLinkRecord | undefined> {
      const row = await select().where('l.company_id', '=', companyId).where('l.floor_id', '=', floorId).executeTakeFirst();
      return row ? present(row) : undefined;
    },

    /** The link a secret's hash names, while in force. */
    async byHash(tokenHash: string): Promise<DeskLiveLinkRecord | undefined> {
      const row = await select().where('l.token_hash', '=', tokenHash).executeTakeFirst();
      return row ? present(row) : undefined;
    },

    /** Revokes the floor's link in force; whether there was one. */
    async revoke(companyId: number, floorId: number, now: number): Promise<boolean> {
      const result = await db.updateTable('desk_live_links').set({ revoked_at: now }).where('company_id', '=', companyId).where('floor_id', '=', floorId).where('revoked_at', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async insert(link: { companyId: number; floorId: number; tokenHash: string; createdBy: number }, now: number): Promise<void> {
      await db.insertInto('desk_live_links').values({ company_id: link.companyId, floor_id: link.floorId, token_hash: link.tokenHash, created_by: link.createdBy, created_at: now }).execute();
    },
  };
}
