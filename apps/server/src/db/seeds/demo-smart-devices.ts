import type { SmartDeviceKind } from '@atrium/contract';
import { createSmartDeviceRepository } from '../../modules/smart-device/smart-device.repository.js';
import type { SeedContext } from './factories.js';

/**
 * The rooms the device simulator fills (tools/device-simulator/devices.ts, DEMO_ROOMS), each with the
 * simulator's Homie id stem: the simulator's `slug` of the name.
 */
const SMART_ROOMS: Array<{ name: string; stem: string; subnet: number }> = [
  { name: 'Kew', stem: 'kew', subnet: 11 },
  { name: 'Southwark', stem: 'southwark', subnet: 12 },
  { name: 'Boardroom', stem: 'boardroom', subnet: 13 },
  { name: 'Huangpu 黄浦', stem: 'huangpu', subnet: 21 },
];

/** Each room's equipment, in the simulator's order (ROOM_EQUIPMENT there), with a plausible make. */
const EQUIPMENT: Array<{ suffix: string; kind: SmartDeviceKind; label: string; brand: string; model: string; serial: string }> = [
  { suffix: 'presence', kind: 'sensor', label: 'presence sensor', brand: 'Aqara', model: 'FP2', serial: 'AQFP2' },
  { suffix: 'lights', kind: 'light', label: 'lights', brand: 'Philips Hue', model: 'Bridge Pro', serial: 'PHBP' },
  { suffix: 'ac', kind: 'air_conditioner', label: 'air conditioner', brand: 'Daikin', model: 'FTXM35R', serial: 'DKFTXM' },
  { suffix: 'curtains', kind: 'curtain', label: 'curtains', brand: 'Somfy', model: 'Glydea Ultra 60', serial: 'SMGLY' },
  { suffix: 'projector', kind: 'projector', label: 'projector', brand: 'Epson', model: 'EB-L630U', serial: 'EPL630' },
  { suffix: 'power', kind: 'power_unit', label: 'power unit', brand: 'APC', model: 'AP7900B', serial: 'APC79' },
  { suffix: 'host', kind: 'central_host', label: 'central host', brand: 'Crestron', model: 'CP4N', serial: 'CRCP4N' },
  { suffix: 'air', kind: 'air_monitor', label: 'air monitor', brand: 'Airthings', model: 'View Plus', serial: 'ATVP' },
];

/**
 * The smart devices the simulator plays (decision 0020, "Devices page"): eight in each of Kew,
 * Southwark, the Boardroom and Huangpu, with the simulator's Homie ids, bound to their rooms, with
 * made-up serials, addresses on a subnet per room and one deployer. Not activated: the simulator
 * connects with its own broker accounts, and a code issued on the page activates one when wanted.
 */
export async function seedDemoSmartDevices(ctx: SeedContext, companyId: number, { rooms, deployerId }: { rooms: ReadonlyArray<{ id: number; name: string }>; deployerId: number }): Promise<number> {
  const devices = createSmartDeviceRepository(ctx.db);
  let count = 0;
  for (const room of SMART_ROOMS) {
    const roomId = rooms.find((candidate) => candidate.name === room.name)?.id;
    if (roomId === undefined) throw new Error(`The demo has no room ${room.name} for its smart devices`);
    for (const [index, item] of EQUIPMENT.entries()) {
      const host = 20 + index;
      await devices.createSmartDevice({
        companyId,
        name: `${room.name} ${item.label}`,
        kind: item.kind,
        homieId: `${room.stem}-${item.suffix}`,
        roomId,
        locationId: roomId,
        brand: item.brand,
        model: item.model,
        serialNumber: `${item.serial}-${room.subnet}${String(host).padStart(3, '0')}`,
        ipAddress: `10.40.${room.subnet}.${host}`,
        macAddress: ['02', '4A', room.subnet.toString(16).padStart(2, '0'), '00', host.toString(16).padStart(2, '0'), index.toString(16).padStart(2, '0')].join(':').toUpperCase(),
        deployerIds: [deployerId],
        now: ctx.now,
      });
      count++;
    }
  }
  return count;
}
