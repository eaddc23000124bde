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
  type AvailableRoom,
  type AvailableRooms,
  type AvailableRoomsQuery,
  BETTER_AIR_ROOMS_MAX,
  type RoomAir,
  type RoomAirAnswer,
  type RoomAirQuery,
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
import { DAY_MS, MINUTE_MS, type Clock } from '../../../platform/clock.js';
import { notFound, refused } from '../../../platform/errors.js';
import type { LocationIndex } from '../../location/location.presenter.js';
import { perLayout, type RoomLayout, type RoomLayouts } from '../../room/room-layout.js';
import type { RoomRecord } from '../../room/room.repository.js';
import type { BookingRepository } from '../engine/booking.repository.js';
import { presentRoom, type PresentRoom } from '../booking.presenter.js';
import type { BookingService } from '../engine/booking.service.js';
import type { Booker } from '../engine/booking.types.js';
import type { BookingViewsRepository, Span } from './booking-views.repository.js';

export interface BookingViewsDeps {
  views: BookingViewsRepository;
  bookings: BookingRepository;
  /** The company's rooms in tree order with their zones and places, kept by layout version. */
  layouts: RoomLayouts;
  booking: Pick<BookingService, 'presentMany'>;
  /** Each room's air now, for rooms with an air monitor reading (the air module); absent: no air shown. */
  roomsAir?: (companyId: number, roomIds: readonly number[]) => Promise<ReadonlyMap<number, RoomAir>>;
  clock: Clock;
}

export type BookingViewsService = ReturnType<typeof createBookingViewsService>;

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

/** What the free-room answer says of each room whatever the slot, worked out once per layout. */
const answerPieces = perLayout(
  (layout) =>
    new Map(
      layout.rooms.map((room) => [
        room.id,
        Object.freeze({
          id: room.id,
          name: room.name,
          capacity: room.capacity,
          equipment: room.equipment,
          locationPath: layout.paths.get(room.id)!,
          timeZone: layout.zones.get(room.id) ?? null,
          needsApproval: room.needsApproval,
        }),
      ]),
    ),
);

