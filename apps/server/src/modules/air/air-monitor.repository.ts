import { AIR_METRICS, AIR_READING_PREFIX, type AirHistoryGrain, type AirMetric } from '@atrium/contract';
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
  activatedAt: number | null;
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
        activatedAt: row.activated_at === null ? null : Number(row.activated_at),
        lastSeenAt: row.last_seen_at === null ? null : Number(row.last_seen_at),
      }));
    },

    /**
     * Each monitor's latest reading per air metric taken at or after `since` (ms). One query whose correlated
     * subqueries each seek the readings' primary key (device, metric, time) backwards: the cost grows with the
     * monitors, not with the history behind them.
     */
    async latestValues(companyId: number, deviceIds: readonly number[], since: number): Promise<Map<number, Partial<Record<AirMetric, { value: number; at: number }>>>> {
      const out = new Map<number, Partial<Record<AirMetric, { value: number; at: number }>>>();
      if (deviceIds.length === 0) return out;
      const rows = await db
        .selectFrom('smart_devices as d')
        .select((eb) => [
          'd.id',
          ...AIR_METRICS.flatMap((metric) => {
            const latest = () =>
              eb
                .selectFrom('device_readings as r')
                .whereRef('r.device_id', '=', 'd.id')
                .where('r.metric', '=', `${AIR_READING_PREFIX}${metric}`)
                .orderBy('r.at', 'desc')
                .limit(1);
            return [latest().select('r.at').as(`at_${metric}`), latest().select('r.value').as(`value_${metric}`)];
          }),
        ])
        .where('d.company_id', '=', companyId)
        .where('d.id', 'in', [...deviceIds])
        .execute();
      for (const row of rows as unknown as Array<Record<string, number | string | null>>) {
        const values: Partial<Record<AirMetric, { value: number; at: number }>> = {};
        for (const metric of AIR_METRICS) {
          const at = row[`at_${metric}`];
          const value = row[`value_${metric}`];
          if (at === null || at === undefined || value === null || value === undefined || Number(at) < since) continue;
          values[metric] = { value: Number(value), at: Number(at) };
        }
        out.set(Number(row.id), values);
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
