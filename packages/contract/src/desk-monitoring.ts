import { z } from 'zod';
import { DeskFloor, DeskMode } from './desk.js';
import type { Lang } from './lang.js';

/**
 * Desk monitoring (issue 21 "Monitoring"; decision 0019, "Monitoring"): today at a glance
 * (/deskeeper-console), utilisation by neighbourhood and weekday with check-in and no-show rates
 * (/deskeeper-overview), and the figures of each desk (/deskeeper-station-monitoring). Days and
 * weekdays are each floor's own clock.
 */

const id = z.coerce.number().int().positive();
const count = z.number().int().nonnegative();
/** A share from 0 to 1; null when there was nothing to divide by. */
const share = z.number().min(0).max(1).nullable();
const hours = z.number().nonnegative();

/** The widest period: `to` at most this many days after `from`. */
export const DESK_MONITORING_MAX_DAYS = 366;

/** The most bookings the console's list of today shows. */
export const DESK_TODAY_MAX_BOOKINGS = 500;

const dayNumber = (value: string) => Date.parse(`${value}T00:00:00Z`) / 86_400_000;

/** Whether `YYYY-MM-DD` names a real calendar date. */
function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

const PeriodDate = z.string().trim().refine(isCalendarDate, 'A date as YYYY-MM-DD');

/** `GET /desk/monitoring/today`: a floor, or every floor with desks. */
export const DeskTodayQuery = z.object({ floorId: id.optional() });
export type DeskTodayQuery = z.infer<typeof DeskTodayQuery>;

/**
 * A period of days (both included, on each floor's clock), at most DESK_MONITORING_MAX_DAYS apart,
 * and a floor (or every floor with desks).
 */
export const DeskPeriodQuery = z
  .object({
    from: PeriodDate.describe("First day, YYYY-MM-DD, on each floor's clock"),
    to: PeriodDate.describe('Last day (included), YYYY-MM-DD'),
    floorId: id.optional(),
  })
  .refine((query) => !isCalendarDate(query.from) || !isCalendarDate(query.to) || query.from <= query.to, { message: 'The last day must not be before the first', path: ['to'] })
  .refine((query) => !isCalendarDate(query.from) || !isCalendarDate(query.to) || dayNumber(query.to) - dayNumber(query.from) <= DESK_MONITORING_MAX_DAYS, {
    message: `The last day must be at most ${DESK_MONITORING_MAX_DAYS} days after the first`,
    path: ['to'],
  });
export type DeskPeriodQuery = z.infer<typeof DeskPeriodQuery>;

/** How a desk booking of today stands: booked (not checked in yet), checked in, released as a no-show, cancelled. */
export const DESK_TODAY_STATES = ['booked', 'checkedIn', 'released', 'cancelled'] as const;
export type DeskTodayState = (typeof DESK_TODAY_STATES)[number];

/** The part of the day a booking covers, by the desk rules' bounds; `hours` for any other span. */
export const DESK_DAY_PARTS = ['am', 'pm', 'day', 'hours'] as const;

export const DeskToday = z.object({
  /** The floors with desks, for the page's filter. */
  floors: z.array(DeskFloor),
  /** The moment the figures are of. */
  now: z.number().int(),
  /** Desks that can be booked (any use but out of use) on the floors asked about. */
  bookable: count,
  /** Of those, desks a booking holds now. */
  bookedNow: count,
  /** Of the desks booked now, those whose booker checked in. */
  checkedInNow: count,
  /** Bookable desks nobody holds now. */
  freeNow: count,
  /** Bookings of today released because nobody checked in. */
  releasedToday: count,
  /** Bookings of today holding time that start later. */
  upcomingToday: count,
  /** Today's desk bookings (each floor's today), by start then desk; at most DESK_TODAY_MAX_BOOKINGS. */
  bookings: z.array(
    z.object({
      id: z.number().int(),
      deskId: z.number().int(),
      deskNumber: z.string(),
      floorId: z.number().int(),
      floorName: z.string(),
      buildingName: z.string().nullable(),
      timeZone: z.string(),
      userName: z.string().nullable(),
      startAt: z.number().int(),
      endAt: z.number().int(),
      part: z.enum(DESK_DAY_PARTS),
      state: z.enum(DESK_TODAY_STATES),
      checkedInAt: z.number().int().nullable(),
    }),
  ),
});
export type DeskToday = z.infer<typeof DeskToday>;

