import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEVICE_TOKEN_HEADER,
  LOCATION_LEVELS,
  ReturnCode,
  type AirBoard,
  type AirBoardLink,
  type AirBoardLinkList,
  type AirDeviceList,
  type AirHistory,
  type AirNow,
  type CreatedAirBoardLink,
} from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { createTestRoom } from '../../test/rooms.js';
import { hashSessionToken, newSessionToken } from '../../platform/session-token.js';
import { createSmartDeviceRepository } from '../smart-device/smart-device.repository.js';

const MINUTE = 60_000;
const DAY = 86_400_000;
const DESCRIPTION = {
  homie: '5.0',
  version: 1,
  name: 'Air monitor',
  type: 'air_monitor',
  nodes: { air: { type: 'atrium.air', properties: { co2: { datatype: 'float', unit: 'ppm' }, tvoc: { datatype: 'float', unit: 'ppb' }, temperature: { datatype: 'float', unit: '°C' } } } },
};

describe(`air pages and the public board (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let adminToken: string;
  let viewerToken: string;
  let otherToken: string;
  let floorId: number;
  let labId: number;
  let loungeId: number;
  let otherLocationId: number;
  let otherDeviceId: number;
  const monitor: Record<string, { id: number; token: string }> = {};
  let sequence = 0;

  /** An air monitor placed in a room (or at a location), activated unless told otherwise; its device token to send with. */
  async function newMonitor(companyId: number, name: string, place: { roomId?: number; locationId?: number }, isActivated = true) {
    const now = t.clock.now();
    const id = await createSmartDeviceRepository(t.db.kysely).createSmartDevice({ companyId, name, kind: 'air_monitor', homieId: `air-pages-${++sequence}`, ...place, now });
    const token = newSessionToken();
    if (isActivated) await t.db.kysely.updateTable('smart_devices').set({ secret_hash: hashSessionToken(token), activated_at: now }).where('id', '=', id).execute();
    return { id, token };
  }
  const send = (device: { token: string }, path: 'state' | 'readings', payload: Record<string, unknown>) =>
    call(t.app, { method: 'POST', url: `/api/device/smart/${path}`, headers: { [DEVICE_TOKEN_HEADER]: device.token }, payload });
  const readings = (device: { token: string }, property: string, values: Array<[minutesAgo: number, value: number]>) =>
    send(device, 'readings', { readings: values.map(([minutesAgo, value]) => ({ node: 'air', property, value, at: t.clock.now() - minutesAgo * MINUTE })) });
  const get = <T>(url: string, token: string | null = adminToken) => call<T>(t.app, { method: 'GET', url: `/api/air/${url}`, headers: token === null ? { lang: 'en-US' } : { token, lang: 'en-US' } });
  const post = <T>(url: string, payload: Record<string, unknown>, token = adminToken) => call<T>(t.app, { method: 'POST', url: `/api/air/${url}`, headers: { token, lang: 'en-US' }, payload });

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.factories.companyWithAdmin('Clear Air Co');
    const companyId = a.company.id;
    adminToken = await t.factories.session(a.admin);
    viewerToken = await t.factories.session(await t.factories.user(companyId, { firstName: 'Vi', lastName: 'Viewer', permissions: ['roomsLocations:view'] }));
    ({ roomId: labId, floorId } = await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Lab' }));
    ({ roomId: loungeId } = await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Lounge', floorId }));
    monitor.labA = await newMonitor(companyId, 'Lab east', { roomId: labId });
    monitor.labB = await newMonitor(companyId, 'Lab west', { roomId: labId });
    monitor.lounge = await newMonitor(companyId, 'Lounge monitor', { roomId: loungeId });
    monitor.lost = await newMonitor(companyId, 'Lab spare', { roomId: labId });
    monitor.boxed = await newMonitor(companyId, 'Boxed monitor', { locationId: floorId }, false);
    for (const device of [monitor.labA, monitor.labB, monitor.lounge, monitor.lost]) expect((await send(device!, 'state', { state: 'ready', description: DESCRIPTION })).status).toBe(200);

    // The lab: CO2 1,000 and 900 ppm (mean 950, past WELL's 800 for two minutes only: beyond, no alert); 100 ppb of TVOC is 229.5 µg/m³.
    expect((await readings(monitor.labA!, 'co2', [[3, 980], [2, 1000]])).status).toBe(200);
    expect((await readings(monitor.labB!, 'co2', [[2, 900]])).status).toBe(200);
    expect((await readings(monitor.labA!, 'tvoc', [[2, 100]])).status).toBe(200);
    // The spare read 5,000 ppm, then went offline: its value no longer counts.
    expect((await readings(monitor.lost!, 'co2', [[4, 5000]])).status).toBe(200);
    expect((await send(monitor.lost!, 'state', { state: 'lost' })).status).toBe(200);
    // The lounge: CO2 past 800 for six minutes raises an alert.
    expect((await readings(monitor.lounge!, 'co2', [[8, 1100], [6, 1150], [4, 1200], [2, 1250]])).status).toBe(200);

    const other = await t.factories.companyWithAdmin('Smog Ltd');
    otherToken = await t.factories.session(other.admin);
    otherLocationId = await t.factories.location({ companyId: other.company.id, level: LOCATION_LEVELS.building, name: 'Smog tower' });
    otherDeviceId = (await newMonitor(other.company.id, 'Smog monitor', { locationId: otherLocationId })).id;
  });
  afterAll(() => t.cleanup());

  it('answers each place with monitors in tree order: values averaged over its online monitors, the state per metric, open alerts', async () => {
    await expect.poll(async () => (await get<AirNow>('now')).body.result.list.find((place) => place.name === 'Lounge')?.openAlerts).toBe(1);
    const now = await get<AirNow>('now', viewerToken);
    expect(now.status).toBe(200);
    const { list, devicesOnline, devicesTotal } = now.body.result;
    expect(list.map((place) => place.name)).toEqual(['Floor 3', 'Lab', 'Lounge']);
    expect([devicesOnline, devicesTotal]).toEqual([3, 5]);
    const [floor, lab, lounge] = list;
    expect(floor).toMatchObject({ locationId: floorId, values: {}, states: {}, devicesOnline: 0, devicesTotal: 1, openAlerts: 0, lastReadingAt: null });
    expect(lab).toMatchObject({ locationId: labId, path: ['Testland', 'Test City', 'Tower A', 'Floor 3', 'Lab'], values: { co2: 950 }, states: { co2: 'beyond', tvoc: 'ok' }, openAlerts: 0, devicesOnline: 2, devicesTotal: 3 });
    expect(lab!.values.tvoc).toBeCloseTo(229.49, 1);
    expect(lab!.lastReadingAt).toBe(t.clock.now() - 2 * MINUTE);
    expect(lounge).toMatchObject({ locationId: loungeId, values: { co2: 1250 }, states: { co2: 'alert' }, openAlerts: 1, devicesOnline: 1, devicesTotal: 1 });

    // A location narrows it to its subtree; another company's is unknown here.
    expect((await get<AirNow>(`now?locationId=${loungeId}`)).body.result.list.map((place) => place.name)).toEqual(['Lounge']);
    expect((await get(`now?locationId=${otherLocationId}`)).status).toBe(404);
    expect((await get<AirNow>('now', otherToken)).body.result).toMatchObject({ list: [{ name: 'Smog tower', devicesTotal: 1 }], devicesOnline: 0, devicesTotal: 1 });
    // Thresholds of the lab's own (CO2 up to 1,200 ppm) make its 950 fine.
    const saved = await call(t.app, { method: 'PUT', url: '/api/air/thresholds', headers: { token: adminToken }, payload: { locationId: labId, preset: 'custom', custom: { limits: { co2: { max: 1200, band: 50 } }, minDurationSeconds: 60 } } });
    expect(saved.status).toBe(200);
    expect((await get<AirNow>(`now?locationId=${labId}`)).body.result.list[0]!.states).toEqual({ co2: 'ok', tvoc: 'ok' });
  });

  it("charts a place's or a monitor's history from the rollups at the grain its range calls for", async () => {
    const to = t.clock.now();
    const device = await get<AirHistory>(`history?deviceId=${monitor.labA!.id}&metric=co2&from=${to - 60 * MINUTE}&to=${to}`);
    expect(device.status).toBe(200);
    const minute = (minutesAgo: number) => Math.floor((to - minutesAgo * MINUTE) / MINUTE) * MINUTE;
    expect(device.body.result).toEqual({
      metric: 'co2',
      unit: 'ppm',
      grain: 'minute',
      points: [
        { at: minute(3), avg: 980, min: 980, max: 980, count: 1 },
        { at: minute(2), avg: 1000, min: 1000, max: 1000, count: 1 },
      ],
    });
    // The floor: every monitor under it, offline ones' stored readings included, by the hour over two days.
    const floor = await get<AirHistory>(`history?locationId=${floorId}&metric=co2&from=${to - 2 * DAY}&to=${to}`);
    expect(floor.body.result.grain).toBe('hour');
    const readings = [980, 1000, 900, 5000, 1100, 1150, 1200, 1250];
    const totalCount = floor.body.result.points.reduce((total, point) => total + point.count, 0);
    expect(totalCount).toBe(readings.length);
    expect(Math.min(...floor.body.result.points.map((point) => point.min))).toBe(900);
    expect(Math.max(...floor.body.result.points.map((point) => point.max))).toBe(5000);
    const mean = floor.body.result.points.reduce((total, point) => total + point.avg * point.count, 0) / totalCount;
    expect(mean).toBeCloseTo(readings.reduce((a, b) => a + b, 0) / readings.length, 6);
    const year = await get<AirHistory>(`history?locationId=${floorId}&metric=co2&from=${to - 365 * DAY}&to=${to}`);
    expect(year.body.result.grain).toBe('day');
    expect(year.body.result.points.reduce((total, point) => total + point.count, 0)).toBe(readings.length);
    // A metric never read: no points.
    expect((await get<AirHistory>(`history?locationId=${floorId}&metric=pm25&from=${to - DAY}&to=${to}`)).body.result.points).toEqual([]);

    for (const query of [
      `deviceId=${monitor.labA!.id}&metric=co2&from=${to}&to=${to}`,
      `deviceId=${monitor.labA!.id}&metric=co2&from=${to - 401 * DAY}&to=${to}`,
      `metric=co2&from=${to - DAY}&to=${to}`,
      `deviceId=${monitor.labA!.id}&locationId=${floorId}&metric=co2&from=${to - DAY}&to=${to}`,
      `deviceId=${monitor.labA!.id}&metric=noise&from=${to - DAY}&to=${to}`,
    ]) {
      const refused = await get(`history?${query}`);
      expect([refused.status, refused.body.returncode], query).toEqual([400, ReturnCode.BAD_REQUEST]);
    }
    expect((await get(`history?deviceId=${otherDeviceId}&metric=co2&from=${to - DAY}&to=${to}`)).status).toBe(404);
    expect((await get(`history?locationId=${otherLocationId}&metric=co2&from=${to - DAY}&to=${to}`)).status).toBe(404);
  });

  it('lists the air monitors with their place, status, last contact and latest values', async () => {
    const { list } = (await get<AirDeviceList>('devices', viewerToken)).body.result;
    expect(list.map((device) => [device.name, device.status])).toEqual([
      ['Boxed monitor', 'inactive'],
      ['Lab east', 'online'],
      ['Lab spare', 'offline'],
      ['Lab west', 'online'],
      ['Lounge monitor', 'online'],
    ]);
    expect(list.find((device) => device.name === 'Lab spare')).toMatchObject({ locationId: labId, path: ['Testland', 'Test City', 'Tower A', 'Floor 3', 'Lab'], values: { co2: 5000 } });
    expect(list.find((device) => device.name === 'Boxed monitor')).toMatchObject({ locationId: floorId, lastSeenAt: null, values: {} });
    expect((await get<AirDeviceList>('devices', otherToken)).body.result.list.map((device) => device.name)).toEqual(['Smog monitor']);
  });

  it('shows a location\'s air on a public board by secret link until the link is revoked', async () => {
    expect((await post('board-links', { name: 'Lobby' }, viewerToken)).status).toBe(403);
    expect((await post('board-links', { name: 'Theirs', locationId: otherLocationId })).status).toBe(404);
    const created = await post<CreatedAirBoardLink>('board-links', { name: 'Lobby', locationId: floorId });
    expect(created.status).toBe(200);
    const link = created.body.result;
    expect(link).toMatchObject({ name: 'Lobby', locationId: floorId, locationName: 'Floor 3', revokedAt: null });
    expect(link.path).toBe(`/air-board/${link.token}`);
    const stored = await t.db.kysely.selectFrom('air_board_links').select('token_hash').where('id', '=', link.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(link.token);

    const listed = await get<AirBoardLinkList>('board-links', viewerToken);
    expect(listed.body.result.list).toEqual([expect.objectContaining({ id: link.id, name: 'Lobby' })]);
    expect(JSON.stringify(listed.body.result)).not.toContain(link.token);
    expect((await get<AirBoardLinkList>('board-links', otherToken)).body.result.list).toEqual([]);

    const board = await get<AirBoard>(`board?token=${encodeURIComponent(link.token)}`, null);
    expect(board.status).toBe(200);
    expect(board.body.result).toMatchObject({ name: 'Lobby', companyName: 'Clear Air Co' });
    expect(board.body.result.list.map((place) => place.name)).toEqual(['Floor 3', 'Lab', 'Lounge']);
    expect(board.body.result.list[2]).toMatchObject({ values: { co2: 1250 }, states: { co2: 'alert' }, openAlerts: 1 });
    // Names and values only: no ids of places, devices or people.
    for (const place of board.body.result.list) expect(Object.keys(place).sort()).toEqual(['lastReadingAt', 'name', 'openAlerts', 'path', 'states', 'values']);

    expect((await post('board-links/revoke', { id: link.id }, otherToken)).status).toBe(404);
    const revoked = await post<AirBoardLink>('board-links/revoke', { id: link.id });
    expect(revoked.body.result.revokedAt).toBe(t.clock.now());
    const refused = await get(`board?token=${encodeURIComponent(link.token)}`, null);
    expect([refused.status, refused.body.returncode]).toEqual([404, ReturnCode.NOT_FOUND]);
    expect((await get('board?token=not-a-real-token', null)).status).toBe(404);
  });
});
