import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AIR_METRIC_CATALOGUE,
  AIR_METRICS,
  AIR_PRESET_THRESHOLDS,
  AirHistoryQuery,
  AirLimit,
  airHistoryGrain,
  AirThresholdSet,
  SaveAirThresholdsBody,
  airMetricOfReading,
  evaluateAirReading,
  evaluateAirReadings,
  microgramsToPpb,
  ppbToMicrograms,
  thresholdsOf,
  toCatalogueUnit,
  type AirAlertEvent,
  type AirMetricState,
  type AirReading,
} from './air.js';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 30, 9, 0);

/** The messages of a failed parse, for asserting the wording people read. */
const messagesOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => (result.success ? [] : result.error!.issues.map((issue) => issue.message));

describe('the metric catalogue', () => {
  it('names every metric once, with the units of the topic contract', () => {
    expect(Object.keys(AIR_METRIC_CATALOGUE)).toEqual([...AIR_METRICS]);
    expect(AIR_METRIC_CATALOGUE.temperature.unit).toBe('°C');
    expect(AIR_METRIC_CATALOGUE.co2.unit).toBe('ppm');
    for (const metric of ['hcho', 'pm25', 'pm10', 'tvoc'] as const) expect(AIR_METRIC_CATALOGUE[metric].unit).toBe('µg/m³');
    for (const info of Object.values(AIR_METRIC_CATALOGUE)) expect(info.displayMin).toBeLessThan(info.displayMax);
  });

  it("reads the gateway's reading names", () => {
    expect(airMetricOfReading('air.hcho')).toBe('hcho');
    expect(airMetricOfReading('air.pm25')).toBe('pm25');
    expect(airMetricOfReading('air.noise')).toBeNull();
    expect(airMetricOfReading('climate.temperature')).toBeNull();
  });
});

describe('unit conversion at 25 °C', () => {
  it('turns formaldehyde ppb into µg/m³ with 30.03 g/mol (WELL: 27 ppb is about 33 µg/m³; 50 µg/m³ is about 40.7 ppb)', () => {
    expect(ppbToMicrograms(27, 30.03)).toBeCloseTo(33.16, 2);
    expect(toCatalogueUnit('hcho', 40.71, 'ppb')).toBeCloseTo(50, 1);
    expect(microgramsToPpb(50, 30.03)).toBeCloseTo(40.71, 2);
  });

  it('turns TVOC ppb into µg/m³ as isobutylene (56.11 g/mol)', () => {
    expect(toCatalogueUnit('tvoc', 100, 'ppb')).toBeCloseTo(229.49, 2);
    expect(toCatalogueUnit('tvoc', 0.1, 'ppm')).toBeCloseTo(229.49, 2);
  });

  it('turns mg/m³ into µg/m³ and CO2 % into ppm, whatever the spelling of micro and cube', () => {
    expect(toCatalogueUnit('hcho', 0.08, 'mg/m3')).toBeCloseTo(80, 9);
    expect(toCatalogueUnit('pm25', 12, 'ug/m3')).toBe(12);
    expect(toCatalogueUnit('pm25', 12, '\u03bcg/m³')).toBe(12);
    expect(toCatalogueUnit('co2', 0.1, '%')).toBeCloseTo(1000, 9);
    expect(toCatalogueUnit('temperature', 21.5, '°C')).toBe(21.5);
  });

  it('refuses a unit that does not fit the metric', () => {
    expect(toCatalogueUnit('pm25', 10, 'ppb')).toBeNull();
    expect(toCatalogueUnit('co2', 10, 'µg/m³')).toBeNull();
    expect(toCatalogueUnit('temperature', 70, '°F')).toBeNull();
  });

  it('round-trips ppb and µg/m³', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 100_000, noNaN: true }), fc.constantFrom(30.03, 56.11), (ppb, mass) => {
        expect(microgramsToPpb(ppbToMicrograms(ppb, mass), mass)).toBeCloseTo(ppb, 6);
      }),
    );
  });
});

