import ICAL from 'ical.js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, NARROW, openFromMenu, screenshot, WIDE } from './support/browser.js';
import { openAdminSession, type AdminSession } from './support/admin-session.js';

const PASSWORD = 'Calendar-feeds-2026';

/** Fetches a feed as a calendar program would (no session) and reads its events with ical.js. */
async function subscribe(url: string) {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  const calendar = new ICAL.Component(ICAL.parse(await response.text()));
  return {
    name: calendar.getFirstPropertyValue('x-wr-calname'),
    events: calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent)),
  };
}

// An administrator makes a room's calendar link in the room drawer on /meeting and subscribes to it; then, in Chinese,
// makes a link to their own calendar on /reserve, subscribes, and revokes it.
describe('calendar feeds', () => {
  let session: AdminSession;
  let page: Page;

  beforeAll(async () => {
    session = await openAdminSession(PASSWORD);
    ({ page } = session);
  });
  afterAll(() => session?.close());

  /** The link the page shows once, made absolute against the server the test started (PUBLIC_URL may differ). */
  async function shownLink() {
    const url = (await page.getByTestId('feed-url').textContent())!.trim();
    expect(url).toMatch(/\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    return `${session.server.baseURL}${new URL(url).pathname}`;
  }

  it("makes a room's calendar link and subscribes to it: the room's meetings, the private ones as busy", async () => {
    await openFromMenu(page, 'meeting');
    await page.getByTestId('page-meeting').waitFor();
    await page.getByTestId('room-filter-keyword').fill('Camden');
    const edit = page.locator('[data-testid^="room-edit-"]');
    await expect.poll(() => edit.count()).toBe(1);
    await edit.click();
    const drawer = page.getByTestId('room-drawer');
    await drawer.getByTestId('feed-panel').scrollIntoViewIfNeeded();
    await drawer.getByTestId('feed-create').click();
    await drawer.getByTestId('feed-url').waitFor();
    await screenshot(page, 'feed-01-room-link-wide-en');
    const feed = await subscribe(await shownLink());
    expect(feed.name).toBe('Camden · Atrium');
    // The demo's week of meetings in Camden; every event in the room, none with another room.
    expect(feed.events.length).toBeGreaterThan(0);
    expect(new Set(feed.events.map((event) => event.location))).toEqual(new Set(['Camden']));
    await page.keyboard.press('Escape');
  });

  it('makes my calendar link in Chinese, subscribes, and revokes it', async () => {
    await chooseLanguage(page, 'zh-CN');
    await openFromMenu(page, 'reserve');
    await page.getByTestId('reserve-subscribe').click();
    const dialog = page.getByTestId('reserve-feed');
    await dialog.getByTestId('feed-state').waitFor();
    expect(await dialog.getByTestId('feed-state').textContent()).toBe('尚未创建链接。');
    await dialog.getByTestId('feed-create').click();
    await dialog.getByTestId('feed-url').waitFor();
    await page.setViewportSize(NARROW);
    await screenshot(page, 'feed-02-my-link-narrow-zh');
    await page.setViewportSize(WIDE);
    const link = await shownLink();
    const feed = await subscribe(link);
    // The administrator hosts the demo's meetings: their calendar has events, with their rooms.
    expect(feed.events.length).toBeGreaterThan(0);
    expect(feed.events.every((event) => event.location !== '')).toBe(true);
    await dialog.getByTestId('feed-revoke').click();
    await page.getByTestId('feed-revoke-confirm').click();
    await expect.poll(async () => dialog.getByTestId('feed-state').textContent()).toBe('尚未创建链接。');
    expect((await fetch(link)).status).toBe(404);
    await page.keyboard.press('Escape');
    await chooseLanguage(page, 'en-US');
  });
});
