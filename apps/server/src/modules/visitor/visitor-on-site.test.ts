import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReturnCode, type OnSiteList } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import type { TestUser } from '../../test/factories.js';
import { LOCATION_LEVEL } from '../location/location.repository.js';

const HOUR = 3_600_000;

describe(`visitors: on site now, the muster list (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let adminToken: string;
  let receptionToken: string;
  let hostToken: string;
  let host: TestUser;
  let harbour: number;
  let lobby: number;
  let roof: number;
  let quay: number;
  let reasonId: number;
  let foreignLocation: number;

  const post = <T = { id: number }>(url: string, payload: Record<string, unknown>, token = adminToken) =>
    call<T>(t.app, { method: 'POST', url: `/api/visitor/${url}`, headers: { token }, payload });
  const onSite = (query = '', token = receptionToken) => call<OnSiteList>(t.app, { method: 'GET', url: `/api/visitor/on-site${query}`, headers: { token } });
  /** Invites a visitor due within the hour (so check-in is open) at `locationId`; the visit's id. */
  const invite = async (name: string, locationId: number, extra: Record<string, unknown> = {}) => {
    const email = `${name.toLowerCase().replace(/\s+/g, '.')}@guest.test`;
    const answer = await post('invite', { visitor: { name, email, company: 'Guest Ltd' }, reasonId, hostId: host.id, locationId, visitAt: t.clock.now() + HOUR, expectedEndAt: t.clock.now() + 3 * HOUR, ...extra });
    expect(answer.status, answer.body.message).toBe(200);
    return answer.body.result.id;
  };
  const checkIn = async (id: number) => expect((await post('check-in', { id })).status).toBe(200);

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.factories.companyWithAdmin('Muster Co');
    adminToken = await t.factories.session(a.admin);
    // Reception reads the list with visitor display view alone; a host with the records area may not.
    receptionToken = await t.factories.session(await t.factories.user(a.company.id, { permissions: ['visitorDisplay:view'] }));
    host = await t.factories.user(a.company.id, { permissions: ['events:view', 'records:view'], firstName: 'Hana', lastName: 'Host' });
    hostToken = await t.factories.session(host);
    harbour = await t.factories.location({ companyId: a.company.id, level: LOCATION_LEVEL.building, name: 'Harbour House', timeZone: 'Europe/London' });
    lobby = await t.factories.location({ companyId: a.company.id, parentId: harbour, level: LOCATION_LEVEL.floor, name: 'Lobby' });
    roof = await t.factories.location({ companyId: a.company.id, parentId: harbour, level: LOCATION_LEVEL.floor, name: 'Roof terrace' });
    quay = await t.factories.location({ companyId: a.company.id, level: LOCATION_LEVEL.building, name: 'Quay Works', timeZone: 'Asia/Shanghai' });
    reasonId = (await post('reason/add', { name: 'Meeting' })).body.result.id;

    // Another company's visitor, checked in: never on A's list.
    const b = await t.factories.companyWithAdmin('Other Muster Co');
    const bToken = await t.factories.session(b.admin);
    foreignLocation = await t.factories.location({ companyId: b.company.id, level: LOCATION_LEVEL.building, name: 'Bravo Tower', timeZone: 'Asia/Shanghai' });
    const bReason = (await post('reason/add', { name: 'Audit' }, bToken)).body.result.id;
    const bVisit = await post(
      'invite',
      { visitor: { name: 'Bruno Bravo', email: 'bruno@bravo.test' }, reasonId: bReason, hostId: b.admin.id, locationId: foreignLocation, visitAt: t.clock.now() + HOUR, expectedEndAt: t.clock.now() + 3 * HOUR },
      bToken,
    );
    expect(bVisit.status, bVisit.body.message).toBe(200);
    expect((await post('check-in', { id: bVisit.body.result.id }, bToken)).status).toBe(200);

    // A's visits: on site at each place, and those who are not (left, cancelled, not yet arrived).
    await checkIn(await invite('Zoe Lobby', lobby));
    await checkIn(await invite('group Lead', lobby, { type: 'group', companions: [{ name: 'Carl Companion', phone: '+44 20 7946 0000' }, { name: 'Cleo Companion', phone: '+44 20 7946 0001' }] }));
    await checkIn(await invite('Rita Roof', roof));
    await checkIn(await invite('Hugo Harbour', harbour, { visitor: { name: 'Hugo Harbour', email: 'hugo@guest.test', isVip: true } }));
    await checkIn(await invite('Quentin Quay', quay));
    const left = await invite('Lena Left', lobby);
    await checkIn(left);
    expect((await post('check-out', { id: left })).status).toBe(200);
    await post('cancel', { id: await invite('Carla Cancelled', lobby) });
    await invite('Nadia Notyet', lobby);
  });
  afterAll(() => t.cleanup());

  it("lists the company's visitors checked in and not out, by building, location and name, counting companions", async () => {
    const answer = await onSite();
    expect(answer.status, answer.body.message).toBe(200);
    const list = answer.body.result;
    expect(list.generatedAt).toBe(t.clock.now());
    // The building itself before its floors; a visitor name's case does not change the order.
    expect(list.visits.map((visit) => [visit.location?.buildingName ?? null, visit.location?.name, visit.visitorName])).toEqual([
      [null, 'Harbour House', 'Hugo Harbour'],
      ['Harbour House', 'Lobby', 'group Lead'],
      ['Harbour House', 'Lobby', 'Zoe Lobby'],
      ['Harbour House', 'Roof terrace', 'Rita Roof'],
      [null, 'Quay Works', 'Quentin Quay'],
    ]);
    expect(list.totalPeople).toBe(7);
    const group = list.visits.find((visit) => visit.visitorName === 'group Lead')!;
    // Names only: a muster list, not the visitors' contact details.
    expect(group).toEqual({
      id: group.id,
      visitorName: 'group Lead',
      visitorCompany: 'Guest Ltd',
      companions: [{ name: 'Carl Companion' }, { name: 'Cleo Companion' }],
      isVip: false,
      host: { id: host.id, name: 'Hana Host' },
      location: { id: lobby, name: 'Lobby', buildingName: 'Harbour House', timeZone: 'Europe/London' },
      checkedInAt: t.clock.now(),
      expectedEndAt: t.clock.now() + 3 * HOUR,
    });
    expect(list.visits.find((visit) => visit.visitorName === 'Hugo Harbour')?.isVip).toBe(true);
    expect(JSON.stringify(list)).not.toContain('Bruno Bravo');
  });

  it('narrows to a building with its floors, or to one floor; another company\'s location matches nothing', async () => {
    const names = async (locationId: number) => (await onSite(`?locationId=${locationId}`)).body.result;
    const building = await names(harbour);
    expect(building.visits.map((visit) => visit.visitorName)).toEqual(['Hugo Harbour', 'group Lead', 'Zoe Lobby', 'Rita Roof']);
    expect(building.totalPeople).toBe(6);
    const floor = await names(lobby);
    expect([floor.visits.map((visit) => visit.visitorName), floor.totalPeople]).toEqual([['group Lead', 'Zoe Lobby'], 4]);
    expect(await names(foreignLocation)).toEqual({ generatedAt: t.clock.now(), totalPeople: 0, visits: [] });
    expect((await onSite('?locationId=abc')).status).toBe(400);
  });

  it('is for reception and administrators: a host without visitor display view is refused, and no session is 401', async () => {
    expect((await onSite('', adminToken)).status).toBe(200);
    const refused = await onSite('', hostToken);
    expect([refused.status, refused.body.returncode]).toEqual([403, ReturnCode.NO_PERMISSION]);
    expect((await call(t.app, { method: 'GET', url: '/api/visitor/on-site' })).status).toBe(401);
  });

  it('drops a visitor once checked out', async () => {
    const before = (await onSite(`?locationId=${quay}`)).body.result.visits;
    expect((await post('check-out', { id: before[0]!.id })).status).toBe(200);
    expect((await onSite(`?locationId=${quay}`)).body.result).toEqual({ generatedAt: t.clock.now(), totalPeople: 0, visits: [] });
  });
});
