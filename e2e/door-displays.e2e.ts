import { copyFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, NARROW, openFromMenu, screenshot, WIDE } from './support/browser.js';
import { openAdminSession, type AdminSession } from './support/admin-session.js';

const PASSWORD = 'Door-displays-2026';
const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
const SHOTS = '/tmp/shots-displays/';

interface Envelope<T> {
  returncode: number;
  message: string;
  result: T;
}

/** A door display calling the device API over HTTP. */
async function deviceCall<T>(baseURL: string, method: string, path: string, deviceToken?: string, body?: unknown): Promise<Envelope<T>> {
  const response = await fetch(`${baseURL}/api/device${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(deviceToken ? { 'device-token': deviceToken } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await response.json()) as Envelope<T>;
}

/** Saves the screenshot under e2e/artifacts/ and a copy in the shots folder. */
async function shot(page: Page, name: string) {
  await screenshot(page, name);
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(`${artifacts}${name}.png`, `${SHOTS}${name}.png`);
}

// The facilities admin puts a booking screen at the Camden door (the demo has displays elsewhere): issues a code, the screen
// activates with it, shows online, and gets its light cycle, in English and in Chinese.
describe('door displays', () => {
  let session: AdminSession;
  let page: Page;
  let code = '';
  let deviceToken = '';
  /** The row of the display this journey puts up (the demo has others, online too). */
  let deviceRow: Locator;

  beforeAll(async () => {
    session = await openAdminSession(PASSWORD);
    ({ page } = session);
  });
  afterAll(() => session?.close());

  it('issues an activation code for a room', async () => {
    await openFromMenu(page, 'doorDisplays');
    await page.getByTestId('page-door-displays').waitFor();
    await page.getByTestId('door-add-code').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.getByTestId('add-code-room').click();
    await page.keyboard.type('Camden');
    // The filtered option, then Enter: a click can land while the dropdown is still opening on a loaded machine.
    await page.locator('.ant-select-item-option-active', { hasText: 'Camden' }).waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(async () => dialog.textContent()).toContain('Camden');
    await shot(page, 'door-01-add-code-wide-en');
    await page.getByTestId('add-code-submit').click();
    await page.getByTestId('add-code-result').waitFor();
    code = (await page.getByTestId('issued-code').first().textContent())!.trim();
    expect(code).toMatch(/^\d{5}$/);
    await shot(page, 'door-02-code-issued-wide-en');
    await page.getByTestId('add-code-submit').click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.locator('tr', { hasText: code });
    await row.waitFor();
    deviceRow = page.locator(`tr[data-row-key="${await row.getAttribute('data-row-key')}"]`);
    expect(await row.textContent()).toContain('Inactive');
    expect(await row.locator('[data-testid^="door-path-"]').textContent()).toBe('United Kingdom / London / Riverside Park / Riverside House / 2nd floor');
  });

  it('shows the display online once it activates and beats over the device API', async () => {
    const activated = await deviceCall<{ deviceToken: string; deviceId: number; roomId: number }>(session.server.baseURL, 'POST', '/activate', undefined, {
      code,
      platform: 'android',
      appVersion: '3.4.1',
    });
    expect(activated.returncode).toBe(200);
    deviceToken = activated.result.deviceToken;
    const reused = await deviceCall(session.server.baseURL, 'POST', '/activate', undefined, { code, platform: 'android', appVersion: '3.4.1' });
    expect(reused.returncode).toBe(1002);
    const beat = await deviceCall(session.server.baseURL, 'POST', '/heartbeat', deviceToken, {});
    expect(beat.returncode).toBe(200);

    await page.getByTestId('door-refresh').click();
    const row = deviceRow;
    await expect.poll(() => row.textContent()).toContain('Online');
    expect(await row.textContent()).toContain('android 3.4.1');
    await page.getByTestId('door-filter-status').click();
    await page.locator('.ant-select-item-option', { hasText: 'Online' }).click();
    // Only online displays are left, this one among them.
    await expect.poll(() => page.getByTestId('door-display-table').locator('tbody tr.ant-table-row', { hasNotText: 'Online' }).count()).toBe(0);
    await row.waitFor();
    await shot(page, 'door-03-online-wide-en');
  });

  it('sets a light cycle: 08:00-18:00 on workdays by default, then every day', async () => {
    await deviceRow.locator('[data-testid^="door-action-cycle-"]').click();
    const drawer = page.getByTestId('light-cycle-drawer');
    await drawer.getByTestId('light-cycle-add').click();
    expect(await drawer.getByTestId('light-cycle-range').textContent()).toBe('08:00 - 18:00');
    // Only one entry at a time: the add button is gone while the new one is open.
    expect(await drawer.getByTestId('light-cycle-add').count()).toBe(0);
    await shot(page, 'door-04-cycle-new-wide-en');
    await drawer.getByTestId('light-cycle-cancel').click();
    expect(await drawer.getByTestId('light-cycle-editor').count()).toBe(0);
    await drawer.getByTestId('light-cycle-add').click();
    await drawer.getByTestId('light-cycle-save').click();
    await page.locator('.ant-message', { hasText: 'Light cycle added' }).waitFor();
    await expect.poll(() => drawer.getByTestId('light-cycle-days-label').textContent()).toBe('Workday');
    expect(await drawer.getByTestId('light-cycle-hours').textContent()).toBe('08:00 - 18:00');
    expect(await drawer.getByTestId('light-cycle-add').count()).toBe(0);

    await drawer.getByTestId('light-cycle-edit').click();
    await drawer.getByTestId('light-cycle-days').getByText('Sat').click();
    await drawer.getByTestId('light-cycle-days').getByText('Sun').click();
    await drawer.getByTestId('light-cycle-save').click();
    await page.locator('.ant-message', { hasText: 'Light cycle updated' }).waitFor();
    await expect.poll(() => drawer.getByTestId('light-cycle-days-label').textContent()).toBe('Everyday');
    await shot(page, 'door-05-cycle-saved-wide-en');

    const config = await deviceCall<{ lightCycles: Array<{ weekday: string; startTime: string; endTime: string }> }>(session.server.baseURL, 'GET', '/config', deviceToken);
    expect(config.result.lightCycles).toEqual([expect.objectContaining({ weekday: '0,1,2,3,4,5,6', startTime: '08:00', endTime: '18:00' })]);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });

  it('gives the display a theme: choosing the current one just closes, another is saved and reaches the display', async () => {
    const before = await deviceCall<{ themeId: number }>(session.server.baseURL, 'GET', '/theme', deviceToken);
    expect(before.returncode).toBe(200);
    const row = deviceRow;
    await row.locator('[data-testid^="door-action-theme-"]').click();
    const drawer = page.getByTestId('theme-drawer');
    await drawer.getByTestId(`theme-card-${before.result.themeId}`).getByTestId('theme-current').waitFor();
    await shot(page, 'door-05b-theme-drawer-wide-en');
    // The current theme saved again: the drawer just closes.
    await drawer.getByTestId('theme-drawer-save').click();
    await drawer.waitFor({ state: 'hidden' });
    await row.locator('[data-testid^="door-action-theme-"]').click();
    const other = before.result.themeId === 2 ? 1 : 2;
    await drawer.getByTestId(`theme-pick-${other}`).click();
    await drawer.getByTestId('theme-drawer-save').click();
    await page.locator('.ant-message', { hasText: 'Theme saved' }).waitFor();
    await drawer.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await deviceCall<{ themeId: number }>(session.server.baseURL, 'GET', '/theme', deviceToken)).result.themeId).toBe(other);
  });

  it('reads in Chinese, deletes the cycle after confirming, and fits a phone', async () => {
    await chooseLanguage(page, 'zh-CN');
    const row = deviceRow;
    await expect.poll(() => row.textContent()).toContain('在线');
    await shot(page, 'door-06-online-wide-zh');
    await deviceRow.locator('[data-testid^="door-action-cycle-"]').click();
    const drawer = page.getByTestId('light-cycle-drawer');
    await expect.poll(() => drawer.getByTestId('light-cycle-days-label').textContent()).toBe('每天');
    await drawer.getByTestId('light-cycle-delete').click();
    await page.getByRole('button', { name: '取 消' }).or(page.getByRole('button', { name: '取消' })).last().click();
    expect(await drawer.getByTestId('light-cycle-days-label').count()).toBe(1);
    await drawer.getByTestId('light-cycle-delete').click();
    await shot(page, 'door-07-cycle-confirm-wide-zh');
    await page.getByTestId('light-cycle-delete-ok').click();
    await page.locator('.ant-message', { hasText: '亮屏周期删除成功' }).waitFor();
    await drawer.getByTestId('light-cycle-add').waitFor();
    await drawer.getByTestId('light-cycle-add').click();
    await page.setViewportSize(NARROW);
    await shot(page, 'door-08-cycle-narrow-zh');
    await drawer.getByTestId('light-cycle-save').click();
    await page.locator('.ant-message', { hasText: '亮屏周期添加成功' }).waitFor();
    await expect.poll(() => drawer.getByTestId('light-cycle-days-label').textContent()).toBe('工作日');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await shot(page, 'door-09-list-narrow-zh');
    await page.setViewportSize(WIDE);
  });

  it('saves booking-screen settings for the room', async () => {
    await deviceRow.locator('[data-testid^="door-action-settings-"]').click();
    const drawer = page.getByTestId('screen-settings-drawer');
    await drawer.getByTestId('screen-settings-form').waitFor();
    expect(await drawer.getByTestId('screen-settings-title').inputValue()).toBe('Camden');
    await drawer.getByTestId('screen-settings-exit').fill('12345');
    await drawer.getByTestId('screen-settings-save').click();
    await drawer.getByText('必须为 6 位数字').waitFor();
    await drawer.getByTestId('screen-settings-exit').fill('123456');
    await shot(page, 'door-10-settings-wide-zh');
    await drawer.getByTestId('screen-settings-save').click();
    await page.locator('.ant-message', { hasText: '门口屏设置已添加' }).waitFor();
    const config = await deviceCall<{ settings: { hasExitPassword: boolean } }>(session.server.baseURL, 'GET', '/config', deviceToken);
    expect(config.result.settings.hasExitPassword).toBe(true);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });

  it('cancels the display after confirming: its token stops working', async () => {
    await page.getByTestId('door-filter-status').locator('.ant-select-clear').click({ force: true });
    await deviceRow.locator('.ant-checkbox').click();
    await page.getByTestId('door-batch-cancel').click();
    const dialog = page.getByRole('dialog');
    await page.getByTestId('cancel-displays-submit').waitFor();
    await expect.poll(() => dialog.textContent()).toContain('Camden');
    // Let the dialog's opening motion finish before the screenshot.
    await page.waitForTimeout(500);
    await shot(page, 'door-11-cancel-confirm-wide-zh');
    await page.getByTestId('cancel-displays-submit').click();
    await page.locator('.ant-message', { hasText: '已注销 1 台门口屏' }).waitFor();
    await deviceRow.waitFor({ state: 'detached' });
    const refused = await deviceCall(session.server.baseURL, 'POST', '/heartbeat', deviceToken, {});
    expect(refused.returncode).toBe(2001);
  });
});
