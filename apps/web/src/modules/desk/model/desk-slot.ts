import { addDays, dateTimeFormat, fromZoned, type DeskAvailability, type DeskBookingPart } from '@atrium/contract';

/** A part of the day the page books by: the morning, the afternoon or the whole working day. */
export type DayPart = Exclude<DeskBookingPart, 'hours'>;
export const DAY_PARTS: readonly DayPart[] = ['am', 'pm', 'day'];

/** What the page books: a part of the day, or hours chosen. */
export type BookingPart = DeskBookingPart;
export const BOOKING_PARTS: readonly BookingPart[] = [...DAY_PARTS, 'hours'];

/** Hours chosen on the floor's clock (`HH:mm`; the end may be 24:00). */
export interface HourSpan {
  start: string;
  end: string;
}

/** The step of the hour pickers, in minutes (the server takes quarter hours; half hours keep the lists short). */
export const HOUR_STEP_MINUTES = 30;

/**
 * The times the hour pickers offer: the whole day on the floor's clock in half hours (00:00 to 24:00), not
 * only the rules' working day: the server takes any hours up to the rules' longest booking, and an evening
 * desk is a booking people make.
 */
export const HOUR_CHOICES: readonly string[] = Array.from({ length: (24 * 60) / HOUR_STEP_MINUTES + 1 }, (_, index) => {
  const minutes = index * HOUR_STEP_MINUTES;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

/** The hours first offered: the working day's morning, on the floor's clock. */
export const DEFAULT_HOURS: HourSpan = { start: '09:00', end: '12:00' };

/** A desk of the availability answer. */
export type AvailableDesk = DeskAvailability['desks'][number];

/** How a desk stands for the part chosen: closed to the reader, the reader's, someone else's, or free. */
export type DeskState = 'closed' | 'mine' | 'taken' | 'free';

/** An instant of `date` at `time` on `zone`'s clock (24:00 is the next day's midnight). */
const instant = (date: string, time: string, zone: string) => (time === '24:00' ? fromZoned(addDays(date, 1), '00:00', zone) : fromZoned(date, time, zone));

/** The span of a part of the availability's date (hours on the floor's clock, as the server reads them). */
export function slotOf(availability: DeskAvailability, part: BookingPart, hours: HourSpan = DEFAULT_HOURS): { startAt: number; endAt: number } {
  if (part === 'am') return { startAt: availability.dayStartAt, endAt: availability.middayAt };
  if (part === 'pm') return { startAt: availability.middayAt, endAt: availability.dayEndAt };
  if (part === 'hours') return { startAt: instant(availability.date, hours.start, availability.timeZone), endAt: instant(availability.date, hours.end, availability.timeZone) };
  return { startAt: availability.dayStartAt, endAt: availability.dayEndAt };
}

/** The bookings of `desk` that overlap `slot`. */
export const bookingsIn = (desk: AvailableDesk, slot: { startAt: number; endAt: number }) =>
  desk.bookings.filter((booking) => booking.startAt < slot.endAt && booking.endAt > slot.startAt);

/** How `desk` stands for `slot`: a desk the reader may not book is closed, whoever holds it. */
export function deskState(desk: AvailableDesk, slot: { startAt: number; endAt: number }): DeskState {
  const held = bookingsIn(desk, slot);
  if (held.some((booking) => booking.isMine)) return 'mine';
  if (desk.closedReason !== null) return 'closed';
  return held.length > 0 ? 'taken' : 'free';
}

/** A booking's day as people say it, in its floor's zone: "Tue, 24 Nov" / "11月24日周二". */
export function dayText(ms: number, zone: string, lang: string): string {
  return dateTimeFormat(lang, { weekday: 'short', day: 'numeric', month: 'short', timeZone: zone }).format(ms);
}
