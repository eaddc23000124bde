import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdminSession, type AdminSession } from './support/admin-session.js';
import { axeViolations } from './support/axe.js';
import { chooseLanguage, clickSettled, newContext, openFromMenu, screenshot, settled, signIn, waitForLanding, WIDE } from './support/browser.js';
import { api } from './support/server.js';

const PASSWORD = 'Repair-centre-2026';
const RITA_PASSWORD = 'Rita-desk-2026!';
const PHONE = { width: 390, height: 844 };

/** Picks an option of an antd select by its text (the list is portalled; a filtered click skips its motion). */
async function pick(page: Page, testId: string, text: string, typed?: string) {
  await page.getByTestId(testId).click();
  if (typed) await page.keyboard.type(typed);
  const option = page.locator('.ant-select-item-option', { hasText: text }).filter({ visible: true }).first();
  await option.waitFor();
  await option.dispatchEvent('click');
}

// A colleague has booked a desk for tomorrow; the administrator reports its monitor broken and takes it out of use:
// the booking moves to a comparable desk and the colleague sees it in the bell and in her bookings; the report is
// resolved. Then, on a phone in Chinese, the administrator walks the demo's daily floor walk and files a finding.
describe('repair centre and inspections', () => {
  let session: AdminSession;
  let page: Page;
  let base: string;

  beforeAll(async () => {
    session = await openAdminSession(PASSWORD);
    ({ page } = session);
    base = session.server.baseURL;
  });
  afterAll(() => session?.close());

  it("a report that blocks a desk moves tomorrow's booking to a comparable desk, tells its owner, and is resolved", async () => {
    const admin = (await api<{ token: string }>(base, 'POST', '/login', { userName: 'admin', password: PASSWORD })).result.token;
    // A colleague with a password, brought in by an activation link (no mail server here).
    const created = await api<{ id: number }>(base, 'POST', '/user', { firstName: 'Rita', lastName: 'Repair', userName: 'rita.repair', email: 'rita.repair@example.com' }, admin);
    expect(created.returncode, created.message).toBe(200);
    const link = await api<{ link: string }>(base, 'POST', '/user/activationLink', { id: created.result.id }, admin);
    const reqToken = new URL(link.result.link).pathname.split('/').pop();
    const activated = await api(base, 'POST', '/user/activeUserAndSetPassword', { reqToken, password: RITA_PASSWORD, confirmPassword: RITA_PASSWORD });
    expect(activated.returncode, activated.message).toBe(200);
    const rita = (await api<{ token: string }>(base, 'POST', '/login', { userName: 'rita.repair', password: RITA_PASSWORD })).result.token;

    // Rita books a quiet-zone desk (monitor, by a window) free all of tomorrow on the floor's clock.
    const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(Date.now() + 86_400_000);
    const floors = await api<Array<{ floorId: number }>>(base, 'GET', '/desk/booking/floors', undefined, rita);
    type Day = { desks: Array<{ id: number; number: string; closedReason: string | null; bookings: unknown[] }> };
    const day = await api<Day>(base, 'GET', `/desk/availability?floorId=${floors.result[0]!.floorId}&date=${tomorrow}`, undefined, rita);
    const free = day.result.desks.filter((desk) => desk.number.startsWith('1-Q-') && desk.closedReason === null && desk.bookings.length === 0);
    // Two free: one for Rita, one to move her to.
    expect(free.length).toBeGreaterThanOrEqual(2);
    const booked = await api<{ id: number }>(base, 'POST', '/desk/book', { deskId: free[0]!.id, date: tomorrow, part: 'day' }, rita);
    expect(booked.returncode, booked.message).toBe(200);
    const broken = free[0]!.number;

    await openFromMenu(page, 'deskeeperRepair');
    await page.getByTestId('page-repair').waitFor();
    await page.getByTestId('repair-new').click();
    const dialog = page.locator('[data-testid="repair-report-dialog"] .ant-modal');
    await settled(dialog);
    await pick(page, 'repair-report-target-select', `Desk ${broken}`, broken);
    await page.getByTestId('repair-report-title').fill('Monitor is broken');
    await page.getByTestId('repair-report-description').fill('No picture at all since this morning.');
    await page.getByTestId('repair-report-blocks').check();
    await screenshot(page, 'repairs-01-report-wide-en');
    expect(await axeViolations(page, 'en repair report dialog')).toEqual([]);
    await clickSettled(page.getByTestId('repair-report-submit'));
    // Rita's booking, and the demo salesperson's on other days, move to the other quiet-zone desks.
    await page.getByText('bookings moved:', { exact: false }).waitFor();

    const row = page.locator('[data-testid^="repair-row-"]', { hasText: 'Monitor is broken' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Out of use');
    await row.getByRole('button', { name: 'Monitor is broken' }).click();
    const moves = page.getByTestId('repair-moves');
    await moves.waitFor();
    expect(await moves.textContent()).toContain(`Rita Repair`);
    expect(await moves.textContent()).toContain(`${broken} → 1-Q-`);
    await settled(page.locator('.ant-drawer-title', { hasText: 'Report #' }));
    await screenshot(page, 'repairs-02-moved-wide-en');
    expect(await axeViolations(page, 'en repair drawer')).toEqual([]);

    // Rita, on her phone, is told where her desk went; her booking shows the new desk.
    const ritaContext = await newContext(session.browser, base, { viewport: PHONE, locale: 'en-US' });
    const ritaPage = await ritaContext.newPage();
    await ritaPage.goto('/login');
    await signIn(ritaPage, 'rita.repair', RITA_PASSWORD);
    await waitForLanding(ritaPage);
    await ritaPage.getByTestId('header-notifications').click();
    const told = ritaPage.getByTestId('notification-item').filter({ hasText: `desk ${broken} out of use` }).first();
    await told.waitFor();
    expect(await told.textContent()).toContain('your booking moved to desk 1-Q-');
    await screenshot(ritaPage, 'repairs-03-told-phone-en');
    await ritaPage.goto('/deskeeper-reservation');
    const mine = ritaPage.getByTestId('my-desk-bookings');
    await mine.waitFor();
    await expect.poll(async () => mine.textContent()).toContain('Desk 1-Q-');
    expect(await mine.textContent()).not.toContain(`Desk ${broken}`);
    await ritaContext.close();

    // Resolved with a note: the desk is bookable again.
    await page.getByTestId('repair-note').fill('New monitor fitted.');
    await clickSettled(page.getByTestId('repair-resolve'));
    await expect.poll(async () => page.getByTestId('repair-detail-status').textContent()).toBe('Resolved');
    const after = await api<Day>(base, 'GET', `/desk/availability?floorId=${floors.result[0]!.floorId}&date=${tomorrow}`, undefined, rita);
    expect(after.result.desks.find((desk) => desk.number === broken)?.closedReason).toBeNull();
    await page.keyboard.press('Escape');
  });

  it('on a phone in Chinese, walks the daily floor walk and files what it found', async () => {
    await chooseLanguage(page, 'zh-CN');
    await page.setViewportSize(PHONE);
    await page.goto('/deskeeper-repair?tab=inspections');
    const card = page.locator('[data-testid^="inspection-due-"]', { hasText: 'Daily floor walk, 1st floor' });
    await card.waitFor();
    expect(await card.textContent()).toContain('待完成');
    await screenshot(page, 'repairs-04-due-phone-zh');
    expect(await axeViolations(page, 'zh inspections')).toEqual([]);
    await card.locator('[data-testid^="inspection-start-"]').click();
    await settled(page.locator('.ant-drawer-title', { hasText: 'Daily floor walk, 1st floor' }));
    for (const key of ['a', 'c', 'd']) await page.getByTestId(`inspection-item-${key}`).getByText('正常').click();
    await page.getByTestId('inspection-item-b').getByText('有问题').click();
    await page.getByTestId('inspection-note-b').fill('1-A-03 桌面有咖啡渍');
    await pick(page, 'inspection-target-b', '工位 1-A-03', '1-A-03');
    await screenshot(page, 'repairs-05-round-phone-zh');
    expect(await axeViolations(page, 'zh inspection round')).toEqual([]);
    await clickSettled(page.getByTestId('inspection-submit'));
    await page.getByText('巡检完成：3 项通过，1 项未通过').waitFor();
    await expect.poll(async () => card.textContent()).toContain('已完成');
    // The finding is a repair report about the desk.
    await page.getByRole('tab', { name: '报修单' }).click();
    const finding = page.locator('[data-testid^="repair-row-"]', { hasText: 'Daily floor walk, 1st floor: Desks are clear and clean' });
    await finding.waitFor();
    expect(await finding.textContent()).toContain('工位 1-A-03');
    await screenshot(page, 'repairs-06-reports-phone-zh');
    await page.setViewportSize(WIDE);
    await chooseLanguage(page, 'en-US');
  });
});