describe('threshold presets', () => {
  it('hold the WELL v2 limits', () => {
    const { limits } = AIR_PRESET_THRESHOLDS.well_v2;
    expect(limits.humidity).toMatchObject({ min: 30, max: 60 });
    expect(limits.hcho?.max).toBe(50);
    expect(limits.tvoc?.max).toBe(500);
    expect(limits.pm25?.max).toBe(15);
    expect(limits.co2?.max).toBe(800);
    expect(limits.temperature).toBeUndefined();
  });

  it('hold the GB/T 18883-2022 limits in the catalogue units', () => {
    const { limits } = AIR_PRESET_THRESHOLDS.gb_t_18883;
    expect(limits.hcho?.max).toBeCloseTo(80, 9);
    expect(limits.tvoc?.max).toBeCloseTo(600, 9);
    expect(limits.pm25?.max).toBeCloseTo(50, 9);
    expect(limits.pm10?.max).toBeCloseTo(100, 9);
    expect(limits.co2?.max).toBeCloseTo(1000, 9);
    expect(limits.temperature).toMatchObject({ min: 16, max: 28 });
    expect(limits.humidity).toMatchObject({ min: 30, max: 80 });
  });

  it('are valid threshold sets themselves', () => {
    for (const set of Object.values(AIR_PRESET_THRESHOLDS)) expect(AirThresholdSet.safeParse(set).success).toBe(true);
  });

  it('resolve a setting to its limits', () => {
    const custom = { limits: { co2: { max: 1200, band: 100 } }, minDurationSeconds: 60 };
    expect(thresholdsOf({ preset: 'custom', custom })).toBe(custom);
    expect(thresholdsOf({ preset: 'gb_t_18883', custom: null })).toBe(AIR_PRESET_THRESHOLDS.gb_t_18883);
  });
});

describe('threshold validation', () => {
  it('accepts a maximum alone, a minimum alone, or both with a band that leaves room to clear', () => {
    expect(AirLimit.parse({ max: 50 })).toEqual({ max: 50, band: 0 });
    expect(AirLimit.safeParse({ min: 30, band: 2 }).success).toBe(true);
    expect(AirLimit.safeParse({ min: 30, max: 60, band: 14.9 }).success).toBe(true);
  });

  it('refuses a limit without bounds, min above max, a negative band and a band that never clears', () => {
    expect(messagesOf(AirLimit.safeParse({ band: 1 }))).toEqual(['A limit needs a minimum or a maximum']);
    expect(messagesOf(AirLimit.safeParse({ min: 60, max: 30 }))).toEqual(['The minimum is above the maximum']);
    expect(messagesOf(AirLimit.safeParse({ max: 50, band: -1 }))).toEqual(['The band cannot be negative']);
    expect(messagesOf(AirLimit.safeParse({ min: 30, max: 60, band: 15 }))).toEqual([
      'The band is too wide: no value between the minimum and the maximum would clear an alert',
    ]);
  });

  it('refuses a bad minimum duration and an unknown metric', () => {
    expect(messagesOf(AirThresholdSet.safeParse({ limits: {}, minDurationSeconds: -5 }))).toEqual(['The minimum duration cannot be negative']);
    expect(messagesOf(AirThresholdSet.safeParse({ limits: {}, minDurationSeconds: 1.5 }))).toEqual(['The minimum duration is a whole number of seconds']);
    expect(AirThresholdSet.safeParse({ limits: { noise: { max: 40 } }, minDurationSeconds: 0 }).success).toBe(false);
  });

  it('ties custom limits to the custom preset', () => {
    const custom = { limits: { co2: { max: 1000 } }, minDurationSeconds: 0 };
    expect(SaveAirThresholdsBody.safeParse({ locationId: null, preset: 'custom', custom }).success).toBe(true);
    expect(SaveAirThresholdsBody.safeParse({ locationId: 3, preset: 'well_v2' }).success).toBe(true);
    expect(messagesOf(SaveAirThresholdsBody.safeParse({ locationId: null, preset: 'custom' }))).toEqual(['Custom limits are needed with the custom preset']);
    expect(messagesOf(SaveAirThresholdsBody.safeParse({ locationId: null, preset: 'well_v2', custom }))).toEqual(['Custom limits go with the custom preset only']);
  });
});

