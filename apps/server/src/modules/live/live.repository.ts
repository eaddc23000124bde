import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export interface BoardLinkRecord {
  id: number;
  companyId: number;
  name: string;
  locationId: number | null;
  createdByName: string | null;
  createdAt: number;
  revokedAt: number | null;
}

export type LiveRepository = ReturnType<typeof createLiveRepository>;

/** What the live views read besides rooms and reservations: disable periods now, board links, the company's name. */
export function createLiveRepository(db: Kysely<DB>) {
  function selectLinks() {
    return db
      .selectFrom('live_board_links as b')
      .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'b.created_by').onRef('u.company_id', '=', 'b.company_id'))
      .select(['b.id', 'b.company_id', 'b.name', 'b.location_id', 'b.created_at', 'b.revoked_at', 'u.full_name as created_by_name']);
  }
  type Row = Awaited<ReturnType<ReturnType<typeof selectLinks>['executeTakeFirstOrThrow']>>;
  const present = (row: Row): BoardLinkRecord => ({
    id: row.id,
    companyId: row.company_id,
    name: row.name,
    locationId: row.location_id,
    createdByName: row.created_by_name,
    createdAt: Number(row.created_at),
    revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
  });

  return {
    /** Rooms of the company inside a disable period at `now` (one query for every room). */
    async roomsDisabledAt(companyId: number, now: number): Promise<Set<number>> {
      const rows = await db
        .selectFrom('room_disable_periods')
        .select('room_id')
        .where('company_id', '=', companyId)
        .where('start_at', '<=', now)
        .where('end_at', '>', now)
        .execute();
      return new Set(rows.map((row) => row.room_id));
    },

    async companyName(companyId: number): Promise<string> {
      const row = await db.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirst();
      return row?.name ?? '';
    },

    async insertLink(values: { companyId: number; name: string; tokenHash: string; locationId: number | null; createdBy: number }, now: number): Promise<number> {
      const row = await db
        .insertInto('live_board_links')
        .values({
          company_id: values.companyId,
          name: values.name,
          token_hash: values.tokenHash,
          location_id: values.locationId,
          created_by: values.createdBy,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async findLink(companyId: number, id: number): Promise<BoardLinkRecord | undefined> {
      const row = await selectLinks().where('b.company_id', '=', companyId).where('b.id', '=', id).executeTakeFirst();
      return row ? present(row) : undefined;
    },

    /** The live (not revoked) link with this secret's hash, of any company: the secret names the company. */
    async findLiveLinkByHash(tokenHash: string): Promise<BoardLinkRecord | undefined> {
      const row = await selectLinks().where('b.token_hash', '=', tokenHash).where('b.revoked_at', 'is', null).executeTakeFirst();
      return row ? present(row) : undefined;
    },

    /** The company's links, newest first, revoked ones included. */
    async listLinks(companyId: number): Promise<BoardLinkRecord[]> {
      const rows = await selectLinks().where('b.company_id', '=', companyId).orderBy('b.created_at', 'desc').orderBy('b.id', 'desc').execute();
      return rows.map(present);
    },

    async revokeLink(companyId: number, id: number, now: number): Promise<void> {
      await db
        .updateTable('live_board_links')
        .set({ revoked_at: now })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}
