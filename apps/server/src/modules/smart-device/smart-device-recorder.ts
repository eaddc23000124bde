import type { HomieState } from '@atrium/contract';
import type { Clock } from '../../platform/clock.js';
import type { DeviceChange, DeviceReading, HomieDescription, SmartDeviceRef, SmartDeviceRepository } from './smart-device.repository.js';

/** What a device said, from MQTT or the HTTP device API. */
export type DeviceEvent =
  | { type: 'state'; state: HomieState; at: number }
  | { type: 'description'; description: HomieDescription; at: number }
  /** A property value as Homie sends it (a string); `metric` and `unit` override the description (Home Assistant). */
  | { type: 'value'; node: string; property: string; value: string; at: number; metric?: string; unit?: string };

/**
 * ppb to µg/m³ at 25 °C and 1 atm: µg/m³ = ppb × molar mass / 24.45 (the molar volume in litres).
 * Formaldehyde is 30.03 g/mol; TVOC is reported as isobutylene (56.11 g/mol), the reference gas of
 * the PID sensors most monitors use (decision 0020).
 */
export const PPB_TO_UG_M3: Readonly<Record<string, number>> = { hcho: 30.03 / 24.45, tvoc: 56.11 / 24.45 };

/** Why a value was not recorded as a reading although its datatype is numeric or boolean. */
export class MalformedValue extends Error {}

/** Each description's metrics by node and property, worked out once: every value of a device is read against it. */
const metricsByDescription = new WeakMap<HomieDescription, Map<string, Map<string, string>>>();

/** The metric a property's readings are stored under: `air.temperature`, `presence.occupancy`, `outlet-1.on`. */
export function metricOf(description: HomieDescription | null, node: string, property: string): string {
  if (!description) return `${node}.${property}`;
  let byNode = metricsByDescription.get(description);
  if (!byNode) metricsByDescription.set(description, (byNode = new Map()));
  let byProperty = byNode.get(node);
  if (!byProperty) byNode.set(node, (byProperty = new Map()));
  let metric = byProperty.get(property);
  if (metric === undefined) byProperty.set(property, (metric = describedMetricOf(description, node, property)));
  return metric;
}

function describedMetricOf(description: HomieDescription, node: string, property: string): string {
  const type = description.nodes?.[node]?.type;
  if (type?.startsWith('atrium.')) {
    const short = type.slice('atrium.'.length);
    const sameType = Object.values(description.nodes ?? {}).filter((other) => other.type === type).length;
    if (sameType === 1 || short === node) return `${short}.${property}`;
  }
  return `${node}.${property}`;
}

/**
 * The number stored for a value, or null when the property is not numeric (enum, string, …). Throws
 * MalformedValue when a numeric or boolean property carries something else.
 */
export function readingOf(description: HomieDescription | null, node: string, property: string, value: string, unitOverride?: string): number | null {
  const declared = description?.nodes?.[node]?.properties?.[property];
  const datatype = declared?.datatype;
  const unit = unitOverride ?? declared?.unit;
  let number: number;
  if (datatype === 'boolean' || (!datatype && (value === 'true' || value === 'false'))) {
    if (value !== 'true' && value !== 'false') throw new MalformedValue(`not a boolean`);
    number = value === 'true' ? 1 : 0;
  } else if (datatype === 'float' || datatype === 'integer' || (!datatype && /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(value.trim()))) {
    number = Number(value.trim());
    if (value.trim() === '' || !Number.isFinite(number)) throw new MalformedValue(`not a number`);
  } else {
    return null;
  }
  const factor = unit?.toLowerCase() === 'ppb' ? PPB_TO_UG_M3[property] : undefined;
  return factor === undefined ? number : number * factor;
}

export interface RecorderOptions {
  devices: Pick<SmartDeviceRepository, 'recordBatch'>;
  clock: Clock;
  /** A batch is written when it holds this many events… */
  maxBatch?: number;
  /** …or this long after its first event. */
  flushMs?: number;
  /**
   * Told each committed batch's readings, one batch after another (air quality judges them, decision 0020). It runs
   * after the batch's messages are acknowledged, never holds them up, and a failure of it loses no reading.
   */
  onCommitted?: (readings: DeviceReading[]) => Promise<void>;
}

interface Batch {
  changes: Map<number, DeviceChange>;
  readings: Map<string, DeviceReading>;
  size: number;
  /** Settles when the batch is committed or failed; every event of the batch waits on this one promise. */
  committed: Promise<void>;
  settle: { resolve: () => void; reject: (error: unknown) => void };
}

