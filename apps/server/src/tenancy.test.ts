import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, DEFAULT_BOOKING_PREFERENCES, type BookingPreferencesAnswer } from '@atrium/contract';
import { createDepartmentRepository } from './modules/department/department.repository.js';
import { createDoorDisplayRepository } from './modules/door-display/door-display.repository.js';
import { createDepartmentStyleRepository } from './modules/department/department-style.repository.js';
import { LOCATION_LEVEL } from './modules/location/location.repository.js';
import { createMailOutboxRepository } from './modules/mail/mail.repository.js';
import { createOperationLogRepository } from './modules/operation-log/operation-log.repository.js';
import { createOperationLog } from './modules/operation-log/operation-log.service.js';
import { createSettingsRepository } from './modules/settings/settings.repository.js';
import { call, createTestApp, signIn, type TestApp } from './test/app.js';
import { testLicenceToken } from './test/licences.js';
import { TEST_DIALECT } from './test/database.js';
import { createTestRoom } from './test/rooms.js';
import type { TestUser } from './test/factories.js';
import { createThemeFactories } from './test/theme-factories.js';
import { multipartImage } from './test/uploads.js';

/**
 * Two companies side by side. Everything company A's session can reach through every current route
 * must be A's: none of B's names, addresses, places or rules leak, and A's writes touch only A.
 */
