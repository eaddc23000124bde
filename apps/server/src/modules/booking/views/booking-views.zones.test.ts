import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromZoned, type AvailableRooms, type MyReservations, type Reservation, type Schedule } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../../test/app.js';
import { TEST_DIALECT } from '../../../test/database.js';
import { createTestRoom } from '../../../test/rooms.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

// Issue 17: a company with offices in London and Shanghai and a viewer in a third zone (New York).
describe(`calendar reads across time zones (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let hostToken: string;
  let colleagueToken: string;
  let london: { roomId: number; buildingId: number };
  let shanghai: { roomId: number; buildingId: number };

  const get = <T>(url: string, token = hostToken) => call<T>(t.app, { method: 'GET', url, headers: { token, lang: 'en-US' } });
  async function book(body: Record<string, unknown>, token = hostToken): Promise<Reservation> {
    const answer = await call<Reservation>(t.app, { method: 'POST', url: '/api/meeting/reservation', headers: { token, lang: 'en-US' }, payload: body });
    expect(answer.status, answer.body.message).toBe(200);
    return answer.body.result;
  }
  const cancel = async (id: number, token = hostToken) => {
    expect((await call(t.app, { method: 'POST', url: '/api/meeting/reservation/cancel', headers: { token }, payload: { id } })).status).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp();
    const { company } = await t.factories.companyWithAdmin('Two Offices Co');
    hostToken = await t.factories.session(await t.factories.user(company.id, { permissions: ['calendarRoomUse:view'] }));
    colleagueToken = await t.factories.session(await t.factories.user(company.id, { permissions: ['calendarRoomUse:view'] }));
    london = await createTestRoom(t.db, t.factories, t.clock, company.id, { name: 'Kew', timeZone: 'Europe/London' });
    shanghai = await createTestRoom(t.db, t.factories, t.clock, company.id, { name: 'Lotus', timeZone: 'Asia/Shanghai' });
  });
  afterAll(() => t.cleanup());

  it("lays every room's day out in the viewer's zone when asked: one axis, the same instant in every lane", async () => {
    // 2026-12-02 in New York runs from 05:00 UTC to 05:00 UTC the next day.
    const day = '2026-12-02';
    const early = await book({ roomId: london.roomId, title: 'Before New York wakes', startAt: fromZoned(day, '02:00', 'Europe/London'), endAt: fromZoned(day, '03:00', 'Europe/London') });
    const late = await book({ roomId: london.roomId, title: 'London evening', startAt: fromZoned(day, '23:00', 'Europe/London'), endAt: fromZoned('2026-12-03', '00:00', 'Europe/London') });
    const inLondon = (await get<Schedule>(`/api/meeting/schedule?date=${day}&locationId=${london.buildingId}`)).body.result.list[0]!;
    expect([inLondon.dayStartAt, inLondon.reservations.map((r) => r.id)]).toEqual([Date.UTC(2026, 11, 2, 0, 0), [early.id, late.id]]);

    const answer = await get<Schedule>(`/api/meeting/schedule?date=${day}&timeZone=America/New_York`);
    expect(answer.status, answer.body.message).toBe(200);
    const [kew, lotus] = answer.body.result.list;
    // Each room keeps its own zone; the day is the viewer's, the same span in every lane.
    expect([kew!.name, kew!.timeZone, kew!.dayStartAt, kew!.dayEndAt]).toEqual(['Kew', 'Europe/London', Date.UTC(2026, 11, 2, 5, 0), Date.UTC(2026, 11, 3, 5, 0)]);
    expect([lotus!.name, lotus!.timeZone, lotus!.dayStartAt, lotus!.dayEndAt]).toEqual(['Lotus', 'Asia/Shanghai', Date.UTC(2026, 11, 2, 5, 0), Date.UTC(2026, 11, 3, 5, 0)]);
    expect(kew!.reservations.map((r) => r.id)).toEqual([late.id]);
    const refused = await get(`/api/meeting/schedule?date=${day}&timeZone=Mars/Base`);
    expect([refused.status, refused.body.message]).toEqual([400, expect.stringContaining('timeZone')]);
    await cancel(early.id);
    await cancel(late.id);
  });

  it('finds rooms free at exactly the instant asked: 10:00-11:00 UTC is 18:00 in Shanghai, so a 10:00 Shanghai meeting does not count', async () => {
    const day = '2026-12-03';
    const instant = Date.UTC(2026, 11, 3, 10, 0);
    const morning = await book({ roomId: shanghai.roomId, title: 'Shanghai morning', startAt: fromZoned(day, '10:00', 'Asia/Shanghai'), endAt: fromZoned(day, '11:00', 'Asia/Shanghai') }, colleagueToken);
    const ask = () => get<AvailableRooms>(`/api/meeting/available-rooms?startAt=${instant}&endAt=${instant + HOUR}`);
    expect((await ask()).body.result.list.map((r) => [r.name, r.timeZone])).toEqual([
      ['Kew', 'Europe/London'],
      ['Lotus', 'Asia/Shanghai'],
    ]);
    // Busy at 18:30 Shanghai (10:30 UTC): not free at that instant.
    const evening = await book({ roomId: shanghai.roomId, title: 'Shanghai evening', startAt: instant + 30 * MINUTE, endAt: instant + 90 * MINUTE }, colleagueToken);
    expect((await ask()).body.result.list.map((r) => r.name)).toEqual(['Kew']);
    await cancel(evening.id, colleagueToken);
    // The room found free at the instant books at that instant.
    const booked = await book({ roomId: shanghai.roomId, title: 'Found free', startAt: instant, endAt: instant + HOUR });
    expect([booked.startAt, booked.endAt, booked.timeZone]).toEqual([instant, instant + HOUR, 'Asia/Shanghai']);
    await cancel(booked.id);
    await cancel(morning.id, colleagueToken);
  });

  it("checks a repeat rule written in the viewer's days at each room's own clock: Tuesdays 20:00 in New York are Wednesdays 09:00 in Shanghai", async () => {
    const startAt = fromZoned('2026-12-08', '20:00', 'America/New_York');
    // Two weeks on: Wednesday 23 December, 09:00 in Shanghai, is taken; Tuesday 22 December there is not part of it.
    const taken = await book({ roomId: shanghai.roomId, title: 'Wednesday stand-up', startAt: fromZoned('2026-12-23', '09:00', 'Asia/Shanghai'), endAt: fromZoned('2026-12-23', '09:30', 'Asia/Shanghai') }, colleagueToken);
    const other = await book({ roomId: shanghai.roomId, title: 'Tuesday', startAt: fromZoned('2026-12-22', '09:00', 'Asia/Shanghai'), endAt: fromZoned('2026-12-22', '10:00', 'Asia/Shanghai') }, colleagueToken);
    const repeat = encodeURIComponent(JSON.stringify({ frequency: 'weekly', weekdays: [2], until: '2026-12-29' }));
    const ask = (query: string) => get<AvailableRooms>(`/api/meeting/available-rooms?startAt=${startAt}&endAt=${startAt + HOUR}&repeat=${repeat}${query}`);
    const answer = await ask('&repeatZone=America/New_York');
    expect(answer.status, answer.body.message).toBe(200);
    expect(answer.body.result.list.map((r) => [r.name, r.occurrences])).toEqual([['Kew', 4]]);
    await cancel(taken.id, colleagueToken);
    expect((await ask('&repeatZone=America/New_York')).body.result.list.map((r) => [r.name, r.occurrences])).toEqual([
      ['Kew', 4],
      ['Lotus', 4],
    ]);
    expect((await ask('&repeatZone=Mars/Base')).status).toBe(400);
    await cancel(other.id, colleagueToken);
  });

  it('answers my meetings touching a range cut in the viewer\'s zone, across rooms of other zones, by start', async () => {
    // A New York viewer's 2026-12-04: 05:00 UTC on the 4th to 05:00 UTC on the 5th.
    const from = fromZoned('2026-12-04', '00:00', 'America/New_York');
    const to = fromZoned('2026-12-05', '00:00', 'America/New_York');
    expect([from, to]).toEqual([Date.UTC(2026, 11, 4, 5, 0), Date.UTC(2026, 11, 5, 5, 0)]);
    // 09:00 Shanghai on the 5th is 20:00 on the 4th in New York: in.
    const evening = await book({ roomId: shanghai.roomId, title: 'Shanghai 09:00', startAt: fromZoned('2026-12-05', '09:00', 'Asia/Shanghai'), endAt: fromZoned('2026-12-05', '10:00', 'Asia/Shanghai') });
    // 03:00 London on the 4th is 22:00 on the 3rd in New York: out.
    const before = await book({ roomId: london.roomId, title: 'London 03:00', startAt: fromZoned('2026-12-04', '03:00', 'Europe/London'), endAt: fromZoned('2026-12-04', '04:00', 'Europe/London') });
    // Across the viewer's midnight: touches the range.
    const across = await book({ roomId: london.roomId, title: 'Across midnight', startAt: from - 30 * MINUTE, endAt: from + 30 * MINUTE });
    const afternoon = await book({ roomId: london.roomId, title: 'London 14:00', startAt: fromZoned('2026-12-04', '14:00', 'Europe/London'), endAt: fromZoned('2026-12-04', '15:00', 'Europe/London') });
    const answer = await get<MyReservations>(`/api/meeting/reservation/mine?from=${from}&to=${to}`);
    expect(answer.body.result.list.map((r) => [r.title, r.timeZone])).toEqual([
      ['Across midnight', 'Europe/London'],
      ['London 14:00', 'Europe/London'],
      ['Shanghai 09:00', 'Asia/Shanghai'],
    ]);
    for (const id of [evening.id, before.id, across.id, afternoon.id]) await cancel(id);
  });
});
