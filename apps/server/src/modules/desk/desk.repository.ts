import { sql, SqliteAdapter, type Kysely } from 'kysely';
import { ACTIVE_RESERVATION_STATUSES, DESK_EQUIPMENT, type Desk, type DeskEquipment, type DeskFloor, type FloorMapInfo, type DeskMode, type DeskOwners, type DeskPosition, type Neighbourhood } from '@atrium/contract';
import type { DB } from '../../db/schema.js';
import { containsIgnoringCase, userMatches } from '../../db/like.js';
import { nameKey } from '../../db/name-key.js';
import { LOCATION_LEVEL } from '../location/location.repository.js';

export type DeskRepository = ReturnType<typeof createDeskRepository>;


export interface DeskValues {
  floorId: number;
  number: string;
  mode: DeskMode;
  equipment: DeskEquipment[];
  neighbourhoodId: number | null;
  assignedUserId: number | null;
  assignedDepartmentId: number | null;
}

export interface NeighbourhoodValues {
  floorId: number;
  name: string;
  color: string;
  departmentId: number | null;
}

const KNOWN_EQUIPMENT = new Set<string>(DESK_EQUIPMENT);
function equipmentOf(stored: string): DeskEquipment[] {
  try {
    const value = JSON.parse(stored) as unknown;
    return Array.isArray(value) ? value.filter((key): key is DeskEquipment => typeof key === 'string' && KNOWN_EQUIPMENT.has(key)) : [];
  } catch {
    return [];
  }
}

/** A floor plan's columns as the lists answer them (its bytes stay out: `length` counts them on both engines). */
interface FloorMapRow {
  map_type: FloorMapInfo['contentType'] | null;
  map_size: string | number | null;
  map_width: number | null;
  map_height: number | null;
  map_updated_at: string | number | null;
}

const presentMap = (row: FloorMapRow): FloorMapInfo | null =>
  row.map_type === null
    ? null
    : { contentType: row.map_type, size: Number(row.map_size), width: Number(row.map_width), height: Number(row.map_height), updatedAt: Number(row.map_updated_at) };

