import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { LOCATION_LEVEL } from '../location/location.repository.js';

export type VisitorAnalysisRepository = ReturnType<typeof createVisitorAnalysisRepository>;

/**
 * Instants are grouped by quarter hour: every zone's offset, and every change of it, falls on a
 * quarter hour, so all of a quarter's visits share one local day and hour (turned local in the service).
 */
export const QUARTER_MS = 15 * 60_000;

/** The half-open UTC window of the range's days on one zone's clock; `zone` null: places without one (UTC). */
export interface ZoneWindow {
  zone: string | null;
  from: number;
  to: number;
}

/** What the analysis reads: a company's visits in the range's days, at a place and its floors or everywhere. */
export interface AnalysisScope {
  companyId: number;
  locationId: number | undefined;
  windows: readonly ZoneWindow[];
}

/** A visit's zone (alias `v` with its place `l` and the place's parent `lp`): its building's, as everywhere (decision 0018). */
const zoneOf = sql<string | null>`coalesce(l.time_zone, lp.time_zone)`;
const quarterOf = (column: 'v.visit_at' | 'v.checked_in_at') => sql<number>`${sql.ref(column)} / ${sql.lit(QUARTER_MS)}`;
const isSet = (column: 'v.checked_in_at' | 'v.cancelled_at') => sql<number>`sum(case when ${sql.ref(column)} is not null then 1 else 0 end)`;

/** Counts come back as numbers (SQLite) or strings (PostgreSQL's bigint and numeric). */
const n = (value: unknown) => Number(value ?? 0);

/**
 * The visitor analysis's queries (decision 0018, "Analytics and export"): the grouping is done here,
 * in SQL both engines run, by place and quarter hour, by reason, and over the kept visits' outcomes;
 * plus the counts retention kept of deleted visits (`visit_stats`). Always the caller's company.
 */
