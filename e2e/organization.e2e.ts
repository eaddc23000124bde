import { copyFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, openFromMenu, screenshot } from './support/browser.js';
import { openAdminSession, type AdminSession } from './support/admin-session.js';

const PASSWORD = 'Organisation-2026';
const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
const SHOTS = '/tmp/shots-organization/';

async function shot(page: Page, name: string) {
  await screenshot(page, name);
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(`${artifacts}${name}.png`, `${SHOTS}${name}.png`);
}

// The demo company's organisation chart and roles, searched, in both languages; an error the console meets on a
// page whose address carries a secret reaches /log without the secret.
describe('organisation pages and the front-end log', () => {
  let session: AdminSession;
  let page: Page;

  beforeAll(async () => {
    session = await openAdminSession(PASSWORD);
    ({ page } = session);
  });
  afterAll(async () => {
    await session?.close();
  });

  it('shows the department tree with its people and their roles, and searches', async () => {
    await openFromMenu(page, 'organizationalMembers');
    await page.getByTestId('page-organization-members').waitFor();
    await page.locator('[data-testid^="organization-member-"]').first().waitFor();
    expect(await page.getByTestId('organization-tree').textContent()).toContain('All departments');
    await shot(page, 'organization-01-members-en');
    await page.getByTestId('organization-search').fill('administrator');
    await expect.poll(async () => page.getByTestId('organization-members').textContent()).toContain('Atrium Administrator');
    await page.getByTestId('organization-search').fill('');
  });

  it('lists each role with who holds it, in Chinese too', async () => {
    await openFromMenu(page, 'organizationalRole');
    await page.getByTestId('page-organization-role').waitFor();
    const first = page.locator('[data-testid^="organization-role-"]').first();
    await first.waitFor();
    await first.click();
    await chooseLanguage(page, 'zh-CN');
    await expect.poll(async () => page.getByTestId('page-organization-role').textContent()).toContain('组织角色');
    await shot(page, 'organization-02-roles-zh');
    await chooseLanguage(page, 'en-US');
  });

  it('reports a console error to /log without the secret of the address it happened on', async () => {
    const secret = 'Zq8xV3nR7tK2pL9mW4sY6bC1dF5gH0jA';
    await page.evaluate((token) => {
      history.replaceState(null, '', `/index?token=${token}`);
      setTimeout(() => {
        throw new Error(`Demo failure with token=${token}`);
      });
    }, secret);
    // The reporter sends after a few seconds; leaving the page sends at once.
    await page.waitForTimeout(6_000);
    await page.goto('/log');
    await page.getByTestId('page-frontend-log').waitFor();
    const row = page.locator('[data-testid^="frontend-log-row-"]', { hasText: 'Demo failure' });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('/index');
    expect(text).toContain('Script error');
    expect(text).not.toContain(secret);
    expect(text).toContain('Headless Chrome');
    await shot(page, 'organization-03-frontend-log-en');
    await chooseLanguage(page, 'zh-CN');
    await expect.poll(async () => row.textContent()).toContain('脚本错误');
    await shot(page, 'organization-04-frontend-log-zh');
    await chooseLanguage(page, 'en-US');
  });
});
