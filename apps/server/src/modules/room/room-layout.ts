import { createStampedCache, createVersionedCache } from '../../platform/versioned-cache.js';
import type { LocationRepository } from '../location/location.repository.js';
import { effectiveTimeZone, indexLocations, pathName, type LocationIndex } from '../location/location.presenter.js';
import type { LocationService } from '../location/location.service.js';
import type { RoomRecord, RoomRepository } from './room.repository.js';

/**
 * A company's rooms as the calendar and the live board read them on every call, kept in memory for
 * as long as the layout version stays the same (triggers raise it on every location, room and room
 * type write, from any process: decision 0005). Shared between requests: never mutate one.
 */
export interface RoomLayout {
  /** The layout version the rooms were read at. */
  version: number;
  /** The location tree the rooms were read with. */
  index: LocationIndex;
  /** The rooms, in tree order (as the room list orders them). */
  rooms: readonly RoomRecord[];
  /** Each room's zone, inherited from its building; null when none is set. */
  zones: ReadonlyMap<number, string | null>;
  /** Each room's place: "Country / City / Building / Floor". */
  paths: ReadonlyMap<number, string>;
}

/**
 * A room's time zone: its building's, which floors and rooms inherit (DECISIONS, "Data and time");
 * null when none is set or the room is not in the tree. The one function every service reads a
 * room's zone through; `RoomLayout.zones` holds its value for every room.
 */
export function roomTimeZone(index: LocationIndex, roomId: number): string | null {
  return effectiveTimeZone(index, roomId);
}

export type RoomLayouts = ReturnType<typeof createRoomLayouts>;

/** Companies whose rooms a process keeps in memory at once. */
const COMPANIES_CACHED = 500;

/** A company's rooms at `version`, from its tree and its rooms as read. */
function layoutOf(version: number, index: LocationIndex, records: readonly RoomRecord[]): RoomLayout {
  const order = new Map(index.inTreeOrder().map((node, position) => [node.id, position]));
  const all = records.filter((room) => order.has(room.id)).sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return {
    version,
    index,
    rooms: all.map((room) => Object.freeze({ ...room, equipment: Object.freeze([...room.equipment]) as string[] })),
    zones: new Map(all.map((room) => [room.id, roomTimeZone(index, room.id)])),
    paths: new Map(all.map((room) => [room.id, pathName(index, room.id)])),
  };
}

/**
 * The one copy of a company's rooms per layout version in a process: the calendar reads, the
 * free-room search, the board and booking (engine/booking-rooms.ts) all read it.
 */
export function createRoomLayouts({ locations, rooms }: { locations: Pick<LocationService, 'loadLayout'>; rooms: Pick<RoomRepository, 'listRooms'> }) {
  const layouts = createVersionedCache<number, RoomLayout>(COMPANIES_CACHED);
  /** The layout this process last read for each company, whatever its version (booking confirms it in its transaction). */
  const latest = new Map<number, RoomLayout>();
  function keep(companyId: number, layout: RoomLayout): RoomLayout {
    const last = latest.get(companyId);
    if (!last || last.version <= layout.version) {
      latest.delete(companyId);
      latest.set(companyId, layout);
      if (latest.size > COMPANIES_CACHED) latest.delete(latest.keys().next().value!);
    }
    return layout;
  }
  /** Each company's layout at the change stamp taken before its version was last read. */
  const confirmed = createStampedCache<number, RoomLayout>(COMPANIES_CACHED);
  async function current(companyId: number): Promise<RoomLayout> {
    const { version, index } = await locations.loadLayout(companyId);
    return keep(companyId, await layouts.get(companyId, version, async () => layoutOf(version, index, await rooms.listRooms(companyId, {}))));
  }
  return {
    /**
     * The company's rooms now: one primary-key read (the layout version) while nothing changed, and
     * none while the database's change stamp (`stamp`, taken before this call) is the one the version
     * was last read at.
     */
    async get(companyId: number, stamp?: string): Promise<RoomLayout> {
      if (stamp === undefined) return current(companyId);
      const known = confirmed.peek(companyId, stamp);
      if (known) return known;
      const layout = await current(companyId);
      confirmed.set(companyId, stamp, layout);
      return layout;
    },

    /** What this process last read of the company's rooms, without asking the database: it may be out of date. */
    known(companyId: number): RoomLayout | undefined {
      return latest.get(companyId);
    },

    /** The company's rooms at `version`, read through a transaction's repositories (the version it confirmed moved). */
    async getIn(repos: { rooms: Pick<RoomRepository, 'listRooms'>; locations: Pick<LocationRepository, 'listLocations'> }, companyId: number, version: number): Promise<RoomLayout> {
      const kept = layouts.peek(companyId, version);
      if (kept) return keep(companyId, kept);
      const index = indexLocations(await repos.locations.listLocations(companyId));
      const records = await repos.rooms.listRooms(companyId, {});
      return keep(companyId, await layouts.get(companyId, version, async () => layoutOf(version, index, records)));
    },
  };
}

/**
 * A value worked out once per layout (a company's rooms at one version): a view's precomputed
 * pieces, dropped with the layout they came from.
 */
export function perLayout<T extends object>(make: (layout: RoomLayout) => T): (layout: RoomLayout) => T {
  const made = new WeakMap<RoomLayout, T>();
  return (layout) => {
    let value = made.get(layout);
    if (!value) {
      value = make(layout);
      made.set(layout, value);
    }
    return value;
  };
}
