/**
 * What each kind does with its values: what it starts with, what a command changes in its room, and
 * what a sensor reads each round. Values are the raw Homie payloads, keyed `node/property`.
 */
import { CLIMATE_MODES, OUTLETS, type DeviceConfig } from './model.js';
import type { Climate, Room } from './room.js';

export type Values = Record<string, string>;

const FIRMWARE = '2.3.1';

/** A stable small number per device id, for its made-up address. */
function idNumber(id: string): number {
  let hash = 7;
  for (let i = 0; i < id.length; i++) hash = (Math.imul(hash, 33) + id.charCodeAt(i)) >>> 0;
  return hash;
}

function systemValues(device: DeviceConfig): Values {
  const n = idNumber(device.id);
  const bytes = [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];
  return {
    'system/ip': `10.20.${bytes[0]}.${(bytes[1] ?? 0) % 250 + 2}`,
    // A locally administered address (02:...), never a real vendor's.
    'system/mac': ['02', '5a', ...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join(':'),
    'system/firmware': FIRMWARE,
  };
}

const fixed = (value: number, digits: number) => value.toFixed(digits);

/** What the device measures now (sensors); nothing for kinds that only take commands. */
export function readValues(device: DeviceConfig, room: Room): Values {
  switch (device.kind) {
    case 'sensor':
      return { 'presence/occupancy': String(room.isOccupied) };
    case 'air_conditioner':
      return { 'climate/temperature': fixed(room.air.temperature, 1) };
    case 'air_monitor': {
      const air = room.air;
      return {
        'air/temperature': fixed(air.temperature, 1),
        'air/humidity': fixed(air.humidity, 1),
        'air/hcho': fixed(air.hcho, 1),
        'air/co2': fixed(air.co2, 0),
        'air/pm25': fixed(air.pm25, 1),
        'air/pm10': fixed(air.pm10, 1),
        'air/tvoc': fixed(air.tvoc, 0),
      };
    }
    default:
      return {};
  }
}

/** The retained values a device publishes when it comes up. */
export function initialValues(device: DeviceConfig, room: Room): Values {
  const own = ((): Values => {
    switch (device.kind) {
      case 'sensor':
        // Radar tells a still person from an empty room; the server trusts it for check-in and release.
        return { 'presence/method': 'radar' };
      case 'light':
        return { 'light/on': 'false', 'light/brightness': '80' };
      case 'air_conditioner':
        return { 'climate/on': String(room.climate.on), 'climate/mode': room.climate.mode, 'climate/setpoint': String(room.climate.setpoint) };
      case 'curtain':
        return { 'curtain/position': '100' };
      case 'projector':
      case 'matrix_screen':
        return { 'projector/on': 'false', 'projector/input': 'hdmi-1' };
      case 'power_unit':
        return Object.fromEntries(Array.from({ length: OUTLETS }, (_, i) => [`outlet-${i + 1}/on`, String(i === 0)]));
      case 'central_host':
      case 'audio':
        return { 'audio/volume': '40', 'audio/muted': 'false' };
      default:
        return {};
    }
  })();
  return { ...own, ...readValues(device, room), ...systemValues(device) };
}

/** Lets a command reach the room it acts on: an air conditioner's state steers the room's temperature. */
export function applyToRoom(device: DeviceConfig, room: Room, path: string, value: string): void {
  if (device.kind !== 'air_conditioner') return;
  if (path === 'climate/on') room.climate.on = value === 'true';
  if (path === 'climate/mode' && CLIMATE_MODES.includes(value)) room.climate.mode = value as Climate['mode'];
  if (path === 'climate/setpoint') room.climate.setpoint = Number(value);
}
