import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** Tree levels of spec 000 section 2 (4 and 8 are unused by the console). */
export const LOCATION_LEVEL = { country: 1, city: 2, park: 3, building: 5, floor: 6, room: 7 } as const;

export interface NewLocation {
  companyId: number;
  parentId?: number | null;
  level: number;
  name: string;
  sortOrder?: number;
  timeZone?: string | null;
  address?: string | null;
}

export type LocationRepository = ReturnType<typeof createLocationRepository>;

export function createLocationRepository(db: Kysely<DB>) {
  return {
    async insertLocation(location: NewLocation, now: number): Promise<number> {
      const row = await db
        .insertInto('locations')
        .values({
          company_id: location.companyId,
          parent_id: location.parentId ?? null,
          level: location.level,
          name: location.name,
          sort_order: location.sortOrder ?? 0,
          time_zone: location.timeZone ?? null,
          address: location.address ?? null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
}
