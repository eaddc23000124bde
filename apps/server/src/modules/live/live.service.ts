import { createHash, randomBytes } from 'node:crypto';
import {
  LOCATION_LEVELS,
  PUBLIC_BOARD_PATH,
  addDays,
  fromZoned,
  toZoned,
  type BoardLink,
  type CreateBoardLinkBody,
  type CreatedBoardLink,
  type LiveBoard,
  type LiveMeeting,
  type LiveRoom,
  type LiveRoomList,
  type LiveRoomState,
  type Reservation,
} from '@atrium/contract';
import { DAY_MS, type Clock } from '../../platform/clock.js';
import { notFound } from '../../platform/errors.js';
import type { BookingRepository, ReservationRecord } from '../booking/booking.repository.js';
import { presentRoom, type BookingService } from '../booking/booking.service.js';
import { effectiveTimeZone, type LocationIndex } from '../location/location.presenter.js';
import type { LocationService } from '../location/location.service.js';
import type { RoomRecord, RoomRepository } from '../room/room.repository.js';
import type { BoardLinkRecord, LiveRepository } from './live.repository.js';

export interface LiveServiceDeps {
  live: LiveRepository;
  rooms: RoomRepository;
  bookings: BookingRepository;
  /** Presents meetings with the booking service's visibility rules. */
  presenter: Pick<BookingService, 'presentMany'>;
  locations: Pick<LocationService, 'loadIndex'>;
  clock: Clock;
}

export type LiveService = ReturnType<typeof createLiveService>;

