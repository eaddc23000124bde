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

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

function fields(ms: number, timeZone: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const parts = formatter(timeZone).formatToParts(ms);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value ?? '0');
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** The zone's offset from UTC at the instant, in ms (positive east of Greenwich). */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  const f = fields(whole, timeZone);
  return Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second) - whole;
}

const pad = (value: number) => String(value).padStart(2, '0');

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
