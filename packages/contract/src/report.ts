import { z } from 'zod';
import { ReservationStatus } from './booking.js';
import type { Lang } from './lang.js';
import { PageQuery, pageOf } from './paging.js';

/**
 * Reports and data analysis (issue 6; spec 000 menu "Rooms", /report; spec 001 section 2 "data
 * analysis: overview, peak usage, booking channels, meeting duration, recurring meetings, room
 * heat"; section 9 "export ranges: last 30, 90, 180 days"). Area `reports`. Figures are computed in
 * each room's own time zone (docs/decisions/0006, "Reports and analytics").
 */

const DAY_MS = 86_400_000;

/** The time a report covers: the last 30, 90 or 180 days before now, or a custom range. */
export const REPORT_RANGES = ['last30', 'last90', 'last180', 'custom'] as const;
export const ReportRange = z.enum(REPORT_RANGES);
export type ReportRange = z.infer<typeof ReportRange>;
/** Days of each fixed range. */
export const REPORT_RANGE_DAYS = { last30: 30, last90: 90, last180: 180 } as const satisfies Record<Exclude<ReportRange, 'custom'>, number>;
/** The widest custom range. */
export const REPORT_CUSTOM_MAX_DAYS = 366;
/** The most rows one export writes; more asks for narrower filters. */
export const REPORT_EXPORT_MAX_ROWS = 50_000;

/**
 * Where a booking came from. `calendar` is a meeting that arrived from a connected calendar
 * (Exchange, Google, Office 365); no booking path records it yet, so it counts 0 until the
 * calendar integration does.
 */
export const REPORT_CHANNELS = ['console', 'display', 'calendar', 'api'] as const;
export const ReportChannel = z.enum(REPORT_CHANNELS);
export type ReportChannel = z.infer<typeof ReportChannel>;

const id = z.coerce.number().int().positive();
const epochMs = z.coerce.number().int().nonnegative();

/** The window and place every report call takes. `from`/`to` (epoch ms, half-open) only with `range=custom`. */
export const ReportScope = z.object({
  range: ReportRange.default('last30'),
  from: epochMs.optional(),
  to: epochMs.optional(),
  /** A location node: every room under it. */
  locationId: id.optional(),
  roomId: id.optional(),
});
export type ReportScope = z.infer<typeof ReportScope>;

/** The record filters: the scope, and the host (a name, user name or e-mail fragment), status and channel. */
export const ReportFilters = ReportScope.extend({
  host: z.string().trim().max(100).optional(),
  status: ReservationStatus.optional(),
  channel: ReportChannel.optional(),
});
export type ReportFilters = z.infer<typeof ReportFilters>;

/** `GET /report/list`: meeting records, newest start first. */
export const ReportListQuery = PageQuery.extend(ReportFilters.shape);
export type ReportListQuery = z.infer<typeof ReportListQuery>;

export const ReportExportFormat = z.enum(['xlsx', 'csv']);
export type ReportExportFormat = z.infer<typeof ReportExportFormat>;

/** `POST /report/export`: the filtered records as a file. */
export const ReportExportBody = ReportFilters.extend({ format: ReportExportFormat.default('xlsx') });
export type ReportExportBody = z.infer<typeof ReportExportBody>;

/** `GET /report/analysis`: the charts' figures for the scope. */
export const ReportAnalysisQuery = ReportScope;
export type ReportAnalysisQuery = z.infer<typeof ReportAnalysisQuery>;

/** One meeting as the records list and the export show it. */
export const ReportRecord = z.object({
  id: z.number().int(),
  /** Null for busy-only and private meetings: a report shows their time, room and host only. */
  title: z.string().nullable(),
  privacy: z.enum(['public', 'busy', 'private']),
  roomId: z.number().int(),
  roomName: z.string(),
  /** The room's place, e.g. "United Kingdom / London / Riverside House / Floor 2". */
  locationPath: z.string(),
  /** The room's IANA zone; null: UTC. */
  timeZone: z.string().nullable(),
  hostName: z.string().nullable(),
  startAt: z.number().int(),
  endAt: z.number().int(),
  status: ReservationStatus,
  channel: ReportChannel,
  isRecurring: z.boolean(),
  checkedInAt: z.number().int().nullable(),
  participantCount: z.number().int(),
});
export type ReportRecord = z.infer<typeof ReportRecord>;

export const ReportPage = pageOf(ReportRecord).extend({ from: z.number().int(), to: z.number().int() });
export type ReportPage = z.infer<typeof ReportPage>;

/** `GET /report/options`: the places and rooms a report can be narrowed to. */
export const ReportOptions = z.object({
  places: z.array(z.object({ id: z.number().int(), parentId: z.number().int().nullable(), name: z.string(), level: z.number().int() })),
});
export type ReportOptions = z.infer<typeof ReportOptions>;

/** Meeting lengths, in minutes: up to 30, 31–60, 61–90, 91–120, 121–240, longer. */
export const DURATION_BUCKETS = [
  { key: 'upTo30', maxMinutes: 30 },
  { key: 'upTo60', maxMinutes: 60 },
  { key: 'upTo90', maxMinutes: 90 },
  { key: 'upTo120', maxMinutes: 120 },
  { key: 'upTo240', maxMinutes: 240 },
  { key: 'over240', maxMinutes: Infinity },
] as const;
export type DurationBucket = (typeof DURATION_BUCKETS)[number]['key'];
/** The bucket of a meeting of this many milliseconds. */
export const durationBucketOf = (ms: number): DurationBucket => DURATION_BUCKETS.find((bucket) => ms <= bucket.maxMinutes * 60_000)!.key;

