import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatMessage, toZoned, type CreateReservationResult, type Reservation } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../../test/app.js';
import { TEST_DIALECT } from '../../../test/database.js';
import type { TestUser } from '../../../test/factories.js';
import { createTestRoom } from '../../../test/rooms.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Moving, editing and repeating a meeting judge the room the way booking one does (bookable.ts): from
 * the engine's source of bookable things, the layout version confirmed inside the transaction and
 * the room read again when it moved. Each room change here is made by SQL (another process, an
 * operator), so this process's copy of the rooms is out of date when the request arrives.
 */
describe(`move, edit and series read the room through the engine's source (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let host: TestUser;
  let token: string;
  let homeRoom: number;
  let otherRoom: number;
  let base: number;

  beforeAll(async () => {
    t = await createTestApp({ wakeOutbox: false });
    const { company } = await t.factories.companyWithAdmin('Bookable Co');
    host = await t.factories.user(company.id, { permissions: ['calendarRoomUse:view'] });
    token = await t.factories.session(host);
    const home = await createTestRoom(t.db, t.factories, t.clock, company.id, { name: 'Home' });
    homeRoom = home.roomId;
    otherRoom = (await createTestRoom(t.db, t.factories, t.clock, company.id, { name: 'Other', floorId: home.floorId })).roomId;
    base = t.clock.now() + DAY;
  });
  afterAll(() => t.cleanup());

  const post = <T>(url: string, payload: Record<string, unknown>) => call<T>(t.app, { method: 'POST', url, headers: { token, lang: 'en-US' }, payload });
  const setRoom = (roomId: number, values: { is_available?: 0 | 1; needs_approval?: 0 | 1 }) => t.db.kysely.updateTable('rooms').set(values).where('id', '=', roomId).execute();

  it('refuses a move into a room closed since the process kept it, and makes a move into a room now under approval wait', async () => {
    const booked = await post<CreateReservationResult>('/api/meeting/reservation', { roomId: homeRoom, title: 'Moving', startAt: base, endAt: base + HOUR });
    expect(booked.status, booked.body.message).toBe(200);
    const id = booked.body.result.reservation.id;

    await setRoom(otherRoom, { is_available: 0 });
    const closed = await post<Reservation>('/api/meeting/reservation/update', { id, roomId: otherRoom });
    expect([closed.status, closed.body.message]).toEqual([422, formatMessage('reservationRoomUnavailable', 'en-US')]);

    await setRoom(otherRoom, { is_available: 1, needs_approval: 1 });
    const moved = await post<Reservation>('/api/meeting/reservation/update', { id, roomId: otherRoom });
    expect([moved.status, moved.body.result.roomId, moved.body.result.status]).toEqual([200, otherRoom, 'pending']);

    // An edit that does not move it keeps its status, whatever the room asks now.
    await setRoom(otherRoom, { needs_approval: 0 });
    const renamed = await post<Reservation>('/api/meeting/reservation/update', { id, title: 'Renamed' });
    expect([renamed.status, renamed.body.result.title, renamed.body.result.status]).toEqual([200, 'Renamed', 'pending']);
    const back = await post<Reservation>('/api/meeting/reservation/update', { id, startAt: base + HOUR, endAt: base + 2 * HOUR });
    expect([back.status, back.body.result.status]).toEqual([200, 'confirmed']);
  });

  it('judges a series and its move by the room as it is now', async () => {
    const start = base + 3 * DAY;
    const weekly = { title: 'Weekly', startAt: start, endAt: start + HOUR, repeat: { frequency: 'weekly', until: addDays(toZoned(start, 'Europe/Paris').date, 14) } };
    await setRoom(homeRoom, { needs_approval: 1 });
    const created = await post<CreateReservationResult>('/api/meeting/reservation', { ...weekly, roomId: homeRoom });
    expect([created.status, created.body.result?.pending, created.body.result?.booked], created.body.message).toEqual([200, true, 3]);

    await setRoom(otherRoom, { is_available: 0 });
    const id = created.body.result.reservation.id;
    const closed = await post<Reservation>('/api/meeting/reservation/update', { id, scope: 'all', roomId: otherRoom });
    expect([closed.status, closed.body.message]).toEqual([422, formatMessage('reservationRoomUnavailable', 'en-US')]);

    await setRoom(otherRoom, { is_available: 1 });
    const moved = await post<Reservation>('/api/meeting/reservation/update', { id, scope: 'all', roomId: otherRoom });
    expect([moved.status, moved.body.result.roomId, moved.body.result.status]).toEqual([200, otherRoom, 'confirmed']);

    await setRoom(homeRoom, { is_available: 0 });
    const refused = await post<CreateReservationResult>('/api/meeting/reservation', { ...weekly, roomId: homeRoom, startAt: start + HOUR, endAt: start + 2 * HOUR });
    expect([refused.status, refused.body.message]).toEqual([422, formatMessage('reservationRoomUnavailable', 'en-US')]);
  });
});
