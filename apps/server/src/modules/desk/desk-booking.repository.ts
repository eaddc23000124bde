import { DEFAULT_DESK_RULES, minutesOf, timeOfMinutes, type DeskBooking, type DeskRules } from '@atrium/contract';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB } from '../../db/schema.js';

export type DeskBookingRepository = ReturnType<typeof createDeskBookingRepository>;

/** A desk as booking it needs to know (desk-bookable.ts keeps these per layout version). */
export interface DeskBookingRecord {
  id: number;
  floorId: number;
  number: string;
  mode: 'bookable' | 'drop_in' | 'assigned' | 'unavailable';
  assignedUserId: number | null;
  assignedDepartmentId: number | null;
  /** The department its neighbourhood is kept for; null: free for all (or in none). */
  neighbourhoodDepartmentId: number | null;
  neighbourhoodId: number | null;
  equipment: string[];
  /** The open repair report keeping it out of use; null: none. */
  outOfUseReportId: number | null;
}

/** What booking one desk must know inside its transaction (`readChecks`). */
export interface DeskBookingChecks {
  layoutVersion: number;
  rules: DeskRules;
  /** The booker's department (who may book a department's neighbourhood or desk). */
  departmentId: number | null;
  /** Whether the booker's department may book desks (decision 0019, "Desk access and closures"). */
  mayBookDesks: boolean;
  isActive: boolean;
  /** The booker's desk bookings holding time that start within the week asked about (a booking never crosses midnight). */
  week: Array<{ startAt: number; endAt: number }>;
}

/** Statuses that hold a desk's time (pending is a room's, never a desk's). */
const HOLDING = ['confirmed'] as const;

const rulesOf = (row: Selectable<DB['desk_rules']>): DeskRules => ({
  maxDaysAhead: row.max_days_ahead,
  maxDaysPerWeek: row.max_days_per_week,
  longestBookingMinutes: row.longest_booking_minutes,
  dayStart: timeOfMinutes(row.day_start_minutes),
  midday: timeOfMinutes(row.midday_minutes),
  dayEnd: row.day_end_minutes === 1440 ? '24:00' : timeOfMinutes(row.day_end_minutes),
  checkInGraceMinutes: row.check_in_grace_minutes,
  oneDeskPerPerson: row.one_desk_per_person === 1,
});

