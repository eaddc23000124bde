import { MENU_CATALOGUE } from '@atrium/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdminSession, type AdminSession } from './support/admin-session.js';
import { axeViolations } from './support/axe.js';
import { activeTabOf, chooseLanguage, clickSettled, networkQuiet, newContext, openInConsole, settled } from './support/browser.js';

const PASSWORD = 'Accessible-2026';

/** Every page of the menu that this build has, by menu group (issue 19: each one is checked). */
const MENU_GROUPS = MENU_CATALOGUE.map((node) => ({
  key: node.key,
  paths: (node.children ?? [node]).filter((entry) => entry.isBuilt && entry.path).map((entry) => entry.path!),
})).filter((group) => group.paths.length > 0);
const MENU_PATHS = MENU_GROUPS.flatMap((group) => group.paths);

/** Pages of every kind (calendar, board, forms, lists, a tree, a log) scanned again in the night theme. */
const NIGHT_PATHS = ['/roomBoard', '/reserve', '/meeting', '/directory', '/group', '/personal', '/operation-log'];

/**
 * Opens a page, from the address bar or (`inConsole`) inside the running console as its menu would, and waits for
 * it to be drawn with its data.
 */
async function openPage(page: Page, path: string, { inConsole = false } = {}) {
  if (inConsole) await openInConsole(page, path);
  else await page.goto(path);
  await page.locator('.atrium-content [data-testid^="page-"]:visible').first().waitFor();
  await networkQuiet(page);
}

async function chooseLanguageToScan(page: Page, switchTestId: string, lang: 'zh-CN' | 'en-US') {
  await chooseLanguage(page, lang, switchTestId);
  // The menu fades out before it goes: scanned half-faded, its options' text would not contrast.
  await page.getByTestId(`lang-option-${lang}`).waitFor({ state: 'detached' });
}

/** Switches the signed-in console to `lang` unless it reads in it already (the tests below start from English). */
async function useLanguage(page: Page, lang: 'zh-CN' | 'en-US') {
  if ((await page.evaluate(() => document.documentElement.lang)) !== lang) await chooseLanguageToScan(page, 'header-lang', lang);
}

/**
 * Closes every tab but home's from the tab bar's menu, as a person tidying up would: the pages a walk opened stay
 * mounted (hidden) in their tabs until closed, and each one left would add its nodes to every later scan.
 */
async function closeAllTabs(page: Page) {
  const tabs = page.locator('[data-testid="tabs-bar"] [role="tab"]');
  if ((await tabs.count()) <= 1) return;
  await page.getByTestId('tabs-actions').click();
  await clickSettled(page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByTestId('tab-close-all'));
  await expect.poll(() => tabs.count()).toBe(1);
}

/** Day or night, chosen in the theme dialog (saved with the user's preferences). */
async function chooseMode(page: Page, mode: 'day' | 'night') {
  await page.getByTestId('header-theme').click();
  const dialog = page.getByTestId('theme-dialog');
  await dialog.waitFor();
  // Pressed once the dialog has settled: a press during its opening motion can miss (seen once in CI).
  await clickSettled(page.getByTestId('theme-mode').getByText(mode === 'night' ? 'Night' : 'Day', { exact: true }));
  await expect.poll(() => page.evaluate(() => document.documentElement.style.colorScheme)).toBe(mode === 'night' ? 'dark' : 'light');
  await page.locator('.ant-modal', { has: dialog }).locator('.ant-modal-close').click();
  await dialog.waitFor({ state: 'detached' });
}

/** Whether the focused element shows a ring: an outline or antd's focus shadow. */
const showsFocus = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement;
    if (!(focused instanceof HTMLElement) || focused === document.body) return false;
    const style = getComputedStyle(focused);
    return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
  });

const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);

