import type { Kysely } from 'kysely';
import type { DB, Flag } from '../../db/schema.js';

/** The stored fields of a room (its name lives on its location node). */
export interface RoomValues {
  roomTypeId: number | null;
  capacity: number;
  backgroundImage: string | null;
  equipment: string[];
  isAvailable: boolean;
  needsApproval: boolean;
  signInEnabled: boolean;
  signInWay: 'manual' | 'qr';
  signInBeforeMinutes: number;
  signInAfterMinutes: number;
  oneClickStart: boolean;
  oneClickEnd: boolean;
  videoLink: string | null;
  calendarResource: string | null;
  bindExternalRooms: boolean;
}

export interface RoomRecord extends RoomValues {
  id: number;
  name: string;
  floorId: number | null;
  sortOrder: number;
  roomTypeName: string | null;
  roomTypeKind: 'standard' | 'zoom' | null;
  createdAt: number;
  updatedAt: number;
}

export interface DisablePeriodRecord {
  id: number;
  roomId: number;
  startAt: number;
  endAt: number;
  reason: string | null;
  createdAt: number;
}

const flag = (value: boolean): Flag => (value ? 1 : 0);

function columnsOf(values: RoomValues) {
  return {
    room_type_id: values.roomTypeId,
    capacity: values.capacity,
    background_image: values.backgroundImage,
    equipment: JSON.stringify(values.equipment),
    is_available: flag(values.isAvailable),
    needs_approval: flag(values.needsApproval),
    sign_in_enabled: flag(values.signInEnabled),
    sign_in_way: values.signInWay,
    sign_in_before_minutes: values.signInBeforeMinutes,
    sign_in_after_minutes: values.signInAfterMinutes,
    one_click_start: flag(values.oneClickStart),
    one_click_end: flag(values.oneClickEnd),
    video_link: values.videoLink,
    calendar_resource: values.calendarResource,
    bind_external_rooms: flag(values.bindExternalRooms),
  };
}

