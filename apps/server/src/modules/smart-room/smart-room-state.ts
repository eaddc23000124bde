import {
  PRESENCE_METHODS,
  smartDeviceStatus,
  type PresenceMethod,
  type RoomPresence,
  type SensorPresence,
  type SmartControl,
  type SmartDeviceCounts,
  type SmartDeviceStatus,
  type SmartRoomState,
} from '@atrium/contract';
import type { RoomDeviceRecord } from './smart-room.repository.js';

/**
 * How smart rooms read their devices (decision 0020, "Smart rooms: state, presence and control"): pure
 * functions of what the gateway last heard, so the list, the detail and the tests agree.
 */

interface PropertyValue {
  value: string;
  at: number;
}

interface DescribedProperty {
  datatype?: unknown;
  format?: unknown;
  unit?: unknown;
  settable?: unknown;
}

interface DescribedNode {
  type?: unknown;
  properties?: Record<string, DescribedProperty>;
}

const DATATYPES = new Set<SmartControl['datatype']>(['boolean', 'integer', 'float', 'enum', 'string', 'color', 'datetime', 'duration', 'json']);
const PRESENCE_METHOD_SET = new Set<string>(PRESENCE_METHODS);

/**
 * A device's status: the devices page's rule (contract `smartDeviceStatus`: its Homie `$state`, the
 * heartbeat window, a central host with an offline device beside it), applied to a room's devices.
 */
export function deviceStatus(device: Pick<RoomDeviceRecord, 'state' | 'activatedAt' | 'lastSeenAt' | 'kind'>, now: number, hasOfflinePeer = false): SmartDeviceStatus {
  return smartDeviceStatus(device, now, hasOfflinePeer);
}

/** The statuses of one room's devices, a central host seeing the others. */
export function roomStatuses(devices: ReadonlyArray<Pick<RoomDeviceRecord, 'id' | 'state' | 'activatedAt' | 'lastSeenAt' | 'kind'>>, now: number): Map<number, SmartDeviceStatus> {
  const plain = new Map(devices.map((device) => [device.id, deviceStatus(device, now)]));
  const hasOffline = [...plain.values()].some((status) => status === 'offline');
  return new Map(devices.map((device) => [device.id, device.kind === 'central_host' ? deviceStatus(device, now, hasOffline && plain.get(device.id) !== 'offline') : plain.get(device.id)!]));
}

export function countDevices(statuses: readonly SmartDeviceStatus[]): SmartDeviceCounts {
  const counts: SmartDeviceCounts = { total: statuses.length, online: 0, partiallyOnline: 0, offline: 0, inactive: 0 };
  for (const status of statuses) {
    if (status === 'online') counts.online++;
    else if (status === 'partially_online') counts.partiallyOnline++;
    else if (status === 'offline') counts.offline++;
    else counts.inactive++;
  }
  return counts;
}

/**
 * A room's state: not enabled when smart control is off or none of its devices was ever activated;
 * offline when no device is connected; normal when every device is online; abnormal (equipment
 * abnormal) otherwise, a device waiting for activation included.
 */
export function roomState(enabled: boolean, counts: SmartDeviceCounts): SmartRoomState {
  if (!enabled || counts.total === counts.inactive) return 'not_enabled';
  if (counts.online + counts.partiallyOnline === 0) return 'offline';
  return counts.online === counts.total ? 'normal' : 'abnormal';
}

export function parseProperties(json: string): Record<string, PropertyValue> {
  try {
    const parsed = JSON.parse(json) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, PropertyValue>) : {};
  } catch {
    return {};
  }
}

function parseNodes(description: string | null): Record<string, DescribedNode> {
  if (!description) return {};
  try {
    const parsed = JSON.parse(description) as { nodes?: unknown };
    return parsed.nodes && typeof parsed.nodes === 'object' ? (parsed.nodes as Record<string, DescribedNode>) : {};
  } catch {
    return {};
  }
}

const nodeTypeOf = (node: DescribedNode) => (typeof node.type === 'string' && node.type.startsWith('atrium.') ? node.type.slice('atrium.'.length) : null);

/**
 * The properties a control panel shows: every property the device declared, with its latest value,
 * except the `system` node (restart and addresses belong to the devices page, behind the safety password).
 */
