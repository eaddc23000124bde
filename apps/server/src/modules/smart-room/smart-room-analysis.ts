import { sql, type Kysely } from 'kysely';
import { RESERVATION_MAX_MS, toCsv, type HomieState, type SmartAnalysis, type SmartDeviceKind, type SmartAnalysisQuery, type SmartRoomAnalysis } from '@atrium/contract';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import { notFound } from '../../platform/errors.js';
import type { LocationIndex } from '../location/location.presenter.js';
import { OCCUPANCY_METRIC } from './smart-room.repository.js';
import { roomStatuses } from './smart-room-state.js';

const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));

export interface SmartAnalysisDeps {
  db: Kysely<DB>;
  locations: (companyId: number) => Promise<LocationIndex>;
  clock: Clock;
}

const byRoom = <T extends { roomId: number | null }>(rows: readonly T[]) => {
  const map = new Map<number, T[]>();
  for (const row of rows) if (row.roomId !== null) map.set(row.roomId, [...(map.get(row.roomId) ?? []), row]);
  return map;
};

/**
 * Smart-room analytics (/smart-analysis; decision 0020, "Analytics"): booked time against occupied
 * time per room (ghost meetings, right-sizing), equipment health and energy hours, all from the
 * minute rollups, the reservations and the alarms, aggregated in the database.
 */
