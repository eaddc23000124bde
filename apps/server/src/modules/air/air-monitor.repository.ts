import { AIR_METRICS, AIR_READING_PREFIX, airMetricOfReading, type AirHistoryGrain, type AirMetric } from '@atrium/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export type AirMonitorRepository = ReturnType<typeof createAirMonitorRepository>;

/** An air monitor as the air pages read it (the devices module owns the table; this reads only). */
export interface AirMonitorRow {
  id: number;
  name: string;
  /** Its room, else its location; null when placed nowhere. */
  placeId: number | null;
  state: string | null;
  isActivated: boolean;
  lastSeenAt: number | null;
}

/** One bucket of a metric over several monitors. */
export interface AirBucketRow {
  bucket: number;
  count: number;
  sum: number;
  min: number;
  max: number;
}

const READING_NAMES = AIR_METRICS.map((metric) => `${AIR_READING_PREFIX}${metric}`);

/** The air monitors, their latest readings and their rollups (decision 0020, "Air pages and the public board"). */
export function createAirMonitorRepository(db: Kysely<DB>) {
  return {
    /** The company's air monitors, by name. */
    async listMonitors(companyId: number): Promise<AirMonitorRow[]> {
      const rows = await db
        .selectFrom('smart_devices')
        .select(['id', 'name', 'room_id', 'location_id', 'state', 'activated_at', 'last_seen_at'])
        .where('company_id', '=', companyId)
        .where('kind', '=', 'air_monitor')
        .orderBy('name')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        placeId: row.room_id ?? row.location_id,
        state: row.state,
        isActivated: row.activated_at !== null,
        lastSeenAt: row.last_seen_at === null ? null : Number(row.last_seen_at),
      }));
    },

    /**
     * Each monitor's latest reading per air metric since `since` (ms): one grouped read over the
     * readings' primary key (device, metric, time), bounded by time so a year of history is not scanned.
     */
    async latestValues(companyId: number, deviceIds: readonly number[], since: number): Promise<Map<number, Partial<Record<AirMetric, { value: number; at: number }>>>> {
      const out = new Map<number, Partial<Record<AirMetric, { value: number; at: number }>>>();
      if (deviceIds.length === 0) return out;
      const latest = db
        .selectFrom('device_readings')
        .select(['device_id', 'metric', (eb) => eb.fn.max('at').as('last_at')])
        .where('company_id', '=', companyId)
        .where('device_id', 'in', [...deviceIds])
        .where('metric', 'in', READING_NAMES)
        .where('at', '>=', since)
        .groupBy(['device_id', 'metric'])
        .as('m');
      const rows = await db
        .selectFrom('device_readings as r')
        .innerJoin(latest, (join) => join.onRef('m.device_id', '=', 'r.device_id').onRef('m.metric', '=', 'r.metric').onRef('m.last_at', '=', 'r.at'))
        .select(['r.device_id', 'r.metric', 'r.at', 'r.value'])
        .execute();
      for (const row of rows) {
        const metric = airMetricOfReading(row.metric);
        if (!metric) continue;
        const values = out.get(row.device_id) ?? {};
        values[metric] = { value: Number(row.value), at: Number(row.at) };
        out.set(row.device_id, values);
      }
      return out;
    },

    /** The buckets of one metric at one grain in [from, to), summed over the monitors: the bucket holding `from` included. */
    async listBuckets(deviceIds: readonly number[], metric: AirMetric, grain: AirHistoryGrain, grainMs: number, from: number, to: number): Promise<AirBucketRow[]> {
      if (deviceIds.length === 0) return [];
      const rows = await db
        .selectFrom('device_reading_rollups')
        .select((eb) => ['bucket', eb.fn.sum<number | string>('count').as('count'), eb.fn.sum<number | string>('sum').as('sum'), eb.fn.min('min').as('min'), eb.fn.max('max').as('max')])
        .where('device_id', 'in', [...deviceIds])
        .where('metric', '=', `${AIR_READING_PREFIX}${metric}`)
        .where('grain', '=', grain)
        .where('bucket', '>', from - grainMs)
        .where('bucket', '<', to)
        .groupBy('bucket')
        .orderBy('bucket')
        .execute();
      return rows.map((row) => ({ bucket: Number(row.bucket), count: Number(row.count), sum: Number(row.sum), min: Number(row.min), max: Number(row.max) }));
    },

    /** The metrics with an open alert, per monitor. */
    async listOpenAlerts(companyId: number): Promise<Array<{ deviceId: number; metric: AirMetric }>> {
      const rows = await db.selectFrom('air_alerts').select(['device_id', 'metric']).where('company_id', '=', companyId).where('state', '=', 'raised').execute();
      return rows.map((row) => ({ deviceId: row.device_id, metric: row.metric as AirMetric }));
    },

    async companyName(companyId: number): Promise<string> {
      const row = await db.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirst();
      return row?.name ?? '';
    },
  };
}
