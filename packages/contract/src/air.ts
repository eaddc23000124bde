import { z } from 'zod';
import { SmartDeviceStatus } from './smart-device.js';
import { PageQuery, pageOf } from './paging.js';

/**
 * Air quality (issue 22; decision 0020, "Air quality: metrics, thresholds and alerts"): the metrics an
 * air monitor reports with their units, the conversions from what sensors publish, the threshold presets
 * (WELL v2, China's GB/T 18883-2022) or custom limits, and the alert evaluator with hysteresis that the
 * server runs over each batch of readings. Everything but the zod schemas is pure and clock-free.
 */

/** The metrics of the `atrium.air` node (docs: topics), in display order. */
export const AIR_METRICS = ['temperature', 'humidity', 'hcho', 'co2', 'pm25', 'pm10', 'tvoc'] as const;
export type AirMetric = (typeof AIR_METRICS)[number];
export const AirMetric = z.enum(AIR_METRICS);

/** The gateway stores readings as `air.<metric>` in `device_readings`. */
export const AIR_READING_PREFIX = 'air.';

/** The metric of a stored reading's name (`air.hcho` → `hcho`), or null for another node's reading. */
export function airMetricOfReading(name: string): AirMetric | null {
  if (!name.startsWith(AIR_READING_PREFIX)) return null;
  const metric = name.slice(AIR_READING_PREFIX.length);
  return (AIR_METRICS as readonly string[]).includes(metric) ? (metric as AirMetric) : null;
}

/** How a metric is stored and shown: its unit, the decimals shown, and the range a chart's axis spans. */
export interface AirMetricInfo {
  unit: string;
  decimals: number;
  /** The axis of a chart: readings outside it are still stored and shown. */
  displayMin: number;
  displayMax: number;
}

/** The catalogue: every reading is stored in these units (the gateway converts what a sensor declares). */
export const AIR_METRIC_CATALOGUE: Readonly<Record<AirMetric, AirMetricInfo>> = {
  temperature: { unit: '°C', decimals: 1, displayMin: -10, displayMax: 50 },
  humidity: { unit: '%', decimals: 0, displayMin: 0, displayMax: 100 },
  hcho: { unit: 'µg/m³', decimals: 0, displayMin: 0, displayMax: 300 },
  co2: { unit: 'ppm', decimals: 0, displayMin: 0, displayMax: 5000 },
  pm25: { unit: 'µg/m³', decimals: 0, displayMin: 0, displayMax: 500 },
  pm10: { unit: 'µg/m³', decimals: 0, displayMin: 0, displayMax: 600 },
  tvoc: { unit: 'µg/m³', decimals: 0, displayMin: 0, displayMax: 3000 },
};

/** Litres one mole of an ideal gas takes at 25 °C and 101.325 kPa: the conversion's usual reference. */
export const MOLAR_VOLUME_25C = 24.45;
/** Formaldehyde (CH₂O), g/mol. */
export const HCHO_MOLAR_MASS = 30.03;
/**
 * TVOC has no molar mass of its own: metal-oxide and PID sensors report it as an isobutylene
 * equivalent (C₄H₈, g/mol), so a ppb reading is converted with it.
 */
export const TVOC_ISOBUTYLENE_MOLAR_MASS = 56.11;

/** ppb → µg/m³ at 25 °C: µg/m³ = ppb × M / 24.45. */
export const ppbToMicrograms = (ppb: number, molarMass: number) => (ppb * molarMass) / MOLAR_VOLUME_25C;
/** µg/m³ → ppb at 25 °C: ppb = µg/m³ × 24.45 / M. */
export const microgramsToPpb = (micrograms: number, molarMass: number) => (micrograms * MOLAR_VOLUME_25C) / molarMass;
/** mg/m³ → µg/m³. */
export const milligramsToMicrograms = (milligrams: number) => milligrams * 1000;
/** µg/m³ → mg/m³ (GB/T 18883 writes its limits in mg/m³). */
export const microgramsToMilligrams = (micrograms: number) => micrograms / 1000;

const MOLAR_MASS: Partial<Record<AirMetric, number>> = { hcho: HCHO_MOLAR_MASS, tvoc: TVOC_ISOBUTYLENE_MOLAR_MASS };

/** A unit as sensors spell it, normalised: the micro sign and the Greek mu, `m3` and `m³`, case. */
function normaliseUnit(unit: string): string {
  return unit.trim().toLowerCase().replace(/\u03bc/g, 'µ').replace(/^u(?=g)/, 'µ').replace(/m3$/, 'm³').replace(/\s+/g, '');
}

