import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, ReturnCode, type CreatedDeskLiveLink, type Desk, type DeskLive, type DeskLiveLinkState, type Reservation } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import type { TestUser } from '../../test/factories.js';
import { createTestRoom } from '../../test/rooms.js';
import { openStream } from '../../test/sse.js';
import { MULTIPART_HEADERS } from '../../test/uploads.js';

const MONDAY = '2026-11-23';
/** London is on UTC in November. */
const at = (time: string) => Date.parse(`${MONDAY}T${time}:00Z`);

describe(`the live view of desks (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let sitter: TestUser;
  let waiter: TestUser;
  let viewer: TestUser;
  let floorId: number;
  let otherFloorId: number;
  let otherAdminToken: string;
  const desks: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.factories.companyWithAdmin('Lobby Co');
    admin = a.admin;
    const adminToken = await t.factories.session(admin);
    floorId = (await createTestRoom(t.db, t.factories, t.clock, a.company.id, { name: 'Huddle', timeZone: 'Europe/London' })).floorId;
    sitter = await t.factories.user(a.company.id, { firstName: 'Sam', lastName: 'Sitter', permissions: ['calendarRoomUse:view'] });
    waiter = await t.factories.user(a.company.id, { firstName: 'Wes', lastName: 'Waiter', permissions: ['calendarRoomUse:view'] });
    viewer = await t.factories.user(a.company.id, { permissions: ['liveMeetings:view'] });
    for (const [number, mode] of [['L-1', 'bookable'], ['L-2', 'bookable'], ['L-3', 'bookable'], ['L-4', 'unavailable']] as const) {
      const saved = await call<Desk>(t.app, { method: 'POST', url: '/api/desk/save', headers: { token: adminToken }, payload: { floorId, number, mode, position: { x: 10, y: 10, width: 60, height: 40 } } });
      desks[number] = saved.body.result.id;
    }
    for (const [person, number] of [[sitter, 'L-1'], [waiter, 'L-2']] as const) {
      const booked = await call(t.app, { method: 'POST', url: '/api/desk/book', headers: { token: await t.factories.session(person) }, payload: { deskId: desks[number], date: MONDAY, part: 'hours', start: '10:00', end: '12:00' } });
      expect(booked.status, booked.body.message).toBe(200);
    }
    t.clock.set(at('10:05'));
    const checkedIn = await call(t.app, { method: 'POST', url: '/api/desk/booking/check-in', headers: { token: await t.factories.session(sitter) }, payload: { id: desks['L-1'] } });
    expect(checkedIn.status, checkedIn.body.message).toBe(200);
    const b = await t.factories.companyWithAdmin('Elsewhere Co');
    otherAdminToken = await t.factories.session(b.admin);
    otherFloorId = (await createTestRoom(t.db, t.factories, t.clock, b.company.id, { name: 'Theirs', timeZone: 'Europe/London' })).floorId;
  });
  afterAll(() => t.cleanup());

  const states = (live: DeskLive) => live.desks.map((desk) => [desk.number, desk.state, desk.personName]);
  const EXPECTED = [
    ['L-1', 'checkedIn', 'Sam Sitter'],
    ['L-2', 'booked', null],
    ['L-3', 'free', null],
    ['L-4', 'closed', null],
  ];

  it('shows a signed-in colleague each desk now: checked in with the name, booked, free, out of use', async () => {
    const live = await call<DeskLive>(t.app, { method: 'GET', url: `/api/desk/live?floorId=${floorId}`, headers: { token: await t.factories.session(viewer) } });
    expect(live.status).toBe(200);
    expect(live.body.result).toMatchObject({ floorId, floorName: expect.any(String), timeZone: 'Europe/London', at: at('10:05'), map: null });
    expect(states(live.body.result)).toEqual(EXPECTED);
    const floors = await call<Array<{ floorId: number }>>(t.app, { method: 'GET', url: '/api/desk/live/floors', headers: { token: await t.factories.session(viewer) } });
    expect(floors.body.result.map((floor) => floor.floorId)).toEqual([floorId]);
    const foreign = await call(t.app, { method: 'GET', url: `/api/desk/live?floorId=${otherFloorId}`, headers: { token: await t.factories.session(admin) } });
    expect([foreign.status, foreign.body.returncode]).toEqual([404, ReturnCode.NOT_FOUND]);
  });

  it('opens the lobby screen by a secret link without a session, that floor only; a new link revokes the old, a revoked one opens nothing', async () => {
    const adminToken = await t.factories.session(admin);
    const linkState = () => call<DeskLiveLinkState>(t.app, { method: 'GET', url: `/api/desk/live/link?floorId=${floorId}`, headers: { token: adminToken } });
    expect((await linkState()).body.result).toEqual({ active: false, createdAt: null, createdByName: null });
    expect((await call(t.app, { method: 'POST', url: '/api/desk/live/link/create', headers: { token: await t.factories.session(viewer) }, payload: { floorId } })).status).toBe(403);
    expect((await call(t.app, { method: 'POST', url: '/api/desk/live/link/create', headers: { token: adminToken }, payload: { floorId: otherFloorId } })).status).toBe(404);

    const created = await call<CreatedDeskLiveLink>(t.app, { method: 'POST', url: '/api/desk/live/link/create', headers: { token: adminToken }, payload: { floorId } });
    expect([created.status, created.body.message]).toEqual([200, formatMessage('deskLiveLinkCreated', 'en-US')]);
    const token = /^\/deskeeper-live\/screen\?token=([A-Za-z0-9_-]{43})$/.exec(created.body.result.path)![1]!;
    expect((await linkState()).body.result).toMatchObject({ active: true, createdAt: at('10:05') });
    const screen = (secret: string) => call<DeskLive>(t.app, { method: 'GET', url: `/api/desk/live/screen?token=${secret}` });
    const shown = await screen(token);
    expect(shown.status).toBe(200);
    expect(states(shown.body.result)).toEqual(EXPECTED);
    // Only the secret's hash is kept, and the operation log never holds it.
    const stored = await t.db.kysely.selectFrom('desk_live_links').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash).join()).not.toContain(token);
    const logged = await t.db.kysely.selectFrom('operation_logs').selectAll().where('action', '=', 'deskLiveLink.create').execute();
    expect(logged).toHaveLength(1);
    expect(JSON.stringify(logged)).not.toContain(token);

    // The plan, by the same secret, once the floor has one.
    expect((await t.app.inject({ method: 'GET', url: `/api/desk/live/screen/plan?token=${token}` })).statusCode).toBe(404);
    const png = await sharp({ create: { width: 80, height: 40, channels: 3, background: '#eee' } }).png().toBuffer();
    const body = Buffer.concat([Buffer.from('--X\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n'), png, Buffer.from('\r\n--X--\r\n')]);
    expect((await t.app.inject({ method: 'POST', url: `/api/desk/floor-map?floorId=${floorId}`, headers: { token: adminToken, ...MULTIPART_HEADERS }, payload: body })).statusCode).toBe(200);
    const plan = await t.app.inject({ method: 'GET', url: `/api/desk/live/screen/plan?token=${token}` });
    expect([plan.statusCode, plan.headers['content-type'], plan.headers['x-content-type-options']]).toEqual([200, 'image/png', 'nosniff']);
    expect((await screen(token)).body.result.map).toMatchObject({ width: 80, height: 40 });

    const again = await call<CreatedDeskLiveLink>(t.app, { method: 'POST', url: '/api/desk/live/link/create', headers: { token: adminToken }, payload: { floorId } });
    const newToken = again.body.result.path.split('token=')[1]!;
    const old = await screen(token);
    expect([old.status, old.body.returncode, old.body.message]).toEqual([404, ReturnCode.NOT_FOUND, formatMessage('deskLiveLinkNotFound', 'en-US')]);
    expect((await screen(newToken)).status).toBe(200);
    expect((await screen('x'.repeat(43))).status).toBe(404);

    // Another company's administrator cannot revoke it; its own can, and then it opens nothing.
    expect((await call(t.app, { method: 'POST', url: '/api/desk/live/link/revoke', headers: { token: otherAdminToken }, payload: { floorId } })).status).toBe(404);
    const revoked = await call(t.app, { method: 'POST', url: '/api/desk/live/link/revoke', headers: { token: adminToken }, payload: { floorId } });
    expect([revoked.status, revoked.body.message]).toEqual([200, formatMessage('deskLiveLinkRevoked', 'en-US')]);
    expect((await screen(newToken)).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/desk/live/screen/plan?token=${newToken}` })).statusCode).toBe(404);
    expect((await call(t.app, { method: 'POST', url: '/api/desk/live/link/revoke', headers: { token: adminToken }, payload: { floorId } })).status).toBe(404);
  });
});

