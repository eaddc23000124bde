import { z } from 'zod';
import { ReservationPrivacy } from './booking.js';
import { NOTICE_TIMES, REMINDER_CHOICES } from './dictionary.js';
import { minutesOf, toZoned } from './zoned-time.js';

/**
 * Booking preferences (issue 6; spec 000 menu "Rooms", /booker-preferences): the company's rules
 * for booking rooms, read by the booking API and by the console's booking form. One set per
 * company; a company that never changed them books under the defaults below.
 */

/** `HH:mm` on a quarter hour; the end of a bookable day may also be 24:00 (midnight). */
const QuarterTime = z.string().regex(/^([01]\d|2[0-3]):(00|15|30|45)$/, 'HH:mm on a quarter hour');
const QuarterTimeOrMidnight = z.string().regex(/^(([01]\d|2[0-3]):(00|15|30|45)|24:00)$/, 'HH:mm on a quarter hour, or 24:00');

/** Minutes since midnight of a bookable-day bound (24:00 is 1440). */
export const boundMinutes = (time: string): number => (time === '24:00' ? 24 * 60 : minutesOf(time));

/** The furthest a company may let people book ahead. */
export const BOOK_AHEAD_MAX_DAYS = 365;
/** The longest meeting a company may allow (the database's own cap, RESERVATION_MAX_MS). */
export const MEETING_MAX_MINUTES = 24 * 60;
/** The shortest "longest meeting" a company may set. */
export const MEETING_LIMIT_MIN_MINUTES = 15;
/** A repeating meeting losing its room after this many missed check-ins in a row, at most; 0 never. */
export const SERIES_NO_SHOW_LIMIT_MAX = 10;

/** The hours of a bookable day in the room's time zone: a meeting starts at or after `start` and ends by `end` on the same day. */
export const BookableHours = z
  .object({ start: QuarterTime, end: QuarterTimeOrMidnight })
  .refine((hours) => boundMinutes(hours.start) < boundMinutes(hours.end), { message: 'The day must end after it starts', path: ['end'] });
export type BookableHours = z.infer<typeof BookableHours>;

export const BookingPreferences = z.object({
  /** A meeting may start at most this many days from now (its first occurrence, for a series). */
  bookAheadDays: z.number().int().min(1).max(BOOK_AHEAD_MAX_DAYS),
  /** The longest meeting, in minutes, on the quarter hour. */
  maxMeetingMinutes: z.number().int().min(MEETING_LIMIT_MIN_MINUTES).max(MEETING_MAX_MINUTES).multipleOf(15),
  /** The days of the week rooms can be booked on, in the room's zone (0 = Sunday ... 6 = Saturday). */
  bookableWeekdays: z.array(z.number().int().min(0).max(6)).min(1).max(7),
  /** Null: any time of day. */
  bookableHours: BookableHours.nullable(),
  /** Release a room whose meeting was not checked in by the end of the window (rooms with sign-in on). */
  releaseNoShows: z.boolean(),
  /** A repeating meeting that misses this many check-ins in a row loses its room; 0 never. */
  seriesNoShowLimit: z.number().int().min(0).max(SERIES_NO_SHOW_LIMIT_MAX),
  /** What the booking form starts with (and what the API takes when a request leaves it out). */
  defaultPrivacy: ReservationPrivacy,
});
export type BookingPreferences = z.infer<typeof BookingPreferences>;

/** `PUT /meeting/preferences`: the whole set (the page edits them together); weekdays are kept once each, in order. */
export const UpdateBookingPreferencesBody = BookingPreferences.extend({
  bookableWeekdays: BookingPreferences.shape.bookableWeekdays.transform((days) => [...new Set(days)].sort((a, b) => a - b)),
});
export type UpdateBookingPreferencesBody = z.infer<typeof UpdateBookingPreferencesBody>;

/**
 * `GET /meeting/preferences`: the rules in force, with who changed them last (null while they are the
 * defaults), and the booking form's reminder and notice defaults, which belong to the company's
 * notification settings (`/config/notice`, the /message-remind page) and are only read here.
 */
export const BookingPreferencesAnswer = BookingPreferences.extend({
  defaultReminderMinutes: z.literal(REMINDER_CHOICES),
  /** Minutes before the start the host is notified (dictionary NOTICE_TIMES; 0 at the start). */
  defaultNoticeMinutes: z.literal(NOTICE_TIMES),
  updatedAt: z.number().int().nullable(),
  updatedByName: z.string().nullable(),
});
export type BookingPreferencesAnswer = z.infer<typeof BookingPreferencesAnswer>;

export const DEFAULT_BOOKING_PREFERENCES: BookingPreferences = {
  bookAheadDays: 180,
  maxMeetingMinutes: MEETING_MAX_MINUTES,
  bookableWeekdays: [0, 1, 2, 3, 4, 5, 6],
  bookableHours: null,
  releaseNoShows: true,
  seriesNoShowLimit: 3,
  defaultPrivacy: 'public',
};

const DAY_MS = 86_400_000;

/** Which booking rule a meeting breaks, with its message key and parameters; null when it keeps them all. */
export type BookingRuleBreach =
  | { key: 'reservationTooLong'; params: { minutes: number } }
  | { key: 'reservationTooFarAhead'; params: { days: number } }
  | { key: 'reservationOutsideDays'; params: { zone: string } }
  | { key: 'reservationOutsideHours'; params: { start: string; end: string; zone: string } };

/**
 * The first rule of the company's preferences that a meeting from `startAt` to `endAt` in a room of
 * zone `timeZone` breaks. `checkAhead` is false for the later occurrences of a series (bounded by the
 * series' own horizon); `timeZone` null skips the bookable days and hours (a series judges those
 * occurrence by occurrence). Shared by the API and the booking form.
 */
export function bookingRuleBreach(
  rules: Pick<BookingPreferences, 'bookAheadDays' | 'maxMeetingMinutes' | 'bookableWeekdays' | 'bookableHours'>,
  meeting: { startAt: number; endAt: number; timeZone: string | null; now: number; checkAhead: boolean },
): BookingRuleBreach | null {
  const { startAt, endAt, timeZone, now } = meeting;
  if (endAt - startAt > rules.maxMeetingMinutes * 60_000) return { key: 'reservationTooLong', params: { minutes: rules.maxMeetingMinutes } };
  if (meeting.checkAhead && startAt > now + rules.bookAheadDays * DAY_MS) return { key: 'reservationTooFarAhead', params: { days: rules.bookAheadDays } };
  if (timeZone === null) return null;
  const start = toZoned(startAt, timeZone);
  // Days and hours are the room's: the message names its zone, which may not be the booker's.
  if (!rules.bookableWeekdays.includes(start.weekday)) return { key: 'reservationOutsideDays', params: { zone: timeZone } };
  const hours = rules.bookableHours;
  if (hours) {
    const end = toZoned(endAt, timeZone);
    const endsThatDay = end.date === start.date;
    // A meeting may end at midnight exactly when the day runs to 24:00.
    const endsAtMidnight = !endsThatDay && end.time === '00:00' && endAt - startAt <= DAY_MS && hours.end === '24:00';
    const endMinutes = endsThatDay ? minutesOf(end.time) : endsAtMidnight ? 24 * 60 : Number.POSITIVE_INFINITY;
    if (minutesOf(start.time) < boundMinutes(hours.start) || endMinutes > boundMinutes(hours.end)) {
      return { key: 'reservationOutsideHours', params: { start: hours.start, end: hours.end, zone: timeZone } };
    }
  }
  return null;
}
