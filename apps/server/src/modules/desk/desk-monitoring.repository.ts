import type { DeskMode } from '@atrium/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export type DeskMonitoringRepository = ReturnType<typeof createDeskMonitoringRepository>;

/** A desk as the monitoring pages count it. */
export interface MonitoredDesk {
  id: number;
  number: string;
  mode: DeskMode;
  floorId: number;
  floorName: string;
  buildingName: string | null;
  neighbourhoodId: number | null;
  neighbourhoodName: string | null;
  neighbourhoodColor: string | null;
  /** A repair report keeps it out of use now (decision 0019, "The repair centre"). */
  underRepair: boolean;
}

/** A desk booking as the figures need it (the engine's row; a desk booking never crosses midnight). */
export interface MonitoredBooking {
  id: number;
  deskId: number;
  userName: string | null;
  startAt: number;
  endAt: number;
  status: 'confirmed' | 'released' | 'cancelled';
  checkedInAt: number | null;
}

/** Counts and instants come back as numbers (SQLite) or strings (PostgreSQL's bigint). */
const n = (value: unknown) => Number(value ?? 0);

/**
 * The desk monitoring's reads (decision 0019, "Monitoring"): the desks of the floors asked about, their
 * bookings starting in a span of instants, and each desk's last check-in. Always the caller's company.
 */
export function createDeskMonitoringRepository(db: Kysely<DB>) {
  return {
    /** Desks not deleted on floors not deleted (one floor, or all), by floor and number. */
    async listDesks(companyId: number, floorId: number | undefined): Promise<MonitoredDesk[]> {
      let query = db
        .selectFrom('desks as d')
        .innerJoin('locations as f', (join) => join.onRef('f.id', '=', 'd.floor_id').onRef('f.company_id', '=', 'd.company_id'))
        .leftJoin('locations as b', (join) => join.onRef('b.id', '=', 'f.parent_id').onRef('b.company_id', '=', 'f.company_id'))
        .leftJoin('desk_neighbourhoods as n', (join) => join.onRef('n.id', '=', 'd.neighbourhood_id').onRef('n.company_id', '=', 'd.company_id'))
        .select(['d.id', 'd.number', 'd.mode', 'd.out_of_use_report_id', 'd.floor_id', 'f.name as floor_name', 'b.name as building_name', 'n.id as neighbourhood_id', 'n.name as neighbourhood_name', 'n.color'])
        .where('d.company_id', '=', companyId)
        .where('d.deleted_at', 'is', null)
        .where('f.deleted_at', 'is', null);
      if (floorId !== undefined) query = query.where('d.floor_id', '=', floorId);
      const rows = await query.orderBy('b.sort_order').orderBy('f.sort_order').orderBy('f.id').orderBy('d.number_key').execute();
      return rows.map((row) => ({
        id: row.id,
        number: row.number,
        mode: row.mode,
        floorId: row.floor_id,
        floorName: row.floor_name,
        buildingName: row.building_name,
        neighbourhoodId: row.neighbourhood_id,
        neighbourhoodName: row.neighbourhood_name,
        neighbourhoodColor: row.color,
        underRepair: row.out_of_use_report_id !== null,
      }));
    },

    /**
     * The bookings of desks on the floor (or every floor) that start in [from, to), in these statuses,
     * by start then id (bounded by company, status and start: the engine's `reservations_company_status_idx`).
     */
    async listBookings(companyId: number, floorId: number | undefined, from: number, to: number, statuses: ReadonlyArray<MonitoredBooking['status']>): Promise<MonitoredBooking[]> {
      let query = db
        .selectFrom('reservations as r')
        .innerJoin('desks as d', (join) => join.onRef('d.id', '=', 'r.resource_id').onRef('d.company_id', '=', 'r.company_id'))
        .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'r.host_user_id').onRef('u.company_id', '=', 'r.company_id'))
        .select(['r.id', 'r.resource_id', 'u.full_name', 'r.start_at', 'r.end_at', 'r.status', 'r.checked_in_at'])
        .where('r.company_id', '=', companyId)
        .where('r.start_at', '>=', from)
        .where('r.start_at', '<', to)
        .where('r.status', 'in', [...statuses])
        .where('d.deleted_at', 'is', null);
      if (floorId !== undefined) query = query.where('d.floor_id', '=', floorId);
      const rows = await query.orderBy('r.start_at').orderBy('r.id').execute();
      return rows.map((row) => ({
        id: row.id,
        deskId: row.resource_id,
        userName: row.full_name,
        startAt: n(row.start_at),
        endAt: n(row.end_at),
        status: row.status as MonitoredBooking['status'],
        checkedInAt: row.checked_in_at === null ? null : n(row.checked_in_at),
      }));
    },

    /** Each desk's last check-in up to `now` (any day), grouped in SQL. */
    async lastCheckIns(companyId: number, floorId: number | undefined, now: number): Promise<Map<number, number>> {
      let query = db
        .selectFrom('reservations as r')
        .innerJoin('desks as d', (join) => join.onRef('d.id', '=', 'r.resource_id').onRef('d.company_id', '=', 'r.company_id'))
        .select((eb) => ['r.resource_id', eb.fn.max('r.checked_in_at').as('last')])
        .where('r.company_id', '=', companyId)
        .where('r.checked_in_at', 'is not', null)
        .where('r.checked_in_at', '<=', now)
        .where('d.deleted_at', 'is', null)
        .groupBy('r.resource_id');
      if (floorId !== undefined) query = query.where('d.floor_id', '=', floorId);
      const rows = await query.execute();
      return new Map(rows.map((row) => [row.resource_id, n(row.last)]));
    },
  };
}
