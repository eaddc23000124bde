import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AIR_PRESET_THRESHOLDS, LOCATION_LEVELS, ReturnCode, type AirAlert, type AirAlertPage, type AirThresholds } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { indexLocations } from '../location/location.presenter.js';
import { createLocationRepository } from '../location/location.repository.js';
import { createAirService } from './air.service.js';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 23, 9, 0);
const at = (minute: number) => T0 + minute * MINUTE;

describe(`air-quality thresholds and alerts (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let companyId: number;
  let otherCompanyId: number;
  let adminToken: string;
  let viewerToken: string;
  let otherAdminToken: string;
  let buildingId: number;
  let floorId: number;
  let roomId: number;
  let otherFloorId: number;
  let otherCompanyLocationId: number;
  let nextDevice = 1000;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.factories.companyWithAdmin('Fresh Air Co');
    companyId = a.company.id;
    adminToken = await t.factories.session(a.admin);
    viewerToken = await t.factories.session(await t.factories.user(companyId, { firstName: 'Vi', lastName: 'Viewer', permissions: ['roomsLocations:view'] }));
    const location = (name: string, level: number, parentId?: number, company = companyId) => t.factories.location({ companyId: company, parentId, level, name });
    buildingId = await location('Tower', LOCATION_LEVELS.building);
    floorId = await location('Floor 2', LOCATION_LEVELS.floor, buildingId);
    roomId = await location('Lab', LOCATION_LEVELS.room, floorId);
    otherFloorId = await location('Floor 3', LOCATION_LEVELS.floor, buildingId);
    const other = await t.factories.companyWithAdmin('Stale Air Ltd');
    otherCompanyId = other.company.id;
    otherAdminToken = await t.factories.session(other.admin);
    otherCompanyLocationId = await location('Their tower', LOCATION_LEVELS.building, undefined, otherCompanyId);
  });
  afterAll(() => t.cleanup());

  const request = <T>(method: 'GET' | 'PUT' | 'POST', url: string, token: string | null, payload?: Record<string, unknown>) =>
    call<T>(t.app, { method, url: `/api/air/${url}`, headers: token === null ? { lang: 'en-US' } : { token, lang: 'en-US' }, ...(payload ? { payload } : {}) });
  const saveThresholds = (payload: Record<string, unknown>, token = adminToken) => request<AirThresholds>('PUT', 'thresholds', token, payload);
  const alerts = (query = '', token = adminToken) => request<AirAlertPage>('GET', `alerts${query}`, token);
  const co2 = (minute: number, value: number) => ({ metric: 'air.co2', at: at(minute), value });

  it('raises once while CO2 wavers about the limit across batches, and clears only back inside by the band (the state is kept in the database)', async () => {
    const device = nextDevice++;
    // No setting saved: WELL v2 (CO2 800 ppm, band 50, five minutes).
    expect(await t.app.air.evaluate(companyId, device, roomId, [co2(0, 850), co2(2, 900)])).toEqual([]);
    // A second service on the same database, as after a restart: the wait started at minute 0 is remembered.
    const restarted = createAirService({ db: t.db.kysely, clock: t.clock, locations: async (id) => indexLocations(await createLocationRepository(t.db.kysely).listLocations(id)) });
    const raised = await restarted.evaluate(companyId, device, roomId, [co2(5, 820)]);
    expect(raised).toMatchObject([{ kind: 'raised', metric: 'co2', at: at(5), value: 820, side: 'above', limit: 800, peak: 820, deviceId: device, locationId: roomId }]);
    // Wavering about 800 but never at or under 750: no second alert, no clear.
    for (const [minute, value] of [[6, 790], [7, 810], [8, 760], [9, 1200], [10, 799]] as const) {
      expect(await t.app.air.evaluate(companyId, device, roomId, [co2(minute, value)])).toEqual([]);
    }
    const open = (await alerts('?state=raised')).body.result.list.filter((alert) => alert.deviceId === device);
    expect(open).toMatchObject([{ id: raised[0]!.alertId, state: 'raised', peak: 1200, unit: 'ppm', limit: 800, locationName: 'Lab', clearedAt: null }]);
    const cleared = await restarted.evaluate(companyId, device, roomId, [co2(11, 750)]);
    expect(cleared).toMatchObject([{ kind: 'cleared', alertId: raised[0]!.alertId, at: at(11), peak: 1200 }]);
    const stored = (await alerts('?state=cleared')).body.result.list.find((alert) => alert.id === raised[0]!.alertId);
    expect(stored).toMatchObject({ state: 'cleared', raisedAt: at(5), clearedAt: at(11), peak: 1200 });
    // A late reading of an earlier minute changes nothing.
    expect(await t.app.air.evaluate(companyId, device, roomId, [co2(3, 5000)])).toEqual([]);
  });

  it("skips readings of other nodes and unknown metrics, and converts nothing itself (the gateway stores the catalogue's units)", async () => {
    const device = nextDevice++;
    const events = await t.app.air.evaluate(companyId, device, null, [
      { metric: 'climate.temperature', at: at(0), value: 99 },
      { metric: 'air.noise', at: at(0), value: 99 },
      { metric: 'pm25', at: at(0), value: 20 },
      { metric: 'air.pm25', at: at(6), value: 21 },
    ]);
    expect(events.map((event) => [event.kind, event.metric, event.at])).toEqual([['raised', 'pm25', at(6)]]);
  });

  it('judges a batch of many devices together as one by one: each its own memory and place, past one transaction of devices', async () => {
    const devices = Array.from({ length: 70 }, () => nextDevice++);
    const batch = (minute: number, value: number) => devices.map((deviceId, n) => ({ deviceId, locationId: n % 2 === 0 ? roomId : null, readings: [co2(minute, value + n)] }));
    // WELL v2 everywhere yet: over 800 ppm for five minutes raises.
    expect(await t.app.air.evaluateMany(companyId, batch(0, 900))).toEqual([]);
    const raised = await t.app.air.evaluateMany(companyId, batch(5, 900));
    expect(raised.map((event) => [event.deviceId, event.kind, event.value, event.locationId])).toEqual(devices.map((deviceId, n) => [deviceId, 'raised', 900 + n, n % 2 === 0 ? roomId : null]));
    expect(new Set(raised.map((event) => event.alertId)).size).toBe(70);
    // Each remembers its own alert: the last device's clears, the first one's stays raised.
    const next = await t.app.air.evaluateMany(companyId, [
      { deviceId: devices[69]!, locationId: null, readings: [co2(6, 700)] },
      { deviceId: devices[0]!, locationId: roomId, readings: [co2(6, 1000)] },
    ]);
    expect(next).toMatchObject([{ deviceId: devices[69], kind: 'cleared', alertId: raised[69]!.alertId }]);
    const open = (await alerts('?state=raised&pageSize=100')).body.result.list.filter((alert) => alert.deviceId === devices[0]);
    expect(open).toMatchObject([{ id: raised[0]!.alertId, peak: 1000 }]);
  });

  it("judges a location by its own setting, else its nearest ancestor's, else the company default", async () => {
    const custom = (max: number) => ({ preset: 'custom', custom: { limits: { co2: { max, band: 10 } }, minDurationSeconds: 0 } });
    expect((await saveThresholds({ locationId: null, ...custom(1000) })).status).toBe(200);
    expect((await saveThresholds({ locationId: buildingId, ...custom(600) })).status).toBe(200);
    const saved = await saveThresholds({ locationId: roomId, preset: 'gb_t_18883' });
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.message).toBe('Air-quality thresholds saved');
    expect(saved.body.result.settings.map((setting) => [setting.locationId, setting.preset])).toEqual([
      [null, 'custom'],
      [roomId, 'gb_t_18883'],
      [buildingId, 'custom'],
    ]);
    expect(saved.body.result.settings[1]!.thresholds).toEqual(AIR_PRESET_THRESHOLDS.gb_t_18883);

    const raisesAt = async (locationId: number | null, value: number) => (await t.app.air.evaluate(companyId, nextDevice++, locationId, [co2(0, value)])).length > 0;
    // The room: GB/T 18883 (CO2 1000 ppm, five minutes): one reading at 1100 does not raise yet.
    expect(await raisesAt(roomId, 1100)).toBe(false);
    // The other floor has no setting: its building's 600 ppm, at once.
    expect(await raisesAt(otherFloorId, 700)).toBe(true);
    // No location: the company default, 1000 ppm.
    expect(await raisesAt(null, 700)).toBe(false);
    expect(await raisesAt(null, 1001)).toBe(true);
    // Replacing a setting keeps one row for the place.
    expect((await saveThresholds({ locationId: buildingId, preset: 'well_v2' })).body.result.settings.filter((setting) => setting.locationId === buildingId)).toMatchObject([{ preset: 'well_v2', custom: null }]);
    // Removing the room's setting: it follows its building again (WELL v2 now, CO2 800 ppm after five minutes).
    const removed = await call<AirThresholds>(t.app, { method: 'DELETE', url: '/api/air/thresholds', headers: { token: adminToken, lang: 'en-US' }, payload: { locationId: roomId } });
    expect([removed.status, removed.body.message]).toEqual([200, 'The thresholds there follow the level above again']);
    expect(removed.body.result.settings.map((setting) => setting.locationId)).toEqual([null, buildingId]);
    const device = nextDevice++;
    expect(await t.app.air.evaluate(companyId, device, roomId, [co2(0, 900)])).toEqual([]);
    expect((await t.app.air.evaluate(companyId, device, roomId, [co2(5, 900)])).map((event) => [event.kind, event.limit])).toEqual([['raised', 800]]);
    // Removing again changes nothing; another company's location is unknown.
    expect((await call(t.app, { method: 'DELETE', url: '/api/air/thresholds', headers: { token: adminToken }, payload: { locationId: roomId } })).status).toBe(200);
    expect((await call(t.app, { method: 'DELETE', url: '/api/air/thresholds', headers: { token: adminToken }, payload: { locationId: otherCompanyLocationId } })).status).toBe(404);
  });

  it('refuses invalid limits and bodies with the rule that failed', async () => {
    const bad = async (payload: Record<string, unknown>) => {
      const answer = await call<null>(t.app, { method: 'PUT', url: '/api/air/thresholds', headers: { token: adminToken, lang: 'en-US' }, payload });
      expect([answer.status, answer.body.returncode]).toEqual([400, ReturnCode.BAD_REQUEST]);
      return (answer.body as unknown as { result: { issues: Array<{ message: string }> } }).result.issues.map((issue) => issue.message);
    };
    const custom = (limits: Record<string, unknown>, minDurationSeconds = 60) => ({ locationId: null, preset: 'custom', custom: { limits, minDurationSeconds } });
    expect(await bad(custom({ humidity: { min: 60, max: 30, band: 1 } }))).toEqual(['The minimum is above the maximum']);
    expect(await bad(custom({ co2: { max: 800, band: -5 } }))).toEqual(['The band cannot be negative']);
    expect(await bad(custom({ humidity: { min: 40, max: 50, band: 5 } }))).toEqual(['The band is too wide: no value between the minimum and the maximum would clear an alert']);
    expect(await bad(custom({ co2: { band: 5 } }))).toEqual(['A limit needs a minimum or a maximum']);
    expect(await bad(custom({}, -1))).toEqual(['The minimum duration cannot be negative']);
    expect(await bad({ locationId: null, preset: 'custom' })).toEqual(['Custom limits are needed with the custom preset']);
    expect((await bad({ locationId: null, preset: 'leed' })).length).toBe(1);
  });

  it("keeps each company's settings and alerts to itself", async () => {
    const device = nextDevice++;
    const [raised] = await t.app.air.evaluate(companyId, device, roomId, [{ metric: 'air.hcho', at: at(0), value: 200 }, { metric: 'air.hcho', at: at(10), value: 210 }]);
    expect(raised?.kind).toBe('raised');
    // Another company neither lists nor acknowledges it, nor saves thresholds on our locations.
    expect((await alerts('?pageSize=100', otherAdminToken)).body.result.list.map((alert) => alert.id)).not.toContain(raised!.alertId);
    const foreign = await request<null>('POST', `alerts/${raised!.alertId}/acknowledge`, otherAdminToken);
    expect([foreign.status, foreign.body.message]).toEqual([404, 'This air-quality alert does not exist']);
    const foreignLocation = await saveThresholds({ locationId: roomId, preset: 'well_v2' }, otherAdminToken);
    expect([foreignLocation.status, foreignLocation.body.message]).toEqual([404, 'The location does not exist']);
    expect((await request<AirThresholds>('GET', 'thresholds', otherAdminToken)).body.result.settings).toEqual([]);
    // Our own admin may not aim at the other company's location either.
    expect((await saveThresholds({ locationId: otherCompanyLocationId, preset: 'well_v2' })).status).toBe(404);
    // The other company's alerts are its own: one raised there is not in our list.
    const [theirs] = await t.app.air.evaluate(otherCompanyId, nextDevice++, null, [{ metric: 'air.hcho', at: at(0), value: 300 }, { metric: 'air.hcho', at: at(5), value: 300 }]);
    expect(theirs?.kind).toBe('raised');
    expect((await alerts('?pageSize=100')).body.result.list.map((alert) => alert.id)).not.toContain(theirs!.alertId);

    const acknowledged = await request<AirAlert>('POST', `alerts/${raised!.alertId}/acknowledge`, adminToken);
    expect(acknowledged.status, acknowledged.body.message).toBe(200);
    expect(acknowledged.body.result).toMatchObject({ id: raised!.alertId, acknowledgedAt: t.clock.now(), acknowledgedByName: expect.any(String) });
    // A second acknowledgement keeps the first.
    const first = acknowledged.body.result;
    t.clock.advance(MINUTE);
    const again = await request<AirAlert>('POST', `alerts/${raised!.alertId}/acknowledge`, adminToken);
    expect([again.body.result.acknowledgedAt, again.body.result.acknowledgedBy]).toEqual([first.acknowledgedAt, first.acknowledgedBy]);
    expect((await request<null>('POST', 'alerts/999999/acknowledge', adminToken)).status).toBe(404);
  });

  it('pages the alerts, newest raised first, and filters by state', async () => {
    const page = await alerts('?page=1&pageSize=50');
    expect(page.status, page.body.message).toBe(200);
    const raisedAts = page.body.result.list.map((alert) => alert.raisedAt);
    expect([...raisedAts].sort((a, b) => b - a)).toEqual(raisedAts);
    const open = await alerts('?state=raised');
    expect(open.body.result.list.every((alert) => alert.state === 'raised')).toBe(true);
    expect(open.body.result.total + (await alerts('?state=cleared')).body.result.total).toBe(page.body.result.total);
    expect((await alerts('?state=open')).status).toBe(400);
  });

  it('asks for a session, the locations view to read and the locations edit to change', async () => {
    expect((await request('GET', 'thresholds', null)).status).toBe(401);
    expect((await request('GET', 'alerts', null)).status).toBe(401);
    expect((await request('GET', 'thresholds', viewerToken)).status).toBe(200);
    expect((await request('GET', 'alerts', viewerToken)).status).toBe(200);
    expect((await saveThresholds({ locationId: null, preset: 'well_v2' }, viewerToken)).status).toBe(403);
    expect((await call(t.app, { method: 'DELETE', url: '/api/air/thresholds', headers: { token: viewerToken }, payload: { locationId: null } })).status).toBe(403);
    // The company default is still the custom 1000 ppm at once (the viewer's save was refused).
    const [raised] = await t.app.air.evaluate(companyId, nextDevice++, null, [co2(0, 1500)]);
    expect((await request('POST', `alerts/${raised!.alertId}/acknowledge`, viewerToken)).status).toBe(403);
    const bare = await t.factories.session(await t.factories.user(companyId, { firstName: 'No', lastName: 'Rights', permissions: [] }));
    expect((await request('GET', 'alerts', bare)).status).toBe(403);
  });
});
