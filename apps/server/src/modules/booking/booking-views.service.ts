import {
  ACTIVE_RESERVATION_STATUSES,
  AVAILABLE_ROOMS_MAX,
  COLLEAGUE_SEARCH_MAX,
  CAPACITY_BAND_RANGES,
  LOCATION_LEVELS,
  MY_RESERVATIONS_MAX_DAYS,
  RESERVATION_STATUSES,
  addDays,
  expandOccurrences,
  fromZoned,
  toZoned,
  type AvailableRooms,
  type AvailableRoomsQuery,
  type CapacityBand,
  type Colleague,
  type MyReservations,
  type MyReservationsQuery,
  type RepeatRule,
  type Schedule,
  type ScheduleQuery,
} from '@atrium/contract';
import { DAY_MS, type Clock } from '../../platform/clock.js';
import { notFound, refused } from '../../platform/errors.js';
import { effectiveTimeZone, pathName, type LocationIndex } from '../location/location.presenter.js';
import type { LocationService } from '../location/location.service.js';
import type { RoomRecord, RoomRepository } from '../room/room.repository.js';
import type { BookingRepository } from './booking.repository.js';
import type { Booker, BookingService } from './booking.service.js';
import type { BookingViewsRepository, Span } from './booking-views.repository.js';

export interface BookingViewsDeps {
  views: BookingViewsRepository;
  bookings: BookingRepository;
  rooms: RoomRepository;
  locations: Pick<LocationService, 'loadIndex'>;
  booking: Pick<BookingService, 'presentMany'>;
  clock: Clock;
}

export type BookingViewsService = ReturnType<typeof createBookingViewsService>;

interface RoomFilters {
  locationId?: number | undefined;
  capacityBand?: CapacityBand | undefined;
  equipment?: string[] | undefined;
  keyword?: string | undefined;
  availableOnly?: boolean;
}

