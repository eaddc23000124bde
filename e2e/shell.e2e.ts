import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, clickSettled, NARROW, openFromMenu, screenshot, settled, signIn, WIDE } from './support/browser.js';
import { openAdminSession, type AdminSession } from './support/admin-session.js';

const PASSWORD = 'Shell-tour-2026';

/**
 * Opens a tab's context menu, waits for it to fade in and picks an action. A menu can close before
 * the click while it fades in (seen in CI: the item moved under the breadcrumb, then was gone): it
 * is opened again, at most three times.
 */
async function tabAction(page: Page, tab: string, action: string) {
  const openMenus = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  for (let attempt = 1; ; attempt++) {
    // A menu still fading out would take the click meant for the new one.
    await expect.poll(() => openMenus.count()).toBe(0);
    await page.getByTestId(tab).click({ button: 'right' });
    try {
      await settled(openMenus.last());
      await openMenus.last().getByTestId(action).click({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      if (await openMenus.count()) await page.keyboard.press('Escape');
    }
  }
}

// A signed-in administrator walks the shell: menu, tabs, search, language, theme, logout.
describe('console shell', () => {
  let session: AdminSession;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    session = await openAdminSession(PASSWORD);
    ({ context, page } = session);
  });
  afterAll(() => session?.close());

  it('opens menu pages as tabs and keeps cached pages alive', async () => {
    await openFromMenu(page, 'personal');
    await page.getByTestId('page-personal').waitFor();
    expect(new URL(page.url()).pathname).toBe('/personal');
    expect(await page.title()).toContain('Personal');
    await page.getByTestId('tab-_personal').waitFor();

    await page.getByTestId('personal-old-password').fill('typed but not sent');
    await page.getByTestId('tab-_index').click();
    await page.getByTestId('page-index').waitFor();
    await page.getByTestId('tab-_personal').click();
    expect(await page.getByTestId('personal-old-password').inputValue()).toBe('typed but not sent');
    await screenshot(page, 'shell-01-tabs-wide-en');
  });

  it('closes tabs to the right, then all, returning to the index', async () => {
    await tabAction(page, 'tab-_index', 'tab-close-right');
    // The personal tab holds a typed password: closing it asks first (issue 17).
    await page.locator('.ant-modal-confirm', { hasText: 'A tab you are closing holds changes that are not saved yet.' }).waitFor();
    await clickSettled(page.getByTestId('unsaved-discard'));
    await expect.poll(() => page.getByTestId('tab-_personal').count()).toBe(0);

    await openFromMenu(page, 'personal');
    await page.getByTestId('tab-_personal').waitFor();
    await tabAction(page, 'tab-_personal', 'tab-close-all');
    await page.waitForURL(/\/index$/);
    await expect.poll(() => page.getByTestId('tab-_personal').count()).toBe(0);
  });

  it('reorders tabs by dragging and remembers them after a reload', async () => {
    await openFromMenu(page, 'personal');
    await page.getByTestId('tab-_personal').waitFor();
    const order = () =>
      page.locator('[data-testid^="tab-_"]').evaluateAll((tabs) => tabs.map((t) => t.getAttribute('data-testid')));
    expect(await order()).toEqual(['tab-_index', 'tab-_personal']);
    await page.getByTestId('tab-_personal').dragTo(page.getByTestId('tab-_index'));
    await expect.poll(order).toEqual(['tab-_personal', 'tab-_index']);
    await page.reload();
    await page.getByTestId('tab-_personal').waitFor();
    expect(await order()).toEqual(['tab-_personal', 'tab-_index']);
  });

  it('collapses the side menu and remembers it', async () => {
    const sider = page.getByTestId('side-menu');
    const wide = (await sider.boundingBox())!.width;
    await page.getByTestId('menu-collapse').click();
    await expect.poll(async () => (await sider.boundingBox())!.width).toBeLessThan(wide);
    await page.reload();
    await page.getByTestId('side-menu').waitFor();
    await expect.poll(async () => (await page.getByTestId('side-menu').boundingBox())!.width).toBeLessThan(wide);
    await page.getByTestId('menu-collapse').click();
    await expect.poll(async () => (await page.getByTestId('side-menu').boundingBox())!.width).toBe(wide);
  });

  it('finds pages with the search overlay opened by pressing s twice', async () => {
    await page.getByTestId('tab-_index').click();
    await page.getByTestId('page-index').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('s');
    await page.keyboard.press('s');
    await page.getByTestId('search-overlay').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[data-testid="search-overlay"]') !== null)).toBe(true);
    await page.getByTestId('search-input').fill('perso');
    const result = page.getByTestId('search-result').first();
    expect(await result.textContent()).toContain('User management / Personal');
    await screenshot(page, 'shell-02-search');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('search-overlay').isVisible()).toBe(false);

    await page.getByTestId('header-search').click();
    await page.getByTestId('search-input').fill('perso');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/personal$/);
  });

  it('switches to Chinese and back, everywhere', async () => {
    await chooseLanguage(page, 'zh-CN');
    expect(await page.getByTestId('side-menu').textContent()).toMatch(/[\u4e00-\u9fff]/);
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'atrium_v1_lang')?.value).toBe('zh-chs');
    await screenshot(page, 'shell-03-wide-zh');
    await page.setViewportSize(NARROW);
    await screenshot(page, 'shell-04-narrow-zh');

    await page.setViewportSize(WIDE);
    await chooseLanguage(page, 'en-US');
    expect(await page.getByTestId('side-menu').textContent()).toContain('Personal');
    await page.setViewportSize(NARROW);
    await screenshot(page, 'shell-05-narrow-en');
    await page.setViewportSize(WIDE);
  });

  it('shows a 404 for unknown paths and the theme dialog', async () => {
    await page.goto('/no-such-page');
    await page.getByTestId('page-not-found').waitFor();
    await page.getByTestId('header-theme').click();
    await page.getByTestId('theme-dialog').waitFor();
    expect(await page.getByTestId('theme-dialog').textContent()).toMatch(/emerald/i);
    // The dialog takes the focus once it has zoomed in (its code now loads when first opened): Escape closes it
    // from there. Closed before the screenshot, which fast-forwards the dialog's motion and leaves it unable to
    // close, then opened again for it. The pointer leaves the button first: Escape goes to the popup opened last,
    // and on a busy machine the button's tooltip can open after the dialog.
    await page.mouse.move(0, 0);
    await expect.poll(() => page.locator('.ant-tooltip:visible').count()).toBe(0);
    await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('.ant-modal')))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.ant-modal-wrap:visible').count()).toBe(0);
    await page.getByTestId('header-theme').click();
    await settled(page.locator('.ant-modal', { has: page.getByTestId('theme-dialog') }));
    await screenshot(page, 'shell-06-theme');
    await page.reload();
  });

  it('asks before signing out and sends a signed-out visitor back to sign-in, then to the page asked for', async () => {
    await page.getByTestId('header-user').click();
    await clickSettled(page.getByTestId('user-logout'));
    const question = page.locator('.ant-modal-confirm');
    await clickSettled(question.getByRole('button', { name: /cancel/i }));
    await expect.poll(() => page.getByText(/cancel logout operation/i).count()).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).not.toBe('/login');

    // The cancelled question fades out first: its buttons go with it.
    await expect.poll(() => question.count()).toBe(0);
    await page.getByTestId('header-user').click();
    await clickSettled(page.getByTestId('user-logout'));
    await clickSettled(question.getByRole('button', { name: /^log out$/i }));
    await page.waitForURL(/\/login/);

    await page.goto('/personal');
    await page.waitForURL(/\/login\?redirect=%2Fpersonal/);
    await signIn(page, 'admin', PASSWORD);
    await page.getByTestId('page-personal').waitFor();
    expect(new URL(page.url()).pathname).toBe('/personal');
  });
});