export function createSmartAnalysis({ db, locations, clock }: SmartAnalysisDeps) {
  /** Minute buckets of a company's room devices in the range whose value was ever 1 (occupied, switched on). */
  const minuteBuckets = (companyId: number, from: number, to: number) =>
    db
      .selectFrom('device_reading_rollups as r')
      .innerJoin('smart_devices as d', 'd.id', 'r.device_id')
      .where('d.company_id', '=', companyId)
      .where('d.room_id', 'is not', null)
      .where('r.grain', '=', 'minute')
      .where('r.bucket', '>=', from)
      .where('r.bucket', '<', to)
      .where('r.max', '>', 0);

  return {
    async analyse(companyId: number, query: SmartAnalysisQuery): Promise<SmartAnalysis> {
      const { from, to } = query;
      const now = clock.now();
      const index = await locations(companyId);
      if (query.locationId !== undefined && !index.byId.has(query.locationId)) throw notFound('locationNotFound');
      const scope = query.locationId === undefined ? null : new Set(index.subtreeOf(query.locationId).map((node) => node.id));

      const [rooms, devices, booked, occupied, occupiedBooked, ghosts, released, energy, alarms] = await Promise.all([
        db.selectFrom('rooms').select(['id', 'capacity']).where('company_id', '=', companyId).execute(),
        db.selectFrom('smart_devices').select(['id', 'room_id as roomId', 'kind', 'state', 'activated_at as activatedAt', 'last_seen_at as lastSeenAt']).where('company_id', '=', companyId).where('room_id', 'is not', null).execute(),
        // Booked minutes: confirmed meetings clipped to the range.
        db
          .selectFrom('reservations')
          .select(['resource_id as roomId', sql<number>`sum((case when end_at < ${to} then end_at else ${to} end) - (case when start_at > ${from} then start_at else ${from} end))`.as('ms')])
          .where('company_id', '=', companyId)
          .where('status', '=', 'confirmed')
          .where('start_at', '>=', from - RESERVATION_MAX_MS)
          .where('start_at', '<', to)
          .where('end_at', '>', from)
          .groupBy('resource_id')
          .execute(),
        minuteBuckets(companyId, from, to)
          .where('r.metric', '=', OCCUPANCY_METRIC)
          .select(['d.room_id as roomId', (eb) => eb.fn.count<number>('r.bucket').distinct().as('minutes')])
          .groupBy('d.room_id')
          .execute(),
        minuteBuckets(companyId, from, to)
          .where('r.metric', '=', OCCUPANCY_METRIC)
          .where((eb) =>
            eb.exists(
              eb
                .selectFrom('reservations as m')
                .select('m.id')
                .whereRef('m.resource_id', '=', 'd.room_id')
                .where('m.status', '=', 'confirmed')
                .where('m.start_at', '>=', from - RESERVATION_MAX_MS)
                .whereRef('m.start_at', '<=', 'r.bucket')
                .whereRef('m.end_at', '>', 'r.bucket'),
            ),
          )
          .select(['d.room_id as roomId', (eb) => eb.fn.count<number>('r.bucket').distinct().as('minutes')])
          .groupBy('d.room_id')
          .execute(),
        // Ghost meetings: finished in the range, in a room with a presence sensor, and no detection at all inside them.
        db
          .selectFrom('reservations as m')
          .select(['m.resource_id as roomId', (eb) => eb.fn.countAll<number>().as('count')])
          .where('m.company_id', '=', companyId)
          .where('m.status', '=', 'confirmed')
          .where('m.start_at', '>=', from)
          .where('m.end_at', '<=', Math.min(to, clock.now()))
          .where((eb) => eb.exists(eb.selectFrom('smart_devices as sd').select('sd.id').whereRef('sd.room_id', '=', 'm.resource_id').where('sd.kind', '=', 'sensor')))
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('device_reading_rollups as r')
                  .innerJoin('smart_devices as d', 'd.id', 'r.device_id')
                  .select('r.device_id')
                  .whereRef('d.room_id', '=', 'm.resource_id')
                  .where('r.metric', '=', OCCUPANCY_METRIC)
                  .where('r.grain', '=', 'minute')
                  .where('r.max', '>', 0)
                  .whereRef('r.bucket', '>=', sql`m.start_at - 59999`)
                  .whereRef('r.bucket', '<', 'm.end_at'),
              ),
            ),
          )
          .groupBy('m.resource_id')
          .execute(),
        db
          .selectFrom('reservations')
          .select(['resource_id as roomId', (eb) => eb.fn.countAll<number>().as('count')])
          .where('company_id', '=', companyId)
          .where('status', '=', 'released')
          .where('no_show_at', 'is not', null)
          .where('start_at', '>=', from)
          .where('start_at', '<', to)
          .groupBy('resource_id')
          .execute(),
        // Energy: device-minutes switched on (every `<node>.on` reading), by kind.
        minuteBuckets(companyId, from, to)
          .where('r.metric', 'like', '%.on')
          .select(['d.room_id as roomId', 'd.kind', (eb) => eb.fn.countAll<number>().as('minutes')])
          .groupBy(['d.room_id', 'd.kind'])
          .execute(),
        db
          // A room's alarms: its smart devices' and its door displays' (decision 0020, "Device alarms").
          .selectFrom('smart_alarms as a')
          .leftJoin('smart_devices as d', 'd.id', 'a.device_id')
          .leftJoin('devices as p', 'p.id', 'a.display_id')
          .select([sql<number | null>`coalesce(d.room_id, p.room_id)`.as('roomId'), (eb) => eb.fn.countAll<number>().as('count')])
          .where('a.company_id', '=', companyId)
          .where('a.raised_at', '>=', from)
          .where('a.raised_at', '<', to)
          .groupBy(sql`coalesce(d.room_id, p.room_id)`)
          .execute(),
      ]);

      const count = (rows: ReadonlyArray<{ roomId: number | null; count?: number | string; minutes?: number | string }>, roomId: number) =>
        Number(rows.find((row) => row.roomId === roomId)?.count ?? rows.find((row) => row.roomId === roomId)?.minutes ?? 0);
      const devicesOf = byRoom(devices);
      const capacityOf = new Map(rooms.map((room) => [room.id, room.capacity]));
      const analysed: SmartRoomAnalysis[] = index
        .inTreeOrder()
        .filter((node) => capacityOf.has(node.id) && devicesOf.has(node.id) && (scope === null || scope.has(node.id)))
        .map((node) => {
          const own = devicesOf.get(node.id) ?? [];
          const path = index.pathOf(node.id);
          return {
            roomId: node.id,
            name: node.name,
            path: path
              .slice(0, -1)
              .map((step) => step.name)
              .join(' / '),
            capacity: capacityOf.get(node.id) ?? 0,
            hasSensors: own.some((device) => device.kind === 'sensor'),
            bookedMinutes: Math.round(Number(booked.find((row) => row.roomId === node.id)?.ms ?? 0) / 60_000),
            occupiedMinutes: count(occupied, node.id),
            occupiedBookedMinutes: count(occupiedBooked, node.id),
            ghostMeetings: count(ghosts, node.id),
            releasedMeetings: count(released, node.id),
            energyMinutes: Object.fromEntries(energy.filter((row) => row.roomId === node.id).map((row) => [row.kind, Number(row.minutes)])),
            devices: own.length,
            devicesOnline: [...roomStatuses(own.map((device) => ({ ...device, kind: device.kind as SmartDeviceKind, state: device.state as HomieState | null, activatedAt: numberOrNull(device.activatedAt), lastSeenAt: numberOrNull(device.lastSeenAt) })), now).values()].filter((status) => status === 'online').length,
            alarms: count(alarms, node.id),
          };
        });
      return { from, to, rooms: analysed };
    },

    /** The analysis as CSV (formula-safe), with a header row in the caller's words. */
    async exportCsv(companyId: number, query: SmartAnalysisQuery, header: readonly string[]): Promise<string> {
      const { rooms } = await this.analyse(companyId, query);
      const hours = (minutes: number) => Math.round((minutes / 60) * 10) / 10;
      return toCsv([
        header,
        ...rooms.map((room) => [
          room.name,
          room.path,
          room.capacity,
          hours(room.bookedMinutes),
          hours(room.occupiedMinutes),
          hours(room.occupiedBookedMinutes),
          room.ghostMeetings,
          room.releasedMeetings,
          hours(Object.values(room.energyMinutes).reduce((sum, minutes) => sum + minutes, 0)),
          `${room.devicesOnline}/${room.devices}`,
          room.alarms,
        ]),
      ]);
    },
  };
}

export type SmartAnalysisService = ReturnType<typeof createSmartAnalysis>;
