import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ReportFilters, ReservationStatus } from '@atrium/contract';
import type { DB } from '../../db/schema.js';
import type { SqliteReaders } from '../../db/sqlite-readers.js';
import { userMatches } from '../../db/like.js';

export type ReportRepository = ReturnType<typeof createReportRepository>;

/** The statuses the analysis counts: every booking that was not withdrawn (released no-shows included). */
export const COUNTED_STATUSES = ['pending', 'confirmed', 'released'] as const satisfies readonly ReservationStatus[];

/**
 * How the analysis' queries see time: the window cut into steps at every change of offset of the
 * zones in scope (`boundaries`, ascending, inside the window), so every row's step index tells its
 * zone's offset; and per zone the part of its offset below a whole hour (30 or 45 minutes in a few
 * zones), added before taking the hour so that the local hour is the UTC one plus whole hours.
 */
export interface TimeFrame {
  boundaries: number[];
  /** Rooms of zones with a sub-hour offset, and that part in ms; empty for most companies. */
  subHour: Array<{ roomIds: number[]; ms: number }>;
  /** Rooms by zone (only when the scope spans several): the zone's index in this list. */
  zones: number[][];
}

/** Which rows a query reads: one company, a half-open start window, and the rooms in scope. */
export interface ReportWindow {
  companyId: number;
  from: number;
  to: number;
  roomIds: number[];
}

/** Counted meetings of one room starting in one UTC hour of the day (shifted by the sub-hour part) within one step. */
export interface RoomHourGroup {
  roomId: number;
  step: number;
  hour: number;
  bookings: number;
  released: number;
  checkedIn: number;
  heldMs: number;
}

/** Counted meetings of one zone by UTC weekday and hour of the day (shifted) within one step. */
export interface ZoneDayGroup {
  zone: number;
  step: number;
  weekday: number;
  hour: number;
  bookings: number;
  heldMs: number;
}

/** Counted meetings by channel, series or not, and length bucket (an index into DURATION_BUCKETS). */
export interface KindGroup {
  channel: string;
  isRecurring: boolean;
  bucket: number;
  bookings: number;
  heldMs: number;
}

export interface SeriesGroup {
  seriesId: number;
  roomId: number;
  /** A public occurrence's title; null when every occurrence in the window is busy-only or private. */
  title: string | null;
  bookings: number;
  released: number;
  heldMs: number;
}

