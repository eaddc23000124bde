import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MENU_CATALOGUE } from '@atrium/contract';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';

const artifacts = fileURLToPath(new URL('../artifacts/', import.meta.url));

/**
 * Debian's Chromium headless shell (package `chromium-headless-shell`, the same engine without the browser's window
 * layer: the build Playwright itself runs headless tests on), started with the flags this machine needs (DECISIONS.md,
 * tests). It draws the same pages for about a quarter less CPU than the full browser in its headless mode
 * (docs/performance.md), and the journeys are bound by CPU. `CHROMIUM_PATH` picks another build.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export const WIDE = { width: 1440, height: 900 };
export const NARROW = { width: 375, height: 800 };

export async function newContext(browser: Browser, baseURL: string, options: { viewport?: { width: number; height: number }; locale?: string } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: options.viewport ?? WIDE, locale: options.locale ?? 'en-US' });
  trackRequests(context);
  return context;
}

/** What a context has asked of the network and not yet had answered, and when that last changed. */
interface RequestTracker {
  inFlight: Set<unknown>;
  changedAt: number;
}

const trackers = new WeakMap<BrowserContext, RequestTracker>();

/**
 * Counts a context's requests from its start, for `networkQuiet`. A stream that stays open by design (a server-sent
 * event stream, a web socket) is not counted.
 */
function trackRequests(context: BrowserContext) {
  const tracker: RequestTracker = { inFlight: new Set(), changedAt: Date.now() };
  trackers.set(context, tracker);
  context.on('request', (request) => {
    if (['eventsource', 'websocket'].includes(request.resourceType())) return;
    tracker.inFlight.add(request);
    tracker.changedAt = Date.now();
  });
  const settle = (request: unknown) => {
    if (tracker.inFlight.delete(request)) tracker.changedAt = Date.now();
  };
  context.on('requestfinished', settle);
  context.on('requestfailed', settle);
}

/**
 * Waits until the page's context has had no request in flight for `quietMs`: the page's data has come (what
 * Playwright's `networkidle` tells after 500 ms of silence, a wait paid on every page of a walker). Called once
 * the page itself is drawn, so that its queries have started; an event stream does not keep it waiting.
 */
export async function networkQuiet(page: Page, quietMs = 200) {
  const tracker = trackers.get(page.context());
  if (!tracker) throw new Error('networkQuiet: the context was not made by newContext');
  await expect
    .poll(() => tracker.inFlight.size === 0 && Date.now() - tracker.changedAt >= quietMs, { interval: 50, timeout: 30_000 })
    .toBe(true);
}

/** The shell's active tab (a page's own inner tabs have the tab role too). */
export const activeTabOf = (page: Page) => page.locator('[data-testid="tabs-bar"] [role="tab"][aria-selected="true"]');

/**
 * Opens `path` inside the running console, as a link in it would: the router follows the address without the
 * page loading again (the console, its texts and the signed-in user stay). For walkers that visit many pages;
 * a journey about deep links opens them from the address bar (`page.goto`). The path's tab must be another than
 * the current one: the change of the active tab is how the walker knows the page is shown.
 */
export async function openInConsole(page: Page, path: string) {
  const activeTab = activeTabOf(page);
  const left = await activeTab.getAttribute('data-testid');
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  // The page's tab becomes the active one once the router has loaded the page's code and shown it (the previous
  // page stays on screen meanwhile, so its own test id would answer too early).
  await expect.poll(() => activeTab.getAttribute('data-testid'), { timeout: 30_000, message: `${path} opens in a tab of its own` }).not.toBe(left);
}

/**
 * Saves a screenshot as a test artifact under e2e/artifacts/. Chromium has once been seen never to
 * answer a screenshot with animations disabled right after a viewport change on a busy machine (the
 * page itself went on working): such a shot is taken again, as it is, once; a page that is really
 * stuck fails it too, and the journey's next step anyway.
 */
