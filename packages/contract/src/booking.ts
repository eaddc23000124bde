import { z } from 'zod';
import { TEXT_MAX } from './limits.js';
import { NOTICE_TIMES, REMINDER_CHOICES } from './dictionary.js';
import { RepeatRule, ReservationScope, SkippedOccurrence } from './booking-series.js';

/**
 * The reservations core (issue 5; spec 001 sections 3, 4, 5): one meeting in one room, from
 * `startAt` to `endAt` (epoch ms, half-open, so back-to-back meetings do not clash). Answers echo
 * the room's IANA time zone (its building's) so clients show local times.
 */

const id = z.coerce.number().int().positive();
const epochMs = z.number().int().nonnegative();

/**
 * Life cycle: pending (under approval, holds its slot) -> confirmed | rejected | expired (no decision
 * before the deadline); pending or confirmed -> cancelled (a withdrawn request too); confirmed ->
 * released (no check-in within the window: the room was given back, a no-show).
 */
export const RESERVATION_STATUSES = ['pending', 'confirmed', 'cancelled', 'rejected', 'expired', 'released'] as const;
export const ReservationStatus = z.enum(RESERVATION_STATUSES);
export type ReservationStatus = z.infer<typeof ReservationStatus>;
/** The states that hold the room's time. */
export const ACTIVE_RESERVATION_STATUSES = ['pending', 'confirmed'] as const satisfies readonly ReservationStatus[];

/** Who sees what of a meeting that is not theirs: public (everything), busy (time and host only), private (time only). */
export const ReservationPrivacy = z.enum(['public', 'busy', 'private']);
export type ReservationPrivacy = z.infer<typeof ReservationPrivacy>;

/** Where a booking was made. */
export const ReservationChannel = z.enum(['console', 'display', 'api']);
export type ReservationChannel = z.infer<typeof ReservationChannel>;

/** The widest window one list call may read. */
export const RESERVATION_LIST_MAX_DAYS = 31;
/** At most this many participants besides the host. */
export const RESERVATION_PARTICIPANTS_MAX = 200;

/** A colleague (by user id) or an outside e-mail address. */
export const ReservationParticipantInput = z.union([
  z.object({ userId: id }).strict(),
  z.object({ email: z.email().max(254).transform((email) => email.toLowerCase()) }).strict(),
]);
export type ReservationParticipantInput = z.infer<typeof ReservationParticipantInput>;

/**
 * A new meeting. Room, title and times are optional in the schema so that a missing one answers
 * the spec's own message (422/1005) rather than a generic schema error.
 */
export const CreateReservationBody = z.object({
  roomId: id.nullable().optional(),
  title: z.string().trim().max(TEXT_MAX).nullable().optional(),
  startAt: epochMs.nullable().optional(),
  endAt: epochMs.nullable().optional(),
  /** Absent: the company's default privacy (booking preferences). */
  privacy: ReservationPrivacy.optional(),
  participants: z.array(ReservationParticipantInput).max(RESERVATION_PARTICIPANTS_MAX).default([]),
  remarks: z.string().trim().max(2000).nullable().optional(),
  /** A repeat rule; absent or frequency 'none': a single meeting. */
  repeat: RepeatRule.optional(),
  /** Minutes before the start the notice goes out (dictionary NOTICE_TIMES) / participants are reminded (REMINDER_CHOICES). */
  noticeMinutes: z.literal(NOTICE_TIMES).nullable().optional(),
  /** Absent: the company's default reminder (booking preferences); null: no reminder. */
  reminderMinutes: z.literal(REMINDER_CHOICES).nullable().optional(),
  /** A series with clashing occurrences: book the free ones (true) or nothing (false, 409 listing the clashes). */
  bookFreeOnly: z.boolean().default(false),
  /** Book for a colleague who shares their calendar with the caller as editor or manager: they host it. */
  hostUserId: id.optional(),
});
export type CreateReservationBody = z.infer<typeof CreateReservationBody>;

/** A change to a meeting: absent fields stay; `participants`, when present, replaces the list. */
export const UpdateReservationBody = z.object({
  id,
  roomId: id.optional(),
  title: z.string().trim().max(TEXT_MAX).optional(),
  startAt: epochMs.optional(),
  endAt: epochMs.optional(),
  privacy: ReservationPrivacy.optional(),
  participants: z.array(ReservationParticipantInput).max(RESERVATION_PARTICIPANTS_MAX).optional(),
  remarks: z.string().trim().max(2000).nullable().optional(),
  noticeMinutes: z.literal(NOTICE_TIMES).nullable().optional(),
  reminderMinutes: z.literal(REMINDER_CHOICES).nullable().optional(),
  /** With a series: this occurrence (it becomes an exception), this and the following ones (a new series), or all not yet started. */
  scope: ReservationScope.default('one'),
});
export type UpdateReservationBody = z.infer<typeof UpdateReservationBody>;