export function createDeskRepository(db: Kysely<DB>) {
  const selectDesks = (companyId: number) =>
    db
      .selectFrom('desks as d')
      .leftJoin('resource_positions as p', 'p.resource_id', 'd.id')
      .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'd.assigned_user_id').onRef('u.company_id', '=', 'd.company_id'))
      .leftJoin('departments as dp', (join) => join.onRef('dp.id', '=', 'd.assigned_department_id').onRef('dp.company_id', '=', 'd.company_id'))
      .select([
        'd.id', 'd.floor_id', 'd.number', 'd.mode', 'd.equipment', 'd.neighbourhood_id', 'd.assigned_user_id', 'u.full_name as assigned_user_name',
        'd.assigned_department_id', 'dp.name as assigned_department_name', 'd.updated_at', 'p.x', 'p.y', 'p.width', 'p.height', 'p.rotation',
      ])
      .where('d.company_id', '=', companyId)
      .where('d.deleted_at', 'is', null);

  type DeskRow = Awaited<ReturnType<ReturnType<typeof selectDesks>['execute']>>[number];
  const presentDesk = (row: DeskRow): Desk => ({
    id: row.id,
    floorId: row.floor_id,
    number: row.number,
    mode: row.mode,
    equipment: equipmentOf(row.equipment),
    neighbourhoodId: row.neighbourhood_id,
    assignedUserId: row.assigned_user_id,
    assignedUserName: row.assigned_user_name,
    assignedDepartmentId: row.assigned_department_id,
    assignedDepartmentName: row.assigned_department_name,
    position:
      row.x === null || row.y === null || row.width === null || row.height === null
        ? null
        : { x: Number(row.x), y: Number(row.y), width: Number(row.width), height: Number(row.height), rotation: Number(row.rotation ?? 0) },
    updatedAt: Number(row.updated_at),
  });

  const columnsOf = (values: DeskValues) => ({
    floor_id: values.floorId,
    number: values.number,
    number_key: nameKey(values.number),
    mode: values.mode,
    equipment: JSON.stringify(values.equipment),
    neighbourhood_id: values.neighbourhoodId,
    assigned_user_id: values.assignedUserId,
    assigned_department_id: values.assignedDepartmentId,
  });

  /**
   * A new resource id from the location tree's sequence (decision 0019, "One id space"): a desk's id can
   * then never be a later room's. On SQLite the sequence row is raised inside the caller's write
   * transaction (BEGIN IMMEDIATE), so two desks never draw the same number.
   */
  async function allocateResourceId(): Promise<number> {
    if (db.getExecutor().adapter instanceof SqliteAdapter) {
      await sql`insert into sqlite_sequence (name, seq) select 'locations', coalesce((select max(id) from locations), 0) where not exists (select 1 from sqlite_sequence where name = 'locations')`.execute(db);
      const row = await sql<{ seq: number }>`update sqlite_sequence set seq = seq + 1 where name = 'locations' returning seq`.execute(db);
      return Number(row.rows[0]!.seq);
    }
    const row = await sql<{ id: string | number }>`select nextval(pg_get_serial_sequence('locations', 'id')) as id`.execute(db);
    return Number(row.rows[0]!.id);
  }

  return {
    allocateResourceId,

    /** The company's floors (level-6 nodes not deleted) with their building, zone, desk count and neighbourhoods. */
    async listFloors(companyId: number): Promise<DeskFloor[]> {
      const floors = await db
        .selectFrom('locations as f')
        .leftJoin('locations as b', (join) => join.onRef('b.id', '=', 'f.parent_id').onRef('b.company_id', '=', 'f.company_id'))
        .leftJoin('floor_maps as m', (join) => join.onRef('m.floor_id', '=', 'f.id').onRef('m.company_id', '=', 'f.company_id'))
        .select((eb) => [
          'f.id', 'f.name', 'f.sort_order', 'b.id as building_id', 'b.name as building_name', 'b.time_zone', 'b.sort_order as building_order',
          'm.content_type as map_type', sql<number>`length(m.bytes)`.as('map_size'), 'm.width as map_width', 'm.height as map_height', 'm.updated_at as map_updated_at',
          eb.selectFrom('desks as d').select((c) => c.fn.countAll<string | number>().as('n')).whereRef('d.floor_id', '=', 'f.id').where('d.deleted_at', 'is', null).as('desk_count'),
        ])
        .where('f.company_id', '=', companyId)
        .where('f.level', '=', LOCATION_LEVEL.floor)
        .where('f.deleted_at', 'is', null)
        .where((eb) => eb.or([eb('b.id', 'is', null), eb('b.deleted_at', 'is', null)]))
        .orderBy('b.sort_order')
        .orderBy('b.id')
        .orderBy('f.sort_order')
        .orderBy('f.id')
        .execute();
      const neighbourhoods = new Map<number, Neighbourhood[]>();
      for (const area of await this.listNeighbourhoods(companyId)) neighbourhoods.set(area.floorId, [...(neighbourhoods.get(area.floorId) ?? []), area]);
      return floors.map((floor) => ({
        floorId: floor.id,
        floorName: floor.name,
        buildingId: floor.building_id,
        buildingName: floor.building_name,
        timeZone: floor.time_zone,
        deskCount: Number(floor.desk_count ?? 0),
        neighbourhoods: neighbourhoods.get(floor.id) ?? [],
        map: presentMap(floor),
      }));
    },

    /** A floor's plan as the lists answer it, or null when it has none. */
    async findFloorMapInfo(companyId: number, floorId: number): Promise<FloorMapInfo | null> {
      const row = await db
        .selectFrom('floor_maps as m')
        .select(['m.content_type as map_type', sql<number>`length(m.bytes)`.as('map_size'), 'm.width as map_width', 'm.height as map_height', 'm.updated_at as map_updated_at'])
        .where('m.company_id', '=', companyId)
        .where('m.floor_id', '=', floorId)
        .executeTakeFirst();
      return row ? presentMap(row) : null;
    },

    /** A floor of the company, not deleted. */
    async floorExists(companyId: number, floorId: number): Promise<boolean> {
      const row = await db
        .selectFrom('locations')
        .select('id')
        .where('company_id', '=', companyId)
        .where('id', '=', floorId)
        .where('level', '=', LOCATION_LEVEL.floor)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row !== undefined;
    },

    async listDesks(companyId: number, floorId: number): Promise<Desk[]> {
      const rows = await selectDesks(companyId).where('d.floor_id', '=', floorId).orderBy('d.number_key').orderBy('d.id').execute();
      return rows.map(presentDesk);
    },

    async findDesk(companyId: number, id: number): Promise<Desk | undefined> {
      const row = await selectDesks(companyId).where('d.id', '=', id).executeTakeFirst();
      return row ? presentDesk(row) : undefined;
    },

    async findDesks(companyId: number, ids: number[]): Promise<Desk[]> {
      if (ids.length === 0) return [];
      return (await selectDesks(companyId).where('d.id', 'in', ids).execute()).map(presentDesk);
    },

    /** Whether another desk not deleted on the floor has this number. */
    async numberTaken(companyId: number, floorId: number, number: string, exceptId?: number): Promise<boolean> {
      let query = db.selectFrom('desks').select('id').where('company_id', '=', companyId).where('floor_id', '=', floorId).where('number_key', '=', nameKey(number)).where('deleted_at', 'is', null);
      if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /** A new desk and its resource, with the id drawn from the location tree's sequence. */
    async insertDesk(companyId: number, values: DeskValues, now: number): Promise<number> {
      const id = await allocateResourceId();
      await db.insertInto('resources').values({ id, company_id: companyId, kind: 'desk', created_at: now }).execute();
      await db
        .insertInto('desks')
        .values({ id, company_id: companyId, ...columnsOf(values), created_at: now, updated_at: now })
        .execute();
      return id;
    },

    async updateDesk(companyId: number, id: number, values: DeskValues, now: number): Promise<void> {
      await db.updateTable('desks').set({ ...columnsOf(values), updated_at: now }).where('company_id', '=', companyId).where('id', '=', id).where('deleted_at', 'is', null).execute();
    },

    /** Places a resource on its floor's map, or takes it off (null). */
    async setPosition(companyId: number, resourceId: number, position: DeskPosition | null, now: number): Promise<void> {
      if (position === null) {
        await db.deleteFrom('resource_positions').where('company_id', '=', companyId).where('resource_id', '=', resourceId).execute();
        return;
      }
      const values = { x: position.x, y: position.y, width: position.width, height: position.height, rotation: position.rotation, updated_at: now };
      await db
        .insertInto('resource_positions')
        .values({ resource_id: resourceId, company_id: companyId, ...values })
        .onConflict((oc) => oc.column('resource_id').doUpdateSet(values))
        .execute();
    },

    async softDeleteDesks(companyId: number, ids: number[], now: number): Promise<void> {
      await db.updateTable('desks').set({ deleted_at: now, updated_at: now }).where('company_id', '=', companyId).where('id', 'in', ids).where('deleted_at', 'is', null).execute();
      await db.deleteFrom('resource_positions').where('company_id', '=', companyId).where('resource_id', 'in', ids).execute();
    },

    /** The desks among `ids` with an active booking that has not ended by `now`. */
    async desksWithBookingsAfter(companyId: number, ids: number[], now: number): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('reservations')
        .select('resource_id')
        .distinct()
        .where('company_id', '=', companyId)
        .where('resource_id', 'in', ids)
        .where('status', 'in', [...ACTIVE_RESERVATION_STATUSES])
        .where('end_at', '>', now)
        .execute();
      return rows.map((row) => row.resource_id);
    },

    async activeUserName(companyId: number, userId: number): Promise<string | undefined> {
      const row = await db.selectFrom('users').select('full_name').where('company_id', '=', companyId).where('id', '=', userId).where('is_active', '=', 1).executeTakeFirst();
      return row?.full_name;
    },

    /** Active colleagues and departments whose name (or a colleague's e-mail) contains `keyword`, by name. */
    async owners(companyId: number, keyword: string, limit: number): Promise<DeskOwners> {
      let people = db.selectFrom('users as u').select(['u.id', 'u.full_name', 'u.email']).where('u.company_id', '=', companyId).where('u.is_active', '=', 1);
      let departments = db.selectFrom('departments').select(['id', 'name']).where('company_id', '=', companyId);
      if (keyword) {
        people = people.where(userMatches(keyword));
        departments = departments.where(containsIgnoringCase('name', keyword));
      }
      const [personRows, departmentRows] = await Promise.all([people.orderBy('u.full_name').limit(limit).execute(), departments.orderBy('name').limit(limit).execute()]);
      return { people: personRows.map((row) => ({ id: row.id, fullName: row.full_name, email: row.email })), departments: departmentRows };
    },

    async departmentName(companyId: number, departmentId: number): Promise<string | undefined> {
      const row = await db.selectFrom('departments').select('name').where('company_id', '=', companyId).where('id', '=', departmentId).executeTakeFirst();
      return row?.name;
    },

    /** A floor's neighbourhoods (or, with `id`, the one neighbourhood), by name. */
    async listNeighbourhoods(companyId: number, { floorId, id }: { floorId?: number; id?: number } = {}): Promise<Neighbourhood[]> {
      let query = db
        .selectFrom('desk_neighbourhoods as n')
        .leftJoin('departments as dp', (join) => join.onRef('dp.id', '=', 'n.department_id').onRef('dp.company_id', '=', 'n.company_id'))
        .select((eb) => [
          'n.id', 'n.floor_id', 'n.name', 'n.color', 'n.department_id', 'dp.name as department_name',
          eb.selectFrom('desks as d').select((c) => c.fn.countAll<string | number>().as('n')).whereRef('d.neighbourhood_id', '=', 'n.id').where('d.deleted_at', 'is', null).as('desk_count'),
        ])
        .where('n.company_id', '=', companyId);
      if (floorId !== undefined) query = query.where('n.floor_id', '=', floorId);
      if (id !== undefined) query = query.where('n.id', '=', id);
      const rows = await query.orderBy('n.name_key').orderBy('n.id').execute();
      return rows.map((row) => ({
        id: row.id,
        floorId: row.floor_id,
        name: row.name,
        color: row.color,
        departmentId: row.department_id,
        departmentName: row.department_name,
        deskCount: Number(row.desk_count ?? 0),
      }));
    },

    async findNeighbourhood(companyId: number, id: number): Promise<Neighbourhood | undefined> {
      return (await this.listNeighbourhoods(companyId, { id }))[0];
    },

    async neighbourhoodNameTaken(companyId: number, floorId: number, name: string, exceptId?: number): Promise<boolean> {
      let query = db.selectFrom('desk_neighbourhoods').select('id').where('company_id', '=', companyId).where('floor_id', '=', floorId).where('name_key', '=', nameKey(name));
      if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async insertNeighbourhood(companyId: number, values: NeighbourhoodValues, now: number): Promise<number> {
      const row = await db
        .insertInto('desk_neighbourhoods')
        .values({ company_id: companyId, floor_id: values.floorId, name: values.name, name_key: nameKey(values.name), color: values.color, department_id: values.departmentId, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateNeighbourhood(companyId: number, id: number, values: NeighbourhoodValues, now: number): Promise<void> {
      await db
        .updateTable('desk_neighbourhoods')
        .set({ name: values.name, name_key: nameKey(values.name), color: values.color, department_id: values.departmentId, updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .execute();
    },

    /** Deletes a neighbourhood; its desks stay on the floor, in no neighbourhood (the foreign key sets theirs to null). */
    async deleteNeighbourhood(companyId: number, id: number): Promise<void> {
      await db.deleteFrom('desk_neighbourhoods').where('company_id', '=', companyId).where('id', '=', id).execute();
    },
  };
}
