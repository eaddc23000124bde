import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, type Desk, type DeskAccessDepartment, type DeskBooking, type DeskBookingAccess, type DeskClosure, type DeskClosureSaved, type OperationLogEntry, type Page } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { createTestRoom } from '../../test/rooms.js';
import type { TestUser } from '../../test/factories.js';

/** The test clock starts on Monday 23 November 2026, 09:00 UTC; London keeps UTC in winter, New York is 5 hours behind. */
const TUESDAY = '2026-11-24';
const WEDNESDAY = '2026-11-25';
const THURSDAY = '2026-11-26';

describe(`desk access and closures (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let companyId: number;
  let adminToken: string;
  let londonFloor: number;
  let londonBuilding: number;
  let newYorkFloor: number;
  let finance: number;
  let sales: number;
  let fay: TestUser;
  let fayToken: string;
  let sam: TestUser;
  let samToken: string;
  let loner: TestUser;
  let lonerToken: string;
  let readerToken: string;
  let desks: Record<string, number>;
  let otherCompanyDepartment: number;
  let otherCompanyDesk: number;

  const api = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>, token = adminToken, lang: 'en-US' | 'zh-CN' = 'en-US') =>
    call<T>(t.app, { method, url: `/api/${url}`, headers: { token, lang }, ...(payload ? { payload } : {}) });
  const book = (deskId: number, date: string, token: string) => api<DeskBooking>('POST', 'desk/book', { deskId, date, part: 'day' }, token);
  const switchDepartments = (departmentIds: number[], enabled: boolean, token = adminToken) => api<{ updated: number }>('PUT', 'tenant/group/user/deskeeper-service', { departmentIds, enabled }, token);

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.factories.companyWithAdmin('Closed Co');
    companyId = a.company.id;
    adminToken = await t.factories.session(a.admin);
    const london = await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Huddle', timeZone: 'Europe/London' });
    londonFloor = london.floorId;
    londonBuilding = london.buildingId;
    newYorkFloor = (await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Booth', timeZone: 'America/New_York' })).floorId;
    finance = await t.factories.department(companyId, 'Finance');
    sales = await t.factories.department(companyId, 'Sales');
    const use = ['calendarRoomUse:view'];
    fay = await t.factories.user(companyId, { firstName: 'Fay', lastName: 'Finance', departmentId: finance, permissions: use });
    fayToken = await t.factories.session(fay);
    sam = await t.factories.user(companyId, { firstName: 'Sam', lastName: 'Sales', departmentId: sales, permissions: use });
    samToken = await t.factories.session(sam);
    loner = await t.factories.user(companyId, { firstName: 'Lo', lastName: 'Ner', permissions: use });
    lonerToken = await t.factories.session(loner);
    readerToken = await t.factories.session(await t.factories.user(companyId, { firstName: 'Rea', lastName: 'Der', permissions: ['roomsLocations:view'] }));
    const save = async (floorId: number, number: string, extra: Record<string, unknown> = {}) => {
      const answer = await api<Desk>('POST', 'desk/save', { floorId, number, mode: 'bookable', ...extra });
      expect(answer.status, answer.body.message).toBe(200);
      return answer.body.result.id;
    };
    desks = { l1: await save(londonFloor, 'L-1'), l2: await save(londonFloor, 'L-2'), l3: await save(londonFloor, 'L-3'), n1: await save(newYorkFloor, 'N-1') };
    const b = await t.factories.companyWithAdmin('Other Co');
    otherCompanyDepartment = await t.factories.department(b.company.id, 'Elsewhere');
    const otherFloor = (await createTestRoom(t.db, t.factories, t.clock, b.company.id, { name: 'Far' })).floorId;
    otherCompanyDesk = (await call<Desk>(t.app, { method: 'POST', url: '/api/desk/save', headers: { token: await t.factories.session(b.admin) }, payload: { floorId: otherFloor, number: 'X-1', mode: 'bookable' } })).body.result.id;
  });
  afterAll(() => t.cleanup());

  it('switches desk booking per department: off refuses booking and check-in, on again allows; people in no department may', async () => {
    const listed = await api<DeskAccessDepartment[]>('GET', 'desk/access/departments', undefined, readerToken);
    expect(listed.body.result.filter((row) => row.id === finance || row.id === sales).map((row) => [row.name, row.memberCount, row.deskBookingEnabled])).toEqual([
      ['Finance', 1, true],
      ['Sales', 1, true],
    ]);
    // Fay books today (Monday) to check in, and Tuesday.
    const today = await book(desks.l1!, '2026-11-23', fayToken);
    expect(today.status, today.body.message).toBe(200);

    const off = await switchDepartments([finance], false);
    expect([off.status, off.body.result, off.body.message]).toEqual([200, { updated: 1 }, formatMessage('deskServiceSaved', 'en-US', { count: 1 })]);
    const refused = await book(desks.l2!, TUESDAY, fayToken);
    expect([refused.status, refused.body.message]).toEqual([422, formatMessage('deskBookingNotForDepartment', 'en-US')]);
    const zh = await api('POST', 'desk/book', { deskId: desks.l2, date: TUESDAY, part: 'day' }, fayToken, 'zh-CN');
    expect(zh.body.message).toBe(formatMessage('deskBookingNotForDepartment', 'zh-CN'));
    const checkIn = await api('POST', 'desk/booking/check-in', { id: desks.l1 }, fayToken);
    expect([checkIn.status, checkIn.body.message]).toEqual([422, formatMessage('deskBookingNotForDepartment', 'en-US')]);
    expect((await api<DeskBookingAccess>('GET', `desk/booking/access?floorId=${londonFloor}`, undefined, fayToken)).body.result.canBook).toBe(false);
    // Sales and people in no department are not concerned.
    expect((await book(desks.l2!, TUESDAY, samToken)).status).toBe(200);
    expect((await book(desks.l3!, TUESDAY, lonerToken)).status).toBe(200);
    expect((await api<DeskBookingAccess>('GET', `desk/booking/access?floorId=${londonFloor}`, undefined, lonerToken)).body.result.canBook).toBe(true);

    expect((await switchDepartments([finance], true)).status).toBe(200);
    expect((await api('POST', 'desk/booking/check-in', { id: desks.l1 }, fayToken)).status).toBe(200);
    expect((await book(desks.l1!, WEDNESDAY, fayToken)).status).toBe(200);

    const log = await api<Page<OperationLogEntry>>('GET', 'operation-log/list?action=deskService.update');
    expect(log.body.result.list.map((entry) => [entry.targetName, entry.detail])).toEqual([
      ['Finance', { departments: [finance], enabled: true }],
      ['Finance', { departments: [finance], enabled: false }],
    ]);
  });

  it('lists the departments in tree order: a sub-department right after its parent, with its path', async () => {
    const audit = await t.factories.department(companyId, 'Audit');
    await t.db.kysely.updateTable('departments').set({ parent_id: finance }).where('id', '=', audit).execute();
    const listed = (await api<DeskAccessDepartment[]>('GET', 'desk/access/departments', undefined, readerToken)).body.result;
    expect(listed.filter((row) => [finance, audit, sales].includes(row.id)).map((row) => row.path)).toEqual(['Finance', 'Finance / Audit', 'Sales']);
    await t.db.kysely.deleteFrom('departments').where('id', '=', audit).execute();
  });

  it("refuses another company's departments (404) and readers (403)", async () => {
    const foreign = await switchDepartments([finance, otherCompanyDepartment], false);
    expect([foreign.status, foreign.body.message]).toEqual([404, formatMessage('deskServiceDepartmentNotFound', 'en-US')]);
    expect((await api<DeskAccessDepartment[]>('GET', 'desk/access/departments')).body.result.find((row) => row.id === finance)?.deskBookingEnabled).toBe(true);
    expect((await switchDepartments([finance], false, readerToken)).status).toBe(403);
    expect((await api('POST', 'desk/closures', { buildingId: null, firstDate: THURSDAY, lastDate: THURSDAY, name: 'Nope' }, readerToken)).status).toBe(403);
    expect((await api('POST', 'person/message/trigger/bind-station-message', { deskIds: [desks.l1] }, readerToken)).status).toBe(403);
    expect((await api('POST', 'person/message/trigger/bind-station-message', { deskIds: [otherCompanyDesk] })).status).toBe(404);
  });

  it("a closure cancels the desk bookings in its building and days (not others), tells their people, and refuses booking on its days", async () => {
    // Thursday: Sam in London, Lo in New York; Friday: Sam in London (outside the closure's days).
    const samThursday = (await book(desks.l2!, THURSDAY, samToken)).body.result;
    const loThursday = (await book(desks.n1!, THURSDAY, lonerToken)).body.result;
    const samFriday = (await book(desks.l2!, '2026-11-27', samToken)).body.result;
    const before = await t.db.kysely.selectFrom('notifications').select('id').where('company_id', '=', companyId).execute();

    const created = await api<DeskClosureSaved>('POST', 'desk/closures', { buildingId: londonBuilding, firstDate: WEDNESDAY, lastDate: THURSDAY, name: 'Office move' });
    expect(created.status, created.body.message).toBe(200);
    // Wednesday: Fay's booking (from the first test); Thursday: Sam's.
    expect(created.body.result.cancelled).toBe(2);
    expect(created.body.message).toBe(formatMessage('deskClosureSaved', 'en-US', { count: 2 }));
    expect(created.body.result.closure).toMatchObject({ buildingId: londonBuilding, buildingName: 'Tower A', firstDate: WEDNESDAY, lastDate: THURSDAY, name: 'Office move' });

    const status = async (id: number) => (await t.db.kysely.selectFrom('reservations').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    expect([await status(samThursday.id), await status(loThursday.id), await status(samFriday.id)]).toEqual(['cancelled', 'confirmed', 'confirmed']);
    const told = await t.db.kysely.selectFrom('notifications').select(['user_id', 'event', 'params']).where('company_id', '=', companyId).where('id', 'not in', before.length > 0 ? before.map((row) => row.id) : [0]).orderBy('id').execute();
    expect(told.map((row) => [row.user_id, row.event, (JSON.parse(row.params) as { title: string; reason: string }).title, (JSON.parse(row.params) as { reason: string }).reason])).toEqual([
      [fay.id, 'deskClosure', 'L-1', 'Office move'],
      [sam.id, 'deskClosure', 'L-2', 'Office move'],
    ]);
    // The engine's changes went through the outbox, each handled.
    await t.app.bookingInvitations.drain();
    expect(await t.db.kysely.selectFrom('outbox_events').select(['kind', 'last_error']).where('company_id', '=', companyId).execute()).toEqual([]);

    const closed = await book(desks.l3!, THURSDAY, samToken);
    expect([closed.status, closed.body.message]).toEqual([422, formatMessage('deskClosedDay', 'en-US', { date: THURSDAY, name: 'Office move' })]);
    expect((await book(desks.n1!, WEDNESDAY, samToken)).status).toBe(200);
    const access = await api<DeskBookingAccess>('GET', `desk/booking/access?floorId=${londonFloor}`, undefined, samToken);
    expect(access.body.result.closures).toEqual([{ id: created.body.result.closure.id, firstDate: WEDNESDAY, lastDate: THURSDAY, name: 'Office move' }]);
    expect((await api<DeskBookingAccess>('GET', `desk/booking/access?floorId=${newYorkFloor}`, undefined, samToken)).body.result.closures).toEqual([]);

    // Widening it to the whole company cancels New York's bookings of those days too.
    const widened = await api<DeskClosureSaved>('PUT', 'desk/closures', { id: created.body.result.closure.id, buildingId: null, firstDate: WEDNESDAY, lastDate: THURSDAY, name: 'Office move' });
    expect([widened.status, widened.body.result.cancelled]).toEqual([200, 2]);
    expect(await status(loThursday.id)).toBe('cancelled');
    const list = await api<DeskClosure[]>('GET', 'desk/closures', undefined, readerToken);
    expect(list.body.result.map((closure) => [closure.name, closure.buildingId])).toEqual([['Office move', null]]);
    expect((await api('DELETE', 'desk/closures', { id: created.body.result.closure.id })).status).toBe(200);
    expect((await book(desks.l3!, THURSDAY, samToken)).status).toBe(200);
    const log = await api<Page<OperationLogEntry>>('GET', 'operation-log/list');
    expect(log.body.result.list.filter((entry) => entry.targetType === 'deskClosure').map((entry) => [entry.action, entry.detail?.cancelled])).toEqual([
      ['deskClosure.delete', undefined],
      ['deskClosure.update', 2],
      ['deskClosure.create', 2],
    ]);
  });

  it('refuses a closure of an unknown building, backwards or too long', async () => {
    expect((await api('POST', 'desk/closures', { buildingId: londonFloor, firstDate: THURSDAY, lastDate: THURSDAY, name: 'A floor' })).status).toBe(404);
    expect((await api('POST', 'desk/closures', { buildingId: null, firstDate: THURSDAY, lastDate: TUESDAY, name: 'Backwards' })).status).toBe(400);
    expect((await api('POST', 'desk/closures', { buildingId: null, firstDate: '2027-01-01', lastDate: '2028-01-02', name: 'Long' })).status).toBe(422);
  });

  it("tells an assigned desk's owner (a person, or a department's members) by console and mail, and when a desk is assigned", async () => {
    const mails = () => t.db.kysely.selectFrom('mail_outbox').select(['to', 'subject', 'text']).where('company_id', '=', companyId).where('event', '=', 'deskAssigned').orderBy('id').execute();
    const personal = await api<Desk>('POST', 'desk/save', { floorId: londonFloor, number: 'P-1', mode: 'assigned', assignedUserId: fay.id });
    expect(personal.status, personal.body.message).toBe(200);
    // Assigning told Fay at once.
    expect((await mails()).map((mail) => [mail.to, mail.subject])).toEqual([[fay.email, 'Desk P-1 is yours / 工位 P-1 已分配给您']]);
    const team = await api<Desk>('POST', 'desk/save', { floorId: londonFloor, number: 'T-1', mode: 'assigned', assignedDepartmentId: sales });
    expect((await mails()).length).toBe(2);

    const answer = await api<{ told: number }>('POST', 'person/message/trigger/bind-station-message', { deskIds: [personal.body.result.id, team.body.result.id, desks.l1] });
    expect([answer.status, answer.body.result, answer.body.message]).toEqual([200, { told: 2 }, formatMessage('deskOwnersTold', 'en-US', { count: 2 })]);
    const sent = await mails();
    expect(sent.slice(2).map((mail) => mail.to)).toEqual([fay.email, sam.email]);
    expect(sent[2]!.text).toContain('Desk P-1 on Tower A · Floor 3 is yours.');
    expect(sent[2]!.text).toContain('Tower A · Floor 3的工位 P-1 已分配给您。');
    const notes = await t.db.kysely.selectFrom('notifications').select(['user_id', 'params']).where('company_id', '=', companyId).where('event', '=', 'deskAssigned').orderBy('id').execute();
    expect(notes.map((row) => [row.user_id, (JSON.parse(row.params) as { title: string }).title])).toEqual([
      [fay.id, 'P-1'],
      [sam.id, 'T-1'],
      [fay.id, 'P-1'],
      [sam.id, 'T-1'],
    ]);
  });
});