describe('the alert evaluator', () => {
  const co2 = { max: 800, band: 50 };
  const step = (previous: AirMetricState | undefined, minute: number, value: number, limit: AirLimit | null = co2, minDurationMs = 5 * MINUTE) =>
    evaluateAirReading('co2', previous, { at: T0 + minute * MINUTE, value }, limit ?? undefined, minDurationMs);

  it('raises only after the value stayed beyond the limit for the minimum duration', () => {
    const a = step(undefined, 0, 900);
    expect(a.event).toBeNull();
    expect(a.state).toMatchObject({ state: 'ok', beyondSince: T0 });
    const b = step(a.state, 4, 950);
    expect(b.event).toBeNull();
    const c = step(b.state, 5, 920);
    expect(c.event).toEqual({ kind: 'raised', metric: 'co2', at: T0 + 5 * MINUTE, value: 920, side: 'above', limit: 800, peak: 920 });
    expect(c.state).toMatchObject({ state: 'alert', since: T0 + 5 * MINUTE, side: 'above', limit: 800 });
  });

  it('restarts the wait when a reading comes back inside', () => {
    const a = step(undefined, 0, 900);
    const b = step(a.state, 3, 790);
    expect(b.state.beyondSince).toBeNull();
    const c = step(b.state, 6, 900);
    expect(c.event).toBeNull();
    expect(c.state.beyondSince).toBe(T0 + 6 * MINUTE);
  });

  it('treats the limit itself as fine', () => {
    expect(step(undefined, 0, 800, co2, 0).event).toBeNull();
    expect(step(undefined, 0, 800.1, co2, 0).event?.kind).toBe('raised');
  });

  it('clears only when back inside by the band, with the peak', () => {
    const raised = step(undefined, 0, 900, co2, 0);
    const higher = step(raised.state, 1, 1100, co2, 0);
    expect(higher.event).toBeNull();
    expect(higher.state.peak).toBe(1100);
    const justUnder = step(higher.state, 2, 760, co2, 0);
    expect(justUnder.event).toBeNull();
    expect(justUnder.state.state).toBe('alert');
    const cleared = step(justUnder.state, 3, 750, co2, 0);
    expect(cleared.event).toEqual({ kind: 'cleared', metric: 'co2', at: T0 + 3 * MINUTE, value: 750, side: 'above', limit: 800, peak: 1100 });
    expect(cleared.state).toMatchObject({ state: 'ok', since: T0 + 3 * MINUTE, beyondSince: null, peak: null });
  });

  it('raises below a minimum and keeps the lowest value as the peak', () => {
    const humidity = { min: 30, max: 60, band: 2 };
    const raised = evaluateAirReading('humidity', undefined, { at: T0, value: 25 }, humidity, 0);
    expect(raised.event).toMatchObject({ kind: 'raised', side: 'below', limit: 30 });
    const lower = evaluateAirReading('humidity', raised.state, { at: T0 + MINUTE, value: 22 }, humidity, 0);
    expect(evaluateAirReading('humidity', lower.state, { at: T0 + 2 * MINUTE, value: 31 }, humidity, 0).event).toBeNull();
    expect(evaluateAirReading('humidity', lower.state, { at: T0 + 2 * MINUTE, value: 32 }, humidity, 0).event).toMatchObject({ kind: 'cleared', peak: 22 });
  });

  it('never alerts on a metric without a limit, and clears an open alert when its limit is removed', () => {
    expect(step(undefined, 0, 5000, null, 0).event).toBeNull();
    const raised = step(undefined, 0, 900, co2, 0);
    expect(step(raised.state, 1, 900, null, 0).event?.kind).toBe('cleared');
  });

  it('ignores a reading older than the last one', () => {
    const a = step(undefined, 10, 700, co2, 0);
    const late = step(a.state, 5, 5000, co2, 0);
    expect(late.event).toBeNull();
    expect(late.state).toBe(a.state);
  });

  it('takes a batch in time order, per metric, skipping values that are not numbers', () => {
    const thresholds = { limits: { co2: co2, pm25: { max: 15, band: 2 } }, minDurationSeconds: 0 };
    const readings: AirReading[] = [
      { metric: 'co2', at: T0 + 2 * MINUTE, value: 700 },
      { metric: 'co2', at: T0, value: 900 },
      { metric: 'pm25', at: T0 + MINUTE, value: Number.NaN },
      { metric: 'pm25', at: T0 + MINUTE, value: 20 },
    ];
    const { states, events } = evaluateAirReadings({}, readings, thresholds);
    expect(events.map((event) => [event.kind, event.metric, event.at])).toEqual([
      ['raised', 'co2', T0],
      ['raised', 'pm25', T0 + MINUTE],
      ['cleared', 'co2', T0 + 2 * MINUTE],
    ]);
    expect(states.co2?.state).toBe('ok');
    expect(states.pm25?.state).toBe('alert');
    expect(states.temperature).toBeUndefined();
  });
});