const count = z.number().int().nonnegative();
const hours = z.number().nonnegative();
const share = z.number().nonnegative().nullable();

/**
 * The figures of the data analysis. "Bookings" are the meetings starting in the window that were
 * not withdrawn (pending, confirmed, or released as a no-show); "hours" are the time rooms were held
 * (pending and confirmed meetings, an early end counting until it ended; released no-shows hold
 * none). Every meeting counts in its room's local hour and weekday it starts in.
 */
export const ReportAnalysis = z.object({
  from: z.number().int(),
  to: z.number().int(),
  overview: z.object({
    bookings: count,
    hours,
    rooms: count,
    /** Bookable hours of the rooms in the window (booking preferences' days and hours, from each room's creation). */
    availableHours: hours,
    /** hours / availableHours; null without available hours. */
    utilisation: share,
    /** Meetings whose check-in was settled: checked in, or released for a no-show. */
    checkInSettled: count,
    noShows: count,
    /** noShows / checkInSettled; null when no meeting needed a check-in. */
    noShowRate: share,
  }),
  /** 24 rows: bookings starting in each local hour, and the hours those meetings held their rooms. */
  peakHours: z.array(z.object({ hour: z.number().int().min(0).max(23), bookings: count, hours })),
  /** 7 rows, Monday first: bookings and held hours by the local weekday they start on (0 = Sunday). */
  peakWeekdays: z.array(z.object({ weekday: z.number().int().min(0).max(6), bookings: count, hours })),
  channels: z.array(z.object({ channel: ReportChannel, bookings: count })),
  durations: z.array(z.object({ bucket: z.enum(DURATION_BUCKETS.map((bucket) => bucket.key) as [DurationBucket, ...DurationBucket[]]), bookings: count })),
  recurring: z.object({
    series: count,
    recurringBookings: count,
    singleBookings: count,
    recurringHours: hours,
    singleHours: hours,
    /** The series with the most bookings in the window (at most 10). */
    topSeries: z.array(z.object({ seriesId: z.number().int(), title: z.string().nullable(), roomName: z.string(), bookings: count, hours, noShows: count })),
  }),
  /** Held hours per room by the local hour of the day meetings start in (24 values), rooms in tree order. */
  heatMap: z.array(z.object({ roomId: z.number().int(), roomName: z.string(), hours: z.array(hours).length(24) })),
});
export type ReportAnalysis = z.infer<typeof ReportAnalysis>;

/** Weekdays in the order the charts show them. */
export const REPORT_WEEKDAY_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/**
 * The half-open window of a scope at `now`: a fixed range ends now; a custom one is taken as given.
 * Null when a custom range is missing a bound, is empty, or is wider than REPORT_CUSTOM_MAX_DAYS.
 */
export function reportWindow(scope: Pick<ReportScope, 'range' | 'from' | 'to'>, now: number): { from: number; to: number } | null {
  if (scope.range !== 'custom') return { from: now - REPORT_RANGE_DAYS[scope.range] * DAY_MS, to: now };
  if (scope.from === undefined || scope.to === undefined || scope.to <= scope.from || scope.to - scope.from > REPORT_CUSTOM_MAX_DAYS * DAY_MS) return null;
  return { from: scope.from, to: scope.to };
}

/** The export's column headers in each language. */
export const REPORT_EXPORT_HEADERS: Record<Lang, readonly string[]> = {
  'en-US': ['ID', 'Title', 'Room', 'Location', 'Time zone', 'Date', 'Start', 'End', 'Minutes', 'Host', 'Status', 'Channel', 'Recurring', 'Checked in', 'Participants'],
  'zh-CN': ['编号', '会议主题', '会议室', '位置', '时区', '日期', '开始', '结束', '时长（分钟）', '主持人', '状态', '预订渠道', '周期会议', '签到时间', '参会人数'],
};

/** Labels the export writes for statuses, channels, yes/no and hidden titles. */
export const REPORT_EXPORT_LABELS: Record<Lang, { status: Record<ReservationStatus, string>; channel: Record<ReportChannel, string>; yes: string; no: string; busy: string; private: string }> = {
  'en-US': {
    status: { pending: 'Under approval', confirmed: 'Confirmed', cancelled: 'Cancelled', rejected: 'Rejected', expired: 'Expired', released: 'Released (no-show)' },
    channel: { console: 'Console', display: 'Door display', calendar: 'Calendar', api: 'API' },
    yes: 'Yes',
    no: 'No',
    busy: 'Busy',
    private: 'Private meeting',
  },
  'zh-CN': {
    status: { pending: '审批中', confirmed: '已确认', cancelled: '已取消', rejected: '已驳回', expired: '已过期', released: '已释放（未签到）' },
    channel: { console: '控制台', display: '门口屏', calendar: '日历', api: 'API' },
    yes: '是',
    no: '否',
    busy: '忙碌',
    private: '私密会议',
  },
};