/**
 * A value in `unit` converted to the metric's catalogue unit; null when the unit does not fit the
 * metric (the gateway counts and drops such a reading). ppb and ppm convert for formaldehyde and TVOC
 * only (they need a molar mass); mg/m³ for every mass concentration; CO2 also from `%` by volume.
 */
export function toCatalogueUnit(metric: AirMetric, value: number, unit: string): number | null {
  const from = normaliseUnit(unit);
  const to = normaliseUnit(AIR_METRIC_CATALOGUE[metric].unit);
  if (from === to || (metric === 'temperature' && (from === 'c' || from === '℃'))) return value;
  if (to === 'µg/m³') {
    if (from === 'mg/m³') return milligramsToMicrograms(value);
    const molarMass = MOLAR_MASS[metric];
    if (molarMass !== undefined && from === 'ppb') return ppbToMicrograms(value, molarMass);
    if (molarMass !== undefined && from === 'ppm') return ppbToMicrograms(value * 1000, molarMass);
  }
  if (metric === 'co2' && from === '%') return value * 10_000;
  return null;
}

/** The threshold presets: a standard's limits, or the company's own. */
export const AIR_PRESETS = ['well_v2', 'gb_t_18883', 'custom'] as const;
export type AirPreset = (typeof AIR_PRESETS)[number];
export const AirPreset = z.enum(AIR_PRESETS);
/** The preset that applies where nothing was saved. */
export const DEFAULT_AIR_PRESET = 'well_v2' satisfies AirPreset;

/** A metric's hysteresis band at most, in its unit (wider than any display range would be a mistake). */
export const AIR_BAND_MAX = 10_000;
/** The minimum duration before raising, at most: a day. */
export const AIR_MIN_DURATION_MAX_SECONDS = 86_400;

const limitValue = z.number().finite().min(-1_000_000).max(1_000_000);

/**
 * One metric's limits: `min` and/or `max` (a value below min or above max is beyond; min and max
 * themselves are fine), and the band by which it must come back inside before the alert clears.
 */
export const AirLimit = z
  .object({
    min: limitValue.optional(),
    max: limitValue.optional(),
    band: z.number().finite().min(0, 'The band cannot be negative').max(AIR_BAND_MAX).default(0),
  })
  .superRefine((limit, ctx) => {
    if (limit.min === undefined && limit.max === undefined) {
      ctx.addIssue({ code: 'custom', message: 'A limit needs a minimum or a maximum', path: ['max'] });
    } else if (limit.min !== undefined && limit.max !== undefined) {
      if (limit.min > limit.max) ctx.addIssue({ code: 'custom', message: 'The minimum is above the maximum', path: ['min'] });
      else if (limit.band * 2 >= limit.max - limit.min) {
        ctx.addIssue({ code: 'custom', message: 'The band is too wide: no value between the minimum and the maximum would clear an alert', path: ['band'] });
      }
    }
  });
export type AirLimit = z.infer<typeof AirLimit>;

/** A set of limits: per metric (a metric without one never alerts), and how long a value stays beyond before an alert is raised. */
export const AirThresholdSet = z.object({
  limits: z.partialRecord(AirMetric, AirLimit),
  minDurationSeconds: z
    .number()
    .int('The minimum duration is a whole number of seconds')
    .min(0, 'The minimum duration cannot be negative')
    .max(AIR_MIN_DURATION_MAX_SECONDS, `The minimum duration is at most ${AIR_MIN_DURATION_MAX_SECONDS} seconds`),
});
export type AirThresholdSet = z.infer<typeof AirThresholdSet>;

/** How long a preset's value stays beyond before an alert is raised: five minutes, past a door opening or a breath on the sensor. */
export const AIR_PRESET_MIN_DURATION_SECONDS = 300;

/** The bands of the presets, per metric: about a sensor's resolution plus its noise. */
const PRESET_BANDS: Readonly<Record<AirMetric, number>> = { temperature: 0.5, humidity: 2, hcho: 5, co2: 50, pm25: 2, pm10: 5, tvoc: 50 };

const preset = (limits: Partial<Record<AirMetric, { min?: number; max?: number }>>): AirThresholdSet => ({
  limits: Object.fromEntries(Object.entries(limits).map(([metric, limit]) => [metric, { ...limit, band: PRESET_BANDS[metric as AirMetric] }])),
  minDurationSeconds: AIR_PRESET_MIN_DURATION_SECONDS,
});

