import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_TOKEN_HEADER, formatMessage, type KioskCheckInResult, type KioskConfig, type NotificationPage, type Visit, type VisitorDevice, type VisitorPlace } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { waitForMail } from '../../test/mailbox.js';
import { startSmtpServer } from '../../test/smtp.js';
import type { TestUser } from '../../test/factories.js';
import { LOCATION_LEVEL } from '../location/location.repository.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe(`visitors: reception devices, sign-in windows and the kiosk (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let adminToken: string;
  let hostToken: string;
  let receptionToken: string;
  let host: TestUser;
  let building: number;
  let lobby: number;
  let otherBuilding: number;
  let reasonId: number;
  let foreignAdminToken: string;
  let foreignLobby: number;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ config: { smtpUrl: smtp.url, publicUrl: 'https://atrium.example.test', sessionIdleMinutes: 1_000_000 } });
    const a = await t.factories.companyWithAdmin('Kiosk Co');
    adminToken = await t.factories.session(a.admin);
    host = await t.factories.user(a.company.id, { permissions: ['events:view', 'records:view'], firstName: 'Hana', lastName: 'Host' });
    hostToken = await t.factories.session(host);
    receptionToken = await t.factories.session(await t.factories.user(a.company.id, { permissions: ['visitorDisplay:edit', 'records:view', 'events:view'] }));
    building = await t.factories.location({ companyId: a.company.id, level: LOCATION_LEVEL.building, name: 'Harbour House', timeZone: 'Europe/London' });
    lobby = await t.factories.location({ companyId: a.company.id, parentId: building, level: LOCATION_LEVEL.floor, name: 'Lobby' });
    otherBuilding = await t.factories.location({ companyId: a.company.id, level: LOCATION_LEVEL.building, name: 'Dock Tower', timeZone: 'Europe/London' });
    reasonId = (await call<{ id: number }>(t.app, { method: 'POST', url: '/api/visitor/reason/add', headers: { token: adminToken }, payload: { name: 'Meeting' } })).body.result.id;
    const other = await t.factories.companyWithAdmin('Other Kiosk Co');
    foreignAdminToken = await t.factories.session(other.admin);
    foreignLobby = await t.factories.location({ companyId: other.company.id, level: LOCATION_LEVEL.building, name: 'Elsewhere' });
  });
  afterAll(async () => {
    await t.cleanup();
    await smtp.close();
  });

  const get = <T>(url: string, token = adminToken) => call<T>(t.app, { method: 'GET', url: `/api${url}`, headers: { token } });
  const post = <T = null>(url: string, payload: Record<string, unknown>, token = adminToken) => call<T>(t.app, { method: 'POST', url: `/api${url}`, headers: { token }, payload });
  const kiosk = <T = null>(method: 'GET' | 'POST', url: string, deviceToken: string, payload?: Record<string, unknown>) =>
    call<T>(t.app, { method, url: `/api/device/visitor${url}`, headers: { [DEVICE_TOKEN_HEADER]: deviceToken }, ...(payload ? { payload } : {}) });
  const addDevice = async (payload: Record<string, unknown>) => {
    const answer = await post<VisitorDevice>('/visitor/device/add', payload);
    expect(answer.status).toBe(200);
    return answer.body.result;
  };
  const activate = (code: string, ip = '10.0.0.1') =>
    call<{ deviceToken: string; deviceId: number; locationId: number }>(t.app, {
      method: 'POST',
      url: '/api/device/visitor/activate',
      payload: { code, platform: 'ipados', appVersion: '1.0.0' },
      remoteAddress: ip,
    });
  const newKiosk = async (locationId = building) => {
    const pad = await addDevice({ kind: 'pad', name: `Pad ${Math.random().toString(36).slice(2, 6)}`, locationId });
    const activated = await activate(pad.activationCode!);
    expect(activated.status).toBe(200);
    return { pad, token: activated.body.result.deviceToken };
  };
  /** Invites a visitor by mail and answers the visit's id and the pass token from the mail's link. */
  let mailed = 0;
  const invite = async (overrides: Record<string, unknown> = {}, name = 'Vic Visitor') => {
    const email = `guest${++mailed}@guest.test`;
    const answer = await post<{ id: number }>(
      '/visitor/invite',
      { visitor: { name, email }, reasonId, hostId: host.id, locationId: lobby, visitAt: t.clock.now() + HOUR, expectedEndAt: t.clock.now() + 3 * HOUR, ...overrides },
      hostToken,
    );
    expect(answer.status).toBe(200);
    await t.app.bookingInvitations.drain();
    const { text } = await waitForMail(smtp.received, email);
    return { id: answer.body.result.id, link: /https:\/\/atrium\.example\.test\/visit#\S+/.exec(text)![0] };
  };

  it('adds a kiosk with a code that activates it once, then shows what its heartbeats report', async () => {
    const pad = await addDevice({ kind: 'pad', name: 'Front desk pad', locationId: building, serial: 'SN-001' });
    expect(pad).toMatchObject({ kind: 'pad', status: 'inactive', serial: 'SN-001', location: { id: building, name: 'Harbour House' }, stock: null, topic: null });
    expect(pad.activationCode).toMatch(/^\d{5}$/);

    const activated = await activate(pad.activationCode!);
    expect(activated.body.result).toMatchObject({ deviceId: pad.id, locationId: building });
    // The code is single use, and only the token's hash is kept.
    expect((await activate(pad.activationCode!)).status).toBe(404);
    const row = await t.db.kysely.selectFrom('visitor_devices').selectAll().where('id', '=', pad.id).executeTakeFirstOrThrow();
    expect(row.token_hash).not.toBeNull();
    expect(JSON.stringify(row)).not.toContain(activated.body.result.deviceToken);

    const beat = await kiosk<{ serverTime: number }>('POST', '/heartbeat', activated.body.result.deviceToken, { battery: 81, network: 'wifi', ip: '192.168.1.20', mac: '00:1A:2B:3C:4D:5E', appVersion: '1.0.1' });
    expect(beat.body.result.serverTime).toBe(t.clock.now());
    const listed = (await get<VisitorDevice[]>('/visitor/device/list?kind=pad')).body.result.find((device) => device.id === pad.id);
    expect(listed).toMatchObject({ status: 'online', activationCode: null, battery: 81, network: 'wifi', ip: '192.168.1.20', mac: '00:1A:2B:3C:4D:5E', appVersion: '1.0.1', platform: 'ipados' });
    t.clock.advance(3 * MINUTE);
    expect((await get<VisitorDevice[]>('/visitor/device/list?kind=pad')).body.result.find((device) => device.id === pad.id)?.status).toBe('offline');

    // Bad input is refused with the fields named; a malformed heartbeat too.
    expect((await post('/visitor/device/add', { kind: 'pad', name: '', locationId: building })).status).toBe(400);
    expect((await post('/visitor/device/add', { kind: 'scanner', name: 'X', locationId: building })).status).toBe(400);
    expect((await kiosk('POST', '/heartbeat', activated.body.result.deviceToken, { battery: 140 })).status).toBe(400);
    expect((await kiosk('POST', '/heartbeat', activated.body.result.deviceToken, { mac: 'not-a-mac' })).status).toBe(400);
  });

  it('keeps the devices to those who manage places, and to their own company', async () => {
    expect((await get('/visitor/device/list', receptionToken)).status).toBe(403);
    expect((await post('/visitor/device/add', { kind: 'printer', name: 'P', locationId: building }, receptionToken)).status).toBe(403);
    const printer = await addDevice({ kind: 'printer', name: 'Label printer', locationId: building });
    expect((await get<VisitorDevice[]>('/visitor/device/list', foreignAdminToken)).body.result).toEqual([]);
    expect((await post('/visitor/device/update', { id: printer.id, name: 'Mine now' }, foreignAdminToken)).status).toBe(404);
    expect((await post('/visitor/device/delete', { ids: [printer.id] }, foreignAdminToken)).status).toBe(404);
    // Another company's place is not a place of this one.
    expect((await post('/visitor/device/add', { kind: 'printer', name: 'P', locationId: foreignLobby })).status).toBe(404);
    expect((await get('/visitor/device/list')).body.result).toEqual(expect.arrayContaining([expect.objectContaining({ id: printer.id, name: 'Label printer' })]));
  });

  it("gives a kiosk its place, theme, sign-in window and printer, and keeps a printer's stock and offset", async () => {
    const { pad, token } = await newKiosk();
    const printer = await addDevice({ kind: 'printer', name: 'QL-820', locationId: building, stock: 'dymo54x25', offsetXMm: 1.5, offsetYMm: -0.5 });
    expect(printer).toMatchObject({ stock: 'dymo54x25', offsetXMm: 1.5, offsetYMm: -0.5, status: null });
    expect((await post('/visitor/device/add', { kind: 'printer', name: 'Bad', locationId: building, offsetXMm: 11 })).status).toBe(400);
    expect((await post('/visitor/device/add', { kind: 'printer', name: 'Bad', locationId: building, offsetXMm: 0.25 })).status).toBe(400);
    const elsewhere = await addDevice({ kind: 'printer', name: 'Tower printer', locationId: otherBuilding });
    const refused = await post('/visitor/device/update', { id: pad.id, printerId: elsewhere.id });
    expect([refused.status, refused.body.message]).toEqual([422, formatMessage('visitorPrinterElsewhere', 'en-US')]);
    expect((await post('/visitor/device/update', { id: pad.id, printerId: printer.id })).status).toBe(200);
    expect((await post('/visitor/kiosk-theme', { welcomeEn: 'Welcome to Harbour House', welcomeZh: '欢迎光临', color: '#0A7E5C' })).status).toBe(200);

    const config = await kiosk<KioskConfig>('GET', '/config', token);
    expect(config.body.result).toMatchObject({
      device: { id: pad.id, name: pad.name },
      companyName: 'Kiosk Co',
      location: { id: building, name: 'Harbour House', timeZone: 'Europe/London' },
      theme: { welcomeEn: 'Welcome to Harbour House', welcomeZh: '欢迎光临', color: '#0a7e5c' },
      signInHours: 2,
      printer: { id: printer.id, name: 'QL-820', stock: 'dymo54x25', offsetXMm: 1.5, offsetYMm: -0.5 },
    });
    // Reception prints with a printer's stock and offset, and lists the printers by name only with its own area.
    const printers = await get<VisitorDevice[]>('/visitor/printers', receptionToken);
    expect(printers.body.result.map((device) => device.kind)).toEqual(printers.body.result.map(() => 'printer'));
    expect(printers.body.result.map((device) => device.id)).toContain(printer.id);
    expect((await get('/visitor/printers', hostToken)).status).toBe(403);
    const { id: visitId } = await invite({}, 'Pia Printer');
    const badge = (query: string) => t.app.inject({ method: 'GET', url: `/api/visitor/badge?id=${visitId}&${query}`, headers: { token: receptionToken } });
    const onPrinter = await badge(`printerId=${printer.id}&stock=a6`);
    expect(onPrinter.statusCode).toBe(200);
    // The printer's Dymo stock (54 x 25 mm: 153 x 71 points) wins over the query's A6.
    expect(onPrinter.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 153\.0\d* 70\.8\d*\]/);
    expect((await badge(`printerId=${pad.id}`)).statusCode).toBe(404);
    const foreign = await call<VisitorDevice>(t.app, { method: 'POST', url: '/api/visitor/device/add', headers: { token: foreignAdminToken }, payload: { kind: 'printer', name: 'Foreign printer', locationId: foreignLobby } });
    expect((await badge(`printerId=${foreign.body.result.id}`)).statusCode).toBe(404);

    // A deleted printer leaves the kiosk without one.
    expect((await post('/visitor/device/delete', { ids: [printer.id] })).status).toBe(200);
    expect((await kiosk<KioskConfig>('GET', '/config', token)).body.result.printer).toBeNull();
  });

  it("checks a visitor in at the kiosk by their pass, within the place's sign-in window, and tells the host", async () => {
    const { pad, token } = await newKiosk();
    const { id, link } = await invite({ visitAt: t.clock.now() + 3 * HOUR, expectedEndAt: t.clock.now() + 5 * HOUR }, 'Kim Kiosk');
    const early = await kiosk('POST', '/check-in', token, { code: link });
    expect([early.status, early.body.message]).toEqual([422, formatMessage('visitCheckInTooEarly', 'en-US', { hours: 2 })]);

    // The building's window reaches its floors; the floor's own would win.
    const set = await post<VisitorPlace>('/visitor/place', { locationId: building, signInHours: 4 });
    expect(set.body.result).toEqual({ locationId: building, signInHours: 4, source: 'place' });
    expect((await get<VisitorPlace>(`/visitor/place?locationId=${lobby}`)).body.result).toEqual({ locationId: lobby, signInHours: 4, source: 'building' });
    expect((await post('/visitor/place', { locationId: building, signInHours: 25 })).status).toBe(400);
    expect((await post('/visitor/place', { locationId: building, signInHours: 3 }, receptionToken)).status).toBe(403);

    const admitted = await kiosk<KioskCheckInResult>('POST', '/check-in', token, { code: link });
    expect([admitted.status, admitted.body.message]).toEqual([200, formatMessage('visitCheckedIn', 'en-US', { name: 'Kim Kiosk' })]);
    expect(admitted.body.result).toEqual({ visitId: id, visitorName: 'Kim Kiosk', hostName: 'Hana Host', companions: 0, badge: false });
    expect((await get<Visit>(`/visitor/detail?id=${id}`, hostToken)).body.result.status).toBe('checkedIn');
    expect((await kiosk('POST', '/check-in', token, { code: link })).status).toBe(422);
    await t.app.bookingInvitations.drain();
    const bell = await get<NotificationPage>('/notification/list', hostToken);
    expect(bell.body.result.list.filter((notice) => notice.event === 'visitorArrived').map((notice) => notice.params.title)).toContain('Kim Kiosk');

    // The badge: only with a printer, for a visitor who just checked in here, on the printer's stock.
    const badge = (visitId: number) => t.app.inject({ method: 'GET', url: `/api/device/visitor/badge?visitId=${visitId}`, headers: { [DEVICE_TOKEN_HEADER]: token } });
    expect((await badge(id)).statusCode).toBe(422);
    const printer = await addDevice({ kind: 'printer', name: 'Badge printer', locationId: building, stock: 'dymo54x25' });
    await post('/visitor/device/update', { id: pad.id, printerId: printer.id });
    const pdf = await badge(id);
    expect([pdf.statusCode, pdf.headers['content-type'], pdf.rawPayload.subarray(0, 5).toString()]).toEqual([200, 'application/pdf', '%PDF-']);
    // A Dymo label is 54 x 25 mm: 153 x 71 points.
    expect(pdf.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 153\.0\d* 70\.8\d*\]/);
    const { id: notHere } = await invite({}, 'Nora Notyet');
    expect((await badge(notHere)).statusCode).toBe(404);
    t.clock.advance(31 * MINUTE);
    expect((await badge(id)).statusCode).toBe(404);
  });

  it("refuses a pass of another building, another company, or the watchlist's hold, and any token but an activated kiosk's", async () => {
    const { token } = await newKiosk(otherBuilding);
    const { link } = await invite({}, 'Tom Tower');
    const elsewhere = await kiosk('POST', '/check-in', token, { code: link });
    expect([elsewhere.status, elsewhere.body.message]).toEqual([422, formatMessage('visitAtAnotherPlace', 'en-US', { place: 'Lobby' })]);
    expect((await kiosk('POST', '/check-in', token, { code: `${link}x` })).status).toBe(404);

    expect((await post('/visitor/watchlist/add', { name: 'Hugo Hold', action: 'approval' }, receptionToken)).status).toBe(200);
    const held = await invite({}, 'Hugo Hold');
    const { token: lobbyKiosk } = await newKiosk(lobby);
    const sent = await kiosk('POST', '/check-in', lobbyKiosk, { code: held.link });
    expect([sent.status, sent.body.message]).toEqual([422, formatMessage('visitCheckInAtReception', 'en-US')]);

    // A foreign company's kiosk reads no pass of this one.
    const foreignPad = await call<VisitorDevice>(t.app, { method: 'POST', url: '/api/visitor/device/add', headers: { token: foreignAdminToken }, payload: { kind: 'pad', name: 'Foreign', locationId: foreignLobby } });
    const foreignToken = (await activate(foreignPad.body.result.activationCode!)).body.result.deviceToken;
    expect((await kiosk('POST', '/check-in', foreignToken, { code: held.link })).status).toBe(404);

    expect((await kiosk('GET', '/config', 'not-a-token')).status).toBe(401);
    // A kiosk is no door display.
    expect((await call(t.app, { method: 'GET', url: '/api/device/pad/schedule', headers: { [DEVICE_TOKEN_HEADER]: token } })).status).toBe(401);
  });

  it('signs a kiosk out with a new code or when it is deleted', async () => {
    const { pad, token } = await newKiosk();
    expect((await post('/visitor/device/update', { id: pad.id, regenerateCode: true })).status).toBe(200);
    expect((await kiosk('GET', '/config', token)).status).toBe(401);
    const code = (await get<VisitorDevice[]>('/visitor/device/list')).body.result.find((device) => device.id === pad.id)!.activationCode!;
    expect(code).toMatch(/^\d{5}$/);
    const again = (await activate(code)).body.result.deviceToken;
    expect((await kiosk('GET', '/config', again)).status).toBe(200);
    expect((await post('/visitor/device/delete', { ids: [pad.id] })).status).toBe(200);
    expect((await kiosk('GET', '/config', again)).status).toBe(401);
  });

  it('throttles wrong activation codes per address', async () => {
    for (let attempt = 0; attempt < 10; attempt++) await activate('00000', '10.9.9.9');
    const answer = await activate('00000', '10.9.9.9');
    expect(answer.status).toBe(429);
  });
});