/** The calendar's reads: my meetings, the rooms' day, and the rooms free for a slot or a series. */
export function createBookingViewsService({ views, bookings, layouts, booking, roomsAir, clock }: BookingViewsDeps) {
  /** What presenting a meeting needs of each room, worked out once per layout. */
  const presentRooms = perLayout((layout) => new Map(layout.rooms.map((room) => [room.id, Object.freeze(presentRoom(room, layout.zones.get(room.id) ?? null))])));
  async function roomLayout(companyId: number): Promise<{ index: LocationIndex; layout: RoomLayout; present: ReadonlyMap<number, PresentRoom> }> {
    const layout = await layouts.get(companyId);
    return { index: layout.index, layout, present: presentRooms(layout) };
  }

  /** Rooms matching the filters, in tree order (as the room list orders them). */
  async function filteredRooms(companyId: number, filters: RoomFilters): Promise<{ index: LocationIndex; layout: RoomLayout; present: ReadonlyMap<number, PresentRoom>; list: RoomRecord[] }> {
    const { index, layout, present } = await roomLayout(companyId);
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
    return { index, layout, present, list };
  }

  /** The rooms free for the query's slot (or series), without their air. */
  async function freeRooms(booker: Booker, query: AvailableRoomsQuery): Promise<{ list: Omit<AvailableRoom, 'air'>[]; truncated: boolean }> {
    checkSlot(query);
    const { layout, list } = await filteredRooms(booker.companyId, { ...query, availableOnly: true });
    if (list.length === 0) return { list: [], truncated: false };
    const zoneOf = (room: RoomRecord) => layout.zones.get(room.id) ?? 'UTC';
    // One slot: the same span in every zone, so one company-wide read answers for every room.
    // A repeat rule: each zone's occurrences, expanded once, asked of that zone's rooms.
    const isOneSlot = !query.repeat || query.repeat.frequency === 'none';
    const slotsOf = new Map<string, Span[]>();
    const busy = new Set<number>();
    if (isOneSlot) {
      for (const roomId of await views.busyRoomsAcross(booker.companyId, { startAt: query.startAt, endAt: query.endAt }, query.exceptReservationId)) busy.add(roomId);
    } else {
      const byZone = new Map<string, number[]>();
      for (const room of list) {
        const ids = byZone.get(zoneOf(room));
        if (ids) ids.push(room.id);
        else byZone.set(zoneOf(room), [room.id]);
      }
      for (const [zone, roomIds] of byZone) {
        const slots = slotsIn(zone, query.startAt, query.endAt, query.repeat, query.repeatZone);
        slotsOf.set(zone, slots);
        for (const roomId of await views.busyRoomIds(booker.companyId, roomIds, slots, query.exceptReservationId)) busy.add(roomId);
      }
    }
    const pieces = answerPieces(layout);
    const free: Omit<AvailableRoom, 'air'>[] = [];
    for (const room of list) {
      if (busy.has(room.id)) continue;
      if (free.length === AVAILABLE_ROOMS_MAX) return { list: free, truncated: true };
      free.push({ ...pieces.get(room.id)!, occurrences: isOneSlot ? 1 : slotsOf.get(zoneOf(room))!.length });
    }
    return { list: free, truncated: false };
  }

  /** The rooms with their air now (null where none is read, or without the air module). */
  async function withAir(companyId: number, list: readonly Omit<AvailableRoom, 'air'>[]): Promise<AvailableRoom[]> {
    const airs = roomsAir && list.length > 0 ? await roomsAir(companyId, list.map((room) => room.id)) : new Map<number, RoomAir>();
    return list.map((room) => ({ ...room, air: airs.get(room.id) ?? null }));
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
      const { present } = await roomLayout(booker.companyId);
      const found: MeetingSearchResult['list'] = [];
      for (const upcoming of [true, false]) {
        for (let offset = 0; offset < SEARCH_SCAN_MAX && found.length < limit; offset += SEARCH_BATCH) {
          const ids = await views.titleMatchIds(booker.companyId, keyword, { now, since, upcoming }, { offset, size: SEARCH_BATCH });
          const shown = await booking.presentMany(booker, await bookings.findMany(booker.companyId, ids), { rooms: present });
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
      const { present } = await roomLayout(booker.companyId);
      return { list: await booking.presentMany(booker, records, { rooms: present }) };
    },

    /** A page of rooms (under a location, filtered) with their active meetings and disable periods of the local day. */
    async schedule(booker: Booker, query: ScheduleQuery): Promise<Schedule> {
      const { index, layout, present, list } = await filteredRooms(booker.companyId, query);
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
      const presented = await booking.presentMany(booker, records, { rooms: present });
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
     * free at the slot's wall-clock time in the room's zone on every occurrence. Each with its air now.
     */
    async availableRooms(booker: Booker, query: AvailableRoomsQuery): Promise<AvailableRooms> {
      const { list, truncated } = await freeRooms(booker, query);
      return { list: await withAir(booker.companyId, list), truncated };
    },

    /**
     * The air of the room a booking form holds and, when it is poor, the free rooms for the same slot
     * with good air that seat at least as many: nearest in the location tree first, then the smallest.
     */
    async roomAir(booker: Booker, query: RoomAirQuery): Promise<RoomAirAnswer> {
      checkSlot(query);
      const { layout } = await roomLayout(booker.companyId);
      const room = layout.rooms.find((candidate) => candidate.id === query.roomId);
      if (!room) throw notFound('roomNotFound');
      const air = roomsAir ? ((await roomsAir(booker.companyId, [room.id])).get(room.id) ?? null) : null;
      if (!air?.isPoor) return { air, better: [] };
      const { list } = await freeRooms(booker, query);
      const candidates = await withAir(
        booker.companyId,
        list.filter((candidate) => candidate.id !== room.id && candidate.capacity >= room.capacity),
      );
      const path = layout.index.pathOf(room.id).map((node) => node.id);
      const nearness = (candidate: AvailableRoom) => {
        const other = layout.index.pathOf(candidate.id);
        let shared = 0;
        while (shared < path.length && other[shared]?.id === path[shared]) shared += 1;
        return shared;
      };
      const better = candidates
        .filter((candidate) => candidate.air !== null && !candidate.air.isPoor)
        .map((candidate) => ({ candidate, nearness: nearness(candidate) }))
        .sort((a, b) => b.nearness - a.nearness || a.candidate.capacity - b.candidate.capacity)
        .slice(0, BETTER_AIR_ROOMS_MAX)
        .map(({ candidate }) => candidate);
      return { air, better };
    },
  };
}

/** A slot that starts before it ends and lasts at most a day. */
function checkSlot(slot: { startAt: number; endAt: number }) {
  if (slot.startAt >= slot.endAt) throw refused('reservationStartAfterEnd');
  if (slot.endAt - slot.startAt > DAY_MS) throw refused('reservationTooLong', { minutes: DAY_MS / MINUTE_MS });
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
