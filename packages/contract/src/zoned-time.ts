/**
 * Wall-clock time in an IANA zone, for meetings entered and shown in the room's time zone.
 * Pure Intl arithmetic, shared by server and console so both expand a series the same way.
 */

/** A calendar date `YYYY-MM-DD`. */
export type LocalDate = string;
/** A time of day `HH:mm` (24 h). */
export type LocalTime = string;

export interface ZonedParts {
  date: LocalDate;
  time: LocalTime;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
}

/** The formatter the zone arithmetic reads wall-clock fields with (kept by `dateTimeFormat` below). */
const fieldsFormatter = (timeZone: string) =>
  dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

const keptFormats = new Map<string, Intl.DateTimeFormat>();
const FORMATS_KEPT = 512;

/**
 * An `Intl.DateTimeFormat` for the locale and options, made once and kept: making one costs a good part of a
 * millisecond (ICU loads the locale's patterns and the zone's rules), formatting with it a few microseconds. A page
 * showing a time per row made one per row and per render (the room list: 0.7 s of a 16-page walk's CPU). Options
 * are keyed as written, so a call site passes the same object shape each time.
 */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = keptFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    // Locales, zones and option sets are few; the bound only keeps a long-running page from growing without end.
    if (keptFormats.size >= FORMATS_KEPT) keptFormats.clear();
    keptFormats.set(key, format);
  }
  return format;
}

/** The wall-clock fields of an instant in the zone, as Intl formats them (the slow, exact way). */
function intlFields(ms: number, timeZone: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const out = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of fieldsFormatter(timeZone).formatToParts(ms)) {
    if (part.type in out) out[part.type as keyof typeof out] = Number(part.value);
  }
  return out;
}

function intlOffsetMs(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  const f = intlFields(whole, timeZone);
  return Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second) - whole;
}

/**
 * Offsets kept by zone, for whole UTC days whose offset is the same at their start, middle and
 * end (nearly every day: zones change a few times a year, never twice within a day), and for
 * quarter hours of the other days whose offset is the same at their first and last second (zones
 * change at whole seconds, never twice within a quarter hour). A quarter hour with a change inside
 * is never kept: its instants ask Intl.
 */
const DAY_BUCKET_MS = 86_400_000;
const QUARTER_HOUR_MS = 15 * 60_000;
const OFFSETS_PER_ZONE = 4096;
const offsets = new Map<string, { days: Map<number, number | null>; quarters: Map<number, number> }>();

/** The zone's offset from UTC at the instant, in ms (positive east of Greenwich). */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  let known = offsets.get(timeZone);
  if (!known) offsets.set(timeZone, (known = { days: new Map(), quarters: new Map() }));
  const day = Math.floor(ms / DAY_BUCKET_MS);
  let dayOffset = known.days.get(day);
  if (dayOffset === undefined) {
    const start = day * DAY_BUCKET_MS;
    const first = intlOffsetMs(start, timeZone);
    const isSteady = first === intlOffsetMs(start + DAY_BUCKET_MS / 2, timeZone) && first === intlOffsetMs(start + DAY_BUCKET_MS - 1000, timeZone);
    dayOffset = isSteady ? first : null;
    if (known.days.size >= OFFSETS_PER_ZONE) known.days.clear();
    known.days.set(day, dayOffset);
  }
  if (dayOffset !== null) return dayOffset;
  // A day with a change: by quarter hour.
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  const kept = known.quarters.get(quarter);
  if (kept !== undefined) return kept;
  const first = intlOffsetMs(quarter * QUARTER_HOUR_MS, timeZone);
  if (first !== intlOffsetMs((quarter + 1) * QUARTER_HOUR_MS - 1000, timeZone)) return intlOffsetMs(ms, timeZone);
  if (known.quarters.size >= OFFSETS_PER_ZONE) known.quarters.clear();
  known.quarters.set(quarter, first);
  return first;
}

