import type { LocationRepository } from '../../location/location.repository.js';
import { indexLocations, type LocationIndex } from '../../location/location.presenter.js';
import { roomTimeZone } from '../../room/room-layout.js';
import type { LocationService } from '../../location/location.service.js';
import type { RoomRecord, RoomRepository } from '../../room/room.repository.js';
import { presentRoom } from '../booking.presenter.js';
import type { Bookable, BookableSource, VersionedBookable } from './bookable.js';

/** A room as booking a meeting uses it: what the engine asks of any bookable thing (bookable.ts), and the room's record. */
export interface BookingRoom extends Bookable {
  record: RoomRecord;
}

/** A room as read at a layout version; `bookable` null when the company has no such room then. */
export type VersionedRoom = VersionedBookable<BookingRoom>;

/** Companies whose rooms a process keeps at once. */
const COMPANIES_CACHED = 500;

/** The repositories a booking's transaction lends to read a room afresh. */
export interface BookingRoomRepositories {
  rooms: Pick<RoomRepository, 'findRoom'>;
  locations: Pick<LocationRepository, 'listLocations'>;
}

/** Rooms as the engine's source of bookable things. */
export type BookingRooms = BookableSource<BookingRoomRepositories, BookingRoom>;

/**
 * The rooms booking writes, kept per company for as long as the layout version (raised by
 * triggers on every location, room and room type write, from any process; decision 0005) stays
 * the same. A booking uses what this process knows before its transaction and confirms the version
 * inside it (`readBookingChecks`); only when the version moved does it read the room again.
 */
export function createBookingRooms({ rooms, locations }: { rooms: Pick<RoomRepository, 'findRoom'>; locations: Pick<LocationService, 'loadLayout'> }): BookingRooms {
  const companies = new Map<number, { version: number; rooms: Map<number, BookingRoom> }>();

  function remember(companyId: number, version: number, roomId: number, room: BookingRoom | null): VersionedRoom {
    let entry = companies.get(companyId);
    companies.delete(companyId);
    if (!entry || entry.version !== version) entry = { version, rooms: new Map() };
    if (room) entry.rooms.set(roomId, Object.freeze(room));
    // Most recently used last; the least recently used company goes beyond the capacity.
    companies.set(companyId, entry);
    if (companies.size > COMPANIES_CACHED) companies.delete(companies.keys().next().value!);
    return { version, bookable: room && entry.rooms.get(roomId)! };
  }

  const bookingRoom = (record: RoomRecord, index: LocationIndex): BookingRoom => {
    const zone = roomTimeZone(index, record.id);
    return { id: record.id, isAvailable: record.isAvailable, needsApproval: record.needsApproval, record, zone, present: presentRoom(record, zone) };
  };

  return {
    /** What this process last read of the room, without asking the database: it may be out of date. */
    known(companyId: number, roomId: number): VersionedRoom | undefined {
      const entry = companies.get(companyId);
      const room = entry?.rooms.get(roomId);
      return entry && room ? { version: entry.version, bookable: room } : undefined;
    },

    /** The room as the database has it now (the layout version, then the room and tree when they changed). */
    async load(companyId: number, roomId: number): Promise<VersionedRoom> {
      const { version, index } = await locations.loadLayout(companyId);
      const entry = companies.get(companyId);
      const kept = entry?.version === version ? entry.rooms.get(roomId) : undefined;
      if (kept) return { version, bookable: kept };
      const record = await rooms.findRoom(companyId, roomId);
      return remember(companyId, version, roomId, record ? bookingRoom(record, index) : null);
    },

    /** The room at `version`, read inside a transaction through its repositories (the version moved since it was kept). */
    async loadIn(repos: BookingRoomRepositories, companyId: number, roomId: number, version: number): Promise<VersionedRoom> {
      const record = await repos.rooms.findRoom(companyId, roomId);
      const room = record ? bookingRoom(record, indexLocations(await repos.locations.listLocations(companyId))) : null;
      return remember(companyId, version, roomId, room);
    },
  };
}
