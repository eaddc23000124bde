import { z } from 'zod';
import { ReservationStatus } from './booking.js';

/**
 * Check-in, early end and the door display's own booking calls (issue 5, docs/decisions/0005,
 * "Check-in, no-show release and the door display page").
 */

/** The shortest and longest "book now" at the door, in minutes (the screen group's maximum may lower the top). */
export const PAD_BOOK_MIN_MINUTES = 5;
export const PAD_BOOK_MAX_MINUTES = 30;
/** The door display lists meetings of today and this many following days (in the room's zone). */
export const PAD_DAYS_AHEAD = 3;

const id = z.coerce.number().int().positive();

/** `POST /meeting/reservation/check-in-room` body: the caller's meeting in the room whose window is open (QR code). */
export const RoomCheckInBody = z.object({ roomId: id });
export type RoomCheckInBody = z.infer<typeof RoomCheckInBody>;

/** `GET /meeting/room/qr` query. */
export const RoomQrQuery = z.object({ roomId: id });
export type RoomQrQuery = z.infer<typeof RoomQrQuery>;

/** `POST /device/pad/book` body. */
export const PadBookBody = z.object({
  minutes: z.number().int().min(PAD_BOOK_MIN_MINUTES).max(PAD_BOOK_MAX_MINUTES),
});
export type PadBookBody = z.infer<typeof PadBookBody>;

/** `POST /device/pad/check-in` and `/device/pad/end` body. */
export const PadReservationBody = z.object({ id });
export type PadReservationBody = z.infer<typeof PadReservationBody>;

/** A meeting as a door display shows it: the title, host and participants only where the settings allow. */
export const PadMeeting = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  hostName: z.string().nullable(),
  participants: z.array(z.string()).nullable(),
  startAt: z.number().int(),
  endAt: z.number().int(),
  status: ReservationStatus,
  checkedInAt: z.number().int().nullable(),
  /** Whether its check-in window is open now and it is not checked in yet (by whatever way). */
  checkInOpen: z.boolean(),
  /** Whether the display's button may check it in now (the window is open and the screen group allows the screen). */
  canCheckIn: z.boolean(),
  /** Whether the display may end it now (running, and early end allowed). */
  canEnd: z.boolean(),
  /** When the check-in window closes (null: the room has no sign-in). */
  checkInUntil: z.number().int().nullable(),
});
export type PadMeeting = z.infer<typeof PadMeeting>;

/** `GET /device/pad/schedule` result: what the door display shows now. */
export const PadSchedule = z.object({
  serverTime: z.number().int(),
  room: z.object({
    id: z.number().int(),
    name: z.string(),
    timeZone: z.string().nullable(),
    signInEnabled: z.boolean(),
    /** Whether the display shows the room's QR code to scan while a check-in is due (screen group mode `qr`). */
    checkInByQr: z.boolean(),
  }),
  busy: z.boolean(),
  current: PadMeeting.nullable(),
  /** Later meetings of today and the next PAD_DAYS_AHEAD days (empty when future meetings are hidden). */
  next: z.array(PadMeeting),
  /** The "book now" lengths the display offers (empty when booking at the door is off). */
  bookChoices: z.array(z.number().int()),
  /** Longest walk-in booking that fits before the next meeting, in minutes (0: none fits). */
  freeMinutes: z.number().int(),
});
export type PadSchedule = z.infer<typeof PadSchedule>;

/** The "book now" lengths offered for a screen group's longest single booking. */
export function padBookChoices(maxBookingMinutes: number): number[] {
  const top = Math.min(PAD_BOOK_MAX_MINUTES, maxBookingMinutes);
  return [5, 10, 15, 20, 25, 30].filter((minutes) => minutes >= PAD_BOOK_MIN_MINUTES && minutes <= top);
}
