/**
 * The Homie 5 model of the simulated devices: which nodes and properties each kind has
 * (docs/decisions/0020-smart-rooms-and-air.md, the device topic contract), the `$description` built
 * from it, and the check of a commanded value against its property.
 */

/** The kinds of the contract: a description's `type`, `smart_devices.kind`. */
export const DEVICE_KINDS = [
  'sensor',
  'light',
  'air_conditioner',
  'curtain',
  'projector',
  'power_unit',
  'central_host',
  'air_monitor',
  'audio',
  'matrix_screen',
  'access_control',
] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** A Homie id (device, node, property): lowercase letters, digits and inner hyphens. */
export const HOMIE_ID = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

export type Datatype = 'float' | 'integer' | 'boolean' | 'string' | 'enum' | 'color' | 'datetime' | 'duration' | 'json';

export interface PropertySpec {
  name: string;
  datatype: Datatype;
  unit?: string;
  /** `min:max` for numbers, the comma-separated values for an enum. */
  format?: string;
  settable?: boolean;
  retained?: boolean;
}

export interface NodeSpec {
  name: string;
  type: string;
  properties: Record<string, PropertySpec>;
}

export interface HomieDescription {
  homie: '5.0';
  version: number;
  name: string;
  type: DeviceKind;
  nodes: Record<string, NodeSpec>;
}

/** One simulated device: its Homie id, kind and the room it stands in (air and presence are per room). */
export interface DeviceConfig {
  id: string;
  kind: DeviceKind;
  name?: string;
  room?: string;
}

export const OUTLETS = 4;
export const PROJECTOR_INPUTS = ['hdmi-1', 'hdmi-2', 'vga', 'wireless'];
export const CLIMATE_MODES = ['cool', 'heat', 'fan', 'auto'];

const settable = (spec: PropertySpec): PropertySpec => ({ ...spec, settable: true });
const power = (name: string): PropertySpec => settable({ name, datatype: 'boolean' });
const percent = (name: string): PropertySpec => settable({ name, datatype: 'integer', unit: '%', format: '0:100' });

const SYSTEM: NodeSpec = {
  name: 'System',
  type: 'atrium.system',
  properties: {
    // A momentary command, not a state: not retained (Homie 5), so the broker never replays a restart.
    restart: { name: 'Restart', datatype: 'boolean', settable: true, retained: false },
    ip: { name: 'IP address', datatype: 'string' },
    mac: { name: 'MAC address', datatype: 'string' },
    firmware: { name: 'Firmware', datatype: 'string' },
  },
};

const NODES = {
  presence: {
    name: 'Presence',
    type: 'atrium.presence',
    properties: {
      occupancy: { name: 'Occupancy', datatype: 'boolean' },
      method: { name: 'Method', datatype: 'enum', format: 'pir,radar,infrared,camera' },
    },
  },
  air: {
    name: 'Air',
    type: 'atrium.air',
    properties: {
      temperature: { name: 'Temperature', datatype: 'float', unit: '°C' },
      humidity: { name: 'Humidity', datatype: 'float', unit: '%', format: '0:100' },
      hcho: { name: 'Formaldehyde', datatype: 'float', unit: 'µg/m³' },
      co2: { name: 'CO2', datatype: 'float', unit: 'ppm' },
      pm25: { name: 'PM2.5', datatype: 'float', unit: 'µg/m³' },
      pm10: { name: 'PM10', datatype: 'float', unit: 'µg/m³' },
      tvoc: { name: 'TVOC', datatype: 'float', unit: 'µg/m³' },
    },
  },
  light: {
    name: 'Light',
    type: 'atrium.light',
    properties: { on: power('On'), brightness: percent('Brightness') },
  },
  climate: {
    name: 'Climate',
    type: 'atrium.climate',
    properties: {
      on: power('On'),
      mode: settable({ name: 'Mode', datatype: 'enum', format: CLIMATE_MODES.join(',') }),
      setpoint: settable({ name: 'Set point', datatype: 'float', unit: '°C', format: '16:30' }),
      temperature: { name: 'Temperature', datatype: 'float', unit: '°C' },
    },
  },
  curtain: {
    name: 'Curtain',
    type: 'atrium.curtain',
    properties: { position: percent('Position') },
  },
  projector: {
    name: 'Projector',
    type: 'atrium.projector',
    properties: { on: power('On'), input: settable({ name: 'Input', datatype: 'enum', format: PROJECTOR_INPUTS.join(',') }) },
  },
  audio: {
    name: 'Audio',
    type: 'atrium.audio',
    properties: { volume: percent('Volume'), muted: settable({ name: 'Muted', datatype: 'boolean' }) },
  },
} satisfies Record<string, NodeSpec>;

