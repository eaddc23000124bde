import type { Kysely } from 'kysely';
import type { DB, FloorMapTable } from '../../db/schema.js';

export type FloorMapRepository = ReturnType<typeof createFloorMapRepository>;

/** What a floor's plan is stored as: the image and its own units. */
export interface FloorMapValues {
  contentType: FloorMapTable['content_type'];
  bytes: Buffer;
  width: number;
  height: number;
}

/** Floor plans (migration 0058): one image per floor, in the database. */
export function createFloorMapRepository(db: Kysely<DB>) {
  return {
    /** Stores a floor's plan, replacing the one it had. */
    async save(companyId: number, floorId: number, values: FloorMapValues, now: number): Promise<void> {
      const columns = { content_type: values.contentType, bytes: values.bytes, width: values.width, height: values.height, updated_at: now };
      await db
        .insertInto('floor_maps')
        .values({ floor_id: floorId, company_id: companyId, ...columns })
        .onConflict((oc) => oc.column('floor_id').doUpdateSet(columns))
        .execute();
    },

    /** Removes a floor's plan; answers whether it had one. */
    async remove(companyId: number, floorId: number): Promise<boolean> {
      const result = await db.deleteFrom('floor_maps').where('company_id', '=', companyId).where('floor_id', '=', floorId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** A floor's plan image, or undefined when it has none. */
    async findImage(companyId: number, floorId: number): Promise<{ contentType: FloorMapTable['content_type']; bytes: Buffer; updatedAt: number } | undefined> {
      const row = await db
        .selectFrom('floor_maps')
        .select(['content_type', 'bytes', 'updated_at'])
        .where('company_id', '=', companyId)
        .where('floor_id', '=', floorId)
        .executeTakeFirst();
      return row ? { contentType: row.content_type, bytes: Buffer.from(row.bytes), updatedAt: Number(row.updated_at) } : undefined;
    },
  };
}
