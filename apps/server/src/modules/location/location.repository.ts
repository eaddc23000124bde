import type { ExpressionBuilder, Kysely } from 'kysely';
import { defineStatement } from '../../db/prepared.js';
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
  description?: string | null;
  regionIcon?: string | null;
}

/** A live (not deleted) location as the tree needs it. */
export interface LocationRecord {
  id: number;
  parentId: number | null;
  level: number;
  name: string;
  sortOrder: number;
  timeZone: string | null;
  address: string | null;
  description: string | null;
  regionIcon: string | null;
}

export interface LocationPatch {
  name?: string;
  timeZone?: string | null;
  address?: string | null;
  description?: string | null;
  regionIcon?: string | null;
}

/** Reservation states that hold no time (see the reservations core). */
export const INACTIVE_RESERVATION_STATES = ['cancelled', 'rejected'] as const;

export type LocationRepository = ReturnType<typeof createLocationRepository>;

/** The company's layout version, read by every calendar, board and booking call: compiled once per database. */
const layoutVersionStatement = defineStatement((db: Kysely<DB>, companyId: number) =>
  db.selectFrom('layout_versions').select('version').where('company_id', '=', companyId),
);

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
          description: location.description ?? null,
          region_icon: location.regionIcon ?? null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** The company's layout version: raised by triggers on every write to locations, rooms and room types. */
    async layoutVersion(companyId: number): Promise<number> {
      const [row] = await layoutVersionStatement(db, companyId);
      return row?.version ?? 0;
    },

    /** Every live location of the company, in sibling order. */
    async listLocations(companyId: number): Promise<LocationRecord[]> {
      const rows = await db
        .selectFrom('locations')
        .select(['id', 'parent_id', 'level', 'name', 'sort_order', 'time_zone', 'address', 'description', 'region_icon'])
        .where('company_id', '=', companyId)
        .where('deleted_at', 'is', null)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        parentId: row.parent_id,
        level: row.level,
        name: row.name,
        sortOrder: row.sort_order,
        timeZone: row.time_zone,
        address: row.address,
        description: row.description,
        regionIcon: row.region_icon,
      }));
    },

    async updateLocation(companyId: number, id: number, patch: LocationPatch): Promise<void> {
      const set: { name?: string } & Partial<Record<'time_zone' | 'address' | 'description' | 'region_icon', string | null>> = {};
      if (patch.name !== undefined) set.name = patch.name;
      if (patch.timeZone !== undefined) set.time_zone = patch.timeZone;
      if (patch.address !== undefined) set.address = patch.address;
      if (patch.description !== undefined) set.description = patch.description;
      if (patch.regionIcon !== undefined) set.region_icon = patch.regionIcon;
      if (Object.keys(set).length === 0) return;
      await db.updateTable('locations').set(set).where('company_id', '=', companyId).where('id', '=', id).execute();
    },

    async setSortOrder(companyId: number, id: number, sortOrder: number): Promise<void> {
      await db.updateTable('locations').set({ sort_order: sortOrder }).where('company_id', '=', companyId).where('id', '=', id).execute();
    },

    /** Hides nodes (a subtree): they keep their rows and history. */
    async softDelete(companyId: number, ids: number[], now: number): Promise<void> {
      if (ids.length === 0) return;
      await db.updateTable('locations').set({ deleted_at: now }).where('company_id', '=', companyId).where('id', 'in', ids).execute();
    },

    /** Reservations in these rooms that have not ended and still hold their time. */
    /** Active bookings not yet ended of the rooms `roomIds` and of the desks on the floors `floorIds`. */
    async countUpcomingReservations(companyId: number, { roomIds, floorIds }: { roomIds: number[]; floorIds: number[] }, now: number): Promise<number> {
      if (roomIds.length === 0 && floorIds.length === 0) return 0;
      const desksOnFloors = (eb: ExpressionBuilder<DB, 'reservations'>) =>
        eb('resource_id', 'in', eb.selectFrom('desks').select('id').where('company_id', '=', companyId).where('floor_id', 'in', floorIds));
      const row = await db
        .selectFrom('reservations')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('company_id', '=', companyId)
        .where((eb) =>
          eb.or([...(roomIds.length > 0 ? [eb('resource_id', 'in', roomIds)] : []), ...(floorIds.length > 0 ? [desksOnFloors(eb)] : [])]),
        )
        .where('end_at', '>', now)
        .where('status', 'not in', [...INACTIVE_RESERVATION_STATES])
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}
