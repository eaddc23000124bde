import {
  DURATION_BUCKETS,
  LOCATION_LEVELS,
  REPORT_CHANNELS,
  REPORT_CUSTOM_MAX_DAYS,
  REPORT_EXPORT_HEADERS,
  REPORT_EXPORT_LABELS,
  REPORT_EXPORT_MAX_ROWS,
  REPORT_WEEKDAY_ORDER,
  addDays,
  fromZoned,
  reportWindow,
  toZoned,
  weekdayOf,
  zoneOffsetMs,
  type BookingPreferences,
  type Lang,
  type ReportAnalysis,
  type ReportAnalysisQuery,
  type ReportChannel,
  type ReportExportBody,
  type ReportListQuery,
  type ReportOptions,
  type ReportPage,
  type ReportRecord,
  type ReportScope,
} from '@atrium/contract';
import type { Clock } from '../../platform/clock.js';
import { notFound, refused } from '../../platform/errors.js';
import { writeCsv, writeXlsx, type ExportCell } from '../../platform/spreadsheet/export.js';
import { createVersionedCache } from '../../platform/versioned-cache.js';
import { pathName, type LocationIndex } from '../location/location.presenter.js';
import { roomTimeZone } from '../room/room-layout.js';
import type { LocationService } from '../location/location.service.js';
import type { RoomRepository } from '../room/room.repository.js';
import type { RecordRow, ReportRepository, ReportWindow, TimeFrame } from './report.repository.js';

export interface ReportServiceDeps {
  reports: ReportRepository;
  rooms: Pick<RoomRepository, 'listRooms'>;
  locations: Pick<LocationService, 'loadLayout'>;
  /** The company's booking rules: their bookable days and hours are the available time of utilisation. */
  preferences: { get(companyId: number): Promise<BookingPreferences> };
  clock: Clock;
}

export type ReportService = ReturnType<typeof createReportService>;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const COMPANIES_CACHED = 500;
const TOP_SERIES = 10;

/** A room as reports need it, kept per company while the layout version stays the same. */
interface ReportRoom {
  id: number;
  name: string;
  path: string;
  /** The room's IANA zone; null reads as UTC. */
  zone: string | null;
  isAvailable: boolean;
  createdAt: number;
}

interface ReportLayout {
  index: LocationIndex;
  /** Rooms in tree order. */
  rooms: readonly ReportRoom[];
  byId: ReadonlyMap<number, ReportRoom>;
}

/** Hours with two decimals, shares with four: the figures the charts and their downloads show. */
const toHours = (ms: number) => Math.round((ms / HOUR_MS) * 100) / 100;
const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null);

/** A zone's offset from UTC over a window, as steps: `offsetMs` holds from `since` until the next step. */
export interface OffsetStep {
  since: number;
  offsetMs: number;
}

/**
 * The offset steps of a zone over [from, to): sampled once a day, each change found to the second
 * by bisection (zones change on whole seconds; daylight saving changes at most twice a year).
 */
export function offsetSteps(zone: string | null, from: number, to: number): OffsetStep[] {
  if (!zone || zone === 'UTC') return [{ since: from, offsetMs: 0 }];
  const offset = (at: number) => zoneOffsetMs(at, zone);
  const steps: OffsetStep[] = [{ since: from, offsetMs: offset(from) }];
  for (let at = from; at < to; ) {
    const next = Math.min(at + DAY_MS, to);
    const current = steps[steps.length - 1]!.offsetMs;
    if (offset(next) === current) {
      at = next;
      continue;
    }
    // The offset changes in (at, next]: narrow down to the first second with the new one.
    let low = at;
    let high = next;
    while (high - low > 1000) {
      const middle = low + Math.floor((high - low) / 2000) * 1000;
      if (middle <= low) break;
      if (offset(middle) === current) low = middle;
      else high = middle;
    }
    high = Math.ceil(high / 1000) * 1000;
    steps.push({ since: high, offsetMs: offset(high) });
    at = high;
  }
  return steps;
}

