import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, ReturnCode, type Desk, type DeskBooking, type DeskOverview, type DeskStations, type DeskToday } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { createTestRoom } from '../../test/rooms.js';
import type { TestUser } from '../../test/factories.js';

/** The test clock starts on Monday 23 November 2026, 09:00 UTC: 04:00 in New York (UTC-5 in winter). */
const MONDAY = '2026-11-23';
const TUESDAY = '2026-11-24';
const SATURDAY = '2026-11-28';
/** The first `count` cells of a sheet's row (empty ones null). */
const cells = (sheet: ExcelJS.Worksheet, row: number, count = 12) => Array.from({ length: count }, (_, index) => sheet.getRow(row).getCell(index + 1).value);
/** An instant given on New York's clock in winter. */
const ny = (date: string, time: string) => Date.parse(`${date}T${time}:00-05:00`);

/**
 * Desk monitoring on a New York floor, with bookings made through the desk booking calls across two
 * weekdays, a Saturday, a check-in on each, a no-show the release job lets go and a cancelled booking:
 * every figure is what the arithmetic below says (the rules' default day: 08:00-18:00, midday 13:00).
 */
describe(`desk monitoring (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let companyId: number;
  let adminToken: string;
  let floorId: number;
  let shanghaiFloorId: number;
  let booker: TestUser;
  let member: TestUser;
  let desks: Record<'o1' | 'q1' | 'q2' | 'x9', number>;
  let ids: Record<string, number>;
  let admin: TestUser;
  let adminName: string;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.factories.companyWithAdmin('Watch Desk Co');
    companyId = a.company.id;
    admin = a.admin;
    adminToken = await t.factories.session(a.admin);
    adminName = (await t.db.kysely.selectFrom('users').select('full_name').where('id', '=', a.admin.id).executeTakeFirstOrThrow()).full_name;
    floorId = (await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Huddle', timeZone: 'America/New_York' })).floorId;
    booker = await t.factories.user(companyId, { firstName: 'Bo', lastName: 'Booker', permissions: ['calendarRoomUse:view'] });
    member = await t.factories.user(companyId, { firstName: 'Mo', lastName: 'Member', permissions: ['calendarRoomUse:view'] });
    const quiet = await post<{ id: number }>('/api/desk/neighbourhood/save', { floorId, name: '=Quiet+1', color: '#225588' });
    expect(quiet.status, quiet.body.message).toBe(200);
    const save = async (number: string, extra: Record<string, unknown> = {}) => {
      const answer = await post<Desk>('/api/desk/save', { floorId, number, mode: 'bookable', ...extra });
      expect(answer.status, answer.body.message).toBe(200);
      return answer.body.result.id;
    };
    desks = {
      q1: await save('Q-1', { neighbourhoodId: quiet.body.result.id }),
      q2: await save('Q-2', { neighbourhoodId: quiet.body.result.id }),
      o1: await save('O-1'),
      // Out of use: never counted as bookable, though listed among the desks.
      x9: await save('X-9', { mode: 'unavailable', neighbourhoodId: quiet.body.result.id }),
    };

    // A second floor in Shanghai (UTC+8): its Monday is another window of instants.
    shanghaiFloorId = (await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Pantry', timeZone: 'Asia/Shanghai' })).floorId;
    const shanghaiDesk = await post<Desk>('/api/desk/save', { floorId: shanghaiFloorId, number: 'S-1', mode: 'bookable' });
    expect(shanghaiDesk.status, shanghaiDesk.body.message).toBe(200);

    const [adminNow, bookerNow, memberNow] = [adminToken, await t.factories.session(booker), await t.factories.session(member)];
    const book = async (token: string, deskId: number, date: string, part: string, hours: Record<string, string> = {}) => {
      const answer = await post<DeskBooking>('/api/desk/book', { deskId, date, part, ...hours }, token);
      expect(answer.status, answer.body.message).toBe(200);
      return answer.body.result.id;
    };
    ids = {
      monQ1: await book(bookerNow, desks.q1, MONDAY, 'day'),
      monQ2: await book(memberNow, desks.q2, MONDAY, 'am'),
      monO1: await book(adminNow, desks.o1, MONDAY, 'pm'),
      // 19:00-21:00 in New York is Tuesday in UTC: still Monday's, outside the working day.
      monQ2Evening: await book(bookerNow, desks.q2, MONDAY, 'hours', { start: '19:00', end: '21:00' }),
      monO1Early: await book(bookerNow, desks.o1, MONDAY, 'hours', { start: '06:00', end: '07:00' }),
      tueQ1: await book(bookerNow, desks.q1, TUESDAY, 'pm'),
      tueO1: await book(memberNow, desks.o1, TUESDAY, 'day'),
      // 07:00-10:00: two of its hours are in the working day.
      tueQ2: await book(adminNow, desks.q2, TUESDAY, 'hours', { start: '07:00', end: '10:00' }),
      satQ1: await book(bookerNow, desks.q1, SATURDAY, 'day'),
      // 08:00-18:00 in Shanghai is 00:00-10:00 UTC: nobody checks in, the job releases it at 13:31 UTC.
      monS1: await book(adminNow, shanghaiDesk.body.result.id, MONDAY, 'day'),
    };
    expect((await post('/api/desk/booking/cancel', { id: ids.monO1Early }, bookerNow)).status).toBe(200);

    // Monday 08:05: the booker checks in at Q-1; 08:31: the member's morning at Q-2 is released.
    t.clock.set(ny(MONDAY, '08:05'));
    expect((await post('/api/desk/booking/check-in', { id: desks.q1 }, await t.factories.session(booker))).status).toBe(200);
    t.clock.set(ny(MONDAY, '08:31'));
    await t.app.scheduler.tick();
    // Tuesday 08:00: the member checks in at O-1 (nothing else is released: the job runs no more).
    t.clock.set(ny(TUESDAY, '08:00'));
    expect((await post('/api/desk/booking/check-in', { id: desks.o1 }, await t.factories.session(member))).status).toBe(200);
    const released = await t.db.kysely.selectFrom('reservations').select('status').where('id', '=', ids.monQ2!).executeTakeFirstOrThrow();
    expect(released.status).toBe('released');
  });
  afterAll(() => t.cleanup());

  function post<T>(url: string, payload: Record<string, unknown>, token = adminToken) {
    return call<T>(t.app, { method: 'POST', url, headers: { token }, payload });
  }
  const get = <T>(url: string, token = adminToken) => call<T>(t.app, { method: 'GET', url, headers: { token } });

  it("answers today on the floor's clock: desks booked, checked in and free now, released and upcoming, and the day's bookings with their state", async () => {
    t.clock.set(ny(MONDAY, '09:00'));
    const token = await t.factories.session((await t.factories.user(companyId, { firstName: 'Desk', lastName: 'Keeper', permissions: ['quickTools:view'] })));
    const today = await get<DeskToday>(`/api/desk/monitoring/today?floorId=${floorId}`, token);
    expect(today.status, today.body.message).toBe(200);
    const { bookings, floors, ...counts } = today.body.result;
    expect(counts).toEqual({ now: ny(MONDAY, '09:00'), bookable: 3, bookedNow: 1, checkedInNow: 1, freeNow: 2, releasedToday: 1, upcomingToday: 2 });
    // The filter's floors: every floor with desks, whichever is asked about.
    expect(floors.map((floor) => floor.floorId)).toEqual([floorId, shanghaiFloorId]);
    expect(bookings.map((row) => [row.id, row.deskNumber, row.userName, row.part, row.state])).toEqual([
      [ids.monO1Early, 'O-1', 'Bo Booker', 'hours', 'cancelled'],
      [ids.monQ1, 'Q-1', 'Bo Booker', 'day', 'checkedIn'],
      [ids.monQ2, 'Q-2', 'Mo Member', 'am', 'released'],
      [ids.monO1, 'O-1', adminName, 'pm', 'booked'],
      [ids.monQ2Evening, 'Q-2', 'Bo Booker', 'hours', 'booked'],
    ]);
    expect(bookings[1]).toMatchObject({ timeZone: 'America/New_York', startAt: ny(MONDAY, '08:00'), endAt: ny(MONDAY, '18:00'), checkedInAt: ny(MONDAY, '08:05') });
    // Every floor: Shanghai's Monday (23:00 there now) adds its desk and its released booking, first by start.
    const everywhere = (await get<DeskToday>('/api/desk/monitoring/today', token)).body.result;
    expect([everywhere.bookable, everywhere.bookedNow, everywhere.freeNow, everywhere.releasedToday, everywhere.upcomingToday]).toEqual([4, 1, 3, 2, 2]);
    expect(everywhere.bookings.map((row) => [row.id, row.timeZone, row.part, row.state])[0]).toEqual([ids.monS1, 'Asia/Shanghai', 'day', 'released']);
    expect(everywhere.bookings).toHaveLength(6);
    expect(everywhere.floors.map((floor) => floor.floorId)).toEqual([floorId, shanghaiFloorId]);
    // Another area's reader is refused; an unknown floor is 404.
    expect((await get('/api/desk/monitoring/today', await t.factories.session(booker))).status).toBe(403);
    expect((await get('/api/desk/monitoring/today?floorId=999999', token)).body.returncode).toBe(1002);
  });

  it('answers utilisation, check-in and no-show rates in total, by neighbourhood and by weekday, and exports them', async () => {
    t.clock.set(ny('2026-11-25', '15:00'));
    const token = await t.factories.session(await t.factories.user(companyId, { firstName: 'Ana', lastName: 'Lyst', permissions: ['overviewStats:view'] }));
    const overview = await get<DeskOverview>(`/api/desk/monitoring/overview?from=${MONDAY}&to=2026-11-29&floorId=${floorId}`, token);
    expect(overview.status, overview.body.message).toBe(200);
    const result = overview.body.result;
    // 3 desks in use x 5 working days x 10 hours = 150 bookable hours. Booked: Monday Q-1 10 + O-1 5, Tuesday Q-1 5 + O-1 10 + Q-2 2 = 32.
    // Bookings not cancelled: 8, due (started by now) 7 (not Saturday's); checked in 2; released 1.
    expect([result.desks, result.workingDays]).toEqual([3, 5]);
    expect(result.totals).toEqual({ bookableHours: 150, bookedHours: 32, utilisation: 0.2133, bookings: 8, due: 7, checkedIn: 2, noShows: 1, checkInRate: 0.2857, noShowRate: 0.1429 });
    expect(result.byNeighbourhood.map(({ name, desks: count, bookableHours, bookedHours, utilisation, bookings, due, checkedIn, noShows, checkInRate, noShowRate }) => [name, count, bookableHours, bookedHours, utilisation, bookings, due, checkedIn, noShows, checkInRate, noShowRate])).toEqual([
      ['=Quiet+1', 2, 100, 17, 0.17, 6, 5, 1, 1, 0.2, 0.2],
      [null, 1, 50, 15, 0.3, 2, 2, 1, 0, 0.5, 0],
    ]);
    expect(result.byWeekday.map(({ weekday, days, bookableHours, bookedHours, utilisation, bookings, due, checkedIn, noShows }) => [weekday, days, bookableHours, bookedHours, utilisation, bookings, due, checkedIn, noShows])).toEqual([
      [1, 1, 30, 15, 0.5, 4, 4, 1, 1],
      [2, 1, 30, 17, 0.5667, 3, 3, 1, 0],
      [3, 1, 30, 0, 0, 0, 0, 0, 0],
      [4, 1, 30, 0, 0, 0, 0, 0, 0],
      [5, 1, 30, 0, 0, 0, 0, 0, 0],
      [6, 1, 0, 0, null, 1, 0, 0, 0],
      [7, 1, 0, 0, null, 0, 0, 0, 0],
    ]);

    // The export: three sheets, the figures as numbers, a name that looks like a formula kept as text.
    const file = await t.app.inject({ method: 'POST', url: '/api/desk/monitoring/overview/export', headers: { token, lang: 'zh-CN' }, payload: { from: MONDAY, to: '2026-11-29', floorId } });
    expect([file.statusCode, file.headers['content-disposition']]).toEqual([200, `attachment; filename="desk-overview-${MONDAY}-2026-11-29.xlsx"`]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['合计', '工位区域', '星期']);
    expect(cells(book.getWorksheet('合计')!, 2, 11)).toEqual([`${MONDAY} - 2026-11-29`, 3, 150, 32, 21.3, 8, 7, 2, 1, 28.6, 14.3]);
    const quiet = book.getWorksheet('工位区域')!.getRow(2).getCell(1);
    expect([quiet.type, quiet.value]).toEqual([ExcelJS.ValueType.String, 'Floor 3 / =Quiet+1']);
    expect(cells(book.getWorksheet('星期')!, 7, 11)).toEqual(['星期六', 3, 0, 0, null, 1, 0, 0, 0, null, null]);
  });

  it("answers each desk's bookings, hours, utilisation, no-shows and last use, and exports them", async () => {
    t.clock.set(ny('2026-11-25', '15:00'));
    const token = await t.factories.session(await t.factories.user(companyId, { firstName: 'Flo', lastName: 'Plan', permissions: ['roomsLocations:view'] }));
    const stations = await get<DeskStations>(`/api/desk/monitoring/desks?from=${MONDAY}&to=2026-11-29`, token);
    expect(stations.status, stations.body.message).toBe(200);
    expect(stations.body.result.desks.map((desk) => [desk.number, desk.mode, desk.neighbourhoodName, desk.bookings, desk.bookedHours, desk.bookableHours, desk.utilisation, desk.checkedIn, desk.noShows, desk.noShowRate, desk.lastUsedAt])).toEqual([
      ['O-1', 'bookable', null, 2, 15, 50, 0.3, 1, 0, 0, ny(TUESDAY, '08:00')],
      ['Q-1', 'bookable', '=Quiet+1', 3, 15, 50, 0.3, 1, 0, 0, ny(MONDAY, '08:05')],
      ['Q-2', 'bookable', '=Quiet+1', 3, 2, 50, 0.04, 0, 1, 0.3333, null],
      ['X-9', 'unavailable', '=Quiet+1', 0, 0, 0, null, 0, 0, null, null],
      // Shanghai: its Monday's booking released, five working days of ten hours.
      ['S-1', 'bookable', null, 1, 0, 50, 0, 0, 1, 1, null],
    ]);

    const file = await t.app.inject({ method: 'POST', url: '/api/desk/monitoring/desks/export', headers: { token, lang: 'en-US' }, payload: { from: MONDAY, to: '2026-11-29' } });
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Station numbers')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Desk');
    expect(cells(sheet, 2)).toEqual(['O-1', 'Tower A', 'Floor 3', null, 2, 15, 50, 30, 1, 0, 0, '2026-11-24 08:00']);
    expect(sheet.getRow(3).getCell(4).type).toBe(ExcelJS.ValueType.String);
    expect(sheet.rowCount).toBe(6);
  });

  it('refuses a period that ends before it starts or spans more than a year, an unknown floor, and another area', async () => {
    const adminNow = await t.factories.session(admin);
    for (const [url, lang] of [[`/api/desk/monitoring/overview?from=${TUESDAY}&to=${MONDAY}`, 'zh-CN'], [`/api/desk/monitoring/desks?from=2025-01-01&to=2026-11-29`, 'en-US']] as const) {
      const answer = await call(t.app, { method: 'GET', url, headers: { token: adminNow, lang } });
      expect([answer.status, answer.body.returncode, answer.body.message], url).toEqual([400, ReturnCode.BAD_REQUEST, formatMessage('badRequest', lang, { detail: 'to' })]);
    }
    const unknown = await get(`/api/desk/monitoring/desks?from=${MONDAY}&to=${TUESDAY}&floorId=999999`, adminNow);
    expect([unknown.status, unknown.body.message]).toEqual([404, formatMessage('deskFloorNotFound', 'en-US')]);
    const bookerToken = await t.factories.session(booker);
    expect((await get(`/api/desk/monitoring/overview?from=${MONDAY}&to=${TUESDAY}`, bookerToken)).status).toBe(403);
    expect((await post('/api/desk/monitoring/desks/export', { from: MONDAY, to: TUESDAY }, bookerToken)).status).toBe(403);
  });
});
