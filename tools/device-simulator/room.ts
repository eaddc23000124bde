/**
 * One room's simulated world: whether someone is in it (random meetings, or forced for a demo) and its
 * air, which drifts as real rooms do. Presence sensors, air monitors and the air conditioner of a room
 * read and steer the same state.
 */

export interface Climate {
  on: boolean;
  mode: 'cool' | 'heat' | 'fan' | 'auto';
  setpoint: number;
}

export interface Air {
  temperature: number;
  humidity: number;
  co2: number;
  hcho: number;
  tvoc: number;
  pm25: number;
  pm10: number;
}

export interface Room {
  name: string;
  isOccupied: boolean;
  /** Kept occupied whatever the schedule says (`--occupied <room>`). */
  isForcedOccupied: boolean;
  /** Kept empty whatever the schedule says (`--empty <room>`: a booked room nobody comes to). */
  isForcedEmpty: boolean;
  climate: Climate;
  air: Air;
  /** When the schedule next flips presence, in ms since the epoch. */
  nextChangeAt: number;
  /** A formaldehyde/TVOC release (cleaning, new furniture) dying away, 0 when none. */
  spike: number;
}

/** A source of numbers in [0, 1): Math.random in use, a fixed sequence in tests. */
export type Random = () => number;

const MINUTE_MS = 60_000;
/** Outdoor air and an empty room's resting values. */
const OUTDOOR_CO2 = 420;
const OCCUPIED_CO2 = 1_150;
const AMBIENT_TEMPERATURE = 24.5;
const BASE_HCHO = 18;
const BASE_TVOC = 180;

const between = (random: Random, min: number, max: number) => min + random() * (max - min);

export function createRoom(name: string, now: number, random: Random, isForcedOccupied = false, isForcedEmpty = false): Room {
  return {
    name,
    isOccupied: isForcedOccupied,
    isForcedOccupied,
    isForcedEmpty: isForcedEmpty && !isForcedOccupied,
    climate: { on: false, mode: 'cool', setpoint: 22 },
    air: {
      temperature: between(random, 23, 25),
      humidity: between(random, 40, 50),
      co2: between(random, 430, 520),
      hcho: BASE_HCHO,
      tvoc: BASE_TVOC,
      pm25: between(random, 5, 10),
      pm10: between(random, 9, 16),
    },
    // The first meeting starts within a few minutes, so a fresh demo shows presence soon.
    nextChangeAt: now + between(random, 0.5, 5) * MINUTE_MS,
    spike: 0,
  };
}

/** Moves `value` toward `target` as a first-order lag with time constant `tauSeconds`. */
const approach = (value: number, target: number, seconds: number, tauSeconds: number) =>
  value + (target - value) * (1 - Math.exp(-seconds / tauSeconds));

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Follows the meeting schedule: meetings of 15-60 minutes, gaps of 10-45 minutes. */
function stepPresence(room: Room, now: number, random: Random): void {
  if (room.isForcedOccupied || room.isForcedEmpty) {
    room.isOccupied = room.isForcedOccupied;
    return;
  }
  if (now < room.nextChangeAt) return;
  room.isOccupied = !room.isOccupied;
  room.nextChangeAt = now + (room.isOccupied ? between(random, 15, 60) : between(random, 10, 45)) * MINUTE_MS;
}

/** The temperature the room settles at: the set point when the AC's mode can reach it, else the ambient. */
function targetTemperature(room: Room): number {
  const ambient = AMBIENT_TEMPERATURE + (room.isOccupied ? 1 : 0);
  const { on, mode, setpoint } = room.climate;
  if (!on || mode === 'fan') return ambient;
  if (mode === 'cool') return Math.min(ambient, setpoint);
  if (mode === 'heat') return Math.max(ambient, setpoint);
  return setpoint;
}

/** Advances the room by `seconds` ending at `now`. */
export function stepRoom(room: Room, now: number, seconds: number, random: Random): void {
  stepPresence(room, now, random);
  const air = room.air;
  const noise = (size: number) => (random() - 0.5) * 2 * size;
  // CO2 builds up over a meeting (a 30-minute meeting passes 800 ppm) and airs out more slowly.
  air.co2 = approach(air.co2, room.isOccupied ? OCCUPIED_CO2 : OUTDOOR_CO2, seconds, room.isOccupied ? 15 * 60 : 20 * 60) + noise(4);
  // The AC moves the air slowly: about ten minutes to come most of the way.
  air.temperature = approach(air.temperature, targetTemperature(room), seconds, 10 * 60) + noise(0.05);
  air.humidity = clamp(approach(air.humidity, 45, seconds, 60 * 60) + noise(0.6), 35, 55);
  // Now and then (about once every two hours per room) a release of formaldehyde and TVOC that fades
  // over some minutes: enough to raise an alert and clear it.
  if (room.spike < 0.05 && random() < seconds / (2 * 3600)) room.spike = 1;
  room.spike = room.spike * Math.exp(-seconds / (6 * 60));
  air.hcho = Math.max(2, BASE_HCHO + room.spike * 90 + noise(2));
  air.tvoc = Math.max(20, BASE_TVOC + room.spike * 650 + noise(15));
  air.pm25 = clamp(air.pm25 + noise(0.5), 2, 30);
  air.pm10 = clamp(air.pm25 * 1.6 + noise(1), 4, 50);
}