export function createVisitorAnalysisRepository(db: Kysely<DB>) {
  function visits(scope: AnalysisScope) {
    const { companyId, locationId, windows } = scope;
    let query = db
      .selectFrom('visits as v')
      .leftJoin('locations as l', (join) => join.onRef('l.id', '=', 'v.location_id').onRef('l.company_id', '=', 'v.company_id'))
      .leftJoin('locations as lp', (join) => join.onRef('lp.id', '=', 'l.parent_id').onRef('lp.company_id', '=', 'l.company_id'))
      .where('v.company_id', '=', companyId)
      // The windows' span first (the index on visit time), then each zone's own window, so a visit counts on its place's days.
      .where('v.visit_at', '>=', Math.min(...windows.map((window) => window.from)))
      .where('v.visit_at', '<', Math.max(...windows.map((window) => window.to)))
      .where((eb) =>
        eb.or(
          windows.map(({ zone, from, to }) =>
            eb.and([zone === null ? eb(zoneOf, 'is', null) : eb(zoneOf, '=', zone), eb('v.visit_at', '>=', from), eb('v.visit_at', '<', to)]),
          ),
        ),
      );
    if (locationId !== undefined) query = query.where((eb) => eb.or([eb('v.location_id', '=', locationId), eb('l.parent_id', '=', locationId)]));
    return query;
  }

  /** The counts kept of deleted visits in the days `from` to `to`, at the place and its current floors. */
  function stats(companyId: number, from: string, to: string, locationId: number | undefined) {
    let query = db.selectFrom('visit_stats as s').where('s.company_id', '=', companyId).where('s.day', '>=', from).where('s.day', '<=', to);
    if (locationId !== undefined) {
      query = query.where('s.location_id', 'in', (eb) =>
        eb.selectFrom('locations').select('id').where('company_id', '=', companyId).where((inner) => inner.or([inner('id', '=', locationId), inner('parent_id', '=', locationId)])),
      );
    }
    return query;
  }

  return {
    /** The zones of the company's places (null for places without one). */
    async zones(companyId: number): Promise<Array<string | null>> {
      const rows = await db
        .selectFrom('locations as l')
        .leftJoin('locations as lp', (join) => join.onRef('lp.id', '=', 'l.parent_id').onRef('lp.company_id', '=', 'l.company_id'))
        .select(zoneOf.as('zone'))
        .distinct()
        .where('l.company_id', '=', companyId)
        .execute();
      return rows.map((row) => row.zone);
    },

    /** Visits by place and quarter hour of their visit time. */
    async byPlaceAndQuarter(scope: AnalysisScope) {
      const rows = await visits(scope)
        .select((eb) => ['v.location_id', zoneOf.as('zone'), quarterOf('v.visit_at').as('quarter'), eb.fn.countAll().as('visits'), isSet('v.checked_in_at').as('checked_in'), isSet('v.cancelled_at').as('cancelled')])
        .groupBy(['v.location_id', zoneOf, quarterOf('v.visit_at')])
        .execute();
      return rows.map((row) => ({ locationId: row.location_id, zone: row.zone, quarter: n(row.quarter), visits: n(row.visits), checkedIn: n(row.checked_in), cancelled: n(row.cancelled) }));
    },

    /** Visits by the reason's name as it was. */
    async byReason(scope: AnalysisScope) {
      const rows = await visits(scope)
        .select((eb) => ['v.reason', eb.fn.countAll().as('visits'), isSet('v.checked_in_at').as('checked_in'), isSet('v.cancelled_at').as('cancelled')])
        .groupBy('v.reason')
        .execute();
      return rows.map((row) => ({ reason: row.reason, visits: n(row.visits), checkedIn: n(row.checked_in), cancelled: n(row.cancelled) }));
    },

    /** Check-ins by zone and quarter hour of arrival. */
    async arrivals(scope: AnalysisScope) {
      const rows = await visits(scope)
        .where('v.checked_in_at', 'is not', null)
        .select((eb) => [zoneOf.as('zone'), quarterOf('v.checked_in_at').as('quarter'), eb.fn.countAll().as('arrivals')])
        .groupBy([zoneOf, quarterOf('v.checked_in_at')])
        .execute();
      return rows.map((row) => ({ zone: row.zone, quarter: n(row.quarter), arrivals: n(row.arrivals) }));
    },

    /**
     * What became of the kept visits at `now`: how many, the summed stay of those checked in and
     * out, the visits due (not cancelled; checked in, or past their expected end) and the no-shows
     * among them (past their end, never checked in: the statuses noShow and expired).
     */
    async outcomes(scope: AnalysisScope, now: number) {
      const stayed = sql`v.checked_in_at is not null and v.checked_out_at is not null`;
      const passed = sql`v.cancelled_at is null and v.checked_in_at is null and v.expected_end_at <= ${now}`;
      const row = await visits(scope)
        .select((eb) => [
          eb.fn.countAll().as('visits'),
          sql<number>`sum(case when ${stayed} then 1 else 0 end)`.as('stays'),
          sql<number>`sum(case when ${stayed} then v.checked_out_at - v.checked_in_at else 0 end)`.as('stay_ms'),
          sql<number>`sum(case when v.cancelled_at is null and (v.checked_in_at is not null or v.expected_end_at <= ${now}) then 1 else 0 end)`.as('due'),
          sql<number>`sum(case when ${passed} then 1 else 0 end)`.as('no_shows'),
        ])
        .executeTakeFirstOrThrow();
      return { visits: n(row.visits), stays: n(row.stays), stayMs: n(row.stay_ms), due: n(row.due), noShows: n(row.no_shows) };
    },

    /** Retention's counts by day and place. */
    async statsByDayAndPlace(companyId: number, from: string, to: string, locationId: number | undefined) {
      const rows = await stats(companyId, from, to, locationId)
        .select((eb) => ['s.day', 's.location_id', eb.fn.sum('s.visits').as('visits'), eb.fn.sum('s.checked_in').as('checked_in'), eb.fn.sum('s.cancelled').as('cancelled')])
        .groupBy(['s.day', 's.location_id'])
        .execute();
      return rows.map((row) => ({ day: row.day, locationId: n(row.location_id), visits: n(row.visits), checkedIn: n(row.checked_in), cancelled: n(row.cancelled) }));
    },

    /** Retention's counts by reason. */
    async statsByReason(companyId: number, from: string, to: string, locationId: number | undefined) {
      const rows = await stats(companyId, from, to, locationId)
        .select((eb) => ['s.reason', eb.fn.sum('s.visits').as('visits'), eb.fn.sum('s.checked_in').as('checked_in'), eb.fn.sum('s.cancelled').as('cancelled')])
        .groupBy('s.reason')
        .execute();
      return rows.map((row) => ({ reason: row.reason, visits: n(row.visits), checkedIn: n(row.checked_in), cancelled: n(row.cancelled) }));
    },

    /** The names of these places of the company, a floor's with its building's; a deleted one is absent. */
    async places(companyId: number, ids: readonly number[]): Promise<Map<number, { name: string; buildingName: string | null }>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('locations as l')
        .leftJoin('locations as lp', (join) => join.onRef('lp.id', '=', 'l.parent_id').onRef('lp.company_id', '=', 'l.company_id'))
        .select(['l.id', 'l.name', 'l.level', 'lp.name as parent_name'])
        .where('l.company_id', '=', companyId)
        .where('l.id', 'in', [...ids])
        .execute();
      return new Map(rows.map((row) => [row.id, { name: row.name, buildingName: row.level === LOCATION_LEVEL.building ? null : row.parent_name }]));
    },
  };
}
