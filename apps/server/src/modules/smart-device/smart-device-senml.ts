import { SMART_DEVICE_LIMITS } from '@atrium/contract';
import type { DeviceEvent } from './smart-device-recorder.js';
import type { HomieDescription } from './smart-device.repository.js';

/** Why a SenML pack was dropped (the gateway counts it as malformed and logs the reason). */
export class MalformedPack extends Error {}

/** RFC 8428 section 4.5.3: a time below 2^28 seconds is relative to now; from 2^28 on it is seconds since the epoch. */
const RELATIVE_TIME_LIMIT = 2 ** 28;
const NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;
/** Fields we do not read whose meaning changes the value (RFC 8428 base value and sum, data value): a pack using them is refused. */
const UNSUPPORTED = new Set(['bv', 'bs', 's', 'vd']);
/** Longest string value (as the HTTP device API). */
const STRING_MAX = 1_000;

/**
 * SenML units (RFC 8428 section 12.1 and common spellings) as the Homie units descriptions declare them. A record's unit
 * must be its property's declared unit in either spelling, or ppb / µg/m³ for formaldehyde and TVOC (converted as for
 * Homie values, `PPB_TO_UG_M3`).
 */
const HOMIE_UNIT_OF: Readonly<Record<string, string>> = {
  Cel: '°C',
  '°C': '°C',
  '%RH': '%',
  '%': '%',
  ppm: 'ppm',
  ppb: 'ppb',
  'ug/m3': 'µg/m³',
  'µg/m³': 'µg/m³',
};
const CONVERTIBLE = new Set(['ppb', 'µg/m³']);
const PPB_PROPERTIES = new Set(['hcho', 'tvoc']);

type DeclaredProperty = NonNullable<NonNullable<NonNullable<HomieDescription['nodes']>[string]['properties']>[string]>;

/** A resolved name: the node, the property and what the description declares of it. */
interface Target {
  node: string;
  property: string;
  declared: DeclaredProperty;
}

