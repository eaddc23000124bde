import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export type DeskReleaseRepository = ReturnType<typeof createDeskReleaseRepository>;

/** A release as stored: days on the desk's floor's clock, both included. */
export interface DeskReleaseRow {
  id: number;
  deskId: number;
  firstDay: string;
  lastDay: string;
  createdAt: number;
}

/** An assigned desk as the release views name it. */
export interface ReleasableDeskRow {
  deskId: number;
  deskNumber: string;
  floorId: number;
  floorName: string;
  buildingName: string | null;
  assignedUserId: number | null;
}

const toRelease = (row: { id: number; desk_id: number; first_day: string; last_day: string; created_at: number | string }): DeskReleaseRow => ({
  id: row.id,
  deskId: row.desk_id,
  firstDay: row.first_day,
  lastDay: row.last_day,
  createdAt: Number(row.created_at),
});

/** Releases of assigned desks for their owner's away days (decision 0019): the only code that builds their queries. */
export function createDeskReleaseRepository(db: Kysely<DB>) {
  const selectDesks = (companyId: number) =>
    db
      .selectFrom('desks as d')
      .innerJoin('locations as f', 'f.id', 'd.floor_id')
      .leftJoin('locations as b', 'b.id', 'f.parent_id')
      .select(['d.id as deskId', 'd.number as deskNumber', 'd.floor_id as floorId', 'f.name as floorName', 'b.name as buildingName', 'd.assigned_user_id as assignedUserId'])
      .where('d.company_id', '=', companyId)
      .where('d.mode', '=', 'assigned')
      .where('d.deleted_at', 'is', null)
      .where('f.deleted_at', 'is', null)
      .orderBy('d.number');

  return {
    /** The desks assigned to `userId` as a person (not through a department), by number. */
    listOwnedDesks(companyId: number, userId: number): Promise<ReleasableDeskRow[]> {
      return selectDesks(companyId).where('d.assigned_user_id', '=', userId).execute();
    },

    /** One assigned desk of the company, if it is one. */
    findAssignedDesk(companyId: number, deskId: number): Promise<ReleasableDeskRow | undefined> {
      return selectDesks(companyId).where('d.id', '=', deskId).executeTakeFirst();
    },

    /** The releases of `deskIds` whose last day is `fromDay` or later, by first day. */
    async listReleases(companyId: number, deskIds: number[], fromDay: string): Promise<DeskReleaseRow[]> {
      if (deskIds.length === 0) return [];
      const rows = await db
        .selectFrom('desk_releases')
        .select(['id', 'desk_id', 'first_day', 'last_day', 'created_at'])
        .where('company_id', '=', companyId)
        .where('desk_id', 'in', deskIds)
        .where('last_day', '>=', fromDay)
        .orderBy('first_day')
        .orderBy('id')
        .execute();
      return rows.map(toRelease);
    },

    async findRelease(companyId: number, id: number): Promise<DeskReleaseRow | undefined> {
      const row = await db.selectFrom('desk_releases').select(['id', 'desk_id', 'first_day', 'last_day', 'created_at']).where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
      return row ? toRelease(row) : undefined;
    },

    /** The releases of `deskId` that overlap or touch [firstDay, lastDay] (`dayBefore` and `dayAfter` are its neighbours). */
    async listTouching(companyId: number, deskId: number, dayBefore: string, dayAfter: string): Promise<DeskReleaseRow[]> {
      const rows = await db
        .selectFrom('desk_releases')
        .select(['id', 'desk_id', 'first_day', 'last_day', 'created_at'])
        .where('company_id', '=', companyId)
        .where('desk_id', '=', deskId)
        .where('first_day', '<=', dayAfter)
        .where('last_day', '>=', dayBefore)
        .execute();
      return rows.map(toRelease);
    },

    async insert(values: { companyId: number; deskId: number; userId: number; firstDay: string; lastDay: string; now: number }): Promise<number> {
      const row = await db
        .insertInto('desk_releases')
        .values({ company_id: values.companyId, desk_id: values.deskId, user_id: values.userId, first_day: values.firstDay, last_day: values.lastDay, created_at: values.now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async delete(companyId: number, ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      await db.deleteFrom('desk_releases').where('company_id', '=', companyId).where('id', 'in', ids).execute();
    },

    /** Whether `deskId` is released on `day`. */
    async isReleased(companyId: number, deskId: number, day: string): Promise<boolean> {
      const row = await db.selectFrom('desk_releases').select('id').where('company_id', '=', companyId).where('desk_id', '=', deskId).where('first_day', '<=', day).where('last_day', '>=', day).executeTakeFirst();
      return row !== undefined;
    },

    /** The desks of a floor released on `day`. */
    async releasedOnFloor(companyId: number, floorId: number, day: string): Promise<Set<number>> {
      const rows = await db
        .selectFrom('desk_releases as r')
        .innerJoin('desks as d', 'd.id', 'r.desk_id')
        .select('r.desk_id')
        .where('r.company_id', '=', companyId)
        .where('d.floor_id', '=', floorId)
        .where('r.first_day', '<=', day)
        .where('r.last_day', '>=', day)
        .execute();
      return new Set(rows.map((row) => row.desk_id));
    },

    /** Bookings of `deskId` holding time by others than `ownerId` that start in [from, to) and end after `now`. */
    async bookingsByOthers(companyId: number, deskId: number, ownerId: number, from: number, to: number, now: number): Promise<Array<{ startAt: number; userName: string | null }>> {
      const rows = await db
        .selectFrom('reservations as r')
        .leftJoin('users as u', 'u.id', 'r.host_user_id')
        .select(['r.start_at', 'u.full_name'])
        .where('r.company_id', '=', companyId)
        .where('r.resource_id', '=', deskId)
        .where('r.status', '=', 'confirmed')
        .where('r.host_user_id', '<>', ownerId)
        .where('r.start_at', '>=', from)
        .where('r.start_at', '<', to)
        .where('r.end_at', '>', now)
        .orderBy('r.start_at')
        .execute();
      return rows.map((row) => ({ startAt: Number(row.start_at), userName: row.full_name }));
    },
  };
}
