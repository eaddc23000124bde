/** The devices to simulate: the built-in demo set, or a list read from a JSON file (`--devices`). */
import { readFileSync } from 'node:fs';
import { DEVICE_KINDS, HOMIE_ID, type DeviceConfig, type DeviceKind } from './model.js';
import type { Credentials } from './device.js';

/** Demo rooms of the demo company (apps/server/src/db/seeds/demo-rooms.ts), London and Shanghai. */
export const DEMO_ROOMS = ['Kew', 'Southwark', 'Boardroom', 'Huangpu 黄浦'];

/** Each demo room's equipment: Homie id suffix and kind. */
const ROOM_EQUIPMENT: Array<[suffix: string, kind: DeviceKind]> = [
  ['presence', 'sensor'],
  ['lights', 'light'],
  ['ac', 'air_conditioner'],
  ['curtains', 'curtain'],
  ['projector', 'projector'],
  ['power', 'power_unit'],
  ['host', 'central_host'],
  ['air', 'air_monitor'],
];

/** A Homie id from a room name: `Huangpu 黄浦` gives `huangpu`. */
export function slug(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function demoDevices(): DeviceConfig[] {
  return DEMO_ROOMS.flatMap((room) => ROOM_EQUIPMENT.map(([suffix, kind]) => ({ id: `${slug(room)}-${suffix}`, kind, room })));
}

/** Checks a devices list (`[{ "id": "kew-lights", "kind": "light", "room": "Kew" }]`); throws on the first fault. */
export function parseDevices(json: unknown): DeviceConfig[] {
  if (!Array.isArray(json)) throw new Error('the devices file must hold a JSON array');
  const seen = new Set<string>();
  return json.map((entry: unknown, index) => {
    const item = (entry ?? {}) as Record<string, unknown>;
    const { id, kind, room, name } = item;
    if (typeof id !== 'string' || !HOMIE_ID.test(id)) throw new Error(`device ${index}: id must be a Homie id (a-z, 0-9, inner hyphens)`);
    if (seen.has(id)) throw new Error(`device ${index}: id ${id} appears twice`);
    seen.add(id);
    if (typeof kind !== 'string' || !(DEVICE_KINDS as readonly string[]).includes(kind)) {
      throw new Error(`device ${id}: kind must be one of ${DEVICE_KINDS.join(', ')}`);
    }
    if (room !== undefined && typeof room !== 'string') throw new Error(`device ${id}: room must be a name`);
    if (name !== undefined && typeof name !== 'string') throw new Error(`device ${id}: name must be text`);
    return { id, kind: kind as DeviceKind, ...(room ? { room } : {}), ...(name ? { name } : {}) };
  });
}

export function readDevices(file: string): DeviceConfig[] {
  return parseDevices(JSON.parse(readFileSync(file, 'utf8')));
}

/** Per-device broker accounts (`--credentials`): `{ "<homie id>": { "username": "...", "password": "..." } }`. */
export function readCredentials(file: string): Map<string, Credentials> {
  const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const accounts = new Map<string, Credentials>();
  for (const [id, value] of Object.entries(json ?? {})) {
    const { username, password } = (value ?? {}) as Record<string, unknown>;
    if (typeof username !== 'string' || typeof password !== 'string') throw new Error(`credentials of ${id}: username and password must be text`);
    accounts.set(id, { username, password });
  }
  return accounts;
}
