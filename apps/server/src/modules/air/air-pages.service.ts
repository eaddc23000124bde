import { randomBytes } from 'node:crypto';
import {
  AIR_BOARD_PATH,
  AIR_METRICS,
  smartDeviceStatus,
  type HomieState,
  airHistoryGrain,
  type AirBoard,
  type AirBoardLink,
  type AirDeviceList,
  type AirHistory,
  type AirHistoryQuery,
  type AirMetric,
  type AirNow,
  type AirPlaceNow,
  type AirState,
  type AirValues,
  type RoomAir,
  type CreateAirBoardLinkBody,
  type CreatedAirBoardLink,
  AIR_METRIC_CATALOGUE,
} from '@atrium/contract';
import type { Clock } from '../../platform/clock.js';
import { sha256Hex } from '../../platform/digest.js';
import { notFound } from '../../platform/errors.js';
import type { LocationIndex } from '../location/location.presenter.js';
import type { AirBoardLinkRecord, AirBoardRepository } from './air-board.repository.js';
import type { AirMonitorRepository, AirMonitorRow } from './air-monitor.repository.js';
import type { AirRepository } from './air.repository.js';
import { thresholdsIn } from './air.service.js';

export interface AirPagesServiceDeps {
  monitors: AirMonitorRepository;
  boards: AirBoardRepository;
  air: Pick<AirRepository, 'listThresholds'>;
  locations: (companyId: number) => Promise<LocationIndex>;
  clock: Clock;
}

export type AirPagesService = ReturnType<typeof createAirPagesService>;

/** A reading older than this is no longer "now": a monitor reports every minute or so. */
export const AIR_NOW_WINDOW_MS = 24 * 3_600_000;

const GRAIN_MS = { minute: 60_000, hour: 3_600_000, day: 86_400_000 } as const;

const round = (metric: AirMetric, value: number) => {
  // Two decimals more than shown: enough for a chart and an average, without float noise in the JSON.
  const factor = 10 ** (AIR_METRIC_CATALOGUE[metric].decimals + 2);
  return Math.round(value * factor) / factor;
};

/**
 * The air pages (decision 0020, "Air pages and the public board"): each place's air now, a place's or a
 * monitor's history from the rollups, the monitors, and the public board by secret link.
 */
/** A monitor's status by the devices page's rule (heartbeat window included). */
const statusOf = (monitor: AirMonitorRow, now: number) =>
  smartDeviceStatus({ state: monitor.state as HomieState | null, activatedAt: monitor.activatedAt, lastSeenAt: monitor.lastSeenAt, kind: 'air_monitor' }, now);

/** What a place's monitors say now: values averaged over those online, each metric's state, the open alerts. */
interface PlaceSummary {
  values: AirValues;
  states: Partial<Record<AirMetric, AirState>>;
  openAlerts: number;
  online: number;
  lastReadingAt: number | null;
}

/** The readings, alerts and limits one answer reads once for all its places. */
interface AirSnapshot {
  latest: Map<number, Partial<Record<AirMetric, { value: number; at: number }>>>;
  openAlerts: readonly { deviceId: number; metric: string }[];
  settings: Awaited<ReturnType<AirRepository['listThresholds']>>;
}

function summarise(here: readonly AirMonitorRow[], placeId: number, snapshot: AirSnapshot, index: LocationIndex, now: number): PlaceSummary {
  const online = here.filter((monitor) => statusOf(monitor, now) === 'online');
  const values: AirValues = {};
  let lastReadingAt: number | null = null;
  for (const metric of AIR_METRICS) {
    const readings = online.map((monitor) => snapshot.latest.get(monitor.id)?.[metric]).filter((reading) => reading !== undefined);
    if (readings.length === 0) continue;
    values[metric] = round(metric, readings.reduce((total, reading) => total + reading.value, 0) / readings.length);
    lastReadingAt = Math.max(lastReadingAt ?? 0, ...readings.map((reading) => reading.at));
  }
  const ids = new Set(here.map((monitor) => monitor.id));
  const alerts = snapshot.openAlerts.filter((alert) => ids.has(alert.deviceId));
  const alerting = new Set(alerts.map((alert) => alert.metric));
  const thresholds = thresholdsIn(snapshot.settings, index, placeId);
  const states: Partial<Record<AirMetric, AirState>> = {};
  for (const metric of AIR_METRICS) {
    const value = values[metric];
    if (alerting.has(metric)) states[metric] = 'alert';
    else if (value !== undefined) {
      const limit = thresholds.limits[metric];
      const isBeyond = limit !== undefined && ((limit.max !== undefined && value > limit.max) || (limit.min !== undefined && value < limit.min));
      states[metric] = isBeyond ? 'beyond' : 'ok';
    }
  }
  return { values, states, openAlerts: alerts.length, online: online.length, lastReadingAt };
}

