import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, ReturnCode, type LocationNode, type LocationRegionInfo, type OperationLogEntry, type Page } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { MULTIPART_HEADERS, multipartImage } from '../../test/uploads.js';

const HOUR = 60 * 60 * 1000;

describe(`location tree (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  let outsider: string;
  let other: string;
  let companyId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.factories.companyWithAdmin('Tree Co');
    companyId = a.company.id;
    admin = await t.factories.session(a.admin);
    viewer = await t.factories.session(await t.factories.user(companyId, { permissions: ['roomsLocations:view'] }));
    outsider = await t.factories.session(await t.factories.user(companyId, { permissions: ['reports:view'] }));
    const b = await t.factories.companyWithAdmin('Other Co');
    other = await t.factories.session(b.admin);
  });
  afterAll(() => t.cleanup());

  const get = <T>(url: string, token: string, lang = 'en-US') => call<T>(t.app, { method: 'GET', url, headers: { token, lang } });
  const send = <T>(method: 'POST' | 'DELETE', url: string, token: string, payload: unknown, lang = 'en-US') =>
    call<T>(t.app, { method, url, headers: { token, lang }, payload: payload as Record<string, unknown> });
  const add = async (token: string, body: Record<string, unknown>) => {
    const answer = await send<{ id: number }>('POST', '/api/location/addLocation', token, body);
    expect(answer.status, answer.body.message).toBe(200);
    return answer.body.result.id;
  };
  const tree = async (token: string, query = '') => (await get<LocationNode[]>(`/api/location/getLocationTree${query}`, token)).body.result;
  const addRoom = async (floorId: number, name: string) => {
    const answer = await send<{ id: number }>('POST', '/api/location/addMeetingRoom', admin, { floorId, name, capacity: 6 });
    expect(answer.status, answer.body.message).toBe(200);
    return answer.body.result.id;
  };

  async function buildCampus(prefix: string) {
    const country = await add(admin, { level: 1, locationName: `${prefix} Land` });
    const city = await add(admin, { parentId: country, level: 2, locationName: `${prefix} City` });
    const park = await add(admin, { parentId: city, level: 3, locationName: `${prefix} Park` });
    const building = await add(admin, { parentId: park, level: 5, locationName: `${prefix} House`, timeZone: 'Asia/Shanghai', address: '1 Century Avenue' });
    const floor = await add(admin, { parentId: building, level: 6, locationName: `${prefix} Floor 1` });
    const room = await addRoom(floor, `${prefix} Room`);
    return { country, city, park, building, floor, room };
  }

  it('asks for a session and the rooms and locations area', async () => {
    expect((await call(t.app, { method: 'GET', url: '/api/location/getLocationTree' })).status).toBe(401);
    expect((await get('/api/location/getLocationTree', outsider)).status).toBe(403);
    expect((await get('/api/location/getLocationTree', viewer)).status).toBe(200);
    const refused = await send('POST', '/api/location/addLocation', viewer, { level: 1, locationName: 'Nope' });
    expect([refused.status, refused.body.returncode]).toEqual([403, ReturnCode.NO_PERMISSION]);
  });

  it('builds a tree level by level, with the building zone inherited below it', async () => {
    const c = await buildCampus('Alpha');
    const whole = await tree(admin);
    const country = whole.find((node) => node.id === c.country)!;
    expect(country.childLevel).toEqual([2]);
    const city = country.childList[0]!;
    expect(city.childLevel).toEqual([3, 5]);
    const building = city.childList[0]!.childList[0]!;
    expect([building.level, building.timeZone, building.address]).toEqual([5, 'Asia/Shanghai', '1 Century Avenue']);
    const floor = building.childList[0]!;
    expect([floor.timeZone, floor.effectiveTimeZone, floor.effectiveAddress]).toEqual([null, 'Asia/Shanghai', '1 Century Avenue']);
    expect(floor.childList[0]).toMatchObject({ id: c.room, level: 7, effectiveTimeZone: 'Asia/Shanghai', childLevel: [] });

    // Lazy loading: one level, children left out but announced.
    const lazy = await tree(admin, `?parentId=${c.city}`);
    expect(lazy.map((node) => [node.id, node.hasChildren, node.childList.length])).toEqual([[c.park, true, 0]]);
    // Down to buildings only.
    const shallow = (await get<LocationNode[]>('/api/tenant/location/getLocationTree/city-and-building', admin)).body.result;
    const shallowBuilding = shallow.find((node) => node.id === c.country)!.childList[0]!.childList[0]!.childList[0]!;
    expect([shallowBuilding.id, shallowBuilding.childList, shallowBuilding.hasChildren]).toEqual([c.building, [], false]);
    const rooms = (await get<LocationNode[]>('/api/tenant/location/findLocationTreewithParam/city-building-room?keyword=alpha%20room', admin)).body.result;
    expect(rooms.map((node) => node.id)).toEqual([c.country]);
    const byBody = await send<LocationNode[]>('POST', '/api/location/product', admin, { level: 2 });
    expect(byBody.body.result.find((node) => node.id === c.country)!.childList[0]!.childList).toEqual([]);
    const tenantBody = await send<LocationNode[]>('POST', '/api/tenant/location/tree/product', admin, { parentId: c.country });
    expect(tenantBody.body.result.map((node) => node.id)).toEqual([c.city]);

    const info = await get<LocationRegionInfo>(`/api/location/getLocationRegionInfo?id=${c.room}`, admin);
    expect(info.body.result.path.map((step) => step.level)).toEqual([1, 2, 3, 5, 6, 7]);
    expect(info.body.result.effectiveTimeZone).toBe('Asia/Shanghai');
    expect((await get<{ maxDisplayOrder: number }>(`/api/tenant/location/max-display-order?parentId=${c.building}`, admin)).body.result).toEqual({ maxDisplayOrder: 0 });
    expect((await get<{ maxDisplayOrder: number }>(`/api/tenant/location/max-display-order?parentId=${c.room}`, admin)).body.result).toEqual({ maxDisplayOrder: -1 });
  });

  it('lets a city hold buildings directly, and refuses levels out of place with a message in both languages', async () => {
    const country = await add(admin, { level: 1, locationName: 'Levels Land' });
    const city = await add(admin, { parentId: country, level: 2, locationName: 'Levels City' });
    await add(admin, { parentId: city, level: 5, locationName: 'Direct House', timeZone: 'Europe/London' });
    for (const [body, key] of [
      [{ level: 2, locationName: 'Top city' }, 'locationLevelNotAllowed'],
      [{ parentId: country, level: 5, locationName: 'Skip', timeZone: 'Europe/London' }, 'locationLevelNotAllowed'],
      [{ parentId: city, level: 6, locationName: 'Floor in city' }, 'locationLevelNotAllowed'],
      [{ parentId: city, level: 5, locationName: 'No zone' }, 'locationTimeZoneRequired'],
      [{ parentId: country, level: 2, locationName: 'Zoned city', timeZone: 'Europe/London' }, 'locationTimeZoneOnlyBuilding'],
      [{ parentId: city, level: 7, locationName: 'Room' }, 'locationRoomUseRoomCall'],
    ] as const) {
      for (const lang of ['en-US', 'zh-CN'] as const) {
        const answer = await send('POST', '/api/location/addLocation', admin, body, lang);
        expect([answer.status, answer.body.returncode, answer.body.message], JSON.stringify(body)).toEqual([422, ReturnCode.REFUSED, formatMessage(key, lang)]);
      }
    }
    const badZone = await send('POST', '/api/location/addLocation', admin, { parentId: city, level: 5, locationName: 'Mars', timeZone: 'Mars/Olympus' });
    expect([badZone.status, badZone.body.returncode]).toEqual([400, ReturnCode.BAD_REQUEST]);
    expect(badZone.body.message).toContain('timeZone');
    const noName = await send('POST', '/api/location/addLocation', admin, { level: 1, locationName: '   ' });
    expect(noName.status).toBe(400);
    const missingParent = await send('POST', '/api/location/addLocation', admin, { parentId: 999999, level: 2, locationName: 'Orphan' });
    expect([missingParent.status, missingParent.body.returncode]).toEqual([404, ReturnCode.NOT_FOUND]);
  });

  it('renames, sets zone, address and attributes, and checks the icon is an own upload', async () => {
    const c = await buildCampus('Beta');
    expect((await send('POST', '/api/location/updateLocationBaseInfo', admin, { id: c.floor, locationName: 'Beta Floor One' })).status).toBe(200);
    const v2 = await send('POST', '/api/location/v2/updateLocationBaseInfo', admin, { id: c.building, timeZone: 'europe/london', address: '2 Bank Street' });
    expect(v2.status, v2.body.message).toBe(200);
    const info = (await get<LocationRegionInfo>(`/api/location/getLocationRegionInfo?id=${c.room}`, admin)).body.result;
    expect([info.effectiveTimeZone, info.effectiveAddress, info.path[4]!.locationName]).toEqual(['Europe/London', '2 Bank Street', 'Beta Floor One']);
    const floorZone = await send('POST', '/api/location/v2/updateLocationBaseInfo', admin, { id: c.floor, timeZone: 'Europe/Paris' });
    expect([floorZone.status, floorZone.body.message]).toEqual([422, formatMessage('locationTimeZoneOnlyBuilding', 'en-US')]);

    const upload = await call<{ fileUrl: string }>(t.app, { method: 'POST', url: '/api/upload', headers: { token: admin, ...MULTIPART_HEADERS }, payload: multipartImage({ kind: 'logo' }) });
    expect(upload.status).toBe(200);
    const icon = await send('POST', '/api/location/v2/updateLocationBaseInfo', admin, { id: c.park, regionIconUrl: upload.body.result.fileUrl, description: 'The riverside campus' });
    expect(icon.status, icon.body.message).toBe(200);
    const park = (await get<LocationRegionInfo>(`/api/location/getLocationRegionInfo?id=${c.park}`, admin)).body.result;
    expect([park.regionIconUrl, park.description]).toEqual([upload.body.result.fileUrl, 'The riverside campus']);
    const foreignUpload = await call<{ fileUrl: string }>(t.app, { method: 'POST', url: '/api/upload', headers: { token: other, ...MULTIPART_HEADERS }, payload: multipartImage({ kind: 'logo' }) });
    const foreign = await send('POST', '/api/location/v2/updateLocationBaseInfo', admin, { id: c.park, regionIconUrl: foreignUpload.body.result.fileUrl });
    expect([foreign.status, foreign.body.returncode]).toEqual([404, ReturnCode.NOT_FOUND]);
    const cleared = await send('POST', '/api/location/v2/updateLocationBaseInfo', admin, { id: c.park, regionIconUrl: null, description: null });
    expect(cleared.status).toBe(200);
    expect((await get<LocationRegionInfo>(`/api/location/getLocationRegionInfo?id=${c.park}`, admin)).body.result.regionIconUrl).toBeNull();

    const log = await get<Page<OperationLogEntry>>('/api/operation-log/list?action=location.update', admin);
    expect(log.body.result.list.some((entry) => entry.targetId === c.building && (entry.detail as { timeZone?: unknown }).timeZone !== undefined)).toBe(true);
  });

  it('moves a node among its siblings, never past the first or the last', async () => {
    const country = await add(admin, { level: 1, locationName: 'Move Land' });
    const ids = [];
    for (const name of ['One', 'Two', 'Three']) ids.push(await add(admin, { parentId: country, level: 2, locationName: name }));
    const order = async () => (await tree(admin, `?parentId=${country}`)).map((node) => node.locationName);
    expect(await order()).toEqual(['One', 'Two', 'Three']);
    const first = await send('POST', '/api/location/move', admin, { id: ids[0], direction: 'up' }, 'zh-CN');
    expect([first.status, first.body.message]).toEqual([422, formatMessage('locationMoveFirst', 'zh-CN')]);
    const last = await send('POST', '/api/location/move', admin, { id: ids[2], direction: 'down' });
    expect([last.status, last.body.message]).toEqual([422, formatMessage('locationMoveLast', 'en-US')]);
    expect((await send('POST', '/api/location/move', admin, { id: ids[2], direction: 'up' })).status).toBe(200);
    expect(await order()).toEqual(['One', 'Three', 'Two']);
    expect((await send('POST', '/api/location/move', admin, { id: ids[0], direction: 'down' })).status).toBe(200);
    expect(await order()).toEqual(['Three', 'One', 'Two']);
    const bad = await send('POST', '/api/location/move', admin, { id: ids[0], direction: 'left' });
    expect(bad.status).toBe(400);
    const log = await get<Page<OperationLogEntry>>('/api/operation-log/list?action=location.move', admin);
    expect(log.body.result.list.map((entry) => entry.result)).toContain('failure');
  });

  it('soft-deletes a subtree, but not while a room under it has an upcoming reservation', async () => {
    const c = await buildCampus('Gamma');
    const now = t.clock.now();
    const insertReservation = (status: 'confirmed' | 'cancelled' | 'rejected', startAt: number, endAt: number) =>
      t.db.kysely
        .insertInto('reservations')
        .values({ company_id: companyId, resource_id: c.room, title: `Review ${status}`, start_at: startAt, end_at: endAt, status, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
    // Past, cancelled and rejected reservations do not hold the room.
    await insertReservation('confirmed', now - 3 * HOUR, now - 2 * HOUR);
    await insertReservation('cancelled', now + HOUR, now + 2 * HOUR);
    await insertReservation('rejected', now + HOUR, now + 2 * HOUR);
    const upcoming = await insertReservation('confirmed', now + 24 * HOUR, now + 25 * HOUR);
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const refused = await send('DELETE', '/api/location/delLocation', admin, { id: c.city }, lang);
      expect([refused.status, refused.body.returncode, refused.body.message]).toEqual([409, ReturnCode.CONFLICT, formatMessage('locationHasReservations', lang, { count: 1 })]);
    }
    // A meeting in progress still holds the room.
    await t.db.kysely.updateTable('reservations').set({ start_at: now - HOUR, end_at: now + HOUR }).where('id', '=', upcoming.id).execute();
    expect((await send('DELETE', '/api/location/delLocation', admin, { id: c.floor })).status).toBe(409);
    await t.db.kysely.updateTable('reservations').set({ status: 'cancelled' }).where('id', '=', upcoming.id).execute();

    const deleted = await send('DELETE', '/api/location/delLocation', admin, { id: c.park });
    expect(deleted.status, deleted.body.message).toBe(200);
    expect((await tree(admin, `?parentId=${c.city}`))).toEqual([]);
    expect((await get(`/api/location/getLocationRegionInfo?id=${c.floor}`, admin)).status).toBe(404);
    expect((await get(`/api/location/findRoomById?id=${c.room}`, admin)).status).toBe(404);
    const rows = await t.db.kysely.selectFrom('locations').select(['id', 'deleted_at']).where('id', 'in', [c.park, c.building, c.floor, c.room]).execute();
    expect(rows.every((row) => row.deleted_at !== null)).toBe(true);
    // Other modules' location pickers no longer offer the deleted nodes.
    const picker = await get<Array<{ id: number }>>(`/api/tenant/group/list-of-location-or-group?selector=location&parentId=${c.city}`, admin);
    expect(picker.body.result).toEqual([]);
    expect((await get(`/api/tenant/group/list-of-location-or-group?selector=location&parentId=${c.park}`, admin)).status).toBe(404);
    const options = await get<{ locations: Array<{ id: number }> }>('/api/user/directoryOptions', admin);
    expect(options.body.result.locations.map((location) => location.id)).not.toContain(c.floor);
    const city = await t.db.kysely.selectFrom('locations').select('deleted_at').where('id', '=', c.city).executeTakeFirstOrThrow();
    expect(city.deleted_at).toBeNull();
    const log = await get<Page<OperationLogEntry>>('/api/operation-log/list?action=location.delete', admin);
    expect(log.body.result.list.filter((entry) => entry.targetId === c.city).map((entry) => entry.result)).toEqual(['failure', 'failure']);
  });

  it("answers 404 for another company's nodes and shows none of them", async () => {
    const c = await buildCampus('Delta');
    const requests: Array<[string, string, unknown]> = [
      ['GET', `/api/location/getLocationTree?parentId=${c.city}`, undefined],
      ['GET', `/api/location/getLocationRegionInfo?id=${c.city}`, undefined],
      ['GET', `/api/tenant/location/max-display-order?parentId=${c.city}`, undefined],
      ['POST', '/api/location/addLocation', { parentId: c.city, level: 3, locationName: 'Intruder' }],
      ['POST', '/api/location/updateLocationBaseInfo', { id: c.city, locationName: 'Taken' }],
      ['POST', '/api/location/v2/updateLocationBaseInfo', { id: c.building, timeZone: 'UTC' }],
      ['POST', '/api/location/move', { id: c.city, direction: 'down' }],
      ['DELETE', '/api/location/delLocation', { id: c.country }],
    ];
    for (const [method, url, payload] of requests) {
      const answer = await call(t.app, { method: method as 'GET', url, headers: { token: other }, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
      expect([answer.status, answer.body.returncode], `${method} ${url}`).toEqual([404, ReturnCode.NOT_FOUND]);
    }
    expect(JSON.stringify(await tree(other))).not.toContain('Delta');
    expect((await tree(admin)).some((node) => node.id === c.country)).toBe(true);
  });
});
