import { z } from 'zod';
import { Reservation } from './booking.js';

/**
 * Shared calendars (issue 5; spec 001 section 4: calendar sharing roles manager, editor, subscriber,
 * visitor). A person's calendar is the meetings they host or attend. Sharing it lets a colleague:
 * - visitor: see when they are busy (times only, never titles);
 * - subscriber: read it as the company may (public meetings in full, busy-only ones with time and
 *   host, private ones as time only);
 * - editor: read everything, private meetings included (a delegate);
 * - manager: as editor, and share the calendar with others.
 */
export const CALENDAR_SHARE_LEVELS = ['manager', 'editor', 'subscriber', 'visitor'] as const;
export const CalendarShareLevel = z.enum(CALENDAR_SHARE_LEVELS);
export type CalendarShareLevel = z.infer<typeof CalendarShareLevel>;
/** The widest window one calendar read may ask for (six weeks: a month view with its edges). */
export const CALENDAR_RANGE_MAX_DAYS = 42;

const id = z.coerce.number().int().positive();

/** `POST /meeting/calendar/share`: give (or change) a colleague's access to a calendar; the caller's own by default. */
export const CalendarShareBody = z.object({ ownerUserId: id.optional(), granteeUserId: id, level: CalendarShareLevel });
export type CalendarShareBody = z.infer<typeof CalendarShareBody>;

/** `POST /meeting/calendar/unshare`: take access away; a grantee may also leave a calendar shared with them. */
export const CalendarUnshareBody = z.object({ ownerUserId: id.optional(), granteeUserId: id });
export type CalendarUnshareBody = z.infer<typeof CalendarUnshareBody>;

export const CalendarSharesQuery = z.object({ ownerUserId: id.optional() });

export const CalendarSharePerson = z.object({ userId: z.number().int(), name: z.string(), level: CalendarShareLevel, createdAt: z.number().int() });
export type CalendarSharePerson = z.infer<typeof CalendarSharePerson>;

/** `GET /meeting/calendar/shares`: who can see a calendar, and the calendars shared with the caller. */
export const CalendarShares = z.object({
  ownerUserId: z.number().int(),
  /** Whether the caller may change this calendar's sharing (its owner or a manager). */
  canManage: z.boolean(),
  shares: z.array(CalendarSharePerson),
  sharedWithMe: z.array(CalendarSharePerson),
});
export type CalendarShares = z.infer<typeof CalendarShares>;

/** `GET /meeting/calendar/events`: a calendar's active meetings touching [from, to). */
export const CalendarEventsQuery = z.object({
  ownerUserId: id,
  from: z.coerce.number().int().nonnegative(),
  to: z.coerce.number().int().nonnegative(),
});
export type CalendarEventsQuery = z.infer<typeof CalendarEventsQuery>;

export const CalendarEvents = z.object({
  ownerUserId: z.number().int(),
  ownerName: z.string(),
  /** How the caller reads it: 'owner', or the level it was shared with. */
  access: z.union([z.literal('owner'), CalendarShareLevel]),
  list: z.array(Reservation),
});
export type CalendarEvents = z.infer<typeof CalendarEvents>;
