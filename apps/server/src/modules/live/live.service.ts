import { randomBytes } from 'node:crypto';
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
  type LiveLocation,
  type LiveMeeting,
  type LiveRoom,
  type LiveRoomList,
  type LiveRoomState,
} from '@atrium/contract';
import { DAY_MS, type Clock } from '../../platform/clock.js';
import { sha256Hex } from '../../platform/digest.js';
import { notFound } from '../../platform/errors.js';
import { isHostShown, isMeetingVisible } from '../booking/booking.policy.js';
import type { LocationIndex } from '../location/location.presenter.js';
import type { LocationService } from '../location/location.service.js';
import { perLayout, type RoomLayouts } from '../room/room-layout.js';
import type { RoomRecord } from '../room/room.repository.js';
import type { BoardLinkRecord, BoardMeetingRecord, LiveRepository } from './live.repository.js';

export interface LiveServiceDeps {
  live: LiveRepository;
  /** The company's rooms in tree order with their zones, kept by layout version. */
  layouts: RoomLayouts;
  locations: Pick<LocationService, 'loadIndex'>;
  clock: Clock;
}

export type LiveService = ReturnType<typeof createLiveService>;

/** Who looks: a signed-in user of the company, or nobody in particular (the public board). */
export interface LiveViewer {
  companyId: number;
  userId: number | null;
  /** The database's change stamp read with the viewer's session (`AuthContext.changeStamp`); read afresh when absent. */
  changeStamp?: string;
}


/** The rooms under a location node (or all), in tree order; 404 for an unknown node. */
export function roomIdsUnder(index: LocationIndex, locationId: number | null | undefined): number[] {
  if (locationId !== undefined && locationId !== null && !index.byId.has(locationId)) throw notFound('locationNotFound');
  const nodes = locationId ? index.subtreeOf(locationId) : index.inTreeOrder();
  return nodes.filter((node) => node.level === LOCATION_LEVELS.room).map((node) => node.id);
}

/** The state of a room now (DECISIONS: maintenance first, then the meeting under way). */
export function roomState(room: Pick<RoomRecord, 'isAvailable' | 'signInEnabled'>, disabledNow: boolean, current: Pick<BoardMeetingRecord, 'status' | 'checkedInAt'> | null): LiveRoomState {
  if (!room.isAvailable || disabledNow) return 'maintenance';
  if (!current) return 'free';
  // A pending meeting holds the room but has not been confirmed: booked, not started.
  if (current.status === 'confirmed' && (current.checkedInAt !== null || !room.signInEnabled)) return 'inMeeting';
  return 'busy';
}

/** A meeting as the viewer may see it (booking.policy.ts); a public board shows a host only with a public meeting. */
function liveMeeting(record: BoardMeetingRecord, viewerUserId: number | null): LiveMeeting {
  const visible = isMeetingVisible(record, viewerUserId, record.isAttending);
  const showHost = viewerUserId === null ? visible : isHostShown(record, visible);
  return {
    id: record.id,
    title: visible ? record.title : null,
    hostName: showHost ? record.hostName : null,
    startAt: record.startAt,
    endAt: record.endAt,
    status: record.status,
    privacy: record.privacy,
    visible,
    checkedInAt: record.checkedInAt,
  };
}

/** What the board shows of a room whatever the time: worked out once per layout. */
interface BoardRoom {
  room: RoomRecord;
  locationPath: string[];
  zone: string | null;
}

/** The board's pieces of a company's rooms, per layout version: the rooms with their places and the places holding rooms. */
const boardLayout = perLayout((layout) => {
  const rooms = new Map<number, BoardRoom>(
    layout.rooms.map((room) => [
      room.id,
      {
        room,
        locationPath: Object.freeze(layout.index.pathOf(room.id).slice(0, -1).map((node) => node.name)) as string[],
        zone: layout.zones.get(room.id) ?? null,
      },
    ]),
  );
  const holding = new Set(roomIdsUnder(layout.index, null).flatMap((id) => layout.index.pathOf(id).slice(0, -1).map((node) => node.id)));
  const places: LiveLocation[] = layout.index
    .inTreeOrder()
    .filter((node) => holding.has(node.id))
    .map((node) => Object.freeze({ id: node.id, parentId: node.parentId, level: node.level, name: node.name }));
  return { rooms, all: [...rooms.values()], places };
});