/** The wall-clock fields of an instant in the zone: UTC arithmetic on the instant moved by the zone's offset. */
function fields(ms: number, timeZone: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const wall = new Date(ms + zoneOffsetMs(ms, timeZone));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * `2026-11-23 10:00`: an instant's wall-clock date and time in the zone (UTC when there is none),
 * as messages and mails write a meeting's times. One formatter per zone, made once, and read once
 * per zone and day (`zoneOffsetMs`).
 */
export function localDateTime(ms: number, timeZone: string | null): string {
  const f = fields(ms, timeZone ?? 'UTC');
  return `${f.year}-${pad(f.month)}-${pad(f.day)} ${pad(f.hour)}:${pad(f.minute)}`;
}

/** The wall-clock date, time and weekday of an instant in the zone. */
export function toZoned(ms: number, timeZone: string): ZonedParts {
  const f = fields(ms, timeZone);
  return {
    date: `${f.year}-${pad(f.month)}-${pad(f.day)}`,
    time: `${pad(f.hour)}:${pad(f.minute)}`,
    weekday: new Date(Date.UTC(f.year, f.month - 1, f.day)).getUTCDay(),
  };
}

export function parseLocalDate(date: LocalDate): { year: number; month: number; day: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`not a date: ${date}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

export function parseLocalTime(time: LocalTime): { hour: number; minute: number } {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!match) throw new RangeError(`not a time: ${time}`);
  return { hour: Number(match[1]), minute: Number(match[2]) };
}

/**
 * The instant a wall-clock date and time happen in the zone. A time skipped by a daylight-saving
 * jump (02:30 on a spring-forward night) moves forward by the jump; a time that happens twice
 * (autumn) is its later happening.
 */
export function fromZoned(date: LocalDate, time: LocalTime, timeZone: string): number {
  const { year, month, day } = parseLocalDate(date);
  const { hour, minute } = parseLocalTime(time);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const first = wall - zoneOffsetMs(wall, timeZone);
  const offset = zoneOffsetMs(first, timeZone);
  if (wall - offset === first) return first;
  const second = wall - offset;
  if (zoneOffsetMs(second, timeZone) === offset) return second;
  // In a gap: neither reading maps back; take the later instant (the wall time shifted forward).
  return Math.max(first, second);
}

/** The date `days` after `date` (negative goes back). */
export function addDays(date: LocalDate, days: number): LocalDate {
  const { year, month, day } = parseLocalDate(date);
  const next = new Date(Date.UTC(year, month - 1, day + days));
  return `${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
}

/** Whole days from `from` to `to`. */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  const a = parseLocalDate(from);
  const b = parseLocalDate(to);
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: LocalDate): number {
  const { year, month, day } = parseLocalDate(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** Minutes since midnight of `HH:mm`. */
export function minutesOf(time: LocalTime): number {
  const { hour, minute } = parseLocalTime(time);
  return hour * 60 + minute;
}

/** `HH:mm` of minutes since midnight (0 … 1439). */
export function timeOfMinutes(minutes: number): LocalTime {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/**
 * The time picker of spec 000 section 5: from 00:30 to 23:30 in steps of 15 minutes; the default
 * is now plus 30 minutes, rounded down to the step, kept inside the picker's range.
 */
export const TIME_PICKER = { first: '00:30', last: '23:30', stepMinutes: 15 } as const;

export function timePickerOptions(): LocalTime[] {
  const options: LocalTime[] = [];
  for (let minutes = minutesOf(TIME_PICKER.first); minutes <= minutesOf(TIME_PICKER.last); minutes += TIME_PICKER.stepMinutes) {
    options.push(timeOfMinutes(minutes));
  }
  return options;
}

export function defaultPickerTime(now: LocalTime): LocalTime {
  const step = TIME_PICKER.stepMinutes;
  const minutes = Math.floor((minutesOf(now) + 30) / step) * step;
  return timeOfMinutes(Math.min(Math.max(minutes, minutesOf(TIME_PICKER.first)), minutesOf(TIME_PICKER.last)));
}