/** Utilisation figures: desk-hours that could be booked, those booked, and their share. */
const Utilisation = z.object({ bookableHours: hours, bookedHours: hours, utilisation: share });

/** Bookings (not cancelled), those due (started by now), checked in and released as no-shows, and the rates. */
const Attendance = z.object({ bookings: count, due: count, checkedIn: count, noShows: count, checkInRate: share, noShowRate: share });

export const DeskOverview = z.object({
  from: z.string(),
  to: z.string(),
  floors: z.array(DeskFloor),
  /** Desks counted: not deleted and not out of use, on the floors asked about. */
  desks: count,
  /** Working days (Monday to Friday) in the period. */
  workingDays: count,
  totals: Utilisation.merge(Attendance),
  /** By neighbourhood, desks in none last (`neighbourhoodId` null). */
  byNeighbourhood: z.array(
    Utilisation.merge(Attendance).extend({
      neighbourhoodId: z.number().int().nullable(),
      name: z.string().nullable(),
      color: z.string().nullable(),
      floorName: z.string().nullable(),
      desks: count,
    }),
  ),
  /** Seven rows, Monday (1) to Sunday (7); Saturday and Sunday have no bookable hours. */
  byWeekday: z.array(Utilisation.merge(Attendance).extend({ weekday: z.number().int().min(1).max(7), days: count })).length(7),
});
export type DeskOverview = z.infer<typeof DeskOverview>;

export const DeskStation = Utilisation.merge(Attendance).extend({
  deskId: z.number().int(),
  number: z.string(),
  mode: DeskMode,
  floorId: z.number().int(),
  floorName: z.string(),
  buildingName: z.string().nullable(),
  neighbourhoodName: z.string().nullable(),
  /** The last check-in at the desk up to now (any day); null: never. */
  lastUsedAt: z.number().int().nullable(),
  timeZone: z.string(),
});
export type DeskStation = z.infer<typeof DeskStation>;

export const DeskStations = z.object({
  from: z.string(),
  to: z.string(),
  floors: z.array(DeskFloor),
  /** Every desk not deleted on the floors asked about (out of use ones too), by floor and number. */
  desks: z.array(DeskStation),
});
export type DeskStations = z.infer<typeof DeskStations>;

/** The overview export's sheets and headers in each language. */
export const DESK_OVERVIEW_EXPORT: Record<Lang, { sheets: { totals: string; neighbourhoods: string; weekdays: string }; headers: { label: string; figures: readonly string[] }; none: string; weekdays: readonly string[] }> = {
  'en-US': {
    sheets: { totals: 'Totals', neighbourhoods: 'Neighbourhoods', weekdays: 'Weekdays' },
    headers: { label: 'Name', figures: ['Desks', 'Bookable hours', 'Booked hours', 'Utilisation', 'Bookings', 'Due', 'Checked in', 'No-shows', 'Check-in rate', 'No-show rate'] },
    none: 'No neighbourhood',
    weekdays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  },
  'zh-CN': {
    sheets: { totals: '合计', neighbourhoods: '工位区域', weekdays: '星期' },
    headers: { label: '名称', figures: ['工位数', '可预订小时', '已预订小时', '使用率', '预订数', '应签到', '已签到', '未到', '签到率', '未到率'] },
    none: '无区域',
    weekdays: ['星期一', '星期二', '星期三', '星期四', '星期五', '星期六', '星期日'],
  },
};

/** The per-desk export's headers in each language (the sheet is named for the station numbers, spec 001 section 7). */
export const DESK_STATIONS_EXPORT: Record<Lang, { sheet: string; headers: readonly string[] }> = {
  'en-US': {
    sheet: 'Station numbers',
    headers: ['Desk', 'Building', 'Floor', 'Neighbourhood', 'Bookings', 'Booked hours', 'Bookable hours', 'Utilisation', 'Checked in', 'No-shows', 'No-show rate', 'Last used'],
  },
  'zh-CN': {
    sheet: '工位编号',
    headers: ['工位', '楼宇', '楼层', '工位区域', '预订数', '已预订小时', '可预订小时', '使用率', '已签到', '未到', '未到率', '最近使用'],
  },
};