// Issue 19: no axe violation (WCAG 2 A and AA) on any page, in both languages; the shell works by keyboard alone.
describe('accessibility', () => {
  let session: AdminSession;
  let page: Page;

  beforeAll(async () => {
    session = await openAdminSession(PASSWORD);
    ({ page } = session);
  });
  afterAll(() => session?.close());

  it('passes axe on the sign-in page in English and Chinese', async () => {
    const context = await newContext(session.browser, session.server.baseURL);
    try {
      const signedOut = await context.newPage();
      await signedOut.goto('/login');
      await signedOut.getByTestId('login-username').waitFor();
      const found = await axeViolations(signedOut, 'en /login');
      await chooseLanguageToScan(signedOut, 'login-lang', 'zh-CN');
      found.push(...(await axeViolations(signedOut, 'zh /login')));
      expect(found).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('finds the pages of the menu to scan', () => {
    expect(MENU_PATHS.length).toBeGreaterThan(20);
  });

  // The scan is run in the page with axe-core put in once per document (support/axe.ts): it must still see what
  // the console draws after it was put in.
  it('finds a violation drawn into a page after an earlier scan, and none once it is gone', async () => {
    await openPage(page, '/personal');
    expect(await axeViolations(page, 'before')).toEqual([]);
    await page.evaluate(() => {
      const field = document.createElement('input');
      field.id = 'unlabelled-field';
      document.querySelector('.atrium-content')!.append(field);
    });
    const found = await axeViolations(page, 'planted');
    await page.evaluate(() => document.getElementById('unlabelled-field')!.remove());
    expect(found.some((line) => line.startsWith('label ') && line.includes('#unlabelled-field'))).toBe(true);
    expect(await axeViolations(page, 'after')).toEqual([]);
  });

  // One test per menu group and language, each with its own time. Every page is opened inside the running console,
  // as its menu opens them (loading the whole console again for every page was most of the walk's time, and once
  // per group still a tenth of it); the previous group's tabs are closed first, so that the pages kept open in hidden
  // tabs do not pile up over the walk.
  describe.each([
    { lang: 'en-US', label: 'English' },
    { lang: 'zh-CN', label: 'Chinese' },
  ] as const)('in $label', ({ lang }) => {
    it.each(MENU_GROUPS)('passes axe on every page of the menu group $key', async ({ paths }) => {
      await closeAllTabs(page);
      await useLanguage(page, lang);
      const found: string[] = [];
      for (const path of paths) {
        await openPage(page, path, { inConsole: true });
        found.push(...(await axeViolations(page, `${lang} ${path}`)));
      }
      expect(found).toEqual([]);
    }, 180_000);
  });

  it('moves along the tab bar with the arrow keys and opens a tab with Enter, its focus visible', async () => {
    await useLanguage(page, 'en-US');
    await openPage(page, '/personal');
    // The walks above left a tab open for every page of the last group: closed, so that the bar holds home, /personal
    // and /company.
    await closeAllTabs(page);
    // Loaded afresh: after the mouse's click above, the browser would not show the focus a script gives.
    await openPage(page, '/personal');
    await openPage(page, '/company');
    expect(await page.locator('[data-testid="tabs-bar"] [role="tab"]').evaluateAll((tabs) => tabs.map((tab) => tab.getAttribute('data-testid')))).toEqual(['tab-_index', 'tab-_personal', 'tab-_company']);
    await activeTabOf(page).focus();
    expect(await focusedTestId(page)).toBe('tab-_company');
    expect(await showsFocus(page)).toBe(true);
    await page.keyboard.press('ArrowLeft');
    expect(await focusedTestId(page)).toBe('tab-_personal');
    expect(await showsFocus(page)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/personal');
    await page.getByTestId('page-personal').waitFor();
    await page.keyboard.press('End');
    expect(await focusedTestId(page)).toBe('tab-_company');
    await page.keyboard.press('Home');
    expect(await focusedTestId(page)).toBe('tab-_index');
  });

  it('opens the search overlay, picks a page and closes it, all by keyboard', async () => {
    // The hotkey works where no field has the focus (a click on the page's corner could land on what covers it).
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('s');
    await page.keyboard.press('s');
    await page.getByTestId('search-overlay').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[data-testid="search-overlay"]') !== null)).toBe(true);
    // Scanned once it has faded in: mid-animation its texts are paler than they end.
    await settled(page.getByTestId('search-overlay'));
    expect(await axeViolations(page, 'the search overlay')).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('search-overlay').isVisible()).toBe(false);

    await page.keyboard.press('s');
    await page.keyboard.press('s');
    await page.getByTestId('search-input').waitFor();
    await page.keyboard.type('compan');
    await expect.poll(() => page.getByTestId('search-result').count()).toBeGreaterThan(0);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/company');
    await expect.poll(() => page.getByTestId('search-overlay').isVisible()).toBe(false);
  });

  it('shows a focus ring on the side menu when reached by keyboard', async () => {
    const entry = page.locator('[data-testid="side-menu"] [role="menuitem"]').first();
    await entry.focus();
    // antd's menu shows focus on the item it marks active; a keyboard press makes focus visible.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    expect(await showsFocus(page)).toBe(true);
  });

  // Last: it leaves tabs open that the keyboard tests above would find in their way.
  it('passes axe in the night theme', async () => {
    expect(NIGHT_PATHS.every((path) => MENU_PATHS.includes(path))).toBe(true);
    await chooseMode(page, 'night');
    const found: string[] = [];
    try {
      for (const [index, path] of NIGHT_PATHS.entries()) {
        await openPage(page, path, { inConsole: index > 0 });
        expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe('dark');
        found.push(...(await axeViolations(page, `night ${path}`)));
      }
    } finally {
      await chooseMode(page, 'day');
    }
    expect(found).toEqual([]);
  }, 120_000);
});