/** The desk bookings' reads and writes; the booking row itself is the engine's (booking.repository.ts `insertMeeting`). */
export function createDeskBookingRepository(db: Kysely<DB>) {
  async function layoutVersion(companyId: number): Promise<number> {
    const row = await db.selectFrom('layout_versions').select('version').where('company_id', '=', companyId).executeTakeFirst();
    return row?.version ?? 0;
  }

  async function rules(companyId: number): Promise<DeskRules> {
    const row = await db.selectFrom('desk_rules').selectAll().where('company_id', '=', companyId).executeTakeFirst();
    return row ? rulesOf(row) : DEFAULT_DESK_RULES;
  }

  /** Desk bookings with their desk, floor and building, as `DeskBooking` shows them (the zone filled in by the service). */
  const selectBookings = (companyId: number) =>
    db
      .selectFrom('reservations as r')
      .innerJoin('desks as d', (join) => join.onRef('d.id', '=', 'r.resource_id').onRef('d.company_id', '=', 'r.company_id'))
      .innerJoin('locations as f', 'f.id', 'd.floor_id')
      .leftJoin('locations as b', 'b.id', 'f.parent_id')
      .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'r.host_user_id').onRef('u.company_id', '=', 'r.company_id'))
      .select([
        'r.id', 'r.resource_id', 'd.number', 'd.floor_id', 'f.name as floor_name', 'b.name as building_name', 'r.host_user_id', 'u.full_name as user_name',
        'r.start_at', 'r.end_at', 'r.status', 'r.checked_in_at',
      ])
      .where('r.company_id', '=', companyId);
  type BookingRow = Awaited<ReturnType<ReturnType<typeof selectBookings>['execute']>>[number];

  const present = (row: BookingRow, zoneOf: (floorId: number) => string, graceMinutes: number | null): DeskBooking => ({
    id: row.id,
    deskId: row.resource_id,
    deskNumber: row.number,
    floorId: row.floor_id,
    floorName: row.floor_name,
    buildingName: row.building_name,
    timeZone: zoneOf(row.floor_id),
    userId: row.host_user_id,
    userName: row.user_name,
    startAt: Number(row.start_at),
    endAt: Number(row.end_at),
    status: row.status === 'cancelled' || row.status === 'released' ? row.status : 'confirmed',
    checkedInAt: row.checked_in_at === null ? null : Number(row.checked_in_at),
    checkInBy: graceMinutes === null ? null : Number(row.start_at) + graceMinutes * 60_000,
  });

  return {
    present,

    /** The company's layout version (raised by every desk and neighbourhood write, migration 0057). */
    layoutVersion,

    /** Every desk of the company not deleted, on a floor not deleted, as booking needs it. */
    async listDeskRecords(companyId: number): Promise<DeskBookingRecord[]> {
      const rows = await db
        .selectFrom('desks as d')
        // A desk on a deleted floor is out of the tree: no longer bookable.
        .innerJoin('locations as f', 'f.id', 'd.floor_id')
        .leftJoin('desk_neighbourhoods as n', 'n.id', 'd.neighbourhood_id')
        .select(['d.id', 'd.floor_id', 'd.number', 'd.mode', 'd.assigned_user_id', 'd.assigned_department_id', 'd.neighbourhood_id', 'd.equipment', 'd.out_of_use_report_id', 'n.department_id'])
        .where('d.company_id', '=', companyId)
        .where('d.deleted_at', 'is', null)
        .where('f.deleted_at', 'is', null)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        floorId: row.floor_id,
        number: row.number,
        mode: row.mode,
        assignedUserId: row.assigned_user_id,
        assignedDepartmentId: row.assigned_department_id,
        neighbourhoodDepartmentId: row.department_id,
        neighbourhoodId: row.neighbourhood_id,
        equipment: JSON.parse(row.equipment) as string[],
        outOfUseReportId: row.out_of_use_report_id,
      }));
    },

    rules,

    async saveRules(companyId: number, rules: DeskRules, now: number): Promise<void> {
      const values = {
        max_days_ahead: rules.maxDaysAhead,
        max_days_per_week: rules.maxDaysPerWeek,
        longest_booking_minutes: rules.longestBookingMinutes,
        day_start_minutes: minutesOf(rules.dayStart),
        midday_minutes: minutesOf(rules.midday),
        day_end_minutes: rules.dayEnd === '24:00' ? 1440 : minutesOf(rules.dayEnd),
        check_in_grace_minutes: rules.checkInGraceMinutes,
        one_desk_per_person: rules.oneDeskPerPerson ? (1 as const) : (0 as const),
        updated_at: now,
      };
      await db
        .insertInto('desk_rules')
        .values({ company_id: companyId, ...values })
        .onConflict((conflict) => conflict.column('company_id').doUpdateSet(values))
        .execute();
    },

    /**
     * Inside the booking's write transaction: the layout version (proves the kept desk current), the
     * rules, the booker, and their desk bookings holding time that start in the week [weekFrom, weekTo).
     */
    async readChecks(input: { companyId: number; userId: number; weekFrom: number; weekTo: number }): Promise<DeskBookingChecks> {
      const { companyId, userId, weekFrom, weekTo } = input;
      const version = await layoutVersion(companyId);
      const current = await rules(companyId);
      const user = await db
        .selectFrom('users as u')
        .leftJoin('departments as d', (join) => join.onRef('d.id', '=', 'u.department_id').onRef('d.company_id', '=', 'u.company_id'))
        .select(['u.department_id', 'u.is_active', 'd.desk_booking_enabled'])
        .where('u.company_id', '=', companyId)
        .where('u.id', '=', userId)
        .executeTakeFirst();
      const week = await db
        .selectFrom('reservations as r')
        .innerJoin('desks as d', (join) => join.onRef('d.id', '=', 'r.resource_id').onRef('d.company_id', '=', 'r.company_id'))
        .select(['r.start_at', 'r.end_at'])
        .where('r.company_id', '=', companyId)
        .where('r.host_user_id', '=', userId)
        .where('r.status', 'in', HOLDING)
        .where('r.start_at', '>=', weekFrom)
        .where('r.start_at', '<', weekTo)
        .execute();
      return {
        layoutVersion: version,
        rules: current,
        departmentId: user?.department_id ?? null,
        mayBookDesks: user?.desk_booking_enabled !== 0,
        isActive: user?.is_active === 1,
        week: week.map((row) => ({ startAt: Number(row.start_at), endAt: Number(row.end_at) })),
      };
    },

    async departmentOf(companyId: number, userId: number): Promise<number | null> {
      const row = await db.selectFrom('users').select('department_id').where('company_id', '=', companyId).where('id', '=', userId).executeTakeFirst();
      return row?.department_id ?? null;
    },

    async findBooking(companyId: number, id: number): Promise<BookingRow | undefined> {
      return selectBookings(companyId).where('r.id', '=', id).executeTakeFirst();
    },

    /** The user's desk bookings holding time that end after `now`, soonest first. */
    async listMine(companyId: number, userId: number, now: number): Promise<BookingRow[]> {
      return selectBookings(companyId).where('r.host_user_id', '=', userId).where('r.status', 'in', HOLDING).where('r.end_at', '>', now).orderBy('r.start_at').orderBy('r.id').limit(200).execute();
    },

    /** The desk bookings holding time on a floor that overlap [from, to). */
    async listOnFloor(companyId: number, floorId: number, from: number, to: number): Promise<BookingRow[]> {
      return selectBookings(companyId).where('d.floor_id', '=', floorId).where('r.status', 'in', HOLDING).where('r.start_at', '<', to).where('r.end_at', '>', from).orderBy('r.start_at').execute();
    },

    /** The first booking of `deskId` holding time that has not ended at `from` and starts by `to`, if any. */
    async bookingBetween(companyId: number, deskId: number, from: number, to: number): Promise<BookingRow | undefined> {
      return selectBookings(companyId)
        .where('r.resource_id', '=', deskId)
        .where('r.status', 'in', HOLDING)
        .where('r.start_at', '<=', to)
        .where('r.end_at', '>', from)
        .orderBy('r.start_at')
        .executeTakeFirst();
    },

    /** Cancels a booking still holding time; false when it no longer does. */
    async cancel(companyId: number, id: number, actorUserId: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('reservations')
        .set({ status: 'cancelled', cancelled_at: now, cancelled_by: actorUserId, updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .where('status', 'in', HOLDING)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Records the check-in of a booking holding time and not checked in yet; false otherwise. */
    async checkIn(companyId: number, id: number, userId: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('reservations')
        .set({ checked_in_at: now, check_in_channel: 'qr', checked_in_by: userId, updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .where('status', 'in', HOLDING)
        .where('checked_in_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Desk bookings nobody checked in to whose grace (the company's rules, or the default) ran out
     * before `now`, across companies: the release job's query. Only bookings that started in the last day.
     */
    async dueNoShows(now: number, limit: number): Promise<Array<{ id: number; companyId: number; deskId: number }>> {
      const grace = sql<number>`coalesce(dr.check_in_grace_minutes, case when dr.company_id is null then ${sql.lit(DEFAULT_DESK_RULES.checkInGraceMinutes)} end)`;
      const rows = await db
        .selectFrom('reservations as r')
        .innerJoin('desks as d', (join) => join.onRef('d.id', '=', 'r.resource_id').onRef('d.company_id', '=', 'r.company_id'))
        .leftJoin('desk_rules as dr', 'dr.company_id', 'r.company_id')
        .select(['r.id', 'r.company_id', 'r.resource_id'])
        .where('r.status', '=', 'confirmed')
        .where('r.checked_in_at', 'is', null)
        .where('r.start_at', '>=', now - 86_400_000)
        .where(sql<boolean>`${grace} is not null`)
        .where(sql<boolean>`r.start_at + ${grace} * 60000 < ${now}`)
        .orderBy('r.start_at')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ id: row.id, companyId: row.company_id, deskId: row.resource_id }));
    },
  };
}
