import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, type OnSiteList, type PlaceReceptionist, type Visit, type VisitPage } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import type { TestUser } from '../../test/factories.js';
import { LOCATION_LEVEL } from '../location/location.repository.js';

const HOUR = 3_600_000;

describe(`visitors: receptionists per place (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let adminToken: string;
  let receptionist: TestUser;
  let receptionToken: string;
  let plainReceptionToken: string;
  let hostToken: string;
  let host: TestUser;
  let london: number;
  let londonFloor: number;
  let shanghaiFloor: number;
  let reasonId: number;
  let foreignLocation: number;
  const visits: Record<'london' | 'londonFloor' | 'shanghai' | 'ownAtShanghai', number> = { london: 0, londonFloor: 0, shanghai: 0, ownAtShanghai: 0 };

  function get<T>(url: string, token = adminToken) {
    return call<T>(t.app, { method: 'GET', url: `/api${url}`, headers: { token } });
  }
  function post<T = null>(url: string, payload: Record<string, unknown>, token = adminToken) {
    return call<T>(t.app, { method: 'POST', url: `/api${url}`, headers: { token }, payload });
  }
  const invite = async (name: string, locationId: number, hostId: number, token = adminToken) => {
    const answer = await post<{ id: number }>('/visitor/invite', { visitor: { name, phone: '+44 20 7946 0001' }, reasonId, hostId, locationId, visitAt: t.clock.now() + HOUR, expectedEndAt: t.clock.now() + 3 * HOUR }, token);
    expect(answer.status, answer.body.message).toBe(200);
    return answer.body.result.id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.factories.companyWithAdmin('Two Offices Co');
    adminToken = await t.factories.session(a.admin);
    const reception = ['visitorDisplay:edit', 'records:view', 'events:view'] as const;
    receptionist = await t.factories.user(a.company.id, { permissions: [...reception], firstName: 'Lena', lastName: 'London' });
    receptionToken = await t.factories.session(receptionist);
    plainReceptionToken = await t.factories.session(await t.factories.user(a.company.id, { permissions: [...reception], firstName: 'Rory', lastName: 'Roaming' }));
    host = await t.factories.user(a.company.id, { permissions: ['events:view', 'records:view'], firstName: 'Hugo', lastName: 'Host' });
    hostToken = await t.factories.session(host);
    london = await t.factories.location({ companyId: a.company.id, level: LOCATION_LEVEL.building, name: 'London', timeZone: 'Europe/London' });
    londonFloor = await t.factories.location({ companyId: a.company.id, parentId: london, level: LOCATION_LEVEL.floor, name: 'London 2F' });
    const shanghai = await t.factories.location({ companyId: a.company.id, level: LOCATION_LEVEL.building, name: 'Shanghai', timeZone: 'Asia/Shanghai' });
    shanghaiFloor = await t.factories.location({ companyId: a.company.id, parentId: shanghai, level: LOCATION_LEVEL.floor, name: 'Shanghai 8F' });
    reasonId = (await post<{ id: number }>('/visitor/reason/add', { name: 'Meeting' })).body.result.id;
    visits.london = await invite('Liam Lobby', london, host.id);
    visits.londonFloor = await invite('Fiona Floor', londonFloor, host.id);
    visits.shanghai = await invite('Sun Shanghai', shanghaiFloor, host.id);
    visits.ownAtShanghai = await invite('Oscar Own', shanghaiFloor, receptionist.id);
    const b = await t.factories.companyWithAdmin('Elsewhere Co');
    foreignLocation = await t.factories.location({ companyId: b.company.id, level: LOCATION_LEVEL.building, name: 'Far away' });
  });
  afterAll(() => t.cleanup());

  const names = (page: VisitPage) => page.list.map((visit) => visit.visitorName).sort();

  it('assigns receptionists to a place: colleagues with the reception area only, of the company', async () => {
    const saved = await post<PlaceReceptionist[]>('/visitor/place/receptionists', { locationId: london, userIds: [receptionist.id, receptionist.id] });
    expect([saved.status, saved.body.message]).toEqual([200, formatMessage('visitorReceptionistsSaved', 'en-US')]);
    expect(saved.body.result).toEqual([{ id: receptionist.id, fullName: 'Lena London' }]);
    expect((await get<PlaceReceptionist[]>(`/visitor/place/receptionists?locationId=${london}`)).body.result).toEqual([{ id: receptionist.id, fullName: 'Lena London' }]);
    expect((await get<PlaceReceptionist[]>(`/visitor/place/receptionists?locationId=${shanghaiFloor}`)).body.result).toEqual([]);

    const withoutArea = await post('/visitor/place/receptionists', { locationId: london, userIds: [receptionist.id, host.id] });
    expect([withoutArea.status, withoutArea.body.message]).toEqual([422, formatMessage('visitorReceptionistWithoutArea', 'en-US', { name: 'Hugo Host' })]);
    expect((await post('/visitor/place/receptionists', { locationId: london, userIds: [999_999] })).status).toBe(404);
    expect((await post('/visitor/place/receptionists', { locationId: foreignLocation, userIds: [] })).status).toBe(404);
    // Reception itself does not hand out places: that is the places area's.
    expect((await post('/visitor/place/receptionists', { locationId: london, userIds: [] }, receptionToken)).status).toBe(403);
    // The refused changes left the list as it was.
    expect((await get<PlaceReceptionist[]>(`/visitor/place/receptionists?locationId=${london}`)).body.result.map((person) => person.id)).toEqual([receptionist.id]);
  });

  it("shows a receptionist their places' visits (a building's floors included) and their own, and no other", async () => {
    expect(names((await get<VisitPage>('/visitor/list', receptionToken)).body.result)).toEqual(['Fiona Floor', 'Liam Lobby', 'Oscar Own']);
    // A receptionist of no place in particular, and the administrator, read the company's.
    expect(names((await get<VisitPage>('/visitor/list', plainReceptionToken)).body.result)).toHaveLength(4);
    expect(names((await get<VisitPage>('/visitor/list')).body.result)).toHaveLength(4);

    // Another place's visit is unknown to them, for every reception act.
    expect((await get(`/visitor/detail?id=${visits.shanghai}`, receptionToken)).status).toBe(404);
    expect((await get(`/visitor/badge?id=${visits.shanghai}`, receptionToken)).status).toBe(404);
    expect((await post('/visitor/check-in', { id: visits.shanghai }, receptionToken)).status).toBe(404);
    expect((await post('/visitor/cancel', { id: visits.shanghai }, receptionToken)).status).toBe(404);
    expect((await get<Visit>(`/visitor/detail?id=${visits.londonFloor}`, receptionToken)).body.result.visitorName).toBe('Fiona Floor');
    const badge = await t.app.inject({ method: 'GET', url: `/api/visitor/badge?id=${visits.londonFloor}`, headers: { token: receptionToken } });
    expect(badge.headers['content-type']).toBe('application/pdf');

    // The export holds what the list holds.
    const csv = await t.app.inject({ method: 'GET', url: '/api/visitor/export?format=csv', headers: { token: receptionToken } });
    expect(csv.payload).toContain('Liam Lobby');
    expect(csv.payload).not.toContain('Sun Shanghai');
  });

  it("gives a receptionist the muster list of their places only", async () => {
    for (const id of [visits.london, visits.shanghai, visits.ownAtShanghai]) expect((await post('/visitor/check-in', { id })).status).toBe(200);
    const mine = (await get<OnSiteList>('/visitor/on-site', receptionToken)).body.result;
    expect(mine.visits.map((visit) => visit.visitorName)).toEqual(['Liam Lobby']);
    expect(mine.totalPeople).toBe(1);
    expect((await get<OnSiteList>('/visitor/on-site', plainReceptionToken)).body.result.visits.map((visit) => visit.visitorName).sort()).toEqual(['Liam Lobby', 'Oscar Own', 'Sun Shanghai']);
  });

  it('reads the company again once their places are taken away', async () => {
    expect((await post('/visitor/place/receptionists', { locationId: london, userIds: [] })).status).toBe(200);
    expect(names((await get<VisitPage>('/visitor/list', receptionToken)).body.result)).toHaveLength(4);
    // Given another place, they read that one's.
    await post('/visitor/place/receptionists', { locationId: shanghaiFloor, userIds: [receptionist.id] });
    expect(names((await get<VisitPage>('/visitor/list', receptionToken)).body.result)).toEqual(['Oscar Own', 'Sun Shanghai']);
    expect((await get(`/visitor/detail?id=${visits.london}`, receptionToken)).status).toBe(404);
    // A host is untouched by any of it: their own visitors.
    expect(names((await get<VisitPage>('/visitor/list', hostToken)).body.result)).toEqual(['Fiona Floor', 'Liam Lobby', 'Sun Shanghai']);
  });
});