describe('the alert evaluator (properties)', () => {
  /** A limit with a positive band, a minimum duration, and times that only go forward. */
  const limitArb = fc.record({ max: fc.integer({ min: 10, max: 5000 }), band: fc.integer({ min: 1, max: 200 }) });
  const gapsArb = fc.array(fc.integer({ min: 0, max: 10 * MINUTE }), { minLength: 1, maxLength: 200 });

  const run = (limit: AirLimit, values: number[], gaps: number[], minDurationMs: number) => {
    const readings: AirReading[] = values.map((value, index) => ({ metric: 'co2', value, at: T0 + gaps.slice(0, index + 1).reduce((sum, gap) => sum + gap, 0) }));
    return evaluateAirReadings({}, readings, { limits: { co2: limit }, minDurationSeconds: minDurationMs / 1000 });
  };

  it('never raises more than once while the value wavers inside the band, whatever crosses the limit', () => {
    fc.assert(
      fc.property(limitArb, gapsArb, fc.integer({ min: 0, max: 600 }), fc.array(fc.double({ min: 0.0001, max: 1, noNaN: true }), { minLength: 200, maxLength: 200 }), (limit, gaps, durationSeconds, fractions) => {
        // Values strictly above max - band and up to max + band: above and below the limit, never back by the band.
        const values = gaps.map((_, index) => limit.max - limit.band + fractions[index]! * 2 * limit.band);
        const { events } = run(limit, values, gaps, durationSeconds * 1000);
        expect(events.filter((event) => event.kind === 'raised').length).toBeLessThanOrEqual(1);
        expect(events.filter((event) => event.kind === 'cleared')).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('alternates raised and cleared, starting with a raise, and raises only after the minimum duration beyond', () => {
    fc.assert(
      fc.property(limitArb, gapsArb, fc.integer({ min: 0, max: 900 }), fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 200, maxLength: 200 }), (limit, gaps, durationSeconds, values) => {
        const readings = gaps.map((_, index) => values[index]!);
        const { events } = run(limit, readings, gaps, durationSeconds * 1000);
        events.forEach((event: AirAlertEvent, index) => expect(event.kind).toBe(index % 2 === 0 ? 'raised' : 'cleared'));
        for (const event of events) {
          if (event.kind === 'raised') expect(event.value).toBeGreaterThan(limit.max);
          else expect(event.value).toBeLessThanOrEqual(limit.max - limit.band);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same events whether readings come in one batch or several (the state carries across)', () => {
    fc.assert(
      fc.property(limitArb, gapsArb, fc.integer({ min: 0, max: 900 }), fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 200, maxLength: 200 }), fc.integer({ min: 1, max: 20 }), (limit, gaps, durationSeconds, values, chunk) => {
        const thresholds = { limits: { co2: limit }, minDurationSeconds: durationSeconds };
        let at = T0;
        const readings: AirReading[] = gaps.map((gap, index) => ({ metric: 'co2', at: (at += gap), value: values[index]! }));
        const whole = evaluateAirReadings({}, readings, thresholds);
        let states: Partial<Record<'co2', AirMetricState>> = {};
        const events: AirAlertEvent[] = [];
        for (let start = 0; start < readings.length; start += chunk) {
          const part = evaluateAirReadings(states, readings.slice(start, start + chunk), thresholds);
          states = { ...states, ...part.states };
          events.push(...part.events);
        }
        expect(events).toEqual(whole.events);
        expect(states.co2).toEqual(whole.states.co2);
      }),
      { numRuns: 200 },
    );
  });
});

describe('the air pages', () => {
  const DAY = 86_400_000;

  it('chart a day by the minute, a month by the hour and anything longer by the day', () => {
    expect(airHistoryGrain(0, DAY)).toBe('minute');
    expect(airHistoryGrain(0, DAY + 1)).toBe('hour');
    expect(airHistoryGrain(0, 31 * DAY)).toBe('hour');
    expect(airHistoryGrain(0, 31 * DAY + 1)).toBe('day');
    // At most 1,440 points, whatever the range up to the 400 days allowed.
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 * DAY }), (span) => {
        const grain = airHistoryGrain(0, span);
        return Math.ceil(span / { minute: 60_000, hour: 3_600_000, day: DAY }[grain]) + 1 <= 1_441;
      }),
    );
  });

  it('take one place or one monitor, a range that ends after it starts, of at most 400 days', () => {
    const ok = { metric: 'co2', from: 0, to: DAY };
    expect(AirHistoryQuery.safeParse({ ...ok, locationId: '3' }).data).toEqual({ ...ok, locationId: 3 });
    expect(AirHistoryQuery.safeParse({ ...ok, deviceId: 4, to: 400 * DAY }).success).toBe(true);
    for (const bad of [ok, { ...ok, locationId: 3, deviceId: 4 }, { ...ok, locationId: 3, to: 0 }, { ...ok, locationId: 3, to: 400 * DAY + 1 }, { ...ok, locationId: 3, metric: 'noise' }]) {
      expect(AirHistoryQuery.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

});