/**
 * The standards' limits in the catalogue's units (sources in decision 0020). WELL v2: A01 (PM2.5, PM10,
 * formaldehyde, TVOC), T07 (humidity 30-60 %), CO2 800 ppm as issue 22 sets it; no temperature range
 * (WELL rates thermal comfort by PMV, not a band). GB/T 18883-2022: HCHO 0.08 mg/m³, TVOC 0.60 mg/m³,
 * PM2.5 0.05 mg/m³, PM10 0.10 mg/m³, CO2 0.10 %, temperature and humidity the union of its summer and
 * winter ranges (22-28 and 16-24 °C; 40-80 and 30-60 %).
 */
export const AIR_PRESET_THRESHOLDS: Readonly<Record<Exclude<AirPreset, 'custom'>, AirThresholdSet>> = {
  well_v2: preset({ humidity: { min: 30, max: 60 }, hcho: { max: 50 }, tvoc: { max: 500 }, pm25: { max: 15 }, pm10: { max: 50 }, co2: { max: 800 } }),
  gb_t_18883: preset({
    temperature: { min: 16, max: 28 },
    humidity: { min: 30, max: 80 },
    hcho: { max: milligramsToMicrograms(0.08) },
    tvoc: { max: milligramsToMicrograms(0.6) },
    pm25: { max: milligramsToMicrograms(0.05) },
    pm10: { max: milligramsToMicrograms(0.1) },
    co2: { max: 0.1 * 10_000 },
  }),
};

/** The limits a setting stands for: the preset's, or the custom set. */
export function thresholdsOf(setting: { preset: AirPreset; custom: AirThresholdSet | null }): AirThresholdSet {
  if (setting.preset === 'custom') return setting.custom ?? { limits: {}, minDurationSeconds: AIR_PRESET_MIN_DURATION_SECONDS };
  return AIR_PRESET_THRESHOLDS[setting.preset];
}

// ---------------------------------------------------------------------------------------------------
// The alert evaluator

/** Which side of its limit a value went. */
export type AirSide = 'above' | 'below';

/** What the evaluator remembers per device and metric between readings (kept in `air_alert_states`). */
export interface AirMetricState {
  state: 'ok' | 'alert';
  /** When it entered `state` (ms). */
  since: number;
  /** While ok: since when the value has been beyond a limit without a break (ms), else null. */
  beyondSince: number | null;
  /** While in alert: the side, the limit crossed and the farthest value seen; else null. */
  side: AirSide | null;
  limit: number | null;
  peak: number | null;
  /** The time of the last reading taken (ms); an older reading is ignored. */
  lastAt: number;
}

/** An alert raised or cleared by a reading. */
export interface AirAlertEvent {
  kind: 'raised' | 'cleared';
  metric: AirMetric;
  at: number;
  /** The reading that raised or cleared it. */
  value: number;
  side: AirSide;
  limit: number;
  /** The farthest value beyond the limit while the alert lasted (so far, at a raise). */
  peak: number;
}

/** Which limit a value is beyond, if any. */
function beyond(limit: AirLimit, value: number): { side: AirSide; limit: number } | null {
  if (limit.max !== undefined && value > limit.max) return { side: 'above', limit: limit.max };
  if (limit.min !== undefined && value < limit.min) return { side: 'below', limit: limit.min };
  return null;
}

/** Back inside both limits by the band: the only way an alert clears. */
function isClear(limit: AirLimit, value: number): boolean {
  return (limit.max === undefined || value <= limit.max - limit.band) && (limit.min === undefined || value >= limit.min + limit.band);
}

const farther = (side: AirSide, a: number, b: number) => (side === 'above' ? Math.max(a, b) : Math.min(a, b));

/**
 * One reading through one metric's state. Raised when the value has been beyond a limit for at least
 * `minDurationMs` (each reading beyond since the first one counts; a reading inside resets the wait);
 * cleared only when a reading is back inside by the band, so a value wavering about the limit raises
 * once. A metric without a limit clears an open alert. A reading older than the last one is ignored.
 */
