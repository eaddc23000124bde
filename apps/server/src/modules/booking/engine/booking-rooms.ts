import type { LocationRepository } from '../../location/location.repository.js';
import { effectiveTimeZone, indexLocations, type LocationIndex } from '../../location/location.presenter.js';
import type { LocationService } from '../../location/location.service.js';
import type { RoomRecord, RoomRepository } from '../../room/room.repository.js';
import { presentRoom, type PresentRoom } from '../booking.presenter.js';

/** A room as booking a meeting uses it: its record (availability, approval), its zone, and how answers show it. */
export interface BookingRoom {
  record: RoomRecord;
  zone: string | null;
  present: PresentRoom;
}

/** A room as read at a layout version; `room` null when the company has no such room then. */
export interface VersionedRoom {
  version: number;
  room: BookingRoom | null;
}

/** Companies whose rooms a process keeps at once. */
const COMPANIES_CACHED = 500;

export type BookingRooms = ReturnType<typeof createBookingRooms>;

/**
 * The rooms booking writes, kept per company for as long as the layout version (raised by
 * triggers on every location, room and room type write, from any process; decision 0005) stays
 * the same. A booking uses what this process knows before its transaction and confirms the version
 * inside it (`readBookingChecks`); only when the version moved does it read the room again.
 */
export function createBookingRooms({ rooms, locations }: { rooms: Pick<RoomRepository, 'findRoom'>; locations: Pick<LocationService, 'loadLayout'> }) {
  const companies = new Map<number, { version: number; rooms: Map<number, BookingRoom> }>();

  function remember(companyId: number, version: number, roomId: number, room: BookingRoom | null): VersionedRoom {
    let entry = companies.get(companyId);
    companies.delete(companyId);
    if (!entry || entry.version !== version) entry = { version, rooms: new Map() };
    if (room) entry.rooms.set(roomId, Object.freeze(room));
    // Most recently used last; the least recently used company goes beyond the capacity.
    companies.set(companyId, entry);
    if (companies.size > COMPANIES_CACHED) companies.delete(companies.keys().next().value!);
    return { version, room: room && entry.rooms.get(roomId)! };
  }

  const bookingRoom = (record: RoomRecord, index: LocationIndex): BookingRoom => {
    const zone = effectiveTimeZone(index, record.id) ?? null;
    return { record, zone, present: presentRoom(record, zone) };
  };

  return {
    /** What this process last read of the room, without asking the database: it may be out of date. */
    known(companyId: number, roomId: number): VersionedRoom | undefined {
      const entry = companies.get(companyId);
      const room = entry?.rooms.get(roomId);
      return entry && room ? { version: entry.version, room } : undefined;
    },

    /** The room as the database has it now (the layout version, then the room and tree when they changed). */
    async load(companyId: number, roomId: number): Promise<VersionedRoom> {
      const { version, index } = await locations.loadLayout(companyId);
      const entry = companies.get(companyId);
      const kept = entry?.version === version ? entry.rooms.get(roomId) : undefined;
      if (kept) return { version, room: kept };
      const record = await rooms.findRoom(companyId, roomId);
      return remember(companyId, version, roomId, record ? bookingRoom(record, index) : null);
    },

    /** The room at `version`, read inside a transaction through its repositories (the version moved since it was kept). */
    async loadIn(repos: { rooms: Pick<RoomRepository, 'findRoom'>; locations: Pick<LocationRepository, 'listLocations'> }, companyId: number, roomId: number, version: number): Promise<VersionedRoom> {
      const record = await repos.rooms.findRoom(companyId, roomId);
      const room = record ? bookingRoom(record, indexLocations(await repos.locations.listLocations(companyId))) : null;
      return remember(companyId, version, roomId, room);
    },
  };
}
