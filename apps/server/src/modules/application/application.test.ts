import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_KEYS, MENU_CATALOGUE, menuPaths, ReturnCode, type ApplicationList, type MenuEntry, type OperationLogEntry, type Page } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';

const APPS = '/api/company/application';

describe(`application centre (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let tokens: { admin: string; screens: string; plain: string; other: string };
  const get = <T>(url: string, token: string) => call<T>(t.app, { method: 'GET', url, headers: { token } });
  const put = <T>(token: string, payload: unknown, lang = 'en-US') =>
    call<T>(t.app, { method: 'PUT', url: APPS, headers: { token, lang }, payload: payload as Record<string, unknown> });
  const menuOf = async (token: string) => menuPaths((await get<MenuEntry[]>('/api/user/getMenuList', token)).body.result);

  beforeAll(async () => {
    // The real catalogue: what this build has decides what is available.
    t = await createTestApp();
    const { company, admin } = await t.factories.companyWithAdmin('Apps Co');
    const screens = await t.factories.user(company.id, { permissions: ['reservationScreens:view'] });
    const plain = await t.factories.user(company.id, { permissions: [] });
    const other = await t.factories.companyWithAdmin('Other Apps Co');
    tokens = {
      admin: await t.factories.session(admin),
      screens: await t.factories.session(screens),
      plain: await t.factories.session(plain),
      other: await t.factories.session(other.admin),
    };
  });
  afterAll(() => t.cleanup());

  it('lists every application with what this build has and the first page the caller may open', async () => {
    const admin = await get<ApplicationList>(APPS, tokens.admin);
    expect(admin.status).toBe(200);
    expect(admin.body.result.canEdit).toBe(true);
    expect(admin.body.result.list.map((application) => application.key)).toEqual(APPLICATION_KEYS);
    expect(admin.body.result.list.find((application) => application.key === 'rooms')).toEqual({ key: 'rooms', icon: 'HomeOutlined', isBuilt: true, isEnabled: true, path: '/meeting' });
    // Door displays' pages sit in the Rooms group but belong to their own application.
    expect(admin.body.result.list.find((application) => application.key === 'doorDisplays')).toMatchObject({ isBuilt: true, isEnabled: true, path: '/door-displays' });
    expect(admin.body.result.list.find((application) => application.key === 'airQuality')).toMatchObject({ isBuilt: true, isEnabled: true, path: '/air-sensors' });

    const plain = await get<ApplicationList>(APPS, tokens.plain);
    expect(plain.body.result.canEdit).toBe(false);
    expect(plain.body.result.list.find((application) => application.key === 'rooms')).toMatchObject({ isBuilt: true, path: null });
    const screens = (await get<ApplicationList>(APPS, tokens.screens)).body.result.list;
    // Booking preferences come first of the Rooms pages a reservationScreens holder may open; door displays are their own application.
    expect(screens.find((application) => application.key === 'rooms')!.path).toBe('/booker-preferences');
    expect(screens.find((application) => application.key === 'doorDisplays')!.path).toBe('/door-displays');
    expect((await call(t.app, { method: 'GET', url: APPS })).status).toBe(401);
  });

  it('switches an application off for everyone in the company: its menu entries vanish', async () => {
    expect(await menuOf(tokens.screens)).toContain('/display-settings');
    const off = await put<ApplicationList>(tokens.admin, { key: 'rooms', isEnabled: false });
    expect([off.status, off.body.message]).toEqual([200, 'The application is off for the company: its menu entries are hidden for everyone']);
    expect(off.body.result.list.find((application) => application.key === 'rooms')).toMatchObject({ isBuilt: true, isEnabled: false, path: null });
    expect(await menuOf(tokens.screens)).not.toContain('/display-settings');
    expect(await menuOf(tokens.admin)).not.toContain('/display-settings');
    // The rest of the menu stays, and another company is untouched.
    expect(await menuOf(tokens.admin)).toContain('/directory');
    expect(await menuOf(tokens.other)).toContain('/display-settings');

    const on = await put<ApplicationList>(tokens.admin, { key: 'rooms', isEnabled: true }, 'zh-CN');
    expect([on.status, on.body.message]).toEqual([200, '已为公司开启该应用']);
    expect(await menuOf(tokens.screens)).toContain('/display-settings');
    const log = await get<Page<OperationLogEntry>>('/api/operation-log/list?action=application.switch', tokens.admin);
    expect(log.body.result.list.map((entry) => entry.detail)).toEqual([
      { key: 'rooms', isEnabled: true },
      { key: 'rooms', isEnabled: false },
    ]);
  });

  it('refuses an application this build does not have, an unknown key, and callers without accountGlobal:edit', async () => {
    // Every application has pages in this build: a build without the air pages stands in for one that lacks an application.
    const withoutAir = MENU_CATALOGUE.map((node) => (node.key === 'airQuality' ? { ...node, children: node.children!.map((child) => ({ ...child, isBuilt: false })) } : node));
    const partial = await createTestApp({ menuCatalogue: withoutAir });
    try {
      const { admin } = await partial.factories.companyWithAdmin('Partial Apps Co');
      const missing = await call(partial.app, { method: 'PUT', url: APPS, headers: { token: await partial.factories.session(admin), lang: 'zh-CN' }, payload: { key: 'airQuality', isEnabled: false } });
      expect([missing.status, missing.body.returncode, missing.body.message]).toEqual([422, ReturnCode.REFUSED, '此版本不提供该应用，无法切换']);
    } finally {
      await partial.cleanup();
    }
    expect((await put(tokens.admin, { key: 'airQuality', isEnabled: false })).status).toBe(200);
    expect((await put(tokens.admin, { key: 'airQuality', isEnabled: true })).status).toBe(200);
    const unknown = await put(tokens.admin, { key: 'chess', isEnabled: false });
    expect([unknown.status, unknown.body.message]).toEqual([400, 'Bad request: key']);
    expect((await put(tokens.admin, { key: 'rooms' })).status).toBe(400);
    const denied = await put(tokens.screens, { key: 'rooms', isEnabled: false });
    expect([denied.status, denied.body.returncode]).toEqual([403, ReturnCode.NO_PERMISSION]);
    expect(await menuOf(tokens.screens)).toContain('/display-settings');
  });
});