export function evaluateAirReading(
  metric: AirMetric,
  previous: AirMetricState | undefined,
  reading: { at: number; value: number },
  limit: AirLimit | undefined,
  minDurationMs: number,
): { state: AirMetricState; event: AirAlertEvent | null } {
  const { at, value } = reading;
  if (previous && at < previous.lastAt) return { state: previous, event: null };
  const ok = (since: number, beyondSince: number | null): AirMetricState => ({ state: 'ok', since, beyondSince, side: null, limit: null, peak: null, lastAt: at });

  if (previous?.state === 'alert') {
    const side = previous.side ?? 'above';
    const peak = farther(side, previous.peak ?? value, value);
    if (!limit || isClear(limit, value)) {
      return { state: ok(at, null), event: { kind: 'cleared', metric, at, value, side, limit: previous.limit ?? value, peak } };
    }
    return { state: { ...previous, peak, lastAt: at }, event: null };
  }

  const since = previous?.since ?? at;
  const crossed = limit ? beyond(limit, value) : null;
  if (!crossed) return { state: ok(since, null), event: null };
  const beyondSince = previous?.beyondSince ?? at;
  if (at - beyondSince < minDurationMs) return { state: ok(since, beyondSince), event: null };
  return {
    state: { state: 'alert', since: at, beyondSince: null, side: crossed.side, limit: crossed.limit, peak: value, lastAt: at },
    event: { kind: 'raised', metric, at, value, side: crossed.side, limit: crossed.limit, peak: value },
  };
}

/** A reading of one metric, as the evaluator takes it. */
export interface AirReading {
  metric: AirMetric;
  at: number;
  value: number;
}

/**
 * A batch of one device's readings through its states, in time order (ties keep the batch's order).
 * Returns every metric's state after the batch (only those the batch touched) and the events in order.
 */
export function evaluateAirReadings(
  states: Partial<Record<AirMetric, AirMetricState>>,
  readings: readonly AirReading[],
  thresholds: AirThresholdSet,
): { states: Partial<Record<AirMetric, AirMetricState>>; events: AirAlertEvent[] } {
  const next: Partial<Record<AirMetric, AirMetricState>> = {};
  const events: AirAlertEvent[] = [];
  const minDurationMs = thresholds.minDurationSeconds * 1000;
  const ordered = readings.map((reading, index) => ({ reading, index })).sort((a, b) => a.reading.at - b.reading.at || a.index - b.index);
  for (const { reading } of ordered) {
    if (!Number.isFinite(reading.value)) continue;
    const result = evaluateAirReading(reading.metric, next[reading.metric] ?? states[reading.metric], reading, thresholds.limits[reading.metric], minDurationMs);
    next[reading.metric] = result.state;
    if (result.event) events.push(result.event);
  }
  return { states: next, events };
}

// ---------------------------------------------------------------------------------------------------
// The API's shapes

const id = z.coerce.number().int().positive();

/** A saved setting: the company's default (`locationId` null) or one location's, which overrides it for the location and the locations under it. */
export const AirThresholdSetting = z.object({
  locationId: z.number().int().nullable(),
  locationName: z.string().nullable(),
  preset: AirPreset,
  /** The custom set; null with a standard preset. */
  custom: AirThresholdSet.nullable(),
  /** The limits in force: the preset's or the custom ones. */
  thresholds: AirThresholdSet,
  updatedAt: z.number().int(),
  updatedBy: z.number().int().nullable(),
});
export type AirThresholdSetting = z.infer<typeof AirThresholdSetting>;

/** `GET /api/air/thresholds`: the presets' limits, and the company's saved settings (the default first). */
export const AirThresholds = z.object({
  /** The preset in force where nothing is saved. */
  defaultPreset: AirPreset,
  presets: z.object({ well_v2: AirThresholdSet, gb_t_18883: AirThresholdSet }),
  settings: z.array(AirThresholdSetting),
});
export type AirThresholds = z.infer<typeof AirThresholds>;

/** `PUT /api/air/thresholds`: a preset, or custom limits, for the company (`locationId` null) or one location. */
export const SaveAirThresholdsBody = z
  .object({
    locationId: id.nullable(),
    preset: AirPreset,
    custom: AirThresholdSet.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.preset === 'custom' && !body.custom) ctx.addIssue({ code: 'custom', message: 'Custom limits are needed with the custom preset', path: ['custom'] });
    if (body.preset !== 'custom' && body.custom) ctx.addIssue({ code: 'custom', message: 'Custom limits go with the custom preset only', path: ['custom'] });
  });
export type SaveAirThresholdsBody = z.infer<typeof SaveAirThresholdsBody>;

