import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_TOKEN_HEADER, type AvailableRooms, type RoomAirAnswer } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../../test/app.js';
import { TEST_DIALECT } from '../../../test/database.js';
import { createTestRoom } from '../../../test/rooms.js';
import { hashSessionToken, newSessionToken } from '../../../platform/session-token.js';
import { createSmartDeviceRepository } from '../../smart-device/smart-device.repository.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const DESCRIPTION = {
  homie: '5.0',
  version: 1,
  name: 'Air monitor',
  type: 'air_monitor',
  nodes: { air: { type: 'atrium.air', properties: { co2: { datatype: 'float', unit: 'ppm' } } } },
};

describe(`air in the room finder and the booking form (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let companyId: number;
  let hostToken: string;
  let outsiderToken: string;
  let otherToken: string;
  const rooms: Record<string, number> = {};
  let slot: number;
  let heldId: number;
  let sequence = 0;

  const get = <T>(url: string, token = hostToken) => call<T>(t.app, { method: 'GET', url, headers: { token, lang: 'en-US' } });
  const roomAir = (roomId: number, token = hostToken) => get<RoomAirAnswer>(`/api/meeting/room-air?roomId=${roomId}&startAt=${slot}&endAt=${slot + HOUR}`, token);

  async function room(name: string, capacity: number, floorId?: number) {
    const created = await createTestRoom(t.db, t.factories, t.clock, companyId, { name, ...(floorId ? { floorId } : {}) });
    await t.db.kysely.updateTable('rooms').set({ capacity }).where('id', '=', created.roomId).execute();
    rooms[name] = created.roomId;
    return created;
  }

  /** An activated air monitor in the room that has sent these CO2 readings (minutes ago, ppm). */
  async function monitorIn(roomId: number, co2: Array<[minutesAgo: number, value: number]>) {
    const now = t.clock.now();
    const id = await createSmartDeviceRepository(t.db.kysely).createSmartDevice({ companyId, name: `Monitor ${++sequence}`, kind: 'air_monitor', homieId: `room-air-${sequence}`, roomId, now });
    const token = newSessionToken();
    await t.db.kysely.updateTable('smart_devices').set({ secret_hash: hashSessionToken(token), activated_at: now }).where('id', '=', id).execute();
    const send = (path: string, payload: Record<string, unknown>) =>
      call(t.app, { method: 'POST', url: `/api/device/smart/${path}`, headers: { [DEVICE_TOKEN_HEADER]: token }, payload });
    expect((await send('state', { state: 'ready', description: DESCRIPTION })).status).toBe(200);
    const readings = co2.map(([minutesAgo, value]) => ({ node: 'air', property: 'co2', value, at: t.clock.now() - minutesAgo * MINUTE }));
    expect((await send('readings', { readings })).status).toBe(200);
  }

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.factories.companyWithAdmin('Fresh Rooms Co');
    companyId = a.company.id;
    hostToken = await t.factories.session(await t.factories.user(companyId, { permissions: ['calendarRoomUse:view'] }));
    outsiderToken = await t.factories.session(await t.factories.user(companyId, { permissions: ['roomsLocations:view'] }));
    const b = await t.factories.companyWithAdmin('Elsewhere Co');
    otherToken = await t.factories.session(b.admin);

    const { floorId } = await room('Stuffy', 8);
    await room('Near', 10, floorId);
    await room('Roomy', 20, floorId);
    await room('Tiny', 4, floorId);
    await room('Taken', 8, floorId);
    await room('Blind', 8, floorId);
    const far = await room('Far', 8);
    await room('Far Big', 12, far.floorId);

    // Stuffy: CO2 past WELL's 800 ppm for six minutes raises an alert; the others breathe well.
    await monitorIn(rooms.Stuffy!, [
      [8, 1100],
      [6, 1150],
      [4, 1200],
      [2, 1250],
    ]);
    for (const name of ['Near', 'Roomy', 'Tiny', 'Taken', 'Far', 'Far Big']) await monitorIn(rooms[name]!, [[2, 600]]);
    slot = t.clock.now() + DAY;
    const booked = await call<{ id: number }>(t.app, { method: 'POST', url: '/api/meeting/reservation', headers: { token: hostToken }, payload: { roomId: rooms.Taken, title: 'Held', startAt: slot, endAt: slot + HOUR } });
    expect(booked.status, booked.body.message).toBe(200);
    heldId = booked.body.result.id;
  });
  afterAll(() => t.cleanup());

  it("shows each free room's air now in the room finder, none where no monitor reads", async () => {
    const answer = await get<AvailableRooms>(`/api/meeting/available-rooms?startAt=${slot}&endAt=${slot + HOUR}`);
    expect(answer.status).toBe(200);
    const byName = new Map(answer.body.result.list.map((entry) => [entry.name, entry]));
    expect([...byName.keys()]).not.toContain('Taken');
    expect(byName.get('Stuffy')!.air).toEqual({ values: { co2: 1250 }, states: { co2: 'alert' }, isPoor: true, lastReadingAt: t.clock.now() - 2 * MINUTE });
    expect(byName.get('Near')!.air).toMatchObject({ values: { co2: 600 }, states: { co2: 'ok' }, isPoor: false });
    expect(byName.get('Blind')!.air).toBeNull();
  });

  it('suggests free rooms with good air that seat as many, nearest first, when the chosen room breathes badly', async () => {
    const stuffy = await roomAir(rooms.Stuffy!);
    expect(stuffy.status).toBe(200);
    expect(stuffy.body.result.air).toMatchObject({ isPoor: true, states: { co2: 'alert' } });
    // Same floor first (smallest that fits first), then the other building; Tiny seats too few, Taken is booked, Blind is unknown.
    expect(stuffy.body.result.better.map((entry) => entry.name)).toEqual(['Near', 'Roomy', 'Far']);
    expect(stuffy.body.result.better[0]).toMatchObject({ id: rooms.Near, capacity: 10, air: { isPoor: false } });

    // Moving the meeting that holds Taken: its own time does not count, so Taken (8 seats, same floor) comes first.
    const moving = await get<RoomAirAnswer>(`/api/meeting/room-air?roomId=${rooms.Stuffy}&startAt=${slot}&endAt=${slot + HOUR}&exceptReservationId=${heldId}`);
    expect(moving.body.result.better.map((entry) => entry.name)).toEqual(['Taken', 'Near', 'Roomy']);

    // Good air or no monitor: nothing to suggest.
    expect((await roomAir(rooms.Near!)).body.result).toMatchObject({ air: { isPoor: false }, better: [] });
    expect((await roomAir(rooms.Blind!)).body.result).toEqual({ air: null, better: [] });
  });

  it("refuses another company's room, a bad slot and a caller who may not book", async () => {
    expect((await roomAir(rooms.Stuffy!, otherToken)).status).toBe(404);
    expect((await roomAir(rooms.Stuffy!, outsiderToken)).status).toBe(403);
    for (const roomId of [rooms.Stuffy, rooms.Near]) {
      const reversed = await get(`/api/meeting/room-air?roomId=${roomId}&startAt=${slot}&endAt=${slot}`);
      expect([reversed.status, reversed.body.returncode]).toEqual([422, 1005]);
    }
    const missing = await get(`/api/meeting/room-air?startAt=${slot}&endAt=${slot + HOUR}`);
    expect(missing.status).toBe(400);
  });
});
