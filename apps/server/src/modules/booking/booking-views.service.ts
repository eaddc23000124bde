import {
  ACTIVE_RESERVATION_STATUSES,
  AVAILABLE_ROOMS_MAX,
  COLLEAGUE_SEARCH_MAX,
  CAPACITY_BAND_RANGES,
  LOCATION_LEVELS,
  MEETING_SEARCH_PAST_DAYS,
  MY_RESERVATIONS_MAX_DAYS,
  RESERVATION_STATUSES,
  addDays,
  expandOccurrences,
  fromZoned,
  ruleInZone,
  toZoned,
  type AvailableRooms,
  type AvailableRoomsQuery,
  type CapacityBand,
  type Colleague,
  type MeetingSearchQuery,
  type MeetingSearchResult,
  type MyReservations,
  type MyReservationsQuery,
  type RepeatRule,
  type Schedule,
  type ScheduleQuery,
} from '@atrium/contract';
import { DAY_MS, MINUTE_MS, type Clock } from '../../platform/clock.js';
import { notFound, refused } from '../../platform/errors.js';
import { createVersionedCache } from '../../platform/versioned-cache.js';
import { effectiveTimeZone, pathName, type LocationIndex } from '../location/location.presenter.js';
import type { LocationService } from '../location/location.service.js';
import type { RoomRecord, RoomRepository } from '../room/room.repository.js';
import type { BookingRepository } from './booking.repository.js';
import { presentRoom, type Booker, type BookingService, type PresentRoom } from './booking.service.js';
import type { BookingViewsRepository, Span } from './booking-views.repository.js';

export interface BookingViewsDeps {
  views: BookingViewsRepository;
  bookings: BookingRepository;
  rooms: RoomRepository;
  locations: Pick<LocationService, 'loadIndex' | 'loadLayout'>;
  booking: Pick<BookingService, 'presentMany'>;
  clock: Clock;
}

export type BookingViewsService = ReturnType<typeof createBookingViewsService>;

/** Rooms kept in memory per company (see `roomLayout`): shared between requests, never mutated. */
interface RoomLayout {
  rooms: readonly RoomRecord[];
  zones: ReadonlyMap<number, string | null>;
  paths: ReadonlyMap<number, string>;
  /** What presenting a meeting needs of each room. */
  present: ReadonlyMap<number, PresentRoom>;
}

/** Companies whose rooms a process keeps in memory at once. */
const COMPANIES_CACHED = 500;

/**
 * The meeting search reads title matches in batches and keeps those the caller may see; it stops
 * after this many candidates of each kind (upcoming, finished), so a word in thousands of others'
 * private titles costs a bounded read.
 */
const SEARCH_BATCH = 50;
const SEARCH_SCAN_MAX = 500;

interface RoomFilters {
  locationId?: number | undefined;
  capacityBand?: CapacityBand | undefined;
  equipment?: string[] | undefined;
  keyword?: string | undefined;
  availableOnly?: boolean;
}

