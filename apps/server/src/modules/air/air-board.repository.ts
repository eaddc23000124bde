import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export type AirBoardRepository = ReturnType<typeof createAirBoardRepository>;

/** A public air board link as stored (never its secret). */
export interface AirBoardLinkRecord {
  id: number;
  companyId: number;
  name: string;
  locationId: number | null;
  createdByName: string | null;
  createdAt: number;
  revokedAt: number | null;
}

/** The public air board's links (migration 0070): only their secrets' SHA-256 is kept. */
export function createAirBoardRepository(db: Kysely<DB>) {
  const selectLinks = () =>
    db
      .selectFrom('air_board_links as b')
      .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'b.created_by').onRef('u.company_id', '=', 'b.company_id'))
      .select(['b.id', 'b.company_id', 'b.name', 'b.location_id', 'b.created_at', 'b.revoked_at', 'u.full_name as created_by_name']);
  type Row = Awaited<ReturnType<ReturnType<typeof selectLinks>['executeTakeFirstOrThrow']>>;
  const toRecord = (row: Row): AirBoardLinkRecord => ({
    id: row.id,
    companyId: row.company_id,
    name: row.name,
    locationId: row.location_id,
    createdByName: row.created_by_name,
    createdAt: Number(row.created_at),
    revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
  });

  return {
    async insertLink(values: { companyId: number; name: string; tokenHash: string; locationId: number | null; createdBy: number; now: number }): Promise<number> {
      const row = await db
        .insertInto('air_board_links')
        .values({ company_id: values.companyId, name: values.name, token_hash: values.tokenHash, location_id: values.locationId, created_by: values.createdBy, created_at: values.now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async findLink(companyId: number, id: number): Promise<AirBoardLinkRecord | undefined> {
      const row = await selectLinks().where('b.company_id', '=', companyId).where('b.id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },

    /** The link (not revoked) with this secret's hash, of any company: the secret names the company. */
    async findLiveLinkByHash(tokenHash: string): Promise<AirBoardLinkRecord | undefined> {
      const row = await selectLinks().where('b.token_hash', '=', tokenHash).where('b.revoked_at', 'is', null).executeTakeFirst();
      return row && toRecord(row);
    },

    /** The company's links, newest first, revoked ones included. */
    async listLinks(companyId: number): Promise<AirBoardLinkRecord[]> {
      return (await selectLinks().where('b.company_id', '=', companyId).orderBy('b.created_at', 'desc').orderBy('b.id', 'desc').execute()).map(toRecord);
    },

    async revokeLink(companyId: number, id: number, now: number): Promise<void> {
      await db.updateTable('air_board_links').set({ revoked_at: now }).where('company_id', '=', companyId).where('id', '=', id).where('revoked_at', 'is', null).execute();
    },
  };
}
