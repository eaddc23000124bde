import { z } from 'zod';
import { REPEAT_FREQUENCIES, REPEAT_UNITS } from './booking-recurrence.js';

/**
 * Repeating meetings (issue 5; spec 001 section 4): what a check of a series answers, which
 * occurrences a change or cancellation reaches, and what a series booking answers. The repeat
 * rule itself is `RepeatRule`, expanded by booking-recurrence.ts; `CreateReservationBody.repeat` carries it.
 */

const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** How a meeting repeats (spec 001 section 4). */
export const RepeatRule = z.object({
  frequency: z.enum(REPEAT_FREQUENCIES),
  /** Custom rules: every `interval` `unit`s. Ignored by the named frequencies (interval 1). */
  unit: z.enum(REPEAT_UNITS).optional(),
  interval: z.number().int().min(1).max(99).optional(),
  /** Weekly and custom-weekly: the weekdays (0 = Sunday); default the first date's weekday. */
  weekdays: z.array(z.number().int().min(0).max(6)).min(1).max(7).optional(),
  /** Last date (inclusive) in the room's zone; absent or null: never ends (180 days). */
  until: localDate.nullable().optional(),
});
export type RepeatRule = z.infer<typeof RepeatRule>;

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
