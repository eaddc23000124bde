import { describe, expect, it } from 'vitest';
import { demoDevices, parseDevices } from './devices.js';
import { checkValue, describeDevice, DEVICE_KINDS, type HomieDescription } from './model.js';
import { parseOptions } from './options.js';
import { createRoom, stepRoom, type Room } from './room.js';

/** Homie 5's rules for a `$description`, written from the convention, not from model.ts. */
function homieFaults(description: HomieDescription): string[] {
  const faults: string[] = [];
  const id = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
  const range = /^(-?\d+(?:\.\d+)?)?:(-?\d+(?:\.\d+)?)?(?::\d+(?:\.\d+)?)?$/;
  const datatypes = ['integer', 'float', 'boolean', 'string', 'enum', 'color', 'datetime', 'duration', 'json'];
  const record = description as unknown as Record<string, unknown>;
  if (record.homie !== '5.0') faults.push('homie must be "5.0"');
  if (!Number.isInteger(record.version) || (record.version as number) < 0) faults.push('version must be a non-negative integer');
  if (typeof record.name !== 'string') faults.push('name must be a string');
  if (typeof record.nodes !== 'object' || record.nodes === null) return [...faults, 'nodes must be an object'];
  for (const [nodeId, node] of Object.entries(description.nodes)) {
    if (!id.test(nodeId)) faults.push(`node id ${nodeId}`);
    if (typeof node.type !== 'string' || typeof node.name !== 'string') faults.push(`node ${nodeId} name/type`);
    for (const [propertyId, property] of Object.entries(node.properties)) {
      const where = `${nodeId}/${propertyId}`;
      if (!id.test(propertyId)) faults.push(`property id ${where}`);
      const unknown = Object.keys(property).filter((key) => !['name', 'datatype', 'format', 'settable', 'retained', 'unit'].includes(key));
      if (unknown.length) faults.push(`${where} has unknown fields ${unknown.join()}`);
      if (!datatypes.includes(property.datatype)) faults.push(`${where} datatype ${property.datatype}`);
      if (property.settable !== undefined && typeof property.settable !== 'boolean') faults.push(`${where} settable`);
      if (property.retained !== undefined && typeof property.retained !== 'boolean') faults.push(`${where} retained`);
      if (property.datatype === 'enum') {
        const values = (property.format ?? '').split(',');
        if (!property.format || values.some((value) => value === '') || new Set(values).size !== values.length) faults.push(`${where} enum format`);
      }
      if ((property.datatype === 'integer' || property.datatype === 'float') && property.format !== undefined) {
        const match = range.exec(property.format);
        if (!match) faults.push(`${where} range format ${property.format}`);
        else if (match[1] !== undefined && match[2] !== undefined && Number(match[1]) > Number(match[2])) faults.push(`${where} min > max`);
      }
    }
  }
  return faults;
}

/** The node types of the device topic contract (/work/briefs/topics.md): property, datatype, settable. */
const CONTRACT: Record<string, Record<string, [datatype: string, isSettable: boolean, unit?: string]>> = {
  'atrium.presence': { occupancy: ['boolean', false], method: ['enum', false] },
  'atrium.air': {
    temperature: ['float', false, '°C'],
    humidity: ['float', false, '%'],
    hcho: ['float', false, 'µg/m³'],
    co2: ['float', false, 'ppm'],
    pm25: ['float', false, 'µg/m³'],
    pm10: ['float', false, 'µg/m³'],
    tvoc: ['float', false, 'µg/m³'],
  },
  'atrium.light': { on: ['boolean', true], brightness: ['integer', true] },
  'atrium.climate': { on: ['boolean', true], mode: ['enum', true], setpoint: ['float', true, '°C'], temperature: ['float', false, '°C'] },
  'atrium.curtain': { position: ['integer', true] },
  'atrium.projector': { on: ['boolean', true], input: ['enum', true] },
  'atrium.power': { on: ['boolean', true] },
  'atrium.audio': { volume: ['integer', true], muted: ['boolean', true] },
  'atrium.system': { restart: ['boolean', true], ip: ['string', false], mac: ['string', false], firmware: ['string', false] },
};

