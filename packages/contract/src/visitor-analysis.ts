import { z } from 'zod';
import type { Lang } from './lang.js';
import { TimeZone } from './location.js';
import { VisitLocation, VisitQuery, type VisitMethod, type VisitStatus, type VisitorType } from './visitor.js';

/**
 * The visitor analysis page (/guider-analysis, area overviewStats) and the visit records' export
 * (issue 20; decision 0018, "Analytics and export"). Days and hours are each visit's place's clock.
 */

const id = z.coerce.number().int().positive();
const count = z.number().int().nonnegative();

/** The widest analysis: `to` at most this many days after `from`. */
export const VISIT_ANALYSIS_MAX_DAYS = 366;

/** Whether `YYYY-MM-DD` names a real calendar date. */
function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const dayNumber = (value: string) => Date.parse(`${value}T00:00:00Z`) / 86_400_000;

const AnalysisDate = z.string().trim().refine(isCalendarDate, 'A date as YYYY-MM-DD');

/**
 * `GET /visitor/analysis`: the days `from` to `to` (both included, on each visit's place's clock), at
 * most VISIT_ANALYSIS_MAX_DAYS apart; `locationId` a building (its floors included) or a floor.
 */
export const VisitAnalysisQuery = z
  .object({
    from: AnalysisDate.describe('First day, YYYY-MM-DD, on each place’s clock'),
    to: AnalysisDate.describe('Last day (included), YYYY-MM-DD'),
    locationId: id.optional(),
  })
  .refine((query) => !isCalendarDate(query.from) || !isCalendarDate(query.to) || query.from <= query.to, { message: 'The last day must not be before the first', path: ['to'] })
  .refine((query) => !isCalendarDate(query.from) || !isCalendarDate(query.to) || dayNumber(query.to) - dayNumber(query.from) <= VISIT_ANALYSIS_MAX_DAYS, {
    message: `The last day must be at most ${VISIT_ANALYSIS_MAX_DAYS} days after the first`,
    path: ['to'],
  });
export type VisitAnalysisQuery = z.infer<typeof VisitAnalysisQuery>;

/** Visits planned (cancelled ones included), checked in, and cancelled. */
const Counts = z.object({ visits: count, checkedIn: count, cancelled: count });
export type VisitCounts = z.infer<typeof Counts>;

export const VisitAnalysis = z
  .object({
    from: z.string(),
    to: z.string(),
    /** Every visit of the range: the visits kept and the counts retention kept of deleted ones. */
    totals: Counts,
    /**
     * Figures only the visits still kept give (retention keeps no arrival times of the ones it
     * deleted): how many there are, the average stay of the checked-out ones, and the no-shows.
     */
    kept: z.object({
      visits: count,
      /** Visits checked in and out, whose stay makes the average. */
      stays: count,
      /** Their average stay in whole minutes; null without any. */
      averageStayMinutes: z.number().nonnegative().nullable(),
      /** Visits due: not cancelled, and checked in or past their expected end. */
      due: count,
      /** Due visits past their expected end that nobody checked in. */
      noShows: count,
      /** noShows / due; null when none was due. */
      noShowRate: z.number().min(0).max(1).nullable(),
    }),
    /** Each day of the range, in order, on the places' clocks. */
    perDay: z.array(Counts.extend({ day: z.string() })),
    /** By the reason's name as it was, most visits first. */
    perReason: z.array(Counts.extend({ reason: z.string() })),
    /**
     * By place, most visits first. `locationId` null: visits without a place; `name` null: a place
     * deleted since. `buildingName` for a floor.
     */
    perLocation: z.array(Counts.extend({ locationId: z.number().int().nullable(), name: z.string().nullable(), buildingName: z.string().nullable() })),
    /** 24 rows: check-ins by the hour of arrival on the place's clock, 0 to 23. */
    peakHours: z.array(z.object({ hour: z.number().int().min(0).max(23), arrivals: count })).length(24),
    /** The company's buildings and floors, for the page's location filter. */
    locations: z.array(VisitLocation),
  })
  .describe(
    "Per day, reason and place and the totals count the visits kept and the per-day counts retention keeps of visits it deleted (visit_stats); peak hours, stay and no-shows (`kept`) cover only the visits still kept.",
  );
export type VisitAnalysis = z.infer<typeof VisitAnalysis>;

// ---- The records' export ----

/** The most visits one export writes; more asks for narrower filters. */
export const VISIT_EXPORT_MAX_ROWS = 10_000;

export const VisitExportFormat = z.enum(['xlsx', 'csv']);
export type VisitExportFormat = z.infer<typeof VisitExportFormat>;

/**
 * `GET /visitor/export`: the filters of `/visitor/list` (no paging) and the file's format;
 * `timeZone` (the viewer's) only names the file's dates.
 */
export const VisitExportQuery = VisitQuery.omit({ page: true, pageSize: true }).extend({
  format: VisitExportFormat.default('xlsx'),
  timeZone: TimeZone.optional().describe("The viewer's zone: the file name's dates"),
});
export type VisitExportQuery = z.infer<typeof VisitExportQuery>;

/** The export's column headers in each language; times are on each visit's place's clock. */
export const VISIT_EXPORT_HEADERS: Record<Lang, readonly string[]> = {
  'en-US': ['Visitor', 'Company', 'Phone', 'E-mail address', 'Visitor type', 'Visit reason', 'Host', 'Location', 'Time zone', 'Visit time', 'Expected end', 'Checked in', 'Checked out', 'Stay (minutes)', 'Status', 'How'],
  'zh-CN': ['访客', '公司', '手机号码', '邮箱', '访客类型', '来访事由', '被访人', '位置', '时区', '来访时间', '预计离开时间', '签到时间', '签退时间', '停留时长（分钟）', '状态', '方式'],
};

/** Labels the export writes for types, statuses and how a visit came to be (as the console's). */
export const VISIT_EXPORT_LABELS: Record<Lang, { type: Record<VisitorType, string>; status: Record<VisitStatus, string>; method: Record<VisitMethod, string> }> = {
  'en-US': {
    type: { individual: 'Individual', group: 'Group', temporary: 'Temporary' },
    status: { notResponded: 'Not responded', responded: 'Responded', checkedIn: 'Checked in', checkedOut: 'Checked out', expired: 'Expired', noShow: 'No-show', cancelled: 'Cancelled' },
    method: { manual: 'Invited by a host', preRegistration: 'Pre-registered', selfRegistration: 'Self-registered', scan: 'By scanning a code' },
  },
  'zh-CN': {
    type: { individual: '个人', group: '团体', temporary: '临时' },
    status: { notResponded: '未回复', responded: '已回复', checkedIn: '已签到', checkedOut: '已签退', expired: '已过期', noShow: '未到访', cancelled: '已取消' },
    method: { manual: '被访人邀请', preRegistration: '预登记', selfRegistration: '自助登记', scan: '扫码登记' },
  },
};