export interface SenmlContext {
  homieId: string;
  description: HomieDescription | null;
  /** The time of receipt, epoch ms. */
  receivedAt: number;
  /** The time of receipt for a value of this property, distinct from the last one stamped (as Homie values). */
  stamp: (node: string, property: string) => number;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function optional<T>(record: Record<string, unknown>, key: string, isType: (value: unknown) => value is T, what: string): T | undefined {
  const value = record[key];
  if (value === undefined) return undefined;
  if (!isType(value)) throw new MalformedPack(`${key} is not ${what}`);
  return value;
}
const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

/**
 * A SenML JSON pack (RFC 8428) read as the device's property values: all of them, or none (throws MalformedPack
 * naming the first record that does not fit). Names resolve to `<node>/<property>` of the device's own
 * description, optionally prefixed `<homieId>/`; times to epoch ms; units to the declared one.
 */
export function readSenmlPack(text: string, context: SenmlContext): DeviceEvent[] {
  let pack: unknown;
  try {
    pack = JSON.parse(text);
  } catch {
    throw new MalformedPack('SenML pack is not JSON');
  }
  if (!Array.isArray(pack)) throw new MalformedPack('SenML pack is not an array');
  if (pack.length === 0) throw new MalformedPack('SenML pack has no records');
  if (pack.length > SMART_DEVICE_LIMITS.senmlRecordsPerPack) throw new MalformedPack(`SenML pack has more than ${SMART_DEVICE_LIMITS.senmlRecordsPerPack} records`);
  const events: DeviceEvent[] = [];
  // Base fields apply to their record and every later one, until a record sets them again (RFC 8428 section 4.1).
  let baseName = '';
  let baseTime = 0;
  let baseUnit: string | undefined;
  // A pack names the same few properties again and again: each name is resolved once.
  const targets = new Map<string, Target>();
  for (const [index, record] of pack.entries()) {
    try {
      if (!isObject(record)) throw new MalformedPack('not an object');
      events.push(readRecord(record));
    } catch (error) {
      if (error instanceof MalformedPack) throw new MalformedPack(`SenML record ${index}: ${error.message}`);
      throw error;
    }
  }
  return events;

  function readRecord(record: Record<string, unknown>): DeviceEvent {
    for (const key in record) {
      // Fields ending in `_` must be understood (RFC 8428 section 4.4); other unknown fields are ignored.
      if (key.endsWith('_') || UNSUPPORTED.has(key)) throw new MalformedPack(`${key} is not supported`);
    }
    const version = optional(record, 'bver', isNumber, 'a number');
    if (version !== undefined && version !== 10) throw new MalformedPack(`SenML version ${version} is not supported`);
    baseName = optional(record, 'bn', isString, 'a string') ?? baseName;
    baseTime = optional(record, 'bt', isNumber, 'a number') ?? baseTime;
    baseUnit = optional(record, 'bu', isString, 'a string') ?? baseUnit;
    const name = `${baseName}${optional(record, 'n', isString, 'a string') ?? ''}`;
    const unit = optional(record, 'u', isString, 'a string') ?? baseUnit;
    const time = optional(record, 't', isNumber, 'a number');
    const number = optional(record, 'v', isNumber, 'a number');
    const boolean = optional(record, 'vb', isBoolean, 'a boolean');
    const string = optional(record, 'vs', isString, 'a string');
    const values = (number === undefined ? 0 : 1) + (boolean === undefined ? 0 : 1) + (string === undefined ? 0 : 1);
    if (values !== 1) throw new MalformedPack(values === 0 ? 'no value' : 'more than one value');

    let target = targets.get(name);
    if (!target) targets.set(name, (target = targetOf(name)));
    const { node, property, declared } = target;

    const datatype = declared.datatype;
    let value: string;
    if (number !== undefined) {
      if (datatype !== 'float' && datatype !== 'integer') throw new MalformedPack(`v for a ${datatype ?? 'untyped'} property`);
      value = String(number);
    } else if (boolean !== undefined) {
      if (datatype !== 'boolean') throw new MalformedPack(`vb for a ${datatype ?? 'untyped'} property`);
      value = String(boolean);
    } else {
      if (datatype === 'float' || datatype === 'integer' || datatype === 'boolean') throw new MalformedPack(`vs for a ${datatype} property`);
      if (string!.length > STRING_MAX) throw new MalformedPack(`vs longer than ${STRING_MAX}`);
      value = string!;
    }

    const at = timeOf(time, node, property);
    const homieUnit = unit === undefined ? undefined : unitOf(unit, declared.unit, property);
    return homieUnit === undefined ? { type: 'value', node, property, value, at } : { type: 'value', node, property, value, at, unit: homieUnit };
  }

  /** The device's own property a resolved name stands for. */
  function targetOf(name: string): Target {
    const levels = name.split('/');
    if (levels.length === 3 && levels[0] === context.homieId) levels.shift();
    if (levels.length === 3 && NAME.test(levels[0]!)) throw new MalformedPack('names another device');
    const [node, property] = levels;
    if (levels.length !== 2 || !NAME.test(node!) || !NAME.test(property!)) throw new MalformedPack('name is not [<homieId>/]<node>/<property>');
    const declared = context.description?.nodes?.[node!]?.properties?.[property!];
    if (!declared) throw new MalformedPack(`${node}/${property} is not in the device's description`);
    return { node: node!, property: property!, declared };
  }

  /** bt + t in seconds; both absent is the time of receipt, stamped as a Homie value is. */
  function timeOf(time: number | undefined, node: string, property: string): number {
    if (time === undefined && baseTime === 0) return context.stamp(node, property);
    const seconds = baseTime + (time ?? 0);
    const at = seconds < RELATIVE_TIME_LIMIT ? context.receivedAt + Math.round(seconds * 1000) : Math.round(seconds * 1000);
    if (at > context.receivedAt + SMART_DEVICE_LIMITS.futureToleranceMs) throw new MalformedPack('time is in the future');
    if (at < 0) throw new MalformedPack('time is before 1970');
    return at;
  }

  /** The Homie unit a record's unit stands for, checked against the declared one. */
  function unitOf(unit: string, declared: string | undefined, property: string): string {
    const homie = HOMIE_UNIT_OF[unit];
    if (homie === undefined) throw new MalformedPack(`unit ${unit} is not supported`);
    if (declared === undefined) throw new MalformedPack(`unit ${unit} for a property without a unit`);
    const isConvertible = PPB_PROPERTIES.has(property) && CONVERTIBLE.has(homie) && CONVERTIBLE.has(declared);
    if (homie !== declared && !isConvertible) throw new MalformedPack(`unit ${unit} where ${declared} is declared`);
    return homie;
  }
}
