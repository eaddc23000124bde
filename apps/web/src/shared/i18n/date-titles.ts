import { dateTimeFormat, type Lang } from '@atrium/contract';

/**
 * Dates as titles, worded as each language writes them ("December 2026", "2026年12月"), never as
 * "2026-12". Each takes a calendar date (year, month 1-12, day) and formats it in UTC, so the
 * viewer's own zone can never move it to the day before.
 */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** A calendar date from 'YYYY-MM-DD' or from anything with dayjs's year(), month() (0-11) and date(). */
export function calendarDate(value: string | { year(): number; month(): number; date(): number }): CalendarDate {
  if (typeof value === 'string') {
    const [year, month, day] = value.split('-').map(Number) as [number, number, number];
    return { year, month, day };
  }
  return { year: value.year(), month: value.month() + 1, day: value.date() };
}

const at = ({ year, month, day }: CalendarDate) => Date.UTC(year, month - 1, day);
const format = (lang: Lang, options: Intl.DateTimeFormatOptions, date: CalendarDate) => dateTimeFormat(lang, { timeZone: 'UTC', ...options }).format(at(date));

/** A month: "December 2026", "2026年12月". */
export function monthTitle(date: CalendarDate, lang: Lang): string {
  return format(lang, { year: 'numeric', month: 'long' }, date);
}

/** A day: "Tuesday, December 1, 2026", "2026年12月1日星期二". */
export function dayTitle(date: CalendarDate, lang: Lang): string {
  return format(lang, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }, date);
}

/** A day within a titled period (list headings): "Tue, Dec 1", "12月1日周二". */
export function shortDayTitle(date: CalendarDate, lang: Lang): string {
  return format(lang, { weekday: 'short', month: 'short', day: 'numeric' }, date);
}

/**
 * A span of days (a week): "Nov 29 – Dec 5, 2026", "Dec 1 – 7, 2026", "Dec 27, 2026 – Jan 2, 2027";
 * "2026年11月29日–12月5日", "2026年12月1日–7日", "2026年12月27日–2027年1月2日". Written out here
 * because ICU's Chinese range pattern falls back to "2026/11/29 – 2026/12/5".
 */
export function rangeTitle(first: CalendarDate, last: CalendarDate, lang: Lang): string {
  const sameYear = first.year === last.year;
  const sameMonth = sameYear && first.month === last.month;
  if (lang === 'zh-CN') {
    const end = sameMonth ? `${last.day}日` : sameYear ? `${last.month}月${last.day}日` : `${last.year}年${last.month}月${last.day}日`;
    return `${first.year}年${first.month}月${first.day}日–${end}`;
  }
  const monthDay = (date: CalendarDate) => format(lang, { month: 'short', day: 'numeric' }, date);
  if (sameMonth) return `${monthDay(first)} – ${last.day}, ${last.year}`;
  if (sameYear) return `${monthDay(first)} – ${monthDay(last)}, ${last.year}`;
  return `${monthDay(first)}, ${first.year} – ${monthDay(last)}, ${last.year}`;
}
