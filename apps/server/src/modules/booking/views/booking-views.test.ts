import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, fromZoned, ReturnCode, type AvailableRooms, type Colleague, type MyReservations, type Reservation, type Schedule } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../../test/app.js';
import { TEST_DIALECT } from '../../../test/database.js';
import { createTestRoom } from '../../../test/rooms.js';
import type { TestUser } from '../../../test/factories.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe(`calendar reads (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let companyId: number;
  let host: TestUser;
  let hostToken: string;
  let colleague: TestUser;
  let colleagueToken: string;
  let viewerToken: string;
  let outsiderToken: string;
  let otherToken: string;
  let adminToken: string;
  let otherBuilding: number;
  let parisFloor: number;
  let parisBuilding: number;
  let londonBuilding: number;
  let london1: number;
  let london2: number;
  let big: number;
  let small: number;
  let unavailable: number;
  let disabled: number;
  let base: number;

  const get = <T>(url: string, token = hostToken) => call<T>(t.app, { method: 'GET', url, headers: { token, lang: 'en-US' } });
  async function book(body: Record<string, unknown>, token = hostToken): Promise<Reservation> {
    const answer = await call<Reservation>(t.app, { method: 'POST', url: '/api/meeting/reservation', headers: { token, lang: 'en-US' }, payload: body });
    expect(answer.status, answer.body.message).toBe(200);
    return answer.body.result;
  }
  async function room(name: string, options: { floorId?: number; capacity?: number; equipment?: string[]; isAvailable?: boolean; timeZone?: string } = {}) {
    const created = await createTestRoom(t.db, t.factories, t.clock, companyId, { name, ...(options.floorId ? { floorId: options.floorId } : {}), ...(options.timeZone ? { timeZone: options.timeZone } : {}) });
    await t.db.kysely
      .updateTable('rooms')
      .set({ capacity: options.capacity ?? 8, equipment: JSON.stringify(options.equipment ?? []), is_available: options.isAvailable === false ? 0 : 1 })
      .where('id', '=', created.roomId)
      .execute();
    return created;
  }

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.factories.companyWithAdmin('Calendar Co');
    companyId = a.company.id;
    adminToken = await t.factories.session(a.admin);
    host = await t.factories.user(companyId, { permissions: ['calendarRoomUse:view'] });
    hostToken = await t.factories.session(host);
    colleague = await t.factories.user(companyId, { permissions: ['calendarRoomUse:view'] });
    colleagueToken = await t.factories.session(colleague);
    viewerToken = await t.factories.session(await t.factories.user(companyId, { permissions: ['calendarRoomUse:view'] }));
    outsiderToken = await t.factories.session(await t.factories.user(companyId, { permissions: ['roomsLocations:view'] }));
    const b = await t.factories.companyWithAdmin('Other Calendar Co');
    otherToken = await t.factories.session(b.admin);
    otherBuilding = (await createTestRoom(t.db, t.factories, t.clock, b.company.id, { name: 'Their room' })).buildingId;

    const first = await room('Paris Big', { capacity: 30, equipment: ['projector', 'whiteboard'] });
    big = first.roomId;
    parisFloor = first.floorId;
    parisBuilding = (await t.db.kysely.selectFrom('locations').select('parent_id').where('id', '=', parisFloor).executeTakeFirstOrThrow()).parent_id!;
    small = (await room('Paris Small', { floorId: parisFloor, capacity: 4, equipment: ['projector'] })).roomId;
    unavailable = (await room('Paris Closed', { floorId: parisFloor, capacity: 8, isAvailable: false })).roomId;
    disabled = (await room('Paris Repairs', { floorId: parisFloor, capacity: 8 })).roomId;
    const l1 = await room('London One', { timeZone: 'Europe/London' });
    london1 = l1.roomId;
    londonBuilding = l1.buildingId;
    london2 = (await room('London Two', { floorId: l1.floorId })).roomId;
    // Tomorrow 10:00 UTC (11:00 in Paris).
    base = t.clock.now() + DAY + HOUR;
    const now = t.clock.now();
    await t.db.kysely.insertInto('room_disable_periods').values({ company_id: companyId, room_id: disabled, start_at: base - HOUR, end_at: base + 3 * HOUR, reason: 'Paint', created_at: now }).execute();
  });
  afterAll(() => t.cleanup());

  it('lists the meetings I host or attend across rooms, with privacy for the rest and cancelled ones on request', async () => {
    const mine = await book({ roomId: big, title: 'My own', startAt: base, endAt: base + HOUR, privacy: 'private' });
    const invited = await book({ roomId: small, title: 'Invited private', startAt: base + 2 * HOUR, endAt: base + 3 * HOUR, privacy: 'private', participants: [{ userId: host.id }] }, colleagueToken);
    const notMine = await book({ roomId: small, title: 'Not mine', startAt: base + 4 * HOUR, endAt: base + 5 * HOUR }, colleagueToken);
    const gone = await book({ roomId: big, title: 'Called off', startAt: base + 6 * HOUR, endAt: base + 7 * HOUR });
    expect((await call(t.app, { method: 'POST', url: '/api/meeting/reservation/cancel', headers: { token: hostToken }, payload: { id: gone.id } })).status).toBe(200);
    const range = `from=${base - DAY}&to=${base + DAY}`;

    const answer = await get<MyReservations>(`/api/meeting/reservation/mine?${range}`);
    expect(answer.status).toBe(200);
    expect(answer.body.result.list.map((r) => [r.id, r.title, r.roomName, r.timeZone])).toEqual([
      [mine.id, 'My own', 'Paris Big', 'Europe/Paris'],
      [invited.id, 'Invited private', 'Paris Small', 'Europe/Paris'],
    ]);
    expect(answer.body.result.list[1]!.participants?.map((p) => p.userId)).toEqual([host.id]);
    expect(answer.body.result.list.map((r) => r.id)).not.toContain(notMine.id);

    const all = await get<MyReservations>(`/api/meeting/reservation/mine?${range}&includeInactive=true`);
    expect(all.body.result.list.map((r) => [r.id, r.status])).toEqual([
      [mine.id, 'confirmed'],
      [invited.id, 'confirmed'],
      [gone.id, 'cancelled'],
    ]);
    // Another user sees none of it as theirs.
    expect((await get<MyReservations>(`/api/meeting/reservation/mine?${range}`, viewerToken)).body.result.list).toEqual([]);
    // The window is at most 42 days and from before to.
    const wide = await get(`/api/meeting/reservation/mine?from=${base}&to=${base + 43 * DAY}`);
    expect([wide.status, wide.body.returncode]).toEqual([422, 1005]);
    expect(wide.body.message).toContain('42');
    expect((await get(`/api/meeting/reservation/mine?from=${base}&to=${base}`)).status).toBe(422);
    expect((await get(`/api/meeting/reservation/mine?${range}`, outsiderToken)).status).toBe(403);

    // Clean up the day for the next tests.
    for (const id of [mine.id]) await call(t.app, { method: 'POST', url: '/api/meeting/reservation/cancel', headers: { token: hostToken }, payload: { id } });
    for (const id of [invited.id, notMine.id]) await call(t.app, { method: 'POST', url: '/api/meeting/reservation/cancel', headers: { token: colleagueToken }, payload: { id } });
  });

  it("shows a location's rooms with the day's meetings in their zone, hiding what the viewer may not see", async () => {
    const day = new Date(base).toISOString().slice(0, 10);
    const open = await book({ roomId: big, title: 'Town hall', startAt: base, endAt: base + HOUR });
    const secret = await book({ roomId: big, title: 'Merger talks', startAt: base + HOUR, endAt: base + 2 * HOUR, privacy: 'private', remarks: 'hush' });
    const busy = await book({ roomId: small, title: 'One-to-one', startAt: base, endAt: base + HOUR, privacy: 'busy' });
    // The next day's meeting is not part of this day.
    await book({ roomId: small, title: 'Tomorrow', startAt: base + DAY, endAt: base + DAY + HOUR });

    expect(open.hostName).toEqual(expect.any(String));
    const answer = await get<Schedule>(`/api/meeting/schedule?date=${day}&locationId=${parisBuilding}`, viewerToken);
    expect(answer.status, answer.body.message).toBe(200);
    const schedule = answer.body.result;
    expect(schedule.list.map((r) => r.name)).toEqual(['Paris Big', 'Paris Small', 'Paris Closed', 'Paris Repairs']);
    expect(schedule.total).toBe(4);
    const bigRoom = schedule.list[0]!;
    expect([bigRoom.timeZone, bigRoom.dayStartAt, bigRoom.dayEndAt]).toEqual(['Europe/Paris', fromZoned(day, '00:00', 'Europe/Paris'), fromZoned(day, '00:00', 'Europe/Paris') + DAY]);
    expect(bigRoom.reservations.map((r) => [r.id, r.title, r.hostName, r.visible, r.remarks])).toEqual([
      [open.id, 'Town hall', open.hostName, true, null],
      [secret.id, null, null, false, null],
    ]);
    expect(schedule.list[1]!.reservations.map((r) => [r.id, r.title, r.hostName])).toEqual([[busy.id, null, open.hostName]]);
    expect(schedule.list[2]!.isAvailable).toBe(false);
    expect(schedule.list[3]!.disabled).toEqual([{ startAt: base - HOUR, endAt: base + 3 * HOUR }]);
    // The host sees their own private title.
    const own = await get<Schedule>(`/api/meeting/schedule?date=${day}&locationId=${parisBuilding}`);
    expect(own.body.result.list[0]!.reservations.map((r) => r.title)).toEqual(['Town hall', 'Merger talks']);
    // No private title anywhere in the viewer's answer.
    expect(JSON.stringify(answer.body)).not.toContain('Merger');

    // Filters: capacity band, equipment (all of them), keyword, paging.
    const band = await get<Schedule>(`/api/meeting/schedule?date=${day}&locationId=${parisBuilding}&capacityBand=21-50`);
    expect(band.body.result.list.map((r) => r.name)).toEqual(['Paris Big']);
    const kit = await get<Schedule>(`/api/meeting/schedule?date=${day}&locationId=${parisBuilding}&equipment=projector,whiteboard`);
    expect(kit.body.result.list.map((r) => r.name)).toEqual(['Paris Big']);
    const kit2 = await get<Schedule>(`/api/meeting/schedule?date=${day}&locationId=${parisBuilding}&equipment=projector&equipment=whiteboard`);
    expect(kit2.body.result.list.map((r) => r.name)).toEqual(['Paris Big']);
    const paged = await get<Schedule>(`/api/meeting/schedule?date=${day}&locationId=${parisBuilding}&pageSize=2&page=2`);
    expect([paged.body.result.total, paged.body.result.list.map((r) => r.name)]).toEqual([4, ['Paris Closed', 'Paris Repairs']]);
    const all = await get<Schedule>(`/api/meeting/schedule?date=${day}&keyword=london`);
    expect(all.body.result.list.map((r) => r.name)).toEqual(['London One', 'London Two']);
    expect((await get(`/api/meeting/schedule?date=2026-13-01`)).status).toBe(400);

    // Tenancy: another company's location is unknown, and its user sees none of these rooms.
    const foreign = await get(`/api/meeting/schedule?date=${day}&locationId=${otherBuilding}`);
    expect([foreign.status, foreign.body.returncode]).toEqual([404, 1002]);
    const theirs = await get<Schedule>(`/api/meeting/schedule?date=${day}&locationId=${parisBuilding}`, otherToken);
    expect(theirs.status).toBe(404);
    const theirAll = await get<Schedule>(`/api/meeting/schedule?date=${day}`, otherToken);
    expect(theirAll.body.result.list.map((r) => r.name)).toEqual(['Their room']);
    expect((await get(`/api/meeting/schedule?date=${day}`, outsiderToken)).status).toBe(403);
  });

  it('a daylight-saving day in London has 23 hours and shows its early meeting', async () => {
    const day = '2027-03-28';
    const startAt = fromZoned(day, '03:00', 'Europe/London');
    expect(startAt).toBe(Date.UTC(2027, 2, 28, 2, 0));
    const early = await book({ roomId: london1, title: 'Early bird', startAt, endAt: startAt + HOUR });
    const late = await book({ roomId: london1, title: 'Late', startAt: fromZoned(day, '23:00', 'Europe/London'), endAt: fromZoned(day, '23:30', 'Europe/London') });
    const answer = await get<Schedule>(`/api/meeting/schedule?date=${day}&locationId=${londonBuilding}`);
    const one = answer.body.result.list[0]!;
    expect(one.dayStartAt).toBe(Date.UTC(2027, 2, 28, 0, 0));
    expect(one.dayEndAt - one.dayStartAt).toBe(23 * HOUR);
    expect(one.reservations.map((r) => r.id)).toEqual([early.id, late.id]);
    const before = await get<Schedule>(`/api/meeting/schedule?date=2027-03-27&locationId=${londonBuilding}`);
    expect(before.body.result.list[0]!.reservations).toEqual([]);
    expect(before.body.result.list[0]!.dayEndAt - before.body.result.list[0]!.dayStartAt).toBe(24 * HOUR);
  });

  it('finds the bookable rooms free for the whole slot, matching capacity band, equipment and place', async () => {
    const slot = base + 10 * DAY;
    const ask = (query: string, token = hostToken) => get<AvailableRooms>(`/api/meeting/available-rooms?startAt=${slot}&endAt=${slot + HOUR}&${query}`, token);
    const names = (answer: Awaited<ReturnType<typeof ask>>) => answer.body.result.list.map((r) => r.name);
    await t.db.kysely.insertInto('room_disable_periods').values({ company_id: companyId, room_id: disabled, start_at: slot + 30 * MINUTE, end_at: slot + DAY, reason: 'Paint', created_at: t.clock.now() }).execute();
    expect(names(await ask(`locationId=${parisBuilding}`))).toEqual(['Paris Big', 'Paris Small']);
    // A room closed for booking is never offered, even when its time is free.
    expect((await ask(`locationId=${parisBuilding}`)).body.result.list.map((r) => r.id)).not.toContain(unavailable);
    // A meeting overlapping half the slot takes the room out; one that ends at the start does not.
    const clash = await book({ roomId: small, title: 'Half', startAt: slot + 30 * MINUTE, endAt: slot + 2 * HOUR }, colleagueToken);
    await book({ roomId: big, title: 'Before', startAt: slot - HOUR, endAt: slot }, colleagueToken);
    expect(names(await ask(`locationId=${parisBuilding}`))).toEqual(['Paris Big']);
    // Moving the clashing meeting itself: its own time is not busy.
    expect(names(await ask(`locationId=${parisBuilding}&exceptReservationId=${clash.id}`))).toEqual(['Paris Big', 'Paris Small']);
    expect(names(await ask(`locationId=${parisBuilding}&capacityBand=1-5&exceptReservationId=${clash.id}`))).toEqual(['Paris Small']);
    expect(names(await ask(`locationId=${parisBuilding}&equipment=whiteboard`))).toEqual(['Paris Big']);
    expect(names(await ask(`capacityBand=6-10`))).toEqual(['London One', 'London Two']);
    expect((await ask(`locationId=${parisBuilding}`, otherToken)).status).toBe(404);
    expect(names(await ask('', otherToken))).toEqual(['Their room']);
    const reversed = await get(`/api/meeting/available-rooms?startAt=${slot}&endAt=${slot}`);
    expect([reversed.status, reversed.body.returncode]).toEqual([422, 1005]);
    expect((await ask('', outsiderToken)).status).toBe(403);
  });

  it('refuses a search longer than a day with the limit named in both languages (issue 16: no placeholder left)', async () => {
    const slot = base + 10 * DAY;
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const answer = await call(t.app, { method: 'GET', url: `/api/meeting/available-rooms?startAt=${slot}&endAt=${slot + 25 * HOUR}`, headers: { token: hostToken, lang } });
      expect([answer.status, answer.body.returncode, answer.body.message]).toEqual([422, ReturnCode.REFUSED, formatMessage('reservationTooLong', lang, { minutes: 24 * 60 })]);
      expect(answer.body.message).toContain('1440');
      expect(answer.body.message).not.toMatch(/\{\w+\}/);
    }
  });

  it('answers a room or place change at once, whoever made it: the API, SQL, or another server process on the database', async () => {
    const slot = base + 12 * DAY;
    const ask = (app = t.app) =>
      call<AvailableRooms>(app, { method: 'GET', url: `/api/meeting/available-rooms?startAt=${slot}&endAt=${slot + HOUR}&locationId=${londonBuilding}`, headers: { token: hostToken } });
    const rooms = async (app = t.app) => (await ask(app)).body.result.list.map((r) => `${r.name} ${r.capacity} ${r.timeZone}`);
    // A second process on the same database keeps its own copy of the rooms.
    const second = await createTestApp({ database: t.database, clock: t.clock });
    try {
      expect(await rooms()).toEqual(['London One 8 Europe/London', 'London Two 8 Europe/London']);
      expect(await rooms(second.app)).toEqual(['London One 8 Europe/London', 'London Two 8 Europe/London']);
      // Through the API of the first process: the second answers the new name and capacity.
      const edit = await call(t.app, {
        method: 'POST',
        url: '/api/location/updateRoomInfo',
        headers: { token: adminToken },
        payload: { id: london2, name: 'London Annex', capacity: 12 },
      });
      expect(edit.body.returncode).toBe(200);
      expect(await rooms(second.app)).toEqual(['London One 8 Europe/London', 'London Annex 12 Europe/London']);
      // Plain SQL, as an operator would: the building's zone, and a room closed for booking.
      await t.db.kysely.updateTable('locations').set({ time_zone: 'Europe/Dublin' }).where('id', '=', londonBuilding).execute();
      await t.db.kysely.updateTable('rooms').set({ is_available: 0 }).where('id', '=', london1).execute();
      expect(await rooms()).toEqual(['London Annex 12 Europe/Dublin']);
      expect(await rooms(second.app)).toEqual(['London Annex 12 Europe/Dublin']);
    } finally {
      await t.db.kysely.updateTable('locations').set({ time_zone: 'Europe/London' }).where('id', '=', londonBuilding).execute();
      await t.db.kysely.updateTable('rooms').set({ is_available: 1, capacity: 8 }).where('id', '=', london1).execute();
      await t.db.kysely.updateTable('rooms').set({ capacity: 8 }).where('id', '=', london2).execute();
      await t.db.kysely.updateTable('locations').set({ name: 'London Two' }).where('id', '=', london2).execute();
      await second.cleanup();
    }
    expect(await rooms()).toEqual(['London One 8 Europe/London', 'London Two 8 Europe/London']);
  });

  it('with a repeat rule, a room must be free on every occurrence at the same wall-clock time across the clock change', async () => {
    // Mondays 09:00-10:00 London from 22 March 2027; the 29th is after the change: 09:00 BST = 08:00 UTC.
    const startAt = Date.UTC(2027, 2, 22, 9, 0);
    const afterChange = Date.UTC(2027, 2, 29, 8, 0);
    expect(fromZoned('2027-03-29', '09:00', 'Europe/London')).toBe(afterChange);
    await book({ roomId: london1, title: 'Blocks the second Monday', startAt: afterChange, endAt: afterChange + 30 * MINUTE }, colleagueToken);
    // A naive "plus seven days" check would ask 09:00-10:00 UTC on the 29th, which does not clash.
    await book({ roomId: london2, title: 'Naive slot', startAt: afterChange + HOUR, endAt: afterChange + 2 * HOUR }, colleagueToken);
    const repeat = encodeURIComponent(JSON.stringify({ frequency: 'weekly', until: '2027-04-05' }));
    const ask = (query: string) => get<AvailableRooms>(`/api/meeting/available-rooms?startAt=${startAt}&endAt=${startAt + HOUR}&locationId=${londonBuilding}${query}`);
    const single = await ask('');
    expect(single.body.result.list.map((r) => [r.name, r.occurrences])).toEqual([
      ['London One', 1],
      ['London Two', 1],
    ]);
    const series = await ask(`&repeat=${repeat}`);
    expect(series.status, series.body.message).toBe(200);
    expect(series.body.result.list.map((r) => [r.name, r.occurrences])).toEqual([['London Two', 3]]);
    // Never ends: 180 days of Mondays, still one answer.
    const forever = await ask(`&repeat=${encodeURIComponent(JSON.stringify({ frequency: 'weekly' }))}`);
    expect(forever.body.result.list.map((r) => [r.name, r.occurrences])).toEqual([['London Two', 26]]);
    // Daily for 180 days in every room of the company (batched queries): a disable period on 1 June at 10:00 Paris (CEST) takes Paris Small out.
    await t.db.kysely.insertInto('room_disable_periods').values({ company_id: companyId, room_id: small, start_at: Date.UTC(2027, 5, 1, 7, 30), end_at: Date.UTC(2027, 5, 1, 8, 30), reason: 'Carpet', created_at: t.clock.now() }).execute();
    const daily = await get<AvailableRooms>(`/api/meeting/available-rooms?startAt=${startAt}&endAt=${startAt + HOUR}&repeat=${encodeURIComponent(JSON.stringify({ frequency: 'daily' }))}`);
    expect(daily.body.result.list.map((r) => r.name)).toEqual(['Paris Big', 'Paris Repairs', 'London Two']);
    const bad = await ask(`&repeat=${encodeURIComponent('{"frequency":"hourly"}')}`);
    expect(bad.status).toBe(400);
  });

  it('finds colleagues to invite by name or e-mail, in the caller\'s company only', async () => {
    const named = await t.db.kysely.selectFrom('users').select(['full_name', 'email']).where('id', '=', colleague.id).executeTakeFirstOrThrow();
    const answer = await get<Colleague[]>(`/api/meeting/colleagues?keyword=${encodeURIComponent(named.email!.slice(0, 12))}`);
    expect(answer.status).toBe(200);
    expect(answer.body.result.map((c) => c.id)).toContain(colleague.id);
    const byName = await get<Colleague[]>(`/api/meeting/colleagues?keyword=${encodeURIComponent(named.full_name)}`);
    expect(byName.body.result[0]).toEqual({ id: colleague.id, fullName: named.full_name, email: named.email });
    expect((await get<Colleague[]>(`/api/meeting/colleagues?keyword=${encodeURIComponent(named.full_name)}`, otherToken)).body.result).toEqual([]);
    expect((await get<Colleague[]>('/api/meeting/colleagues?keyword=zz-nobody')).body.result).toEqual([]);
    expect((await get('/api/meeting/colleagues', outsiderToken)).status).toBe(403);
  });
});