describe('device descriptions', () => {
  it.each(DEVICE_KINDS)('a %s is described in valid Homie 5 with the contract node types', (kind) => {
    const description = describeDevice({ id: `test-${kind.replace('_', '-')}`, kind, room: 'Kew' });
    expect(homieFaults(description)).toEqual([]);
    expect(description.type).toBe(kind);
    expect(JSON.parse(JSON.stringify(description))).toEqual(description);
    for (const [nodeId, node] of Object.entries(description.nodes)) {
      const expected = CONTRACT[node.type];
      expect(expected, `${nodeId} has a contract type`).toBeDefined();
      for (const [propertyId, [datatype, isSettable, unit]] of Object.entries(expected ?? {})) {
        const property = node.properties[propertyId];
        expect(property, `${nodeId}/${propertyId}`).toBeDefined();
        expect([property?.datatype, property?.settable === true]).toEqual([datatype, isSettable]);
        if (unit) expect(property?.unit).toBe(unit);
      }
      expect(Object.keys(node.properties).sort()).toEqual(Object.keys(expected ?? {}).sort());
    }
    // Restart is a command, never replayed by the broker.
    expect(description.nodes.system?.properties.restart?.retained).toBe(false);
  });

  it('the demo set covers every node type of the contract, with unique Homie ids', () => {
    const devices = demoDevices();
    const types = new Set(devices.flatMap((device) => Object.values(describeDevice(device).nodes).map((node) => node.type)));
    expect([...types].sort()).toEqual(Object.keys(CONTRACT).sort());
    expect(new Set(devices.map((device) => device.id)).size).toBe(devices.length);
    expect(devices.map((device) => device.id)).toContain('huangpu-air');
    expect(describeDevice(devices[0]!).version).toBe(describeDevice(devices[0]!).version);
  });
});

describe('command values', () => {
  const light = describeDevice({ id: 'l', kind: 'light' }).nodes.light!.properties;
  const climate = describeDevice({ id: 'c', kind: 'air_conditioner' }).nodes.climate!.properties;

  it('accepts values of the datatype within range and enum', () => {
    expect(checkValue(light.on!, 'true')).toEqual({ ok: true, value: 'true' });
    expect(checkValue(light.brightness!, '0')).toEqual({ ok: true, value: '0' });
    expect(checkValue(light.brightness!, '100')).toEqual({ ok: true, value: '100' });
    expect(checkValue(climate.setpoint!, '21.5')).toEqual({ ok: true, value: '21.5' });
    expect(checkValue(climate.mode!, 'heat')).toEqual({ ok: true, value: 'heat' });
  });

  it('refuses a wrong datatype, a value out of range and an unknown enum value', () => {
    for (const [spec, raw] of [
      [light.on!, 'yes'],
      [light.on!, 'TRUE'],
      [light.brightness!, '101'],
      [light.brightness!, '-1'],
      [light.brightness!, '50.5'],
      [light.brightness!, ''],
      [climate.setpoint!, '15.9'],
      [climate.setpoint!, '30.1'],
      [climate.setpoint!, 'warm'],
      [climate.mode!, 'dry'],
    ] as const) {
      expect(checkValue(spec, raw).ok, `${spec.name} ${raw}`).toBe(false);
    }
  });
});

