import { z } from 'zod';
import { ReservationPrivacy, ReservationStatus } from './booking.js';

/**
 * Live room status (the room board, /live and the public board, spec 001): every room's state now,
 * its current and next meeting and today's meetings, kept fresh by server-sent events.
 */

/** A room's state now: maintenance (unavailable or disabled), a meeting under way, booked but not started, or free. */
export const LIVE_ROOM_STATES = ['free', 'busy', 'inMeeting', 'maintenance'] as const;
export const LiveRoomState = z.enum(LIVE_ROOM_STATES);
export type LiveRoomState = z.infer<typeof LiveRoomState>;

/** Limits of the live views. */
export const LIVE_LIMITS = {
  /** A heartbeat comment keeps proxies from closing an idle stream. */
  heartbeatMs: 25_000,
  /** A stream ends after this long; the browser reconnects, and the session or link is checked again. */
  streamMaxAgeMs: 15 * 60_000,
  /** Board link names. */
  linkNameMax: 50,
} as const;

/** A meeting as the live views show it; title and host only when the viewer may see them (the booking service decides). */
export const LiveMeeting = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  hostName: z.string().nullable(),
  startAt: z.number().int(),
  endAt: z.number().int(),
  status: ReservationStatus,
  privacy: ReservationPrivacy,
  visible: z.boolean(),
  checkedInAt: z.number().int().nullable(),
});
export type LiveMeeting = z.infer<typeof LiveMeeting>;

export const LiveRoom = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The room's place above it (building, floor), top down. */
  locationPath: z.array(z.string()),
  capacity: z.number().int(),
  timeZone: z.string().nullable(),
  state: LiveRoomState,
  /** Whether attendees sign in (check in); without it a meeting is under way from its start. */
  signInEnabled: z.boolean(),
  current: LiveMeeting.nullable(),
  next: LiveMeeting.nullable(),
  /** Today's meetings in the room's zone, for the timeline. */
  today: z.array(LiveMeeting),
  /** Start and end of today in the room's zone (epoch ms). */
  dayStartAt: z.number().int(),
  dayEndAt: z.number().int(),
});
export type LiveRoom = z.infer<typeof LiveRoom>;

/** A place above rooms (country to floor), for the location filter. */
export const LiveLocation = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  level: z.number().int(),
  name: z.string(),
});
export type LiveLocation = z.infer<typeof LiveLocation>;

export const LiveRoomList = z.object({
  /** The moment the states were computed. */
  now: z.number().int(),
  list: z.array(LiveRoom),
  /** Every place holding rooms of the company, in tree order (whatever the filter). */
  locations: z.array(LiveLocation),
});
export type LiveRoomList = z.infer<typeof LiveRoomList>;

/** `GET /live/rooms` and `GET /live/stream`: optionally the rooms under one location node. */
export const LiveRoomsQuery = z.object({
  locationId: z.coerce.number().int().positive().optional(),
});
export type LiveRoomsQuery = z.infer<typeof LiveRoomsQuery>;

/** What a `rooms` event of the stream carries: the rooms whose state may have changed; the client reads them again. */
export const LiveStreamEvent = z.object({
  roomIds: z.array(z.number().int()),
  reason: z.enum(['booking', 'time', 'resync']),
});
export type LiveStreamEvent = z.infer<typeof LiveStreamEvent>;

/** The public board's query: the secret of its link. */
export const LiveBoardQuery = z.object({
  token: z.string().trim().min(1).max(200),
});
export type LiveBoardQuery = z.infer<typeof LiveBoardQuery>;

export const LiveBoard = LiveRoomList.extend({
  name: z.string(),
  companyName: z.string(),
});
export type LiveBoard = z.infer<typeof LiveBoard>;

export const CreateBoardLinkBody = z.object({
  name: z.string().trim().min(1).max(LIVE_LIMITS.linkNameMax),
  locationId: z.number().int().positive().nullish(),
});
export type CreateBoardLinkBody = z.infer<typeof CreateBoardLinkBody>;

export const BoardLink = z.object({
  id: z.number().int(),
  name: z.string(),
  locationId: z.number().int().nullable(),
  locationName: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.number().int(),
  revokedAt: z.number().int().nullable(),
});
export type BoardLink = z.infer<typeof BoardLink>;

/** A new link: the secret and its path are shown this once. */
export const CreatedBoardLink = BoardLink.extend({
  token: z.string(),
  /** `/flght-board?token=...` (relative to the console). */
  path: z.string(),
});
export type CreatedBoardLink = z.infer<typeof CreatedBoardLink>;

export const BoardLinkList = z.object({ list: z.array(BoardLink) });
export type BoardLinkList = z.infer<typeof BoardLinkList>;

export const BoardLinkIdBody = z.object({ id: z.number().int().positive() });
export type BoardLinkIdBody = z.infer<typeof BoardLinkIdBody>;

/** The public board's path in the console (the spec's spelling). */
export const PUBLIC_BOARD_PATH = '/flght-board';
