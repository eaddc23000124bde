import {
  addDays,
  defaultPickerTime,
  fromZoned,
  minutesOf,
  timeOfMinutes,
  timePickerOptions,
  toZoned,
  TIME_PICKER,
  type NoticeTime,
  type ReminderChoice,
  type RepeatFrequency,
  type RepeatRule,
  type RepeatUnit,
  type ReservationPrivacy,
} from '@atrium/contract';
import type { BookingBody } from '../api/reserve.api';

/** The booking form's values; times are wall-clock in the room's zone. */
export interface BookingFormValues {
  roomId: number | null;
  title: string;
  date: string | null;
  start: string | null;
  end: string | null;
  /** Colleagues as `user:<id>`, outside guests as their e-mail address. */
  participants: string[];
  privacy: ReservationPrivacy;
  noticeMinutes: NoticeTime | null;
  reminderMinutes: ReminderChoice | null;
  repeat: RepeatFrequency;
  interval: number;
  unit: RepeatUnit;
  weekdays: number[];
  /** Last date, or null: never ends (180 days). */
  until: string | null;
  remarks: string;
}

/** The picker's times: 00:30 to 23:30 every 15 minutes (spec 000 section 5). */
export const PICKER_TIMES = timePickerOptions();

const clampTime = (minutes: number) => timeOfMinutes(Math.min(Math.max(minutes, minutesOf(TIME_PICKER.first)), minutesOf(TIME_PICKER.last)));

/** Today and the default start (now + 30 minutes rounded down to 15) and end (an hour later) in the zone. */
export function defaultSlot(now: number, timeZone: string): { date: string; start: string; end: string } {
  const here = toZoned(now, timeZone);
  const start = defaultPickerTime(here.time);
  return { date: here.date, start, end: clampTime(minutesOf(start) + 60) };
}

/** A slot picked on a grid (rounded to the picker's step and kept inside its range). */
export function slotFromGrid(startMinutes: number, endMinutes: number): { start: string; end: string } {
  const step = TIME_PICKER.stepMinutes;
  const start = clampTime(Math.floor(startMinutes / step) * step);
  const rawEnd = Math.ceil(endMinutes / step) * step;
  const end = clampTime(Math.max(rawEnd, minutesOf(start) + step));
  return { start, end };
}

export function emptyValues(now: number, timeZone: string, preset: Partial<BookingFormValues> = {}): BookingFormValues {
  const slot = defaultSlot(now, timeZone);
  return {
    roomId: null,
    title: '',
    date: slot.date,
    start: slot.start,
    end: slot.end,
    participants: [],
    privacy: 'public',
    noticeMinutes: null,
    reminderMinutes: 15,
    repeat: 'none',
    interval: 1,
    unit: 'week',
    weekdays: [],
    until: null,
    remarks: '',
    ...preset,
  };
}

export type FieldProblem = 'roomRequired' | 'titleRequired' | 'dateRequired' | 'startRequired' | 'endRequired' | 'startAfterEnd' | 'attendeesRequired' | 'emailInvalid' | 'untilBeforeDate';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The form's own checks (spec 001 section 5: title, date, start, end, room and attendees are
 * required; the host counts as an attendee, so `attendees` fails only without a host).
 */
export function validate(values: BookingFormValues, hasHost = true): Partial<Record<keyof BookingFormValues, FieldProblem>> {
  const problems: Partial<Record<keyof BookingFormValues, FieldProblem>> = {};
  if (!values.roomId) problems.roomId = 'roomRequired';
  if (!values.title.trim()) problems.title = 'titleRequired';
  if (!values.date) problems.date = 'dateRequired';
  if (!values.start) problems.start = 'startRequired';
  if (!values.end) problems.end = 'endRequired';
  if (values.start && values.end && minutesOf(values.start) >= minutesOf(values.end)) problems.end = 'startAfterEnd';
  if (!hasHost && values.participants.length === 0) problems.participants = 'attendeesRequired';
  if (values.participants.some((value) => !value.startsWith('user:') && !EMAIL.test(value))) problems.participants = 'emailInvalid';
  if (values.repeat !== 'none' && values.until && values.date && values.until < values.date) problems.until = 'untilBeforeDate';
  return problems;
}

/** The repeat rule the form describes, or undefined for a single meeting. */
export function repeatRule(values: BookingFormValues): RepeatRule | undefined {
  if (values.repeat === 'none') return undefined;
  const rule: RepeatRule = { frequency: values.repeat, until: values.until };
  if (values.repeat === 'custom') {
    rule.unit = values.unit;
    rule.interval = values.interval;
  }
  if ((values.repeat === 'weekly' || (values.repeat === 'custom' && values.unit === 'week')) && values.weekdays.length > 0) rule.weekdays = [...values.weekdays].sort();
  return rule;
}

/** The request body: times become instants in the room's zone. */
export function toBody(values: BookingFormValues, timeZone: string): BookingBody {
  const startAt = fromZoned(values.date!, values.start!, timeZone);
  const endAt = fromZoned(minutesOf(values.end!) <= minutesOf(values.start!) ? addDays(values.date!, 1) : values.date!, values.end!, timeZone);
  const repeat = repeatRule(values);
  return {
    roomId: values.roomId,
    title: values.title.trim(),
    startAt,
    endAt,
    privacy: values.privacy,
    participants: values.participants.map((value) => (value.startsWith('user:') ? { userId: Number(value.slice(5)) } : { email: value.trim().toLowerCase() })),
    remarks: values.remarks.trim() || null,
    ...(values.noticeMinutes !== null ? { noticeMinutes: values.noticeMinutes } : {}),
    // Always sent: left out, the server would take the company's default reminder instead of "none".
    reminderMinutes: values.reminderMinutes,
    ...(repeat ? { repeat } : {}),
  };
}

/** Whether the zone's name should be shown next to times (it differs from the browser's). */
export function differsFromBrowser(timeZone: string | null): boolean {
  if (!timeZone) return false;
  return Intl.DateTimeFormat().resolvedOptions().timeZone !== timeZone;
}

/** `HH:mm` of an instant in the zone. */
export const clock = (ms: number, timeZone: string | null) => toZoned(ms, timeZone ?? 'UTC').time;
