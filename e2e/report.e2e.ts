import ExcelJS from 'exceljs';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, NARROW, openFromMenu, screenshot, WIDE } from './support/browser.js';
import { openAdminSession, type AdminSession } from './support/admin-session.js';
import { api } from './support/server.js';

const PASSWORD = 'Report-pages-2026';
const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
const SHOTS = '/tmp/shots-report/';
const CHARTS = ['peakHours', 'peakWeekdays', 'channels', 'durations', 'recurring', 'heatMap'] as const;

async function shot(page: Page, name: string) {
  await screenshot(page, name);
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(`${artifacts}${name}.png`, `${SHOTS}${name}.png`);
}

/** Whether a chart drew something: its canvas has painted pixels. */
async function hasDrawn(page: Page, chart: string): Promise<boolean> {
  return page.getByTestId(`report-chart-${chart}`).locator('canvas').first().evaluate((canvas: HTMLCanvasElement) => {
    const context = canvas.getContext('2d');
    if (!context || canvas.width === 0 || canvas.height === 0) return false;
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i]! > 0) return true;
    return false;
  });
}

/**
 * Clears an antd select by its clear icon, which shows only while the select is hovered; a click
 * that lands before it shows opens the dropdown instead, so the clear is checked and tried again.
 */
async function clearSelect(page: Page, testId: string, shownValue: string) {
  const select = page.getByTestId(testId);
  await expect
    .poll(async () => {
      if (!(await select.innerText()).includes(shownValue)) return true;
      await page.keyboard.press('Escape');
      await select.hover();
      await select.locator('.ant-select-clear').click({ timeout: 2_000 }).catch(() => undefined);
      return !(await select.innerText()).includes(shownValue);
    }, { timeout: 15_000 })
    .toBe(true);
}

async function expectEveryChart(page: Page) {
  await page.getByTestId('report-card-overview').waitFor();
  for (const chart of CHARTS) {
    await page.getByTestId(`report-chart-${chart}`).locator('canvas').first().waitFor();
    await expect.poll(() => hasDrawn(page, chart), { timeout: 10_000 }).toBe(true);
  }
  expect(await page.getByTestId('report-analysis-error').count()).toBe(0);
}

// The demo company's last weeks of meetings (two buildings, channels, a series, no-shows): the
// records are filtered and exported (the xlsx read back with exceljs), and every chart of the
// analysis is drawn, in English on a wide screen and in Chinese on a phone.
describe('reports', () => {
  let session: AdminSession;
  let page: Page;
  let token: string;
  const errors: string[] = [];

  beforeAll(async () => {
    session = await openAdminSession(PASSWORD);
    ({ page } = session);
    page.on('pageerror', (error) => errors.push(error.message));
    token = (await api<{ token: string }>(session.server.baseURL, 'POST', '/login', { userName: 'admin', password: PASSWORD })).result.token;
  });
  afterAll(async () => {
    await session?.close();
  });

  it('filters the meeting records and exports them as a workbook', async () => {
    await openFromMenu(page, 'report');
    await page.getByTestId('page-report').waitFor();
    await page.locator('[data-testid^="report-row-"]').first().waitFor();

    await page.getByTestId('report-filter-status').click();
    await page.locator('.ant-select-item-option', { hasText: 'Released (no-show)' }).click();
    await expect.poll(async () => page.locator('[data-testid^="report-status-"]', { hasText: 'Confirmed' }).count()).toBe(0);
    const released = await page.locator('[data-testid^="report-status-"]').allInnerTexts();
    expect(released.length).toBeGreaterThan(0);
    expect(new Set(released)).toEqual(new Set(['Released (no-show)']));
    await clearSelect(page, 'report-filter-status', 'Released (no-show)');

    await page.getByTestId('report-filter-channel').click();
    await page.locator('.ant-select-item-option', { hasText: 'Door display' }).click();
    await expect.poll(async () => (await page.getByTestId('report-table').innerText()).includes('Console')).toBe(false);
    const expected = await api<{ total: number }>(session.server.baseURL, 'GET', '/report/list?range=last30&channel=display', undefined, token);
    expect(expected.result.total).toBeGreaterThan(0);
    await shot(page, 'report-01-records-wide-en');

    await page.getByTestId('report-export').hover();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByText('Excel (.xlsx)').click()]);
    expect(download.suggestedFilename()).toMatch(/^meeting-records-\d{8}-\d{8}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['ID', 'Title', 'Room']);
    expect(sheet.actualRowCount).toBe(expected.result.total + 1);
    const channels = new Set<unknown>();
    sheet.eachRow((row, number) => {
      if (number > 1) channels.add(row.getCell(12).value);
    });
    expect(channels).toEqual(new Set(['Door display']));
    await clearSelect(page, 'report-filter-channel', 'Door display');
  });

  it('draws every chart of the analysis with the demo data, and saves the numbers behind one', async () => {
    await page.getByTestId('report-tabs').getByRole('tab', { name: 'Data analysis' }).click();
    await expectEveryChart(page);
    expect(Number((await page.getByTestId('report-stat-bookings').innerText()).replace(/\D/g, ''))).toBeGreaterThan(100);
    expect(await page.getByTestId('report-top-series').innerText()).toContain('Platform weekly sync');
    await shot(page, 'report-02-analysis-wide-en');
    await page.getByTestId('report-card-durations').scrollIntoViewIfNeeded();
    await shot(page, 'report-03-analysis-middle-wide-en');
    await page.getByTestId('report-card-heatMap').scrollIntoViewIfNeeded();
    await shot(page, 'report-04-heatmap-wide-en');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-download-peakHours').click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFFHour,Bookings,Hours\r\n00:00,')).toBe(true);
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(25);
    expect(errors).toEqual([]);
  });

  it('reads in Chinese and fits a phone', async () => {
    await chooseLanguage(page, 'zh-CN');
    await page.setViewportSize(NARROW);
    await expect.poll(async () => page.getByTestId('report-card-peakHours').innerText()).toContain('按小时的使用高峰');
    await expectEveryChart(page);
    await page.getByTestId('report-card-overview').scrollIntoViewIfNeeded();
    await shot(page, 'report-05-analysis-narrow-zh');
    await page.getByTestId('report-card-heatMap').scrollIntoViewIfNeeded();
    await shot(page, 'report-06-heatmap-narrow-zh');

    await page.getByTestId('report-tabs').getByRole('tab', { name: '会议记录' }).click();
    await page.locator('[data-testid^="report-row-"]').first().waitFor();
    expect(await page.getByTestId('report-table').innerText()).toContain('已确认');
    await page.getByTestId('report-records').scrollIntoViewIfNeeded();
    await shot(page, 'report-07-records-narrow-zh');
    // The export speaks Chinese too.
    await page.getByTestId('report-export').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByText('CSV（.csv）').click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFF编号,会议主题,会议室')).toBe(true);

    await page.setViewportSize(WIDE);
    await chooseLanguage(page, 'en-US');
    expect(errors).toEqual([]);
  });
});