const emptyBatch = (): Batch => {
  let settle!: Batch['settle'];
  const committed = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  // A failed batch is reported to each caller; this only keeps a batch nobody waited on from crashing the process.
  committed.catch(() => undefined);
  return { changes: new Map(), readings: new Map(), size: 0, committed, settle };
};

/**
 * Records device events in batches: one transaction per batch, written when it is full or `flushMs`
 * after its first event, one batch after another (so acknowledgements keep the order of the
 * messages). `record` resolves once its event is committed.
 */
export function createSmartDeviceRecorder({ devices, maxBatch = 5_000, flushMs = 50, onCommitted }: RecorderOptions) {
  let batch = emptyBatch();
  let timer: NodeJS.Timeout | undefined;
  let isFlushSoon = false;
  let writing: Promise<void> = Promise.resolve();
  let telling: Promise<void> = Promise.resolve();
  const counters = { events: 0, readings: 0, batches: 0, failedBatches: 0 };

  const flush = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    if (batch.size === 0) return writing;
    const taken = batch;
    batch = emptyBatch();
    writing = writing.then(async () => {
      try {
        counters.readings += await devices.recordBatch([...taken.changes.values()], [...taken.readings.values()]);
        counters.batches += 1;
        taken.settle.resolve();
        if (onCommitted && taken.readings.size > 0) {
          const readings = [...taken.readings.values()];
          telling = telling.then(() => onCommitted(readings)).catch(() => undefined);
        }
      } catch (error) {
        counters.failedBatches += 1;
        taken.settle.reject(error);
      }
    });
    return writing;
  };

  const changeOf = (device: SmartDeviceRef, at: number) => {
    let change = batch.changes.get(device.id);
    if (!change) {
      change = { companyId: device.companyId, deviceId: device.id, properties: new Map(), lastSeenAt: at };
      batch.changes.set(device.id, change);
    }
    change.lastSeenAt = Math.max(change.lastSeenAt, at);
    return change;
  };

  return {
    counters,
    /**
     * Adds a device's events to the batch; resolves when they are committed. Throws MalformedValue
     * (before anything is added) when a value does not fit its declared datatype.
     */
    record(device: SmartDeviceRef, events: DeviceEvent[]): Promise<void> {
      const readings: DeviceReading[] = [];
      for (const event of events) {
        if (event.type !== 'value') continue;
        const value = readingOf(device.description, event.node, event.property, event.value, event.unit);
        if (value !== null) readings.push({ companyId: device.companyId, deviceId: device.id, metric: event.metric ?? metricOf(device.description, event.node, event.property), at: event.at, value });
      }
      for (const event of events) {
        const change = changeOf(device, event.at);
        if (event.type === 'state') change.state = event.state;
        else if (event.type === 'description') change.description = event.description;
        else {
          // The newest value wins, whatever order the values came in (HTTP values carry their own time).
          const key = `${event.node}/${event.property}`;
          const kept = change.properties.get(key);
          if (!kept || kept.at <= event.at) change.properties.set(key, { value: event.value, at: event.at });
          if (event.node === 'system' && event.property === 'ip') change.ipAddress = event.value.slice(0, 64);
          if (event.node === 'system' && event.property === 'mac') change.macAddress = event.value.slice(0, 64);
        }
      }
      for (const reading of readings) batch.readings.set(`${reading.deviceId}|${reading.metric}|${reading.at}`, reading);
      counters.events += events.length;
      batch.size += events.length;
      const { committed } = batch;
      if (batch.size >= maxBatch) void flush();
      else timer ??= setTimeout(() => void flush(), flushMs);
      return committed;
    },
    /** Writes what is waiting now. */
    flush,
    /**
     * Writes what is waiting once the events already on their way (in this turn of the event loop) are in:
     * the subscriber's window is full, so nothing more comes before this batch commits.
     */
    flushSoon() {
      if (isFlushSoon) return;
      isFlushSoon = true;
      setImmediate(() => {
        isFlushSoon = false;
        void flush();
      });
    },
    /** Writes what is waiting, stops the timer and waits until the last batch has been told. */
    async close() {
      await flush();
      await telling;
    },
  };
}

export type SmartDeviceRecorder = ReturnType<typeof createSmartDeviceRecorder>;
