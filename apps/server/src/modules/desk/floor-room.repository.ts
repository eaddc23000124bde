import { ACTIVE_RESERVATION_STATUSES, type FloorRoom } from '@atrium/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { LOCATION_LEVEL } from '../location/location.repository.js';

/** How far back a meeting still holding a room may have started (a week: longer meetings are not shown busy). */
const SPAN_LOOKBACK_MS = 7 * 24 * 60 * 60_000;

export type FloorRoomRepository = ReturnType<typeof createFloorRoomRepository>;

/** A room's meeting holding time, without anything of the meeting but its span. */
export interface RoomSpan {
  roomId: number;
  startAt: number;
  endAt: number;
}

/**
 * Rooms on a floor's map (decision 0019, "Rooms on the floor map"): a room is a level-7 location node
 * under its floor, its id its resource's, so its place is a `resource_positions` row like a desk's.
 */
export function createFloorRoomRepository(db: Kysely<DB>) {
  const selectRooms = (companyId: number) =>
    db
      .selectFrom('locations as l')
      .innerJoin('rooms as r', (join) => join.onRef('r.id', '=', 'l.id').onRef('r.company_id', '=', 'l.company_id'))
      .leftJoin('resource_positions as p', (join) => join.onRef('p.resource_id', '=', 'l.id').onRef('p.company_id', '=', 'l.company_id'))
      .select(['l.id', 'l.parent_id', 'l.name', 'r.capacity', 'r.is_available', 'p.x', 'p.y', 'p.width', 'p.height', 'p.rotation'])
      .where('l.company_id', '=', companyId)
      .where('l.level', '=', LOCATION_LEVEL.room)
      .where('l.deleted_at', 'is', null);

  type RoomRow = Awaited<ReturnType<ReturnType<typeof selectRooms>['execute']>>[number];
  const present = (row: RoomRow): FloorRoom & { isAvailable: boolean } => ({
    id: row.id,
    floorId: row.parent_id ?? 0,
    name: row.name,
    seats: Number(row.capacity),
    position:
      row.x === null || row.y === null || row.width === null || row.height === null
        ? null
        : { x: Number(row.x), y: Number(row.y), width: Number(row.width), height: Number(row.height), rotation: Number(row.rotation ?? 0) },
    isAvailable: Boolean(row.is_available),
  });

  return {
    /** A floor's rooms in the location tree's order, with their places on its map and whether they are in use. */
    async listOnFloor(companyId: number, floorId: number): Promise<Array<FloorRoom & { isAvailable: boolean }>> {
      const rows = await selectRooms(companyId).where('l.parent_id', '=', floorId).orderBy('l.sort_order').orderBy('l.id').execute();
      return rows.map(present);
    },

    /** The company's rooms among `ids` (another company's are not found). */
    async findRooms(companyId: number, ids: number[]): Promise<Array<FloorRoom & { isAvailable: boolean }>> {
      if (ids.length === 0) return [];
      return (await selectRooms(companyId).where('l.id', 'in', ids).execute()).map(present);
    },

    /**
     * The meetings holding time in the rooms from `now` to `before` (their spans only: nothing private is
     * read). Bounded to meetings started in the last week, so the read stays short as history grows.
     */
    async spans(companyId: number, roomIds: number[], now: number, before: number): Promise<RoomSpan[]> {
      if (roomIds.length === 0) return [];
      const rows = await db
        .selectFrom('reservations')
        .select(['resource_id', 'start_at', 'end_at'])
        .where('company_id', '=', companyId)
        .where('resource_id', 'in', roomIds)
        .where('status', 'in', [...ACTIVE_RESERVATION_STATUSES])
        .where('start_at', '>=', now - SPAN_LOOKBACK_MS)
        .where('start_at', '<', before)
        .where('end_at', '>', now)
        .orderBy('start_at')
        .execute();
      return rows.map((row) => ({ roomId: row.resource_id, startAt: Number(row.start_at), endAt: Number(row.end_at) }));
    },

    /** The rooms among `roomIds` inside a disable period at `now`. */
    async disabledAt(companyId: number, roomIds: number[], now: number): Promise<Set<number>> {
      if (roomIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('room_disable_periods')
        .select('room_id')
        .where('company_id', '=', companyId)
        .where('room_id', 'in', roomIds)
        .where('start_at', '<=', now)
        .where('end_at', '>', now)
        .execute();
      return new Set(rows.map((row) => row.room_id));
    },
  };
}
