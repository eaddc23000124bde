import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, ReturnCode, type Desk, type DeskFloor, type DeskOwners, type Neighbourhood, type OperationLogEntry, type Page } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { createTestRoom } from '../../test/rooms.js';
import type { TestUser } from '../../test/factories.js';
import { LOCATION_LEVEL } from '../location/location.repository.js';

const HOUR = 3_600_000;

describe(`desk configuration (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let companyId: number;
  let admin: TestUser;
  let adminToken: string;
  let viewerToken: string;
  let floorId: number;
  let otherFloorId: number;
  let buildingId: number;
  let owner: TestUser;
  let departmentId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.factories.companyWithAdmin('Desk Co');
    companyId = a.company.id;
    admin = a.admin;
    adminToken = await t.factories.session(admin);
    viewerToken = await t.factories.session(await t.factories.user(companyId, { permissions: ['roomsLocations:view'] }));
    const room = await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Huddle', timeZone: 'Europe/London' });
    floorId = room.floorId;
    buildingId = room.buildingId;
    otherFloorId = await t.factories.location({ companyId, parentId: buildingId, level: LOCATION_LEVEL.floor, name: 'Floor 4' });
    owner = await t.factories.user(companyId, { firstName: 'Olive', lastName: 'Owner' });
    departmentId = await t.factories.department(companyId, 'Finance');
  });
  afterAll(() => t.cleanup());

  const post = <T>(url: string, payload: Record<string, unknown>, token = adminToken, lang: 'en-US' | 'zh-CN' = 'en-US') =>
    call<T>(t.app, { method: 'POST', url: `/api/desk/${url}`, headers: { token, lang }, payload });
  const get = <T>(url: string, token = adminToken) => call<T>(t.app, { method: 'GET', url: `/api/desk/${url}`, headers: { token } });

  it('adds neighbourhoods and desks on a floor, lists them by number with their owner and place, and counts them per floor', async () => {
    const quiet = await post<Neighbourhood>('neighbourhood/save', { floorId, name: 'Quiet zone', color: '#3366CC' });
    expect([quiet.status, quiet.body.message], quiet.body.message).toEqual([200, formatMessage('neighbourhoodSaved', 'en-US', { name: 'Quiet zone' })]);
    expect(quiet.body.result).toMatchObject({ floorId, name: 'Quiet zone', color: '#3366cc', departmentId: null, deskCount: 0 });
    const finance = await post<Neighbourhood>('neighbourhood/save', { floorId, name: 'Finance', color: '#aa2200', departmentId });
    expect(finance.body.result).toMatchObject({ departmentId, departmentName: 'Finance' });

    const saved = await post<Desk>('save', {
      floorId,
      number: 'A-2',
      mode: 'bookable',
      equipment: ['monitor', 'dockingStation', 'monitor'],
      neighbourhoodId: quiet.body.result.id,
      position: { x: 120, y: 40, width: 60, height: 30, rotation: 90 },
    });
    expect([saved.status, saved.body.message], saved.body.message).toEqual([200, formatMessage('deskSaved', 'en-US', { number: 'A-2' })]);
    expect(saved.body.result).toMatchObject({ number: 'A-2', mode: 'bookable', equipment: ['monitor', 'dockingStation'], position: { x: 120, y: 40, width: 60, height: 30, rotation: 90 } });
    const assigned = await post<Desk>('save', { floorId, number: 'A-1', mode: 'assigned', assignedUserId: owner.id, neighbourhoodId: finance.body.result.id });
    expect(assigned.body.result).toMatchObject({ assignedUserId: owner.id, assignedUserName: 'Olive Owner', position: null });
    const team = await post<Desk>('save', { floorId, number: 'A-3', mode: 'assigned', assignedDepartmentId: departmentId });
    expect(team.body.result).toMatchObject({ assignedDepartmentId: departmentId, assignedDepartmentName: 'Finance' });

    const list = await get<Desk[]>(`list?floorId=${floorId}`, viewerToken);
    expect(list.body.result.map((desk) => desk.number)).toEqual(['A-1', 'A-2', 'A-3']);
    const floors = await get<DeskFloor[]>('floors', viewerToken);
    const floor = floors.body.result.find((f) => f.floorId === floorId)!;
    expect(floor).toMatchObject({ buildingId, buildingName: 'Tower A', timeZone: 'Europe/London', deskCount: 3 });
    expect(floor.neighbourhoods.map((n) => [n.name, n.deskCount])).toEqual([
      ['Finance', 1],
      ['Quiet zone', 1],
    ]);
    expect(floors.body.result.find((f) => f.floorId === otherFloorId)).toMatchObject({ deskCount: 0, neighbourhoods: [] });
  });

  it("offers the company's active colleagues and departments as owners, matching a keyword, to editors only", async () => {
    const found = await get<DeskOwners>('owners?keyword=olive');
    expect(found.body.result.people.map((person) => person.fullName)).toEqual(['Olive Owner']);
    const departments = await get<DeskOwners>('owners?keyword=FIN');
    expect(departments.body.result.departments.map((department) => department.name)).toEqual(['Finance']);
    expect((await get('owners?keyword=olive', viewerToken)).status).toBe(403);
  });

  it('draws a desk id from the location sequence: rooms and floors made after it never take it', async () => {
    const desk = await post<Desk>('save', { floorId, number: 'Seq-1', mode: 'bookable' });
    const later = await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Later room', floorId });
    expect(later.roomId).toBeGreaterThan(desk.body.result.id);
    const resources = await t.db.kysely.selectFrom('resources').select(['id', 'kind']).where('id', 'in', [desk.body.result.id, later.roomId]).orderBy('id').execute();
    expect(resources).toEqual([
      { id: desk.body.result.id, kind: 'desk' },
      { id: later.roomId, kind: 'room' },
    ]);
    const next = await post<Desk>('save', { floorId, number: 'Seq-2', mode: 'bookable' });
    expect(next.body.result.id).toBeGreaterThan(later.roomId);
  });

  it('refuses with a clear message: a number taken on the floor in any case, an owner for a desk that is not assigned, a foreign neighbourhood, an unknown floor', async () => {
    const taken = await post('save', { floorId, number: 'a-2 ', mode: 'bookable' }, adminToken, 'zh-CN');
    expect([taken.status, taken.body.returncode, taken.body.message]).toEqual([422, ReturnCode.REFUSED, formatMessage('deskNumberTaken', 'zh-CN', { number: 'a-2' })]);
    // The same number on another floor is a different desk.
    expect((await post('save', { floorId: otherFloorId, number: 'A-2', mode: 'bookable' })).status).toBe(200);
    const ownerless = await post('save', { floorId, number: 'B-1', mode: 'assigned' });
    expect([ownerless.status, ownerless.body.returncode]).toEqual([400, ReturnCode.BAD_REQUEST]);
    expect((await post('save', { floorId, number: 'B-1', mode: 'bookable', assignedUserId: owner.id })).status).toBe(400);
    const quiet = (await get<Neighbourhood[]>(`neighbourhood/list?floorId=${floorId}`)).body.result.find((n) => n.name === 'Quiet zone')!;
    const elsewhere = await post('save', { floorId: otherFloorId, number: 'B-2', mode: 'bookable', neighbourhoodId: quiet.id });
    expect([elsewhere.status, elsewhere.body.message]).toEqual([404, formatMessage('neighbourhoodNotFound', 'en-US')]);
    expect((await post('save', { floorId: buildingId, number: 'B-3', mode: 'bookable' })).body.message).toBe(formatMessage('deskFloorNotFound', 'en-US'));
    expect((await post('save', { floorId, number: 'B-4', mode: 'bookable', equipment: ['jacuzzi'] })).status).toBe(400);
    expect((await post('save', { floorId, number: 'B-5', mode: 'bookable', position: { x: 1, y: 1, width: 0, height: 5 } })).status).toBe(400);
    const sameName = await post('neighbourhood/save', { floorId, name: 'QUIET  zone', color: '#000000' });
    expect([sameName.status, sameName.body.message]).toEqual([422, formatMessage('neighbourhoodNameTaken', 'en-US', { name: 'QUIET  zone' })]);
    expect((await post('neighbourhood/save', { floorId, name: 'Bad colour', color: 'blue' })).status).toBe(400);
  });

  it('lets two simultaneous saves of one number make exactly one desk', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => post<Desk>('save', { floorId, number: 'Race-1', mode: 'drop_in' })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422, 422, 422, 422, 422, 422, 422]);
    const list = (await get<Desk[]>(`list?floorId=${floorId}`)).body.result;
    expect(list.filter((desk) => desk.number === 'Race-1')).toHaveLength(1);
  });

  it('moves desks on the map, changes a desk, keeps view-only readers out of changes, and logs each change', async () => {
    const desks = (await get<Desk[]>(`list?floorId=${floorId}`)).body.result;
    const a1 = desks.find((desk) => desk.number === 'A-1')!;
    const a2 = desks.find((desk) => desk.number === 'A-2')!;
    const placed = await post<Desk[]>('place', { places: [{ id: a1.id, position: { x: 10, y: 20, width: 50, height: 25 } }, { id: a2.id, position: null }] });
    expect(placed.status, placed.body.message).toBe(200);
    expect(placed.body.result.map((desk) => [desk.number, desk.position])).toEqual(
      expect.arrayContaining([
        ['A-1', { x: 10, y: 20, width: 50, height: 25, rotation: 0 }],
        ['A-2', null],
      ]),
    );
    const changed = await post<Desk>('save', { id: a1.id, floorId, number: 'A-1b', mode: 'unavailable', equipment: ['standingDesk'] });
    expect(changed.body.result).toMatchObject({ id: a1.id, number: 'A-1b', mode: 'unavailable', assignedUserId: null, neighbourhoodId: null, position: { x: 10, y: 20 } });
    // Moved to another floor without a new place: it leaves this floor's map.
    const moved = await post<Desk>('save', { id: a1.id, floorId: otherFloorId, number: 'A-1b', mode: 'unavailable' });
    expect(moved.body.result).toMatchObject({ floorId: otherFloorId, position: null });

    expect((await post('save', { floorId, number: 'V-1', mode: 'bookable' }, viewerToken)).status).toBe(403);
    expect((await post('place', { places: [{ id: a2.id, position: null }] }, viewerToken)).status).toBe(403);
    expect((await post('delete', { ids: [a2.id] }, viewerToken)).status).toBe(403);
    expect((await post('neighbourhood/save', { floorId, name: 'V', color: '#111111' }, viewerToken)).status).toBe(403);

    const log = await call<Page<OperationLogEntry>>(t.app, { method: 'GET', url: '/api/operation-log/list?pageSize=50', headers: { token: adminToken } });
    const actions = log.body.result.list.map((entry) => [entry.action, entry.targetName]);
    expect(actions).toEqual(expect.arrayContaining([['desk.create', 'A-2'], ['desk.update', 'A-1b'], ['desk.place', null], ['neighbourhood.create', 'Quiet zone']]));
    const update = log.body.result.list.find((entry) => entry.action === 'desk.update' && entry.detail?.['previousNumber'] === 'A-1');
    expect(update?.detail).toEqual({ floorId, previousNumber: 'A-1' });
  });

  it('deletes a neighbourhood leaving its desks on the floor, and deletes desks only once no booking is still to come', async () => {
    const quiet = (await get<Neighbourhood[]>(`neighbourhood/list?floorId=${floorId}`)).body.result.find((n) => n.name === 'Quiet zone')!;
    const deleted = await post('neighbourhood/delete', { id: quiet.id });
    expect([deleted.status, deleted.body.message]).toEqual([200, formatMessage('neighbourhoodDeleted', 'en-US')]);
    const a2 = (await get<Desk[]>(`list?floorId=${floorId}`)).body.result.find((desk) => desk.number === 'A-2')!;
    expect(a2.neighbourhoodId).toBeNull();
    expect((await post('neighbourhood/delete', { id: quiet.id })).status).toBe(404);

    // A booking of the desk still to come holds it (written as the reservation engine writes one).
    const now = t.clock.now();
    await t.db.kysely
      .insertInto('reservations')
      .values({ company_id: companyId, resource_id: a2.id, host_user_id: owner.id, title: 'A-2', start_at: now + HOUR, end_at: now + 2 * HOUR, created_at: now, updated_at: now })
      .execute();
    const held = await post('delete', { ids: [a2.id] }, adminToken, 'zh-CN');
    expect([held.status, held.body.message]).toEqual([422, formatMessage('deskHasBookings', 'zh-CN', { number: 'A-2' })]);
    // Its time taken by the booking, the database refuses an overlapping one, as for a room.
    await expect(
      t.db.kysely
        .insertInto('reservations')
        .values({ company_id: companyId, resource_id: a2.id, host_user_id: admin.id, title: 'A-2', start_at: now + HOUR + 1, end_at: now + 3 * HOUR, created_at: now, updated_at: now })
        .execute(),
    ).rejects.toThrow(/reservation_overlap|reservations_no_overlap/);

    t.clock.advance(3 * HOUR);
    const fresh = await t.factories.session(admin);
    const gone = await post<{ count: number }>('delete', { ids: [a2.id] }, fresh);
    expect([gone.status, gone.body.result, gone.body.message]).toEqual([200, { count: 1 }, formatMessage('desksDeleted', 'en-US', { count: 1 })]);
    const list = (await get<Desk[]>(`list?floorId=${floorId}`, fresh)).body.result;
    expect(list.some((desk) => desk.id === a2.id)).toBe(false);
    // The number is free again on the floor; the past booking stays.
    expect((await post('save', { floorId, number: 'A-2', mode: 'bookable' }, fresh)).status).toBe(200);
    expect(await t.db.kysely.selectFrom('reservations').select('id').where('resource_id', '=', a2.id).execute()).toHaveLength(1);
  });

  it("prints a desk's check-in QR code: a PNG named for its number that opens the booking page's check-in", async () => {
    // Sessions of now (an earlier test moved the clock past the first ones).
    const saved = await post<Desk>('save', { floorId, number: 'Q/7 east', mode: 'bookable' }, await t.factories.session(admin));
    expect(saved.status, saved.body.message).toBe(200);
    const viewer = await t.factories.session(await t.factories.user(companyId, { permissions: ['roomsLocations:view'] }));
    const answer = await t.app.inject({ method: 'GET', url: `/api/desk/qr?deskId=${saved.body.result.id}`, headers: { token: viewer } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/png');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="desk-Q_7_east-qr.png"');
    const expected = await QRCode.toBuffer(`${t.config.publicUrl.replace(/\/$/, '')}/deskeeper-reservation?checkIn=${saved.body.result.id}`, { type: 'png', width: 320, margin: 2, errorCorrectionLevel: 'M' });
    expect(answer.rawPayload.equals(expected)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/desk/qr?deskId=999999', headers: { token: viewer } })).statusCode).toBe(404);
  });
});
