import type { DeskAvailability, DeskBookingPart } from '@atrium/contract';

/** A part of the day the page books by: the morning, the afternoon or the whole working day. */
export type DayPart = Exclude<DeskBookingPart, 'hours'>;
export const DAY_PARTS: readonly DayPart[] = ['am', 'pm', 'day'];

/** A desk of the availability answer. */
export type AvailableDesk = DeskAvailability['desks'][number];

/** How a desk stands for the part chosen: closed to the reader, the reader's, someone else's, or free. */
export type DeskState = 'closed' | 'mine' | 'taken' | 'free';

/** The span of a part of the availability's date. */
export function slotOf(availability: DeskAvailability, part: DayPart): { startAt: number; endAt: number } {
  if (part === 'am') return { startAt: availability.dayStartAt, endAt: availability.middayAt };
  if (part === 'pm') return { startAt: availability.middayAt, endAt: availability.dayEndAt };
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
  return new Intl.DateTimeFormat(lang, { weekday: 'short', day: 'numeric', month: 'short', timeZone: zone }).format(ms);
}
