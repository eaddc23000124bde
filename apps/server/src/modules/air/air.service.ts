import {
  AIR_METRIC_CATALOGUE,
  AIR_METRICS,
  AIR_PRESET_THRESHOLDS,
  DEFAULT_AIR_PRESET,
  airMetricOfReading,
  evaluateAirReadings,
  thresholdsOf,
  type AirAlert,
  type AirAlertEvent,
  type AirAlertListQuery,
  type AirAlertPage,
  type AirMetric,
  type AirReading,
  type AirThresholdSet,
  type AirThresholds,
  type SaveAirThresholdsBody,
} from '@atrium/contract';
import type { Kysely } from 'kysely';
import { withKeyLocks, withWriteTransaction } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import { notFound } from '../../platform/errors.js';
import type { LocationIndex } from '../location/location.presenter.js';
import { createAirRepository, type AirAlertRow, type AirRepository, type AirThresholdRow, type StoredAirState } from './air.repository.js';

export interface AirServiceDeps {
  db: Kysely<DB>;
  clock: Clock;
  /** The company's location tree, kept by layout version (location.service.ts `loadIndex`). */
  locations: (companyId: number) => Promise<LocationIndex>;
}

export type AirService = ReturnType<typeof createAirService>;

/** Who acts: the session's company and user. */
export interface AirCaller {
  companyId: number;
  userId: number;
}

/** A reading as the gateway hands it over: its stored name (`air.co2`, or the bare metric), time (ms) and value in the catalogue's unit. */
export interface AirReadingInput {
  metric: string;
  at: number;
  value: number;
}

/** One device's readings of a batch, with the place whose limits judge them. */
export interface AirDeviceReadings {
  deviceId: number;
  locationId: number | null;
  readings: readonly AirReadingInput[];
}

/**
 * Devices judged in one transaction: one commit for many instead of one each, and few enough advisory locks for
 * PostgreSQL's shared lock table (64 per connection by default).
 */
const DEVICES_PER_TRANSACTION = 64;

/** An event of an evaluation, with the alert row it opened or closed. */
export interface AirEvaluationEvent extends AirAlertEvent {
  alertId: number;
  deviceId: number;
  locationId: number | null;
}

const presentAlert = (row: AirAlertRow): AirAlert => ({ ...row, unit: AIR_METRIC_CATALOGUE[row.metric].unit });

const metricOf = (name: string): AirMetric | null => airMetricOfReading(name) ?? ((AIR_METRICS as readonly string[]).includes(name) ? (name as AirMetric) : null);

/** The limits in force at a location among the company's saved settings: its own, else its nearest ancestor's, else the company's default, else WELL v2. */
export function thresholdsIn(settings: readonly AirThresholdRow[], index: LocationIndex, locationId: number | null): AirThresholdSet {
  // The location and its ancestors, nearest first (one of another company, or deleted, is not in the tree).
  const path = locationId === null ? [] : index.pathOf(locationId).map((record) => record.id).reverse();
  for (const id of [...path, null]) {
    const setting = settings.find((candidate) => candidate.locationId === id);
    if (setting) return thresholdsOf(setting);
  }
  return AIR_PRESET_THRESHOLDS[DEFAULT_AIR_PRESET];
}

/**
 * Air-quality thresholds and alerts (decision 0020). `evaluate` runs a device's batch of readings
 * through the contract's evaluator with the limits in force at the device's location, and writes the
 * new states and the alerts raised or cleared in one transaction, under a lock per device so two
 * batches of one device are judged one after the other.
 */
