import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdminSession, type AdminSession } from './support/admin-session.js';
import { axeViolations } from './support/axe.js';
import { chooseLanguage, clickSettled, openFromMenu, screenshot, settled } from './support/browser.js';
import { api } from './support/server.js';

const PASSWORD = 'Desk-policies-2026';

// The administrator books a desk for tomorrow, then closes the whole company tomorrow on /deskeeper-station-strategy:
// the booking is cancelled and the booking page's date picker has the day disabled with the closure's name. Then the
// administrator's own department (Executive) has desk booking switched off: the booking page says so, in Chinese too.
describe('desk access and closures', () => {
  let session: AdminSession;
  let page: Page;
  let base: string;
  let token: string;
  // Tomorrow on the demo floors' clock (London).
  const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(Date.now() + 86_400_000);

  beforeAll(async () => {
    session = await openAdminSession(PASSWORD);
    ({ page } = session);
    base = session.server.baseURL;
    token = (await api<{ token: string }>(base, 'POST', '/login', { userName: 'admin', password: PASSWORD })).result.token;
  });
  afterAll(() => session?.close());

  it("a closure cancels tomorrow's booking and disables the day on the booking page", async () => {
    const floors = await api<Array<{ floorId: number }>>(base, 'GET', '/desk/booking/floors', undefined, token);
    type Day = { desks: Array<{ id: number; number: string; closedReason: string | null; bookings: unknown[] }> };
    const day = await api<Day>(base, 'GET', `/desk/availability?floorId=${floors.result[0]!.floorId}&date=${tomorrow}`, undefined, token);
    const free = day.result.desks.find((desk) => desk.closedReason === null && desk.bookings.length === 0)!;
    const booked = await api<{ id: number }>(base, 'POST', '/desk/book', { deskId: free.id, date: tomorrow, part: 'day' }, token);
    expect(booked.returncode, booked.message).toBe(200);

    await openFromMenu(page, 'stationStrategy');
    await page.getByTestId('page-desk-access').waitFor();
    await page.locator('[data-testid^="desk-access-row-"]').first().waitFor();
    await screenshot(page, 'desk-policies-01-departments-wide-en');
    expect(await axeViolations(page, 'en desk access departments')).toEqual([]);
    await page.getByRole('tab', { name: 'Closure days' }).click();
    await page.getByTestId('desk-closure-add').click();
    const dialog = page.locator('[data-testid="desk-closure-dialog"] .ant-modal');
    await settled(dialog);
    await page.getByTestId('desk-closure-name').fill('Office move');
    await page.getByTestId('desk-closure-days').first().click();
    // The first and last day: tomorrow (the range picker shows this month and the next).
    const cell = page.locator(`.ant-picker-dropdown:visible td[title="${tomorrow}"]`).first();
    await cell.click();
    await cell.click();
    await screenshot(page, 'desk-policies-02-closure-wide-en');
    await clickSettled(page.getByTestId('desk-closure-save'));
    const confirm = page.locator('.ant-modal-confirm');
    await settled(confirm);
    expect(await confirm.textContent()).toContain('will be cancelled');
    await clickSettled(page.getByTestId('desk-closure-confirm'));
    await page.getByText(/The closure has been saved; \d+ desk bookings? (was|were) cancelled/).waitFor();
    await page.locator('[data-testid^="desk-closure-row-"]', { hasText: 'Office move' }).waitFor();
    const mine = await api<Array<{ id: number }>>(base, 'GET', '/desk/booking/mine', undefined, token);
    expect(mine.result.some((booking) => booking.id === booked.result.id)).toBe(false);

    await openFromMenu(page, 'deskeeperReservation');
    await page.getByTestId('page-desk-booking').waitFor();
    await page.getByTestId('desk-booking-date').click();
    const closed = page.getByTestId(`desk-closed-day-${tomorrow}`);
    await closed.waitFor();
    expect(await closed.getAttribute('title')).toBe('Office move');
    expect(await closed.evaluate((element) => element.closest('td')!.classList.contains('ant-picker-cell-disabled'))).toBe(true);
    await screenshot(page, 'desk-policies-03-closed-day-wide-en');
    await page.keyboard.press('Escape');
  });

  it("switching the administrator's department off shows the booking page's alert, in English and Chinese", async () => {
    await openFromMenu(page, 'stationStrategy');
    await page.getByTestId('page-desk-access').waitFor();
    await page.getByRole('tab', { name: 'Departments' }).click();
    await page.getByTestId('desk-access-search').locator('input').fill('Executive');
    const row = page.locator('[data-testid^="desk-access-row-"]', { hasText: 'Executive' }).first();
    await row.waitFor();
    await row.locator('[data-testid^="desk-access-switch-"]').click();
    await page.getByText('Desk booking is off for 1 department').waitFor();

    await openFromMenu(page, 'deskeeperReservation');
    await page.getByTestId('desk-booking-not-allowed').waitFor();
    expect(await page.getByTestId('desk-booking-not-allowed').textContent()).toContain('Desk booking is not turned on for your department');
    await screenshot(page, 'desk-policies-04-not-allowed-wide-en');
    expect(await axeViolations(page, 'en desk booking not allowed')).toEqual([]);
    await chooseLanguage(page, 'zh-CN');
    await expect.poll(async () => page.getByTestId('desk-booking-not-allowed').textContent()).toContain('您所在部门未开通工位预订');
    await screenshot(page, 'desk-policies-05-not-allowed-wide-zh');
    await openFromMenu(page, 'stationStrategy');
    await page.getByTestId('page-desk-access').waitFor();
    await page.getByText('工位预订权限与停用日').first().waitFor();
    await screenshot(page, 'desk-policies-06-page-wide-zh');
    await chooseLanguage(page, 'en-US');

    // On again: the desks are back.
    const departments = await api<Array<{ id: number; name: string }>>(base, 'GET', '/desk/access/departments', undefined, token);
    const executive = departments.result.find((department) => department.name === 'Executive')!;
    expect((await api(base, 'PUT', '/tenant/group/user/deskeeper-service', { departmentIds: [executive.id], enabled: true }, token)).returncode).toBe(200);
  });
});
