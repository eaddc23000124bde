import { copyFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NARROW, WIDE, screenshot } from './support/browser.js';
import { openAdminSession, type AdminSession } from './support/admin-session.js';

const PASSWORD = 'Reserve-journey-2026';
const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
const SHOTS = '/tmp/shots-reserve/';
const TITLE = 'Quarterly planning e2e';

async function shot(page: Page, name: string) {
  await screenshot(page, name);
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(`${artifacts}${name}.png`, `${SHOTS}${name}.png`);
}

/** Picks a time in one of the form's searchable time selects. */
async function chooseTime(page: Page, testId: string, time: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(time);
  await page.keyboard.press('Enter');
}

// A booker opens /reserve (the landing page), books Camden by clicking free time in the rooms timeline, finds the
// meeting in My calendar, is refused a second booking over the same time with the clash message, opens the details
// and moves the meeting; then the same page in Chinese and on a phone.
describe('reserve', () => {
  let session: AdminSession;
  let page: Page;
  let lane: Locator;
  let roomId = 0;

  beforeAll(async () => {
    session = await openAdminSession(PASSWORD);
    ({ page } = session);
  });
  afterAll(() => session?.close());

  it('lands on /reserve and books a room by clicking free time in the rooms timeline', async () => {
    await page.getByTestId('page-reserve').waitFor();
    await page.getByTestId('reserve-view-timeline').click();
    await page.getByTestId('reserve-day-next').click();
    await page.getByTestId('reserve-room-search').locator('input').fill('Camden');
    lane = page.locator('[data-testid^="reserve-lane-"]');
    await expect.poll(() => lane.count()).toBe(1);
    roomId = Number((await lane.getAttribute('data-testid'))!.replace('reserve-lane-', ''));
    await shot(page, 'reserve-01-timeline-wide-en');
    // 22:00 tomorrow: a one-hour slot from the clicked half hour.
    await page.getByTestId(`reserve-cell-${roomId}-44`).click();
    await page.getByTestId('reserve-title').waitFor();
    expect(await page.locator('[data-testid="reserve-start"] .ant-select-content, [data-testid="reserve-start"] .ant-select-selection-item').first().textContent()).toContain('22:00');
    await page.getByTestId('reserve-title').fill(TITLE);
    await page.getByTestId('reserve-participants').click();
    await page.keyboard.type('guest@example.org');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await shot(page, 'reserve-02-form-wide-en');
    await page.getByTestId('reserve-save').click();
    await page.getByTestId('reserve-title').waitFor({ state: 'detached' });
    await lane.locator('.reserve-grid-block', { hasText: TITLE }).waitFor();
    expect(await lane.locator('.reserve-grid-block', { hasText: TITLE }).textContent()).toContain('22:00–23:00');
  });

  it('shows the meeting in My calendar', async () => {
    await page.getByTestId('reserve-view-mine').click();
    await page.getByTestId('reserve-scale').getByText('Day').click();
    await page.getByTestId('reserve-next').click();
    const item = page.locator('[data-testid^="reserve-mine-"]', { hasText: TITLE }).first();
    await item.waitFor();
    expect(await item.textContent()).toContain('Camden');
    await page.getByTestId('reserve-scale').getByText('Week').click();
    await item.waitFor();
    await shot(page, 'reserve-03-my-week-wide-en');
  });

  it('refuses a second booking over the same time with the clash message', async () => {
    await page.getByTestId('reserve-view-timeline').click();
    await lane.locator('.reserve-grid-block', { hasText: TITLE }).waitFor();
    // 21:30-22:30 overlaps 22:00-23:00.
    await page.getByTestId(`reserve-cell-${roomId}-43`).click();
    await page.getByTestId('reserve-title').fill('Clashing meeting');
    await page.getByTestId('reserve-save').click();
    const error = page.getByTestId('reserve-server-error');
    await error.waitFor();
    expect(await error.textContent()).toContain(TITLE);
    await shot(page, 'reserve-04-clash-wide-en');
    await page.locator('.ant-drawer-footer').getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('reserve-title').waitFor({ state: 'detached' });
  });

  it('opens the details and moves the meeting', async () => {
    await lane.locator('.reserve-grid-block', { hasText: TITLE }).click();
    const details = page.getByTestId('reserve-details');
    await details.waitFor();
    expect(await details.textContent()).toContain('guest@example.org');
    expect(await page.getByTestId('reserve-details-time').textContent()).toContain('22:00–23:00');
    await shot(page, 'reserve-05-details-wide-en');
    await page.getByTestId('reserve-details-edit').click();
    await page.getByTestId('reserve-title').waitFor();
    await chooseTime(page, 'reserve-start', '20:00');
    await chooseTime(page, 'reserve-end', '21:00');
    await page.getByTestId('reserve-save').click();
    await page.getByTestId('reserve-title').waitFor({ state: 'detached' });
    await expect.poll(async () => lane.locator('.reserve-grid-block', { hasText: TITLE }).textContent()).toContain('20:00–21:00');
  });

  it('speaks Chinese: the spec\'s required-field messages and the side-by-side view', async () => {
    await page.getByTestId('header-lang').click();
    await page.getByTestId('lang-option-zh-CN').click();
    await page.getByTestId('reserve-view-columns').click();
    await page.getByTestId('reserve-grid-vertical').waitFor();
    await shot(page, 'reserve-06-columns-wide-zh');
    await page.getByTestId('reserve-new').click();
    await page.getByTestId('reserve-save').click();
    expect(await page.getByTestId('reserve-error-title').textContent()).toBe('请输入会议主题');
    expect(await page.getByTestId('reserve-error-roomId').textContent()).toBe('请选择会议室');
    await shot(page, 'reserve-07-form-rules-wide-zh');
    await page.keyboard.press('Escape');
    await page.getByTestId('reserve-title').waitFor({ state: 'detached' });
  });

  it('works on a phone: day list and a full-width form', async () => {
    await page.setViewportSize(NARROW);
    await page.getByTestId('reserve-view-mine').click();
    await page.getByTestId('reserve-mine-day').waitFor();
    await shot(page, 'reserve-08-day-narrow-zh');
    await page.getByTestId('reserve-new').click();
    await page.getByTestId('reserve-title').waitFor();
    const drawer = page.locator('.ant-drawer-content-wrapper:not(.ant-drawer-content-wrapper-hidden)');
    await expect.poll(async () => (await drawer.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(370);
    await shot(page, 'reserve-09-form-narrow-zh');
    await page.keyboard.press('Escape');
    await page.getByTestId('header-lang').click();
    await page.getByTestId('lang-option-en-US').click();
    await page.getByTestId('reserve-view-timeline').click();
    await page.getByTestId('reserve-grid-horizontal').waitFor();
    await shot(page, 'reserve-10-timeline-narrow-en');
    await page.setViewportSize(WIDE);
  });
});