/** The calendar's reads: my meetings, the rooms' day, and the rooms free for a slot or a series. */
export function createBookingViewsService({ views, bookings, rooms, locations, booking }: BookingViewsDeps) {
  /** Rooms matching the filters, in tree order (as the room list orders them). */
  async function filteredRooms(companyId: number, filters: RoomFilters): Promise<{ index: LocationIndex; list: RoomRecord[] }> {
    const index = await locations.loadIndex(companyId);
    let roomIds: number[] | undefined;
    if (filters.locationId !== undefined) {
      if (!index.byId.has(filters.locationId)) throw notFound('locationNotFound');
      roomIds = index.subtreeOf(filters.locationId).filter((node) => node.level === LOCATION_LEVELS.room).map((node) => node.id);
    }
    const band = filters.capacityBand ? CAPACITY_BAND_RANGES[filters.capacityBand] : undefined;
    const rows = await rooms.listRooms(companyId, {
      ...(roomIds ? { roomIds } : {}),
      ...(band ? { minCapacity: band.min, maxCapacity: band.max } : {}),
      ...(filters.availableOnly ? { isAvailable: true } : {}),
    });
    const wanted = filters.equipment ?? [];
    const keyword = filters.keyword?.toLowerCase();
    const order = new Map(index.inTreeOrder().map((node, position) => [node.id, position]));
    const list = rows
      .filter((row) => order.has(row.id) && wanted.every((item) => row.equipment.includes(item)))
      .filter((row) => !keyword || row.name.toLowerCase().includes(keyword) || pathName(index, row.id).toLowerCase().includes(keyword))
      .sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    return { index, list };
  }

  const zoneOf = (index: LocationIndex, roomId: number) => effectiveTimeZone(index, roomId) ?? null;

  return {
    /** Colleagues to invite (any user with the booking right may look them up by name). */
    async colleagues(booker: Booker, keyword: string): Promise<Colleague[]> {
      return views.colleagues(booker.companyId, keyword, COLLEAGUE_SEARCH_MAX);
    },

    /** Meetings the caller hosts or attends touching [from, to), across rooms, by start. */
    async mine(booker: Booker, query: MyReservationsQuery): Promise<MyReservations> {
      if (query.to <= query.from || query.to - query.from > MY_RESERVATIONS_MAX_DAYS * DAY_MS) {
        throw refused('reservationRangeInvalid', { days: MY_RESERVATIONS_MAX_DAYS });
      }
      const statuses = query.includeInactive ? RESERVATION_STATUSES : ACTIVE_RESERVATION_STATUSES;
      const ids = await views.mineIds(booker.companyId, booker.userId, query.from, query.to, statuses);
      const records = await bookings.findMany(booker.companyId, ids);
      const index = await locations.loadIndex(booker.companyId);
      const roomsById = new Map(records.map((record) => [record.roomId, { name: index.byId.get(record.roomId)?.name ?? '', timeZone: zoneOf(index, record.roomId) }]));
      return { list: await booking.presentMany(booker, records, { rooms: roomsById }) };
    },

    /** A page of rooms (under a location, filtered) with their active meetings and disable periods of the local day. */
    async schedule(booker: Booker, query: ScheduleQuery): Promise<Schedule> {
      const { index, list } = await filteredRooms(booker.companyId, query);
      const start = (query.page - 1) * query.pageSize;
      const page = list.slice(start, start + query.pageSize);
      const days = new Map(
        page.map((room) => {
          const zone = zoneOf(index, room.id) ?? 'UTC';
          return [room.id, { dayStartAt: fromZoned(query.date, '00:00', zone), dayEndAt: fromZoned(addDays(query.date, 1), '00:00', zone) }];
        }),
      );
      const spans = [...days.values()];
      const from = spans.length ? Math.min(...spans.map((span) => span.dayStartAt)) : 0;
      const to = spans.length ? Math.max(...spans.map((span) => span.dayEndAt)) : 0;
      const roomIds = page.map((room) => room.id);
      const records = await bookings.findMany(booker.companyId, await views.activeIdsInRooms(booker.companyId, roomIds, from, to));
      const disabled = await views.disabledInRooms(booker.companyId, roomIds, from, to);
      const roomsById = new Map(page.map((room) => [room.id, { name: room.name, timeZone: zoneOf(index, room.id) }]));
      const presented = await booking.presentMany(booker, records, { rooms: roomsById });
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
            locationPath: pathName(index, room.id),
            timeZone: zoneOf(index, room.id),
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
      if (query.endAt - query.startAt > DAY_MS) throw refused('reservationTooLong', { hours: 24 });
      const { index, list } = await filteredRooms(booker.companyId, { ...query, availableOnly: true });
      // Rooms grouped by zone: each zone's occurrences are expanded once.
      const byZone = new Map<string, RoomRecord[]>();
      for (const room of list) {
        const zone = zoneOf(index, room.id) ?? 'UTC';
        byZone.set(zone, [...(byZone.get(zone) ?? []), room]);
      }
      const free: AvailableRooms['list'] = [];
      for (const [zone, zoneRooms] of byZone) {
        const slots = slotsIn(zone, query.startAt, query.endAt, query.repeat);
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
            locationPath: pathName(index, room.id),
            timeZone: zoneOf(index, room.id),
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

/** The slot itself, or every occurrence of the rule at the slot's wall-clock time in the zone. */
export function slotsIn(zone: string, startAt: number, endAt: number, repeat: RepeatRule | undefined): Span[] {
  if (!repeat || repeat.frequency === 'none') return [{ startAt, endAt }];
  const first = toZoned(startAt, zone);
  const last = toZoned(endAt, zone);
  return expandOccurrences({ firstDate: first.date, startTime: first.time, endTime: last.time, timeZone: zone, rule: repeat }).map(({ startAt: s, endAt: e }) => ({
    startAt: s,
    endAt: e,
  }));
}
