import { DEVICE_TOKEN_HEADER, ReturnCode, type AirAlertPage, type SmartDeviceActivateResult } from '@atrium/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { createThemeFactories } from '../../test/theme-factories.js';
import { createRegistrationRepository } from '../registration/registration.repository.js';
import { createSmartDeviceRecorder } from './smart-device-recorder.js';
import { createSmartDeviceRepository, type SmartDeviceRepository } from './smart-device.repository.js';
import { createSmartDeviceService, type SmartDeviceService } from './smart-device.service.js';

const MINUTE = 60_000;

describe(`smart devices: activation and the HTTP device API (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let devices: SmartDeviceRepository;
  let service: SmartDeviceService;
  let companyId: number;

  beforeAll(async () => {
    t = await createTestApp({ config: { mqttTopicPrefix: 'atrium' } });
    devices = createSmartDeviceRepository(t.db.kysely);
    // The page's calls (issuing a code) use the service; the device's calls go through the app.
    service = createSmartDeviceService({
      devices,
      record: createSmartDeviceRecorder({ devices, clock: t.clock }).record,
      gateway: null,
      publicCalls: createRegistrationRepository(t.db.kysely),
      clock: t.clock,
      topicPrefix: 'atrium',
      broker: null,
      log: t.app.log,
    });
    companyId = (await t.factories.companyWithAdmin('Smart Co')).company.id;
  });
  afterAll(() => t.cleanup());

  const activate = (code: string) => call<SmartDeviceActivateResult>(t.app, { method: 'POST', url: '/api/device/smart/activate', payload: { code } });
  const newDevice = (homieId: string) => devices.createSmartDevice({ companyId, name: homieId, kind: 'air_monitor', homieId, now: t.clock.now() });

  it('trades a code once for the secret, answered once and kept only as a hash', async () => {
    const id = await newDevice('activated-1');
    const { code } = await service.issueActivationCode(companyId, id);
    expect(code).toMatch(/^\d{5}$/);
    const answer = await activate(code);
    expect(answer.status).toBe(200);
    const { deviceToken, mqtt } = answer.body.result;
    expect(mqtt).toEqual({ username: `${companyId}.activated-1`, password: deviceToken, topicRoot: `atrium/${companyId}` });
    // Used: the same code no longer works.
    expect((await activate(code)).body.returncode).toBe(ReturnCode.NOT_FOUND);
    // Neither the code nor the secret is stored anywhere in the device's row.
    const row = await t.db.kysely.selectFrom('smart_devices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(deviceToken);
    expect(JSON.stringify(row)).not.toContain(`"${code}"`);
    expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.activation_code_hash).toBeNull();
  });

  it('refuses a wrong code and an expired one', async () => {
    const id = await newDevice('expiring');
    const { code } = await service.issueActivationCode(companyId, id);
    const wrong = String((Number(code) + 1) % 100_000).padStart(5, '0');
    expect((await activate(wrong)).status).toBe(404);
    t.clock.advance(61 * MINUTE);
    expect((await activate(code)).status).toBe(404);
    const { code: fresh } = await service.issueActivationCode(companyId, id);
    expect((await activate(fresh)).status).toBe(200);
  });

  it('records readings and state sent over HTTP as the gateway does, and refuses another kind of device', async () => {
    const id = await newDevice('http-monitor');
    const { code } = await service.issueActivationCode(companyId, id);
    const { deviceToken } = (await activate(code)).body.result;
    const headers = { [DEVICE_TOKEN_HEADER]: deviceToken };
    const description = { homie: '5.0', version: 1, name: 'HTTP monitor', type: 'air_monitor', nodes: { air: { type: 'atrium.air', properties: { tvoc: { datatype: 'float', unit: 'ppb' }, temperature: { datatype: 'float', unit: '°C' } } } } };
    expect((await call(t.app, { method: 'POST', url: '/api/device/smart/state', headers, payload: { state: 'ready', description } })).status).toBe(200);
    const at = t.clock.now() - MINUTE;
    const payload = { readings: [{ node: 'air', property: 'temperature', value: 22.5, at }, { node: 'air', property: 'tvoc', value: '100' }] };
    const sent = await call<{ recorded: number }>(t.app, { method: 'POST', url: '/api/device/smart/readings', headers, payload });
    expect([sent.status, sent.body.result]).toEqual([200, { recorded: 2 }]);
    // Sent again (a retry): the reading with its own time is stored once.
    await call(t.app, { method: 'POST', url: '/api/device/smart/readings', headers, payload: { readings: [payload.readings[0]] } });
    expect(await devices.listReadings(id, 'air.temperature')).toEqual([{ at, value: 22.5 }]);
    // 100 ppb of TVOC as isobutylene is 229.5 µg/m³.
    expect((await devices.listReadings(id, 'air.tvoc'))[0]?.value).toBeCloseTo(229.49, 1);
    expect(await devices.findStatus(companyId, id)).toMatchObject({ state: 'ready', description: { name: 'HTTP monitor' }, properties: { 'air/temperature': { value: '22.5', at } } });
    expect(await devices.listRollups(id, 'air.temperature', 'minute')).toHaveLength(1);

    const future = await call(t.app, { method: 'POST', url: '/api/device/smart/readings', headers, payload: { readings: [{ node: 'air', property: 'temperature', value: 1, at: t.clock.now() + 10 * MINUTE }] } });
    expect([future.status, future.body.returncode]).toEqual([400, ReturnCode.BAD_REQUEST]);
    const tooMany = await call(t.app, { method: 'POST', url: '/api/device/smart/readings', headers, payload: { readings: Array.from({ length: 1_001 }, () => ({ node: 'air', property: 'temperature', value: 1 })) } });
    expect(tooMany.status).toBe(400);
    const malformed = await call(t.app, { method: 'POST', url: '/api/device/smart/readings', headers, payload: { readings: [{ node: 'air', property: 'temperature', value: 'warm' }] } });
    expect(malformed.status).toBe(400);

    const display = await createThemeFactories(t.db, t.factories, () => t.clock.now()).display(companyId);
    const refused = await call(t.app, { method: 'POST', url: '/api/device/smart/readings', headers: { [DEVICE_TOKEN_HEADER]: display.token }, payload });
    expect([refused.status, refused.body.returncode]).toEqual([401, ReturnCode.SESSION_INVALID]);
  });

  it('judges the air readings it stores: CO2 past the limit for five minutes raises an alert, listed by the air calls', async () => {
    const company = await t.factories.companyWithAdmin('Stale Air Co');
    const adminToken = await t.factories.session(company.admin);
    const id = await devices.createSmartDevice({ companyId: company.company.id, name: 'Stale air', kind: 'air_monitor', homieId: 'stale-air', now: t.clock.now() });
    const { code } = await service.issueActivationCode(company.company.id, id);
    const headers = { [DEVICE_TOKEN_HEADER]: (await activate(code)).body.result.deviceToken };
    const description = { homie: '5.0', version: 1, name: 'Stale air', type: 'air_monitor', nodes: { air: { type: 'atrium.air', properties: { co2: { datatype: 'float', unit: 'ppm' } } } } };
    expect((await call(t.app, { method: 'POST', url: '/api/device/smart/state', headers, payload: { state: 'ready', description } })).status).toBe(200);
    const start = t.clock.now() - 10 * MINUTE;
    // The company keeps the default (WELL v2: CO2 at most 800 ppm, five minutes beyond it before an alert).
    const readings = [0, 2, 4, 6, 8].map((minutes) => ({ node: 'air', property: 'co2', value: 1_100 + minutes * 10, at: start + minutes * MINUTE }));
    expect((await call(t.app, { method: 'POST', url: '/api/device/smart/readings', headers, payload: { readings } })).status).toBe(200);
    const raised = async () => (await call<AirAlertPage>(t.app, { method: 'GET', url: '/api/air/alerts?state=raised', headers: { token: adminToken } })).body.result.list;
    await expect.poll(raised).toHaveLength(1);
    expect((await raised())[0]).toMatchObject({ deviceId: id, metric: 'co2', side: 'above', limit: 800, peak: 1_180, raisedAt: start + 6 * MINUTE });
    // Another company's list does not show it.
    const others = await call<AirAlertPage>(t.app, { method: 'GET', url: '/api/air/alerts', headers: { token: await t.factories.session((await t.factories.companyWithAdmin('Fresh Air Co')).admin) } });
    expect(others.body.result.list).toEqual([]);
  });
});
