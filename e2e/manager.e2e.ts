import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, NARROW, openFromMenu, screenshot, WIDE } from './support/browser.js';
import { openAdminSession, type AdminSession } from './support/admin-session.js';

const PASSWORD = 'Managers-tour-2026';

/** Names in the administrators table, in order. */
const names = (page: Page) => page.getByTestId('manager-table').locator('.atrium-person > span:first-child').allTextContents();

// The demo admin reads who runs the company: they own it, and two colleagues administer parts of it.
describe('managers', () => {
  let session: AdminSession;
  let page: Page;

  beforeAll(async () => {
    session = await openAdminSession(PASSWORD);
    ({ page } = session);
  });
  afterAll(() => session?.close());

  it('shows the owner and the administrators with the areas they edit', async () => {
    await openFromMenu(page, 'manager');
    await page.getByTestId('page-manager').waitFor();
    await expect.poll(() => page.getByTestId('manager-owner-name').textContent()).toContain('Atrium Administrator');
    await page.locator('.atrium-person', { hasText: 'Eleanor Whitfield' }).waitFor();
    expect(await names(page)).toEqual(['Atrium AdministratorOwner', 'Amira Haddad', 'Daniel Hughes', 'Eleanor Whitfield', 'Oliver Bennett']);
    const officeManager = page.locator('tr', { hasText: 'Daniel Hughes' });
    expect(await officeManager.textContent()).toContain('Rooms and locations');
    expect(await officeManager.getByRole('link', { name: 'Office manager' }).getAttribute('href')).toMatch(/^\/role-detail\/\d+\/members$/);
    await screenshot(page, 'managers-01-wide-en');

    await page.getByTestId('manager-filter-keyword').fill('daniel');
    await expect.poll(() => names(page)).toEqual(['Daniel Hughes']);
    await page.getByTestId('manager-filter-keyword').fill('');
    await expect.poll(() => names(page).then((list) => list.length)).toBe(5);
  });

  it('opens the ownership transfer, where only role managers can be chosen', async () => {
    await page.getByTestId('manager-transfer').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('combobox').click();
    await page.locator('.ant-select-item-option', { hasText: 'Eleanor Whitfield' }).waitFor();
    expect(await page.locator('.ant-select-item-option').allTextContents()).toEqual([expect.stringContaining('Eleanor Whitfield')]);
    await screenshot(page, 'managers-02-transfer-wide-en');
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('reads in Chinese, wide and on a phone', async () => {
    await chooseLanguage(page, 'zh-CN');
    await expect.poll(() => page.getByTestId('manager-transfer').textContent()).toContain('转移所有权');
    expect(await page.locator('tr', { hasText: 'Daniel Hughes' }).textContent()).toContain('会议室与位置');
    await screenshot(page, 'managers-03-wide-zh');
    await page.setViewportSize(NARROW);
    await screenshot(page, 'managers-04-narrow-zh');
    await chooseLanguage(page, 'en-US');
    await expect.poll(() => page.getByTestId('manager-transfer').textContent()).toContain('Transfer ownership');
    await screenshot(page, 'managers-05-narrow-en');
    await page.setViewportSize(WIDE);
  });
});
