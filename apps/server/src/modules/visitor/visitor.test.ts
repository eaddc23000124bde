import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, fromZoned, localDateTime, ReturnCode, type Lang, type OperationLogEntry, type Page, type Visit, type VisitPage, type VisitReason } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import type { TestUser } from '../../test/factories.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { LOCATION_LEVEL } from '../location/location.repository.js';
import { createVisitorRepository } from './visitor.repository.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe(`visitors: reasons and invitations (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let adminToken: string;
  let hostToken: string;
  let otherHostToken: string;
  let receptionToken: string;
  let host: TestUser;
  let otherHost: TestUser;
  let inactive: TestUser;
  let lobby: number;
  let reasonId: number;
  let foreignLocation: number;
  let foreignReason: number;
  let foreignHost: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.factories.companyWithAdmin('Visit Co');
    admin = a.admin;
    adminToken = await t.factories.session(admin);
    host = await t.factories.user(a.company.id, { permissions: ['events:view', 'records:view'], firstName: 'Hana', lastName: 'Host' });
    hostToken = await t.factories.session(host);
    otherHost = await t.factories.user(a.company.id, { permissions: ['events:view', 'records:view'], firstName: 'Otto', lastName: 'Other' });
    otherHostToken = await t.factories.session(otherHost);
    receptionToken = await t.factories.session(await t.factories.user(a.company.id, { permissions: ['visitorDisplay:view', 'records:view', 'events:view'] }));
    inactive = await t.factories.user(a.company.id, { isActive: false });
    const building = await t.factories.location({ companyId: a.company.id, level: LOCATION_LEVEL.building, name: 'Harbour House', timeZone: 'Europe/London' });
    lobby = await t.factories.location({ companyId: a.company.id, parentId: building, level: LOCATION_LEVEL.floor, name: 'Lobby' });

    // Another company's records, which A's calls must not reach.
    const b = await t.factories.companyWithAdmin('Other Visit Co');
    foreignHost = b.admin;
    foreignLocation = await t.factories.location({ companyId: b.company.id, level: LOCATION_LEVEL.building, name: 'Bravo Tower', timeZone: 'Asia/Shanghai' });
    const bToken = await t.factories.session(b.admin);
    foreignReason = (await call<{ id: number }>(t.app, { method: 'POST', url: '/api/visitor/reason/add', headers: { token: bToken }, payload: { name: 'Audit' } })).body.result.id;
  });
  afterAll(() => t.cleanup());

  const post = <T = { id: number }>(url: string, payload: Record<string, unknown>, token = adminToken, lang: Lang = 'en-US') =>
    call<T>(t.app, { method: 'POST', url: `/api/visitor/${url}`, headers: { token, lang }, payload });
  const reasons = (token = adminToken) => call<VisitReason[]>(t.app, { method: 'GET', url: '/api/visitor/reason/list', headers: { token } });
  const list = (query = '', token = adminToken) => call<VisitPage>(t.app, { method: 'GET', url: `/api/visitor/list?pageSize=50${query}`, headers: { token } });
  const invitation = (overrides: Record<string, unknown> = {}) => ({
    visitor: { name: 'Vera Visitor', email: 'vera@guest.test', company: 'Guest Ltd' },
    reasonId,
    hostId: host.id,
    locationId: lobby,
    visitAt: t.clock.now() + DAY,
    expectedEndAt: t.clock.now() + DAY + 2 * HOUR,
    ...overrides,
  });

  it('keeps visit reasons not empty and unique regardless of case and spaces, renames and deletes them, in the operation log', async () => {
    const added = await post('reason/add', { name: 'Interview' });
    expect([added.status, added.body.message]).toEqual([200, formatMessage('visitReasonAdded', 'en-US')]);
    reasonId = added.body.result.id;
    await post('reason/add', { name: 'Delivery' });
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const again = await post('reason/add', { name: '  interVIEW ' }, adminToken, lang);
      expect([again.status, again.body.returncode, again.body.message]).toEqual([422, ReturnCode.REFUSED, formatMessage('visitReasonTaken', lang, { name: 'interVIEW' })]);
    }
    expect((await post('reason/add', { name: '   ' })).status).toBe(400);
    // Five adds of one new name at once: one wins, the others hear why.
    const race = await Promise.all(Array.from({ length: 5 }, () => post('reason/add', { name: 'Contractor' })));
    expect(race.map((answer) => answer.status).sort()).toEqual([200, 422, 422, 422, 422]);
    // Behind the service's check, the database itself refuses a second name of the same key (two
    // processes checking at once): a unique violation, which the service answers as the check does.
    const repository = createVisitorRepository(t.db.kysely);
    const error = await repository.insertReason(host.companyId, ' CONTRACTOR', t.clock.now()).catch((caught: unknown) => caught);
    expect(isUniqueViolation(error)).toBe(true);
    await post('reason/delete', { id: race.find((answer) => answer.status === 200)!.body.result.id });
    const delivery = (await reasons()).body.result.find((reason) => reason.name === 'Delivery')!;
    expect((await post('reason/update', { id: delivery.id, name: 'interview' })).status).toBe(422);
    expect((await post('reason/update', { id: delivery.id, name: 'Parcel delivery' })).body.message).toBe(formatMessage('visitReasonUpdated', 'en-US'));
    // Any colleague reads them (the invite form offers them), by name; only visitor display edit changes them.
    expect((await reasons(hostToken)).body.result.map((reason) => reason.name)).toEqual(['Interview', 'Parcel delivery']);
    expect((await post('reason/add', { name: 'Probe' }, receptionToken)).status).toBe(403);
    expect((await post('reason/delete', { id: delivery.id })).body.message).toBe(formatMessage('visitReasonDeleted', 'en-US'));
    expect((await post('reason/delete', { id: delivery.id })).status).toBe(404);
    // Another company's reason is unknown here.
    expect((await post('reason/update', { id: foreignReason, name: 'Mine now' })).status).toBe(404);
    const log = await call<Page<OperationLogEntry>>(t.app, { method: 'GET', url: '/api/operation-log/list?pageSize=15', headers: { token: adminToken } });
    expect(
      log.body.result.list
        .filter((entry) => entry.action.startsWith('visitReason.') && entry.targetName !== 'Contractor')
        .map((entry) => [entry.action, entry.targetName, entry.result])
        .reverse(),
    ).toEqual([
      ['visitReason.create', 'Interview', 'success'],
      ['visitReason.create', 'Delivery', 'success'],
      ['visitReason.create', 'interVIEW', 'failure'],
      ['visitReason.create', 'interVIEW', 'failure'],
      ['visitReason.update', 'interview', 'failure'],
      ['visitReason.update', 'Parcel delivery', 'success'],
      ['visitReason.delete', 'Parcel delivery', 'success'],
    ]);
  });

  it('offers the invite form its hosts (active colleagues) and places (buildings, then their floors)', async () => {
    const hosts = await call<{ id: number; fullName: string }[]>(t.app, { method: 'GET', url: '/api/visitor/hosts?keyword=hana', headers: { token: hostToken } });
    expect(hosts.body.result.map((person) => person.fullName)).toEqual(['Hana Host']);
    const everyone = await call<{ id: number }[]>(t.app, { method: 'GET', url: '/api/visitor/hosts', headers: { token: hostToken } });
    expect(everyone.body.result.map((person) => person.id)).not.toContain(inactive.id);
    const places = await call<{ id: number; name: string; buildingName: string | null; timeZone: string | null }[]>(t.app, { method: 'GET', url: '/api/visitor/locations', headers: { token: hostToken } });
    expect(places.body.result.map((place) => [place.name, place.buildingName, place.timeZone])).toEqual([
      ['Harbour House', null, 'Europe/London'],
      ['Lobby', 'Harbour House', 'Europe/London'],
    ]);
  });

  it('invites a visitor with companions: the visit reads back whole, not responded, the caller as inviter', async () => {
    const invited = await post('invite', invitation({ type: 'group', companions: [{ name: 'Carl Companion', phone: '+44 20 7946 0000' }, { name: 'Cleo Companion', email: 'cleo@guest.test' }] }), hostToken);
    expect([invited.status, invited.body.message]).toEqual([200, formatMessage('visitInvited', 'en-US')]);
    const detail = await call<Visit>(t.app, { method: 'GET', url: `/api/visitor/detail?id=${invited.body.result.id}`, headers: { token: hostToken } });
    const visit = detail.body.result;
    expect([visit.status, visit.type, visit.method, visit.visitorName, visit.email, visit.phone, visit.visitorCompany, visit.reason, visit.isVip]).toEqual([
      'notResponded', 'group', 'manual', 'Vera Visitor', 'vera@guest.test', null, 'Guest Ltd', 'Interview', false,
    ]);
    expect(visit.companions).toEqual([
      { name: 'Carl Companion', email: null, phone: '+44 20 7946 0000' },
      { name: 'Cleo Companion', email: 'cleo@guest.test', phone: null },
    ]);
    // The floor keeps its building's zone.
    expect([visit.host, visit.inviter, visit.location]).toEqual([{ id: host.id, name: 'Hana Host' }, { id: host.id, name: 'Hana Host' }, { id: lobby, name: 'Lobby', timeZone: 'Europe/London' }]);
  });

  it('refuses a bad invitation with a clear message in both languages', async () => {
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const cases: [Record<string, unknown>, string][] = [
        [invitation({ visitor: { name: 'Nora Nocontact' } }), formatMessage('visitContactMissing', lang, { name: 'Nora Nocontact' })],
        [invitation({ type: 'group', companions: [{ name: 'Twin', email: 'VERA@guest.test' }] }), formatMessage('visitContactRepeated', lang, { value: 'vera@guest.test' })],
        [invitation({ companions: [{ name: 'Tag Along', phone: '+44 20 7946 0001' }] }), formatMessage('visitCompanionsNeedGroup', lang)],
        [invitation({ visitAt: t.clock.now() - HOUR, expectedEndAt: t.clock.now() + HOUR }), formatMessage('visitInPast', lang)],
        [invitation({ expectedEndAt: t.clock.now() + DAY }), formatMessage('visitEndBeforeStart', lang)],
      ];
      for (const [body, message] of cases) {
        const answer = await post('invite', body, hostToken, lang);
        expect([answer.status, answer.body.message]).toEqual([422, message]);
      }
    }
    // Formats and limits are the schema's: a 400 naming the field.
    expect((await post('invite', invitation({ visitor: { name: 'Bad Mail', email: 'not-an-address' } }), hostToken)).status).toBe(400);
    expect((await post('invite', invitation({ visitor: { name: 'Bad Phone', phone: 'call me' } }), hostToken)).status).toBe(400);
    const six = Array.from({ length: 6 }, (_, n) => ({ name: `Guest ${n}`, email: `guest${n}@guest.test` }));
    expect((await post('invite', invitation({ type: 'group', companions: six }), hostToken)).status).toBe(400);
    // Unknown, switched-off or another company's host, location or reason.
    expect((await post('invite', invitation({ hostId: inactive.id }), hostToken)).body.message).toBe(formatMessage('visitHostNotFound', 'en-US'));
    expect((await post('invite', invitation({ hostId: foreignHost.id }), hostToken)).status).toBe(404);
    expect((await post('invite', invitation({ locationId: foreignLocation }), hostToken)).body.message).toBe(formatMessage('visitLocationNotFound', 'en-US'));
    expect((await post('invite', invitation({ reasonId: foreignReason }), hostToken)).body.message).toBe(formatMessage('visitReasonNotFound', 'en-US'));
    // Only the events area invites.
    const recordsOnly = await t.factories.session(await t.factories.user(host.companyId, { permissions: ['records:view'] }));
    expect((await post('invite', invitation(), recordsOnly)).status).toBe(403);
  });

  it('shows hosts their own visits, reception and administrators all of the company, and filters by status, keyword and time', async () => {
    await post('invite', invitation({ visitor: { name: 'Olaf Outsider', phone: '+44 20 7946 0002' }, hostId: otherHost.id }), otherHostToken);
    const names = (page: VisitPage) => page.list.map((visit) => visit.visitorName).sort();
    expect(names((await list('', hostToken)).body.result)).toEqual(['Vera Visitor']);
    expect(names((await list('', otherHostToken)).body.result)).toEqual(['Olaf Outsider']);
    expect(names((await list('', receptionToken)).body.result)).toEqual(['Olaf Outsider', 'Vera Visitor']);
    // The invite page lists one's own invitations, reception's too.
    const mine = (token: string) => call<VisitPage>(t.app, { method: 'GET', url: '/api/visitor/mine?pageSize=50', headers: { token } });
    expect(names((await mine(otherHostToken)).body.result)).toEqual(['Olaf Outsider']);
    expect((await mine(receptionToken)).body.result.total).toBe(0);
    expect(names((await list('&keyword=GUEST%20LTD')).body.result)).toEqual(['Vera Visitor']);
    expect(names((await list(`&locationId=${lobby}&from=${t.clock.now()}&to=${t.clock.now() + 2 * DAY}`)).body.result)).toEqual(['Olaf Outsider', 'Vera Visitor']);
    expect((await list(`&to=${t.clock.now()}`)).body.result.total).toBe(0);
    // Another host's visit is unknown to a host, as an unknown id.
    const olaf = (await list('&keyword=olaf', receptionToken)).body.result.list[0]!;
    expect((await call(t.app, { method: 'GET', url: `/api/visitor/detail?id=${olaf.id}`, headers: { token: hostToken } })).status).toBe(404);
    expect(names((await list('&status=notResponded')).body.result)).toEqual(['Olaf Outsider', 'Vera Visitor']);
    expect((await list('&status=expired')).body.result.total).toBe(0);
  });

  it('cancels a visit once, by its host or reception with edit, and not another host', async () => {
    const vera = (await list('&keyword=vera')).body.result.list[0]!;
    expect((await post('cancel', { id: vera.id }, otherHostToken)).status).toBe(404);
    const cancelled = await post('cancel', { id: vera.id }, hostToken);
    expect([cancelled.status, cancelled.body.message]).toEqual([200, formatMessage('visitCancelled', 'en-US')]);
    expect((await list('&status=cancelled')).body.result.list.map((visit) => [visit.visitorName, visit.cancelledAt])).toEqual([['Vera Visitor', t.clock.now()]]);
    const twice = await post('cancel', { id: vera.id }, hostToken);
    expect([twice.status, twice.body.message]).toEqual([422, formatMessage('visitNotCancellable', 'en-US')]);
    const olaf = (await list('&keyword=olaf')).body.result.list[0]!;
    expect((await post('cancel', { id: olaf.id }, adminToken)).status).toBe(200);
  });

  it('checks a visitor in from two hours before the visit, once, and out once; by the host or reception with edit', async () => {
    const soon = t.clock.now() + 3 * HOUR;
    const { id } = (await post('invite', invitation({ visitor: { name: 'Cara Checkin', email: 'cara@guest.test' }, visitAt: soon, expectedEndAt: soon + 2 * HOUR }), hostToken)).body.result;
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const early = await post('check-in', { id }, hostToken, lang);
      expect([early.status, early.body.message]).toEqual([422, formatMessage('visitCheckInTooEarly', lang, { hours: 2 })]);
    }
    t.clock.advance(HOUR + 1);
    // Another host does not see it; a receptionist with view only may not act on others' visits.
    expect((await post('check-in', { id }, otherHostToken)).status).toBe(404);
    expect((await post('check-in', { id }, receptionToken)).status).toBe(404);
    const checkedIn = await post('check-in', { id }, hostToken);
    expect([checkedIn.status, checkedIn.body.message]).toEqual([200, formatMessage('visitCheckedIn', 'en-US', { name: 'Cara Checkin' })]);
    expect((await post('check-in', { id }, hostToken)).body.message).toBe(formatMessage('visitNotCheckable', 'en-US'));
    expect((await post('cancel', { id }, hostToken)).body.message).toBe(formatMessage('visitNotCancellable', 'en-US'));
    const detail = (await call<Visit>(t.app, { method: 'GET', url: `/api/visitor/detail?id=${id}`, headers: { token: hostToken } })).body.result;
    expect([detail.status, detail.checkedInAt]).toEqual(['checkedIn', t.clock.now()]);
    // Reception with edit checks out anyone's visitor.
    const checkedOut = await post('check-out', { id }, adminToken);
    expect([checkedOut.status, checkedOut.body.message]).toEqual([200, formatMessage('visitCheckedOut', 'en-US', { name: 'Cara Checkin' })]);
    expect((await post('check-out', { id }, adminToken)).body.message).toBe(formatMessage('visitNotCheckedIn', 'en-US'));
    expect((await list('&status=checkedOut')).body.result.list.map((visit) => visit.visitorName)).toContain('Cara Checkin');
    t.clock.advance(-(HOUR + 1));
  });

  it('keeps the reason a visit was made with after the reason is renamed or deleted', async () => {
    const meeting = (await post('reason/add', { name: 'Partner meeting' })).body.result.id;
    const { id } = (await post('invite', invitation({ reasonId: meeting, visitor: { name: 'Pia Partner', email: 'pia@guest.test' } }), hostToken)).body.result;
    await post('reason/update', { id: meeting, name: 'Partner review' });
    await post('reason/delete', { id: meeting });
    const visit = (await call<Visit>(t.app, { method: 'GET', url: `/api/visitor/detail?id=${id}`, headers: { token: hostToken } })).body.result;
    expect([visit.reason, visit.reasonId]).toEqual(['Partner meeting', null]);
  });

  it('lets a visit nobody checked in expire at its expected end, and leaves cancelled ones cancelled', async () => {
    t.clock.advance(2 * DAY);
    // Sessions idle that long have ended: a fresh one.
    const token = await t.factories.session(admin);
    const names = async (status: string) => (await list(`&status=${status}`, token)).body.result.list.map((visit) => visit.visitorName).sort();
    expect(await names('expired')).toEqual(['Pia Partner']);
    expect(await names('cancelled')).toEqual(['Olaf Outsider', 'Vera Visitor']);
    expect(await names('notResponded')).toEqual([]);
    const [pia] = (await list('&keyword=pia', token)).body.result.list;
    expect((await post('cancel', { id: pia!.id }, token)).body.message).toBe(formatMessage('visitNotCancellable', 'en-US'));
  });
  // Last: its visits would show in the lists the tests above read.
  it('invites several visitors at once and repeats a visit weekly or on working days, on the place\'s clock', async () => {
    // The tests above moved the clock on: fresh sessions.
    hostToken = await t.factories.session(host);
    adminToken = await t.factories.session(admin);
    // Tuesday 16 March 2027, 09:00 in London: three weeks later is after the clocks go forward (28 March).
    const visitAt = fromZoned('2027-03-16', '09:00', 'Europe/London');
    const invited = await post<{ id: number; ids: number[] }>(
      'invite',
      invitation({
        visitor: { name: 'Cora Contractor', email: 'cora@fixit.test', company: 'FixIt' },
        moreVisitors: [{ name: 'Cal Contractor', phone: '+44 20 7946 0100', company: 'FixIt', isVip: true }],
        repeat: { every: 'week', count: 3 },
        visitAt,
        expectedEndAt: visitAt + 3 * HOUR,
      }),
      hostToken,
    );
    expect(invited.status, invited.body.message).toBe(200);
    expect(invited.body.result.ids).toHaveLength(6);
    expect(invited.body.result.id).toBe(invited.body.result.ids[0]);
    const made = await Promise.all(invited.body.result.ids.map(async (id) => (await call<Visit>(t.app, { method: 'GET', url: `/api/visitor/detail?id=${id}`, headers: { token: hostToken } })).body.result));
    const local = (ms: number) => localDateTime(ms, 'Europe/London');
    expect(made.map((visit) => [visit.visitorName, local(visit.visitAt), local(visit.expectedEndAt), visit.isVip])).toEqual([
      ['Cora Contractor', '2027-03-16 09:00', '2027-03-16 12:00', false],
      ['Cal Contractor', '2027-03-16 09:00', '2027-03-16 12:00', true],
      ['Cora Contractor', '2027-03-23 09:00', '2027-03-23 12:00', false],
      ['Cal Contractor', '2027-03-23 09:00', '2027-03-23 12:00', true],
      ['Cora Contractor', '2027-03-30 09:00', '2027-03-30 12:00', false],
      ['Cal Contractor', '2027-03-30 09:00', '2027-03-30 12:00', true],
    ]);
    // Summer time: the same 09:00 is an hour earlier in UTC.
    expect(made[4]!.visitAt - made[2]!.visitAt).toBe(7 * DAY - HOUR);

    // Every working day from a Friday: Friday, then Monday and Tuesday.
    const friday = fromZoned('2027-03-19', '14:00', 'Europe/London');
    const daily = await post<{ id: number; ids: number[] }>('invite', invitation({ visitor: { name: 'Dora Daily', email: 'dora@fixit.test' }, repeat: { every: 'workday', count: 3 }, visitAt: friday, expectedEndAt: friday + HOUR }), hostToken);
    const days = await Promise.all(daily.body.result.ids.map(async (id) => (await call<Visit>(t.app, { method: 'GET', url: `/api/visitor/detail?id=${id}`, headers: { token: hostToken } })).body.result.visitAt));
    expect(days.map(local)).toEqual(['2027-03-19 14:00', '2027-03-22 14:00', '2027-03-23 14:00']);

    // The limits: a group brings companions, not more visitors; at most 50 visits; a repeat of 2 to 12.
    const group = await post('invite', invitation({ type: 'group', moreVisitors: [{ name: 'Extra', email: 'extra@fixit.test' }] }), hostToken);
    expect([group.status, group.body.message]).toEqual([422, formatMessage('visitMoreVisitorsNotGroup', 'en-US')]);
    const crowd = Array.from({ length: 9 }, (_, n) => ({ name: `Crowd ${n}`, email: `crowd${n}@fixit.test` }));
    const tooMany = await post('invite', invitation({ moreVisitors: crowd, repeat: { every: 'week', count: 6 } }), hostToken);
    expect([tooMany.status, tooMany.body.message]).toEqual([422, formatMessage('visitInviteTooMany', 'en-US', { max: 50 })]);
    expect((await post('invite', invitation({ repeat: { every: 'week', count: 13 } }), hostToken)).status).toBe(400);
    expect((await post('invite', invitation({ repeat: { every: 'month', count: 2 } }), hostToken)).status).toBe(400);
    // Nothing of a refused invitation was written; one e-mail twice across the visitors is refused too.
    const twice = await post('invite', invitation({ moreVisitors: [{ name: 'Vera Again', email: 'VERA@guest.test' }] }), hostToken);
    expect([twice.status, twice.body.message]).toEqual([422, formatMessage('visitContactRepeated', 'en-US', { value: 'vera@guest.test' })]);
    expect((await list('&keyword=Crowd', adminToken)).body.result.total).toBe(0);
  });
});