export function createAirService({ db, clock, locations }: AirServiceDeps) {
  /** The presets and the company's saved settings. */
  async function listThresholds(companyId: number): Promise<AirThresholds> {
    const settings = await createAirRepository(db).listThresholds(companyId);
    return {
      defaultPreset: DEFAULT_AIR_PRESET,
      presets: AIR_PRESET_THRESHOLDS,
      settings: settings.map((setting) => ({ ...setting, thresholds: thresholdsOf(setting) })),
    };
  }

  /**
   * One device's batch judged inside the transaction that holds its lock, against the limits in force at its place:
   * alerts raised or cleared are written at once, the metrics' new memory is added to `saves` (written per transaction).
   */
  async function judgeDevice(
    air: AirRepository,
    companyId: number,
    device: { deviceId: number; locationId: number | null; batch: AirReading[] },
    stored: Partial<Record<AirMetric, StoredAirState>>,
    thresholds: AirThresholdSet,
    saves: Array<{ deviceId: number; metric: AirMetric; state: StoredAirState }>,
  ) {
    const { deviceId, locationId } = device;
    const { states, events } = evaluateAirReadings(stored, device.batch, thresholds);

    const alertIds = new Map<AirMetric, number | null>(Object.entries(stored).map(([metric, state]) => [metric as AirMetric, state.alertId]));
    const writtenPeaks = new Map<AirMetric, number | null>(Object.entries(stored).map(([metric, state]) => [metric as AirMetric, state.peak]));
    const out: AirEvaluationEvent[] = [];
    for (const event of events) {
      let alertId = alertIds.get(event.metric) ?? null;
      if (event.kind === 'raised') {
        alertId = await air.insertAlert({ companyId, deviceId, locationId, metric: event.metric, side: event.side, limit: event.limit, peak: event.peak, raisedAt: event.at });
        alertIds.set(event.metric, alertId);
        writtenPeaks.set(event.metric, event.peak);
      } else {
        if (alertId !== null) await air.updateAlert(companyId, alertId, { peak: event.peak, clearedAt: event.at });
        alertIds.set(event.metric, null);
      }
      // A clear with no open alert row (one deleted by hand) still reports the event, with id 0.
      out.push({ ...event, alertId: alertId ?? 0, deviceId, locationId });
    }
    for (const [metric, state] of Object.entries(states) as Array<[AirMetric, NonNullable<(typeof states)[AirMetric]>]>) {
      const alertId = state.state === 'alert' ? (alertIds.get(metric) ?? null) : null;
      if (alertId !== null && state.peak !== null && state.peak !== writtenPeaks.get(metric)) await air.updateAlert(companyId, alertId, { peak: state.peak });
      saves.push({ deviceId, metric, state: { ...state, alertId } });
    }
    return out;
  }

  /**
   * Runs a batch of readings of each of a company's devices; readings of other nodes are skipped. Devices are
   * judged in transactions of DEVICES_PER_TRANSACTION under all their locks, the company's limits and the devices'
   * memory read once per transaction and the new memory written in one statement: a batch of the gateway's holds hundreds of devices, and a commit each cost more than judging.
   * Each device once. Returns the events, device by device in the order given, each device's in time order.
   */
  async function evaluateMany(companyId: number, devices: readonly AirDeviceReadings[]): Promise<AirEvaluationEvent[]> {
    const judged: Array<{ deviceId: number; locationId: number | null; batch: AirReading[] }> = [];
    for (const { deviceId, locationId, readings } of devices) {
      const batch: AirReading[] = [];
      for (const reading of readings) {
        const metric = metricOf(reading.metric);
        if (metric) batch.push({ metric, at: reading.at, value: reading.value });
      }
      if (batch.length > 0) judged.push({ deviceId, locationId, batch });
    }
    if (judged.length === 0) return [];
    const index = await locations(companyId);
    const out: AirEvaluationEvent[] = [];
    for (let start = 0; start < judged.length; start += DEVICES_PER_TRANSACTION) {
      const chunk = judged.slice(start, start + DEVICES_PER_TRANSACTION);
      const events = await withKeyLocks(
        db,
        chunk.map((device) => `air-device:${device.deviceId}`),
        async (trx) => {
          const air = createAirRepository(trx);
          const settings = await air.listThresholds(companyId);
          const stored = await air.listStatesOf(
            companyId,
            chunk.map((device) => device.deviceId),
          );
          const chunkEvents: AirEvaluationEvent[] = [];
          const saves: Array<{ deviceId: number; metric: AirMetric; state: StoredAirState }> = [];
          for (const device of chunk) {
            chunkEvents.push(...(await judgeDevice(air, companyId, device, stored.get(device.deviceId) ?? {}, thresholdsIn(settings, index, device.locationId), saves)));
          }
          await air.saveStates(companyId, saves);
          return chunkEvents;
        },
      );
      out.push(...events);
    }
    return out;
  }

  return {
    /** Runs a batch of one device's readings; readings of other nodes are skipped. Returns the events in time order. */
    evaluate(companyId: number, deviceId: number, locationId: number | null, readings: readonly AirReadingInput[]): Promise<AirEvaluationEvent[]> {
      return evaluateMany(companyId, [{ deviceId, locationId, readings }]);
    },

    evaluateMany,

    listThresholds,

    /** Saves a preset or custom limits for the company or one of its locations (another company's location: 404). */
    async saveThresholds(caller: AirCaller, body: SaveAirThresholdsBody): Promise<AirThresholds> {
      await withKeyLocks(db, [`air-thresholds:${caller.companyId}`], async (trx) => {
        const air = createAirRepository(trx);
        if (body.locationId !== null && !(await air.hasLocation(caller.companyId, body.locationId))) throw notFound('locationNotFound');
        await air.saveThresholds({
          companyId: caller.companyId,
          locationId: body.locationId,
          preset: body.preset,
          custom: body.preset === 'custom' ? (body.custom ?? null) : null,
          userId: caller.userId,
          now: clock.now(),
        });
      });
      return listThresholds(caller.companyId);
    },

    /** Removes the setting of a location (it follows its ancestors' or the company default again) or the company default (WELL v2 again); none saved: nothing changes. */
    async removeThresholds(caller: AirCaller, locationId: number | null): Promise<AirThresholds> {
      await withKeyLocks(db, [`air-thresholds:${caller.companyId}`], async (trx) => {
        const air = createAirRepository(trx);
        if (locationId !== null && !(await air.hasLocation(caller.companyId, locationId))) throw notFound('locationNotFound');
        await air.removeThresholds(caller.companyId, locationId);
      });
      return listThresholds(caller.companyId);
    },

    async listAlerts(companyId: number, query: AirAlertListQuery): Promise<AirAlertPage> {
      const { list, total } = await createAirRepository(db).listAlerts(companyId, query);
      return { list: list.map(presentAlert), total, page: query.page, pageSize: query.pageSize };
    },

    /** Acknowledges an alert of the caller's company (the first acknowledgement stays); another company's or unknown: 404. */
    async acknowledge(caller: AirCaller, id: number): Promise<AirAlert> {
      return withWriteTransaction(db, async (trx) => {
        const air = createAirRepository(trx);
        if (!(await air.findAlert(caller.companyId, id))) throw notFound('airAlertNotFound');
        await air.acknowledgeAlert(caller.companyId, id, caller.userId, clock.now());
        return presentAlert((await air.findAlert(caller.companyId, id))!);
      });
    },
  };
}
