import {
  addDays,
  daysBetween,
  defaultPickerTime,
  fromZoned,
  minutesOf,
  ruleInZone,
  timeOfMinutes,
  timePickerOptions,
  toZoned,
  weekdayOf,
  TIME_PICKER,
  type BookingPreferencesAnswer,
  type NoticeTime,
  type ReminderChoice,
  type RepeatFrequency,
  type RepeatRule,
  type RepeatUnit,
  type ReservationPrivacy,
  type Reservation,
} from '@atrium/contract';
import type { BookingBody } from '../api/booking.api';

/**
 * The booking form's values. Date and times are wall-clock in `zone`, the zone shown beside the
 * pickers (the viewer's, or the room's when the user chose to enter times there): together they
 * name one instant, which choosing or changing the room never moves (docs/decisions/0011).
 */
export interface BookingFormValues {
  roomId: number | null;
  title: string;
  date: string | null;
  start: string | null;
  end: string | null;
  /** The IANA zone of `date`, `start` and `end`. */
  zone: string;
  /** Colleagues as `user:<id>`, outside guests as their e-mail address. */
  participants: string[];
  privacy: ReservationPrivacy;
  noticeMinutes: NoticeTime | null;
  reminderMinutes: ReminderChoice | null;
  repeat: RepeatFrequency;
  interval: number;
  unit: RepeatUnit;
  /** Weekdays in `zone` (0 = Sunday). */
  weekdays: number[];
  /** Last date in `zone`, or null: never ends (180 days). */
  until: string | null;
  remarks: string;
}

/** The picker's times: 00:30 to 23:30 every 15 minutes (spec 000 section 5). */
export const PICKER_TIMES = timePickerOptions();

/** A new meeting lasts an hour unless the company allows less. */
const DEFAULT_MINUTES = 60;

const clampTime = (minutes: number) => timeOfMinutes(Math.min(Math.max(minutes, minutesOf(TIME_PICKER.first)), minutesOf(TIME_PICKER.last)));

/** Today and the default start (now + 30 minutes rounded down to 15) and end (`minutes` later) in the zone. */
export function defaultSlot(now: number, timeZone: string, minutes = DEFAULT_MINUTES): { date: string; start: string; end: string } {
  const here = toZoned(now, timeZone);
  const start = defaultPickerTime(here.time);
  return { date: here.date, start, end: clampTime(minutesOf(start) + minutes) };
}

/** A slot picked on a grid (rounded to the picker's step and kept inside its range). */
export function slotFromGrid(startMinutes: number, endMinutes: number): { start: string; end: string } {
  const step = TIME_PICKER.stepMinutes;
  const start = clampTime(Math.floor(startMinutes / step) * step);
  const rawEnd = Math.ceil(endMinutes / step) * step;
  const end = clampTime(Math.max(rawEnd, minutesOf(start) + step));
  return { start, end };
}

/**
 * What a new form starts from, set by the administrators: the booking preferences' default privacy
 * and longest meeting, the notification settings' default reminder and notice time.
 */
export function companyDefaults(preferences: BookingPreferencesAnswer | undefined): { values: Partial<BookingFormValues>; minutes: number } {
  if (!preferences) return { values: {}, minutes: DEFAULT_MINUTES };
  return {
    values: { privacy: preferences.defaultPrivacy, reminderMinutes: preferences.defaultReminderMinutes, noticeMinutes: preferences.defaultNoticeMinutes },
    minutes: Math.min(DEFAULT_MINUTES, preferences.maxMeetingMinutes),
  };
}

