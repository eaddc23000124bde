import { smartDeviceStatus, type SmartDeviceCommand, type SmartDeviceDetail, type SmartDeviceRow } from '@atrium/contract';
import type { SmartDeviceRecord } from './smart-device.repository.js';

/**
 * The rows of the devices page, each with its derived status (decision 0020, "Devices page"): a
 * central host also counts the other devices of its room, so the whole company's devices are given.
 */
export function presentSmartDevices(devices: readonly SmartDeviceRecord[], now: number): SmartDeviceRow[] {
  const plain = new Map(devices.map((device) => [device.id, smartDeviceStatus(device, now)]));
  const offlineRooms = new Set(devices.filter((device) => device.roomId !== null && device.kind !== 'central_host' && plain.get(device.id) === 'offline').map((device) => device.roomId));
  return devices.map((device) => presentSmartDevice(device, smartDeviceStatus(device, now, device.roomId !== null && offlineRooms.has(device.roomId))));
}

/** One row; `status` as `presentSmartDevices` derived it. */
export function presentSmartDevice(device: SmartDeviceRecord, status: SmartDeviceRow['status']): SmartDeviceRow {
  return {
    id: device.id,
    name: device.name,
    brand: device.brand,
    model: device.model,
    kind: device.kind,
    serialNumber: device.serialNumber,
    ipAddress: device.ipAddress,
    macAddress: device.macAddress,
    homieId: device.homieId,
    roomId: device.roomId,
    roomName: device.roomName,
    locationId: device.locationId,
    state: device.state,
    status,
    useStatus: device.roomId === null && device.locationId === null ? 'waiting_to_bind' : 'in_use',
    isActivated: device.activatedAt !== null,
    lastSeenAt: device.lastSeenAt,
    createdAt: device.createdAt,
    updatedAt: device.updatedAt,
  };
}

/** A device's detail: its row, latest values, deployers and last commands. */
export function presentSmartDeviceDetail(
  row: SmartDeviceRow,
  device: SmartDeviceRecord,
  deployers: { id: number; name: string }[],
  commands: SmartDeviceCommand[],
): SmartDeviceDetail {
  return { ...row, properties: device.properties, deployers, commands };
}