/** Monitors by the place they stand in. */
function byPlaceOf(monitors: readonly AirMonitorRow[]): Map<number, AirMonitorRow[]> {
  const out = new Map<number, AirMonitorRow[]>();
  for (const monitor of monitors) {
    const list = out.get(monitor.placeId!);
    if (list) list.push(monitor);
    else out.set(monitor.placeId!, [monitor]);
  }
  return out;
}

export function createAirPagesService({ monitors, boards, air, locations, clock }: AirPagesServiceDeps) {
  async function snapshotOf(companyId: number, placed: readonly AirMonitorRow[]): Promise<AirSnapshot> {
    const [latest, openAlerts, settings] = await Promise.all([
      monitors.latestValues(
        companyId,
        placed.map((monitor) => monitor.id),
        clock.now() - AIR_NOW_WINDOW_MS,
      ),
      monitors.listOpenAlerts(companyId),
      air.listThresholds(companyId),
    ]);
    return { latest, openAlerts, settings };
  }

  /** The places with monitors under `locationId` (all when null), in tree order. */
  async function placesNow(companyId: number, index: LocationIndex, locationId: number | null): Promise<AirNow> {
    const within = locationId === null ? null : new Set(index.subtreeOf(locationId).map((record) => record.id));
    const all = await monitors.listMonitors(companyId);
    const placed = all.filter((monitor) => monitor.placeId !== null && index.byId.has(monitor.placeId) && (within === null || within.has(monitor.placeId)));
    const snapshot = await snapshotOf(companyId, placed);
    const byPlace = byPlaceOf(placed);
    const now = clock.now();
    const list: AirPlaceNow[] = [];
    for (const record of index.inTreeOrder()) {
      const here = byPlace.get(record.id);
      if (!here) continue;
      const summary = summarise(here, record.id, snapshot, index, now);
      list.push({
        locationId: record.id,
        name: record.name,
        path: index.pathOf(record.id).map((node) => node.name),
        values: summary.values,
        states: summary.states,
        openAlerts: summary.openAlerts,
        devicesOnline: summary.online,
        devicesTotal: here.length,
        lastReadingAt: summary.lastReadingAt,
      });
    }
    return {
      list,
      devicesOnline: list.reduce((total, place) => total + place.devicesOnline, 0),
      devicesTotal: list.reduce((total, place) => total + place.devicesTotal, 0),
    };
  }

  async function indexWith(companyId: number, locationId: number | null | undefined): Promise<LocationIndex> {
    const index = await locations(companyId);
    if (locationId != null && !index.byId.has(locationId)) throw notFound('locationNotFound');
    return index;
  }

  function presentLink(record: AirBoardLinkRecord, index: LocationIndex): AirBoardLink {
    return {
      id: record.id,
      name: record.name,
      locationId: record.locationId,
      locationName: record.locationId === null ? null : (index.byId.get(record.locationId)?.name ?? null),
      createdByName: record.createdByName,
      createdAt: record.createdAt,
      revokedAt: record.revokedAt,
    };
  }

  return {
    /**
     * Each room's air now, for the rooms that have an air monitor of their own reading now (the room
     * finder and the booking form; decision 0020, "Air in the room finder"). A company without monitors
     * costs one query.
     */
    async roomsAir(companyId: number, roomIds: readonly number[]): Promise<Map<number, RoomAir>> {
      const out = new Map<number, RoomAir>();
      if (roomIds.length === 0) return out;
      const wanted = new Set(roomIds);
      const placed = (await monitors.listMonitors(companyId)).filter((monitor) => monitor.placeId !== null && wanted.has(monitor.placeId));
      if (placed.length === 0) return out;
      const [index, snapshot] = await Promise.all([locations(companyId), snapshotOf(companyId, placed)]);
      const now = clock.now();
      for (const [roomId, here] of byPlaceOf(placed)) {
        const summary = summarise(here, roomId, snapshot, index, now);
        if (summary.lastReadingAt === null) continue;
        const isPoor = Object.values(summary.states).some((state) => state !== 'ok');
        out.set(roomId, { values: summary.values, states: summary.states, isPoor, lastReadingAt: summary.lastReadingAt });
      }
      return out;
    },

    /** Every place with air monitors under the location (the whole company without one); another company's location 404. */
    async now(companyId: number, locationId: number | undefined): Promise<AirNow> {
      return placesNow(companyId, await indexWith(companyId, locationId), locationId ?? null);
    },

    /** A place's (its subtree's monitors) or a monitor's history of one metric, at the grain the range calls for. */
    async history(companyId: number, query: AirHistoryQuery): Promise<AirHistory> {
      const index = await indexWith(companyId, query.locationId);
      const all = await monitors.listMonitors(companyId);
      let deviceIds: number[];
      if (query.deviceId !== undefined) {
        if (!all.some((monitor) => monitor.id === query.deviceId)) throw notFound('airDeviceNotFound');
        deviceIds = [query.deviceId];
      } else {
        const within = new Set(index.subtreeOf(query.locationId!).map((record) => record.id));
        deviceIds = all.filter((monitor) => monitor.placeId !== null && within.has(monitor.placeId)).map((monitor) => monitor.id);
      }
      const grain = airHistoryGrain(query.from, query.to);
      const buckets = await monitors.listBuckets(deviceIds, query.metric, grain, GRAIN_MS[grain], query.from, query.to);
      return {
        metric: query.metric,
        unit: AIR_METRIC_CATALOGUE[query.metric].unit,
        grain,
        points: buckets.map((bucket) => ({
          at: bucket.bucket,
          avg: round(query.metric, bucket.sum / bucket.count),
          min: bucket.min,
          max: bucket.max,
          count: bucket.count,
        })),
      };
    },

    /** The company's air monitors with their place, status, last contact and latest values. */
    async devices(companyId: number): Promise<AirDeviceList> {
      const index = await locations(companyId);
      const all = await monitors.listMonitors(companyId);
      const latest = await monitors.latestValues(
        companyId,
        all.map((monitor) => monitor.id),
        clock.now() - AIR_NOW_WINDOW_MS,
      );
      return {
        list: all.map((monitor) => {
          const placeId = monitor.placeId !== null && index.byId.has(monitor.placeId) ? monitor.placeId : null;
          const values: AirValues = {};
          for (const [metric, reading] of Object.entries(latest.get(monitor.id) ?? {}) as Array<[AirMetric, { value: number }]>) values[metric] = round(metric, reading.value);
          return {
            id: monitor.id,
            name: monitor.name,
            locationId: placeId,
            path: placeId === null ? [] : index.pathOf(placeId).map((node) => node.name),
            status: statusOf(monitor, clock.now()),
            lastSeenAt: monitor.lastSeenAt,
            values,
          };
        }),
      };
    },

    async listLinks(companyId: number): Promise<AirBoardLink[]> {
      const index = await locations(companyId);
      return (await boards.listLinks(companyId)).map((record) => presentLink(record, index));
    },

    /** A new link to the public board of a location's subtree (or the whole company); its secret is answered this once. */
    async createLink(caller: { companyId: number; userId: number }, body: CreateAirBoardLinkBody): Promise<CreatedAirBoardLink> {
      const locationId = body.locationId ?? null;
      const index = await indexWith(caller.companyId, locationId);
      const token = randomBytes(32).toString('base64url');
      const id = await boards.insertLink({ companyId: caller.companyId, name: body.name, tokenHash: sha256Hex(token), locationId, createdBy: caller.userId, now: clock.now() });
      const record = await boards.findLink(caller.companyId, id);
      return { ...presentLink(record!, index), token, path: `${AIR_BOARD_PATH}/${token}` };
    },

    async revokeLink(companyId: number, id: number): Promise<AirBoardLink> {
      if (!(await boards.findLink(companyId, id))) throw notFound('airBoardNotFound');
      await boards.revokeLink(companyId, id, clock.now());
      return presentLink((await boards.findLink(companyId, id))!, await locations(companyId));
    },

    /** The public board: the link's places now, names and values only; unknown or revoked link 404. */
    async board(token: string): Promise<AirBoard> {
      const link = await boards.findLiveLinkByHash(sha256Hex(token));
      if (!link) throw notFound('airBoardNotFound');
      const index = await locations(link.companyId);
      // A link whose location was deleted shows the whole company rather than failing.
      const locationId = link.locationId !== null && index.byId.has(link.locationId) ? link.locationId : null;
      const { list } = await placesNow(link.companyId, index, locationId);
      return {
        name: link.name,
        companyName: await monitors.companyName(link.companyId),
        list: list.map(({ name, path, values, states, openAlerts, lastReadingAt }) => ({ name, path, values, states, openAlerts, lastReadingAt })),
      };
    },
  };
}
