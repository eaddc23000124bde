/** Runs a set of simulated devices: one room state per room, one MQTT client per device, a reading round every few seconds. */
import { startDevice, type Credentials, type SimulatedDevice } from './device.js';
import type { DeviceConfig } from './model.js';
import { createRoom, stepRoom, type Random, type Room } from './room.js';

export interface SimulatorSetup {
  url: string;
  prefix: string;
  companyId: number;
  devices: DeviceConfig[];
  credentials?: Map<string, Credentials>;
  rateSeconds: number;
  occupiedRooms?: string[];
  /** Rooms kept empty (a ghost booking's room). */
  emptyRooms?: string[];
  log: (line: string) => void;
  random?: Random;
  restartMs?: number;
}

export interface Simulator {
  /** Resolves once every device is `ready`. */
  started: Promise<void>;
  devices: SimulatedDevice[];
  rooms: Map<string, Room>;
  /** Every device says `disconnected` and leaves. */
  stop(): Promise<void>;
  /** Every device leaves without a word: their retained `ready` stays (`--once`). */
  close(): Promise<void>;
}

/**
 * Starts the devices (`started` resolves once every one is `ready`); readings follow every `rateSeconds`.
 * It can be stopped at any time, also before every device reached the broker.
 */
export function startSimulator(setup: SimulatorSetup): Simulator {
  const random = setup.random ?? Math.random;
  const root = `${setup.prefix}/${setup.companyId}`;
  const forced = new Set((setup.occupiedRooms ?? []).map((name) => name.toLowerCase()));
  const empty = new Set((setup.emptyRooms ?? []).map((name) => name.toLowerCase()));
  const rooms = new Map<string, Room>();
  // A device without a room has a room of its own, so its readings still move.
  const roomOf = (device: DeviceConfig) => {
    const key = device.room ?? `(${device.id})`;
    let room = rooms.get(key);
    if (!room) {
      room = createRoom(key, Date.now(), random, forced.has(key.toLowerCase()), empty.has(key.toLowerCase()));
      rooms.set(key, room);
    }
    return room;
  };
  const devices = setup.devices.map((config) =>
    startDevice({
      url: setup.url,
      root,
      config,
      room: roomOf(config),
      log: setup.log,
      ...(setup.credentials?.get(config.id) ? { credentials: setup.credentials.get(config.id) } : {}),
      ...(setup.restartMs !== undefined ? { restartMs: setup.restartMs } : {}),
    }),
  );
  for (const name of [...(setup.occupiedRooms ?? []), ...(setup.emptyRooms ?? [])]) {
    if (!rooms.has(name) && ![...rooms.keys()].some((key) => key.toLowerCase() === name.toLowerCase())) {
      setup.log(`no simulated device stands in room "${name}"`);
    }
  }
  const started = Promise.all(devices.map((device) => device.started)).then(() => {
    setup.log(`${devices.length} devices ready under ${root}/homie/5/ (${rooms.size} rooms)`);
  });

  let last = Date.now();
  const round = async () => {
    const now = Date.now();
    for (const room of rooms.values()) {
      const wasOccupied = room.isOccupied;
      stepRoom(room, now, (now - last) / 1000, random);
      if (room.isOccupied !== wasOccupied) setup.log(`${room.name}: ${room.isOccupied ? 'occupied' : 'empty'}`);
    }
    last = now;
    await Promise.all(devices.map((device) => device.publishReadings()));
  };
  const timer = setInterval(() => {
    round().catch((error: Error) => setup.log(`readings failed (${error.message})`));
  }, setup.rateSeconds * 1000);

  const leave = async (how: 'stop' | 'close') => {
    clearInterval(timer);
    await Promise.all(devices.map((device) => device[how]()));
  };
  return { started, devices, rooms, stop: () => leave('stop'), close: () => leave('close') };
}