export async function screenshot(page: Page, name: string) {
  mkdirSync(artifacts, { recursive: true });
  const path = `${artifacts}${name}.png`;
  try {
    await page.screenshot({ path, animations: 'disabled', fullPage: false, timeout: 15_000 });
  } catch (error) {
    if (!(error instanceof Error) || error.name !== 'TimeoutError') throw error;
    await page.screenshot({ path, fullPage: false, timeout: 15_000 });
  }
}

/**
 * Waits until nothing moves on or around an element of a popover, a menu or a dialog. antd zooms and slides them
 * in from the pointer: before they settle a screenshot shows them half-drawn, and on a busy machine a press can
 * land on a button and its release beside it as the dialog grows, which the browser turns into a click on the
 * dialog, not the button (seen in CI: a sign-out confirmed but never sent). Settled means no running animation on
 * the element or an ancestor, and no motion class of antd's on the way (`…-appear`, `…-enter`, `…-leave`, set a
 * frame before the animation itself starts).
 */
export async function settled(element: Locator) {
  await element.waitFor();
  await expect
    .poll(() =>
      element.evaluate((node) => {
        const moving = document.getAnimations().some((animation) => {
          const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
          return animation.playState === 'running' && target instanceof Element && target.contains(node);
        });
        return moving || node.closest('[class*="-appear"], [class*="-enter"], [class*="-leave"]') !== null;
      }),
    )
    .toBe(false);
}

/** Clicks a control of a popover or a dialog once it has settled (see `settled`). */
export async function clickSettled(control: Locator) {
  await settled(control);
  await control.click();
}

/**
 * Switches the console's language from a language switch (the header's unless named) and waits until the page is
 * in it: the language's texts load first, and a step taken meanwhile would still read the old language (seen in CI:
 * a meeting cancelled right after choosing Chinese said so in English). The option is clicked once its menu has
 * settled; a click that still missed (seen in CI under load: the menu closed as the page re-rendered, and the
 * switch never happened) is judged by the page's language and made again.
 */
export async function chooseLanguage(page: Page, lang: 'en-US' | 'zh-CN', switchTestId = 'header-lang') {
  const isIn = () => page.evaluate((wanted) => document.documentElement.lang === wanted, lang);
  for (let attempt = 1; ; attempt += 1) {
    const option = page.getByTestId(`lang-option-${lang}`);
    try {
      if (!(await option.isVisible())) await page.getByTestId(switchTestId).click();
      await settled(option);
      // A menu that closes under the click (the option detached) is opened again on the next attempt.
      await option.click({ timeout: 5_000 });
      await expect.poll(isIn, { timeout: 8_000 }).toBe(true);
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** Signs in through the login page and waits for the shell. */
export async function signIn(page: Page, userName: string, password: string) {
  await page.getByTestId('login-username').fill(userName);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/**
 * Opens a page from the side menu as a person would: a larger menu starts with its groups folded
 * (only the current page's group open), so the page's group is unfolded first when needed.
 */
export async function openFromMenu(page: Page, key: string) {
  const entry = page.getByTestId(`menu-item-${key}`);
  const group = MENU_CATALOGUE.find((node) => node.children?.some((child) => child.key === key));
  const path = (group?.children ?? MENU_CATALOGUE).find((node) => node.key === key)?.path;
  // The shell folds the groups to the current page's once its first route settles; on a busy machine that can
  // land between unfolding a group and clicking its entry, so the click is judged by the address it opens.
  for (let attempt = 1; ; attempt += 1) {
    if (group && !(await entry.isVisible())) await page.getByTestId(`menu-item-${group.key}`).click();
    await entry.click();
    if (!path) return;
    try {
      await page.waitForURL((url) => url.pathname === path, { timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** After sign-in the console opens /reserve when the user may book (spec 000 section 2), else the welcome page. */
export async function waitForLanding(page: Page, timeout?: number) {
  await page.locator('[data-testid="page-index"], [data-testid="page-reserve"]').first().waitFor(timeout ? { timeout } : {});
}
