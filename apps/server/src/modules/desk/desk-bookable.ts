import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Bookable, BookableSource, VersionedBookable } from '../booking/engine/bookable.js';
import { createLocationRepository, type LocationRepository } from '../location/location.repository.js';
import { effectiveTimeZone, indexLocations } from '../location/location.presenter.js';
import { createDeskBookingRepository, type DeskBookingRecord, type DeskBookingRepository } from './desk-booking.repository.js';

/** A desk as the reservation engine books it (bookable.ts), with the desk's own record. */
export interface BookingDesk extends Bookable {
  zone: string;
  /** The building the desk's floor is in (the floor's parent): where its closure days are set. */
  buildingId: number | null;
  record: DeskBookingRecord;
}

/** The repositories a desk booking's transaction lends to read the desks afresh. */
export interface BookingDeskRepositories {
  deskBookings: Pick<DeskBookingRepository, 'listDeskRecords' | 'layoutVersion'>;
  locations: Pick<LocationRepository, 'listLocations'>;
}

/** The company's desks as the booking views read them, at the layout version of now. */
export interface DeskLayoutView {
  /** A location's zone (its own or inherited); null for one not in the tree (unknown or deleted). */
  zoneOf(locationId: number): string | null;
  /** The bookable desks on a floor, in no particular order. */
  onFloor(floorId: number): BookingDesk[];
}

/** Desks as the engine's source, and the company's desks as the booking views read them. */
export type BookingDesks = BookableSource<BookingDeskRepositories, BookingDesk> & {
  /** As the database has them now (one primary-key read while nothing changed). */
  current(companyId: number): Promise<DeskLayoutView>;
};

/** Companies whose desks a process keeps at once. */
const COMPANIES_KEPT = 500;

interface DeskLayout extends DeskLayoutView {
  version: number;
  desks: ReadonlyMap<number, BookingDesk>;
}

/**
 * Desks as the engine's source of bookable things (decision 0019, "Booking a desk"): a company's desks
 * read once per layout version (every desk and neighbourhood write raises it, migration 0057), so a
 * booking uses what this process knows and confirms the version inside its transaction, as a room's does.
 * A desk is available unless out of use; it never waits for approval; its zone is its floor's.
 */
export function createBookingDesks(db: Kysely<DB>): BookingDesks {
  const latest = new Map<number, DeskLayout>();

  async function read(repos: BookingDeskRepositories, companyId: number, version: number): Promise<DeskLayout> {
    const kept = latest.get(companyId);
    if (kept?.version === version) return kept;
    const [records, locations] = await Promise.all([repos.deskBookings.listDeskRecords(companyId), repos.locations.listLocations(companyId)]);
    const index = indexLocations(locations);
    const desks = new Map<number, BookingDesk>();
    for (const record of records) {
      const zone = effectiveTimeZone(index, record.floorId) ?? 'UTC';
      const buildingId = index.byId.get(record.floorId)?.parentId ?? null;
      desks.set(record.id, Object.freeze({ id: record.id, isAvailable: record.mode !== 'unavailable', needsApproval: false, zone, buildingId, record, present: { name: record.number, timeZone: zone, signIn: null } }));
    }
    const layout: DeskLayout = {
      version,
      desks,
      zoneOf: (locationId) => (index.byId.has(locationId) ? (effectiveTimeZone(index, locationId) ?? 'UTC') : null),
      onFloor: (floorId) => [...desks.values()].filter((desk) => desk.record.floorId === floorId),
    };
    if (!kept || kept.version < version) {
      latest.delete(companyId);
      latest.set(companyId, layout);
      if (latest.size > COMPANIES_KEPT) latest.delete(latest.keys().next().value!);
    }
    return layout;
  }

  const versioned = (layout: DeskLayout, id: number): VersionedBookable<BookingDesk> => ({ version: layout.version, bookable: layout.desks.get(id) ?? null });
  const own: BookingDeskRepositories = { deskBookings: createDeskBookingRepository(db), locations: createLocationRepository(db) };

  const current = async (companyId: number) => read(own, companyId, await own.deskBookings.layoutVersion(companyId));

  return {
    current,
    known(companyId, id) {
      const desk = latest.get(companyId)?.desks.get(id);
      return desk ? { version: latest.get(companyId)!.version, bookable: desk } : undefined;
    },
    async load(companyId, id) {
      return versioned(await current(companyId), id);
    },
    async loadIn(repos, companyId, id, version) {
      return versioned(await read(repos, companyId, version), id);
    },
    versionIn(repos, companyId) {
      return repos.deskBookings.layoutVersion(companyId);
    },
  };
}
