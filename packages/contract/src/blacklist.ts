import { z } from 'zod';
import { PageQuery, pageOf } from './paging.js';

/**
 * The booking blacklist (issue 6; spec 000 menu "Rooms", /booker-blacklist): colleagues barred from
 * booking rooms, with a reason, from a moment until an optional end or until lifted. Lifted and
 * ended entries stay as history. The booking API refuses a barred colleague (booking-blacklist.ts).
 */

const id = z.coerce.number().int().positive();
const epochMs = z.number().int().nonnegative();

/** The longest reason. */
export const BLACKLIST_REASON_MAX = 500;

/** An entry's state now: barring (active), barring from a later moment (scheduled), past its end (ended), or lifted early. */
export const BLACKLIST_STATES = ['active', 'scheduled', 'ended', 'lifted'] as const;
export const BlacklistState = z.enum(BLACKLIST_STATES);
export type BlacklistState = z.infer<typeof BlacklistState>;

/** `GET /meeting/blacklist/list`: newest first; `keyword` in the colleague's name, user name or e-mail. */
export const BlacklistQuery = PageQuery.extend({
  keyword: z.string().trim().max(100).optional(),
  state: BlacklistState.optional(),
});
export type BlacklistQuery = z.infer<typeof BlacklistQuery>;

export const BlacklistEntry = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  fullName: z.string(),
  userName: z.string(),
  email: z.string().nullable(),
  reason: z.string().nullable(),
  startsAt: z.number().int(),
  /** Null: until lifted. */
  endsAt: z.number().int().nullable(),
  liftedAt: z.number().int().nullable(),
  liftedByName: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.number().int(),
  state: BlacklistState,
});
export type BlacklistEntry = z.infer<typeof BlacklistEntry>;

export const BlacklistPage = pageOf(BlacklistEntry);
export type BlacklistPage = z.infer<typeof BlacklistPage>;

/** `POST /meeting/blacklist/add`: bar a colleague from now (or `startsAt`) until `endsAt` (absent or null: until lifted). */
export const AddBlacklistBody = z.object({
  userId: id,
  reason: z.string().trim().min(1, 'Enter a reason').max(BLACKLIST_REASON_MAX),
  startsAt: epochMs.optional(),
  endsAt: epochMs.nullable().optional(),
});
export type AddBlacklistBody = z.infer<typeof AddBlacklistBody>;

/**
 * `GET /meeting/blacklist/mine`: whether the caller is barred from booking now, with the entry's
 * reason and end (null: until lifted), so the booking form says so before it is filled in.
 */
export const MyBookingBar = z.object({
  barred: z.boolean(),
  reason: z.string().nullable(),
  endsAt: z.number().int().nullable(),
});
export type MyBookingBar = z.infer<typeof MyBookingBar>;

/** `POST /meeting/blacklist/lift`: end an active or scheduled entry now; it stays in the history. */
export const LiftBlacklistBody = z.object({ id });
export type LiftBlacklistBody = z.infer<typeof LiftBlacklistBody>;

/** `GET /meeting/blacklist/candidates`: active colleagues to bar, by name, user name or e-mail (at most 20). */
export const BlacklistCandidatesQuery = z.object({ keyword: z.string().trim().max(100).default('') });
export const BlacklistCandidate = z.object({ id: z.number().int(), fullName: z.string(), userName: z.string(), email: z.string().nullable() });
export type BlacklistCandidate = z.infer<typeof BlacklistCandidate>;
export const BlacklistCandidates = z.array(BlacklistCandidate);

/**
 * `GET /location/v2/getBlackListConfig` (spec 001 section 7): the blacklist's configuration as the
 * booking pages need it: the rules every entry follows, whether the caller may manage the list, and
 * whether the caller is barred now.
 */
export const BlacklistConfig = z.object({
  /** The longest reason an entry may give. */
  reasonMax: z.number().int(),
  /** The states an entry passes through. */
  states: z.array(BlacklistState),
  /** Whether the caller may bar and lift colleagues (permission reservationScreens:edit). */
  canManage: z.boolean(),
  /** The caller's own bar now, as `GET /meeting/blacklist/mine`. */
  mine: MyBookingBar,
});
export type BlacklistConfig = z.infer<typeof BlacklistConfig>;
