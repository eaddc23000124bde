import { z } from 'zod';

/**
 * Repeating meetings (issue 5; spec 001 section 4): what a check of a series answers, which
 * occurrences a change or cancellation reaches, and what a series booking answers. The repeat
 * rule itself is `RepeatRule` (booking-recurrence.ts); `CreateReservationBody.repeat` carries it.
 */

/** Which occurrences of a series a change or cancellation reaches: this one, this and the following ones, or all not yet started. */
export const RESERVATION_SCOPES = ['one', 'following', 'all'] as const;
export const ReservationScope = z.enum(RESERVATION_SCOPES);
export type ReservationScope = z.infer<typeof ReservationScope>;

/** The meeting an occurrence clashes with, as far as the caller may see it (`title` null otherwise). */
export const OccurrenceConflict = z.object({
  reservationId: z.number().int().nullable(),
  title: z.string().nullable(),
  startAt: z.number().int().nullable(),
  endAt: z.number().int().nullable(),
});
export type OccurrenceConflict = z.infer<typeof OccurrenceConflict>;

/**
 * One occurrence of a requested meeting: its date in the room's zone, its times, the meeting it
 * clashes with, and why else it cannot be booked (a disable period, too far ahead), in the caller's language.
 */
export const OccurrenceCheck = z.object({
  date: z.string(),
  startAt: z.number().int(),
  endAt: z.number().int(),
  conflict: OccurrenceConflict.nullable(),
  refusal: z.string().nullable(),
});
export type OccurrenceCheck = z.infer<typeof OccurrenceCheck>;

/** The answer of `POST /api/meeting/reservation/check`: every occurrence, in order. */
export const ReservationCheckResult = z.object({ occurrences: z.array(OccurrenceCheck) });
export type ReservationCheckResult = z.infer<typeof ReservationCheckResult>;

/** The `result` of a 409 refusing a series (or a change of several occurrences): the occurrences that cannot be booked. */
export interface SeriesConflictResult {
  conflicts: OccurrenceCheck[];
}

/** An occurrence left out by `bookFreeOnly`. */
export const SkippedOccurrence = z.object({ date: z.string(), startAt: z.number().int(), endAt: z.number().int() });
export type SkippedOccurrence = z.infer<typeof SkippedOccurrence>;

/** Cancelling a meeting; with a series, `scope` says which occurrences. */
export const CancelReservationBody = z.object({ id: z.coerce.number().int().positive(), scope: ReservationScope.default('one') });
export type CancelReservationBody = z.infer<typeof CancelReservationBody>;
