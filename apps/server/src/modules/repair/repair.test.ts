import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, ReturnCode, type Desk, type DeskAvailability, type DeskBooking, type NotificationPage, type RepairPage, type RepairReportDetail, type RepairTarget } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import type { TestUser } from '../../test/factories.js';
import { createTestRoom } from '../../test/rooms.js';
import { MULTIPART_HEADERS, multipartForm, PNG_BYTES } from '../../test/uploads.js';

const HOUR = 3_600_000;
/** The test clock starts on Monday 23 November 2026, 09:00 UTC; London keeps UTC in winter. */
const TUESDAY = '2026-11-24';
const WEDNESDAY = '2026-11-25';
const at = (date: string, time: string) => Date.parse(`${date}T${time}:00Z`);

describe(`repair centre (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let companyId: number;
  let adminToken: string;
  let booker: TestUser;
  let bookerToken: string;
  let memberToken: string;
  let foreignToken: string;
  let floorId: number;
  let rooms: { broken: number; spare: number; tiny: number; elsewhere: number };
  let desks: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.factories.companyWithAdmin('Fix It Co');
    companyId = a.company.id;
    adminToken = await t.factories.session(a.admin);
    booker = await t.factories.user(companyId, { firstName: 'Bo', lastName: 'Booker', permissions: ['calendarRoomUse:view'] });
    bookerToken = await t.factories.session(booker);
    const member = await t.factories.user(companyId, { firstName: 'Mo', lastName: 'Member', permissions: ['calendarRoomUse:view'] });
    memberToken = await t.factories.session(member);
    foreignToken = await t.factories.session((await t.factories.companyWithAdmin('Other Co')).admin);
    const first = await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Broken room', timeZone: 'Europe/London' });
    floorId = first.floorId;
    rooms = {
      broken: first.roomId,
      spare: (await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Spare room', floorId })).roomId,
      tiny: (await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Phone booth', floorId })).roomId,
      // Another building: never a comparable room.
      elsewhere: (await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Far room', timeZone: 'Europe/London' })).roomId,
    };
    await t.db.kysely.updateTable('rooms').set({ capacity: 2 }).where('id', '=', rooms.tiny).execute();
    const save = async (number: string, equipment: string[]) => {
      const answer = await call<Desk>(t.app, { method: 'POST', url: '/api/desk/save', headers: { token: adminToken }, payload: { floorId, number, mode: 'bookable', equipment } });
      expect(answer.status, answer.body.message).toBe(200);
      return answer.body.result.id;
    };
    desks = { d1: await save('D-1', ['monitor']), d2: await save('D-2', ['monitor', 'webcam']), d3: await save('D-3', []) };
  });
  afterAll(() => t.cleanup());

  const post = <T>(url: string, payload: Record<string, unknown>, token = adminToken) => call<T>(t.app, { method: 'POST', url: `/api${url}`, headers: { token }, payload });
  const get = <T>(url: string, token = adminToken) => call<T>(t.app, { method: 'GET', url: `/api${url}`, headers: { token } });
  const bookDesk = async (deskId: number, date: string, part: string, token = bookerToken) => {
    const answer = await post<DeskBooking>('/desk/book', { deskId, date, part }, token);
    expect(answer.status, answer.body.message).toBe(200);
    return answer.body.result;
  };
  const report = (payload: Record<string, unknown>, token = adminToken) => post<RepairReportDetail>('/repair/report', payload, token);
  const setStatus = (id: number, status: string, note?: string) => post<RepairReportDetail>('/repair/report/status', { id, status, note });
  const closedReasonOf = async (deskId: number, date: string) =>
    (await get<DeskAvailability>(`/desk/availability?floorId=${floorId}&date=${date}`, bookerToken)).body.result.desks.find((desk) => desk.id === deskId)?.closedReason;

  it('a report that blocks a desk moves its bookings to a comparable free desk or cancels them, tells the booker, and resolving gives the desk back', async () => {
    const tuesday = await bookDesk(desks.d1!, TUESDAY, 'day');
    const wednesday = await bookDesk(desks.d1!, WEDNESDAY, 'am');
    // D-2 (it has a monitor too) is taken on Tuesday morning; D-3 has no monitor: Tuesday's day has nowhere to go.
    await bookDesk(desks.d2!, TUESDAY, 'am', memberToken);

    const filed = await report({ kind: 'desk', targetId: desks.d1, title: 'Monitor is broken', description: 'No picture at all', blocksUse: true });
    expect([filed.status, filed.body.message]).toEqual([200, formatMessage('repairReported', 'en-US')]);
    const detail = filed.body.result;
    expect(detail).toMatchObject({ title: 'Monitor is broken', blocksUse: true, status: 'open', target: { kind: 'desk', id: desks.d1, name: 'D-1' } });
    expect(detail.target.place).toContain('Floor 3');
    expect(detail.moves.map((move) => [move.reservationId, move.fromName, move.toName, move.personName])).toEqual([
      [tuesday.id, 'D-1', null, 'Bo Booker'],
      [wednesday.id, 'D-1', 'D-2', 'Bo Booker'],
    ]);
    const mine = (await get<DeskBooking[]>('/desk/booking/mine', bookerToken)).body.result;
    expect(mine.map((booking) => [booking.id, booking.deskNumber, booking.startAt])).toEqual([[wednesday.id, 'D-2', at(WEDNESDAY, '08:00')]]);

    // The booker is told of both, in the console.
    const told = (await get<NotificationPage>('/notification/list', bookerToken)).body.result.list;
    expect(told.map((note) => [note.event, note.params.title, note.params.place, note.params.reason]).sort()).toEqual([
      ['deskCancelled', 'D-1', 'D-1', 'Monitor is broken'],
      ['deskMoved', 'D-1', 'D-2', 'Monitor is broken'],
    ]);

    // Out of use: shown so, refused, and not counted bookable on the desk console.
    expect(await closedReasonOf(desks.d1!, WEDNESDAY)).toBe('repair');
    const today = await get<{ bookable: number }>(`/desk/monitoring/today?floorId=${floorId}`);
    expect([today.status, today.body.result.bookable]).toEqual([200, 2]);
    const live = await get<{ desks: Array<{ id: number; state: string }> }>(`/desk/live?floorId=${floorId}`);
    expect(live.body.result.desks.find((desk) => desk.id === desks.d1)?.state).toBe('closed');
    const refused = await post('/desk/book', { deskId: desks.d1, date: '2026-11-26', part: 'day' }, bookerToken);
    expect([refused.status, refused.body.message]).toEqual([422, formatMessage('deskUnderRepair', 'en-US', { number: 'D-1' })]);

    // In progress keeps it out; resolved gives it back.
    expect((await setStatus(detail.id, 'in_progress')).body.result.status).toBe('in_progress');
    expect(await closedReasonOf(desks.d1!, WEDNESDAY)).toBe('repair');
    const resolved = await setStatus(detail.id, 'resolved', 'New monitor fitted');
    expect([resolved.status, resolved.body.result.status, resolved.body.result.resolvedAt]).toEqual([200, 'resolved', t.clock.now()]);
    expect(resolved.body.result.events.map((event) => [event.status, event.note, event.byName])).toEqual([
      ['open', 'No picture at all', expect.any(String)],
      ['in_progress', null, expect.any(String)],
      ['resolved', 'New monitor fitted', expect.any(String)],
    ]);
    expect(await closedReasonOf(desks.d1!, WEDNESDAY)).toBeNull();
    await bookDesk(desks.d1!, '2026-11-26', 'day');

    // The same status again, and anything after closing, are refused.
    expect((await setStatus(detail.id, 'resolved')).body.message).toBe(formatMessage('repairStatusUnchanged', 'en-US'));
    expect((await setStatus(detail.id, 'closed')).status).toBe(200);
    const after = await setStatus(detail.id, 'open');
    expect([after.status, after.body.message]).toEqual([422, formatMessage('repairClosed', 'en-US')]);
  });

  it('a blocked room: its meeting moves to a free room of the building with room for its people; none left: cancelled', async () => {
    const meeting = async (title: string, startAt: number, participants: Array<{ userId: number }> = []) => {
      const answer = await post<{ id: number }>('/meeting/reservation', { roomId: rooms.broken, title, startAt, endAt: startAt + HOUR, participants }, bookerToken);
      expect(answer.status, answer.body.message).toBe(200);
      return answer.body.result.id;
    };
    const big = await meeting('Planning', at(TUESDAY, '10:00'), [{ userId: (await t.factories.user(companyId, { firstName: 'Pat' })).id }, { userId: (await t.factories.user(companyId, { firstName: 'Sam' })).id }]);
    // The spare room is taken at 14:00; the phone booth seats two: a meeting of one fits there.
    const spareTaken = await post<{ id: number }>('/meeting/reservation', { roomId: rooms.spare, title: 'Other', startAt: at(TUESDAY, '14:00'), endAt: at(TUESDAY, '15:00') }, memberToken);
    expect(spareTaken.status).toBe(200);
    const small = await meeting('One to one', at(TUESDAY, '14:00'));

    const filed = await report({ kind: 'room', targetId: rooms.broken, title: 'Projector smoke', blocksUse: true });
    expect(filed.status, filed.body.message).toBe(200);
    expect(filed.body.result.moves.map((move) => [move.reservationId, move.toName])).toEqual([
      [big, 'Spare room'],
      [small, 'Phone booth'],
    ]);
    const moved = await get<{ roomId: number; status: string }>(`/meeting/reservation?id=${big}`, bookerToken);
    expect([moved.status, moved.body.result.roomId, moved.body.result.status]).toEqual([200, rooms.spare, 'confirmed']);

    // The room is out of use from now on.
    const refused = await post('/meeting/reservation', { roomId: rooms.broken, title: 'Later', startAt: at(WEDNESDAY, '10:00'), endAt: at(WEDNESDAY, '11:00') }, bookerToken);
    expect(refused.status).toBe(422);

    // Unblocking (the report stays open) gives it back.
    const unblocked = await post<RepairReportDetail>('/repair/report/update', { id: filed.body.result.id, blocksUse: false });
    expect([unblocked.status, unblocked.body.result.blocksUse, unblocked.body.result.status]).toEqual([200, false, 'open']);
    const later = await post('/meeting/reservation', { roomId: rooms.broken, title: 'Later', startAt: at(WEDNESDAY, '10:00'), endAt: at(WEDNESDAY, '11:00') }, bookerToken);
    expect(later.status, later.body.message).toBe(200);

    // Blocked again with every room of the building taken at that hour: the meeting is cancelled.
    for (const roomId of [rooms.spare, rooms.tiny]) {
      expect((await post('/meeting/reservation', { roomId, title: 'Busy', startAt: at(WEDNESDAY, '10:00'), endAt: at(WEDNESDAY, '11:00') }, memberToken)).status).toBe(200);
    }
    const again = await post<RepairReportDetail>('/repair/report/update', { id: filed.body.result.id, blocksUse: true });
    expect(again.body.result.moves.filter((move) => move.toName === null).map((move) => move.fromName)).toEqual(['Broken room']);
  });

  it('a report that blocks an asset puts it in repair, checked in from its desk; resolving makes it ready again', async () => {
    const category = await post<{ id: number }>('/asset/category/add', { parentId: null, name: 'Monitors' });
    const model = await post<{ id: number }>('/asset/model/save', { categoryId: category.body.result.id, name: 'Dell U2723QE' });
    const asset = await post<{ id: number; status: string }>('/asset/save', { tag: 'FIX-0001', modelId: model.body.result.id, locationId: floorId });
    expect(asset.status, asset.body.message).toBe(200);
    const assetId = asset.body.result.id;
    expect((await post<{ status: string }>('/asset/checkout', { id: assetId, targetKind: 'desk', targetId: desks.d3 })).body.result.status).toBe('deployed');
    const statusOf = async () => (await get<{ status: string }>(`/asset/detail?id=${assetId}`)).body.result.status;

    // Found by its tag among the targets, with its model and place.
    const found = (await get<RepairTarget[]>('/repair/targets?keyword=FIX-0001', bookerToken)).body.result;
    expect(found).toEqual([{ kind: 'asset', id: assetId, name: 'FIX-0001 · Dell U2723QE', place: expect.stringContaining('Floor 3') }]);
    // A plain report leaves it deployed; one that blocks use puts it in repair.
    const plain = await report({ kind: 'asset', targetId: assetId, title: 'Scratched stand' }, bookerToken);
    expect([plain.status, plain.body.result.target.kind, await statusOf()]).toEqual([200, 'asset', 'deployed']);
    const filed = await report({ kind: 'asset', targetId: assetId, title: 'Dead pixels', blocksUse: true });
    expect([filed.status, filed.body.result.moves, await statusOf()]).toEqual([200, [], 'in_repair']);
    // The list filters by kind and finds it by the tag.
    expect((await get<RepairPage>('/repair/reports?kind=asset')).body.result.list.map((item) => item.title)).toEqual(['Dead pixels', 'Scratched stand']);
    expect((await get<RepairPage>('/repair/reports?keyword=fix-0001')).body.result.total).toBe(2);
    expect((await setStatus(filed.body.result.id, 'resolved', 'Panel replaced')).status).toBe(200);
    expect(await statusOf()).toBe('ready');
    // Another company's asset is no target.
    expect((await report({ kind: 'asset', targetId: assetId, title: 'Not ours' }, foreignToken)).status).toBe(404);
  });

  it('anyone reports (only the repair area blocks use), reads their own report and adds photos; the list is the repair area\'s', async () => {
    const refused = await report({ kind: 'desk', targetId: desks.d3, title: 'Wobbly', blocksUse: true }, bookerToken);
    expect([refused.status, refused.body.returncode, refused.body.message]).toEqual([403, ReturnCode.NO_PERMISSION, formatMessage('repairBlockNotAllowed', 'en-US')]);
    const filed = await report({ kind: 'desk', targetId: desks.d3, title: 'Wobbly leg' }, bookerToken);
    expect([filed.status, filed.body.result.blocksUse, filed.body.result.reportedBy?.name]).toEqual([200, false, 'Bo Booker']);
    const id = filed.body.result.id;
    expect((await get<RepairReportDetail>(`/repair/report?id=${id}`, bookerToken)).status).toBe(200);
    expect((await get(`/repair/report?id=${id}`, memberToken)).status).toBe(404);
    expect((await get(`/repair/report?id=${id}`, foreignToken)).status).toBe(404);
    expect((await get('/repair/reports', bookerToken)).status).toBe(403);
    expect((await post('/repair/report/status', { id, status: 'resolved' }, bookerToken)).status).toBe(403);

    // A photo: an image by its content, re-encoded; anything else 415; another colleague 404 (they cannot read it).
    const upload = (content: Buffer, token: string, name = 'leg.png') =>
      call<RepairReportDetail>(t.app, { method: 'POST', url: '/api/repair/photo', headers: { token, ...MULTIPART_HEADERS }, payload: multipartForm({ reportId: String(id) }, { name, content, contentType: 'image/png' }) });
    const added = await upload(PNG_BYTES, bookerToken);
    expect([added.status, added.body.result.photoIds.length]).toEqual([200, 1]);
    const photo = await t.app.inject({ method: 'GET', url: `/api/repair/photo?id=${added.body.result.photoIds[0]}`, headers: { token: adminToken } });
    expect([photo.statusCode, photo.headers['content-type'], photo.headers['x-content-type-options']]).toEqual([200, 'image/png', 'nosniff']);
    expect((await t.app.inject({ method: 'GET', url: `/api/repair/photo?id=${added.body.result.photoIds[0]}`, headers: { token: memberToken } })).statusCode).toBe(404);
    expect((await upload(Buffer.from('<html><script>alert(1)</script></html>'), bookerToken, 'x.png')).status).toBe(415);
    expect((await upload(PNG_BYTES, memberToken)).status).toBe(404);

    // Targets: desks and rooms by name or place; none of another company's.
    const targets = (await get<RepairTarget[]>('/repair/targets?keyword=room', bookerToken)).body.result;
    expect(targets.map((target) => target.name)).toEqual(expect.arrayContaining(['Broken room', 'Spare room', 'Far room']));
    expect((await get<RepairTarget[]>('/repair/targets?keyword=D-', foreignToken)).body.result).toEqual([]);
    expect((await report({ kind: 'desk', targetId: desks.d3, title: 'Not ours' }, foreignToken)).status).toBe(404);
    expect((await report({ kind: 'room', targetId: desks.d3, title: 'A desk is no room' })).status).toBe(404);

    // The list: filters by status, kind and keyword (the desk's name or the title).
    const list = async (query: string) => (await get<RepairPage>(`/repair/reports?${query}`)).body.result;
    expect((await list('kind=desk&status=open')).list.map((item) => item.title)).toEqual(['Wobbly leg']);
    expect((await list('keyword=D-3')).list.map((item) => item.title)).toEqual(['Wobbly leg']);
    expect((await list('keyword=projector')).list.map((item) => item.title)).toEqual(['Projector smoke']);
    expect((await list('blocking=true')).total).toBe(3);
    expect((await get<RepairPage>('/repair/reports', foreignToken)).body.result.total).toBe(0);
  });
});
