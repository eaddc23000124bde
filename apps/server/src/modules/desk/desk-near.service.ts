import { DESK_NEAR_MAX, toZoned, type DeskNear, type DeskNearQuery } from '@atrium/contract';
import type { Clock } from '../../platform/clock.js';
import { notFound } from '../../platform/errors.js';
import type { BookingDesks } from './desk-bookable.js';
import { deskClosedReason, deskSlot } from './desk-booking.service.js';
import type { DeskBookingRepository } from './desk-booking.repository.js';
import type { DeskNearRepository } from './desk-near.repository.js';
import type { DeskReleaseRepository } from './desk-release.repository.js';
import type { DeskRepository } from './desk.repository.js';

export interface DeskNearServiceDeps {
  nearby: DeskNearRepository;
  deskBookings: Pick<DeskBookingRepository, 'rules' | 'departmentOf' | 'listOnFloor'>;
  desks: Pick<DeskRepository, 'listDesks'>;
  releases: Pick<DeskReleaseRepository, 'releasedOnFloor'>;
  bookingDesks: BookingDesks;
  clock: Clock;
}

export type DeskNearService = ReturnType<typeof createDeskNearService>;

/** A placed desk's centre on its floor's map. */
const centreOf = (position: { x: number; y: number; width: number; height: number }) => ({ x: position.x + position.width / 2, y: position.y + position.height / 2 });

/**
 * "Book next to" a colleague (decision 0019): where an active colleague of the caller's company sits for a
 * date's part or hours (their desk booking on any floor), and the free desks the caller may book on that
 * floor nearest to it by the map's positions, the same neighbourhood first. Whom a booking belongs to is
 * already on the booking map for every booker, so this shows nothing the map does not.
 */
export function createDeskNearService({ nearby, deskBookings, desks, releases, bookingDesks, clock }: DeskNearServiceDeps) {
  return {
    async near(caller: { companyId: number; userId: number }, query: DeskNearQuery): Promise<DeskNear> {
      const { companyId, userId } = caller;
      const colleague = await nearby.findColleague(companyId, query.userId);
      if (!colleague) throw notFound('deskNearColleagueNotFound');
      const layout = await bookingDesks.current(companyId);
      const zone = layout.zoneOf(query.floorId);
      if (zone === null) throw notFound('deskFloorNotFound');
      const rules = await deskBookings.rules(companyId);
      const slot = deskSlot(rules, query.date, query.part, zone, query);
      const found = await nearby.colleagueBooking(companyId, colleague.id, slot.startAt, slot.endAt);
      const answer: DeskNear = { userId: colleague.id, userName: colleague.full_name, booking: null, desks: [] };
      if (!found) return answer;
      answer.booking = { deskId: found.deskId, deskNumber: found.deskNumber, floorId: found.floorId, floorName: found.floorName, startAt: Number(found.start_at), endAt: Number(found.end_at) };

      const [configured, departmentId, taken, released] = await Promise.all([
        desks.listDesks(companyId, found.floorId),
        deskBookings.departmentOf(companyId, userId),
        deskBookings.listOnFloor(companyId, found.floorId, slot.startAt, slot.endAt),
        releases.releasedOnFloor(companyId, found.floorId, query.date),
      ]);
      const theirs = configured.find((desk) => desk.id === found.deskId);
      if (!theirs?.position) return answer;
      const from = centreOf(theirs.position);
      const records = new Map(layout.onFloor(found.floorId).map((desk) => [desk.id, desk.record]));
      const busy = new Set(taken.map((row) => row.resource_id));
      const isToday = toZoned(clock.now(), zone).date === query.date;
      answer.desks = configured
        .flatMap((desk) => {
          const record = records.get(desk.id);
          if (!record || !desk.position || busy.has(desk.id)) return [];
          if (deskClosedReason(record, userId, departmentId, released.has(desk.id)) !== null) return [];
          // A drop-in desk is taken on the day only.
          if (record.mode === 'drop_in' && !isToday) return [];
          const centre = centreOf(desk.position);
          const distance = Math.round(Math.hypot(centre.x - from.x, centre.y - from.y));
          return [{ deskId: desk.id, deskNumber: desk.number, distance, isSameNeighbourhood: theirs.neighbourhoodId !== null && desk.neighbourhoodId === theirs.neighbourhoodId }];
        })
        .sort((a, b) => Number(b.isSameNeighbourhood) - Number(a.isSameNeighbourhood) || a.distance - b.distance || a.deskNumber.localeCompare(b.deskNumber))
        .slice(0, DESK_NEAR_MAX);
      return answer;
    },
  };
}
