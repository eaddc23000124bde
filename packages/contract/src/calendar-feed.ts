import { z } from 'zod';

/**
 * Calendar feeds (issue 6): a secret iCalendar URL per person and per room that calendar programs
 * subscribe to. The secret is shown once, when the link is made; a new link revokes the old one.
 * Meetings that are not public appear as busy only.
 */

const id = z.coerce.number().int().positive();

/** The feed's window: this many days back and ahead of now. */
export const CALENDAR_FEED_PAST_DAYS = 30;
export const CALENDAR_FEED_AHEAD_DAYS = 180;
/** How often subscribers are asked to read the feed again, in minutes. */
export const CALENDAR_FEED_REFRESH_MINUTES = 15;

/** A person's or a room's feed link: whether one is in force, since when and by whom. */
export const CalendarFeedState = z.object({
  active: z.boolean(),
  createdAt: z.number().int().nullable(),
  createdByName: z.string().nullable(),
});
export type CalendarFeedState = z.infer<typeof CalendarFeedState>;

/** A new link, with its secret: shown this once. */
export const CreatedCalendarFeed = z.object({ url: z.string(), createdAt: z.number().int() });
export type CreatedCalendarFeed = z.infer<typeof CreatedCalendarFeed>;

/** `GET /meeting/feed/room`, `POST /meeting/feed/room/create`, `POST /meeting/feed/room/revoke`. */
export const RoomFeedQuery = z.object({ roomId: id });
export const RoomFeedBody = z.object({ roomId: id });
export type RoomFeedBody = z.infer<typeof RoomFeedBody>;