/** A day in a zone: its first instant and the next day's. */
interface LocalDay {
  start: number;
  end: number;
}

const days = new Map<string, LocalDay>();
/** Today in the zone, worked out once a day per zone (every board read asks it of every zone). */
function todayIn(zone: string, now: number): LocalDay {
  const known = days.get(zone);
  if (known && known.start <= now && now < known.end) return known;
  const today = toZoned(now, zone).date;
  const day = { start: fromZoned(today, '00:00', zone), end: fromZoned(addDays(today, 1), '00:00', zone) };
  days.set(zone, day);
  return day;
}

/** Live room status: states now, current and next meeting, today's timeline; and the public board's links. */
export function createLiveService({ live, layouts, locations, clock }: LiveServiceDeps) {
  /** Every room's state in a few queries, whatever the number of rooms; the rooms come from memory. */
  async function roomStates(viewer: LiveViewer, locationId: number | null | undefined): Promise<LiveRoomList> {
    const now = clock.now();
    // The change stamp first (a signed-in viewer's came with the session): while it stays, the
    // layout, the disable periods and the meetings are kept in memory and read no row.
    const stamp = viewer.changeStamp ?? (await live.changeStamp());
    const [layout, disabled] = await Promise.all([layouts.get(viewer.companyId, stamp), live.roomsDisabledAt(viewer.companyId, now, stamp)]);
    const board = boardLayout(layout);
    const shown = locationId === undefined || locationId === null ? board.all : roomIdsUnder(layout.index, locationId).flatMap((id) => board.rooms.get(id) ?? []);

    // Today in each room's zone.
    const dayOf = new Map<string, LocalDay>();
    for (const { zone } of shown) {
      const key = zone ?? 'UTC';
      if (!dayOf.has(key)) dayOf.set(key, todayIn(key, now));
    }
    // Today's meetings in every zone shown (now is inside each zone's today), the current ones, and
    // each room's first one after them: "next" if within 24 hours of now (the read, kept all day
    // by live.repository.ts, goes a day past today).
    const spans = [...dayOf.values()];
    if (spans.length === 0) return { now, list: [], locations: board.places };
    const from = Math.min(...spans.map((day) => day.start));
    const dayEnd = Math.max(...spans.map((day) => day.end));
    // Today's meetings may be "next" whenever they start; later ones only within 24 hours.
    const nextBefore = Math.max(dayEnd, now + DAY_MS);
    const meetings = await live.boardMeetings(viewer.companyId, viewer.userId, { from, dayEnd }, stamp);
    const byRoom = new Map<number, BoardMeetingRecord[]>();
    for (const record of meetings) {
      const list = byRoom.get(record.roomId);
      if (list) list.push(record);
      else byRoom.set(record.roomId, [record]);
    }

    const list: LiveRoom[] = shown.map(({ room, locationPath, zone }) => {
      const day = dayOf.get(zone ?? 'UTC')!;
      const records = byRoom.get(room.id) ?? [];
      const presented = new Map<BoardMeetingRecord, LiveMeeting>();
      const present = (record: BoardMeetingRecord) => {
        let meeting = presented.get(record);
        if (!meeting) presented.set(record, (meeting = liveMeeting(record, viewer.userId)));
        return meeting;
      };
      const current = records.find((record) => record.startAt <= now && now < record.endAt) ?? null;
      const next = records.find((record) => record.startAt > now && record.startAt < nextBefore) ?? null;
      return {
        id: room.id,
        name: room.name,
        locationPath,
        capacity: room.capacity,
        timeZone: zone,
        state: roomState(room, disabled.has(room.id), current),
        signInEnabled: room.signInEnabled,
        current: current && present(current),
        next: next && present(next),
        today: records.filter((record) => record.startAt < day.end && record.endAt > day.start).map(present),
        dayStartAt: day.start,
        dayEndAt: day.end,
      };
    });
    return { now, list, locations: board.places };
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
    const link = await live.findLiveLinkByHash(sha256Hex(token));
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
      const id = await live.insertLink({ companyId: actor.companyId, name: body.name, tokenHash: sha256Hex(token), locationId, createdBy: actor.userId }, clock.now());
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
