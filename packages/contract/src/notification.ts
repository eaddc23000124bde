import { z } from 'zod';
import type { ConsoleEvent } from './notice-config.js';
import { PageQuery, pageOf } from './paging.js';

/**
 * In-console notifications (issue 6): the header's bell shows each colleague the booking messages
 * meant for them, beside (or instead of) the mails: the same events, the console as a second
 * channel. A notification keeps the facts, not a text, so each reader sees it in their language.
 */

/** The booking messages: the kinds the console shows, and the first of the message log's events. */
export const NOTIFICATION_EVENTS = [
  'invitation',
  'update',
  'cancellation',
  'reminder',
  'approvalRequest',
  'approved',
  'rejected',
  'expired',
  'noShow',
  'seriesReleased',
  'checkInDue',
  // A visitor checked in: their host is told; reception when the watchlist says alert (decision 0018).
  'visitorArrived',
  'watchlistAlert',
  // A walk-in registered and waits for approval: their host is told (reception when the watchlist holds them).
  'visitApplication',
  // A repair took a desk out of use: its booker is told where their booking moved, or that it was cancelled (decision 0019).
  'deskMoved',
  'deskCancelled',
  // A closure day cancelled a desk booking; an assigned desk's owner is told it is theirs (decision 0019, "Desk access and closures").
  'deskClosure',
  'deskAssigned',
  // A smart device dropped off or reported a fault: its deployers are told (decision 0020, "Device alarms").
  'deviceAlarm',
  // Nobody is in a booked room whose sensors can tell: its host is asked to check in or free it (decision 0020, "Presence drives booking").
  'emptyRoom',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];
export const NotificationEvent = z.enum(NOTIFICATION_EVENTS);

/**
 * Which switch of the booking notification settings governs a kind of message (an expired request
 * is a "no" that nobody chose); null: none, the message is always written (a visitor's arrival).
 */
export const CONSOLE_SWITCH_OF: Record<NotificationEvent, ConsoleEvent | null> = {
  invitation: 'created',
  update: 'changed',
  cancellation: 'cancelled',
  reminder: 'reminder',
  approvalRequest: 'approvalNeeded',
  approved: 'approved',
  rejected: 'rejected',
  expired: 'rejected',
  noShow: 'noShowReleased',
  seriesReleased: 'noShowReleased',
  checkInDue: 'checkInDue',
  visitorArrived: null,
  watchlistAlert: null,
  visitApplication: null,
  deskMoved: null,
  deskCancelled: null,
  deskClosure: null,
  deskAssigned: null,
  deviceAlarm: 'deviceAlarm',
  // The question before a release: under the release's switch, as its mail is.
  emptyRoom: 'noShowReleased',
};

/** The facts a notification is worded from; times are UTC epoch milliseconds shown in `zone`, the room's. */
export const NotificationParams = z.object({
  /** The meeting's title; null when the reader may not see it (a private meeting's approver). */
  title: z.string().nullable(),
  /** The room, with its location path. */
  place: z.string(),
  startAt: z.number().int(),
  endAt: z.number().int(),
  zone: z.string().nullable(),
  /** Further occurrences of a series covered by the same message. */
  more: z.number().int().nonnegative(),
  /** Who invited, decided or booked; null: the system. */
  by: z.string().nullable(),
  /** A rejection's reason, or the missed check-ins that released a series. */
  reason: z.string().nullable(),
  /** Minutes left to check in (checkInDue, emptyRoom), or before the start (reminder). */
  minutes: z.number().int().nullable(),
});
export type NotificationParams = z.infer<typeof NotificationParams>;

/**
 * Where the action a notification asks for stands, read from its meeting's facts whenever it is
 * listed: `open` (still to do), `done` (checked in; the request decided), `closed` (no longer
 * possible: the check-in window passed or the meeting was released, cancelled or ended; the request
 * withdrawn, cancelled or past its deadline). Only check-in notices and approval requests ask for one.
 */
export const NOTIFICATION_ACTIONS = ['open', 'done', 'closed'] as const;
export const NotificationAction = z.enum(NOTIFICATION_ACTIONS);
export type NotificationAction = z.infer<typeof NotificationAction>;
/** The kinds of notification that ask their reader to act. */
export const ACTION_EVENTS = ['checkInDue', 'emptyRoom', 'approvalRequest'] as const satisfies readonly NotificationEvent[];

export const Notification = z.object({
  id: z.number().int(),
  event: NotificationEvent,
  params: NotificationParams,
  /** The console path it opens; null: none. */
  link: z.string().nullable(),
  createdAt: z.number().int(),
  readAt: z.number().int().nullable(),
  /** Where the action it asks for stands; null when it asks for none (or its meeting is unknown). */
  action: NotificationAction.nullable(),
});
export type Notification = z.infer<typeof Notification>;

/** `GET /notification/list`: the caller's own, newest first; `unread` keeps the unread ones. */
export const NotificationListQuery = PageQuery.extend({
  unread: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuery>;

export const NotificationPage = pageOf(Notification).extend({ unreadCount: z.number().int().nonnegative() });
export type NotificationPage = z.infer<typeof NotificationPage>;

/** `GET /notification/unread-count`: what the bell's badge shows: unread ones whose action, if any, is still open. */
export const NotificationUnread = z.object({ count: z.number().int().nonnegative(), latestId: z.number().int().nullable() });
export type NotificationUnread = z.infer<typeof NotificationUnread>;

/** `POST /notification/read`: marks some of the caller's own as read. */
export const NotificationReadBody = z.object({ ids: z.array(z.number().int().positive()).min(1).max(200) });
export type NotificationReadBody = z.infer<typeof NotificationReadBody>;

/** `POST /notification/read` and `/notification/read-all` result. */
export const NotificationReadResult = z.object({ updated: z.number().int().nonnegative(), unreadCount: z.number().int().nonnegative() });
export type NotificationReadResult = z.infer<typeof NotificationReadResult>;