describe(`the live view's rooms and event streams (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let base: string;
  let adminToken: string;
  let viewerToken: string;
  let otherAdminToken: string;
  let floorId: number;
  let roomId: number;
  let otherRoomId: number;
  let annexRoomId: number;
  let deskId: number;
  let otherDeskId: number;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(at('09:00'));
    const a = await t.factories.companyWithAdmin('Stream Co');
    adminToken = await t.factories.session(a.admin);
    viewerToken = await t.factories.session(await t.factories.user(a.company.id, { permissions: ['liveMeetings:view'] }));
    const room = await createTestRoom(t.db, t.factories, t.clock, a.company.id, { name: 'Boardroom', timeZone: 'Europe/London' });
    floorId = room.floorId;
    roomId = room.roomId;
    annexRoomId = (await createTestRoom(t.db, t.factories, t.clock, a.company.id, { name: 'Annex room', timeZone: 'Europe/London' })).roomId;
    const desk = await call<Desk>(t.app, { method: 'POST', url: '/api/desk/save', headers: { token: adminToken }, payload: { floorId, number: 'S-1', mode: 'bookable' } });
    deskId = desk.body.result.id;
    const b = await t.factories.companyWithAdmin('Elsewhere Co');
    otherAdminToken = await t.factories.session(b.admin);
    const theirs = await createTestRoom(t.db, t.factories, t.clock, b.company.id, { name: 'Theirs', timeZone: 'Europe/London' });
    otherRoomId = theirs.roomId;
    otherDeskId = (await call<Desk>(t.app, { method: 'POST', url: '/api/desk/save', headers: { token: otherAdminToken }, payload: { floorId: theirs.floorId, number: 'T-1', mode: 'bookable' } })).body.result.id;
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.cleanup());

  const bookRoom = async (room: number, body: Record<string, unknown>, token = adminToken) => {
    const answer = await call<Reservation>(t.app, { method: 'POST', url: '/api/meeting/reservation', headers: { token }, payload: { roomId: room, ...body } });
    expect(answer.status, answer.body.message).toBe(200);
    return answer.body.result;
  };
  const bookDesk = async (desk: number, token = adminToken) => {
    const answer = await call<{ id: number }>(t.app, { method: 'POST', url: '/api/desk/book', headers: { token }, payload: { deskId: desk, date: MONDAY, part: 'hours', start: '14:00', end: '15:00' } });
    expect(answer.status, answer.body.message).toBe(200);
    return answer.body.result;
  };

  it('shows a room busy during a meeting until it ends, never its title, and free until the next one', async () => {
    await bookRoom(roomId, { title: 'Secret merger', privacy: 'private', startAt: at('09:30'), endAt: at('10:00') });
    await bookRoom(roomId, { title: 'Right after', privacy: 'public', startAt: at('10:00'), endAt: at('10:30') });
    const live = () => call<DeskLive>(t.app, { method: 'GET', url: `/api/desk/live?floorId=${floorId}`, headers: { token: viewerToken } });
    expect((await live()).body.result.rooms).toEqual([{ id: roomId, floorId, name: 'Boardroom', seats: 8, position: null, state: 'free', until: at('09:30') }]);
    t.clock.set(at('09:45'));
    const during = await live();
    // Busy until the end of the meetings that follow on; the answer holds no title, private or public.
    expect(during.body.result.rooms).toEqual([{ id: roomId, floorId, name: 'Boardroom', seats: 8, position: null, state: 'busy', until: at('10:30') }]);
    expect(JSON.stringify(during.body.result)).not.toMatch(/Secret merger|Right after/);

    const created = await call<CreatedDeskLiveLink>(t.app, { method: 'POST', url: '/api/desk/live/link/create', headers: { token: adminToken }, payload: { floorId } });
    const token = created.body.result.path.split('token=')[1]!;
    const screen = await call<DeskLive>(t.app, { method: 'GET', url: `/api/desk/live/screen?token=${token}` });
    expect(screen.body.result.rooms.map((room) => [room.name, room.state, room.until])).toEqual([['Boardroom', 'busy', at('10:30')]]);
    expect(JSON.stringify(screen.body.result)).not.toContain('Secret merger');

    await t.db.kysely.updateTable('rooms').set({ is_available: 0 }).where('id', '=', roomId).execute();
    expect((await live()).body.result.rooms[0]).toMatchObject({ state: 'closed', until: null });
    await t.db.kysely.updateTable('rooms').set({ is_available: 1 }).where('id', '=', roomId).execute();
  });

  it("tells a floor's streams of a desk booking and a room booking there, never of another company's or floor's", async () => {
    expect((await fetch(`${base}/api/desk/live/stream?floorId=${floorId}`)).status).toBe(401);
    expect((await fetch(`${base}/api/desk/live/stream?floorId=${floorId}`, { headers: { token: otherAdminToken } })).status).toBe(404);
    const stream = await openStream(`${base}/api/desk/live/stream?floorId=${floorId}`, { token: viewerToken });
    const created = await call<CreatedDeskLiveLink>(t.app, { method: 'POST', url: '/api/desk/live/link/create', headers: { token: adminToken }, payload: { floorId } });
    const screen = await openStream(`${base}/api${created.body.result.path.replace('/deskeeper-live/screen', '/desk/live/screen/stream')}`);
    try {
      expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
      expect(await stream.next()).toEqual({ event: 'ready', data: {} });
      expect(await screen.next()).toEqual({ event: 'ready', data: {} });
      // Another company's desk and room, and a room of another floor: nothing.
      await bookDesk(otherDeskId, otherAdminToken);
      await bookRoom(otherRoomId, { title: 'Theirs', startAt: at('16:00'), endAt: at('17:00') }, otherAdminToken);
      await bookRoom(annexRoomId, { title: 'Annex', startAt: at('16:00'), endAt: at('17:00') });
      expect(await stream.quiet()).toBe(true);
      expect(await screen.quiet()).toBe(true);

      const booking = await bookDesk(deskId);
      expect(await stream.next()).toEqual({ event: 'rooms', data: { roomIds: [deskId], reason: 'booking' } });
      expect(await screen.next()).toEqual({ event: 'rooms', data: { roomIds: [deskId], reason: 'booking' } });
      await call(t.app, { method: 'POST', url: '/api/desk/booking/cancel', headers: { token: adminToken }, payload: { id: booking.id } });
      expect(await screen.next()).toEqual({ event: 'rooms', data: { roomIds: [deskId], reason: 'booking' } });
      await bookRoom(roomId, { title: 'Later', startAt: at('16:00'), endAt: at('17:00') });
      expect(await screen.next()).toEqual({ event: 'rooms', data: { roomIds: [roomId], reason: 'booking' } });
    } finally {
      stream.close();
      screen.close();
    }
  });

  it('ends the screen stream when its link is revoked or replaced, and refuses it afterwards', async () => {
    const makeLink = async () => (await call<CreatedDeskLiveLink>(t.app, { method: 'POST', url: '/api/desk/live/link/create', headers: { token: adminToken }, payload: { floorId } })).body.result.path.split('token=')[1]!;
    const streamOf = (secret: string) => openStream(`${base}/api/desk/live/screen/stream?token=${secret}`);
    const first = await makeLink();
    const replaced = await streamOf(first);
    expect(await replaced.next()).toEqual({ event: 'ready', data: {} });
    const second = await makeLink();
    expect(await replaced.next()).toBeNull();
    const refused = await fetch(`${base}/api/desk/live/screen/stream?token=${first}`);
    expect([refused.status, ((await refused.json()) as { returncode: number }).returncode]).toEqual([404, ReturnCode.NOT_FOUND]);

    const revoked = await streamOf(second);
    expect(await revoked.next()).toEqual({ event: 'ready', data: {} });
    expect((await call(t.app, { method: 'POST', url: '/api/desk/live/link/revoke', headers: { token: adminToken }, payload: { floorId } })).status).toBe(200);
    expect(await revoked.next()).toBeNull();
    expect((await fetch(`${base}/api/desk/live/screen/stream?token=${second}`)).status).toBe(404);
  });
});
