import { copyFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, NARROW, openFromMenu, screenshot, WIDE } from './support/browser.js';
import { openAdminSession, type AdminSession } from './support/admin-session.js';
import { axeViolations } from './support/axe.js';

const PASSWORD = 'Desk-monitoring-2026';
const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
const SHOTS = '/tmp/shots-desk-monitoring/';

async function shot(page: Page, name: string) {
  await screenshot(page, name);
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(`${artifacts}${name}.png`, `${SHOTS}${name}.png`);
}

// The administrator watches the demo's desks: today on the console, the overview's charts and its export, each
// desk's figures; then the overview in Chinese on a phone.
describe('desk monitoring', () => {
  let session: AdminSession;
  let page: Page;

  beforeAll(async () => {
    session = await openAdminSession(PASSWORD);
    ({ page } = session);
  });
  afterAll(() => session?.close());

  it("shows today's desks and bookings on the console", async () => {
    await openFromMenu(page, 'deskeeperConsole');
    await page.getByTestId('page-desk-console').waitFor();
    await page.getByTestId('desk-console-bookable').waitFor();
    expect(Number(await page.getByTestId('desk-console-bookable').locator('.ant-statistic-content-value').textContent())).toBeGreaterThan(0);
    await shot(page, 'desk-monitoring-01-console-wide-en');
    expect(await axeViolations(page, 'en desk console')).toEqual([]);
  });

  it('charts utilisation by weekday and neighbourhood and exports the figures', async () => {
    await openFromMenu(page, 'deskeeperOverview');
    await page.getByTestId('page-desk-overview').waitFor();
    await page.locator('[data-testid="desk-overview-totals"], [data-testid="desk-overview-empty"]').first().waitFor();
    await page.getByTestId('desk-overview-chart-byWeekday').locator('canvas').waitFor();
    await shot(page, 'desk-monitoring-02-overview-wide-en');
    expect(await axeViolations(page, 'en desk overview')).toEqual([]);
    const download = page.waitForEvent('download');
    await page.getByTestId('desk-overview-export').click();
    expect((await download).suggestedFilename()).toMatch(/^desk-overview-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/);
  });

  it("lists each desk's figures and exports them", async () => {
    await openFromMenu(page, 'stationMonitoring');
    await page.getByTestId('page-desk-stations').waitFor();
    await page.locator('[data-testid^="desk-stations-row-"]').first().waitFor();
    await shot(page, 'desk-monitoring-03-stations-wide-en');
    expect(await axeViolations(page, 'en desk monitoring')).toEqual([]);
    const download = page.waitForEvent('download');
    await page.getByTestId('desk-stations-export').click();
    expect((await download).suggestedFilename()).toMatch(/^desk-stations-.*\.xlsx$/);
  });

  it('shows the demo week ahead in the overview, in Chinese on a phone', async () => {
    await chooseLanguage(page, 'zh-CN');
    await openFromMenu(page, 'deskeeperOverview');
    await page.getByTestId('page-desk-overview').waitFor();
    // The demo books the coming working week: a period from today to a week ahead holds it.
    const day = (offset: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(Date.now() + offset * 86_400_000).replaceAll('-', '/');
    const inputs = page.locator('.atrium-desk-monitoring-filters .ant-picker-range input');
    await inputs.first().click();
    await inputs.first().press('Control+A');
    await inputs.first().pressSequentially(day(0));
    await inputs.first().press('Enter');
    await inputs.last().press('Control+A');
    await inputs.last().pressSequentially(day(7));
    await inputs.last().press('Enter');
    await expect.poll(async () => Number((await page.getByTestId('desk-overview-bookings').textContent())?.replace(/\D/g, '') ?? 0)).toBeGreaterThan(0);
    await page.setViewportSize(NARROW);
    await page.getByTestId('desk-overview-chart-byNeighbourhood').locator('canvas').waitFor();
    await shot(page, 'desk-monitoring-04-overview-narrow-zh');
    expect(await axeViolations(page, 'zh desk overview')).toEqual([]);
    await page.setViewportSize(WIDE);
    await shot(page, 'desk-monitoring-05-overview-week-wide-zh');
    await chooseLanguage(page, 'en-US');
  });
});