export const ReservationIdBody = z.object({ id });
export type ReservationIdBody = z.infer<typeof ReservationIdBody>;
export const ReservationIdQuery = z.object({ id });
export type ReservationIdQuery = z.infer<typeof ReservationIdQuery>;

/** A room's active meetings that touch [from, to). */
export const ReservationListQuery = z.object({ roomId: id, from: z.coerce.number().int().nonnegative(), to: z.coerce.number().int().nonnegative() });
export type ReservationListQuery = z.infer<typeof ReservationListQuery>;

export const ReservationParticipant = z.object({
  userId: z.number().int().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
});
export type ReservationParticipant = z.infer<typeof ReservationParticipant>;

/**
 * One meeting as the caller may see it. `visible` is false when the meeting is another person's
 * busy or private one: then the title, remarks and participants are null (and, for private, the host too).
 */
export const Reservation = z.object({
  id: z.number().int(),
  roomId: z.number().int(),
  roomName: z.string(),
  timeZone: z.string().nullable(),
  title: z.string().nullable(),
  hostUserId: z.number().int().nullable(),
  hostName: z.string().nullable(),
  startAt: z.number().int(),
  endAt: z.number().int(),
  status: ReservationStatus,
  privacy: ReservationPrivacy,
  channel: ReservationChannel,
  remarks: z.string().nullable(),
  participants: z.array(ReservationParticipant).nullable(),
  visible: z.boolean(),
  /** Whether the caller may change or cancel it (the host). */
  canEdit: z.boolean(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  /** The series it belongs to, its date in the series, and whether it was changed on its own. */
  seriesId: z.number().int().nullable(),
  occurrenceDate: z.string().nullable(),
  isException: z.boolean(),
  /** Minutes before the start the host is notified / participants reminded (dictionary NOTICE_TIMES, REMINDER_CHOICES). */
  noticeMinutes: z.number().int().nullable(),
  reminderMinutes: z.number().int().nullable(),
  checkedInAt: z.number().int().nullable(),
  checkInChannel: z.enum(['console', 'display', 'qr', 'sensor']).nullable(),
  /**
   * Rooms with check-in on: the meeting's window (closing at its end at the latest) and the room's
   * way: `manual` (a button in the console or at the door) or `qr` (scanning the room's code; the
   * console's button is refused). Null when the room does not use check-in.
   */
  checkIn: z.object({ opensAt: z.number().int(), closesAt: z.number().int(), way: z.enum(['manual', 'qr']) }).nullable(),
  /** Who booked it for the host (an editor or manager of the host's calendar); null when the host did, or hidden. */
  bookedByName: z.string().nullable(),
  /** Ended before its booked end: `endAt` is when it ended, `bookedEndAt` the booked end. */
  endedEarlyAt: z.number().int().nullable(),
  bookedEndAt: z.number().int().nullable(),
  /** Released for want of a check-in. */
  noShowAt: z.number().int().nullable(),
  /** Approval: when a pending request expires, and who decided when, with the reason. */
  approvalDeadlineAt: z.number().int().nullable(),
  decidedAt: z.number().int().nullable(),
  decidedByName: z.string().nullable(),
  decisionReason: z.string().nullable(),
  /** The series' repeat rule when the caller may see the meeting; null for a single meeting. */
  repeat: RepeatRule.nullable().optional(),
});
export type Reservation = z.infer<typeof Reservation>;

/**
 * The answer of a booking: the (first) booked meeting itself, as before, with `reservation` (the
 * same), `pending`, how many occurrences were booked and which were skipped (`bookFreeOnly`).
 */
export const CreateReservationResult = Reservation.extend({
  reservation: Reservation,
  pending: z.boolean(),
  booked: z.number().int(),
  skipped: z.array(SkippedOccurrence),
});
export type CreateReservationResult = z.infer<typeof CreateReservationResult>;

export const ReservationList = z.object({ roomId: z.number().int(), timeZone: z.string().nullable(), list: z.array(Reservation) });
export type ReservationList = z.infer<typeof ReservationList>;

/** The result of a 409: the clashing meeting as far as the caller may see it. */
export interface ReservationConflict {
  reservationId: number | null;
  startAt: number | null;
  endAt: number | null;
  title: string | null;
  timeZone: string | null;
}