/** Who looks: a signed-in user of the company, or nobody in particular (the public board). */
export interface LiveViewer {
  companyId: number;
  userId: number | null;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The rooms under a location node (or all), in tree order; 404 for an unknown node. */
export function roomIdsUnder(index: LocationIndex, locationId: number | null | undefined): number[] {
  if (locationId !== undefined && locationId !== null && !index.byId.has(locationId)) throw notFound('locationNotFound');
  const nodes = locationId ? index.subtreeOf(locationId) : index.inTreeOrder();
  return nodes.filter((node) => node.level === LOCATION_LEVELS.room).map((node) => node.id);
}

/** The state of a room now (DECISIONS: maintenance first, then the meeting under way). */
export function roomState(room: Pick<RoomRecord, 'isAvailable' | 'signInEnabled'>, disabledNow: boolean, current: Pick<ReservationRecord, 'status' | 'checkedInAt'> | null): LiveRoomState {
  if (!room.isAvailable || disabledNow) return 'maintenance';
  if (!current) return 'free';
  // A pending meeting holds the room but has not been confirmed: booked, not started.
  if (current.status === 'confirmed' && (current.checkedInAt !== null || !room.signInEnabled)) return 'inMeeting';
  return 'busy';
}

function liveMeeting(shown: Reservation): LiveMeeting {
  return {
    id: shown.id,
    title: shown.title,
    hostName: shown.hostName,
    startAt: shown.startAt,
    endAt: shown.endAt,
    status: shown.status,
    privacy: shown.privacy,
    visible: shown.visible,
    checkedInAt: shown.checkedInAt,
  };
}

/** Live room status: states now, current and next meeting, today's timeline; and the public board's links. */
export function createLiveService({ live, rooms, bookings, presenter, locations, clock }: LiveServiceDeps) {
  /** Every room's state in a few queries, whatever the number of rooms. */
  async function roomStates(viewer: LiveViewer, locationId: number | null | undefined): Promise<LiveRoomList> {
    const now = clock.now();
    const index = await locations.loadIndex(viewer.companyId);
    const wanted = roomIdsUnder(index, locationId);
    const order = new Map(wanted.map((id, position) => [id, position]));
    const records = (await rooms.listRooms(viewer.companyId, { roomIds: wanted })).sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    const disabled = await live.roomsDisabledAt(viewer.companyId, now);

    // Today in each room's zone; one reservation query covers the widest day and the next 24 hours.
    const days = new Map<number, { zone: string | null; start: number; end: number }>();
    const dayOf = new Map<string, { start: number; end: number }>();
    for (const room of records) {
      const zone = effectiveTimeZone(index, room.id) ?? null;
      const key = zone ?? 'UTC';
      let day = dayOf.get(key);
      if (!day) {
        const today = toZoned(now, key).date;
        day = { start: fromZoned(today, '00:00', key), end: fromZoned(addDays(today, 1), '00:00', key) };
        dayOf.set(key, day);
      }
      days.set(room.id, { zone, ...day });
    }
    const from = Math.min(now, ...[...dayOf.values()].map((day) => day.start));
    const to = Math.max(now + DAY_MS, ...[...dayOf.values()].map((day) => day.end));
    const reservations = await bookings.listActiveInRooms(viewer.companyId, locationId ? records.map((room) => room.id) : undefined, from, to);
    const roomById = new Map(records.map((room) => [room.id, room]));
    const relevant = reservations.filter((record) => roomById.has(record.roomId));
    const shown = await presenter.presentMany({ companyId: viewer.companyId, userId: viewer.userId ?? 0 }, relevant, {
      rooms: new Map(records.map((room) => [room.id, presentRoom(room, days.get(room.id)?.zone ?? null)])),
      publicBoard: viewer.userId === null,
    });
    const byRoom = new Map<number, { record: ReservationRecord; meeting: LiveMeeting }[]>();
    relevant.forEach((record, position) => {
      const list = byRoom.get(record.roomId) ?? [];
      list.push({ record, meeting: liveMeeting(shown[position]!) });
      byRoom.set(record.roomId, list);
    });

    const list: LiveRoom[] = records.map((room) => {
      const day = days.get(room.id)!;
      const meetings = byRoom.get(room.id) ?? [];
      const current = meetings.find(({ record }) => record.startAt <= now && now < record.endAt) ?? null;
      const next = meetings.find(({ record }) => record.startAt > now) ?? null;
      return {
        id: room.id,
        name: room.name,
        locationPath: index.pathOf(room.id).slice(0, -1).map((node) => node.name),
        capacity: room.capacity,
        timeZone: day.zone,
        state: roomState(room, disabled.has(room.id), current?.record ?? null),
        signInEnabled: room.signInEnabled,
        current: current?.meeting ?? null,
        next: next?.meeting ?? null,
        today: meetings.filter(({ record }) => record.startAt < day.end && record.endAt > day.start).map(({ meeting }) => meeting),
        dayStartAt: day.start,
        dayEndAt: day.end,
      };
    });
    const holding = new Set(roomIdsUnder(index, null).flatMap((id) => index.pathOf(id).slice(0, -1).map((node) => node.id)));
    const places = index.inTreeOrder().filter((node) => holding.has(node.id));
    return { now, list, locations: places.map((node) => ({ id: node.id, parentId: node.parentId, level: node.level, name: node.name })) };
  }

  function presentLink(record: BoardLinkRecord, index: LocationIndex): BoardLink {
    return {
      id: record.id,
      name: record.name,
      locationId: record.locationId,
      locationName: record.locationId === null ? null : (index.byId.get(record.locationId)?.name ?? null),
      createdByName: record.createdByName,
      createdAt: record.createdAt,
      revokedAt: record.revokedAt,
    };
  }

  /** The live link a secret names; 404 (as for any unknown record) when unknown or revoked. */
  async function linkOf(token: string): Promise<BoardLinkRecord> {
    const link = await live.findLiveLinkByHash(sha256(token));
    if (!link) throw notFound('liveBoardNotFound');
    return link;
  }

  return {
    roomStates,

    /** The rooms under a location (all when absent): what a stream listens to. */
    async roomIdsFor(companyId: number, locationId: number | null | undefined): Promise<number[]> {
      return roomIdsUnder(await locations.loadIndex(companyId), locationId);
    },

    /** A compact fingerprint of each room's state now: what changes by time alone shows here. */
    async stateFingerprints(companyId: number): Promise<Map<number, string>> {
      const { list } = await roomStates({ companyId, userId: null }, undefined);
      return new Map(list.map((room) => [room.id, `${room.state}:${room.current?.id ?? ''}:${room.next?.id ?? ''}`]));
    },

    linkOf,

    /** The public board: states as nobody in particular sees them (titles of public meetings only). */
    async board(token: string): Promise<LiveBoard> {
      const link = await linkOf(token);
      const index = await locations.loadIndex(link.companyId);
      // A link whose location was deleted shows the whole company rather than failing.
      const locationId = link.locationId !== null && index.byId.has(link.locationId) ? link.locationId : null;
      const states = await roomStates({ companyId: link.companyId, userId: null }, locationId);
      return { ...states, name: link.name, companyName: await live.companyName(link.companyId) };
    },

    async createLink(actor: { companyId: number; userId: number }, body: CreateBoardLinkBody): Promise<CreatedBoardLink> {
      const index = await locations.loadIndex(actor.companyId);
      const locationId = body.locationId ?? null;
      if (locationId !== null && !index.byId.has(locationId)) throw notFound('locationNotFound');
      const token = randomBytes(32).toString('base64url');
      const id = await live.insertLink({ companyId: actor.companyId, name: body.name, tokenHash: sha256(token), locationId, createdBy: actor.userId }, clock.now());
      const record = await live.findLink(actor.companyId, id);
      return { ...presentLink(record!, index), token, path: `${PUBLIC_BOARD_PATH}?token=${token}` };
    },

    async listLinks(companyId: number): Promise<BoardLink[]> {
      const index = await locations.loadIndex(companyId);
      return (await live.listLinks(companyId)).map((record) => presentLink(record, index));
    },

    async revokeLink(companyId: number, id: number): Promise<BoardLink> {
      const record = await live.findLink(companyId, id);
      if (!record) throw notFound('liveBoardNotFound');
      await live.revokeLink(companyId, id, clock.now());
      return presentLink((await live.findLink(companyId, id))!, await locations.loadIndex(companyId));
    },
  };
}