/** `DELETE /api/air/thresholds`: the location (or, null, the company default) follows what is above it again. */
export const RemoveAirThresholdsBody = z.object({ locationId: id.nullable() });
export type RemoveAirThresholdsBody = z.infer<typeof RemoveAirThresholdsBody>;

/** An alert: raised when a metric stayed beyond its limit, cleared when back inside by the band. */
export const AirAlert = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  locationId: z.number().int().nullable(),
  locationName: z.string().nullable(),
  metric: AirMetric,
  /** The catalogue's unit of the metric. */
  unit: z.string(),
  state: z.enum(['raised', 'cleared']),
  side: z.enum(['above', 'below']),
  limit: z.number(),
  /** The farthest value beyond the limit so far. */
  peak: z.number(),
  raisedAt: z.number().int(),
  clearedAt: z.number().int().nullable(),
  acknowledgedAt: z.number().int().nullable(),
  acknowledgedBy: z.number().int().nullable(),
  acknowledgedByName: z.string().nullable(),
});
export type AirAlert = z.infer<typeof AirAlert>;

/** `GET /api/air/alerts`: newest raised first, optionally only raised or cleared ones. */
export const AirAlertListQuery = PageQuery.extend({
  state: z.enum(['raised', 'cleared']).optional(),
});
export type AirAlertListQuery = z.infer<typeof AirAlertListQuery>;
export const AirAlertPage = pageOf(AirAlert);
export type AirAlertPage = z.infer<typeof AirAlertPage>;

export const AirAlertIdParams = z.object({ id });
export type AirAlertIdParams = z.infer<typeof AirAlertIdParams>;

// ---------------------------------------------------------------------------------------------------
// The air pages and the public board (decision 0020, "Air pages and the public board")

/** The longest history a chart asks for, in days. */
export const AIR_HISTORY_MAX_DAYS = 400;
/** A board link's name, at most. */
export const AIR_BOARD_LINK_NAME_MAX = 50;
/** The public board's path in the console; the secret follows it (`/air-board/<token>`). */
export const AIR_BOARD_PATH = '/air-board';

/** The rollups a chart reads (device_reading_rollups). */
export const AIR_HISTORY_GRAINS = ['minute', 'hour', 'day'] as const;
export type AirHistoryGrain = (typeof AIR_HISTORY_GRAINS)[number];

const DAY_MS = 86_400_000;

/** The grain for a range: up to a day by the minute, up to 31 days by the hour, else by the day (at most about 1,440 points). */
export function airHistoryGrain(from: number, to: number): AirHistoryGrain {
  const span = to - from;
  if (span <= DAY_MS) return 'minute';
  if (span <= 31 * DAY_MS) return 'hour';
  return 'day';
}

/**
 * A metric's state at a place: `alert` while one of its monitors has an open alert, `beyond` when the
 * value is past a limit in force there but no alert is raised (yet: the minimum duration), else `ok`.
 */
export const AirState = z.enum(['ok', 'beyond', 'alert']);
export type AirState = z.infer<typeof AirState>;

/** The latest value per metric, in the catalogue's units. */
export const AirValues = z.partialRecord(AirMetric, z.number());
export type AirValues = z.infer<typeof AirValues>;

/** A place (room or other location) with air monitors, as it is now. */
export const AirPlaceNow = z.object({
  locationId: z.number().int(),
  name: z.string(),
  /** The names from the top of the tree down to the place itself. */
  path: z.array(z.string()),
  /** Averaged over the place's online monitors. */
  values: AirValues,
  states: z.partialRecord(AirMetric, AirState),
  openAlerts: z.number().int(),
  devicesOnline: z.number().int(),
  devicesTotal: z.number().int(),
  /** The newest reading among the values (ms), null without any. */
  lastReadingAt: z.number().int().nullable(),
});
export type AirPlaceNow = z.infer<typeof AirPlaceNow>;

/**
 * A room's air now, as the room finder and the booking form show it (decision 0020, "Air in the room
 * finder"): the room's own online monitors averaged, each metric's state, and `isPoor` when any metric
 * is past a limit in force there (`beyond`) or alerting. Rooms without a monitor reading now have none.
 */
export const RoomAir = z.object({
  values: AirValues,
  states: z.partialRecord(AirMetric, AirState),
  isPoor: z.boolean(),
  lastReadingAt: z.number().int().nullable(),
});
export type RoomAir = z.infer<typeof RoomAir>;

