import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, type Desk, type DeskAvailability, type DeskBooking, type DeskNear, type DeskSeriesResult, type ReleasableDesk } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { createTestRoom } from '../../test/rooms.js';
import type { TestUser } from '../../test/factories.js';

/** The test clock starts on Monday 23 November 2026, 09:00 UTC: 04:00 in New York (UTC-5 in winter). */
const TUESDAY = '2026-11-24';
const WEDNESDAY = '2026-11-25';
const THURSDAY = '2026-11-26';
const FRIDAY = '2026-11-27';
const at = (date: string, time: string) => Date.parse(`${date}T${time}:00Z`);

describe(`desk releases, hours and "book next to" (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let adminToken: string;
  let floorId: number;
  let owner: TestUser;
  let ownerToken: string;
  let booker: TestUser;
  let bookerToken: string;
  let strangerToken: string;
  let colleague: TestUser;
  let colleagueToken: string;
  let otherAdminToken: string;
  let desks: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.factories.companyWithAdmin('Away Days Co');
    const companyId = a.company.id;
    adminToken = await t.factories.session(a.admin);
    floorId = (await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Huddle', timeZone: 'America/New_York' })).floorId;
    const use = { permissions: ['calendarRoomUse:view'] };
    owner = await t.factories.user(companyId, { firstName: 'Olive', lastName: 'Owner', ...use });
    ownerToken = await t.factories.session(owner);
    booker = await t.factories.user(companyId, { firstName: 'Bo', lastName: 'Booker', ...use });
    bookerToken = await t.factories.session(booker);
    strangerToken = await t.factories.session(await t.factories.user(companyId, { firstName: 'Sam', lastName: 'Stranger', ...use }));
    colleague = await t.factories.user(companyId, { firstName: 'Cara', lastName: 'Colleague', ...use });
    colleagueToken = await t.factories.session(colleague);
    const other = await t.factories.companyWithAdmin('Elsewhere Ltd');
    otherAdminToken = await t.factories.session(other.admin);

    const team = await post<{ id: number }>('neighbourhood/save', { floorId, name: 'Team table', color: '#2255aa', departmentId: null });
    const save = async (number: string, extra: Record<string, unknown> = {}) => {
      const answer = await post<Desk>('save', { floorId, number, mode: 'bookable', ...extra });
      expect(answer.status, answer.body.message).toBe(200);
      return answer.body.result.id;
    };
    desks = {
      olives: await save('O-1', { mode: 'assigned', assignedUserId: owner.id }),
      n1: await save('N-1', { neighbourhoodId: team.body.result.id }),
      n2: await save('N-2', { neighbourhoodId: team.body.result.id }),
      n3: await save('N-3'),
      n4: await save('N-4'),
    };
    const place = (id: number, x: number) => ({ id, position: { x, y: 0, width: 40, height: 20 } });
    // On one row: O-1 at 0, N-1 at 100, N-3 at 160, N-4 at 200, N-2 (N-1's neighbourhood) at 400.
    const placed = await post('place', { places: [place(desks.olives!, 0), place(desks.n1!, 100), place(desks.n3!, 160), place(desks.n4!, 200), place(desks.n2!, 400)] });
    expect(placed.status, placed.body.message).toBe(200);
  });
  afterAll(() => t.cleanup());

  function post<T>(url: string, payload: Record<string, unknown>, token = adminToken) {
    return call<T>(t.app, { method: 'POST', url: `/api/desk/${url}`, headers: { token, lang: 'en-US' }, payload });
  }
  const get = <T>(url: string, token = adminToken) => call<T>(t.app, { method: 'GET', url: `/api/desk/${url}`, headers: { token, lang: 'en-US' } });
  const takeBack = (id: number, token = ownerToken) => call<ReleasableDesk>(t.app, { method: 'DELETE', url: '/api/desk/releases', headers: { token, lang: 'en-US' }, payload: { id } });
  const book = (deskId: number, date: string, part: string, token = bookerToken, extra: Record<string, unknown> = {}) => post<DeskBooking>('book', { deskId, date, part, ...extra }, token);
  const refusal = (answer: { status: number; body: { message: string } }) => [answer.status, answer.body.message];

  it("books hours on the floor's clock in another zone than the server's", async () => {
    const hours = await book(desks.n3!, TUESDAY, 'hours', bookerToken, { start: '09:00', end: '11:30' });
    expect(hours.status, hours.body.message).toBe(200);
    // 09:00 in New York is 14:00 UTC in November.
    expect([hours.body.result.startAt, hours.body.result.endAt, hours.body.result.timeZone]).toEqual([at(TUESDAY, '14:00'), at(TUESDAY, '16:30'), 'America/New_York']);
    expect(hours.body.message).toBe(formatMessage('deskBooked', 'en-US', { number: 'N-3', start: '2026-11-24 09:00', end: '2026-11-24 11:30' }));
    // The rules' longest booking (10 hours) holds for hours too.
    expect(refusal(await book(desks.n4!, TUESDAY, 'hours', bookerToken, { start: '07:00', end: '18:00' }))).toEqual([422, formatMessage('deskBookingTooLong', 'en-US', { hours: 10 })]);
    const availability = await get<DeskAvailability>(`availability?floorId=${floorId}&date=${TUESDAY}`, bookerToken);
    expect(availability.body.result.desks.find((desk) => desk.id === desks.n3)!.bookings.map((booking) => [booking.startAt, booking.endAt])).toEqual([[at(TUESDAY, '14:00'), at(TUESDAY, '16:30')]]);
    expect((await post('booking/cancel', { id: hours.body.result.id }, bookerToken)).status).toBe(200);
  });

  it("makes an assigned desk bookable by others on the days its owner released, and takes back the days nobody booked", async () => {
    expect(refusal(await book(desks.olives!, WEDNESDAY, 'day'))).toEqual([422, formatMessage('deskAssignedToOther', 'en-US', { number: 'O-1' })]);
    // Only the owner (or a desk settings editor) releases it.
    expect((await post('releases', { deskId: desks.olives, firstDay: WEDNESDAY, lastDay: FRIDAY }, strangerToken)).status).toBe(403);
    expect((await post('releases', { deskId: desks.n1, firstDay: WEDNESDAY, lastDay: FRIDAY }, ownerToken)).status).toBe(422);
    expect(refusal(await post('releases', { deskId: desks.olives, firstDay: '2026-11-22', lastDay: WEDNESDAY }, ownerToken))).toEqual([422, formatMessage('deskReleasePast', 'en-US')]);
    expect((await post('releases', { deskId: desks.olives, firstDay: FRIDAY, lastDay: WEDNESDAY }, ownerToken)).status).toBe(400);

    const released = await post<ReleasableDesk>('releases', { deskId: desks.olives, firstDay: WEDNESDAY, lastDay: THURSDAY }, ownerToken);
    expect(released.status, released.body.message).toBe(200);
    expect(released.body.message).toBe(formatMessage('deskReleased', 'en-US', { number: 'O-1', first: WEDNESDAY, last: THURSDAY }));
    // A release touching it joins it.
    const joined = await post<ReleasableDesk>('releases', { deskId: desks.olives, firstDay: FRIDAY, lastDay: FRIDAY }, ownerToken);
    expect(joined.body.result.releases.map((release) => [release.firstDay, release.lastDay])).toEqual([[WEDNESDAY, FRIDAY]]);

    const mine = await get<ReleasableDesk[]>('releases', ownerToken);
    expect(mine.body.result.map((desk) => [desk.deskNumber, desk.timeZone, desk.today, desk.releases.length])).toEqual([['O-1', 'America/New_York', '2026-11-23', 1]]);
    expect((await get<ReleasableDesk[]>('releases', bookerToken)).body.result).toEqual([]);
    expect((await get(`releases?deskId=${desks.olives}`, strangerToken)).status).toBe(403);
    expect((await get<ReleasableDesk[]>(`releases?deskId=${desks.olives}`, adminToken)).body.result[0]!.releases).toHaveLength(1);

    // Released days: free for others on the map, bookable through the engine; other days still the owner's.
    const wednesday = await get<DeskAvailability>(`availability?floorId=${floorId}&date=${WEDNESDAY}`, bookerToken);
    expect(wednesday.body.result.desks.find((desk) => desk.id === desks.olives)).toMatchObject({ closedReason: null, isReleased: true });
    const tuesday = await get<DeskAvailability>(`availability?floorId=${floorId}&date=${TUESDAY}`, bookerToken);
    expect(tuesday.body.result.desks.find((desk) => desk.id === desks.olives)).toMatchObject({ closedReason: 'assigned', isReleased: false });
    const taken = await book(desks.olives!, WEDNESDAY, 'day');
    expect(taken.status, taken.body.message).toBe(200);
    expect(refusal(await book(desks.olives!, TUESDAY, 'day'))).toEqual([422, formatMessage('deskAssignedToOther', 'en-US', { number: 'O-1' })]);
    // The owner's own booking of their desk is as before, released or not.
    expect((await book(desks.olives!, THURSDAY, 'am', ownerToken)).status).toBe(200);
    const listed = await get<ReleasableDesk[]>('releases', ownerToken);
    expect(listed.body.result[0]!.releases[0]!.bookedDays).toEqual([{ date: WEDNESDAY, userName: 'Bo Booker' }]);

    // A stranger cannot take it back; the owner can, except the day Bo booked.
    const releaseId = listed.body.result[0]!.releases[0]!.id;
    expect((await takeBack(releaseId, strangerToken)).status).toBe(403);
    const back = await takeBack(releaseId);
    expect(back.status, back.body.message).toBe(200);
    expect(back.body.message).toBe(formatMessage('deskReleaseKeptBooked', 'en-US', { number: 'O-1', days: `${WEDNESDAY} (Bo Booker)` }));
    expect(back.body.result.releases.map((release) => [release.firstDay, release.lastDay])).toEqual([[WEDNESDAY, WEDNESDAY]]);
    expect(refusal(await book(desks.olives!, FRIDAY, 'day'))).toEqual([422, formatMessage('deskAssignedToOther', 'en-US', { number: 'O-1' })]);
    expect((await takeBack(releaseId)).status).toBe(404);
  });

  it("keeps another company's desks and releases out of reach", async () => {
    const release = await post<ReleasableDesk>('releases', { deskId: desks.olives, firstDay: '2026-12-01', lastDay: '2026-12-02' }, ownerToken);
    expect(release.status, release.body.message).toBe(200);
    const releaseId = release.body.result.releases.find((candidate) => candidate.firstDay === '2026-12-01')!.id;
    expect((await get(`releases?deskId=${desks.olives}`, otherAdminToken)).status).toBe(404);
    expect((await post('releases', { deskId: desks.olives, firstDay: '2026-12-03', lastDay: '2026-12-03' }, otherAdminToken)).status).toBe(404);
    expect((await takeBack(releaseId, otherAdminToken)).status).toBe(404);
    expect((await get<ReleasableDesk[]>('releases', otherAdminToken)).body.result).toEqual([]);
    expect((await get(`booking/near?userId=${colleague.id}&floorId=${floorId}&date=${TUESDAY}&part=day`, otherAdminToken)).status).toBe(404);
    const back = await takeBack(releaseId);
    expect([back.status, back.body.message]).toEqual([200, formatMessage('deskReleaseTakenBack', 'en-US', { number: 'O-1' })]);
  });

  it("finds where a colleague sits and the free desks nearest to them, their neighbourhood first", async () => {
    const nowhere = await get<DeskNear>(`booking/near?userId=${colleague.id}&floorId=${floorId}&date=${TUESDAY}&part=day`, bookerToken);
    expect(nowhere.status, nowhere.body.message).toBe(200);
    expect(nowhere.body.result).toEqual({ userId: colleague.id, userName: 'Cara Colleague', booking: null, desks: [] });

    expect((await book(desks.n1!, TUESDAY, 'day', colleagueToken)).status).toBe(200);
    expect((await book(desks.n4!, TUESDAY, 'am', strangerToken)).status).toBe(200);
    const near = await get<DeskNear>(`booking/near?userId=${colleague.id}&floorId=${floorId}&date=${TUESDAY}&part=day`, bookerToken);
    expect(near.body.result.booking).toMatchObject({ deskId: desks.n1, deskNumber: 'N-1', floorId, startAt: at(TUESDAY, '13:00'), endAt: at(TUESDAY, '23:00') });
    // N-2 shares N-1's neighbourhood; then by distance: N-3 (60 away); N-4 is taken in the morning, O-1 kept for its owner.
    expect(near.body.result.desks.map((desk) => [desk.deskNumber, desk.distance, desk.isSameNeighbourhood])).toEqual([
      ['N-2', 300, true],
      ['N-3', 60, false],
    ]);
    // The afternoon frees N-4.
    const afternoon = await get<DeskNear>(`booking/near?userId=${colleague.id}&floorId=${floorId}&date=${TUESDAY}&part=pm`, bookerToken);
    expect(afternoon.body.result.desks.map((desk) => desk.deskNumber)).toEqual(['N-2', 'N-3', 'N-4']);
    const hours = await get<DeskNear>(`booking/near?userId=${colleague.id}&floorId=${floorId}&date=${TUESDAY}&part=hours&start=20:00&end=21:00`, bookerToken);
    expect(hours.body.result.booking).toBeNull();
    expect((await get(`booking/near?userId=999999&floorId=${floorId}&date=${TUESDAY}&part=day`, bookerToken)).status).toBe(404);
  });

  it('books a desk weekly, each week through the book path: a week taken or beyond the days ahead is refused with its reason, the others booked', async () => {
    // Someone holds N-4 on the second Thursday; the third (10 December) is past the 14 days ahead (7 December).
    expect((await book(desks.n4!, '2026-12-03', 'hours', strangerToken, { start: '10:30', end: '11:30' })).status).toBe(200);
    const series = await post<DeskSeriesResult>('book/series', { deskId: desks.n4, date: THURSDAY, part: 'hours', start: '10:00', end: '11:00', weeks: 3 }, bookerToken);
    expect(series.status, series.body.message).toBe(200);
    expect(series.body.message).toBe(formatMessage('deskSeriesBooked', 'en-US', { booked: 1, weeks: 3 }));
    expect(series.body.result.map((week) => [week.date, week.booking?.startAt ?? null, week.refusal])).toEqual([
      [THURSDAY, at(THURSDAY, '15:00'), null],
      ['2026-12-03', null, formatMessage('deskBookingTaken', 'en-US', { number: 'N-4', start: '2026-12-03 10:00', end: '2026-12-03 11:00' })],
      ['2026-12-10', null, formatMessage('deskBookingTooFar', 'en-US', { days: 14 })],
    ]);
    expect((await post('book/series', { deskId: desks.n4, date: WEDNESDAY, part: 'day', weeks: 1 }, bookerToken)).status).toBe(400);
  });
});
