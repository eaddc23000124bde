import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { formatMessage, ReturnCode, type OperationLogEntry, type Page, type PlainMessageKey, type Room, type RoomDisablePeriod, type RoomType, type ZoomRoom } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { MULTIPART_HEADERS, multipartImage } from '../../test/uploads.js';

const HOUR = 60 * 60 * 1000;

describe(`rooms and room types (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  let other: string;
  let floorA: number;
  let floorB: number;
  let building: number;
  let types: { standard: number; boardroom: number; zoom: number; zoomLarge: number; disabled: number };

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.factories.companyWithAdmin('Rooms Co');
    admin = await t.factories.session(a.admin);
    viewer = await t.factories.session(await t.factories.user(a.company.id, { permissions: ['roomsLocations:view'] }));
    const b = await t.factories.companyWithAdmin('Elsewhere Co');
    other = await t.factories.session(b.admin);
    const country = await addLocation({ level: 1, locationName: 'China' });
    const city = await addLocation({ parentId: country, level: 2, locationName: 'Shanghai' });
    building = await addLocation({ parentId: city, level: 5, locationName: 'Pudong Tower', timeZone: 'Asia/Shanghai' });
    floorA = await addLocation({ parentId: building, level: 6, locationName: '10F' });
    floorB = await addLocation({ parentId: building, level: 6, locationName: '11F' });
    types = {
      standard: await addType({ name: 'Meeting room', typeCode: 'STD' }),
      boardroom: await addType({ name: 'Boardroom', typeCode: 'BOARD' }),
      zoom: await addType({ name: 'Zoom room', typeCode: 'ZOOM', kind: 'zoom' }),
      zoomLarge: await addType({ name: 'Zoom hall', typeCode: 'ZOOM-L', kind: 'zoom' }),
      disabled: await addType({ name: 'Retired', typeCode: 'OLD', isEnabled: false }),
    };
  });
  afterAll(() => t.cleanup());

  const get = <T>(url: string, token = admin, lang = 'en-US') => call<T>(t.app, { method: 'GET', url, headers: { token, lang } });
  const send = <T>(method: 'POST' | 'DELETE', url: string, payload: unknown, token = admin, lang = 'en-US') =>
    call<T>(t.app, { method, url, headers: { token, lang }, payload: payload as Record<string, unknown> });
  async function addLocation(body: Record<string, unknown>) {
    const answer = await send<{ id: number }>('POST', '/api/location/addLocation', body);
    expect(answer.status, answer.body.message).toBe(200);
    return answer.body.result.id;
  }
  async function addType(body: Record<string, unknown>) {
    const answer = await send<{ id: number }>('POST', '/api/roomType/add', body);
    expect(answer.status, answer.body.message).toBe(200);
    return answer.body.result.id;
  }
  async function addRoom(body: Record<string, unknown>) {
    const answer = await send<{ id: number }>('POST', '/api/location/addMeetingRoom', body);
    expect(answer.status, answer.body.message).toBe(200);
    return answer.body.result.id;
  }
  const room = async (id: number) => (await get<Room>(`/api/location/findRoomById?id=${id}`)).body.result;
  const list = async (filters: Record<string, unknown> = {}, token = admin) => (await send<Page<Room>>('POST', '/api/location/findRoomList', filters, token)).body.result;

  it('adds a room under a floor with all its fields, requiring name, capacity and floor', async () => {
    const id = await addRoom({
      floorId: floorA,
      name: 'Huangpu',
      capacity: 12,
      roomTypeId: types.standard,
      equipment: ['projector', 'whiteboard', 'projector'],
      needsApproval: true,
      signInEnabled: true,
      signInWay: 'qr',
      signInBeforeMinutes: 5,
      signInAfterMinutes: 20,
      oneClickStart: true,
      videoLink: 'https://meet.example.com/huangpu',
      calendarResource: 'huangpu@rooms.example.com',
      // An old client may still send the flag: it is ignored, the displays decide (issue 17).
      hasDoorDisplay: true,
    });
    const huangpu = await room(id);
    expect(huangpu).toMatchObject({
      name: 'Huangpu', capacity: 12, roomTypeName: 'Meeting room', roomTypeKind: 'standard', equipment: ['projector', 'whiteboard'], isAvailable: true, needsApproval: true,
      signInEnabled: true, signInWay: 'qr', signInBeforeMinutes: 5, signInAfterMinutes: 20, oneClickStart: true, oneClickEnd: false, hasDoorDisplay: false, doorDisplayStatus: 'none', bindExternalRooms: false,
      floorId: floorA, locationPath: 'China / Shanghai / Pudong Tower / 10F', timeZone: 'Asia/Shanghai',
    });
    const node = await t.db.kysely.selectFrom('locations').select(['level', 'parent_id']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(node).toEqual({ level: 7, parent_id: floorA });

    for (const body of [{ floorId: floorA, capacity: 4 }, { floorId: floorA, name: 'No size' }, { name: 'Nowhere', capacity: 4 }, { floorId: floorA, name: 'Zero', capacity: 0 }, { floorId: floorA, name: 'Bad link', capacity: 4, videoLink: 'javascript:alert(1)' }, { floorId: floorA, name: 'Bad kit', capacity: 4, equipment: ['jetpack'] }]) {
      const answer = await send('POST', '/api/location/addMeetingRoom', body);
      expect([answer.status, answer.body.returncode], JSON.stringify(body)).toEqual([400, ReturnCode.BAD_REQUEST]);
    }
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const onBuilding = await send('POST', '/api/location/addMeetingRoom', { floorId: building, name: 'Lobby', capacity: 4 }, admin, lang);
      expect([onBuilding.status, onBuilding.body.message]).toEqual([422, formatMessage('roomFloorNotFound', lang)]);
      const retired = await send('POST', '/api/location/addMeetingRoom', { floorId: floorA, name: 'Old', capacity: 4, roomTypeId: types.disabled }, admin, lang);
      expect([retired.status, retired.body.message]).toEqual([422, formatMessage('roomTypeDisabled', lang, { name: 'Retired' })]);
    }
    const log = await get<Page<OperationLogEntry>>('/api/operation-log/list?action=room.create');
    expect(log.body.result.list.some((entry) => entry.targetId === id && entry.result === 'success')).toBe(true);
  });

  it('edits a room; a Zoom room keeps Zoom types and a standard room standard ones', async () => {
    const zoomRoom = await addRoom({ floorId: floorB, name: 'Lujiazui', capacity: 8, roomTypeId: types.zoom });
    const plain = await addRoom({ floorId: floorB, name: 'Bund', capacity: 6, roomTypeId: types.standard });
    const untyped = await addRoom({ floorId: floorB, name: 'Corner', capacity: 3 });
    const base = async (id: number) => {
      const { name, capacity, roomTypeId } = await room(id);
      return { id, name, capacity, roomTypeId };
    };
    for (const lang of ['en-US', 'zh-CN'] as const) {
      for (const body of [
        { ...(await base(zoomRoom)), roomTypeId: types.standard },
        { ...(await base(zoomRoom)), roomTypeId: null },
        { ...(await base(plain)), roomTypeId: types.zoom },
        { ...(await base(untyped)), roomTypeId: types.zoom },
      ]) {
        const answer = await send('POST', '/api/location/updateRoomInfo', body, admin, lang);
        expect([answer.status, answer.body.returncode, answer.body.message], JSON.stringify(body)).toEqual([422, ReturnCode.REFUSED, formatMessage('roomTypeZoomMix', lang)]);
      }
    }
    expect((await send('POST', '/api/location/updateRoomInfo', { ...(await base(zoomRoom)), roomTypeId: types.zoomLarge, capacity: 30, name: 'Lujiazui Hall' })).status).toBe(200);
    expect(await room(zoomRoom)).toMatchObject({ name: 'Lujiazui Hall', capacity: 30, roomTypeId: types.zoomLarge, roomTypeKind: 'zoom' });
    expect((await send('POST', '/api/location/updateRoomInfo', { ...(await base(plain)), roomTypeId: types.boardroom, isAvailable: false })).status).toBe(200);
    expect(await room(plain)).toMatchObject({ roomTypeId: types.boardroom, isAvailable: false });
    // A type in use may be disabled; its rooms keep it.
    expect((await send('POST', '/api/roomType/updateStatus', { id: types.boardroom, isEnabled: false })).status).toBe(200);
    expect((await send('POST', '/api/location/updateRoomInfo', { ...(await base(plain)), capacity: 7 })).status).toBe(200);
    expect((await send('POST', '/api/roomType/updateStatus', { id: types.boardroom, isEnabled: true })).status).toBe(200);
  });

  it("lists the live Zoom rooms with their links and paths, in the room list's order, by keyword", async () => {
    const floor = await addLocation({ parentId: building, level: 6, locationName: '14F' });
    const zoom = await addRoom({ floorId: floor, name: 'Orbit Zoom', capacity: 8, roomTypeId: types.zoom, videoLink: 'https://zoom.example.com/j/123' });
    await addRoom({ floorId: floor, name: 'Orbit Plain', capacity: 6, roomTypeId: types.standard, videoLink: 'https://meet.example.com/plain' });
    await addRoom({ floorId: floor, name: 'Orbit Bare', capacity: 4 });
    const hall = await addRoom({ floorId: floor, name: 'Orbit Hall', capacity: 40, roomTypeId: types.zoomLarge });
    const gone = await addRoom({ floorId: floor, name: 'Orbit Gone', capacity: 4, roomTypeId: types.zoom });
    expect((await send('DELETE', '/api/location/delLocation', { id: gone })).status).toBe(200);
    const zoomList = async (query = '', token = admin) => {
      const answer = await get<ZoomRoom[]>(`/api/zoom/findZoomRoomsList${query}`, token);
      expect(answer.status, answer.body.message).toBe(200);
      return answer.body.result;
    };
    const path = ['China', 'Shanghai', 'Pudong Tower', '14F'];
    expect(await zoomList('?keyword=orbit', viewer)).toEqual([
      { id: zoom, name: 'Orbit Zoom', capacity: 8, videoLink: 'https://zoom.example.com/j/123', locationPath: path, roomTypeName: 'Zoom room' },
      { id: hall, name: 'Orbit Hall', capacity: 40, videoLink: null, locationPath: path, roomTypeName: 'Zoom hall' },
    ]);
    expect((await zoomList('?keyword=ORBIT%20H')).map((item) => item.id)).toEqual([hall]);
    expect(await zoomList('?keyword=%25')).toEqual([]);
    // Without a keyword: every Zoom room of the company, exactly the room list's Zoom rows in its order.
    const rooms = await list({ pageSize: 100 });
    expect(rooms.total).toBeLessThan(100);
    const all = await zoomList();
    expect(all.map((item) => item.id)).toEqual(rooms.list.filter((item) => item.roomTypeKind === 'zoom').map((item) => item.id));
    expect(all.map((item) => item.id)).toEqual(expect.arrayContaining([zoom, hall]));
    expect(await zoomList('', other)).toEqual([]);
  });

  it('filters the list by subtree, type, capacity band, equipment and availability, and pages it', async () => {
    const filtersFloor = await addLocation({ parentId: building, level: 6, locationName: '12F' });
    const sizes = [3, 5, 6, 10, 11, 20, 21, 50, 51, 200];
    for (const [n, capacity] of sizes.entries()) {
      await addRoom({ floorId: filtersFloor, name: `Band ${n}`, capacity, equipment: n % 2 === 0 ? ['tv', 'phone'] : ['tv'], isAvailable: n !== 0, roomTypeId: n < 3 ? types.boardroom : null });
    }
    await addRoom({ floorId: floorA, name: 'Extra 1', capacity: 2 });
    await addRoom({ floorId: floorA, name: 'Extra 2', capacity: 2 });
    const names = (page: Page<Room>) => page.list.map((item) => item.name);
    const onFloor = (filters: Record<string, unknown>) => list({ locationId: filtersFloor, ...filters });
    expect((await onFloor({})).total).toBe(10);
    expect(names(await onFloor({ capacityBand: '1-5' }))).toEqual(['Band 0', 'Band 1']);
    expect(names(await onFloor({ capacityBand: '6-10' }))).toEqual(['Band 2', 'Band 3']);
    expect(names(await onFloor({ capacityBand: '11-20' }))).toEqual(['Band 4', 'Band 5']);
    expect(names(await onFloor({ capacityBand: '21-50' }))).toEqual(['Band 6', 'Band 7']);
    expect(names(await onFloor({ capacityBand: '50+' }))).toEqual(['Band 8', 'Band 9']);
    expect((await onFloor({ equipment: ['tv', 'phone'] })).total).toBe(5);
    expect((await onFloor({ isAvailable: false })).total).toBe(1);
    expect((await onFloor({ roomTypeId: types.boardroom })).total).toBe(3);
    expect(names(await onFloor({ keyword: 'band 9' }))).toEqual(['Band 9']);
    const whole = await list({ locationId: building, pageSize: 15 });
    expect(whole.list[0]!.name).toBe('Huangpu');
    expect(whole.total).toBeGreaterThan(15);
    const second = await list({ locationId: building, page: 2, pageSize: 15 });
    expect(second.list.length).toBe(whole.total - 15);
    expect((await send('POST', '/api/location/findRoomList', { pageSize: 20 })).status).toBe(400);
    expect((await send('POST', '/api/location/findRoomList', { capacityBand: '5-9' })).status).toBe(400);
    expect((await list({}, viewer)).total).toBe(whole.total);
  });

  it('exports the filtered list to csv with formula-like text neutralised and to xlsx as typed text', async () => {
    await addRoom({ floorId: floorA, name: '=HYPERLINK("http://evil")', capacity: 4 });
    const csv = await t.app.inject({ method: 'POST', url: '/api/location/exportRoomList', headers: { token: viewer }, payload: { locationId: floorA, format: 'csv' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const text = csv.body.replace(/^\uFEFF/, '');
    expect(text.split('\n')[0]).toContain('name,location,capacity');
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text).toContain('Huangpu');
    expect(text).not.toContain('Lujiazui');
    const xlsx = await t.app.inject({ method: 'POST', url: '/api/location/exportRoomList', headers: { token: admin }, payload: { locationId: floorA } });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const values = workbook.getWorksheet('rooms')!.getSheetValues().flat().map(String);
    expect(values).toContain('Huangpu');
    // In xlsx the name is typed text, never a formula, and stays as written (issue 16): no apostrophe.
    expect(values).toContain('=HYPERLINK("http://evil")');
    expect(values).not.toContain(`'=HYPERLINK("http://evil")`);
    const sheet = workbook.getWorksheet('rooms')!;
    sheet.eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));
  });

  it('has a booking screen only while one of its door displays is activated and online, in the list, the room and the export', async () => {
    const id = await addRoom({ floorId: floorB, name: 'Screened', capacity: 6 });
    const state = async () => {
      const one = await room(id);
      const listed = (await list({ locationId: floorB, keyword: 'Screened' })).list.find((entry) => entry.id === id)!;
      expect(listed).toMatchObject({ hasDoorDisplay: one.hasDoorDisplay, doorDisplayStatus: one.doorDisplayStatus });
      return [one.hasDoorDisplay, one.doorDisplayStatus];
    };
    expect(await state()).toEqual([false, 'none']);
    // A code issued and not used yet: no screen at the door.
    const issued = await send<{ list: Array<{ activationCode: string }> }>('POST', '/api/deviceActivation/addDeviceActivationCode', { roomId: id, count: 2 });
    expect(issued.status, issued.body.message).toBe(200);
    expect(await state()).toEqual([false, 'inactive']);
    const activated = await call<{ deviceToken: string }>(t.app, {
      method: 'POST',
      url: '/api/device/activate',
      headers: { lang: 'en-US' },
      payload: { code: issued.body.result.list[0]!.activationCode, platform: 'android', appVersion: '3.0.0' },
    });
    expect(activated.status, activated.body.message).toBe(200);
    expect(await state()).toEqual([true, 'online']);
    const exported = async () => {
      const csv = await t.app.inject({ method: 'POST', url: '/api/location/exportRoomList', headers: { token: admin }, payload: { locationId: floorB, keyword: 'Screened', format: 'csv' } });
      const [header, row] = csv.body.replace(/^\uFEFF/, '').trim().split('\n');
      return row!.split(',')[header!.split(',').indexOf('doorDisplay')];
    };
    expect(await exported()).toBe('yes');
    // No heartbeat for longer than the online window: the screen is offline, the room has none that works.
    t.clock.advance(3 * 60 * 1000);
    expect(await state()).toEqual([false, 'offline']);
    expect(await exported()).toBe('no');
    const beat = await call(t.app, { method: 'POST', url: '/api/device/heartbeat', headers: { 'device-token': activated.body.result.deviceToken }, payload: {} });
    expect(beat.status).toBe(200);
    expect(await state()).toEqual([true, 'online']);
    // The form's old switch changes nothing any more.
    const saved = await send('POST', '/api/location/updateRoomInfo', { id, name: 'Screened', capacity: 6, hasDoorDisplay: false });
    expect(saved.status, saved.body.message).toBe(200);
    expect(await state()).toEqual([true, 'online']);
  });

  it('checks the background image is an upload of the company', async () => {
    const own = await call<{ fileUrl: string }>(t.app, { method: 'POST', url: '/api/upload', headers: { token: admin, ...MULTIPART_HEADERS }, payload: multipartImage({ kind: 'logo' }) });
    const foreign = await call<{ fileUrl: string }>(t.app, { method: 'POST', url: '/api/upload', headers: { token: other, ...MULTIPART_HEADERS }, payload: multipartImage({ kind: 'logo' }) });
    const id = await addRoom({ floorId: floorA, name: 'Pictured', capacity: 4, backgroundImage: own.body.result.fileUrl });
    expect((await room(id)).backgroundImage).toBe(own.body.result.fileUrl);
    const refused = await send('POST', '/api/location/addMeetingRoom', { floorId: floorA, name: 'Borrowed', capacity: 4, backgroundImage: foreign.body.result.fileUrl });
    expect([refused.status, refused.body.returncode]).toEqual([404, ReturnCode.NOT_FOUND]);
  });

  it('manages room types: unique codes, kind locked while in use, no deleting a type in use', async () => {
    const listed = (await get<RoomType[]>('/api/roomType/list')).body.result;
    expect(listed.find((type) => type.id === types.zoom)).toMatchObject({ kind: 'zoom', isEnabled: true });
    expect(listed.find((type) => type.id === types.standard)!.roomCount).toBeGreaterThan(0);
    expect((await get<RoomType[]>('/api/roomType/list?keyword=zoom-l')).body.result.map((type) => type.id)).toEqual([types.zoomLarge]);
    const taken = await send('POST', '/api/roomType/add', { name: 'Copy', typeCode: 'std' });
    expect([taken.status, taken.body.returncode, taken.body.message]).toEqual([409, ReturnCode.CONFLICT, formatMessage('roomTypeCodeTaken', 'en-US', { code: 'std' })]);
    expect((await send('POST', '/api/roomType/add', { name: '', typeCode: 'X' })).status).toBe(400);
    expect((await send('POST', '/api/roomType/add', { name: 'Spaced', typeCode: 'A B' })).status).toBe(400);
    expect((await send('POST', '/api/roomType/add', { name: 'Odd', typeCode: 'ODD', kind: 'teams' })).status).toBe(400);

    const kind = await send('POST', '/api/roomType/update', { id: types.standard, name: 'Meeting room', typeCode: 'STD', kind: 'zoom', isEnabled: true }, admin, 'zh-CN');
    expect([kind.status, kind.body.returncode]).toEqual([422, ReturnCode.REFUSED]);
    expect(kind.body.message).toContain('不能更改其种类');
    const renamed = await send('POST', '/api/roomType/update', { id: types.standard, name: 'Meeting room (S)', typeCode: 'STD-S', kind: 'standard', isEnabled: true, description: 'Everyday rooms' });
    expect(renamed.status).toBe(200);
    const inUse = await send('DELETE', '/api/roomType/del', { id: types.standard });
    expect([inUse.status, inUse.body.returncode]).toEqual([422, ReturnCode.REFUSED]);
    expect(inUse.body.message).toMatch(/used by \d+ room/);
    const unused = await addType({ name: 'Temporary', typeCode: 'TMP' });
    expect((await send('POST', '/api/roomType/update', { id: unused, name: 'Temporary', typeCode: 'TMP', kind: 'zoom', isEnabled: true })).status).toBe(200);
    expect((await send('DELETE', '/api/roomType/del', { id: unused })).status).toBe(200);
    expect((await get<RoomType[]>('/api/roomType/list')).body.result.some((type) => type.id === unused)).toBe(false);
    const actions = (await get<Page<OperationLogEntry>>('/api/operation-log/list?pageSize=100')).body.result.list.map((entry) => entry.action);
    for (const action of ['roomType.create', 'roomType.update', 'roomType.setStatus', 'roomType.delete', 'room.update']) expect(actions).toContain(action);
  });

  it('adds disable periods only by the rules: times chosen, start before end, an hour long, ending an hour ahead', async () => {
    const id = await addRoom({ floorId: floorA, name: 'Maintenance', capacity: 4 });
    const now = t.clock.now();
    const cases: Array<[Record<string, unknown>, PlainMessageKey]> = [
      [{}, 'disablePeriodTimesRequired'],
      [{ startAt: now + HOUR }, 'disablePeriodTimesRequired'],
      [{ startAt: null, endAt: now + 3 * HOUR }, 'disablePeriodTimesRequired'],
      [{ startAt: now + 3 * HOUR, endAt: now + 2 * HOUR }, 'disablePeriodStartAfterEnd'],
      [{ startAt: now + HOUR, endAt: now + HOUR + 59 * 60 * 1000 }, 'disablePeriodTooShort'],
      [{ startAt: now - 2 * HOUR, endAt: now + 30 * 60 * 1000 }, 'disablePeriodEndTooSoon'],
    ];
    for (const [times, key] of cases) {
      for (const lang of ['en-US', 'zh-CN'] as const) {
        const answer = await send('POST', '/api/location/room/addDisablePeriod', { roomId: id, ...times }, admin, lang);
        expect([answer.status, answer.body.returncode, answer.body.message], JSON.stringify(times)).toEqual([422, ReturnCode.REFUSED, formatMessage(key, lang)]);
      }
    }
    // Exactly an hour long, ending exactly an hour from now: allowed.
    const edge = await send<{ id: number }>('POST', '/api/location/room/addDisablePeriod', { roomId: id, startAt: now, endAt: now + HOUR, reason: 'Carpet cleaning' });
    expect(edge.status, edge.body.message).toBe(200);
    // Less than the session's idle timeout, enough to bring the end too close.
    t.clock.advance(90 * 60 * 1000);
    const late = await send('POST', '/api/location/room/addDisablePeriod', { roomId: id, startAt: now, endAt: now + 2 * HOUR });
    expect(late.body.message).toBe(formatMessage('disablePeriodEndTooSoon', 'en-US'));
    const periods = (await get<RoomDisablePeriod[]>(`/api/location/room/disablePeriods?roomId=${id}`, viewer)).body.result;
    expect(periods.map((period) => [period.startAt, period.endAt, period.reason])).toEqual([[now, now + HOUR, 'Carpet cleaning']]);
    expect((await send('DELETE', '/api/location/room/delDisablePeriod', { id: edge.body.result.id }, viewer)).status).toBe(403);
    expect((await send('DELETE', '/api/location/room/delDisablePeriod', { id: edge.body.result.id })).status).toBe(200);
    expect((await get<RoomDisablePeriod[]>(`/api/location/room/disablePeriods?roomId=${id}`)).body.result).toEqual([]);
    const log = (await get<Page<OperationLogEntry>>('/api/operation-log/list?action=room.addDisablePeriod&pageSize=100')).body.result.list;
    expect(log.filter((entry) => entry.result === 'failure').length).toBeGreaterThanOrEqual(13);
  });

  it("answers 404 for another company's rooms, types and periods", async () => {
    const id = await addRoom({ floorId: floorA, name: 'Private', capacity: 4 });
    const period = await send<{ id: number }>('POST', '/api/location/room/addDisablePeriod', { roomId: id, startAt: t.clock.now() + HOUR, endAt: t.clock.now() + 3 * HOUR });
    const requests: Array<[string, string, unknown]> = [
      ['GET', `/api/location/findRoomById?id=${id}`, undefined],
      ['GET', `/api/location/room/disablePeriods?roomId=${id}`, undefined],
      ['POST', '/api/location/findRoomList', { locationId: floorA }],
      ['POST', '/api/location/exportRoomList', { locationId: floorA }],
      ['POST', '/api/location/addMeetingRoom', { floorId: floorA, name: 'Intruder', capacity: 2 }],
      ['POST', '/api/location/updateRoomInfo', { id, name: 'Taken', capacity: 2 }],
      ['POST', '/api/location/room/addDisablePeriod', { roomId: id, startAt: t.clock.now() + HOUR, endAt: t.clock.now() + 3 * HOUR }],
      ['DELETE', '/api/location/room/delDisablePeriod', { id: period.body.result.id }],
      ['POST', '/api/roomType/update', { id: types.zoom, name: 'Taken', typeCode: 'TAKEN', kind: 'zoom', isEnabled: true }],
      ['POST', '/api/roomType/updateStatus', { id: types.zoom, isEnabled: false }],
      ['DELETE', '/api/roomType/del', { id: types.disabled }],
    ];
    for (const [method, url, payload] of requests) {
      const answer = await call(t.app, { method: method as 'GET', url, headers: { token: other }, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
      expect([answer.status, answer.body.returncode], `${method} ${url}`).toEqual([404, ReturnCode.NOT_FOUND]);
    }
    // Another company's room type cannot be given to one's own room.
    const ownFloorCountry = await call<{ id: number }>(t.app, { method: 'POST', url: '/api/location/addLocation', headers: { token: other }, payload: { level: 1, locationName: 'Elsewhere' } });
    expect(ownFloorCountry.status).toBe(200);
    expect((await list({}, other)).total).toBe(0);
    expect((await get<RoomType[]>('/api/roomType/list', other)).body.result).toEqual([]);
    const room2 = await room(id);
    expect(room2.name).toBe('Private');
  });
});
