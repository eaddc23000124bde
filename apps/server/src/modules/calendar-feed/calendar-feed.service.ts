import { randomBytes } from 'node:crypto';
import {
  ACTIVE_RESERVATION_STATUSES,
  CALENDAR_FEED_AHEAD_DAYS,
  CALENDAR_FEED_PAST_DAYS,
  CALENDAR_FEED_REFRESH_MINUTES,
  type CalendarFeedState,
  type CreatedCalendarFeed,
} from '@atrium/contract';
import type { Transact } from '../../db/repositories.js';
import { DAY_MS, type Clock } from '../../platform/clock.js';
import { sha256Hex } from '../../platform/digest.js';
import { notFound } from '../../platform/errors.js';
import { writeCalendar } from '../../platform/icalendar.js';
import type { LocationService } from '../location/location.service.js';
import type { Booker } from '../booking/engine/booking.types.js';
import type { BookingRepository, ReservationRecord } from '../booking/engine/booking.repository.js';
import type { BookingViewsRepository } from '../booking/views/booking-views.repository.js';
import type { Actor, OperationLog } from '../operation-log/operation-log.service.js';
import type { RoomRepository } from '../room/room.repository.js';
import type { CalendarFeedRepository, FeedKind, FeedRecord } from './calendar-feed.repository.js';
import { isPublicMeeting } from '../booking/booking.policy.js';
import { reservationUidMaker } from '../booking/mails/booking-mail-data.js';

export interface CalendarFeedServiceDeps {
  feeds: CalendarFeedRepository;
  bookings: Pick<BookingRepository, 'findMany' | 'listActive'>;
  views: Pick<BookingViewsRepository, 'mineIds'>;
  rooms: Pick<RoomRepository, 'findRoom'>;
  locations: Pick<LocationService, 'loadIndex'>;
  operationLog: OperationLog;
  transact: Transact;
  clock: Clock;
  /** The console's address: feed URLs and the events' UIDs (the same as the invitations'). */
  publicUrl: string;
}

export type CalendarFeedService = ReturnType<typeof createCalendarFeedService>;

/** What a meeting that is not public is called in a feed. */
const BUSY = 'Busy / 忙碌';

/**
 * Calendar feeds: a secret iCalendar URL per person (the meetings they host or attend) and per room
 * (its meetings), for calendar programs to subscribe to. Only the secret's SHA-256 is stored; the
 * URL is shown once; a new link revokes the previous one. A feed is read without a session, so it
 * shows what anyone holding the link may see: public meetings with title and room, the others as
 * busy only (their time and room).
 */
export function createCalendarFeedService({ feeds, bookings, views, rooms, locations, operationLog, transact, clock, publicUrl }: CalendarFeedServiceDeps) {
  const base = publicUrl.replace(/\/$/, '');
  const uidOf = reservationUidMaker(publicUrl);

  const stateOf = (feed: FeedRecord | undefined): CalendarFeedState => ({ active: feed !== undefined, createdAt: feed?.createdAt ?? null, createdByName: feed?.createdByName ?? null });

  async function create(companyId: number, kind: FeedKind, targetId: number, createdBy: number): Promise<CreatedCalendarFeed> {
    const token = randomBytes(32).toString('base64url');
    const now = clock.now();
    await transact(async (repos) => {
      await repos.calendarFeeds.revoke(companyId, kind, targetId, now);
      await repos.calendarFeeds.insert({ companyId, kind, targetId, tokenHash: sha256Hex(token), createdBy }, now);
    });
    return { url: `${base}/api/calendar/feed/${token}.ics`, createdAt: now };
  }

  async function getRoom(companyId: number, roomId: number) {
    const room = await rooms.findRoom(companyId, roomId);
    if (!room) throw notFound('roomNotFound');
    return room;
  }

  function calendarOf(name: string, records: ReservationRecord[], roomName: (roomId: number) => string): string {
    const stamp = clock.now();
    return writeCalendar({
      name,
      refreshMinutes: CALENDAR_FEED_REFRESH_MINUTES,
      events: records.map((record) => {
        // A feed is read by whoever holds its link: public meetings only (booking.policy.ts).
        const open = isPublicMeeting(record);
        return {
          uid: uidOf(record.id),
          start: record.startAt,
          end: record.endAt,
          stamp,
          summary: open ? record.title : BUSY,
          location: roomName(record.roomId),
          url: open ? `${base}/reserve` : null,
          status: record.status === 'pending' ? 'TENTATIVE' : 'CONFIRMED',
        };
      }),
    });
  }

  return {
    mine: async (booker: Booker) => stateOf(await feeds.active(booker.companyId, 'user', booker.userId)),
    createMine: (booker: Booker) => create(booker.companyId, 'user', booker.userId, booker.userId),
    async revokeMine(booker: Booker): Promise<void> {
      if (!(await feeds.revoke(booker.companyId, 'user', booker.userId, clock.now()))) throw notFound('calendarFeedNotFound');
    },

    async room(companyId: number, roomId: number): Promise<CalendarFeedState> {
      await getRoom(companyId, roomId);
      return stateOf(await feeds.active(companyId, 'room', roomId));
    },
    async createRoom(actor: Actor, roomId: number): Promise<CreatedCalendarFeed> {
      const room = await getRoom(actor.companyId, roomId);
      return operationLog.track(actor, { action: 'calendarFeed.create', targetType: 'room', targetId: roomId, targetName: room.name }, () => create(actor.companyId, 'room', roomId, actor.userId));
    },
    async revokeRoom(actor: Actor, roomId: number): Promise<void> {
      const room = await getRoom(actor.companyId, roomId);
      await operationLog.track(actor, { action: 'calendarFeed.revoke', targetType: 'room', targetId: roomId, targetName: room.name }, async () => {
        if (!(await feeds.revoke(actor.companyId, 'room', roomId, clock.now()))) throw notFound('calendarFeedNotFound');
      });
    },

    /** The iCalendar text a secret names: 404 when unknown or revoked. */
    async render(token: string): Promise<string> {
      const feed = token.length <= 100 ? await feeds.byHash(sha256Hex(token)) : undefined;
      if (!feed) throw notFound('calendarFeedNotFound');
      const now = clock.now();
      const from = now - CALENDAR_FEED_PAST_DAYS * DAY_MS;
      const to = now + CALENDAR_FEED_AHEAD_DAYS * DAY_MS;
      const index = await locations.loadIndex(feed.companyId);
      const roomName = (roomId: number) => index.byId.get(roomId)?.name ?? '';
      if (feed.kind === 'room') {
        const room = await rooms.findRoom(feed.companyId, feed.targetId);
        if (!room) throw notFound('calendarFeedNotFound');
        return calendarOf(`${room.name} · Atrium`, await bookings.listActive(feed.companyId, room.id, from, to), roomName);
      }
      const name = await feeds.userName(feed.companyId, feed.targetId);
      // A switched-off colleague's feed answers nothing more.
      if (name === undefined) throw notFound('calendarFeedNotFound');
      const ids = await views.mineIds(feed.companyId, feed.targetId, from, to, ACTIVE_RESERVATION_STATUSES);
      const records = (await bookings.findMany(feed.companyId, ids)).sort((a, b) => a.startAt - b.startAt);
      return calendarOf(`${name} · Atrium`, records, roomName);
    },
  };
}