describe(`tenancy (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let adminA: TestUser;
  let newcomerA: TestUser;
  let adminB: TestUser;
  let tokenB: string;
  let bravoLogoUrl: string;
  const B_MARKERS = [
    'Bravo Holdings',
    'bravo-only',
    'Bravo Secret Department',
    'Bravo Vault',
    '/uploads/bravo.png',
    'BRAVO-SUB',
    '#ABCDEF',
    'Bravo Quay',
    'BR4 VO1',
    'bravo-billing@',
    'Bravo Industry',
    'Bravo Secret Role',
  ];
  let mailOfA: number;
  let mailOfB: number;
  let displayOfA: number;
  let displayOfB: number;
  let roomOfA: number;
  let roomOfB: number;
  let zoomRoomOfA: number;
  let reservationOfA: number;
  let reservationOfB: number;
  let visitOfA: number;
  let visitOfB: number;
  /** A visitor place of each company (a floor), for the reception device calls. */
  let placeOfA: number;
  let placeOfB: number;
  let deskOfBId: number;
  let reportOfB: number;
  let roundOfB: number;
  let assetOfA: number;
  let assetOfB: number;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.factories.company({ name: 'Alpha Works', domain: 'alpha' });
    const b = await t.factories.company({ name: 'Bravo Holdings', domain: 'bravo', logo: '/uploads/bravo.png' });
    adminA = await t.factories.user(a.id, { permissions: ALL_PERMISSIONS, departmentId: await t.factories.department(a.id, 'Alpha Team') });
    newcomerA = await t.factories.user(a.id, { permissions: ALL_PERMISSIONS, mustChangePassword: true });

    const floor = await t.factories.location({ companyId: b.id, level: LOCATION_LEVEL.floor, name: 'Bravo Floor' });
    const vault = await t.factories.location({ companyId: b.id, parentId: floor, level: LOCATION_LEVEL.room, name: 'Bravo Vault' });
    adminB = await t.factories.user(b.id, {
      userName: 'bravo-only.admin',
      email: 'bravo-only@bravo.test',
      roleId: await t.factories.role(b.id, ALL_PERMISSIONS, { name: 'Bravo Secret Role' }),
      departmentId: await t.factories.department(b.id, 'Bravo Secret Department'),
      locationId: vault,
    });
    // A door display in each company (the theme of B's must stay B's); replaced below by displays with settings.
    const displays = createThemeFactories(t.db, t.factories, () => t.clock.now());
    displayOfA = (await displays.display(a.id)).deviceId;
    displayOfB = (await displays.display(b.id, { name: 'Bravo Vault display' })).deviceId;
    // Each company's owner: B's must never show on A's Managers page.
    await t.factories.setOwner(a.id, adminA.id);
    await t.factories.setOwner(b.id, adminB.id);
    // B's departments: a coded sub-department and a colour of its own palette.
    const bravoDepartments = createDepartmentRepository(t.db.kysely);
    const [bravoTop] = await bravoDepartments.listDepartments(b.id);
    const bravoColor = await createDepartmentStyleRepository(t.db.kysely).insertStyle(b.id, '#ABCDEF', t.clock.now());
    await bravoDepartments.insertDepartment({ companyId: b.id, parentId: bravoTop!.id, name: 'Bravo Sub Unit', groupCode: 'BRAVO-SUB', styleId: bravoColor, styleColor: '#ABCDEF' }, t.clock.now());
    // B demands 20-character passwords; A's password changes must not be judged by B's policy.
    await createSettingsRepository(t.db.kysely).putSetting(b.id, 'passwordPolicy', { minLength: 20 }, t.clock.now());
    // B's session carries a marker in its browser line: A's session list must not show it.
    tokenB = (await signIn(t.app, adminB, { 'user-agent': 'bravo-only-agent/1.0' })).token!;
    // B's company profile, contacts, safety password and an uploaded logo.
    const bHeaders = { token: tokenB };
    const logo = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...bHeaders, 'content-type': 'multipart/form-data; boundary=X' },
      payload: multipartImage(),
    });
    bravoLogoUrl = (logo.json() as { result: { fileUrl: string } }).result.fileUrl;
    const updated = await call(t.app, {
      method: 'POST',
      url: '/api/company/updateCompany',
      headers: bHeaders,
      payload: {
        companyName: 'Bravo Holdings',
        address: '1 Bravo Quay',
        postalCode: 'BR4 VO1',
        industry: 'Bravo Industry',
        companyDomain: 'bravo',
        billingEmail: 'bravo-billing@bravo.test',
        logo: bravoLogoUrl,
      },
    });
    expect(updated.status).toBe(200);
    expect((await call(t.app, { method: 'PUT', url: '/api/safety-password', headers: bHeaders, payload: { newPassword: '424242', confirmPassword: '424242' } })).status).toBe(200);
    await createOperationLog({ repository: createOperationLogRepository(t.db.kysely), clock: t.clock }).record(
      { companyId: b.id, userId: adminB.id, ip: '10.9.9.9' },
      { action: 'group.update', targetType: 'location', targetId: vault, targetName: 'Bravo Vault' },
      'success',
    );
    await t.db.kysely
      .insertInto('directory_sync_settings')
      .values({ company_id: b.id, is_enabled: 1, url: 'ldap://bravo-only.test', bind_dn: 'cn=bravo-only', bind_password: 'bravo-only', base_dn: 'dc=bravo-only', updated_at: t.clock.now() })
      .execute();
    // B's display information (a room of its own), notice footer and a switched-off application.
    const infoShow = await call(t.app, {
      method: 'POST',
      url: '/api/customSetting/addInfoShowCustomSetting',
      headers: bHeaders,
      payload: { roomId: vault, fields: { title: false, host: false, participants: false, description: true, time: false, futureMeetings: false }, items: [{ label: 'Wi-Fi', value: 'bravo-only-net' }] },
    });
    expect(infoShow.status).toBe(200);
    const notice = await call(t.app, { method: 'POST', url: '/api/config/notice/query', headers: bHeaders, payload: {} });
    const noticeUpdate = await call(t.app, {
      method: 'POST',
      url: '/api/config/notice/update',
      headers: bHeaders,
      payload: { ...(notice.body.result as object), updatedAt: undefined, footer: 'bravo-only footer', noticeMinutes: 60 },
    });
    expect(noticeUpdate.status).toBe(200);
    expect((await call(t.app, { method: 'PUT', url: '/api/company/application', headers: bHeaders, payload: { key: 'rooms', isEnabled: false } })).status).toBe(200);
    // B's own licence: A's licence page must not list it.
    const bravoLicence = testLicenceToken('bravo', t.clock.now(), { number: 'bravo-only-licence', licensee: 'bravo-only licensee', serial: 'bravo-only-serial' });
    expect((await call(t.app, { method: 'POST', url: '/api/company/licence', headers: bHeaders, payload: { token: bravoLicence } })).status).toBe(200);
    // Each company's room on a floor, with a room type and a disable period of B's.
    const roomIn = async (token: string, floorId: number, name: string, roomTypeId?: number) => {
      const answer = await call<{ id: number }>(t.app, { method: 'POST', url: '/api/location/addMeetingRoom', headers: { token }, payload: { floorId, name, capacity: 5, ...(roomTypeId ? { roomTypeId } : {}) } });
      expect(answer.status, answer.body.message).toBe(200);
      return answer.body.result.id;
    };
    const bravoType = await call<{ id: number }>(t.app, { method: 'POST', url: '/api/roomType/add', headers: bHeaders, payload: { name: 'Bravo Secret Type', typeCode: 'BRAVO-SUB' } });
    roomOfB = await roomIn(tokenB, floor, 'Bravo Vault Annex', bravoType.body.result.id);
    // Each company's Zoom room: the Zoom list shows A only A's.
    const zoomTypeIn = async (token: string, name: string, typeCode: string) => {
      const answer = await call<{ id: number }>(t.app, { method: 'POST', url: '/api/roomType/add', headers: { token }, payload: { name, typeCode, kind: 'zoom' } });
      expect(answer.status, answer.body.message).toBe(200);
      return answer.body.result.id;
    };
    await roomIn(tokenB, floor, 'Bravo Vault Zoom', await zoomTypeIn(tokenB, 'Bravo Vault Zoom Type', 'BRAVO-SUB-ZOOM'));
    const period = await call(t.app, { method: 'POST', url: '/api/location/room/addDisablePeriod', headers: bHeaders, payload: { roomId: roomOfB, startAt: t.clock.now() + 3_600_000, endAt: t.clock.now() + 7_200_000, reason: 'bravo-only works' } });
    expect(period.status).toBe(200);
    const alphaFloor = await t.factories.location({ companyId: a.id, level: LOCATION_LEVEL.floor, name: 'Alpha Floor' });
    const sessionA = await t.factories.session(adminA);
    roomOfA = await roomIn(sessionA, alphaFloor, 'Alpha Room');
    zoomRoomOfA = await roomIn(sessionA, alphaFloor, 'Alpha Zoom', await zoomTypeIn(sessionA, 'Alpha Zoom Type', 'ALPHA-ZOOM'));
    const outbox = createMailOutboxRepository(t.db.kysely);
    mailOfB = await outbox.insert({ companyId: b.id, event: 'other', actorUserId: null, to: adminB.email, subject: 'Bravo Vault opening', text: 'bravo-only', html: null, status: 'kept', createdAt: t.clock.now() });
    mailOfA = await outbox.insert({ companyId: a.id, event: 'other', actorUserId: null, to: adminA.email, subject: 'Alpha news', text: 'alpha', html: null, status: 'kept', createdAt: t.clock.now() });
    // B's door display in its vault room, with a screen group and a light cycle; A's own display.
    const doorDisplays = createDoorDisplayRepository(t.db.kysely);
    const now = t.clock.now();
    await t.db.kysely.insertInto('resources').values({ id: vault, company_id: b.id, kind: 'room', created_at: now }).execute();
    await t.db.kysely.insertInto('rooms').values({ id: vault, company_id: b.id, capacity: 4, created_at: now, updated_at: now }).execute();
    displayOfB = await doorDisplays.insertDevice({ companyId: b.id, roomId: vault, name: 'bravo-only display', code: '42424' }, now);
    const bravoGroup = await doorDisplays.insertScreenSetting({ companyId: b.id, title: 'Bravo Vault screens', settings: '{}', exitPasswordHash: null }, now);
    await doorDisplays.setScreenSettingRooms(b.id, bravoGroup, [vault]);
    await doorDisplays.insertLightCycle({ companyId: b.id, deviceId: displayOfB, weekday: '1', startTime: '08:00', endTime: '09:00' }, now);
    // Each company's meeting in its room (B's after its disable period).
    const reserve = async (token: string, roomId: number, title: string) => {
      const answer = await call<{ id: number }>(t.app, {
        method: 'POST',
        url: '/api/meeting/reservation',
        headers: { token },
        payload: { roomId, title, startAt: now + 3 * 3_600_000, endAt: now + 4 * 3_600_000 },
      });
      expect(answer.status, answer.body.message).toBe(200);
      return answer.body.result.id;
    };
    reservationOfB = await reserve(tokenB, roomOfB, 'bravo-only board meeting');
    reservationOfA = await reserve(sessionA, roomOfA, 'Alpha meeting');
    // B's own booking rules: A keeps reading the defaults.
    const bravoRules = { ...DEFAULT_BOOKING_PREFERENCES, bookAheadDays: 7, bookableHours: { start: '07:15', end: '19:45' } };
    expect((await call(t.app, { method: 'PUT', url: '/api/meeting/preferences', headers: { token: tokenB }, payload: bravoRules })).status).toBe(200);
    const alphaRoom = await createTestRoom(t.db, t.factories, t.clock, a.id, { name: 'Alpha Room' });
    displayOfA = await doorDisplays.insertDevice({ companyId: a.id, roomId: alphaRoom.roomId, name: 'Alpha display', code: '11111' }, now);
    // B's broadcast notice on its vault display: A's notice list and targets stay A's.
    const bravoNotice = await call(t.app, {
      method: 'POST',
      url: '/api/broadcast/create',
      headers: { token: tokenB },
      payload: { title: 'bravo-only notice', image: 'default:welcome', deviceIds: [displayOfB], startAt: now, endAt: now + 3_600_000 },
    });
    expect(bravoNotice.status, bravoNotice.body.message).toBe(200);
    // A visit in each company, with its reason: A's visitor pages stay A's.
    const invite = async (token: string, reason: string, hostId: number, locationId: number, visitor: Record<string, string>) => {
      const reasonId = (await call<{ id: number }>(t.app, { method: 'POST', url: '/api/visitor/reason/add', headers: { token }, payload: { name: reason } })).body.result.id;
      const answer = await call<{ id: number }>(t.app, { method: 'POST', url: '/api/visitor/invite', headers: { token }, payload: { visitor, reasonId, hostId, locationId, visitAt: now + 3_600_000, expectedEndAt: now + 7_200_000 } });
      expect(answer.status, answer.body.message).toBe(200);
      return answer.body.result.id;
    };
    visitOfB = await invite(tokenB, 'bravo-only visit', adminB.id, floor, { name: 'bravo-only guest', email: 'guest@bravo.test', company: 'Bravo Industry' });
    visitOfA = await invite(sessionA, 'Alpha visit', adminA.id, alphaFloor, { name: 'Alpha guest', email: 'guest@alpha.test' });
    const watchOfB = await call(t.app, { method: 'POST', url: '/api/visitor/watchlist/add', headers: { token: tokenB }, payload: { name: 'bravo-only watched', email: 'watched@bravo.test', action: 'alert' } });
    expect(watchOfB.status, watchOfB.body.message).toBe(200);
    placeOfA = alphaFloor;
    placeOfB = floor;
    const ruleOfB = await call(t.app, { method: 'POST', url: '/api/visitor/rule/save', headers: { token: tokenB }, payload: { locationId: floor, reasonId: null, walkIns: false, approval: true } });
    expect(ruleOfB.status, ruleOfB.body.message).toBe(200);
    const neighbourhoodOfB = await call<{ id: number }>(t.app, { method: 'POST', url: '/api/desk/neighbourhood/save', headers: { token: tokenB }, payload: { floorId: floor, name: 'bravo-only quiet', color: '#224466' } });
    expect(neighbourhoodOfB.status, neighbourhoodOfB.body.message).toBe(200);
    const deskOfB = await call(t.app, { method: 'POST', url: '/api/desk/save', headers: { token: tokenB }, payload: { floorId: floor, number: 'bravo-only-1', mode: 'bookable', neighbourhoodId: neighbourhoodOfB.body.result.id } });
    expect(deskOfB.status, deskOfB.body.message).toBe(200);
    deskOfBId = (deskOfB.body.result as { id: number }).id;
    const bookingOfB = await call(t.app, { method: 'POST', url: '/api/desk/book', headers: { token: tokenB }, payload: { deskId: (deskOfB.body.result as { id: number }).id, date: tomorrow(), part: 'day' } });
    expect(bookingOfB.status, bookingOfB.body.message).toBe(200);
    const repairOfB = await call<{ id: number }>(t.app, { method: 'POST', url: '/api/repair/report', headers: { token: tokenB }, payload: { kind: 'desk', targetId: deskOfBId, title: 'bravo-only broken chair', blocksUse: true } });
    expect(repairOfB.status, repairOfB.body.message).toBe(200);
    reportOfB = repairOfB.body.result.id;
    const checklistOfB = await call<{ id: number }>(t.app, { method: 'POST', url: '/api/inspection/checklist/save', headers: { token: tokenB }, payload: { name: 'bravo-only walk', interval: 'daily', locationId: floor, items: [{ key: 'a', text: 'bravo-only item' }] } });
    expect(checklistOfB.status, checklistOfB.body.message).toBe(200);
    const roundB = await call<{ id: number }>(t.app, { method: 'POST', url: '/api/inspection/complete', headers: { token: tokenB }, payload: { checklistId: checklistOfB.body.result.id, results: [{ key: 'a', ok: false, note: 'bravo-only finding' }] } });
    expect(roundB.status, roundB.body.message).toBe(200);
    roundOfB = roundB.body.result.id;
    const deviceOfB = await call(t.app, { method: 'POST', url: '/api/visitor/device/add', headers: { token: tokenB }, payload: { kind: 'printer', name: 'bravo-only printer', serial: 'bravo-only-serial', locationId: floor } });
    expect(deviceOfB.status, deviceOfB.body.message).toBe(200);
    const themeOfB = await call(t.app, { method: 'POST', url: '/api/visitor/kiosk-theme', headers: { token: tokenB }, payload: { welcomeEn: 'bravo-only welcome', welcomeZh: null, color: '#123456' } });
    expect(themeOfB.status, themeOfB.body.message).toBe(200);
    // An asset in each company (B's checked out to B's desk): A's asset lists and files hold none of B's.
    const assetIn = async (token: string, prefix: string) => {
      const category = await call<{ id: number }>(t.app, { method: 'POST', url: '/api/asset/category/add', headers: { token }, payload: { parentId: null, name: `${prefix} gear` } });
      const model = await call<{ id: number }>(t.app, { method: 'POST', url: '/api/asset/model/save', headers: { token }, payload: { categoryId: category.body.result.id, name: `${prefix} model`, manufacturer: `${prefix} maker` } });
      const asset = await call<{ id: number }>(t.app, { method: 'POST', url: '/api/asset/save', headers: { token }, payload: { tag: `${prefix}-tag`, serial: `${prefix}-serial`, modelId: model.body.result.id } });
      expect(asset.status, asset.body.message).toBe(200);
      return asset.body.result.id;
    };
    assetOfB = await assetIn(tokenB, 'bravo-only');
    assetOfA = await assetIn(sessionA, 'Alpha');
    const assetOutOfB = await call(t.app, { method: 'POST', url: '/api/asset/checkout', headers: { token: tokenB }, payload: { id: assetOfB, targetKind: 'desk', targetId: deskOfBId } });
    expect(assetOutOfB.status, assetOutOfB.body.message).toBe(200);
    // Air quality: B's thresholds for its room ("Bravo Vault Annex") and an alert there acknowledged by B's admin.
    const airOfB = await call(t.app, { method: 'PUT', url: '/api/air/thresholds', headers: { token: tokenB }, payload: { locationId: roomOfB, preset: 'custom', custom: { limits: { co2: { max: 900 } }, minDurationSeconds: 0 } } });
    expect(airOfB.status, airOfB.body.message).toBe(200);
    const [alertOfB] = await t.app.air.evaluate(b.id, 4242, roomOfB, [{ metric: 'air.co2', at: t.clock.now(), value: 1500 }]);
    expect((await call(t.app, { method: 'POST', url: `/api/air/alerts/${alertOfB!.alertId}/acknowledge`, headers: { token: tokenB } })).status).toBe(200);
    // An error B's console reported: A's front-end log holds none of it.
    const reportOfBConsole = await call(t.app, { method: 'POST', url: '/api/frontend-log/report', headers: { token: tokenB }, payload: { entries: [{ kind: 'error', page: '/bravo-only', message: 'bravo-only crash', at: now }] } });
    expect(reportOfBConsole.status, reportOfBConsole.body.message).toBe(200);
    // A smart device of B's in B's room (issue 22).
    const smartOfB = await call(t.app, { method: 'POST', url: '/api/smart/devices', headers: { token: tokenB }, payload: { name: 'Bravo Vault host', kind: 'central_host', homieId: 'bravo-only-host', ipAddress: '10.66.0.1', roomId: roomOfB } });
    expect(smartOfB.status, smartOfB.body.message).toBe(200);
  });
  afterAll(() => t.cleanup());

  /** The day after the clock's now (UTC), a day a desk can be booked. */
  const tomorrow = () => new Date(t.clock.now() + 86_400_000).toISOString().slice(0, 10);

  const expectNothingOfB = (label: string, body: unknown) => {
    const text = JSON.stringify(body);
    for (const marker of [...B_MARKERS, bravoLogoUrl, adminB.userName, adminB.email]) expect(text, `${label} leaks ${marker}`).not.toContain(marker);
  };

  it("shows company A's session only A's data on every readable route", async () => {
    const signedIn = await signIn(t.app, adminA);
    expectNothingOfB('login', signedIn.body);
    const reads = t.app.routeTable.filter(
      (route) => route.method === 'GET' && (route.access === 'authenticated' || route.access === 'permission') && route.url.startsWith('/api/') && route.url !== '/api/logout' && route.url !== '/api/beike/logout',
    );
    // The boss area is the installation's, not a tenant's: every route under it takes an operator session
    // (and refuses A's, operator.test.ts), so none of it belongs to the list below.
    const boss = t.app.routeTable.filter((route) => route.url.startsWith('/api/boss/') && route.method !== 'HEAD');
    expect(boss.filter((route) => route.access !== 'operator').map((route) => `${route.method} ${route.url}`)).toEqual(['POST /api/boss/login']);
    expect(t.app.routeTable.filter((route) => route.access === 'operator' && !route.url.startsWith('/api/boss/'))).toEqual([]);
    expect(reads.map((route) => route.url).sort()).toEqual([
      '/api/ad/setting',
      '/api/ad/synGroupAndUser',
      '/api/air/alerts',
      '/api/air/board-links',
      '/api/air/devices',
      '/api/air/history',
      '/api/air/now',
      '/api/air/thresholds',
      '/api/asset/category/list',
      '/api/asset/detail',
      '/api/asset/export',
      '/api/asset/history',
      '/api/asset/labels',
      '/api/asset/list',
      '/api/asset/model/list',
      '/api/asset/options',
      '/api/asset/targets',
      '/api/branch/releaseNotes',
      '/api/broadcast/images',
      '/api/broadcast/list',
      '/api/broadcast/targets',
      '/api/checkIsLogin',
      '/api/company',
      '/api/company/application',
      '/api/company/getCompany',
      '/api/company/licence',
      '/api/customSetting/getInfoShowCustomSettingList',
      '/api/customSetting/getSysDicItemList',
      '/api/desk/access/departments',
      '/api/desk/availability',
      '/api/desk/booking/access',
      '/api/desk/booking/floors',
      '/api/desk/booking/mine',
      '/api/desk/booking/near',
      '/api/desk/closures',
      '/api/desk/export',
      '/api/desk/floor-map',
      '/api/desk/floors',
      '/api/desk/list',
      '/api/desk/live',
      '/api/desk/live/floors',
      '/api/desk/live/link',
      '/api/desk/live/stream',
      '/api/desk/monitoring/desks',
      '/api/desk/monitoring/overview',
      '/api/desk/monitoring/today',
      '/api/desk/neighbourhood/list',
      '/api/desk/owners',
      '/api/desk/qr',
      '/api/desk/qr-sheet',
      '/api/desk/releases',
      '/api/desk/rooms',
      '/api/desk/rules',
      '/api/deviceActivation/rooms',
      '/api/deviceLightCycle/findDeviceLightCycleList',
      '/api/deviceTheme/getDeviceThemeRecordByDeviceId',
      '/api/frontend-log/list',
      '/api/googleOauth/getUserInfoByToken',
      '/api/group/list',
      '/api/inspection/areas',
      '/api/inspection/checklists',
      '/api/inspection/due',
      '/api/inspection/run',
      '/api/inspection/runs',
      '/api/live/board-links',
      '/api/live/rooms',
      '/api/live/stream',
      '/api/location/findRoomById',
      '/api/location/getLocationRegionInfo',
      '/api/location/getLocationTree',
      '/api/location/room/disablePeriods',
      '/api/location/v2/getBlackListConfig',
      '/api/mail/outbox',
      '/api/mail/outbox/details',
      '/api/manager/list',
      '/api/manager/owner',
      '/api/meeting/approval/list',
      '/api/meeting/approval/settings',
      '/api/meeting/available-rooms',
      '/api/meeting/blacklist/candidates',
      '/api/meeting/blacklist/list',
      '/api/meeting/blacklist/mine',
      '/api/meeting/calendar/events',
      '/api/meeting/calendar/shares',
      '/api/meeting/colleagues',
      '/api/meeting/feed',
      '/api/meeting/feed/room',
      '/api/meeting/preferences',
      '/api/meeting/reservation',
      '/api/meeting/reservation/list',
      '/api/meeting/reservation/mine',
      '/api/meeting/room-air',
      '/api/meeting/room/qr',
      '/api/meeting/schedule',
      '/api/meeting/search',
      '/api/message/log',
      '/api/notification/list',
      '/api/notification/unread-count',
      '/api/oauth/identities',
      '/api/oauth/sendOauthMail',
      '/api/operation-log/export',
      '/api/operation-log/list',
      '/api/organization/members',
      '/api/organization/members/export',
      '/api/organization/roles',
      '/api/organization/roles/export',
      '/api/passStrategy/getPassStrategy',
      '/api/repair/photo',
      '/api/repair/report',
      '/api/repair/reports',
      '/api/repair/targets',
      '/api/report/analysis',
      '/api/report/list',
      '/api/report/options',
      '/api/role/current',
      '/api/roomType/list',
      '/api/safety-password',
      '/api/screenSetting/findScreenSettingList',
      '/api/smart/alarms',
      '/api/smart/analysis',
      '/api/smart/analysis/export',
      '/api/smart/devices',
      '/api/smart/devices/:id',
      '/api/smart/devices/options',
      '/api/smart/rooms',
      '/api/smart/rooms/:roomId',
      '/api/smart/rooms/:roomId/plan',
      '/api/smart/rooms/:roomId/scenes',
      '/api/smart/sensors',
      '/api/sso/candidates',
      '/api/sso/members',
      '/api/sso/setting',
      '/api/tenant/company-contacts',
      '/api/tenant/company/search',
      '/api/tenant/group/list',
      '/api/tenant/group/list-of-location-or-group',
      '/api/tenant/group/style-table',
      '/api/tenant/group/user/statistics',
      '/api/tenant/location/findLocationTreewithParam/city-building-room',
      '/api/tenant/location/getLocationTree/city-and-building',
      '/api/tenant/location/max-display-order',
      '/api/tenant/role/details',
      '/api/tenant/role/tree',
      '/api/tenant/role/user/candidates',
      '/api/tenant/role/user/search',
      '/api/third-party',
      '/api/third-party/auth-address',
      '/api/upload/files/:companyId/:name',
      '/api/user/common/details',
      '/api/user/details',
      '/api/user/directoryOptions',
      '/api/user/getCurrentUserInfo',
      '/api/user/getMenuList',
      '/api/user/sessions',
      '/api/userGroup/getList',
      '/api/v2/wx/getQrCodePath',
      '/api/v2/wx/ordinaryQrCodePath',
      '/api/visitor/analysis',
      '/api/visitor/apply/list',
      '/api/visitor/badge',
      '/api/visitor/detail',
      '/api/visitor/device/list',
      '/api/visitor/document',
      '/api/visitor/export',
      '/api/visitor/hosts',
      '/api/visitor/kiosk-theme',
      '/api/visitor/list',
      '/api/visitor/locations',
      '/api/visitor/mine',
      '/api/visitor/on-site',
      '/api/visitor/place',
      '/api/visitor/place/receptionists',
      '/api/visitor/place/register-link',
      '/api/visitor/printers',
      '/api/visitor/reason/list',
      '/api/visitor/rule/list',
      '/api/visitor/settings',
      '/api/visitor/watchlist',
      '/api/work-chat/setting',
      '/api/zoom/findZoomRoomsList',
    ]);
    // Detail routes are read with A's own record; B's record is as unknown as a missing one.
    const ownQuery: Record<string, string> = {
      '/api/mail/outbox/details': `?id=${mailOfA}`,
      '/api/asset/detail': `?id=${assetOfA}`,
      '/api/asset/history': `?id=${assetOfA}`,
      '/api/asset/targets': '?kind=desk',
      '/api/work-chat/setting': '?provider=wecom',
      '/api/asset/export': '?status=lost',
      '/api/asset/labels': '?ids=none',
      '/api/desk/list': `?floorId=${placeOfA}`,
      '/api/air/history': `?locationId=${placeOfA}&metric=co2&from=0&to=3600000`,
      '/api/desk/export': '?floorId=none',
      '/api/desk/availability': `?floorId=${placeOfA}&date=${tomorrow()}`,
      '/api/desk/booking/access': `?floorId=${placeOfA}`,
      '/api/desk/booking/near': `?userId=${adminA.id}&floorId=${placeOfA}&date=${tomorrow()}&part=day`,
      '/api/desk/neighbourhood/list': `?floorId=${placeOfA}`,
      '/api/desk/live': `?floorId=${placeOfA}`,
      '/api/desk/live/link': `?floorId=${placeOfA}`,
      '/api/desk/rooms': `?floorId=${placeOfA}`,
      '/api/deviceTheme/getDeviceThemeRecordByDeviceId': `?deviceId=${displayOfA}`,
      // Days around B's desk booking (tomorrow): A's desk figures must still hold none of it.
      '/api/desk/monitoring/overview': `?from=${new Date(t.clock.now() - 86_400_000).toISOString().slice(0, 10)}&to=${new Date(t.clock.now() + 2 * 86_400_000).toISOString().slice(0, 10)}`,
      '/api/desk/monitoring/desks': `?from=${new Date(t.clock.now() - 86_400_000).toISOString().slice(0, 10)}&to=${new Date(t.clock.now() + 2 * 86_400_000).toISOString().slice(0, 10)}`,
      '/api/user/details': `?id=${adminA.id}`,
      '/api/tenant/role/details': `?id=${adminA.roleId}`,
      '/api/tenant/role/user/search': `?roleId=${adminA.roleId}`,
      '/api/oauth/sendOauthMail': `?userIds=${adminA.id}`,
      // B's names all carry "bravo": A's search for it must find nothing.
      '/api/tenant/company/search': '?keyword=bravo',
      '/api/deviceLightCycle/findDeviceLightCycleList': `?deviceId=${displayOfA}`,
      '/api/location/findRoomById': `?id=${roomOfA}`,
      '/api/location/getLocationRegionInfo': `?id=${roomOfA}`,
      '/api/location/room/disablePeriods': `?roomId=${roomOfA}`,
      '/api/meeting/reservation': `?id=${reservationOfA}`,
      '/api/visitor/detail': `?id=${visitOfA}`,
      // Days around both companies' visits: A's analysis and export must still hold none of B's.
      '/api/visitor/analysis': `?from=${new Date(t.clock.now() - 86_400_000).toISOString().slice(0, 10)}&to=${new Date(t.clock.now() + 2 * 86_400_000).toISOString().slice(0, 10)}`,
      '/api/visitor/export': '?format=csv',
      '/api/operation-log/export': '?format=csv',
      '/api/organization/members/export': '?format=csv',
      '/api/organization/roles/export': '?format=csv',
      '/api/visitor/place': `?locationId=${placeOfA}`,
      '/api/visitor/place/register-link': `?locationId=${placeOfA}`,
      '/api/visitor/place/receptionists': `?locationId=${placeOfA}`,
      '/api/meeting/calendar/events': `?ownerUserId=${adminA.id}&from=${t.clock.now()}&to=${t.clock.now() + 86_400_000}`,
      '/api/meeting/reservation/list': `?roomId=${roomOfA}&from=${t.clock.now()}&to=${t.clock.now() + 86_400_000}`,
      '/api/meeting/reservation/mine': `?from=${t.clock.now()}&to=${t.clock.now() + 86_400_000}`,
      '/api/meeting/schedule': `?date=2026-11-24`,
      '/api/meeting/colleagues': '?keyword=bravo',
      // B's meeting is titled "bravo-only board meeting": A's search for it must find nothing.
      '/api/meeting/search': '?keyword=bravo',
      '/api/meeting/feed/room': `?roomId=${roomOfA}`,
      '/api/meeting/available-rooms': `?startAt=${t.clock.now() + 86_400_000}&endAt=${t.clock.now() + 90_000_000}`,
      '/api/meeting/room-air': `?roomId=${roomOfA}&startAt=${t.clock.now() + 86_400_000}&endAt=${t.clock.now() + 90_000_000}`,
      // A window around now that holds B's meeting too: A's report must still show none of it.
      '/api/smart/analysis': `?from=${t.clock.now() - 86_400_000}&to=${t.clock.now() + 86_400_000}`,
      '/api/smart/analysis/export': '?from=none',
      '/api/report/list': `?range=custom&from=${t.clock.now() - 86_400_000}&to=${t.clock.now() + 86_400_000}`,
      '/api/report/analysis': `?range=custom&from=${t.clock.now() - 86_400_000}&to=${t.clock.now() + 86_400_000}`,
    };
    const foreignQuery: Record<string, string> = {
      '/api/mail/outbox/details': `?id=${mailOfB}`,
      '/api/asset/detail': `?id=${assetOfB}`,
      '/api/asset/history': `?id=${assetOfB}`,
      '/api/asset/labels': `?ids=${assetOfB}`,
      '/api/desk/list': `?floorId=${placeOfB}`,
      '/api/desk/availability': `?floorId=${placeOfB}&date=${tomorrow()}`,
      '/api/desk/booking/access': `?floorId=${placeOfB}`,
      '/api/desk/booking/near': `?userId=${adminA.id}&floorId=${placeOfB}&date=${tomorrow()}&part=day`,
      '/api/desk/releases': `?deskId=${deskOfBId}`,
      '/api/desk/neighbourhood/list': `?floorId=${placeOfB}`,
      '/api/deviceTheme/getDeviceThemeRecordByDeviceId': `?deviceId=${displayOfB}`,
      '/api/desk/monitoring/today': `?floorId=${placeOfB}`,
      '/api/desk/monitoring/overview': `?from=2026-11-01&to=2026-11-30&floorId=${placeOfB}`,
      '/api/desk/monitoring/desks': `?from=2026-11-01&to=2026-11-30&floorId=${placeOfB}`,
      '/api/user/details': `?id=${adminB.id}`,
      '/api/tenant/role/details': `?id=${adminB.roleId}`,
      '/api/tenant/role/user/search': `?roleId=${adminB.roleId}`,
      '/api/oauth/sendOauthMail': `?userIds=${adminB.id}`,
      '/api/deviceLightCycle/findDeviceLightCycleList': `?deviceId=${displayOfB}`,
      '/api/location/findRoomById': `?id=${roomOfB}`,
      '/api/location/getLocationRegionInfo': `?id=${roomOfB}`,
      '/api/location/room/disablePeriods': `?roomId=${roomOfB}`,
      '/api/location/getLocationTree': `?parentId=${roomOfB}`,
      '/api/meeting/reservation': `?id=${reservationOfB}`,
      '/api/visitor/detail': `?id=${visitOfB}`,
      '/api/visitor/badge': `?id=${visitOfB}`,
      '/api/visitor/document': `?id=${visitOfB}&kind=nda`,
      '/api/visitor/place': `?locationId=${placeOfB}`,
      '/api/visitor/place/register-link': `?locationId=${placeOfB}`,
      '/api/visitor/place/receptionists': `?locationId=${placeOfB}`,
      '/api/meeting/calendar/events': `?ownerUserId=${adminB.id}&from=${t.clock.now()}&to=${t.clock.now() + 86_400_000}`,
      '/api/meeting/calendar/shares': `?ownerUserId=${adminB.id}`,
      '/api/meeting/reservation/list': `?roomId=${roomOfB}&from=${t.clock.now()}&to=${t.clock.now() + 86_400_000}`,
      '/api/meeting/schedule': `?date=2026-11-24&locationId=${roomOfB}`,
      '/api/meeting/available-rooms': `?startAt=${t.clock.now() + 86_400_000}&endAt=${t.clock.now() + 90_000_000}&locationId=${roomOfB}`,
      '/api/meeting/room-air': `?roomId=${roomOfB}&startAt=${t.clock.now() + 86_400_000}&endAt=${t.clock.now() + 90_000_000}`,
      '/api/live/rooms': `?locationId=${roomOfB}`,
      '/api/smart/rooms': `?locationId=${roomOfB}`,
      '/api/smart/analysis': `?from=${t.clock.now() - 86_400_000}&to=${t.clock.now()}&locationId=${roomOfB}`,
      '/api/smart/analysis/export': `?from=${t.clock.now() - 86_400_000}&to=${t.clock.now()}&locationId=${roomOfB}`,
      '/api/air/now': `?locationId=${roomOfB}`,
      '/api/air/history': `?locationId=${roomOfB}&metric=co2&from=0&to=3600000`,
      '/api/smart/sensors': `?locationId=${roomOfB}`,
      '/api/live/stream': `?locationId=${roomOfB}`,
      '/api/meeting/room/qr': `?roomId=${roomOfB}`,
      '/api/desk/qr': `?deskId=${deskOfBId}`,
      '/api/repair/report': `?id=${reportOfB}`,
      '/api/inspection/run': `?id=${roundOfB}`,
      '/api/desk/floor-map': `?floorId=${placeOfB}`,
      '/api/desk/qr-sheet': `?floorId=${placeOfB}`,
      '/api/desk/export': `?floorId=${placeOfB}`,
      '/api/desk/live': `?floorId=${placeOfB}`,
      '/api/desk/live/link': `?floorId=${placeOfB}`,
      '/api/desk/live/stream': `?floorId=${placeOfB}`,
      '/api/desk/rooms': `?floorId=${placeOfB}`,
      '/api/meeting/feed/room': `?roomId=${roomOfB}`,
      '/api/report/list': `?roomId=${roomOfB}`,
      '/api/report/analysis': `?locationId=${roomOfB}`,
    };
    // B's smart device by id answers A 404 like an unknown one.
    const smartOfB = await t.db.kysely.selectFrom('smart_devices').select('id').where('homie_id', '=', 'bravo-only-host').executeTakeFirstOrThrow();
    const foreignDevice = await call(t.app, { method: 'GET', url: `/api/smart/devices/${smartOfB.id}`, headers: { token: signedIn.token! } });
    expect([foreignDevice.status, foreignDevice.body.returncode]).toEqual([404, 1002]);
    expectNothingOfB('/api/smart/devices/:id', foreignDevice.body);
    // An event stream stays open: live.test.ts reads it; here only B's location is refused.
    const eventStreams = new Set(['/api/live/stream', '/api/desk/live/stream']);
    // A file is read as text, with something of A's in it and none of B's: the visits' export, the
    // operation log's (A's visit reason was added), the organisation's (A's administrator).
    const files = new Map([
      ['/api/visitor/export', 'Alpha guest'],
      ['/api/operation-log/export', 'visitReason.create'],
      ['/api/organization/members/export', adminA.email],
      ['/api/organization/roles/export', adminA.email],
    ]);
    // A's directory sync is off (B's is on): running it is refused, with nothing of B's setting.
    // The QR code is a PNG (read in booking-checkin.test.ts); without its roomId it answers 400 in the envelope.
    // A badge is a PDF (read in visitor-badge.test.ts); without the visit's id it answers 400 likewise.
    // A visit's document is a file too (read in visitor-steps.test.ts); without its query it answers 400 likewise.
    // A desk's QR code is a PNG too (read in desk.test.ts): without its deskId, 400 likewise.
    // A repair report and its photo are read by id (repair.test.ts): without it, 400.
    // A floor's plan is an image too (read in floor-map.test.ts), its QR sheet a PDF (desk-qr-sheet.test.ts): without the floorId, 400 likewise.
    const refusedForA: Record<string, number> = {
      '/api/ad/synGroupAndUser': 422,
      '/api/meeting/room/qr': 400,
      '/api/desk/qr': 400,
      '/api/visitor/badge': 400,
      '/api/visitor/document': 400,
      '/api/repair/report': 400,
      '/api/repair/photo': 400,
      '/api/inspection/run': 400,
      '/api/desk/floor-map': 400,
      '/api/desk/qr-sheet': 400,
      // The asset export (xlsx) and labels (PDF) are files too (read in asset-files.test.ts): with a bad filter or ids, 400 likewise.
      '/api/asset/export': 400,
      '/api/asset/labels': 400,
      // The desks' export (xlsx) too (read in desk-sheet.test.ts): with a floorId that is no id, 400 likewise.
      '/api/desk/export': 400,
      // The smart-room analysis export (CSV; read in smart-room.test.ts) likewise.
      '/api/smart/analysis/export': 400,
      // A calendar connection's consent page is asked by its id (calendar-sync.test.ts): without it, 400.
      '/api/third-party/auth-address': 400,
    };
    // A stored file is addressed by its company: B's answers A with 404, like a missing one.
    const bravoFile = await call(t.app, { method: 'GET', url: bravoLogoUrl, headers: { token: signedIn.token! } });
    expect(bravoFile.status).toBe(404);
    expectNothingOfB(bravoLogoUrl, bravoFile.body);
    for (const route of reads.filter((candidate) => !candidate.url.includes(':'))) {
      if (files.has(route.url)) {
        const file = await t.app.inject({ method: 'GET', url: route.url + (ownQuery[route.url] ?? ''), headers: { token: signedIn.token! } });
        expect([file.statusCode, file.body.includes(files.get(route.url)!)], route.url).toEqual([200, true]);
        expectNothingOfB(route.url, file.body);
      } else if (!eventStreams.has(route.url)) {
        const answer = await call(t.app, { method: 'GET', url: route.url + (ownQuery[route.url] ?? ''), headers: { token: signedIn.token! } });
        expect(answer.status, route.url).toBe(refusedForA[route.url] ?? 200);
        expectNothingOfB(route.url, answer.body);
      }
      if (foreignQuery[route.url]) {
        const foreign = await call(t.app, { method: 'GET', url: route.url + foreignQuery[route.url], headers: { token: signedIn.token! } });
        expect([foreign.status, foreign.body.returncode], route.url).toEqual([404, 1002]);
        expectNothingOfB(route.url, foreign.body);
      }
    }
    const list = await call(t.app, { method: 'POST', url: '/api/user/getUserList', headers: { token: signedIn.token! }, payload: {} });
    expect(list.status).toBe(200);
    expectNothingOfB('getUserList', list.body);
    const notice = await call<{ footer: string; noticeMinutes: number }>(t.app, { method: 'POST', url: '/api/config/notice/query', headers: { token: signedIn.token! }, payload: {} });
    expect([notice.body.result.footer, notice.body.result.noticeMinutes]).toEqual(['', 15]);
    const applications = await call<{ list: { key: string; isEnabled: boolean }[] }>(t.app, { method: 'GET', url: '/api/company/application', headers: { token: signedIn.token! } });
    expect(applications.body.result.list.every((application) => application.isEnabled)).toBe(true);
    const zoomRooms = await call<{ id: number }[]>(t.app, { method: 'GET', url: '/api/zoom/findZoomRoomsList', headers: { token: signedIn.token! } });
    expect(zoomRooms.body.result.map((room) => room.id)).toEqual([zoomRoomOfA]);
    const info = await call<{ company: { name: string } }>(t.app, { method: 'GET', url: '/api/user/getCurrentUserInfo', headers: { token: signedIn.token! } });
    expect(info.body.result.company.name).toBe('Alpha Works');
    const rules = await call<BookingPreferencesAnswer>(t.app, { method: 'GET', url: '/api/meeting/preferences', headers: { token: signedIn.token! } });
    expect(rules.body.result).toEqual({ ...DEFAULT_BOOKING_PREFERENCES, defaultReminderMinutes: 15, defaultNoticeMinutes: 15, updatedAt: null, updatedByName: null });
  });

  it("changes only A's rows when A changes passwords and signs out", async () => {
    const own = await signIn(t.app, adminA);
    expect(
      (await call(t.app, {
        method: 'POST',
        url: '/api/user/updateUserPassword',
        headers: { token: own.token! },
        payload: { oldPassword: adminA.password, newPassword: 'Alpha-Pass-22', confirmPassword: 'Alpha-Pass-22' },
      })).status,
    ).toBe(200);
    const first = await signIn(t.app, newcomerA);
    expect(
      (await call(t.app, {
        method: 'POST',
        url: '/api/user/updateDefaultPassword',
        headers: { token: first.token! },
        payload: { newPassword: 'Alpha-Pass-23', confirmPassword: 'Alpha-Pass-23' },
      })).status,
    ).toBe(200);
    expect((await call(t.app, { method: 'GET', url: '/api/logout', headers: { token: own.token! } })).status).toBe(200);

    // B's session survived A's "end every session" and sign-outs, and B's password is untouched.
    expect((await call(t.app, { method: 'GET', url: '/api/checkIsLogin', headers: { token: tokenB } })).status).toBe(200);
    expect((await signIn(t.app, adminB)).status).toBe(200);
  });
});