/** The bookable windows of [from, to) in a zone: each bookable day's hours (the whole day when none are set). */
export function bookableWindows(zone: string | null, from: number, to: number, rules: Pick<BookingPreferences, 'bookableWeekdays' | 'bookableHours'>): Array<[number, number]> {
  const timeZone = zone ?? 'UTC';
  const days = new Set(rules.bookableWeekdays);
  const windows: Array<[number, number]> = [];
  const last = toZoned(to, timeZone).date;
  for (let date = toZoned(from, timeZone).date; date <= last; date = addDays(date, 1)) {
    if (!days.has(weekdayOf(date))) continue;
    const hours = rules.bookableHours;
    const start = fromZoned(date, hours?.start ?? '00:00', timeZone);
    const end = hours && hours.end !== '24:00' ? fromZoned(date, hours.end, timeZone) : fromZoned(addDays(date, 1), '00:00', timeZone);
    const clipped: [number, number] = [Math.max(start, from), Math.min(end, to)];
    if (clipped[1] > clipped[0]) windows.push(clipped);
  }
  return windows;
}

/**
 * How the queries cut the window: at every change of offset of the scope's zones. Each zone's
 * offset per step is its whole hours (added to the UTC hour the database answers) once the
 * sub-hour part (30 or 45 minutes in a few zones) was added in the query.
 */
export function timeFrame(zones: ReadonlyArray<{ zone: string | null; roomIds: number[] }>, from: number, to: number): { frame: TimeFrame; wholeHours: number[][] } {
  const steps = zones.map((entry) => offsetSteps(entry.zone, from, to));
  const boundaries = [...new Set(steps.flatMap((list) => list.slice(1).map((step) => step.since)))].sort((a, b) => a - b);
  const starts = [from, ...boundaries];
  const subHourOf = (list: OffsetStep[]) => ((list[0]!.offsetMs % HOUR_MS) + HOUR_MS) % HOUR_MS;
  const wholeHours = steps.map((list) => {
    const part = subHourOf(list);
    return starts.map((start) => {
      const offset = [...list].reverse().find((step) => step.since <= start)?.offsetMs ?? list[0]!.offsetMs;
      return Math.round((offset - part) / HOUR_MS);
    });
  });
  const subHour = zones.flatMap((entry, index) => (subHourOf(steps[index]!) === 0 ? [] : [{ roomIds: entry.roomIds, ms: subHourOf(steps[index]!) }]));
  return { frame: { boundaries, subHour, zones: zones.map((entry) => entry.roomIds) }, wholeHours };
}

const modulo = (value: number, base: number) => ((value % base) + base) % base;