describe('room air', () => {
  const steady = () => 0.5;
  const run = (room: Room, minutes: number) => {
    const start = room.nextChangeAt - 1;
    for (let minute = 1; minute <= minutes; minute++) stepRoom(room, start + minute * 60_000, 60, steady);
  };

  it('CO2 rises past 800 ppm over a meeting and falls once the room is empty', () => {
    const room = createRoom('Kew', 0, steady, true);
    run(room, 40);
    expect(room.air.co2).toBeGreaterThan(800);
    room.isForcedOccupied = false;
    room.isOccupied = false;
    room.nextChangeAt = Number.MAX_SAFE_INTEGER;
    const peak = room.air.co2;
    run(room, 60);
    expect(room.air.co2).toBeLessThan(peak - 300);
  });

  it('temperature follows the air conditioner set point slowly; humidity stays within 35-55 %', () => {
    const room = createRoom('Kew', 0, steady, true);
    room.climate = { on: true, mode: 'cool', setpoint: 19 };
    const before = room.air.temperature;
    run(room, 2);
    expect(room.air.temperature).toBeGreaterThan(19.5);
    expect(room.air.temperature).toBeLessThan(before);
    run(room, 60);
    expect(room.air.temperature).toBeCloseTo(19, 0);
    expect(room.air.humidity).toBeGreaterThanOrEqual(35);
    expect(room.air.humidity).toBeLessThanOrEqual(55);
  });

  it('a formaldehyde and TVOC release passes the WELL limits and fades below them', () => {
    const room = createRoom('Kew', 0, steady, true);
    room.spike = 1;
    stepRoom(room, room.nextChangeAt + 10_000, 10, steady);
    expect(room.air.hcho).toBeGreaterThan(50);
    expect(room.air.tvoc).toBeGreaterThan(500);
    run(room, 30);
    expect(room.air.hcho).toBeLessThan(50);
    expect(room.air.tvoc).toBeLessThan(500);
  });
});

describe('room presence', () => {
  it('follows the meeting schedule unless the room is kept occupied or kept empty', () => {
    const steady = () => 0.5;
    const free = createRoom('Kew', 0, steady);
    const kept = createRoom('Southwark', 0, steady, false, true);
    const busy = createRoom('Camden', 0, steady, true, true);
    // Past the first scheduled change, a free room fills; a room kept empty stays empty; kept occupied wins over kept empty.
    for (const room of [free, kept, busy]) stepRoom(room, 10 * 60_000, 60, steady);
    expect([free.isOccupied, kept.isOccupied, busy.isOccupied]).toEqual([true, false, true]);
    for (let minute = 11; minute < 200; minute++) stepRoom(kept, minute * 60_000, 60, steady);
    expect(kept.isOccupied).toBe(false);
  });
});

describe('options and device lists', () => {
  it('reads flags over the environment and checks them', () => {
    const options = parseOptions(['--company', '7', '--rate', '2', '--occupied', 'Kew', '--occupied', 'Camden', '--empty', 'Southwark', '--once'], {
      MQTT_URL: 'mqtt://broker:1883',
      MQTT_TOPIC_PREFIX: 'acme',
    });
    expect(options).toMatchObject({ url: 'mqtt://broker:1883', prefix: 'acme', companyId: 7, rateSeconds: 2, isOnce: true, occupiedRooms: ['Kew', 'Camden'], emptyRooms: ['Southwark'] });
    expect(parseOptions(['--prefix', 'x'], {})).toMatchObject({ url: 'mqtt://127.0.0.1:1883', prefix: 'x', companyId: 1, rateSeconds: 10, isOnce: false });
    expect(() => parseOptions(['--company', 'abc'], {})).toThrow(/company/);
    expect(() => parseOptions(['--prefix', 'a/#'], {})).toThrow(/prefix/);
    expect(() => parseOptions(['--nope'], {})).toThrow();
  });

  it('refuses a device list with a bad id, an unknown kind or a repeated id', () => {
    expect(parseDevices([{ id: 'kew-lights', kind: 'light', room: 'Kew' }])).toEqual([{ id: 'kew-lights', kind: 'light', room: 'Kew' }]);
    expect(() => parseDevices([{ id: 'Kew Lights', kind: 'light' }])).toThrow(/Homie id/);
    expect(() => parseDevices([{ id: 'kew-lights', kind: 'lamp' }])).toThrow(/kind/);
    expect(() => parseDevices([{ id: 'a', kind: 'light' }, { id: 'a', kind: 'curtain' }])).toThrow(/twice/);
    expect(() => parseDevices({})).toThrow(/array/);
  });
});
