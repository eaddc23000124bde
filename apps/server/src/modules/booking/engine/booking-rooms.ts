import type { LocationRepository } from '../../location/location.repository.js';
import { perLayout, type RoomLayout, type RoomLayouts } from '../../room/room-layout.js';
import type { RoomRecord, RoomRepository } from '../../room/room.repository.js';
import { presentRoom } from '../booking.presenter.js';
import type { Bookable, BookableSource, VersionedBookable } from './bookable.js';

/** A room as booking a meeting uses it: what the engine asks of any bookable thing (bookable.ts), and the room's record. */
export interface BookingRoom extends Bookable {
  record: RoomRecord;
}

/** A room as read at a layout version; `bookable` null when the company has no such room then. */
export type VersionedRoom = VersionedBookable<BookingRoom>;

/** The repositories a booking's transaction lends to read the rooms afresh. */
export interface BookingRoomRepositories {
  rooms: Pick<RoomRepository, 'listRooms'>;
  locations: Pick<LocationRepository, 'listLocations' | 'layoutVersion'>;
}

/** Rooms as the engine's source of bookable things. */
export type BookingRooms = BookableSource<BookingRoomRepositories, BookingRoom>;

/** Each room of a layout as booking uses it, worked out once per layout. */
const bookingRoomsOf = perLayout(
  (layout: RoomLayout): ReadonlyMap<number, BookingRoom> =>
    new Map(
      layout.rooms.map((record) => {
        const zone = layout.zones.get(record.id) ?? null;
        const room: BookingRoom = { id: record.id, isAvailable: record.isAvailable, needsApproval: record.needsApproval, record, zone, present: presentRoom(record, zone) };
        return [record.id, Object.freeze(room)];
      }),
    ),
);

const versioned = (layout: RoomLayout, roomId: number): VersionedRoom => ({ version: layout.version, bookable: bookingRoomsOf(layout).get(roomId) ?? null });

/**
 * The rooms booking writes, read from the company's one copy of its rooms per layout version
 * (room-layout.ts; the version is raised by triggers on every location, room and room type write,
 * from any process: decision 0005). A booking uses what this process knows before its transaction
 * and confirms the version inside it (`readBookingChecks`); only when the version moved does it
 * read the rooms again, through the transaction.
 */
export function createBookingRooms({ layouts }: { layouts: Pick<RoomLayouts, 'get' | 'known' | 'getIn'> }): BookingRooms {
  return {
    /** What this process last read of the room, without asking the database: it may be out of date. */
    known(companyId: number, roomId: number): VersionedRoom | undefined {
      const layout = layouts.known(companyId);
      const room = layout && bookingRoomsOf(layout).get(roomId);
      return layout && room ? { version: layout.version, bookable: room } : undefined;
    },

    /** The room as the database has it now (the layout version, then the rooms and tree when they changed). */
    async load(companyId: number, roomId: number): Promise<VersionedRoom> {
      return versioned(await layouts.get(companyId), roomId);
    },

    /** The room at `version`, read inside a transaction through its repositories (the version moved since it was kept). */
    async loadIn(repos: BookingRoomRepositories, companyId: number, roomId: number, version: number): Promise<VersionedRoom> {
      return versioned(await layouts.getIn(repos, companyId, version), roomId);
    },

    /** The company's layout version now, through the transaction (one primary-key read; triggers raise it on every room write). */
    versionIn(repos: BookingRoomRepositories, companyId: number): Promise<number> {
      return repos.locations.layoutVersion(companyId);
    },
  };
}