/** `GET /api/air/now`: the places in tree order, with the company's (or the subtree's) monitors online and in all. */
export const AirNow = z.object({
  list: z.array(AirPlaceNow),
  devicesOnline: z.number().int(),
  devicesTotal: z.number().int(),
});
export type AirNow = z.infer<typeof AirNow>;

export const AirNowQuery = z.object({ locationId: id.optional() });
export type AirNowQuery = z.infer<typeof AirNowQuery>;

const epochMs = z.coerce.number().int().min(0);

/** `GET /api/air/history`: one place (its subtree's monitors) or one monitor, one metric, a range of at most 400 days. */
export const AirHistoryQuery = z
  .object({
    locationId: id.optional(),
    deviceId: id.optional(),
    metric: AirMetric,
    from: epochMs,
    to: epochMs,
  })
  .superRefine((query, ctx) => {
    if ((query.locationId === undefined) === (query.deviceId === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'Give either a location or a device', path: ['locationId'] });
    }
    if (query.from >= query.to) ctx.addIssue({ code: 'custom', message: 'The range must end after it starts', path: ['to'] });
    else if (query.to - query.from > AIR_HISTORY_MAX_DAYS * DAY_MS) ctx.addIssue({ code: 'custom', message: `The range is at most ${AIR_HISTORY_MAX_DAYS} days`, path: ['to'] });
  });
export type AirHistoryQuery = z.infer<typeof AirHistoryQuery>;

/** One bucket of a chart: the mean, lowest and highest value of the readings in it. */
export const AirHistoryPoint = z.object({ at: z.number().int(), avg: z.number(), min: z.number(), max: z.number(), count: z.number().int() });
export type AirHistoryPoint = z.infer<typeof AirHistoryPoint>;

export const AirHistory = z.object({
  metric: AirMetric,
  unit: z.string(),
  grain: z.enum(AIR_HISTORY_GRAINS),
  points: z.array(AirHistoryPoint),
});
export type AirHistory = z.infer<typeof AirHistory>;

export const AirDevice = z.object({
  id: z.number().int(),
  name: z.string(),
  locationId: z.number().int().nullable(),
  path: z.array(z.string()),
  /** The devices page's status (contract smart-device.ts `smartDeviceStatus`). */
  status: SmartDeviceStatus,
  lastSeenAt: z.number().int().nullable(),
  values: AirValues,
});
export type AirDevice = z.infer<typeof AirDevice>;

export const AirDeviceList = z.object({ list: z.array(AirDevice) });
export type AirDeviceList = z.infer<typeof AirDeviceList>;

export const CreateAirBoardLinkBody = z.object({
  name: z.string().trim().min(1).max(AIR_BOARD_LINK_NAME_MAX),
  locationId: id.nullish(),
});
export type CreateAirBoardLinkBody = z.infer<typeof CreateAirBoardLinkBody>;

export const AirBoardLink = z.object({
  id: z.number().int(),
  name: z.string(),
  locationId: z.number().int().nullable(),
  locationName: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.number().int(),
  revokedAt: z.number().int().nullable(),
});
export type AirBoardLink = z.infer<typeof AirBoardLink>;

/** A new link: its secret and path are shown this once. */
export const CreatedAirBoardLink = AirBoardLink.extend({ token: z.string(), path: z.string() });
export type CreatedAirBoardLink = z.infer<typeof CreatedAirBoardLink>;

export const AirBoardLinkList = z.object({ list: z.array(AirBoardLink) });
export type AirBoardLinkList = z.infer<typeof AirBoardLinkList>;

export const AirBoardLinkIdBody = z.object({ id: z.number().int().positive() });
export type AirBoardLinkIdBody = z.infer<typeof AirBoardLinkIdBody>;

export const AirBoardQuery = z.object({ token: z.string().trim().min(1).max(200) });
export type AirBoardQuery = z.infer<typeof AirBoardQuery>;

/** A place on the public board: names and values only. */
export const AirBoardPlace = AirPlaceNow.pick({ name: true, path: true, values: true, states: true, openAlerts: true, lastReadingAt: true });
export type AirBoardPlace = z.infer<typeof AirBoardPlace>;

/** `GET /api/air/board`: the link's name, the company's, and its places now. */
export const AirBoard = z.object({ name: z.string(), companyName: z.string(), list: z.array(AirBoardPlace) });
export type AirBoard = z.infer<typeof AirBoard>;
