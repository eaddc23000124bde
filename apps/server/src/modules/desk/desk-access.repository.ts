import type { DeskClosure } from '@atrium/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export type DeskAccessRepository = ReturnType<typeof createDeskAccessRepository>;

/** A closure's values as saved. */
export interface DeskClosureValues {
  buildingId: number | null;
  firstDate: string;
  lastDate: string;
  name: string;
}

/** A desk booking that a closure may cancel: its desk, floor and building. */
export interface ClosableBooking {
  id: number;
  deskId: number;
  deskNumber: string;
  floorId: number;
  buildingId: number | null;
  hostUserId: number | null;
  startAt: number;
  endAt: number;
}

/** The department switch, closure days and assigned desks' owners (decision 0019, "Desk access and closures"). */
export function createDeskAccessRepository(db: Kysely<DB>) {
  const selectClosures = (companyId: number) =>
    db
      .selectFrom('desk_closures as c')
      .leftJoin('locations as b', (join) => join.onRef('b.id', '=', 'c.building_id').onRef('b.company_id', '=', 'c.company_id'))
      .select(['c.id', 'c.building_id', 'b.name as building_name', 'c.first_date', 'c.last_date', 'c.name', 'c.created_at'])
      .where('c.company_id', '=', companyId);
  type ClosureRow = Awaited<ReturnType<ReturnType<typeof selectClosures>['execute']>>[number];
  const presentClosure = (row: ClosureRow): DeskClosure => ({
    id: row.id,
    buildingId: row.building_id,
    buildingName: row.building_name,
    firstDate: row.first_date,
    lastDate: row.last_date,
    name: row.name,
    createdAt: Number(row.created_at),
  });

  return {
    /** The company's departments with their switch and own member count, in tree order. */
    async listDepartments(companyId: number) {
      const [departments, counts] = await Promise.all([
        db.selectFrom('departments').select(['id', 'parent_id', 'name', 'desk_booking_enabled']).where('company_id', '=', companyId).orderBy('sort_order').orderBy('id').execute(),
        db
          .selectFrom('users')
          .select(['department_id', (eb) => eb.fn.countAll<number>().as('n')])
          .where('company_id', '=', companyId)
          .where('department_id', 'is not', null)
          .groupBy('department_id')
          .execute(),
      ]);
      const members = new Map(counts.map((row) => [row.department_id, Number(row.n)]));
      return departments.map((row) => ({ id: row.id, parentId: row.parent_id, name: row.name, isEnabled: row.desk_booking_enabled === 1, memberCount: members.get(row.id) ?? 0 }));
    },

    /** Those of `ids` that are the company's departments, with their switch. */
    async findDepartments(companyId: number, ids: number[]) {
      if (ids.length === 0) return [];
      return db.selectFrom('departments').select(['id', 'name', 'desk_booking_enabled']).where('company_id', '=', companyId).where('id', 'in', ids).execute();
    },

    async setDeskBooking(companyId: number, ids: number[], enabled: boolean): Promise<void> {
      if (ids.length === 0) return;
      await db.updateTable('departments').set({ desk_booking_enabled: enabled ? 1 : 0 }).where('company_id', '=', companyId).where('id', 'in', ids).execute();
    },

    /** Whether the user's department lets them book desks (a person in no department may). */
    async mayBookDesks(companyId: number, userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('users as u')
        .leftJoin('departments as d', (join) => join.onRef('d.id', '=', 'u.department_id').onRef('d.company_id', '=', 'u.company_id'))
        .select('d.desk_booking_enabled')
        .where('u.company_id', '=', companyId)
        .where('u.id', '=', userId)
        .executeTakeFirst();
      return row?.desk_booking_enabled !== 0;
    },

    /** The building a floor is in (its parent in the location tree). */
    async buildingOf(companyId: number, floorId: number): Promise<number | null> {
      const row = await db.selectFrom('locations').select('parent_id').where('company_id', '=', companyId).where('id', '=', floorId).executeTakeFirst();
      return row?.parent_id ?? null;
    },

    async buildingExists(companyId: number, buildingId: number): Promise<boolean> {
      const row = await db.selectFrom('locations').select('id').where('company_id', '=', companyId).where('id', '=', buildingId).where('level', '=', 5).where('deleted_at', 'is', null).executeTakeFirst();
      return row !== undefined;
    },

    /** The company's closures, soonest first; `from`: only those whose last day is on or after it. */
    async listClosures(companyId: number, from: string | null): Promise<DeskClosure[]> {
      let query = selectClosures(companyId);
      if (from !== null) query = query.where('c.last_date', '>=', from);
      return (await query.orderBy('c.first_date').orderBy('c.id').execute()).map(presentClosure);
    },

    /** The closures of a building (and of the whole company) that hold `date`, or any day from `date` on when `onward`. */
    async closuresOf(companyId: number, buildingId: number | null, date: string, onward = false): Promise<DeskClosure[]> {
      let query = selectClosures(companyId)
        .where((eb) => (buildingId === null ? eb('c.building_id', 'is', null) : eb.or([eb('c.building_id', 'is', null), eb('c.building_id', '=', buildingId)])))
        .where('c.last_date', '>=', date);
      if (!onward) query = query.where('c.first_date', '<=', date);
      return (await query.orderBy('c.first_date').orderBy('c.id').execute()).map(presentClosure);
    },

    async findClosure(companyId: number, id: number): Promise<DeskClosure | undefined> {
      const row = await selectClosures(companyId).where('c.id', '=', id).executeTakeFirst();
      return row ? presentClosure(row) : undefined;
    },

    async insertClosure(companyId: number, values: DeskClosureValues, userId: number, now: number): Promise<number> {
      const row = await db
        .insertInto('desk_closures')
        .values({ company_id: companyId, building_id: values.buildingId, first_date: values.firstDate, last_date: values.lastDate, name: values.name, created_by: userId, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateClosure(companyId: number, id: number, values: DeskClosureValues, now: number): Promise<void> {
      await db
        .updateTable('desk_closures')
        .set({ building_id: values.buildingId, first_date: values.firstDate, last_date: values.lastDate, name: values.name, updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .execute();
    },

    async deleteClosure(companyId: number, id: number): Promise<void> {
      await db.deleteFrom('desk_closures').where('company_id', '=', companyId).where('id', '=', id).execute();
    },

    /**
     * Desk bookings holding time that overlap [from, to) and have not ended at `now`, in a building
     * (null: the whole company), with their desk's floor and building; the caller keeps those within each building's days.
     */
    async bookingsBetween(companyId: number, buildingId: number | null, from: number, to: number, now: number): Promise<ClosableBooking[]> {
      let query = db
        .selectFrom('reservations as r')
        .innerJoin('desks as d', (join) => join.onRef('d.id', '=', 'r.resource_id').onRef('d.company_id', '=', 'r.company_id'))
        .innerJoin('locations as f', 'f.id', 'd.floor_id')
        .select(['r.id', 'r.resource_id', 'd.number', 'd.floor_id', 'f.parent_id', 'r.host_user_id', 'r.start_at', 'r.end_at'])
        .where('r.company_id', '=', companyId)
        .where('r.status', '=', 'confirmed')
        .where('r.start_at', '<', to)
        .where('r.end_at', '>', Math.max(from, now));
      if (buildingId !== null) query = query.where('f.parent_id', '=', buildingId);
      const rows = await query.orderBy('r.start_at').orderBy('r.id').execute();
      return rows.map((row) => ({
        id: row.id,
        deskId: row.resource_id,
        deskNumber: row.number,
        floorId: row.floor_id,
        buildingId: row.parent_id,
        hostUserId: row.host_user_id,
        startAt: Number(row.start_at),
        endAt: Number(row.end_at),
      }));
    },

    /** The desks of `ids` (not deleted) with their floor, building and owner. */
    async assignedDesks(companyId: number, ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .selectFrom('desks as d')
        .innerJoin('locations as f', 'f.id', 'd.floor_id')
        .leftJoin('locations as b', 'b.id', 'f.parent_id')
        .select(['d.id', 'd.number', 'd.mode', 'd.assigned_user_id', 'd.assigned_department_id', 'f.name as floor_name', 'b.name as building_name'])
        .where('d.company_id', '=', companyId)
        .where('d.id', 'in', ids)
        .where('d.deleted_at', 'is', null)
        .execute();
    },

    /** Active colleagues among `userIds` or in `departmentIds`, with their address and language. */
    async activePeople(companyId: number, userIds: number[], departmentIds: number[]) {
      if (userIds.length === 0 && departmentIds.length === 0) return [];
      return db
        .selectFrom('users')
        .select(['id', 'email', 'full_name', 'department_id'])
        .where('company_id', '=', companyId)
        .where('is_active', '=', 1)
        .where((eb) => eb.or([...(userIds.length > 0 ? [eb('id', 'in', userIds)] : []), ...(departmentIds.length > 0 ? [eb('department_id', 'in', departmentIds)] : [])]))
        .execute();
    },
  };
}
