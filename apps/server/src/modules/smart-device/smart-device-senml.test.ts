import { SMART_DEVICE_LIMITS } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { readSenmlPack, type SenmlContext } from './smart-device-senml.js';
import type { HomieDescription } from './smart-device.repository.js';

const DESCRIPTION: HomieDescription = {
  nodes: {
    air: {
      type: 'atrium.air',
      properties: {
        temperature: { datatype: 'float', unit: '°C' },
        humidity: { datatype: 'float', unit: '%' },
        hcho: { datatype: 'float', unit: 'ppb' },
        tvoc: { datatype: 'float', unit: 'µg/m³' },
        co2: { datatype: 'integer', unit: 'ppm' },
      },
    },
    climate: { type: 'atrium.climate', properties: { mode: { datatype: 'enum' }, on: { datatype: 'boolean' } } },
  },
};
const RECEIVED_AT = 1_795_425_000_000;

const read = (pack: unknown, stamped: string[] = []) => {
  const context: SenmlContext = {
    homieId: 'room-3-air',
    description: DESCRIPTION,
    receivedAt: RECEIVED_AT,
    stamp: (node, property) => (stamped.push(`${node}/${property}`), RECEIVED_AT + stamped.length),
  };
  return readSenmlPack(JSON.stringify(pack), context);
};

describe('SenML packs (RFC 8428) read as property values', () => {
  it('resolves times: seconds since 1970 from 2^28 on, relative to receipt below, fractions to the millisecond, none stamped at receipt', () => {
    const stamped: string[] = [];
    const events = read(
      [
        { n: 'air/co2', t: 2 ** 28, v: 1 },
        { n: 'air/co2', t: -(2 ** 28 - 1), v: 2 },
        { n: 'air/co2', t: 1_795_424_999.1234, v: 3 },
        { n: 'air/co2', t: -0.5, v: 4 },
        { n: 'air/co2', v: 5 },
        { bt: 1_795_424_000, n: 'air/co2', v: 6 },
        { n: 'air/co2', t: 1.5, v: 7 },
      ],
      stamped,
    );
    expect(events.map((event) => event.at)).toEqual([
      2 ** 28 * 1000,
      RECEIVED_AT - (2 ** 28 - 1) * 1000,
      1_795_424_999_123,
      RECEIVED_AT - 500,
      RECEIVED_AT + 1,
      1_795_424_000_000,
      1_795_424_001_500,
    ]);
    expect(stamped).toEqual(['air/co2']);
  });

  it('refuses a time more than a minute ahead of the clock', () => {
    expect(read([{ n: 'air/co2', t: 60, v: 1 }])[0]?.at).toBe(RECEIVED_AT + 60_000);
    expect(() => read([{ n: 'air/co2', t: 60.001, v: 1 }])).toThrow('record 0: time is in the future');
  });

  it('resolves names as bn + n, with or without the device id, and keeps the base name for later records', () => {
    const events = read([{ bn: 'room-3-air/air/', n: 'temperature', v: 21 }, { n: 'humidity', v: 40 }, { bn: '', n: 'room-3-air/climate/mode', vs: 'cool' }, { n: 'climate/on', vb: false }]);
    expect(events).toEqual([
      { type: 'value', node: 'air', property: 'temperature', value: '21', at: RECEIVED_AT + 1 },
      { type: 'value', node: 'air', property: 'humidity', value: '40', at: RECEIVED_AT + 2 },
      { type: 'value', node: 'climate', property: 'mode', value: 'cool', at: RECEIVED_AT + 3 },
      { type: 'value', node: 'climate', property: 'on', value: 'false', at: RECEIVED_AT + 4 },
    ]);
    expect(() => read([{ bn: 'room-4-air/', n: 'air/co2', v: 1 }])).toThrow('names another device');
    expect(() => read([{ bn: 'urn:dev:mac:0024befffe804ff1/', n: 'air/co2', v: 1 }])).toThrow('name is not [<homieId>/]<node>/<property>');
    expect(() => read([{ n: 'air', v: 1 }])).toThrow('name is not [<homieId>/]<node>/<property>');
  });

  it('checks units against the declared one, in SenML or Homie spelling; ppb and µg/m³ for formaldehyde and TVOC', () => {
    const units = read([
      { n: 'air/temperature', u: 'Cel', v: 21 },
      { n: 'air/temperature', u: '°C', v: 21 },
      { n: 'air/humidity', u: '%RH', v: 40 },
      { n: 'air/hcho', u: 'ug/m3', v: 49 },
      { n: 'air/tvoc', u: 'ppb', v: 100 },
      { n: 'air/co2', v: 600 },
    ]).map((event) => (event.type === 'value' ? event.unit : undefined));
    expect(units).toEqual(['°C', '°C', '%', 'µg/m³', 'ppb', undefined]);
    expect(() => read([{ n: 'air/co2', u: 'ppb', v: 600 }])).toThrow('unit ppb where ppm is declared');
    expect(() => read([{ n: 'air/temperature', u: 'Fahrenheit', v: 70 }])).toThrow('unit Fahrenheit is not supported');
  });

  it('takes bver 10 or none, ignores fields it does not know, refuses what it would misread', () => {
    expect(read([{ bver: 10, n: 'air/co2', v: 1, ut: 60 }])).toHaveLength(1);
    expect(() => read([{ n: 'air/co2', v: 1, foo_: 1 }])).toThrow('foo_ is not supported');
    expect(() => read([{ n: 'air/co2', v: 1, vb: true }])).toThrow('more than one value');
    expect(() => read([{ n: 'climate/mode', vs: 'x'.repeat(1_001) }])).toThrow('vs longer than 1000');
    expect(() => read([{ n: 'air/co2', t: '60', v: 1 }])).toThrow('t is not a number');
    expect(() => read([{ n: 'air/co2', v: 1 }, 'air/co2'])).toThrow('record 1: not an object');
  });

  it('takes up to the limit of records a pack', () => {
    const record = { n: 'air/co2', v: 1 };
    expect(read(Array.from({ length: SMART_DEVICE_LIMITS.senmlRecordsPerPack }, () => record))).toHaveLength(SMART_DEVICE_LIMITS.senmlRecordsPerPack);
    expect(() => read(Array.from({ length: SMART_DEVICE_LIMITS.senmlRecordsPerPack + 1 }, () => record))).toThrow('more than 1000 records');
  });
});