export interface RecordRow {
  id: number;
  title: string;
  privacy: 'public' | 'busy' | 'private';
  roomId: number;
  hostName: string | null;
  startAt: number;
  endAt: number;
  status: ReservationStatus;
  channel: string;
  seriesId: number | null;
  checkedInAt: number | null;
  participantCount: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A whole number written into SQL (ids, instants and offsets we computed ourselves; never user text). */
function literal(value: number): RawBuilder<number> {
  if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
  return sql.lit(value);
}

const inList = (ids: number[]) => sql.join(ids.map(literal));

/** The step index of `r.start_at`. */
function stepOf(frame: TimeFrame): RawBuilder<number> {
  if (frame.boundaries.length === 0) return sql`0`;
  const branches = frame.boundaries.map((boundary, index) => sql`when r.start_at < ${literal(boundary)} then ${literal(index)}`);
  return sql`(case ${sql.join(branches, sql` `)} else ${literal(frame.boundaries.length)} end)`;
}

/** `r.start_at` plus its zone's sub-hour offset (for most companies just `r.start_at`). */
function shiftedStart(frame: TimeFrame): RawBuilder<number> {
  if (frame.subHour.length === 0) return sql`r.start_at`;
  const branches = frame.subHour.map((part) => sql`when r.resource_id in (${inList(part.roomIds)}) then ${literal(part.ms)}`);
  return sql`(r.start_at + (case ${sql.join(branches, sql` `)} else 0 end))`;
}

/** The row's zone index; the zone with the most rooms is the default, so one zone reads no room list. */
function zoneOf(frame: TimeFrame): RawBuilder<number> {
  if (frame.zones.length <= 1) return sql`0`;
  const common = frame.zones.reduce((best, rooms, index) => (rooms.length > frame.zones[best]!.length ? index : best), 0);
  const branches = frame.zones.flatMap((rooms, index) => (index === common ? [] : [sql`when r.resource_id in (${inList(rooms)}) then ${literal(index)}`]));
  return sql`(case ${sql.join(branches, sql` `)} else ${literal(common)} end)`;
}

/**
 * Reads for /report: meeting records and the analysis' aggregates, always within one company and
 * its rooms in scope. On SQLite the aggregates (long grouped scans) run on `readers`, worker
 * threads with their own connections, side by side and without holding up other requests.
 */
export function createReportRepository(db: Kysely<DB>, readers?: SqliteReaders) {
  async function aggregate(query: RawBuilder<Record<string, unknown>>): Promise<Record<string, unknown>[]> {
    if (!readers) return (await query.execute(db)).rows;
    const compiled = query.compile(db);
    return readers.all(compiled.sql, compiled.parameters);
  }

  /**
   * Rows of the window in the rooms in scope (`r` is the reservation). The room list is a filter on the covering
   * index's rows (`resource_id + 0`), not a key of its scan: as a key, PostgreSQL descends the index once per room
   * of the list and misjudges the rows by 200 times (a company with desks as well as rooms, at the scale seed: the
   * 180-day analysis 0.5 s instead of under 0.2; docs/performance.md "At scale").
   */
  const counted = (window: ReportWindow) =>
    sql`r.company_id = ${window.companyId} and r.status in ('pending', 'confirmed', 'released') and r.start_at >= ${window.from} and r.start_at < ${window.to} and r.resource_id + 0 in (${inList(window.roomIds)})`;

  function filteredRecords(window: ReportWindow, filters: Pick<ReportFilters, 'host' | 'status' | 'channel'>) {
    let query = db
      .selectFrom('reservations as r')
      .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'r.host_user_id').onRef('u.company_id', '=', 'r.company_id'))
      .where('r.company_id', '=', window.companyId)
      .where('r.start_at', '>=', window.from)
      .where('r.start_at', '<', window.to)
      .where('r.resource_id', 'in', window.roomIds);
    if (filters.status) query = query.where('r.status', '=', filters.status);
    // `calendar` is a channel no row holds yet (contract REPORT_CHANNELS): it matches nothing.
    if (filters.channel) query = query.where(sql<boolean>`r.channel = ${filters.channel}`);
    const host = filters.host;
    if (host) query = query.where(userMatches(host));
    return query;
  }

  type Filtered = ReturnType<typeof filteredRecords>;
  const recordColumns = (query: Filtered) =>
    query.select((eb) => [
      'r.id', 'r.title', 'r.privacy', 'r.resource_id', 'u.full_name as host_name', 'r.start_at', 'r.end_at', 'r.status', 'r.channel', 'r.series_id', 'r.checked_in_at',
      eb.selectFrom('reservation_participants as p').select(eb.fn.countAll<number>().as('n')).whereRef('p.reservation_id', '=', 'r.id').as('participant_count'),
    ]);
  const toRecord = (row: object): RecordRow => {
    const r = row as Record<string, unknown>;
    return {
      id: Number(r.id),
      title: String(r.title),
      privacy: r.privacy as RecordRow['privacy'],
      roomId: Number(r.resource_id),
      hostName: (r.host_name as string | null) ?? null,
      startAt: Number(r.start_at),
      endAt: Number(r.end_at),
      status: r.status as ReservationStatus,
      channel: String(r.channel),
      seriesId: r.series_id === null ? null : Number(r.series_id),
      checkedInAt: r.checked_in_at === null ? null : Number(r.checked_in_at),
      participantCount: Number(r.participant_count ?? 0),
    };
  };

  return {
    /** How many records match; a page of them, newest start first. */
    async listRecords(window: ReportWindow, filters: Pick<ReportFilters, 'host' | 'status' | 'channel'>, limit: number, offset: number): Promise<{ total: number; rows: RecordRow[] }> {
      if (window.roomIds.length === 0) return { total: 0, rows: [] };
      const query = filteredRecords(window, filters);
      const [total, rows] = await Promise.all([
        query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        recordColumns(query).orderBy('r.start_at', 'desc').orderBy('r.id', 'desc').limit(limit).offset(offset).execute(),
      ]);
      return { total: Number(total.total), rows: rows.map(toRecord) };
    },

    /** Up to `limit` records for an export, newest start first. */
    async exportRecords(window: ReportWindow, filters: Pick<ReportFilters, 'host' | 'status' | 'channel'>, limit: number): Promise<RecordRow[]> {
      if (window.roomIds.length === 0) return [];
      const rows = await recordColumns(filteredRecords(window, filters)).orderBy('r.start_at', 'desc').orderBy('r.id', 'desc').limit(limit).execute();
      return rows.map(toRecord);
    },

    /** Counted meetings by room, step and (shifted) UTC hour of the day they start in: overview, peak hours, heat map. */
    // `room_id + 0`: grouping by the bare column tempts SQLite into the (room_id, start_at) index and a
    // lookup of every row; the expression keeps it on the covering report index (migration 0034).
    async roomHours(window: ReportWindow, frame: TimeFrame): Promise<RoomHourGroup[]> {
      if (window.roomIds.length === 0) return [];
      const rows = await aggregate(sql<Record<string, unknown>>`
        select r.resource_id + 0 as room_id, ${stepOf(frame)} as step, (${shiftedStart(frame)} % ${literal(DAY_MS)}) / ${literal(HOUR_MS)} as hour,
          count(*) as bookings,
          sum(case when r.status = 'released' then 1 else 0 end) as released,
          sum(case when r.checked_in_at is not null then 1 else 0 end) as checked_in,
          sum(case when r.status = 'released' then 0 else r.end_at - r.start_at end) as held
        from reservations r
        where ${counted(window)}
        group by 1, 2, 3`);
      return rows.map((row) => ({
        roomId: Number(row.room_id),
        step: Number(row.step),
        hour: Number(row.hour),
        bookings: Number(row.bookings),
        released: Number(row.released),
        checkedIn: Number(row.checked_in),
        heldMs: Number(row.held ?? 0),
      }));
    },

    /** Counted meetings by zone, step, (shifted) UTC weekday and hour: the local weekday needs both. */
    async zoneDays(window: ReportWindow, frame: TimeFrame): Promise<ZoneDayGroup[]> {
      if (window.roomIds.length === 0) return [];
      const shifted = shiftedStart(frame);
      // Day 0 of the epoch (1970-01-01) was a Thursday.
      const rows = await aggregate(sql<Record<string, unknown>>`
        select ${zoneOf(frame)} as zone, ${stepOf(frame)} as step, (${shifted} / ${literal(DAY_MS)} + 4) % 7 as weekday, (${shifted} % ${literal(DAY_MS)}) / ${literal(HOUR_MS)} as hour,
          count(*) as bookings,
          sum(case when r.status = 'released' then 0 else r.end_at - r.start_at end) as held
        from reservations r
        where ${counted(window)}
        group by 1, 2, 3, 4`);
      return rows.map((row) => ({
        zone: Number(row.zone),
        step: Number(row.step),
        weekday: Number(row.weekday),
        hour: Number(row.hour),
        bookings: Number(row.bookings),
        heldMs: Number(row.held ?? 0),
      }));
    },

    /** Counted meetings by channel, series or not, and length bucket (upper bounds in ms, ascending; the last open). */
    async kinds(window: ReportWindow, bucketLimitsMs: number[]): Promise<KindGroup[]> {
      if (window.roomIds.length === 0) return [];
      const bucket = sql`(case ${sql.join(
        bucketLimitsMs.map((limit, index) => sql`when r.end_at - r.start_at <= ${literal(limit)} then ${literal(index)}`),
        sql` `,
      )} else ${literal(bucketLimitsMs.length)} end)`;
      const rows = await aggregate(sql<Record<string, unknown>>`
        select r.channel as channel, case when r.series_id is null then 0 else 1 end as recurring, ${bucket} as bucket,
          count(*) as bookings,
          sum(case when r.status = 'released' then 0 else r.end_at - r.start_at end) as held
        from reservations r
        where ${counted(window)}
        group by 1, 2, 3`);
      return rows.map((row) => ({
        channel: String(row.channel),
        isRecurring: Number(row.recurring) === 1,
        bucket: Number(row.bucket),
        bookings: Number(row.bookings),
        heldMs: Number(row.held ?? 0),
      }));
    },

    /** Counted occurrences of each series in the window. */
    async seriesGroups(window: ReportWindow): Promise<SeriesGroup[]> {
      if (window.roomIds.length === 0) return [];
      const rows = await aggregate(sql<Record<string, unknown>>`
        select r.series_id as series_id, min(r.resource_id) as room_id,
          max(case when r.privacy = 'public' then r.title end) as title,
          count(*) as bookings,
          sum(case when r.status = 'released' then 1 else 0 end) as released,
          sum(case when r.status = 'released' then 0 else r.end_at - r.start_at end) as held
        from reservations r
        where ${counted(window)} and r.series_id is not null
        group by r.series_id`);
      return rows.map((row) => ({
        seriesId: Number(row.series_id),
        roomId: Number(row.room_id),
        title: (row.title as string | null) ?? null,
        bookings: Number(row.bookings),
        released: Number(row.released),
        heldMs: Number(row.held ?? 0),
      }));
    },
  };
}