export function controlsOf(device: Pick<RoomDeviceRecord, 'description' | 'properties'>): SmartControl[] {
  const values = parseProperties(device.properties);
  const controls: SmartControl[] = [];
  for (const [nodeId, node] of Object.entries(parseNodes(device.description))) {
    const nodeType = nodeTypeOf(node);
    if (nodeId === 'system' || nodeType === 'system') continue;
    for (const [propertyId, property] of Object.entries(node.properties ?? {})) {
      const datatype = typeof property.datatype === 'string' && DATATYPES.has(property.datatype as SmartControl['datatype']) ? (property.datatype as SmartControl['datatype']) : 'string';
      const latest = values[`${nodeId}/${propertyId}`];
      controls.push({
        node: nodeId,
        property: propertyId,
        nodeType,
        datatype,
        format: typeof property.format === 'string' ? property.format : null,
        unit: typeof property.unit === 'string' ? property.unit : null,
        settable: property.settable === true,
        value: latest ? String(latest.value) : null,
        at: latest ? latest.at : null,
      });
    }
  }
  return controls;
}

/** The node that holds a presence sensor's `occupancy`: the node of type `atrium.presence`, else one named `presence`. */
export function presenceNodeOf(device: Pick<RoomDeviceRecord, 'description' | 'properties'>): string | null {
  const nodes = parseNodes(device.description);
  const typed = Object.entries(nodes).find(([, node]) => node.type === 'atrium.presence');
  if (typed) return typed[0];
  if (nodes.presence || `presence/occupancy` in parseProperties(device.properties)) return 'presence';
  return null;
}

export interface SensorReading {
  presence: SensorPresence;
  method: PresenceMethod | null;
  /** When the sensor last reported occupancy. */
  at: number | null;
}

/**
 * What one presence sensor says now. An offline or silent sensor is unknown. A sensor that reports
 * nobody still counts as present until the response delay has passed since its last detection
 * (`lastDetection`, from the stored readings), so a still person is not left in the dark.
 */
export function readSensor(device: RoomDeviceRecord, node: string, lastDetection: number | undefined, responseDelaySeconds: number, now: number): SensorReading {
  const values = parseProperties(device.properties);
  const occupancy = values[`${node}/occupancy`];
  const methodText = values[`${node}/method`]?.value;
  const method = methodText !== undefined && PRESENCE_METHOD_SET.has(String(methodText)) ? (String(methodText) as PresenceMethod) : null;
  const status = deviceStatus(device, now);
  if (!occupancy || status === 'offline' || status === 'inactive') return { presence: 'unknown', method, at: occupancy?.at ?? null };
  if (String(occupancy.value) === 'true') return { presence: 'present', method, at: occupancy.at };
  const held = lastDetection !== undefined && now - lastDetection < responseDelaySeconds * 1000;
  return { presence: held ? 'present' : 'absent', method, at: occupancy.at };
}

/** A room's presence from its sensors: someone when any sensor detects a person, unmanned when all that can tell say nobody. */
export function roomPresence(sensors: readonly SensorReading[]): RoomPresence {
  if (sensors.some((sensor) => sensor.presence === 'present')) return 'someone';
  if (sensors.some((sensor) => sensor.presence === 'absent')) return 'unmanned';
  return 'unknown';
}

/**
 * The text a device is sent for a control's value, or null when the value does not fit the property's
 * datatype and `$format` (a number out of its range, an enum value not listed).
 */
export function commandText(control: Pick<SmartControl, 'datatype' | 'format'>, value: string | number | boolean): string | null {
  const text = String(value).trim();
  switch (control.datatype) {
    case 'boolean':
      return text === 'true' || text === 'false' ? text : null;
    case 'integer':
    case 'float': {
      if (text === '' || !Number.isFinite(Number(text))) return null;
      const number = Number(text);
      if (control.datatype === 'integer' && !Number.isInteger(number)) return null;
      const range = control.format?.match(/^(-?[\d.]*):(-?[\d.]*)$/);
      if (range) {
        if (range[1] !== '' && number < Number(range[1])) return null;
        if (range[2] !== '' && number > Number(range[2])) return null;
      }
      return String(number);
    }
    case 'enum':
      return control.format?.split(',').includes(text) ? text : null;
    default:
      return text.length > 0 && text.length <= 200 ? text : null;
  }
}
