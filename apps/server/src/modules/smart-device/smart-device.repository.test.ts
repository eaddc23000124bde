import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
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
    expect(await devices.listRollups(deviceId, 'air.temperature', 'day')).toEqual([{ bucket: Date.UTC(2026, 10, 30), count: 3, sum: 63, min: 19, max: 23 }]);
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