function parseEquipment(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

export type RoomRepository = ReturnType<typeof createRoomRepository>;

/** Rooms (one row per live level-7 location) and their disable periods. */
export function createRoomRepository(db: Kysely<DB>) {
  function selectRooms(companyId: number) {
    return db
      .selectFrom('rooms as r')
      .innerJoin('locations as l', (join) => join.onRef('l.id', '=', 'r.id').onRef('l.company_id', '=', 'r.company_id'))
      .leftJoin('room_types as t', (join) => join.onRef('t.id', '=', 'r.room_type_id').onRef('t.company_id', '=', 'r.company_id'))
      .selectAll('r')
      .select(['l.name', 'l.parent_id', 'l.sort_order', 't.name as type_name', 't.kind as type_kind'])
      .where('r.company_id', '=', companyId)
      .where('l.deleted_at', 'is', null);
  }
  type Row = Awaited<ReturnType<ReturnType<typeof selectRooms>['executeTakeFirstOrThrow']>>;
  const present = (row: Row): RoomRecord => ({
    id: row.id,
    name: row.name,
    floorId: row.parent_id,
    sortOrder: row.sort_order,
    roomTypeId: row.room_type_id,
    roomTypeName: row.type_name,
    roomTypeKind: row.type_kind,
    capacity: row.capacity,
    backgroundImage: row.background_image,
    equipment: parseEquipment(row.equipment),
    isAvailable: row.is_available === 1,
    needsApproval: row.needs_approval === 1,
    signInEnabled: row.sign_in_enabled === 1,
    signInWay: row.sign_in_way,
    signInBeforeMinutes: row.sign_in_before_minutes,
    signInAfterMinutes: row.sign_in_after_minutes,
    oneClickStart: row.one_click_start === 1,
    oneClickEnd: row.one_click_end === 1,
    videoLink: row.video_link,
    calendarResource: row.calendar_resource,
    bindExternalRooms: row.bind_external_rooms === 1,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  });

  return {
    /** A room and its resource (decision 0019), both with its location node's id. */
    async insertRoom(companyId: number, id: number, values: RoomValues, now: number): Promise<void> {
      await db.insertInto('resources').values({ id, company_id: companyId, kind: 'room', created_at: now }).execute();
      await db
        .insertInto('rooms')
        .values({ id, company_id: companyId, ...columnsOf(values), created_at: now, updated_at: now })
        .execute();
    },

    async updateRoom(companyId: number, id: number, values: RoomValues, now: number): Promise<void> {
      await db
        .updateTable('rooms')
        .set({ ...columnsOf(values), updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .execute();
    },

    async findRoom(companyId: number, id: number): Promise<RoomRecord | undefined> {
      const row = await selectRooms(companyId).where('r.id', '=', id).executeTakeFirst();
      return row ? present(row) : undefined;
    },

    /** Live rooms matching the filters the database can apply (the service orders, pages and checks equipment). */
    async listRooms(
      companyId: number,
      filters: {
        roomIds?: number[];
        roomTypeId?: number;
        roomTypeKind?: 'standard' | 'zoom';
        minCapacity?: number;
        maxCapacity?: number | null;
        isAvailable?: boolean;
        keyword?: string;
      },
    ): Promise<RoomRecord[]> {
      if (filters.roomIds && filters.roomIds.length === 0) return [];
      let query = selectRooms(companyId);
      if (filters.roomIds) query = query.where('r.id', 'in', filters.roomIds);
      if (filters.roomTypeId !== undefined) query = query.where('r.room_type_id', '=', filters.roomTypeId);
      if (filters.roomTypeKind !== undefined) query = query.where('t.kind', '=', filters.roomTypeKind);
      if (filters.minCapacity !== undefined) query = query.where('r.capacity', '>=', filters.minCapacity);
      if (filters.maxCapacity !== undefined && filters.maxCapacity !== null) query = query.where('r.capacity', '<=', filters.maxCapacity);
      if (filters.isAvailable !== undefined) query = query.where('r.is_available', '=', flag(filters.isAvailable));
      if (filters.keyword) {
        const pattern = `%${filters.keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((eb) => eb(eb.fn('lower', ['l.name']), 'like', eb.val(pattern)));
      }
      return (await query.execute()).map(present);
    },

    async listDisablePeriods(companyId: number, roomId: number): Promise<DisablePeriodRecord[]> {
      const rows = await db
        .selectFrom('room_disable_periods')
        .select(['id', 'room_id', 'start_at', 'end_at', 'reason', 'created_at'])
        .where('company_id', '=', companyId)
        .where('room_id', '=', roomId)
        .orderBy('start_at')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        roomId: row.room_id,
        startAt: Number(row.start_at),
        endAt: Number(row.end_at),
        reason: row.reason,
        createdAt: Number(row.created_at),
      }));
    },

    async findDisablePeriod(companyId: number, id: number): Promise<DisablePeriodRecord | undefined> {
      const row = await db
        .selectFrom('room_disable_periods as p')
        .innerJoin('locations as l', (join) => join.onRef('l.id', '=', 'p.room_id').onRef('l.company_id', '=', 'p.company_id'))
        .select(['p.id', 'p.room_id', 'p.start_at', 'p.end_at', 'p.reason', 'p.created_at'])
        .where('p.company_id', '=', companyId)
        .where('p.id', '=', id)
        .where('l.deleted_at', 'is', null)
        .executeTakeFirst();
      return row
        ? { id: row.id, roomId: row.room_id, startAt: Number(row.start_at), endAt: Number(row.end_at), reason: row.reason, createdAt: Number(row.created_at) }
        : undefined;
    },

    async insertDisablePeriod(
      period: { companyId: number; roomId: number; startAt: number; endAt: number; reason: string | null; createdBy: number },
      now: number,
    ): Promise<number> {
      const row = await db
        .insertInto('room_disable_periods')
        .values({
          company_id: period.companyId,
          room_id: period.roomId,
          start_at: period.startAt,
          end_at: period.endAt,
          reason: period.reason,
          created_by: period.createdBy,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async deleteDisablePeriod(companyId: number, id: number): Promise<void> {
      await db.deleteFrom('room_disable_periods').where('company_id', '=', companyId).where('id', '=', id).execute();
    },
  };
}