/** Reports on /report: meeting records (list and export) and the data analysis, in each room's zone (docs/decisions/0006). */
export function createReportService({ reports, rooms, locations, preferences, clock }: ReportServiceDeps) {
  const layouts = createVersionedCache<number, ReportLayout>(COMPANIES_CACHED);

  async function reportLayout(companyId: number): Promise<ReportLayout> {
    const { version, index } = await locations.loadLayout(companyId);
    return layouts.get(companyId, version, async () => {
      const order = new Map(index.inTreeOrder().map((node, position) => [node.id, position]));
      const records = (await rooms.listRooms(companyId, {})).filter((room) => order.has(room.id)).sort((a, b) => order.get(a.id)! - order.get(b.id)!);
      const list = records.map((room) =>
        Object.freeze({ id: room.id, name: room.name, path: pathName(index, room.id), zone: roomTimeZone(index, room.id), isAvailable: room.isAvailable, createdAt: room.createdAt }),
      );
      return { index, rooms: Object.freeze(list), byId: new Map(list.map((room) => [room.id, room])) };
    });
  }

  /** The window and the rooms a scope covers; a location or room of another company is as unknown as a missing one. */
  async function resolve(companyId: number, scope: ReportScope): Promise<{ window: ReportWindow; layout: ReportLayout; inScope: readonly ReportRoom[] }> {
    const span = reportWindow(scope, clock.now());
    if (!span) throw refused('reportRangeInvalid', { days: REPORT_CUSTOM_MAX_DAYS });
    const layout = await reportLayout(companyId);
    let inScope = layout.rooms;
    if (scope.locationId !== undefined) {
      if (!layout.index.byId.has(scope.locationId)) throw notFound('locationNotFound');
      const under = new Set(layout.index.subtreeOf(scope.locationId).map((node) => node.id));
      inScope = inScope.filter((room) => under.has(room.id));
    }
    if (scope.roomId !== undefined) {
      if (!layout.byId.has(scope.roomId)) throw notFound('roomNotFound');
      inScope = inScope.filter((room) => room.id === scope.roomId);
    }
    return { window: { companyId, ...span, roomIds: inScope.map((room) => room.id) }, layout, inScope };
  }

  function present(row: RecordRow, layout: ReportLayout): ReportRecord {
    const room = layout.byId.get(row.roomId)!;
    return {
      id: row.id,
      title: row.privacy === 'public' ? row.title : null,
      privacy: row.privacy,
      roomId: row.roomId,
      roomName: room.name,
      locationPath: room.path,
      timeZone: room.zone,
      hostName: row.hostName,
      startAt: row.startAt,
      endAt: row.endAt,
      status: row.status,
      channel: row.channel as ReportChannel,
      isRecurring: row.seriesId !== null,
      checkedInAt: row.checkedInAt,
      participantCount: row.participantCount,
    };
  }

  function exportRow(record: ReportRecord, lang: Lang): ExportCell[] {
    const labels = REPORT_EXPORT_LABELS[lang];
    const zone = record.timeZone ?? 'UTC';
    const start = toZoned(record.startAt, zone);
    const end = toZoned(record.endAt, zone);
    const checkedIn = record.checkedInAt === null ? null : toZoned(record.checkedInAt, zone);
    return [
      record.id,
      record.title ?? (record.privacy === 'busy' ? labels.busy : labels.private),
      record.roomName,
      record.locationPath,
      zone,
      start.date,
      start.time,
      end.date === start.date ? end.time : `${end.date} ${end.time}`,
      Math.round((record.endAt - record.startAt) / 60_000),
      record.hostName,
      labels.status[record.status],
      labels.channel[record.channel],
      record.isRecurring ? labels.yes : labels.no,
      checkedIn ? `${checkedIn.date} ${checkedIn.time}` : null,
      record.participantCount,
    ];
  }

  return {
    /** The places and rooms (level 7) a report can be narrowed to, in tree order. */
    async options(companyId: number): Promise<ReportOptions> {
      const layout = await reportLayout(companyId);
      return {
        places: layout.index
          .inTreeOrder()
          .filter((node) => node.level < LOCATION_LEVELS.room || layout.byId.has(node.id))
          .map((node) => ({ id: node.id, parentId: node.parentId, name: node.name, level: node.level })),
      };
    },

    /** A page of meeting records, newest start first. */
    async list(companyId: number, query: ReportListQuery): Promise<ReportPage> {
      const { window, layout } = await resolve(companyId, query);
      const { total, rows } = await reports.listRecords(window, query, query.pageSize, (query.page - 1) * query.pageSize);
      return { list: rows.map((row) => present(row, layout)), total, page: query.page, pageSize: query.pageSize, from: window.from, to: window.to };
    },

    /** The filtered records as an xlsx or csv file, labelled in the caller's language; refused when empty or too large. */
    async exportRecords(companyId: number, body: ReportExportBody, lang: Lang): Promise<{ filename: string; contentType: string; data: Buffer }> {
      const { window, layout } = await resolve(companyId, body);
      const rows = await reports.exportRecords(window, body, REPORT_EXPORT_MAX_ROWS + 1);
      if (rows.length === 0) throw refused('reportNoData');
      if (rows.length > REPORT_EXPORT_MAX_ROWS) throw refused('reportExportTooLarge', { max: REPORT_EXPORT_MAX_ROWS });
      const cells = rows.map((row) => exportRow(present(row, layout), lang));
      const day = (ms: number) => new Date(ms).toISOString().slice(0, 10).replace(/-/g, '');
      const name = `meeting-records-${day(window.from)}-${day(window.to - 1)}`;
      const header = REPORT_EXPORT_HEADERS[lang];
      return body.format === 'csv'
        ? { filename: `${name}.csv`, contentType: 'text/csv; charset=utf-8', data: writeCsv(header, cells) }
        : { filename: `${name}.xlsx`, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', data: await writeXlsx('meetings', header, cells) };
    },

    /**
     * The data analysis of the scope. The database groups the meetings coarsely, in UTC: by room
     * and hour of the day; by zone, weekday and hour; by channel, series and length; by series.
     * Each group also carries the step of the window it falls in (the window is cut wherever a
     * zone's offset changes), so here every hour and weekday becomes the room's local one, with
     * daylight saving honoured, on both engines (SQLite has no time zones).
     */
    async analysis(companyId: number, query: ReportAnalysisQuery): Promise<ReportAnalysis> {
      const { window, layout, inScope } = await resolve(companyId, query);
      const byZone = new Map<string | null, number[]>();
      for (const room of inScope) byZone.set(room.zone, [...(byZone.get(room.zone) ?? []), room.id]);
      const zones = [...byZone].map(([zone, roomIds]) => ({ zone, roomIds }));
      const zoneIndex = new Map(zones.map((entry, index) => [entry.zone, index]));
      const { frame, wholeHours } = timeFrame(zones, window.from, window.to);
      const [roomHours, zoneDays, kinds, series, rules] = await Promise.all([
        reports.roomHours(window, frame),
        reports.zoneDays(window, frame),
        reports.kinds(window, DURATION_BUCKETS.slice(0, -1).map((bucket) => bucket.maxMinutes * 60_000)),
        reports.seriesGroups(window),
        preferences.get(companyId),
      ]);

      let bookings = 0;
      let heldMs = 0;
      let noShows = 0;
      let settled = 0;
      const hourBookings = Array.from({ length: 24 }, () => 0);
      const hourHeld = Array.from({ length: 24 }, () => 0);
      const heat = new Map(inScope.map((room) => [room.id, Array.from({ length: 24 }, () => 0)]));
      for (const group of roomHours) {
        const zone = zoneIndex.get(layout.byId.get(group.roomId)!.zone)!;
        const hour = modulo(group.hour + wholeHours[zone]![group.step]!, 24);
        bookings += group.bookings;
        heldMs += group.heldMs;
        noShows += group.released;
        settled += group.released + group.checkedIn;
        hourBookings[hour]! += group.bookings;
        hourHeld[hour]! += group.heldMs;
        heat.get(group.roomId)![hour]! += group.heldMs;
      }

      const dayBookings = Array.from({ length: 7 }, () => 0);
      const dayHeld = Array.from({ length: 7 }, () => 0);
      for (const group of zoneDays) {
        const weekday = modulo(group.weekday + Math.floor((group.hour + wholeHours[group.zone]![group.step]!) / 24), 7);
        dayBookings[weekday]! += group.bookings;
        dayHeld[weekday]! += group.heldMs;
      }

      const channels = new Map<ReportChannel, number>(REPORT_CHANNELS.map((channel) => [channel, 0]));
      const durations = DURATION_BUCKETS.map(() => 0);
      const recurring = { bookings: 0, heldMs: 0 };
      for (const group of kinds) {
        const channel = group.channel as ReportChannel;
        channels.set(channel, (channels.get(channel) ?? 0) + group.bookings);
        durations[group.bucket]! += group.bookings;
        if (group.isRecurring) {
          recurring.bookings += group.bookings;
          recurring.heldMs += group.heldMs;
        }
      }

      let availableMs = 0;
      const windowsByZone = new Map<string | null, Array<[number, number]>>();
      for (const room of inScope) {
        if (!room.isAvailable) continue;
        let windows = windowsByZone.get(room.zone);
        if (!windows) windowsByZone.set(room.zone, (windows = bookableWindows(room.zone, window.from, window.to, rules)));
        // A room counts from the moment it was made.
        for (const [start, end] of windows) availableMs += Math.max(0, end - Math.max(start, room.createdAt));
      }

      const topSeries = [...series]
        .sort((a, b) => b.bookings - a.bookings || a.seriesId - b.seriesId)
        .slice(0, TOP_SERIES)
        .map((group) => ({
          seriesId: group.seriesId,
          title: group.title,
          roomName: layout.byId.get(group.roomId)?.name ?? '',
          bookings: group.bookings,
          hours: toHours(group.heldMs),
          noShows: group.released,
        }));

      return {
        from: window.from,
        to: window.to,
        overview: {
          bookings,
          hours: toHours(heldMs),
          rooms: inScope.length,
          availableHours: toHours(availableMs),
          utilisation: ratio(heldMs, availableMs),
          checkInSettled: settled,
          noShows,
          noShowRate: ratio(noShows, settled),
        },
        peakHours: hourBookings.map((count, hour) => ({ hour, bookings: count, hours: toHours(hourHeld[hour]!) })),
        peakWeekdays: REPORT_WEEKDAY_ORDER.map((weekday) => ({ weekday, bookings: dayBookings[weekday]!, hours: toHours(dayHeld[weekday]!) })),
        channels: REPORT_CHANNELS.map((channel) => ({ channel, bookings: channels.get(channel)! })),
        durations: DURATION_BUCKETS.map((bucket, index) => ({ bucket: bucket.key, bookings: durations[index]! })),
        recurring: {
          series: series.length,
          recurringBookings: recurring.bookings,
          singleBookings: bookings - recurring.bookings,
          recurringHours: toHours(recurring.heldMs),
          singleHours: toHours(heldMs - recurring.heldMs),
          topSeries,
        },
        heatMap: inScope.map((room) => ({ roomId: room.id, roomName: room.name, hours: heat.get(room.id)!.map(toHours) })),
      };
    },
  };
}
