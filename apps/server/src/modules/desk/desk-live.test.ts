import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, ReturnCode, type CreatedDeskLiveLink, type Desk, type DeskLive, type DeskLiveLinkState } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import type { TestUser } from '../../test/factories.js';
import { createTestRoom } from '../../test/rooms.js';
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