const outlet = (index: number): NodeSpec => ({ name: `Outlet ${index}`, type: 'atrium.power', properties: { on: power('On') } });

/** The nodes of a kind besides `system` (which every simulated device has). */
function kindNodes(kind: DeviceKind): Record<string, NodeSpec> {
  switch (kind) {
    case 'sensor':
      return { presence: NODES.presence };
    case 'light':
      return { light: NODES.light };
    case 'air_conditioner':
      return { climate: NODES.climate };
    case 'curtain':
      return { curtain: NODES.curtain };
    case 'projector':
    case 'matrix_screen':
      return { projector: NODES.projector };
    case 'power_unit':
      return Object.fromEntries(Array.from({ length: OUTLETS }, (_, i) => [`outlet-${i + 1}`, outlet(i + 1)]));
    case 'central_host':
    case 'audio':
      // A room's central control host drives its sound; the contract has no other node for it.
      return { audio: NODES.audio };
    case 'air_monitor':
      return { air: NODES.air };
    case 'access_control':
      return {};
  }
}

const KIND_NAMES: Record<DeviceKind, string> = {
  sensor: 'Presence sensor',
  light: 'Lights',
  air_conditioner: 'Air conditioner',
  curtain: 'Curtains',
  projector: 'Projector',
  power_unit: 'Power unit',
  central_host: 'Central host',
  air_monitor: 'Air monitor',
  audio: 'Audio',
  matrix_screen: 'Matrix screen',
  access_control: 'Access control',
};

/** A stable 31-bit number from the text: the same description always has the same `version`. */
function hashVersion(text: string): number {
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) | 0;
  return hash & 0x7fffffff;
}

/** The device's Homie 5 `$description`. */
export function describeDevice(device: DeviceConfig): HomieDescription {
  const name = device.name ?? (device.room ? `${device.room} ${KIND_NAMES[device.kind].toLowerCase()}` : KIND_NAMES[device.kind]);
  const nodes = { ...kindNodes(device.kind), system: SYSTEM };
  return { homie: '5.0', version: hashVersion(JSON.stringify({ name, kind: device.kind, nodes })), name, type: device.kind, nodes };
}

/** Every property of a description as `node/property` with its spec. */
export function listProperties(description: HomieDescription): Array<{ path: string; spec: PropertySpec }> {
  return Object.entries(description.nodes).flatMap(([nodeId, node]) =>
    Object.entries(node.properties).map(([propertyId, spec]) => ({ path: `${nodeId}/${propertyId}`, spec })),
  );
}

export type ValueCheck = { ok: true; value: string } | { ok: false; error: string };

/** Checks a raw Homie payload against its property (datatype, range, enum) and gives it back normalised. */
export function checkValue(spec: PropertySpec, raw: string): ValueCheck {
  switch (spec.datatype) {
    case 'boolean':
      return raw === 'true' || raw === 'false' ? { ok: true, value: raw } : { ok: false, error: 'expected true or false' };
    case 'integer':
    case 'float': {
      const pattern = spec.datatype === 'integer' ? /^-?\d+$/ : /^-?\d+(?:\.\d+)?$/;
      if (!pattern.test(raw.trim())) return { ok: false, error: `expected ${spec.datatype === 'integer' ? 'an integer' : 'a number'}` };
      const value = Number(raw);
      const [min, max] = (spec.format ?? ':').split(':').map((part) => (part === '' ? undefined : Number(part)));
      if ((min !== undefined && value < min) || (max !== undefined && value > max)) {
        return { ok: false, error: `out of range ${spec.format}` };
      }
      return { ok: true, value: String(value) };
    }
    case 'enum': {
      const values = (spec.format ?? '').split(',');
      return values.includes(raw) ? { ok: true, value: raw } : { ok: false, error: `expected one of ${spec.format}` };
    }
    case 'string':
      return raw.length <= 256 ? { ok: true, value: raw } : { ok: false, error: 'too long' };
    default:
      return { ok: false, error: `unsupported datatype ${spec.datatype}` };
  }
}