/** A new form's values in the zone, the company's defaults and the caller's preset over the built-in ones. */
export function emptyValues(now: number, timeZone: string, preset: Partial<BookingFormValues> = {}, minutes = DEFAULT_MINUTES): BookingFormValues {
  const slot = defaultSlot(now, timeZone, minutes);
  const values: BookingFormValues = {
    roomId: null,
    title: '',
    date: slot.date,
    start: slot.start,
    end: slot.end,
    zone: timeZone,
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
  return values;
}

const isWeekly = (values: Pick<BookingFormValues, 'repeat' | 'unit'>) => values.repeat === 'weekly' || (values.repeat === 'custom' && values.unit === 'week');

/**
 * A change to the form as people expect it to follow: moving the start moves the end by the same
 * duration; a weekly repeat starts with the date's weekday ticked, and that tick follows the date;
 * an end of the repeat before the new date moves with it.
 */
export function change(values: BookingFormValues, patch: Partial<BookingFormValues>): BookingFormValues {
  const next = { ...values, ...patch };
  if (patch.start !== undefined && patch.end === undefined && patch.start !== null && values.start && values.end) {
    const duration = minutesOf(values.end) - minutesOf(values.start);
    if (duration > 0) next.end = clampTime(minutesOf(patch.start) + duration);
  }
  const weekdayBefore = values.date ? weekdayOf(values.date) : null;
  const weekdayNow = next.date ? weekdayOf(next.date) : null;
  if (isWeekly(next) && weekdayNow !== null) {
    if (next.weekdays.length === 0) next.weekdays = [weekdayNow];
    else if (patch.date !== undefined && next.weekdays.length === 1 && next.weekdays[0] === weekdayBefore) next.weekdays = [weekdayNow];
  }
  if (next.until && next.date && next.until < next.date) next.until = next.date;
  return next;
}

/** The same instants written in another zone: the form's "enter in the room's time" switch. */
export function inZone(values: BookingFormValues, zone: string): BookingFormValues {
  if (zone === values.zone || !values.date || !values.start || !values.end) return { ...values, zone };
  const { startAt, endAt } = instants(values);
  const start = toZoned(startAt, zone);
  const end = toZoned(endAt, zone);
  const shift = daysBetween(values.date, start.date);
  return {
    ...values,
    zone,
    date: start.date,
    start: start.time,
    end: end.time,
    weekdays: values.weekdays.map((day) => (((day + shift) % 7) + 7) % 7),
    until: values.until ? addDays(values.until, shift) : null,
  };
}

/** The meeting's start and end instants (an end not after the start ends the next day). */
export function instants(values: BookingFormValues): { startAt: number; endAt: number } {
  const startAt = fromZoned(values.date!, values.start!, values.zone);
  const endAt = fromZoned(minutesOf(values.end!) <= minutesOf(values.start!) ? addDays(values.date!, 1) : values.date!, values.end!, values.zone);
  return { startAt, endAt };
}

export type FieldProblem =
  | 'roomRequired'
  | 'titleRequired'
  | 'dateRequired'
  | 'startRequired'
  | 'endRequired'
  | 'startAfterEnd'
  | 'attendeesRequired'
  | 'emailInvalid'
  | 'untilBeforeDate'
  | 'inPast';

/** An outside guest's address: what the server accepts (contract ReservationParticipantInput). */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The fields the form shows problems on, in the order it shows them. */
export const FORM_FIELDS = ['roomId', 'title', 'date', 'start', 'end', 'participants', 'until'] as const;
export type FormField = (typeof FORM_FIELDS)[number];

/**
 * The form's own checks (spec 001 section 5: title, date, start, end, room and attendees are
 * required; the host counts as an attendee, so `attendees` fails only without a host). With `now`,
 * a start already past is refused too (the server allows the same five minutes' grace).
 */
export function validate(values: BookingFormValues, hasHost = true, now?: number): Partial<Record<FormField, FieldProblem>> {
  const problems: Partial<Record<FormField, FieldProblem>> = {};
  if (!values.roomId) problems.roomId = 'roomRequired';
  if (!values.title.trim()) problems.title = 'titleRequired';
  if (!values.date) problems.date = 'dateRequired';
  if (!values.start) problems.start = 'startRequired';
  if (!values.end) problems.end = 'endRequired';
  if (values.start && values.end && minutesOf(values.start) >= minutesOf(values.end)) problems.end = 'startAfterEnd';
  if (now !== undefined && values.date && values.start && !problems.end && instants(values).startAt < now - 5 * 60_000) problems.start = 'inPast';
  if (!hasHost && values.participants.length === 0) problems.participants = 'attendeesRequired';
  if (values.participants.some((value) => !value.startsWith('user:') && !EMAIL.test(value))) problems.participants = 'emailInvalid';
  if (values.repeat !== 'none' && values.until && values.date && values.until < values.date) problems.until = 'untilBeforeDate';
  return problems;
}

/**
 * The repeat rule the form describes, in the days of `ruleZone`: the form's own by default; the
 * room's for the booking (the server repeats a meeting at the same wall-clock time in its room, so
 * weekdays and the last date move with the room's date of the first meeting: contract ruleInZone).
 */
export function repeatRule(values: BookingFormValues, ruleZone: string = values.zone): RepeatRule | undefined {
  if (values.repeat === 'none') return undefined;
  const rule: RepeatRule = { frequency: values.repeat, until: values.until };
  if (values.repeat === 'custom') {
    rule.unit = values.unit;
    rule.interval = values.interval;
  }
  if (isWeekly(values) && values.weekdays.length > 0) rule.weekdays = [...values.weekdays].sort();
  return ruleZone === values.zone || !values.date || !values.start ? rule : ruleInZone(rule, instants(values).startAt, values.zone, ruleZone);
}

/** The request body: the form's instants, the repeat rule in the room's zone. */
export function toBody(values: BookingFormValues, roomZone: string = values.zone): BookingBody {
  const { startAt, endAt } = instants(values);
  const repeat = repeatRule(values, roomZone);
  return {
    roomId: values.roomId,
    title: values.title.trim(),
    startAt,
    endAt,
    privacy: values.privacy,
    participants: values.participants.map((value) => (value.startsWith('user:') ? { userId: Number(value.slice(5)) } : { email: value.trim().toLowerCase() })),
    remarks: values.remarks.trim() || null,
    // Always sent: left out, the server would take the company's defaults instead of "none".
    noticeMinutes: values.noticeMinutes,
    reminderMinutes: values.reminderMinutes,
    ...(repeat ? { repeat } : {}),
  };
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

const FREQUENCY_TEXT = { daily: 'daily', monthly: 'monthly', yearly: 'yearly', workday: 'workday' } as const;
const EVERY_TEXT = { day: 'everyDays', month: 'everyMonths', year: 'everyYears' } as const;

/**
 * A series' rule in words, as the viewer reads it: "Weekly on Tuesday until 2027-03-01" /
 * "每周二，直到 2027-03-01". The rule's weekdays and last date are the room's; `shift` is the viewer's
 * date minus the room's date of the occurrence shown (so the words name the viewer's days).
 */
export function describeRepeat(rule: RepeatRule, t: Translate, shift = 0): string {
  const move = (day: number) => (((day + shift) % 7) + 7) % 7;
  const until = rule.until ? addDays(rule.until, shift) : null;
  const unit = rule.frequency === 'custom' ? (rule.unit ?? 'day') : null;
  let what: string;
  if (rule.frequency === 'weekly' || unit === 'week') {
    const days = (rule.weekdays ?? []).map(move).sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7));
    const names = days.map((day) => t(`booking.weekdayLong.${day}`)).join(t('booking.repeatText.listSeparator'));
    const interval = rule.frequency === 'custom' ? (rule.interval ?? 1) : 1;
    what = days.length === 0 ? t('booking.repeatText.weekly') : interval > 1 ? t('booking.repeatText.everyWeeksOn', { count: interval, days: names }) : t('booking.repeatText.weeklyOn', { days: names });
  } else if (rule.frequency === 'custom') {
    what = t(`booking.repeatText.${EVERY_TEXT[unit as Exclude<RepeatUnit, 'week'>]}`, { count: rule.interval ?? 1 });
  } else if (rule.frequency === 'none') {
    what = t('booking.repeatText.none');
  } else {
    what = t(`booking.repeatText.${FREQUENCY_TEXT[rule.frequency]}`);
  }
  return until ? t('booking.repeatText.until', { rule: what, date: until }) : t('booking.repeatText.forever', { rule: what });
}

/** "Weekly on Tuesday until 2027-03-01 · this meeting: 2026-12-08", its days read in the viewer's zone. */
export function seriesText(reservation: Reservation, rule: RepeatRule, viewerZone: string, t: Translate): string {
  const roomDate = toZoned(reservation.startAt, reservation.timeZone ?? 'UTC').date;
  const viewerDate = toZoned(reservation.startAt, viewerZone).date;
  return t(reservation.isException ? 'booking.repeatText.occurrenceChanged' : 'booking.repeatText.occurrence', { rule: describeRepeat(rule, t, daysBetween(roomDate, viewerDate)), date: viewerDate });
}
