import { copyFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, clickSettled, NARROW, openFromMenu, screenshot, WIDE } from './support/browser.js';
import { openAdminSession, type AdminSession } from './support/admin-session.js';
import { axeViolations } from './support/axe.js';

const PASSWORD = 'Desk-settings-2026';
const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
const SHOTS = '/tmp/shots-desks/';

async function shot(page: Page, name: string) {
  await screenshot(page, name);
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(`${artifacts}${name}.png`, `${SHOTS}${name}.png`);
}

/** Picks an option of an antd select by its text (the list is portalled; a filtered click skips its motion). */
async function pick(page: Page, testId: string, text: string, typed?: string) {
  await page.getByTestId(testId).click();
  if (typed) await page.keyboard.type(typed);
  const option = page.locator('.ant-select-item-option', { hasText: text }).filter({ visible: true }).first();
  await option.waitFor();
  await option.dispatchEvent('click');
}

// The administrator opens Desk settings from the menu: the demo's first floor with its neighbourhoods and desks; adds a
// neighbourhood and a desk that belongs to a colleague; in Chinese on a phone changes a desk's use and deletes one.
describe('desk settings', () => {
  let session: AdminSession;
  let page: Page;

  beforeAll(async () => {
    session = await openAdminSession(PASSWORD);
    ({ page } = session);
  });
  afterAll(() => session?.close());

  it("shows a floor's desks by number with their use, neighbourhood and equipment", async () => {
    await openFromMenu(page, 'stationSetting');
    await page.getByTestId('page-desk-settings').waitFor();
    const platform = page.locator('[data-testid^="desk-row-"]', { hasText: '1-A-01' });
    await platform.waitFor();
    expect(await platform.textContent()).toContain('Bookable');
    expect(await platform.textContent()).toContain('Platform');
    expect(await platform.textContent()).toContain('Two monitors');
    expect(await page.getByTestId('desk-neighbourhoods').textContent()).toContain('Quiet zone');
    await shot(page, 'desks-01-floor-wide-en');
    expect(await axeViolations(page, 'en desk settings')).toEqual([]);
  });

  it('adds a neighbourhood and an assigned desk in it', async () => {
    await page.getByTestId('desk-neighbourhood-add').click();
    await page.getByTestId('desk-neighbourhood-name').fill('Window bench');
    expect(await axeViolations(page, 'en neighbourhood dialog')).toEqual([]);
    await pick(page, 'desk-neighbourhood-department', 'Quality');
    await page.getByTestId('desk-neighbourhood-save').click();
    await expect.poll(async () => page.getByTestId('desk-neighbourhoods').textContent()).toContain('Window bench · Quality · 0 desks');

    await page.getByTestId('desk-add').click();
    await page.getByTestId('desk-number').fill('1-W-01');
    await pick(page, 'desk-mode', 'Assigned');
    await pick(page, 'desk-owner', 'Tomasz Nowak', 'Tomasz');
    await pick(page, 'desk-neighbourhood', 'Window bench');
    await page.getByTestId('desk-equipment').getByText('By a window').click();
    await shot(page, 'desks-02-add-wide-en');
    expect(await axeViolations(page, 'en desk dialog')).toEqual([]);
    await page.getByTestId('desk-save').click();
    const added = page.locator('[data-testid^="desk-row-"]', { hasText: '1-W-01' });
    await added.waitFor();
    expect(await added.textContent()).toContain('Tomasz Nowak');
    expect(await added.textContent()).toContain('Window bench');
    await expect.poll(async () => page.getByTestId('desk-neighbourhoods').textContent()).toContain('Window bench · Quality · 1 desk');
    // A number already on the floor is refused with the server's message, the dialog kept open.
    await page.getByTestId('desk-add').click();
    await page.getByTestId('desk-number').fill('1-a-01');
    await page.getByTestId('desk-save').click();
    await page.getByText('Desk 1-a-01 already exists on this floor').waitFor();
    // Leaving the typed number asks first.
    await clickSettled(page.locator('.ant-modal-footer button', { hasText: 'Cancel' }).filter({ visible: true }).first());
    await clickSettled(page.getByTestId('unsaved-discard').filter({ visible: true }));
    await page.locator('.ant-modal-wrap').filter({ visible: true }).first().waitFor({ state: 'hidden' });
  });

  it('in Chinese on a phone, makes a desk unavailable and deletes another', async () => {
    await chooseLanguage(page, 'zh-CN');
    await page.setViewportSize(NARROW);
    const row = page.locator('[data-testid^="desk-row-"]', { hasText: '1-A-02' });
    await row.waitFor();
    await row.locator('[data-testid^="desk-edit-"]').click();
    await pick(page, 'desk-mode', '不可用');
    await shot(page, 'desks-03-edit-narrow-zh');
    await page.getByTestId('desk-save').click();
    await expect.poll(async () => row.textContent()).toContain('不可用');
    const doomed = page.locator('[data-testid^="desk-row-"]', { hasText: '1-W-01' });
    await doomed.locator('[data-testid^="desk-delete-"]').click();
    await page.getByTestId('desk-delete-confirm').click();
    await doomed.waitFor({ state: 'detached' });
    await shot(page, 'desks-04-list-narrow-zh');
    expect(await axeViolations(page, 'zh desk settings')).toEqual([]);
    await page.setViewportSize(WIDE);
    await chooseLanguage(page, 'en-US');
  });
});
