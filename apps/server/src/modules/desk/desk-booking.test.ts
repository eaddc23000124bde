import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DESK_RULES, formatMessage, ReturnCode, type Desk, type DeskAvailability, type DeskBooking, type DeskRules, type OperationLogEntry, type Page } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { createTestRoom } from '../../test/rooms.js';
import type { TestUser } from '../../test/factories.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The test clock starts on Monday 23 November 2026, 09:00 UTC; London keeps UTC in winter. */
const MONDAY = '2026-11-23';
const TUESDAY = '2026-11-24';
const at = (date: string, time: string) => Date.parse(`${date}T${time}:00Z`);

describe(`desk booking (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let companyId: number;
  let adminToken: string;
  let floorId: number;
  let departmentId: number;
  let member: TestUser;
  let memberToken: string;
  let booker: TestUser;
  let bookerToken: string;
  let desks: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.factories.companyWithAdmin('Hot Desk Co');
    companyId = a.company.id;
    adminToken = await t.factories.session(a.admin);
    floorId = (await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Huddle', timeZone: 'Europe/London' })).floorId;
    departmentId = await t.factories.department(companyId, 'Finance');
    member = await t.factories.user(companyId, { firstName: 'Fay', lastName: 'Finance', departmentId, permissions: ['calendarRoomUse:view'] });
    memberToken = await t.factories.session(member);
    booker = await t.factories.user(companyId, { firstName: 'Bo', lastName: 'Booker', permissions: ['calendarRoomUse:view'] });
    bookerToken = await t.factories.session(booker);
    const finance = await post<{ id: number }>('neighbourhood/save', { floorId, name: 'Finance corner', color: '#aa2200', departmentId });
    const save = async (number: string, extra: Record<string, unknown> = {}) => {
      const answer = await post<Desk>('save', { floorId, number, mode: 'bookable', ...extra });
      expect(answer.status, answer.body.message).toBe(200);
      return answer.body.result.id;
    };
    desks = {
      d1: await save('D-1'),
      d2: await save('D-2'),
      d3: await save('D-3'),
      off: await save('D-9', { mode: 'unavailable' }),
      fays: await save('F-1', { mode: 'assigned', assignedUserId: member.id }),
      financeDesk: await save('F-2', { neighbourhoodId: finance.body.result.id }),
      dropIn: await save('W-1', { mode: 'drop_in' }),
    };
  });
  afterAll(() => t.cleanup());

  function post<T>(url: string, payload: Record<string, unknown>, token = adminToken, lang: 'en-US' | 'zh-CN' = 'en-US') {
    return call<T>(t.app, { method: 'POST', url: `/api/desk/${url}`, headers: { token, lang }, payload });
  }
  const get = <T>(url: string, token = adminToken) => call<T>(t.app, { method: 'GET', url: `/api/desk/${url}`, headers: { token } });
  const book = (deskId: number, date: string, part: string, token = bookerToken, extra: Record<string, unknown> = {}) => post<DeskBooking>('book', { deskId, date, part, ...extra }, token);
  const refusal = (answer: { status: number; body: { message: string } }) => [answer.status, answer.body.message];

  it("books the morning, the afternoon, the day or hours on the floor's clock, lists them, and refuses a taken slot with 409", async () => {
    const morning = await book(desks.d1!, TUESDAY, 'am');
    expect(morning.status, morning.body.message).toBe(200);
    expect(morning.body.message).toBe(formatMessage('deskBooked', 'en-US', { number: 'D-1', start: '2026-11-24 08:00', end: '2026-11-24 13:00' }));
    expect(morning.body.result).toMatchObject({ deskNumber: 'D-1', floorId, timeZone: 'Europe/London', userId: booker.id, startAt: at(TUESDAY, '08:00'), endAt: at(TUESDAY, '13:00'), status: 'confirmed', checkedInAt: null, checkInBy: at(TUESDAY, '08:30') });

    // Someone else takes the afternoon of the same desk; the morning is gone.
    expect((await book(desks.d1!, TUESDAY, 'pm', memberToken)).status).toBe(200);
    const taken = await book(desks.d1!, TUESDAY, 'day', adminToken);
    expect([taken.status, taken.body.returncode]).toEqual([409, ReturnCode.CONFLICT]);
    expect(taken.body.message).toBe(formatMessage('deskBookingTaken', 'en-US', { number: 'D-1', start: '2026-11-24 08:00', end: '2026-11-24 18:00' }));

    const hours = await book(desks.d2!, '2026-11-25', 'hours', bookerToken, { start: '10:15', end: '12:00' });
    expect(hours.body.result).toMatchObject({ startAt: at('2026-11-25', '10:15'), endAt: at('2026-11-25', '12:00') });
    // An evening to midnight: 24:00 is the next day's 00:00 (was a 500).
    const evening = await book(desks.d2!, '2026-11-25', 'hours', bookerToken, { start: '22:00', end: '24:00' });
    expect([evening.status, evening.body.result.startAt, evening.body.result.endAt]).toEqual([200, at('2026-11-25', '22:00'), at('2026-11-26', '00:00')]);
    expect((await post('booking/cancel', { id: evening.body.result.id }, bookerToken)).status).toBe(200);
    const day = await book(desks.d3!, '2026-11-26', 'day');
    expect(day.body.result).toMatchObject({ startAt: at('2026-11-26', '08:00'), endAt: at('2026-11-26', '18:00') });

    const mine = await get<DeskBooking[]>('booking/mine', bookerToken);
    expect(mine.body.result.map((booking) => [booking.deskNumber, booking.startAt])).toEqual([
      ['D-1', at(TUESDAY, '08:00')],
      ['D-2', at('2026-11-25', '10:15')],
      ['D-3', at('2026-11-26', '08:00')],
    ]);
    // A desk booking is no meeting: the calendar's "my meetings" leaves it out.
    const meetings = await call<{ list: unknown[] }>(t.app, { method: 'GET', url: `/api/meeting/reservation/mine?from=${t.clock.now()}&to=${t.clock.now() + 7 * DAY}`, headers: { token: bookerToken } });
    expect([meetings.status, meetings.body.result.list]).toEqual([200, []]);

    const availability = await get<DeskAvailability>(`availability?floorId=${floorId}&date=${TUESDAY}`, bookerToken);
    expect(availability.body.result).toMatchObject({ timeZone: 'Europe/London', dayStartAt: at(TUESDAY, '08:00'), middayAt: at(TUESDAY, '13:00'), dayEndAt: at(TUESDAY, '18:00'), lastDate: '2026-12-07' });
    expect(availability.body.result.desks.map((desk) => desk.number)).toEqual(['D-1', 'D-2', 'D-3', 'D-9', 'F-1', 'F-2', 'W-1']);
    expect(availability.body.result.neighbourhoods.map((area) => [area.name, area.departmentName])).toEqual([['Finance corner', 'Finance']]);
    // A booker without the desk settings' permission finds the floors with desks.
    const floors = await get<Array<{ floorId: number; deskCount: number }>>('booking/floors', bookerToken);
    expect(floors.body.result.map((floor) => [floor.floorId, floor.deskCount])).toEqual([[floorId, 7]]);
    expect((await get('floors', bookerToken)).status).toBe(403);
    const d1 = availability.body.result.desks.find((desk) => desk.id === desks.d1)!;
    expect(d1.bookings.map((booking) => [booking.userName, booking.isMine])).toEqual([
      ['Bo Booker', true],
      ['Fay Finance', false],
    ]);
    const reasons = Object.fromEntries(availability.body.result.desks.map((desk) => [desk.id, desk.closedReason]));
    expect([reasons[desks.d2!], reasons[desks.off!], reasons[desks.fays!], reasons[desks.financeDesk!], reasons[desks.dropIn!]]).toEqual([null, 'unavailable', 'assigned', 'neighbourhood', null]);
    expect((await get(`availability?floorId=999999&date=${TUESDAY}`, bookerToken)).status).toBe(404);

    // Their changes went through the booking outbox like a meeting's, every one handled (a failed
    // handler leaves its row with the error) and no invitation: a desk booking has no room and no participants.
    await t.app.bookingInvitations.drain();
    expect(await t.db.kysely.selectFrom('outbox_events').select(['kind', 'last_error']).where('company_id', '=', companyId).execute()).toEqual([]);
    // (F-1's owner was told it is theirs when it was assigned: desk-access.test.ts.)
    expect(await t.db.kysely.selectFrom('mail_outbox').select('id').where('company_id', '=', companyId).where('event', '!=', 'deskAssigned').execute()).toEqual([]);
  });

  it('lets only the right people book: not a desk out of use, an assigned desk only by its owner, a kept neighbourhood only by its department, a drop-in desk only today', async () => {
    const date = '2026-11-27';
    expect(refusal(await book(desks.off!, date, 'day'))).toEqual([422, formatMessage('deskUnavailable', 'en-US', { number: 'D-9' })]);
    expect(refusal(await book(desks.fays!, date, 'day'))).toEqual([422, formatMessage('deskAssignedToOther', 'en-US', { number: 'F-1' })]);
    expect(refusal(await book(desks.financeDesk!, date, 'day'))).toEqual([422, formatMessage('deskNeighbourhoodKept', 'en-US', { number: 'F-2' })]);
    expect((await book(desks.fays!, date, 'am', memberToken)).status).toBe(200);
    expect((await book(desks.financeDesk!, date, 'pm', memberToken)).status).toBe(200);

    expect(refusal(await book(desks.dropIn!, TUESDAY, 'pm'))).toEqual([422, formatMessage('deskDropInToday', 'en-US', { number: 'W-1' })]);
    // Taken now, a drop-in desk is checked in at once.
    const dropIn = await book(desks.dropIn!, MONDAY, 'hours', bookerToken, { start: '09:00', end: '11:00' });
    expect(dropIn.status, dropIn.body.message).toBe(200);
    expect(dropIn.body.result.checkedInAt).toBe(t.clock.now());
  });

  it('holds the rules: not past, not too far ahead, not too long, one desk per person at a time, and the days a week; saved by editors of the settings, in the operation log', async () => {
    const rules = await get<DeskRules>('rules');
    expect(rules.body.result).toEqual(DEFAULT_DESK_RULES);
    expect(refusal(await book(desks.d1!, '2026-11-20', 'day'))).toEqual([422, formatMessage('deskBookingPast', 'en-US')]);
    expect(refusal(await book(desks.d1!, '2026-12-08', 'day'))).toEqual([422, formatMessage('deskBookingTooFar', 'en-US', { days: 14 })]);
    expect(refusal(await book(desks.d1!, '2026-12-01', 'hours', bookerToken, { start: '06:00', end: '17:00' }))).toEqual([422, formatMessage('deskBookingTooLong', 'en-US', { hours: 10 })]);
    // The booker holds D-1 on Tuesday morning: another desk then is refused, the afternoon is not.
    expect(refusal(await book(desks.d2!, TUESDAY, 'day'))).toEqual([422, formatMessage('deskBookingOneAtATime', 'en-US')]);
    expect((await book(desks.d2!, TUESDAY, 'pm')).status).toBe(200);

    const refusedRules = await post('rules', { ...DEFAULT_DESK_RULES, midday: '07:00' });
    expect(refusedRules.status).toBe(400);
    const viewerOnly = await t.factories.session(await t.factories.user(companyId, { permissions: ['globalSettings:view'] }));
    expect((await post('rules', DEFAULT_DESK_RULES, viewerOnly)).status).toBe(403);
    const saved = await post<DeskRules>('rules', { ...DEFAULT_DESK_RULES, maxDaysPerWeek: 3, oneDeskPerPerson: false, maxDaysAhead: 30 });
    expect([saved.status, saved.body.message]).toEqual([200, formatMessage('deskRulesSaved', 'en-US')]);
    expect(saved.body.result).toMatchObject({ maxDaysPerWeek: 3, oneDeskPerPerson: false, maxDaysAhead: 30 });
    // Days this week: Tuesday, Wednesday and Thursday are booked; Friday would be a fourth.
    expect(refusal(await book(desks.d2!, '2026-11-27', 'day'))).toEqual([422, formatMessage('deskBookingWeekFull', 'en-US', { days: 3 })]);
    // Next week starts afresh (Monday to Sunday), and two desks at once are allowed now.
    expect((await book(desks.d2!, '2026-12-08', 'day')).status).toBe(200);
    expect((await book(desks.d3!, '2026-12-08', 'day')).status).toBe(200);
    await post('rules', DEFAULT_DESK_RULES);

    const log = await call<Page<OperationLogEntry>>(t.app, { method: 'GET', url: '/api/operation-log/list?pageSize=50&action=deskRules.update', headers: { token: adminToken } });
    expect(log.body.result.list.length).toBeGreaterThanOrEqual(2);
    expect(log.body.result.list.at(-1)!.detail).toMatchObject({ changes: { maxDaysPerWeek: { from: null, to: 3 }, oneDeskPerPerson: { from: true, to: false } } });
  });

  it('confirms the kept desk in the booking: a desk made unavailable meanwhile is refused', async () => {
    const desk = await post<Desk>('save', { floorId, number: 'K-1', mode: 'bookable' });
    expect((await book(desk.body.result.id, '2026-11-30', 'am')).status).toBe(200);
    // Changed by SQL behind the service's back: the layout version moves all the same (a trigger).
    await t.db.kysely.updateTable('desks').set({ mode: 'unavailable' }).where('id', '=', desk.body.result.id).execute();
    expect(refusal(await book(desk.body.result.id, '2026-11-30', 'pm'))).toEqual([422, formatMessage('deskUnavailable', 'en-US', { number: 'K-1' })]);
  });

  it("keeps a floor with desk bookings still to come from being deleted; a deleted floor's desks are no longer bookable", async () => {
    const building = (await t.db.kysely.selectFrom('locations').select('parent_id').where('id', '=', floorId).executeTakeFirstOrThrow()).parent_id!;
    const upper = await t.factories.location({ companyId, parentId: building, level: 6, name: 'Floor 9' });
    const desk = await post<Desk>('save', { floorId: upper, number: 'U-1', mode: 'bookable' });
    const booked = await book(desk.body.result.id, '2026-12-03', 'am');
    expect(booked.status, booked.body.message).toBe(200);
    const remove = () => call(t.app, { method: 'DELETE', url: '/api/location/delLocation', headers: { token: adminToken }, payload: { id: upper } });
    const refused = await remove();
    expect([refused.status, refused.body.message]).toEqual([409, formatMessage('locationHasReservations', 'en-US', { count: 1 })]);
    expect((await post('booking/cancel', { id: booked.body.result.id }, bookerToken)).status).toBe(200);
    expect((await remove()).status).toBe(200);
    expect(refusal(await book(desk.body.result.id, '2026-12-03', 'pm'))).toEqual([404, formatMessage('deskNotFound', 'en-US')]);
  });

  it("cancels the caller's own booking only, which frees the slot", async () => {
    const booked = await book(desks.d3!, '2026-12-02', 'am');
    expect((await post('booking/cancel', { id: booked.body.result.id }, memberToken)).status).toBe(404);
    const cancelled = await post<DeskBooking>('booking/cancel', { id: booked.body.result.id }, bookerToken, 'zh-CN');
    expect([cancelled.status, cancelled.body.message, cancelled.body.result.status]).toEqual([200, formatMessage('deskBookingCancelled', 'zh-CN'), 'cancelled']);
    expect(refusal(await post('booking/cancel', { id: booked.body.result.id }, bookerToken))).toEqual([422, formatMessage('deskBookingNotCancellable', 'en-US')]);
    expect((await book(desks.d3!, '2026-12-02', 'am', memberToken)).status).toBe(200);
  });

  it("checks in by the desk's QR from 15 minutes before the start, and releases a booking nobody checked in to after the grace", async () => {
    const date = MONDAY;
    const late = await book(desks.d1!, date, 'hours', bookerToken, { start: '13:00', end: '15:00' });
    const other = await book(desks.d2!, date, 'hours', memberToken, { start: '13:00', end: '15:00' });
    expect([late.status, other.status]).toEqual([200, 200]);
    // 09:00: too early for a 13:00 booking.
    expect(refusal(await post('booking/check-in', { id: desks.d1 }, bookerToken))).toEqual([422, formatMessage('deskCheckInNoBooking', 'en-US', { number: 'D-1' })]);
    t.clock.set(at(date, '12:50'));
    const bookerNow = await t.factories.session(booker);
    const checkedIn = await post<DeskBooking>('booking/check-in', { id: desks.d1 }, bookerNow);
    expect([checkedIn.status, checkedIn.body.message, checkedIn.body.result.checkedInAt]).toEqual([200, formatMessage('deskCheckedIn', 'en-US', { number: 'D-1' }), at(date, '12:50')]);
    // Someone else's booking is not the caller's to check in to.
    expect((await post('booking/check-in', { id: desks.d2 }, bookerNow)).status).toBe(422);

    // 13:31: the member's booking passed its 30 minutes of grace; the job releases it, not the checked-in one.
    t.clock.set(at(date, '13:31'));
    await t.app.scheduler.tick();
    const rows = await t.db.kysely.selectFrom('reservations').select(['id', 'status', 'no_show_at']).where('id', 'in', [late.body.result.id, other.body.result.id]).orderBy('id').execute();
    expect(rows.map((row) => [row.status, row.no_show_at === null ? null : Number(row.no_show_at)])).toEqual([
      ['confirmed', null],
      ['released', at(date, '13:31')],
    ]);
    // The released slot is free again: not for the booker, who holds D-1 then, but for another.
    const [bookerLater, memberLater] = [await t.factories.session(booker), await t.factories.session(member)];
    expect(refusal(await book(desks.d2!, date, 'hours', bookerLater, { start: '14:00', end: '15:00' }))).toEqual([422, formatMessage('deskBookingOneAtATime', 'en-US')]);
    expect((await book(desks.d2!, date, 'hours', memberLater, { start: '14:00', end: '15:00' })).status).toBe(200);
  });
});

/**
 * The engine's guarantees for desks, over real HTTP on a listening server: of 50 people asking for
 * one desk's slot at once exactly one gets it; of one person's requests for twelve desks at the same
 * time exactly one is kept (one desk per person, under the per-person lock).
 */
describe(`desk booking under concurrency (${TEST_DIALECT})`, () => {
  const CLIENTS = 50;
  let t: TestApp;
  let url: string;
  let tokens: string[];
  let floorId: number;
  let companyId: number;
  let adminToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.factories.companyWithAdmin('Rush Desk Co');
    companyId = a.company.id;
    adminToken = await t.factories.session(a.admin);
    floorId = (await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Seed', timeZone: 'Europe/London' })).floorId;
    tokens = [];
    for (let i = 0; i < CLIENTS; i++) tokens.push(await t.factories.session(await t.factories.user(companyId, { permissions: ['calendarRoomUse:view'] })));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.cleanup());

  const newDesk = async (number: string) =>
    (await call<Desk>(t.app, { method: 'POST', url: '/api/desk/save', headers: { token: adminToken }, payload: { floorId, number, mode: 'bookable' } })).body.result.id;
  const bookOverHttp = async (token: string, deskId: number, lang: string, date: string) => {
    const response = await fetch(`${url}/api/desk/book`, { method: 'POST', headers: { 'content-type': 'application/json', token, lang }, body: JSON.stringify({ deskId, date, part: 'day' }) });
    const body = (await response.json()) as { returncode: number; message: string };
    return { status: response.status, returncode: body.returncode, message: body.message };
  };
  const overlappingPairs = async () => {
    const result = await sql<{ count: number | string }>`
      select count(*) as count from reservations a join reservations b
        on a.resource_id = b.resource_id and a.id < b.id and a.start_at < b.end_at and b.start_at < a.end_at
      where a.status in ('pending', 'confirmed') and b.status in ('pending', 'confirmed')`.execute(t.db.kysely);
    return Number(result.rows[0]!.count);
  };

  it('gives one desk and slot to exactly one of 50 people asking at once; the others get 409', async () => {
    const deskId = await newDesk('R-1');
    const answers = await Promise.all(tokens.map((token, i) => bookOverHttp(token, deskId, i % 2 ? 'zh-CN' : 'en-US', TUESDAY)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status >= 500), JSON.stringify(answers.filter((answer) => answer.status >= 500))).toEqual([]);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409).every((answer) => answer.returncode === ReturnCode.CONFLICT && answer.message.length > 0)).toBe(true);
    expect(statuses.filter((status) => status === 409)).toHaveLength(CLIENTS - 1);
    expect(await t.db.kysely.selectFrom('reservations').select('id').where('resource_id', '=', deskId).where('status', '=', 'confirmed').execute()).toHaveLength(1);
    expect(await overlappingPairs()).toBe(0);
  });

  it("keeps one desk per person when one person asks for twelve desks' same slot at once", async () => {
    const deskIds: number[] = [];
    for (let i = 0; i < 12; i++) deskIds.push(await newDesk(`P-${i}`));
    const token = tokens[0]!;
    const answers = await Promise.all(deskIds.map((deskId) => bookOverHttp(token, deskId, 'en-US', '2026-11-25')));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array(11).fill(422)]);
    expect(answers.filter((answer) => answer.status === 422).every((answer) => answer.message === formatMessage('deskBookingOneAtATime', 'en-US'))).toBe(true);
    const held = await t.db.kysely.selectFrom('reservations').select('id').where('resource_id', 'in', deskIds).where('status', '=', 'confirmed').execute();
    expect(held).toHaveLength(1);
  });
});
