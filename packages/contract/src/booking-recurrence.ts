import type { RepeatRule } from './booking-series.js';
import { addDays, daysBetween, fromZoned, minutesOf, parseLocalDate, toZoned, weekdayOf, type LocalDate, type LocalTime } from './zoned-time.js';

/**
 * Repeat rules of a meeting (spec 001 section 4: none, daily, weekly, monthly, yearly, workday,
 * custom) and their expansion into occurrences at the same wall-clock time in the room's zone.
 * A rule without an end ("never ends") runs 180 days from its first date (spec 001 section 9).
 * The rule's schema is in booking-series.ts: this module builds no schema, so a page that only
 * moves or expands rules does not load zod (issue 19).
 */
export const REPEAT_FREQUENCIES = ['none', 'daily', 'weekly', 'monthly', 'yearly', 'workday', 'custom'] as const;
export type RepeatFrequency = (typeof REPEAT_FREQUENCIES)[number];
export const REPEAT_UNITS = ['day', 'week', 'month', 'year'] as const;
export type RepeatUnit = (typeof REPEAT_UNITS)[number];
/** "Never ends" and the farthest `until`: this many days from the first date. */
export const REPEAT_HORIZON_DAYS = 180;
/** The most occurrences one series may have (daily for 180 days fits). */
export const REPEAT_MAX_OCCURRENCES = 366;

export interface Occurrence {
  /** The occurrence's date in the room's zone: the series' key for it (kept by exceptions). */
  date: LocalDate;
  startAt: number;
  endAt: number;
}

export interface ExpandInput {
  /** The first meeting's date, start and end time in the zone; an end not after the start ends the next day. */
  firstDate: LocalDate;
  startTime: LocalTime;
  endTime: LocalTime;
  timeZone: string;
  rule: RepeatRule;
}

/** The last date a rule can reach: its `until`, never past the 180-day horizon. */
export function lastDateOf(firstDate: LocalDate, rule: RepeatRule): LocalDate {
  const horizon = addDays(firstDate, REPEAT_HORIZON_DAYS - 1);
  if (!rule.until) return horizon;
  return daysBetween(rule.until, horizon) < 0 ? horizon : rule.until;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Whether `date` is an occurrence of the rule that starts on `firstDate`. */
function matches(firstDate: LocalDate, date: LocalDate, rule: RepeatRule): boolean {
  const offset = daysBetween(firstDate, date);
  if (offset < 0) return false;
  const first = parseLocalDate(firstDate);
  const current = parseLocalDate(date);
  const weekday = weekdayOf(date);
  const weekdays = rule.weekdays && rule.weekdays.length > 0 ? rule.weekdays : [weekdayOf(firstDate)];
  const unit: RepeatUnit | 'workday' | 'none' =
    rule.frequency === 'custom' ? (rule.unit ?? 'day') : rule.frequency === 'daily' ? 'day' : rule.frequency === 'weekly' ? 'week' : rule.frequency === 'monthly' ? 'month' : rule.frequency === 'yearly' ? 'year' : rule.frequency;
  const interval = rule.frequency === 'custom' ? (rule.interval ?? 1) : 1;
  switch (unit) {
    case 'none':
      return offset === 0;
    case 'workday':
      return weekday >= 1 && weekday <= 5;
    case 'day':
      return offset % interval === 0;
    case 'week': {
      // Weeks counted from the Sunday of the first date's week.
      const weekIndex = Math.floor((offset + weekdayOf(firstDate)) / 7);
      return weekIndex % interval === 0 && weekdays.includes(weekday);
    }
    case 'month': {
      const months = (current.year - first.year) * 12 + (current.month - first.month);
      // A month without the day (the 31st, 30th, 29th) has no occurrence, as in the common calendars.
      return months % interval === 0 && current.day === first.day && first.day <= daysInMonth(current.year, current.month);
    }
    case 'year':
      return (current.year - first.year) % interval === 0 && current.month === first.month && current.day === first.day;
  }
}

/**
 * The occurrences of a meeting and its rule, in order, each at the same wall-clock time in the
 * zone (so a weekly 09:00 stays 09:00 across a daylight-saving change). At most
 * REPEAT_MAX_OCCURRENCES; a rule with no occurrence on its first date still starts from it.
 */
export function expandOccurrences({ firstDate, startTime, endTime, timeZone, rule }: ExpandInput): Occurrence[] {
  const spansMidnight = minutesOf(endTime) <= minutesOf(startTime);
  const last = rule.frequency === 'none' ? firstDate : lastDateOf(firstDate, rule);
  const total = daysBetween(firstDate, last);
  const out: Occurrence[] = [];
  for (let offset = 0; offset <= total && out.length < REPEAT_MAX_OCCURRENCES; offset++) {
    const date = addDays(firstDate, offset);
    if (!matches(firstDate, date, rule)) continue;
    const startAt = fromZoned(date, startTime, timeZone);
    const endAt = fromZoned(spansMidnight ? addDays(date, 1) : date, endTime, timeZone);
    out.push({ date, startAt, endAt });
  }
  return out;
}

/** `YYYY-MM-DD` of year, month, day numbers. */
export function localDateOf(year: number, month: number, day: number): LocalDate {
  return `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * A rule written in the days of one zone (the viewer's, where the form was filled in) as the rule of
 * another (the room's, where the meeting repeats at the same wall-clock time) for a meeting that
 * starts at `startAt`: weekdays and the last date move by the days between the two zones' dates of
 * the start (20:00 on a Tuesday in New York is 09:00 on Wednesday in Shanghai), and "every workday"
 * becomes the weekly rule of the moved days. Issue 17; docs/decisions/0011.
 */
export function ruleInZone(rule: RepeatRule, startAt: number, fromZone: string, toZone: string): RepeatRule {
  const shift = fromZone === toZone ? 0 : daysBetween(toZoned(startAt, fromZone).date, toZoned(startAt, toZone).date);
  if (shift === 0 || rule.frequency === 'none') return rule;
  const move = (day: number) => (((day + shift) % 7) + 7) % 7;
  const until = rule.until ? addDays(rule.until, shift) : (rule.until ?? null);
  if (rule.frequency === 'workday') return { frequency: 'weekly', weekdays: [1, 2, 3, 4, 5].map(move).sort(), until };
  return { ...rule, ...(rule.weekdays ? { weekdays: rule.weekdays.map(move).sort() } : {}), until };
}
