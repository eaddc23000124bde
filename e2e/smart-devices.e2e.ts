import { copyFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, NARROW, openFromMenu, screenshot, WIDE } from './support/browser.js';
import { openAdminSession, type AdminSession } from './support/admin-session.js';

const PASSWORD = 'Smart-devices-2026';
const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
const SHOTS = '/tmp/shots-smart-devices/';

interface Envelope<T> {
  returncode: number;
  message: string;
  result: T;
}

/** A smart device calling the HTTP device API (docs/devices-mqtt.md, devices without MQTT). */
async function deviceCall<T>(baseURL: string, path: string, body: unknown, deviceToken?: string): Promise<Envelope<T>> {
  const response = await fetch(`${baseURL}/api/device/smart${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(deviceToken ? { 'device-token': deviceToken } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Envelope<T>;
}

/** Saves the screenshot under e2e/artifacts/ and a copy in the shots folder. */
async function shot(page: Page, name: string) {
  await screenshot(page, name);
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(`${artifacts}${name}.png`, `${SHOTS}${name}.png`);
}

// The facilities admin registers an air monitor for Camden (the demo's smart devices stand elsewhere), issues its
// activation code, the monitor activates with it over HTTP and says it is ready, and the page shows it online.
describe('smart devices', () => {
  let session: AdminSession;
  let page: Page;
  let code = '';
  let row: Locator;

  beforeAll(async () => {
    session = await openAdminSession(PASSWORD);
    ({ page } = session);
  });
  afterAll(() => session?.close());

  it("lists the demo's devices and registers a new one, refusing a form without its IP address", async () => {
    await openFromMenu(page, 'smartEquipment');
    await page.getByTestId('page-smart-devices').waitFor();
    await expect.poll(() => page.getByTestId('smart-device-table').textContent()).toContain('Boardroom lights');
    await shot(page, 'smart-01-list-wide-en');

    await page.getByTestId('smart-add').click();
    const form = page.getByTestId('smart-device-form');
    await form.waitFor();
    await page.getByTestId('smart-form-name').fill('Camden air monitor');
    await page.getByTestId('smart-form-kind').click();
    await page.keyboard.type('Air monitor');
    await page.locator('.ant-select-item-option-active', { hasText: 'Air monitor' }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByTestId('smart-form-submit').click();
    await form.getByText('Device IP address required').waitFor();
    await page.getByTestId('smart-form-ip').fill('10.40.30.20');
    await page.getByTestId('smart-form-mac').fill('02-4a-1e-00-14-00');
    await shot(page, 'smart-02-form-wide-en');
    await page.getByTestId('smart-form-submit').click();
    await page.locator('.ant-message', { hasText: 'Device Camden air monitor saved' }).waitFor();
    await form.waitFor({ state: 'detached' });

    await page.getByTestId('smart-filter-search').fill('camden');
    row = page.locator('tr.ant-table-row', { hasText: 'Camden air monitor' });
    await row.waitFor();
    expect(await row.textContent()).toContain('02:4A:1E:00:14:00');
    expect(await row.textContent()).toContain('Inactive');
    expect(await row.textContent()).toContain('Waiting to bind');
  });

  it('issues an activation code, shown once', async () => {
    await row.locator('[data-testid^="smart-action-code-"]').click();
    await page.getByTestId('smart-code-submit').click();
    await page.getByTestId('smart-code-result').waitFor();
    code = (await page.getByTestId('smart-code').textContent())!.trim();
    expect(code).toMatch(/^\d{5}$/);
    await shot(page, 'smart-03-code-wide-en');
    await page.getByTestId('smart-code-submit').click();
    await page.getByTestId('smart-code-result').waitFor({ state: 'detached' });
  });

  it('shows the device online once it activates and says it is ready', async () => {
    const activated = await deviceCall<{ deviceToken: string }>(session.server.baseURL, '/activate', { code });
    expect(activated.returncode).toBe(200);
    const ready = await deviceCall(session.server.baseURL, '/state', { state: 'ready' }, activated.result.deviceToken);
    expect(ready.returncode).toBe(200);
    await page.getByTestId('smart-refresh').click();
    await expect.poll(() => row.textContent()).toContain('Online');
    await shot(page, 'smart-04-online-wide-en');
  });

  it('reads in Chinese and fits a phone', async () => {
    await chooseLanguage(page, 'zh-CN');
    await expect.poll(() => row.textContent()).toContain('在线');
    await page.setViewportSize(NARROW);
    await shot(page, 'smart-05-online-narrow-zh');
    await page.setViewportSize(WIDE);
    await chooseLanguage(page, 'en-US');
  });
});
