import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { createSmartDeviceRecorder } from './smart-device-recorder.js';
import { createSmartDeviceRepository, type SmartDeviceRepository } from './smart-device.repository.js';

describe(`smart devices: the repository (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let devices: SmartDeviceRepository;
  let companyId: number;

  beforeAll(async () => {
    t = await createTestApp();
    devices = createSmartDeviceRepository(t.db.kysely);
    companyId = (await t.factories.companyWithAdmin('Repo Co')).company.id;
  });
  afterAll(() => t.cleanup());

  it('trades a code once, answering what it replaced, and undoes a trade only while nothing came after it', async () => {
    const deviceId = await devices.createSmartDevice({ companyId, name: 'Traded', kind: 'air_monitor', homieId: 'traded-1', now: 1 });
    const row = () => t.db.kysely.selectFrom('smart_devices').select(['secret_hash', 'activated_at', 'activation_code_hash', 'activation_expires_at']).where('id', '=', deviceId).executeTakeFirstOrThrow();
    await devices.setActivationCode(companyId, deviceId, 'code-1', 5_000, 10);
    const first = await devices.activate('code-1', 'secret-1', 100);
    expect(first).toMatchObject({ id: deviceId, homieId: 'traded-1', replaced: { codeHash: 'code-1', expiresAt: 5_000, secretHash: null, activatedAt: null } });
    expect(await devices.activate('code-1', 'secret-x', 101)).toBeUndefined();

    await devices.setActivationCode(companyId, deviceId, 'code-2', 6_000, 200);
    const second = (await devices.activate('code-2', 'secret-2', 300))!;
    expect(second.replaced).toEqual({ codeHash: 'code-2', expiresAt: 6_000, secretHash: 'secret-1', activatedAt: 100 });
    // Undone: the code works again until its own expiry, the secret before it is back.
    expect(await devices.restoreActivation(deviceId, 'secret-2', second.replaced, 400)).toBe(true);
    expect(await row()).toMatchObject({ secret_hash: 'secret-1', activation_code_hash: 'code-2' });
    expect(Number((await row()).activated_at)).toBe(100);
    expect(Number((await row()).activation_expires_at)).toBe(6_000);

    // Not undone once a newer code was issued, or once another secret replaced the trade's.
    const third = (await devices.activate('code-2', 'secret-3', 500))!;
    await devices.setActivationCode(companyId, deviceId, 'code-3', 7_000, 600);
    expect(await devices.restoreActivation(deviceId, 'secret-3', third.replaced, 700)).toBe(false);
    expect(await row()).toMatchObject({ secret_hash: 'secret-3', activation_code_hash: 'code-3' });
    await devices.activate('code-3', 'secret-4', 800);
    expect(await devices.restoreActivation(deviceId, 'secret-3', third.replaced, 900)).toBe(false);
    expect((await row()).secret_hash).toBe('secret-4');
    expect(await devices.listActivatedDevices()).toContainEqual({ companyId, homieId: 'traded-1' });
  });

  it('keeps the latest value per property and rolls readings up by minute, hour and day, counting a reading once', async () => {
    const deviceId = await devices.createSmartDevice({ companyId, name: 'Monitor', kind: 'air_monitor', homieId: 'monitor-1', now: 1 });
    const at = Date.UTC(2026, 10, 30, 9, 0, 10);
    const change = (value: string, when: number) => ({ companyId, deviceId, properties: new Map([['air/temperature', { value, at: when }]]), lastSeenAt: when });
    const reading = (value: number, when: number) => ({ companyId, deviceId, metric: 'air.temperature', at: when, value });
    expect(await devices.recordBatch([change('21', at)], [reading(21, at), reading(23, at + 20_000)])).toBe(2);
    // The same reading again (a redelivery) is not stored or counted twice; a later one is.
    expect(await devices.recordBatch([change('19', at + 61_000)], [reading(21, at), reading(19, at + 61_000)])).toBe(1);
    expect((await devices.findStatus(companyId, deviceId))?.properties).toEqual({ 'air/temperature': { value: '19', at: at + 61_000 } });
    expect(await devices.listRollups(deviceId, 'air.temperature', 'minute')).toEqual([
      { bucket: Date.UTC(2026, 10, 30, 9, 0), count: 2, sum: 44, min: 21, max: 23 },
      { bucket: Date.UTC(2026, 10, 30, 9, 1), count: 1, sum: 19, min: 19, max: 19 },
    ]);
    expect(await devices.listRollups(deviceId, 'air.temperature', 'hour')).toEqual([{ bucket: Date.UTC(2026, 10, 30, 9), count: 3, sum: 63, min: 19, max: 23 }]);
    // A chart's range: buckets from `from`, up to `to` excluded.
    const minute = (m: number) => Date.UTC(2026, 10, 30, 9, m);
    expect((await devices.listRollups(deviceId, 'air.temperature', 'minute', { from: minute(1), to: minute(2) })).map((row) => row.bucket)).toEqual([minute(1)]);
    expect(await devices.listRollups(deviceId, 'air.temperature', 'minute', { from: minute(0), to: minute(0) })).toEqual([]);
    expect(await devices.listRollups(deviceId, 'air.temperature', 'day')).toEqual([{ bucket: Date.UTC(2026, 10, 30), count: 3, sum: 63, min: 19, max: 23 }]);
  });

  it('merges a batch of several devices in one go: the newest value of a property wins, within the batch and against what is stored', async () => {
    const first = await devices.createSmartDevice({ companyId, name: 'Merge one', kind: 'air_monitor', homieId: 'merge-1', now: 1 });
    const second = await devices.createSmartDevice({ companyId, name: 'Merge two', kind: 'light', homieId: 'merge-2', now: 1 });
    const other = (await t.factories.companyWithAdmin('Merge Other Co')).company.id;
    const foreign = await devices.createSmartDevice({ companyId: other, name: 'Foreign', kind: 'light', homieId: 'merge-3', now: 1 });
    const at = Date.UTC(2026, 10, 30, 10);
    await devices.recordBatch([{ companyId, deviceId: first, properties: new Map([['air/co2', { value: '900', at: at + 5_000 }]]), lastSeenAt: at + 5_000 }], []);
    const recorder = createSmartDeviceRecorder({ devices, clock: t.clock, flushMs: 60_000 });
    const value = (node: string, property: string, text: string, when: number) => ({ type: 'value' as const, node, property, value: text, at: when });
    const device = (id: number, homieId: string, company = companyId) => ({ id, companyId: company, homieId, kind: 'air_monitor' as const, description: null });
    const written = Promise.all([
      // Values of one property out of time order in one batch (HTTP values carry their own time): the newest is kept.
      recorder.record(device(first, 'merge-1'), [value('air', 'temperature', '22', at + 2_000), value('air', 'temperature', '21', at + 1_000), value('air', 'co2', '700', at + 1_000)]),
      // A key a JSON path could not name as it is (a Home Assistant component is any topic level) merges like any other.
      recorder.record(device(second, 'merge-2'), [{ type: 'state', state: 'ready', at }, value('system', 'ip', '10.0.0.7', at), value('light', 'on', 'true', at), value('ha-"x.y', 'state', 'on', at)]),
      // A change naming a device of another company touches nothing.
      recorder.record(device(foreign, 'merge-3'), [value('light', 'on', 'true', at)]),
    ]);
    await recorder.flush();
    await written;
    const firstStatus = await devices.findStatus(companyId, first);
    // The stored co2 (at + 5 s) is newer than the batch's (at + 1 s) and stays.
    expect(firstStatus?.properties).toEqual({ 'air/co2': { value: '900', at: at + 5_000 }, 'air/temperature': { value: '22', at: at + 2_000 } });
    expect(firstStatus?.lastSeenAt).toBe(at + 5_000);
    const secondStatus = await devices.findStatus(companyId, second);
    expect(secondStatus).toMatchObject({ state: 'ready', ipAddress: '10.0.0.7', lastSeenAt: at, properties: { 'system/ip': { value: '10.0.0.7', at }, 'light/on': { value: 'true', at }, 'ha-"x.y/state': { value: 'on', at } } });
    // An older value under that key later: the stored one is found, and being newer, stays.
    await devices.recordBatch([{ companyId, deviceId: second, properties: new Map([['ha-"x.y/state', { value: 'off', at: at - 1 }]]), lastSeenAt: at - 1 }], []);
    expect((await devices.findStatus(companyId, second))?.properties['ha-"x.y/state']).toEqual({ value: 'on', at });
    expect((await devices.findStatus(other, foreign))?.properties).toEqual({});
    expect(await devices.listReadings(first, 'air.temperature')).toEqual([
      { at: at + 1_000, value: 21 },
      { at: at + 2_000, value: 22 },
    ]);
  });

  it('refuses a second device with the same Homie id in a company, and the same deployer twice', async () => {
    const deviceId = await devices.createSmartDevice({ companyId, name: 'Light', kind: 'light', homieId: 'light-1', now: 1 });
    await expect(devices.createSmartDevice({ companyId, name: 'Light again', kind: 'light', homieId: 'light-1', now: 1 })).rejects.toThrow();
    const other = (await t.factories.companyWithAdmin('Other Repo Co')).company.id;
    expect(await devices.createSmartDevice({ companyId: other, name: 'Light', kind: 'light', homieId: 'light-1', now: 1 })).toBeGreaterThan(0);
    const user = await t.factories.user(companyId);
    expect(await devices.addDeployer(deviceId, user.id)).toBe(true);
    expect(await devices.addDeployer(deviceId, user.id)).toBe(false);
  });
});
