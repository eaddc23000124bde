import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_TOKEN_HEADER, formatMessage, VISIT_PASS_HEADER, VISIT_REGISTER_HEADER, type KioskApplication, type KioskConfig, type NotificationPage, type RegisterLink, type RegisterPlace, type Visit, type VisitorDevice, type VisitPage, type VisitPass, type VisitRule, type WalkInHost } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { waitForMail } from '../../test/mailbox.js';
import { startSmtpServer } from '../../test/smtp.js';
import type { TestUser } from '../../test/factories.js';
import { LOCATION_LEVEL } from '../location/location.repository.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe(`visitors: walk-ins register themselves and their host decides (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let adminToken: string;
  let host: TestUser;
  let hostToken: string;
  let otherHostToken: string;
  let receptionToken: string;
  let building: number;
  let lobby: number;
  let reasonId: number;
  let kioskToken: string;
  let foreign: { adminToken: string; hostId: number; building: number };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ config: { smtpUrl: smtp.url, publicUrl: 'https://atrium.example.test', sessionIdleMinutes: 1_000_000 } });
    const a = await t.factories.companyWithAdmin('Walk-in Co');
    adminToken = await t.factories.session(a.admin);
    host = await t.factories.user(a.company.id, { permissions: ['events:view', 'records:view'], firstName: 'Hana', lastName: 'Host', email: 'hana.host@walkin.test' });
    hostToken = await t.factories.session(host);
    otherHostToken = await t.factories.session(await t.factories.user(a.company.id, { permissions: ['events:view', 'records:view'], firstName: 'Otto', lastName: 'Other' }));
    receptionToken = await t.factories.session(await t.factories.user(a.company.id, { permissions: ['visitorDisplay:edit', 'visitorDisplay:view', 'records:view', 'events:view'], firstName: 'Rita', lastName: 'Reception' }));
    building = await t.factories.location({ companyId: a.company.id, level: LOCATION_LEVEL.building, name: 'Harbour House', timeZone: 'Europe/London' });
    lobby = await t.factories.location({ companyId: a.company.id, parentId: building, level: LOCATION_LEVEL.floor, name: 'Lobby' });
    reasonId = (await post<{ id: number }>('/visitor/reason/add', { name: 'Delivery' })).body.result.id;
    const pad = (await post<VisitorDevice>('/visitor/device/add', { kind: 'pad', name: 'Front pad', locationId: building })).body.result;
    const activated = await call<{ deviceToken: string }>(t.app, { method: 'POST', url: '/api/device/visitor/activate', payload: { code: pad.activationCode, platform: 'ipados', appVersion: '1.0.0' } });
    kioskToken = activated.body.result.deviceToken;
    const b = await t.factories.companyWithAdmin('Elsewhere Co');
    foreign = {
      adminToken: await t.factories.session(b.admin),
      hostId: (await t.factories.user(b.company.id, { firstName: 'Hana', lastName: 'Faraway' })).id,
      building: await t.factories.location({ companyId: b.company.id, level: LOCATION_LEVEL.building, name: 'Far House' }),
    };
  });
  afterAll(async () => {
    await t.cleanup();
    await smtp.close();
  });

  function get<T>(url: string, token = adminToken) {
    return call<T>(t.app, { method: 'GET', url: `/api${url}`, headers: { token } });
  }
  function post<T = null>(url: string, payload: Record<string, unknown>, token = adminToken) {
    return call<T>(t.app, { method: 'POST', url: `/api${url}`, headers: { token }, payload });
  }
  const kiosk = <T = null>(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    call<T>(t.app, { method, url: `/api/device/visitor${url}`, headers: { [DEVICE_TOKEN_HEADER]: kioskToken }, ...(payload ? { payload } : {}) });
  const walkIn = (name: string, email: string | null = null, overrides: Record<string, unknown> = {}) => ({
    visitor: { name, email, phone: email ? null : '+44 20 7946 0000', company: 'Parcel Ltd' },
    hostId: host.id,
    reasonId,
    ...overrides,
  });
  /** Registers at the kiosk and lets the outbox tell the decider. */
  const registerAtKiosk = async (name: string, email: string | null = null, overrides: Record<string, unknown> = {}) => {
    const answer = await kiosk<{ id: number }>('POST', '/register', walkIn(name, email, overrides));
    expect(answer.status, answer.body.message).toBe(200);
    await t.app.bookingInvitations.drain();
    return answer.body.result.id;
  };
  const application = (id: number) => kiosk<KioskApplication>('GET', `/application?id=${id}`);

  it('offers a walk-in the reasons and names of hosts only, from two letters on', async () => {
    expect((await kiosk<KioskConfig>('GET', '/config')).body.result.reasons).toEqual([{ id: reasonId, name: 'Delivery' }]);
    const hosts = await kiosk<WalkInHost[]>('GET', '/hosts?keyword=hana');
    // Names only: no address to probe, and another company's Hana is not offered.
    expect(hosts.body.result).toEqual([{ id: host.id, fullName: 'Hana Host' }]);
    expect((await kiosk('GET', '/hosts?keyword=h')).status).toBe(400);
    // An address does not find anyone: the picker searches names.
    expect((await kiosk<WalkInHost[]>('GET', '/hosts?keyword=walkin.test')).body.result).toEqual([]);
  });

  it('registers a walk-in at the kiosk who waits for the host, who is told, approves, and the kiosk checks them in', async () => {
    const id = await registerAtKiosk('Walter Walkin', 'walter@parcel.test');
    const visit = (await get<Visit>(`/visitor/detail?id=${id}`)).body.result;
    expect(visit).toMatchObject({ method: 'selfRegistration', type: 'temporary', status: 'responded', inviter: null, host: { id: host.id }, location: { id: building }, approval: { state: 'pending', reason: null, decidedBy: null } });
    expect(visit.expectedEndAt - visit.visitAt).toBe(2 * HOUR);

    // The kiosk waits: no code yet, and reception cannot check in an application not approved.
    expect((await application(id)).body.result).toEqual({ state: 'pending', reason: null, hostName: 'Hana Host', code: null });
    const early = await post('/visitor/check-in', { id }, receptionToken);
    expect([early.status, early.body.message]).toEqual([422, formatMessage('visitAwaitingApproval', 'en-US')]);

    // The host is told in the bell and by mail, with the way to the applications page.
    const bell = (await get<NotificationPage>('/notification/list', hostToken)).body.result.list;
    expect(bell.find((item) => item.event === 'visitApplication')).toMatchObject({ params: { title: 'Walter Walkin', reason: 'Delivery' }, link: '/guider-apply' });
    const { text } = await waitForMail(smtp.received, 'hana.host@walkin.test');
    expect(text).toContain('Walter Walkin (Parcel Ltd) is at Harbour House and asks to visit you.');
    expect(text).toContain('https://atrium.example.test/guider-apply');

    // The host's applications: pending ones; another colleague decides none of them.
    const pending = (await get<VisitPage>('/visitor/apply/list?state=pending', hostToken)).body.result;
    expect(pending.list.map((item) => item.id)).toContain(id);
    expect((await get<VisitPage>('/visitor/apply/list', otherHostToken)).body.result.total).toBe(0);
    expect((await post('/visitor/apply/approve', { id }, otherHostToken)).status).toBe(404);
    // An invitation is no application.
    const invited = await post<{ id: number }>('/visitor/invite', { visitor: { name: 'Ivy Invited', email: 'ivy@guest.test' }, reasonId, hostId: host.id, locationId: lobby, visitAt: t.clock.now() + HOUR, expectedEndAt: t.clock.now() + 2 * HOUR }, hostToken);
    expect((await post('/visitor/apply/approve', { id: invited.body.result.id }, hostToken)).status).toBe(404);

    const approved = await post('/visitor/apply/approve', { id }, hostToken);
    expect([approved.status, approved.body.message]).toEqual([200, 'Walter Walkin is approved']);
    expect((await post('/visitor/apply/approve', { id }, hostToken)).body.message).toBe(formatMessage('visitApplicationDecided', 'en-US'));
    expect((await get<Visit>(`/visitor/detail?id=${id}`, hostToken)).body.result.approval).toMatchObject({ state: 'approved', decidedBy: { id: host.id, name: 'Hana Host' } });
    await t.app.bookingInvitations.drain();
    const decision = await waitForMail(smtp.received, 'walter@parcel.test');
    expect(decision.text).toContain('Hana Host has approved your visit to Walk-in Co.');
    expect(decision.text).toMatch(/https:\/\/atrium\.example\.test\/visit#\S+/);

    // The kiosk learns it and checks the visitor in with the code, as if scanned.
    const ready = (await application(id)).body.result;
    expect(ready).toMatchObject({ state: 'approved', hostName: 'Hana Host' });
    expect(ready.code).toEqual(expect.any(String));
    const checkIn = await kiosk<{ visitId: number }>('POST', '/check-in', { code: ready.code });
    expect([checkIn.status, checkIn.body.result.visitId]).toEqual([200, id]);
    expect((await get<Visit>(`/visitor/detail?id=${id}`)).body.result.status).toBe('checkedIn');
    // Once in, the kiosk has no code to show any more.
    expect((await application(id)).body.result.code).toBeNull();
  });

  it('rejects with a reason the visitor reads at the kiosk, on their pass and in their mail; the visit is cancelled', async () => {
    const id = await registerAtKiosk('Rex Rejected', 'rex@parcel.test');
    expect((await post('/visitor/apply/reject', { id, reason: '  ' }, hostToken)).status).toBe(400);
    const rejected = await post('/visitor/apply/reject', { id, reason: 'I am out today; please book a slot' }, hostToken);
    expect(rejected.status).toBe(200);
    const visit = (await get<Visit>(`/visitor/detail?id=${id}`)).body.result;
    expect(visit).toMatchObject({ status: 'cancelled', approval: { state: 'rejected', reason: 'I am out today; please book a slot' } });
    expect((await application(id)).body.result).toEqual({ state: 'rejected', reason: 'I am out today; please book a slot', hostName: 'Hana Host', code: null });
    expect((await post('/visitor/apply/approve', { id }, hostToken)).status).toBe(422);
    expect((await post('/visitor/check-in', { id }, receptionToken)).status).toBe(422);
    await t.app.bookingInvitations.drain();
    const { text } = await waitForMail(smtp.received, 'rex@parcel.test');
    expect(text).toContain('Reason: I am out today; please book a slot');
    expect(text).not.toContain('/visit#');
    const listed = (await get<VisitPage>('/visitor/apply/list?state=rejected', hostToken)).body.result.list;
    expect(listed.map((item) => item.id)).toContain(id);
    expect(listed.every((item) => item.approval?.state === 'rejected')).toBe(true);
  });

  it('lets one of two deciders at once win', async () => {
    const id = await registerAtKiosk('Rosa Race');
    const answers = await Promise.all([post('/visitor/apply/approve', { id }, hostToken), post('/visitor/apply/reject', { id, reason: 'No' }, receptionToken)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
  });

  it('follows the watchlist: a refused walk-in is sent to reception, one held for approval is decided by reception only', async () => {
    await post('/visitor/watchlist/add', { name: 'Barred Person', action: 'refuse' });
    await post('/visitor/watchlist/add', { name: 'Checked Person', action: 'approval' });
    const refusedAnswer = await kiosk('POST', '/register', walkIn('barred person'));
    expect([refusedAnswer.status, refusedAnswer.body.message]).toEqual([422, formatMessage('visitWalkInRefused', 'en-US')]);

    const mailsBefore = smtp.received.filter((mail) => mail.to.includes('hana.host@walkin.test')).length;
    const id = await registerAtKiosk('Checked Person');
    // The host is neither mailed nor able to decide, and is not told why; reception is told in the bell.
    expect(smtp.received.filter((mail) => mail.to.includes('hana.host@walkin.test')).length).toBe(mailsBefore);
    expect((await post('/visitor/apply/approve', { id }, hostToken)).body.message).toBe(formatMessage('visitApplicationAtReception', 'en-US'));
    const hostView = (await get<VisitPage>('/visitor/apply/list?state=pending', hostToken)).body.result.list.find((item) => item.id === id);
    expect(hostView?.watch).toBeNull();
    const receptionBell = (await get<NotificationPage>('/notification/list', receptionToken)).body.result.list;
    expect(receptionBell.some((item) => item.event === 'visitApplication' && item.params.title === 'Checked Person')).toBe(true);
    expect((await post('/visitor/apply/approve', { id }, receptionToken)).status).toBe(200);
    // Reception approved them: the kiosk may now check them in.
    const { code } = (await application(id)).body.result;
    expect((await kiosk('POST', '/check-in', { code })).status).toBe(200);
  });

  it('refuses a walk-in without a way to reach them, or naming an unknown or foreign host or reason', async () => {
    const noContact = await kiosk('POST', '/register', { visitor: { name: 'Nobody' }, hostId: host.id, reasonId });
    expect([noContact.status, noContact.body.message]).toEqual([422, formatMessage('visitContactMissing', 'en-US', { name: 'Nobody' })]);
    expect((await kiosk('POST', '/register', walkIn('Fay', null, { hostId: foreign.hostId }))).status).toBe(404);
    expect((await kiosk('POST', '/register', walkIn('Fay', null, { reasonId: 999_999 }))).status).toBe(404);
    expect((await kiosk('POST', '/register', walkIn('Fay', null, { stayHours: 13 }))).status).toBe(400);
    // A kiosk follows only applications made at its place.
    const elsewhere = await registerAtKiosk('Kai Kiosk');
    await t.db.kysely.updateTable('visits').set({ location_id: lobby }).where('id', '=', elsewhere).execute();
    expect((await application(elsewhere)).status).toBe(404);
  });

  it("follows the places' visit rules: walk-ins received or not, per reason, approved by their host or at once", async () => {
    const otherReason = (await post<{ id: number }>('/visitor/reason/add', { name: 'Interview' })).body.result.id;
    const save = (body: Record<string, unknown>, token = adminToken) => post<VisitRule>('/visitor/rule/save', body, token);
    // Only reception's editors set rules, and only for the company's places and reasons.
    expect((await save({ locationId: building, reasonId: null, walkIns: true, approval: false }, hostToken)).status).toBe(403);
    expect((await save({ locationId: foreign.building, reasonId: null, walkIns: true, approval: false })).status).toBe(404);

    // The building admits walk-ins without approval: the kiosk has the code at once, and no decider is told.
    const open = await save({ locationId: building, reasonId: null, walkIns: true, approval: false });
    expect(open.body.result).toMatchObject({ locationId: building, reasonId: null, reason: null, walkIns: true, approval: false, location: { name: 'Harbour House' } });
    const bellBefore = (await get<NotificationPage>('/notification/list', hostToken)).body.result.total;
    const id = await registerAtKiosk('Quinn Quick');
    const answer = (await application(id)).body.result;
    expect(answer.state).toBe('approved');
    expect((await kiosk('POST', '/check-in', { code: answer.code })).status).toBe(200);
    await t.app.bookingInvitations.drain();
    // The host hears only of the arrival.
    expect((await get<NotificationPage>('/notification/list', hostToken)).body.result.total).toBe(bellBefore + 1);
    expect((await get<NotificationPage>('/notification/list', hostToken)).body.result.list[0]!.event).toBe('visitorArrived');
    // A visitor the watchlist holds for approval still waits for reception.
    expect((await application(await registerAtKiosk('Checked Person'))).body.result.state).toBe('pending');

    // No walk-ins for interviews at the building; the kiosk still offers to register (its rule for every reason).
    await save({ locationId: building, reasonId: otherReason, walkIns: false, approval: true });
    const closed = await kiosk('POST', '/register', walkIn('Ivan Interview', null, { reasonId: otherReason }));
    expect([closed.status, closed.body.message]).toEqual([422, formatMessage('visitWalkInClosed', 'en-US')]);
    expect((await kiosk<KioskConfig>('GET', '/config')).body.result.walkIns).toBe(true);

    // The lobby (a floor) receives none: its walk-in page says so, and registering is refused; the building's rule still holds at the kiosk.
    await save({ locationId: lobby, reasonId: null, walkIns: false, approval: true });
    const token = (await get<RegisterLink>(`/visitor/place/register-link?locationId=${lobby}`)).body.result.link.split('#')[1]!;
    const page = await call<RegisterPlace>(t.app, { method: 'GET', url: '/api/visitor/register', headers: { [VISIT_REGISTER_HEADER]: token } });
    expect(page.body.result.walkIns).toBe(false);
    const refusedHere = await call(t.app, { method: 'POST', url: '/api/visitor/register', headers: { [VISIT_REGISTER_HEADER]: token }, payload: walkIn('Lara Lobby') });
    expect(refusedHere.status).toBe(422);

    const rules = (await get<VisitRule[]>('/visitor/rule/list')).body.result;
    expect(rules.map((rule) => [rule.location.name, rule.reason, rule.walkIns, rule.approval])).toEqual([
      ['Harbour House', null, true, false],
      ['Harbour House', 'Interview', false, true],
      ['Lobby', null, false, true],
    ]);
    // Saving again replaces; deleting falls back to the building's, then the default.
    await save({ locationId: building, reasonId: null, walkIns: true, approval: true });
    expect((await get<VisitRule[]>('/visitor/rule/list')).body.result).toHaveLength(3);
    for (const rule of rules) expect((await post('/visitor/rule/delete', { id: rule.id })).status).toBe(200);
    expect((await post('/visitor/rule/delete', { id: rules[0]!.id })).status).toBe(404);
    expect((await call<RegisterPlace>(t.app, { method: 'GET', url: '/api/visitor/register', headers: { [VISIT_REGISTER_HEADER]: token } })).body.result.walkIns).toBe(true);
    expect((await application(await registerAtKiosk('Dora Default'))).body.result.state).toBe('pending');
  });

  it("registers by a place's signed walk-in link: the page, the hosts, the pass that waits for approval; altered, foreign or expired links open nothing", async () => {
    const made = await get<RegisterLink>(`/visitor/place/register-link?locationId=${lobby}`);
    expect(made.status).toBe(200);
    expect(made.body.result.link).toMatch(/^https:\/\/atrium\.example\.test\/visit-register#/);
    expect(made.body.result.qr).toMatch(/^data:image\/png;base64,/);
    expect((await get(`/visitor/place/register-link?locationId=${foreign.building}`)).status).toBe(404);
    // Hosts without the places area may not print links.
    expect((await get(`/visitor/place/register-link?locationId=${lobby}`, hostToken)).status).toBe(403);

    const token = made.body.result.link.split('#')[1]!;
    const open = <T>(method: 'GET' | 'POST', url: string, linkToken: string, payload?: Record<string, unknown>) =>
      call<T>(t.app, { method, url: `/api${url}`, headers: { [VISIT_REGISTER_HEADER]: linkToken }, ...(payload ? { payload } : {}) });
    const page = await open<RegisterPlace>('GET', '/visitor/register', token);
    expect(page.body.result).toMatchObject({ companyName: 'Walk-in Co', location: { name: 'Harbour House · Lobby', timeZone: 'Europe/London' }, walkIns: true });
    expect(page.body.result.reasons).toContainEqual({ id: reasonId, name: 'Delivery' });
    expect((await open<WalkInHost[]>('GET', '/visitor/register/hosts?keyword=Hana', token)).body.result).toEqual([{ id: host.id, fullName: 'Hana Host' }]);

    const registered = await open<{ pass: string }>('POST', '/visitor/register', token, walkIn('Lina Link', 'lina@parcel.test', { stayHours: 4 }));
    expect(registered.status, registered.body.message).toBe(200);
    const pass = await call<VisitPass>(t.app, { method: 'GET', url: '/api/visitor/pass', headers: { [VISIT_PASS_HEADER]: registered.body.result.pass } });
    expect(pass.body.result).toMatchObject({ visitorName: 'Lina Link', approval: { state: 'pending', reason: null }, qr: null, location: { name: 'Lobby' } });
    const id = (await get<VisitPage>('/visitor/apply/list?state=pending', hostToken)).body.result.list.find((item) => item.visitorName === 'Lina Link')!.id;
    await post('/visitor/apply/approve', { id }, hostToken);
    const approvedPass = await call<VisitPass>(t.app, { method: 'GET', url: '/api/visitor/pass', headers: { [VISIT_PASS_HEADER]: registered.body.result.pass } });
    expect(approvedPass.body.result.approval).toEqual({ state: 'approved', reason: null });
    expect(approvedPass.body.result.qr).toMatch(/^data:image\/png/);

    // Altered, or signed for another purpose (a pass is no walk-in link): not valid.
    const altered = token.replace(/\.[a-z0-9]+\./, (part) => `.${(parseInt(part.slice(1, -1), 36) + 1).toString(36)}.`);
    expect((await open('GET', '/visitor/register', altered)).status).toBe(404);
    expect((await open('GET', '/visitor/register', registered.body.result.pass)).status).toBe(404);
    expect((await open('POST', '/visitor/register', altered, walkIn('Mallory'))).status).toBe(404);
    // A year on, the poster's link has expired.
    t.clock.advance(366 * DAY);
    const expired = await open('GET', '/visitor/register', token);
    expect([expired.status, expired.body.message]).toEqual([422, formatMessage('visitRegisterLinkExpired', 'en-US')]);
  });
});
