import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, launchBrowser, screenshot, settled, signIn, waitForLanding } from './support/browser.js';
import { completeFirstSignIn, startServer, type RunningServer } from './support/server.js';

const FIRST_PASSWORD = 'Initial-pass-2026';
const PASSWORD = 'Grid-journey-2026';
const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const MEETING = 'Orbit review e2e';
const HOUR = 3_600_000;

interface Viewer {
  context: BrowserContext;
  page: Page;
}

/**
 * Issue 17, the calendar grid and the global search: the rooms timeline opens at now with a now
 * line and the past greyed, a drag across a meeting turns red and names it before the button is
 * released, short meetings name themselves on hover; s s finds a person, a room and a meeting and
 * opens each; /reserve's shortcuts are listed by ? and drive the calendar, whose empty week invites
 * a booking and whose titles read naturally. In English and Chinese, wide and on a phone, with
 * viewers in London, Shanghai and New York.
 */
describe('calendar grid, global search and shortcuts', () => {
  let server: RunningServer;
  let browser: Browser;
  const viewers: Viewer[] = [];
  let kewId = 0;
  let meetingStart = 0;

  async function viewer(options: { locale: 'en-US' | 'zh-CN'; viewport: { width: number; height: number }; timezoneId: string }): Promise<Page> {
    const context = await browser.newContext({ baseURL: server.baseURL, ...options });
    const page = await context.newPage();
    await page.goto('/login');
    await signIn(page, 'admin', PASSWORD);
    await waitForLanding(page);
    viewers.push({ context, page });
    return page;
  }

  /** Waits until the open dialog has zoomed in (a screenshot before shows nothing). */
  async function dialogSettled(page: Page) {
    const dialog = page.locator('.ant-modal').filter({ visible: true }).last();
    await settled(dialog);
  }

  /** Presses s twice where no field has the focus, and waits for the overlay. */
  async function openSearch(page: Page) {
    await page.locator('.atrium-page-header h1').filter({ visible: true }).first().click();
    await page.keyboard.press('s');
    await page.keyboard.press('s');
    await page.getByTestId('search-input').waitFor();
  }

  beforeAll(async () => {
    server = await startServer({ ATRIUM_ADMIN_PASSWORD: FIRST_PASSWORD });
    await completeFirstSignIn(server.baseURL, FIRST_PASSWORD, PASSWORD);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const { context } of viewers) await context.close();
    await browser?.close();
    await server?.stop();
  });

  it('opens the rooms timeline at now, with a now line in each room and the past greyed (London viewer, English, wide)', async () => {
    const page = await viewer({ locale: 'en-US', viewport: WIDE, timezoneId: 'Europe/London' });
    await page.getByTestId('page-reserve').waitFor();
    // A meeting tomorrow 20:00-21:00 in Kew, after the demo's day (its local midnight from the schedule, so in London time).
    const booked = await page.evaluate(async () => {
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      const schedule = (await (await fetch(`/api/meeting/schedule?date=${tomorrow}&keyword=Kew`)).json()) as { result: { list: Array<{ id: number; name: string; dayStartAt: number }> } };
      const kew = schedule.result.list.find((room) => room.name === 'Kew')!;
      return { id: kew.id, dayStartAt: kew.dayStartAt };
    });
    kewId = booked.id;
    meetingStart = booked.dayStartAt + 20 * HOUR;
    const created = await page.evaluate(async (body) => {
      const response = await fetch('/api/meeting/reservation', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return (await response.json()) as { returncode: number; message: string };
    }, { roomId: kewId, title: MEETING, startAt: meetingStart, endAt: meetingStart + HOUR });
    expect(created.returncode, created.message).toBe(200);
    // A 15-minute stand-up right after it: too short for its title.
    const short = await page.evaluate(async (body) => {
      const response = await fetch('/api/meeting/reservation', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return (await response.json()) as { returncode: number };
    }, { roomId: kewId, title: 'Stand-up e2e', startAt: meetingStart + 2 * HOUR, endAt: meetingStart + 2 * HOUR + 15 * 60_000 });
    expect(short.returncode).toBe(200);

    await page.keyboard.press('2');
    const grid = page.getByTestId('reserve-grid-horizontal');
    await grid.waitFor();
    expect(await page.getByTestId('reserve-day-title').textContent()).toMatch(/^\w+day, \w+ \d{1,2}, \d{4}$/);
    const line = page.locator('[data-testid^="reserve-now-"]').first();
    await line.waitFor();
    // Opened at now: the line is in view, right of the sticky room names.
    const box = (await grid.boundingBox())!;
    const lineBox = (await line.boundingBox())!;
    expect(lineBox.x).toBeGreaterThan(box.x + 120);
    expect(lineBox.x).toBeLessThan(box.x + box.width);
    expect(await page.locator('[data-testid^="reserve-past-"]').count()).toBeGreaterThan(0);
    await screenshot(page, 'grid-01-timeline-now-wide-en');
  });

  it('turns a drag across a meeting red and names it before release, and names a short meeting on hover', async () => {
    const page = viewers[0]!.page;
    await page.keyboard.press('ArrowRight');
    await page.getByTestId('reserve-room-search').locator('input').fill('Kew');
    const lane = page.getByTestId(`reserve-lane-${kewId}`);
    await lane.locator('.reserve-grid-block', { hasText: MEETING }).waitFor();
    await expect.poll(() => page.locator('[data-testid^="reserve-lane-"]').count()).toBe(1);
    // From 19:00 to 20:30: across the meeting at 20:00 (the room's wall clock).
    const from = (await page.getByTestId(`reserve-cell-${kewId}-38`).boundingBox())!;
    const to = (await page.getByTestId(`reserve-cell-${kewId}-41`).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 6 });
    const clash = page.getByTestId('reserve-drag-clash');
    await clash.waitFor();
    expect(await clash.textContent()).toBe(`Clashes with ${MEETING} 20:00–21:00`);
    await screenshot(page, 'grid-02-drag-clash-wide-en');
    await page.mouse.up();
    await clash.waitFor({ state: 'detached' });
    // Nothing is booked over it: no form opened.
    expect(await page.locator('.ant-drawer-open').count()).toBe(0);

    await page.mouse.move(5, 5);
    await lane.locator('.reserve-grid-block', { hasText: 'Stand-up e2e' }).hover();
    const tooltip = page.locator('.ant-tooltip:not(.ant-tooltip-hidden)', { hasText: 'Stand-up e2e' });
    await tooltip.waitFor();
    expect(await tooltip.textContent()).toContain('22:00–22:15 Stand-up e2e');
    await screenshot(page, 'grid-03-short-meeting-tooltip-wide-en');
    await page.mouse.move(5, 5);

    // Edit in the details hands over to the form: a field clicked at once keeps the focus after the
    // details have slid away (they used to hand it back to the meeting's block, and the form's focus
    // trap then took it to its close button).
    await lane.locator('.reserve-grid-block', { hasText: MEETING }).click();
    const details = page.getByTestId('reserve-details');
    await details.waitFor();
    await page.getByTestId('reserve-details-edit').click();
    const title = page.getByTestId('reserve-title');
    await title.click();
    await details.waitFor({ state: 'hidden' });
    await page.waitForTimeout(800);
    expect(await title.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await title.waitFor({ state: 'detached' });
  });

  it('finds a person, a room and a meeting with s s, and opens each', async () => {
    const page = viewers[0]!.page;
    await openSearch(page);
    await page.getByTestId('search-input').fill('Hannah');
    const person = page.locator('[data-testid="search-result"][data-kind="person"]', { hasText: 'Hannah Cole' });
    await person.waitFor();
    expect(await page.getByTestId('search-group').allTextContents()).toContain('People');
    await screenshot(page, 'grid-04-search-person-wide-en');
    // The administrator may read the directory: the person opens there.
    await person.click();
    await page.waitForURL(/\/directory/);
    await page.locator('tr', { hasText: 'Hannah Cole' }).first().waitFor();
    expect(await page.getByTestId('directory-filter-keyword').inputValue()).toContain('hannah');

    await openSearch(page);
    await page.getByTestId('search-input').fill('Kew');
    const room = page.locator('[data-testid="search-result"][data-kind="room"]', { hasText: 'Kew' }).first();
    await room.waitFor();
    await screenshot(page, 'grid-05-search-room-wide-en');
    await room.click();
    await page.waitForURL(/\/reserve/);
    expect(await page.getByTestId('reserve-room-focus').textContent()).toContain('Kew');
    await expect.poll(() => page.locator('[data-testid^="reserve-lane-"]').count()).toBe(1);

    await openSearch(page);
    await page.getByTestId('search-input').fill('orbit');
    const meeting = page.locator('[data-testid="search-result"][data-kind="meeting"]', { hasText: MEETING });
    await meeting.waitFor();
    await screenshot(page, 'grid-06-search-meeting-wide-en');
    // Arrows reach it, Enter opens its details.
    while ((await meeting.getAttribute('aria-selected')) !== 'true') await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const details = page.getByTestId('reserve-details');
    await details.waitFor();
    await page.locator('.ant-drawer-title', { hasText: MEETING }).waitFor();
    expect(await details.textContent()).toContain('20:00–21:00');
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });
  });

  it('lists the shortcuts on ?, names the month, and invites a booking in an empty week', async () => {
    const page = viewers[0]!.page;
    await page.locator('.atrium-page-header h1').filter({ visible: true }).first().click();
    await page.keyboard.press('?');
    const help = page.getByTestId('reserve-shortcut-newMeeting');
    await help.waitFor();
    await dialogSettled(page);
    await screenshot(page, 'grid-07-shortcuts-wide-en');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
    await page.keyboard.press('1');
    // Back to today first: an earlier step moved a day on (on a month's last day, into the next month).
    await page.keyboard.press('t');
    await page.keyboard.press('m');
    const title = page.getByTestId('reserve-period-title');
    await expect.poll(() => title.textContent()).toBe(new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', timeZone: 'Europe/London' }).format(Date.now()));
    // Four weeks on: a week the administrator has nothing in.
    await page.keyboard.press('w');
    for (let week = 0; week < 4; week += 1) await page.keyboard.press('j');
    const invite = page.getByTestId('reserve-empty');
    await invite.waitFor();
    expect(await invite.textContent()).toContain('No meetings this week');
    await screenshot(page, 'grid-08-empty-week-wide-en');
    await page.getByTestId('reserve-empty-book').click();
    await page.getByTestId('reserve-save').waitFor();
    await page.keyboard.press('Escape');
    await page.keyboard.press('t');
  });

  it('in Chinese for a Shanghai viewer: the side-by-side view with its now line, the shortcuts, month titles and the search', async () => {
    const page = await viewer({ locale: 'zh-CN', viewport: WIDE, timezoneId: 'Asia/Shanghai' });
    await chooseLanguage(page, 'zh-CN');
    await page.keyboard.press('3');
    await page.getByTestId('reserve-grid-vertical').waitFor();
    await page.getByTestId('reserve-room-search').locator('input').fill('9F');
    // Only the Shanghai 9th floor's rooms: their own day, the viewer's.
    await expect.poll(() => page.locator('.reserve-grid-room-head', { hasText: 'Kew' }).count()).toBe(0);
    await page.locator('.reserve-grid-room-head', { hasText: '杨浦' }).waitFor();
    const line = page.locator('[data-testid^="reserve-now-"]').first();
    await line.waitFor();
    // Filtered to the other office, the grid opens again at now in its zone: the line is in view.
    await expect.poll(async () => {
      const [grid, mark] = await Promise.all([page.getByTestId('reserve-grid-vertical').boundingBox(), line.boundingBox()]);
      return mark!.y > grid!.y + 40 && mark!.y < grid!.y + grid!.height;
    }).toBe(true);
    expect(await page.getByTestId('reserve-day-title').textContent()).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日星期./);
    await screenshot(page, 'grid-09-columns-now-wide-zh');
    await page.getByTestId('reserve-room-search').locator('input').fill('');
    await page.locator('.atrium-page-header h1').filter({ visible: true }).first().click();
    await page.keyboard.press('?');
    await page.getByTestId('reserve-shortcut-newMeeting').waitFor();
    await dialogSettled(page);
    expect(await page.getByTestId('reserve-shortcut-newMeeting').textContent()).toBe('新建会议');
    await screenshot(page, 'grid-10-shortcuts-wide-zh');
    await page.keyboard.press('Escape');
    await page.keyboard.press('1');
    await page.keyboard.press('m');
    await expect.poll(() => page.getByTestId('reserve-period-title').textContent()).toMatch(/^\d{4}年\d{1,2}月$/);
    await page.keyboard.press('w');
    for (let week = 0; week < 4; week += 1) await page.keyboard.press('j');
    await page.getByTestId('reserve-empty').waitFor();
    expect(await page.getByTestId('reserve-empty').textContent()).toContain('本周没有会议');
    expect(await page.getByTestId('reserve-period-title').textContent()).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日–/);
    await screenshot(page, 'grid-11-empty-week-wide-zh');
    await page.keyboard.press('t');

    await openSearch(page);
    await page.getByTestId('search-input').fill('王芳');
    await page.locator('[data-testid="search-result"][data-kind="person"]', { hasText: '王芳' }).waitFor();
    expect(await page.getByTestId('search-group').allTextContents()).toContain('同事');
    await screenshot(page, 'grid-12-search-person-wide-zh');
    await page.getByTestId('search-input').fill('Orbit');
    await page.locator('[data-testid="search-result"][data-kind="meeting"]', { hasText: MEETING }).waitFor();
    // A London room's meeting for a Shanghai viewer: the room's zone is named beside its time.
    expect(await page.locator('[data-testid="search-result"][data-kind="meeting"]').first().textContent()).toContain('(Europe/London)');
    await screenshot(page, 'grid-13-search-meeting-wide-zh');
    await page.keyboard.press('Escape');
  });

  it('on a phone, for a New York viewer, in both languages: the timeline with its now line, the search and the empty day', async () => {
    for (const locale of ['en-US', 'zh-CN'] as const) {
      const page = await viewer({ locale, viewport: PHONE, timezoneId: 'America/New_York' });
      const lang = locale === 'en-US' ? 'en' : 'zh';
      if (locale === 'zh-CN') {
        await chooseLanguage(page, 'zh-CN');
      }
      await page.getByTestId('page-reserve').waitFor();
      await page.getByTestId('reserve-view-timeline').click();
      await page.getByTestId('reserve-grid-horizontal').waitFor();
      await screenshot(page, `grid-14-timeline-narrow-${lang}`);
      await page.getByTestId('reserve-view-mine').click();
      // Two weeks of list on a phone; four days on, an empty day.
      await page.getByTestId('reserve-mine-day').waitFor();
      for (let day = 0; day < 30; day += 1) await page.getByTestId('reserve-next').click();
      await page.getByTestId('reserve-empty').waitFor();
      await screenshot(page, `grid-15-empty-day-narrow-${lang}`);
      await page.getByTestId('header-search').click();
      await page.getByTestId('search-input').fill('Kew');
      await page.locator('[data-testid="search-result"][data-kind="room"]').first().waitFor();
      await screenshot(page, `grid-16-search-narrow-${lang}`);
      await page.keyboard.press('Escape');
    }
  });
});