/** The calendar's reads: my meetings, the rooms' day, and the rooms free for a slot or a series. */
export function createBookingViewsService({ views, bookings, rooms, locations, booking, clock }: BookingViewsDeps) {
  /**
   * The company's rooms in tree order with their zones and location paths, kept in memory for
   * as long as the layout version stays the same (the calendar reads them on every call).
   */
  const layouts = createVersionedCache<number, RoomLayout>(COMPANIES_CACHED);
  async function roomLayout(companyId: number): Promise<{ index: LocationIndex; layout: RoomLayout }> {
    const { version, index } = await locations.loadLayout(companyId);
    const layout = await layouts.get(companyId, version, async () => {
      const order = new Map(index.inTreeOrder().map((node, position) => [node.id, position]));
      const all = (await rooms.listRooms(companyId, {})).filter((room) => order.has(room.id)).sort((a, b) => order.get(a.id)! - order.get(b.id)!);
      return {
        rooms: all.map((room) => Object.freeze({ ...room, equipment: Object.freeze([...room.equipment]) as string[] })),
        zones: new Map(all.map((room) => [room.id, effectiveTimeZone(index, room.id) ?? null])),
        paths: new Map(all.map((room) => [room.id, pathName(index, room.id)])),
        present: new Map(all.map((room) => [room.id, Object.freeze(presentRoom(room, effectiveTimeZone(index, room.id) ?? null))])),
      };
    });
    return { index, layout };
  }

  /** Rooms matching the filters, in tree order (as the room list orders them). */
  async function filteredRooms(companyId: number, filters: RoomFilters): Promise<{ index: LocationIndex; layout: RoomLayout; list: RoomRecord[] }> {
    const { index, layout } = await roomLayout(companyId);
    let under: Set<number> | undefined;
    if (filters.locationId !== undefined) {
      if (!index.byId.has(filters.locationId)) throw notFound('locationNotFound');
      under = new Set(index.subtreeOf(filters.locationId).map((node) => node.id));
    }
    const band = filters.capacityBand ? CAPACITY_BAND_RANGES[filters.capacityBand] : undefined;
    const wanted = filters.equipment ?? [];
    const keyword = filters.keyword?.toLowerCase();
    const list = layout.rooms.filter(
      (room) =>
        (!under || under.has(room.id)) &&
        (!band || (room.capacity >= band.min && (band.max === null || room.capacity <= band.max))) &&
        (!filters.availableOnly || room.isAvailable) &&
        wanted.every((item) => room.equipment.includes(item)) &&
        (!keyword || room.name.toLowerCase().includes(keyword) || layout.paths.get(room.id)!.toLowerCase().includes(keyword)),
    );
    return { index, layout, list };
  }

  return {
    /** Colleagues to invite (any user with the booking right may look them up by name). */
    async colleagues(booker: Booker, keyword: string): Promise<Colleague[]> {
      return views.colleagues(booker.companyId, keyword, COLLEAGUE_SEARCH_MAX);
    },

    /**
     * Meetings whose title holds the keyword, for the global search: upcoming and running ones
     * first, then those finished in the last MEETING_SEARCH_PAST_DAYS. Only meetings whose title
     * the caller may see are found: booking.presentMany judges each, as on every other read.
     */
    async searchMeetings(booker: Booker, { keyword, limit }: MeetingSearchQuery): Promise<MeetingSearchResult> {
      const now = clock.now();
      const since = now - MEETING_SEARCH_PAST_DAYS * DAY_MS;
      const { layout } = await roomLayout(booker.companyId);
      const found: MeetingSearchResult['list'] = [];
      for (const upcoming of [true, false]) {
        for (let offset = 0; offset < SEARCH_SCAN_MAX && found.length < limit; offset += SEARCH_BATCH) {
          const ids = await views.titleMatchIds(booker.companyId, keyword, { now, since, upcoming }, { offset, size: SEARCH_BATCH });
          const shown = await booking.presentMany(booker, await bookings.findMany(booker.companyId, ids), { rooms: layout.present });
          found.push(...shown.filter((meeting) => meeting.visible && meeting.title !== null));
          if (ids.length < SEARCH_BATCH) break;
        }
      }
      return { list: found.slice(0, limit) };
    },

    /** Meetings the caller hosts or attends touching [from, to), across rooms, by start. */
    async mine(booker: Booker, query: MyReservationsQuery): Promise<MyReservations> {
      if (query.to <= query.from || query.to - query.from > MY_RESERVATIONS_MAX_DAYS * DAY_MS) {
        throw refused('reservationRangeInvalid', { days: MY_RESERVATIONS_MAX_DAYS });
      }
      const statuses = query.includeInactive ? RESERVATION_STATUSES : ACTIVE_RESERVATION_STATUSES;
      const ids = await views.mineIds(booker.companyId, booker.userId, query.from, query.to, statuses);
      const records = await bookings.findMany(booker.companyId, ids);
      const { layout } = await roomLayout(booker.companyId);
      return { list: await booking.presentMany(booker, records, { rooms: layout.present }) };
    },

    /** A page of rooms (under a location, filtered) with their active meetings and disable periods of the local day. */
    async schedule(booker: Booker, query: ScheduleQuery): Promise<Schedule> {
      const { index, layout, list } = await filteredRooms(booker.companyId, query);
      const zoneOf = (roomId: number) => layout.zones.get(roomId) ?? null;
      const start = (query.page - 1) * query.pageSize;
      const page = list.slice(start, start + query.pageSize);
      const days = new Map(
        page.map((room) => {
          // The viewer's zone when asked: the same span in every lane; else the room's own day.
          const zone = query.timeZone ?? zoneOf(room.id) ?? 'UTC';
          return [room.id, { dayStartAt: fromZoned(query.date, '00:00', zone), dayEndAt: fromZoned(addDays(query.date, 1), '00:00', zone) }];
        }),
      );
      const spans = [...days.values()];
      const from = spans.length ? Math.min(...spans.map((span) => span.dayStartAt)) : 0;
      const to = spans.length ? Math.max(...spans.map((span) => span.dayEndAt)) : 0;
      const roomIds = page.map((room) => room.id);
      const records = await bookings.findMany(booker.companyId, await views.activeIdsInRooms(booker.companyId, roomIds, from, to));
      const disabled = await views.disabledInRooms(booker.companyId, roomIds, from, to);
      const presented = await booking.presentMany(booker, records, { rooms: layout.present });
      return {
        date: query.date,
        places: index
          .inTreeOrder()
          .filter((node) => node.level < LOCATION_LEVELS.room)
          .map((node) => ({ id: node.id, parentId: node.parentId, name: node.name, level: node.level })),
        total: list.length,
        page: query.page,
        pageSize: query.pageSize,
        list: page.map((room) => {
          const day = days.get(room.id)!;
          const touches = (span: Span) => span.startAt < day.dayEndAt && span.endAt > day.dayStartAt;
          return {
            id: room.id,
            name: room.name,
            capacity: room.capacity,
            equipment: room.equipment,
            locationPath: layout.paths.get(room.id)!,
            timeZone: zoneOf(room.id),
            isAvailable: room.isAvailable,
            needsApproval: room.needsApproval,
            ...day,
            reservations: presented.filter((reservation) => reservation.roomId === room.id && touches(reservation)),
            disabled: disabled.filter((period) => period.roomId === room.id && touches(period)).map(({ startAt, endAt }) => ({ startAt, endAt })),
          };
        }),
      };
    },

    /**
     * Bookable rooms (available, matching the filters) free for the whole slot; with a repeat rule,
     * free at the slot's wall-clock time in the room's zone on every occurrence.
     */
    async availableRooms(booker: Booker, query: AvailableRoomsQuery): Promise<AvailableRooms> {
      if (query.startAt >= query.endAt) throw refused('reservationStartAfterEnd');
      if (query.endAt - query.startAt > DAY_MS) throw refused('reservationTooLong', { minutes: DAY_MS / MINUTE_MS });
      const { layout, list } = await filteredRooms(booker.companyId, { ...query, availableOnly: true });
      // Rooms grouped by zone: each zone's occurrences are expanded once.
      const byZone = new Map<string, RoomRecord[]>();
      for (const room of list) {
        const zone = layout.zones.get(room.id) ?? 'UTC';
        byZone.set(zone, [...(byZone.get(zone) ?? []), room]);
      }
      const free: AvailableRooms['list'] = [];
      for (const [zone, zoneRooms] of byZone) {
        const slots = slotsIn(zone, query.startAt, query.endAt, query.repeat, query.repeatZone);
        const busy = await views.busyRoomIds(
          booker.companyId,
          zoneRooms.map((room) => room.id),
          slots,
          query.exceptReservationId,
        );
        for (const room of zoneRooms) {
          if (busy.has(room.id)) continue;
          free.push({
            id: room.id,
            name: room.name,
            capacity: room.capacity,
            equipment: room.equipment,
            locationPath: layout.paths.get(room.id)!,
            timeZone: layout.zones.get(room.id) ?? null,
            needsApproval: room.needsApproval,
            occurrences: slots.length,
          });
        }
      }
      const order = new Map(list.map((room, position) => [room.id, position]));
      free.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
      return { list: free.slice(0, AVAILABLE_ROOMS_MAX), truncated: free.length > AVAILABLE_ROOMS_MAX };
    },
  };
}

/**
 * The slot itself, or every occurrence of the rule at the slot's wall-clock time in the zone; a rule
 * written in another zone's days (`ruleZone`, the viewer's) is moved to the zone's days first.
 */
export function slotsIn(zone: string, startAt: number, endAt: number, repeat: RepeatRule | undefined, ruleZone: string = zone): Span[] {
  if (!repeat || repeat.frequency === 'none') return [{ startAt, endAt }];
  const first = toZoned(startAt, zone);
  const last = toZoned(endAt, zone);
  const rule = ruleInZone(repeat, startAt, ruleZone, zone);
  return expandOccurrences({ firstDate: first.date, startTime: first.time, endTime: last.time, timeZone: zone, rule }).map(({ startAt: s, endAt: e }) => ({
    startAt: s,
    endAt: e,
  }));
}
