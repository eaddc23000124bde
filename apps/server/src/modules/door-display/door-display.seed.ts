import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { DEFAULT_SCREEN_SETTING, DOOR_DISPLAY_LIMITS, LIGHT_CYCLE } from '@atrium/contract';
import type { DB } from '../../db/schema.js';
import { HOUR_MS, type Clock } from '../../platform/clock.js';
import { hashSessionToken, newSessionToken } from '../../platform/session-token.js';
import { createDoorDisplayRepository } from './door-display.repository.js';

export interface SeedDoorDisplaysResult {
  deviceIds: number[];
  screenSettingId: number | null;
}

/**
 * Demo door displays on the given rooms (in order): the first online, the second offline since a
 * few hours, the others waiting with a code; one screen group over all the rooms, and the
 * default light cycle on the first display. Safe to run twice: a company that already has door
 * displays is left alone.
 */
export async function seedDoorDisplays(db: Kysely<DB>, companyId: number, roomIds: number[], clock: Clock): Promise<SeedDoorDisplaysResult> {
  const displays = createDoorDisplayRepository(db);
  const existing = await displays.listDevices(companyId, { roomIds: null, onlineSince: 0 }, { page: 1, pageSize: 15 });
  if (existing.total > 0 || roomIds.length === 0) return { deviceIds: [], screenSettingId: null };
  const now = clock.now();
  const rooms = await displays.findRooms(companyId, roomIds);
  const nameOf = new Map(rooms.map((room) => [room.id, room.name]));

  const deviceIds: number[] = [];
  for (const [index, roomId] of roomIds.entries()) {
    let code: string;
    do {
      code = String(randomInt(0, 10 ** DOOR_DISPLAY_LIMITS.activationCodeLength)).padStart(DOOR_DISPLAY_LIMITS.activationCodeLength, '0');
    } while (await displays.isCodeTaken(code));
    const id = await displays.insertDevice({ companyId, roomId, name: nameOf.get(roomId) ?? `Display ${index + 1}`, code }, now - 30 * 24 * HOUR_MS);
    deviceIds.push(id);
    if (index < 2) {
      // The token is thrown away: a real display would activate with its own code.
      await displays.activate(code, { tokenHash: hashSessionToken(newSessionToken()), platform: index === 0 ? 'android' : 'ios', appVersion: '3.4.1' }, now - 7 * 24 * HOUR_MS);
      const lastSeen = index === 0 ? now - 30 * 1000 : now - 3 * HOUR_MS;
      await displays.touchDevice(id, {}, lastSeen);
    }
  }

  const screenSettingId = await displays.insertScreenSetting(
    { companyId, title: 'Meeting rooms', settings: JSON.stringify({ ...DEFAULT_SCREEN_SETTING, signInModes: ['screen', 'qr'] }), exitPasswordHash: null },
    now,
  );
  await displays.setScreenSettingRooms(companyId, screenSettingId, [...new Set(roomIds)]);
  await displays.insertLightCycle({ companyId, deviceId: deviceIds[0]!, ...LIGHT_CYCLE.defaults }, now);
  return { deviceIds, screenSettingId };
}
