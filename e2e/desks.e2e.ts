import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, clickSettled, NARROW, openFromMenu, screenshot, settled, WIDE } from './support/browser.js';
import { openAdminSession, type AdminSession } from './support/admin-session.js';
import { api } from './support/server.js';
import { axeViolations } from './support/axe.js';

const PASSWORD = 'Desk-settings-2026';
const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
const SHOTS = '/tmp/shots-desks/';

async function shot(page: Page, name: string) {
  await screenshot(page, name);
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(`${artifacts}${name}.png`, `${SHOTS}${name}.png`);
}

/** Picks an option of an antd select by its text (the list is portalled; a filtered click skips its motion). */
async function pick(page: Page, testId: string, text: string, typed?: string) {
  await page.getByTestId(testId).click();
  if (typed) await page.keyboard.type(typed);
  const option = page.locator('.ant-select-item-option', { hasText: text }).filter({ visible: true }).first();
  await option.waitFor();
  await option.dispatchEvent('click');
  // Its list closes before the next pick: a list still fading out would offer its own options to the next one.
  await expect.poll(() => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').count()).toBe(0);
}

// The administrator opens Desk settings from the menu: the demo's first floor with its neighbourhoods and desks; adds a
// neighbourhood and a desk that belongs to a colleague; in Chinese on a phone changes a desk's use and deletes one.
describe('desk settings', () => {
  let session: AdminSession;
  let page: Page;

  beforeAll(async () => {
    session = await openAdminSession(PASSWORD);
    ({ page } = session);
  });
  afterAll(() => session?.close());

  it("shows a floor's desks by number with their use, neighbourhood and equipment", async () => {
    await openFromMenu(page, 'stationSetting');
    await page.getByTestId('page-desk-settings').waitFor();
    const platform = page.locator('[data-testid^="desk-row-"]', { hasText: '1-A-01' });
    await platform.waitFor();
    expect(await platform.textContent()).toContain('Bookable');
    expect(await platform.textContent()).toContain('Platform');
    expect(await platform.textContent()).toContain('Two monitors');
    expect(await page.getByTestId('desk-neighbourhoods').textContent()).toContain('Quiet zone');
    await shot(page, 'desks-01-floor-wide-en');
    expect(await axeViolations(page, 'en desk settings')).toEqual([]);
    // The desk's QR code to print: a PNG named for the desk.
    const download = page.waitForEvent('download');
    await platform.locator('[data-testid^="desk-qr-"]').click();
    expect((await download).suggestedFilename()).toBe('desk-1-A-01-qr.png');
  });

  it('adds a neighbourhood and an assigned desk in it', async () => {
    await page.getByTestId('desk-neighbourhood-add').click();
    await page.getByTestId('desk-neighbourhood-name').fill('Window bench');
    expect(await axeViolations(page, 'en neighbourhood dialog')).toEqual([]);
    await pick(page, 'desk-neighbourhood-department', 'Quality');
    await page.getByTestId('desk-neighbourhood-save').click();
    await expect.poll(async () => page.getByTestId('desk-neighbourhoods').textContent()).toContain('Window bench · Quality · 0 desks');

    await page.getByTestId('desk-add').click();
    await page.getByTestId('desk-number').fill('1-W-01');
    await pick(page, 'desk-mode', 'Assigned');
    await pick(page, 'desk-owner', 'Tomasz Nowak', 'Tomasz');
    await pick(page, 'desk-neighbourhood', 'Window bench');
    await page.getByTestId('desk-equipment').getByText('By a window').click();
    await shot(page, 'desks-02-add-wide-en');
    expect(await axeViolations(page, 'en desk dialog')).toEqual([]);
    await page.getByTestId('desk-save').click();
    const added = page.locator('[data-testid^="desk-row-"]', { hasText: '1-W-01' });
    await added.waitFor();
    expect(await added.textContent()).toContain('Tomasz Nowak');
    expect(await added.textContent()).toContain('Window bench');
    await expect.poll(async () => page.getByTestId('desk-neighbourhoods').textContent()).toContain('Window bench · Quality · 1 desk');
    // A number already on the floor is refused with the server's message, the dialog kept open.
    await page.getByTestId('desk-add').click();
    await page.getByTestId('desk-number').fill('1-a-01');
    await page.getByTestId('desk-save').click();
    await page.getByText('Desk 1-a-01 already exists on this floor').waitFor();
    // Leaving the typed number asks first.
    await clickSettled(page.locator('.ant-modal-footer button', { hasText: 'Cancel' }).filter({ visible: true }).first());
    await clickSettled(page.getByTestId('unsaved-discard').filter({ visible: true }));
    await page.locator('.ant-modal-wrap').filter({ visible: true }).first().waitFor({ state: 'hidden' });
  });

  it('exports the desks as a station-number sheet and imports a small file, reading the per-row report', async () => {
    const download = page.waitForEvent('download');
    await page.getByTestId('desk-export').click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('desks.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync((await saved.path())!) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Station numbers');
    expect((sheet.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['Building', 'Floor', 'Desk number']);
    // The first desk's building and floor: the floor the page shows first.
    const [building, floor] = [String(sheet.getRow(2).getCell(1).value), String(sheet.getRow(2).getCell(2).value)];

    await page.getByTestId('desk-import').click();
    const csv = `Building,Floor,Desk number,Use,Equipment\n${building},${floor},1-Z-01,Drop-in,Webcam\n${building},Floor 99,1-Z-02,Bookable,\n`;
    await page.locator('.ant-modal input[type=file]').first().setInputFiles({ name: 'desks.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByTestId('desk-import-check').click();
    await expect.poll(async () => page.getByTestId('desk-import-counts').textContent()).toContain('Checked: 1 to add, 0 to change, 0 unchanged, 1 refused');
    const first = page.locator('[data-testid^="desk-import-row-"]').first();
    expect(await first.getAttribute('data-testid')).toBe('desk-import-row-refused');
    expect(await first.textContent()).toContain(`No floor Floor 99 in building ${building}`);
    await shot(page, 'desks-02b-import-report-wide-en');
    expect(await axeViolations(page, 'en desk import report')).toEqual([]);
    await page.getByTestId('desk-import-run').click();
    await expect.poll(async () => page.getByTestId('desk-import-counts').textContent()).toContain('Imported: 1 added');
    await clickSettled(page.locator('.ant-modal-footer button', { hasText: 'Close' }).filter({ visible: true }).first());
    const added = page.locator('[data-testid^="desk-row-"]', { hasText: '1-Z-01' });
    await added.waitFor();
    expect(await added.textContent()).toContain('Drop-in');
    expect(await added.textContent()).toContain('Webcam');
  });

  it('in Chinese on a phone, makes a desk unavailable and deletes another', async () => {
    await chooseLanguage(page, 'zh-CN');
    await page.setViewportSize(NARROW);
    const row = page.locator('[data-testid^="desk-row-"]', { hasText: '1-A-02' });
    await row.waitFor();
    await row.locator('[data-testid^="desk-edit-"]').click();
    await pick(page, 'desk-mode', '不可用');
    await shot(page, 'desks-03-edit-narrow-zh');
    await page.getByTestId('desk-save').click();
    await expect.poll(async () => row.textContent()).toContain('不可用');
    const doomed = page.locator('[data-testid^="desk-row-"]', { hasText: '1-W-01' });
    await doomed.locator('[data-testid^="desk-delete-"]').click();
    await page.getByTestId('desk-delete-confirm').click();
    await doomed.waitFor({ state: 'detached' });
    await shot(page, 'desks-04-list-narrow-zh');
    expect(await axeViolations(page, 'zh desk settings')).toEqual([]);
    await page.setViewportSize(WIDE);
    await chooseLanguage(page, 'en-US');
  });

  it('on a phone in Chinese, books a free quiet-zone desk for tomorrow from the map and checks in at another by its QR code', async () => {
    const phone = { width: 390, height: 844 };
    await chooseLanguage(page, 'zh-CN');
    await openFromMenu(page, 'deskeeperReservation');
    await page.getByTestId('page-desk-booking').waitFor();
    await page.setViewportSize(phone);
    await page.getByTestId('desk-map').waitFor();
    // Tomorrow on the floor's clock (London).
    const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(Date.now() + 86_400_000);
    const dateInput = page.locator('.atrium-desk-booking-controls .ant-picker input');
    await dateInput.click();
    await dateInput.press('Control+A');
    await dateInput.pressSequentially(tomorrow);
    await dateInput.press('Enter');
    await page.locator(`[data-testid="desk-map"][data-date="${tomorrow}"]`).waitFor();
    // Each desk of the map is a button named with its number and state; the demo's teams hold some of them.
    const free = page.locator('[data-testid^="desk-map-"][role="button"][data-state="free"]', { hasText: '1-Q-' }).first();
    await free.waitFor();
    const number = (await free.textContent())!.trim();
    expect(await free.getAttribute('aria-label')).toBe(`工位 ${number}，空闲`);
    await free.scrollIntoViewIfNeeded();
    await shot(page, 'desks-05-map-narrow-zh');
    expect(await axeViolations(page, 'zh desk booking')).toEqual([]);
    await free.click();
    const dialog = page.locator('[data-testid="desk-book-dialog"] .ant-modal');
    await settled(dialog);
    expect(await dialog.textContent()).toContain('Quiet zone');
    await shot(page, 'desks-06-book-narrow-zh');
    expect(await axeViolations(page, 'zh desk booking dialog')).toEqual([]);
    await clickSettled(dialog.getByTestId('desk-book-submit'));
    await page.getByText(`已为您预订工位 ${number}`, { exact: false }).waitFor();
    await expect.poll(async () => page.locator(`[data-testid^="desk-map-"][aria-label="工位 ${number}，我的"]`).count()).toBe(1);
    expect(await page.getByTestId('my-desk-bookings').textContent()).toContain(`工位 ${number}`);

    // A booking of a quiet-zone desk free now, from this quarter hour (made by the API: the journey cannot wait for
    // office hours), then the desk's QR code opens the booking page, which checks the admin in there.
    const base = session.server.baseURL;
    const token = (await api<{ token: string }>(base, 'POST', '/login', { userName: 'admin', password: PASSWORD })).result.token;
    const [date, clock] = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/London', dateStyle: 'short', timeStyle: 'short' }).format(Date.now()).split(' ');
    const [hour, minute] = clock!.split(':').map(Number);
    const start = `${String(hour).padStart(2, '0')}:${String(Math.floor(minute! / 15) * 15).padStart(2, '0')}`;
    const end = hour === 23 ? '24:00' : `${String(hour! + 1).padStart(2, '0')}:${start.slice(3)}`;
    const floors = await api<Array<{ floorId: number }>>(base, 'GET', '/desk/booking/floors', undefined, token);
    type Today = { desks: Array<{ id: number; number: string; closedReason: string | null; bookings: Array<{ startAt: number; endAt: number }> }> };
    const today = await api<Today>(base, 'GET', `/desk/availability?floorId=${floors.result[0]!.floorId}&date=${date}`, undefined, token);
    const soon = Date.now() + 2 * 3_600_000;
    const nowDesk = today.result.desks.find((desk) => desk.number.startsWith('1-Q-') && desk.closedReason === null && desk.bookings.every((booking) => booking.endAt <= Date.now() - 3_600_000 || booking.startAt >= soon))!;
    const deskId = nowDesk.id;
    const now = await api(base, 'POST', '/desk/book', { deskId, date, part: 'hours', start, end }, token);
    expect(now.returncode, now.message).toBe(200);
    await page.goto(`/deskeeper-reservation?checkIn=${deskId}`);
    await page.getByText(`您已在工位 ${nowDesk.number} 签到`).waitFor();
    await expect.poll(async () => page.getByTestId('my-desk-bookings').textContent()).toContain('已签到');
    await shot(page, 'desks-07-checked-in-narrow-zh');
    await page.setViewportSize(WIDE);
    await chooseLanguage(page, 'en-US');
    await page.getByTestId('desk-map').waitFor();
    await shot(page, 'desks-08-booking-wide-en');
    expect(await axeViolations(page, 'en desk booking')).toEqual([]);
  });

  it('books a desk by hours on the floor\'s clock, and releases an assigned desk for days away and takes them back', async () => {
    // The administrator's own assigned desk on the first floor (made by the API: the settings journey is above).
    const base = session.server.baseURL;
    const token = (await api<{ token: string }>(base, 'POST', '/login', { userName: 'admin', password: PASSWORD })).result.token;
    const me = await api<{ id: number }>(base, 'GET', '/user/getCurrentUserInfo', undefined, token);
    const floors = await api<Array<{ floorId: number }>>(base, 'GET', '/desk/booking/floors', undefined, token);
    const own = await api<{ id: number }>(base, 'POST', '/desk/save', { floorId: floors.result[0]!.floorId, number: '1-Y-01', mode: 'assigned', assignedUserId: me.result.id }, token);
    expect(own.returncode, own.message).toBe(200);
    const placed = await api(base, 'POST', '/desk/place', { places: [{ id: own.result.id, position: { x: 10, y: 10, width: 60, height: 30 } }] }, token);
    expect(placed.returncode, placed.message).toBe(200);

    await page.goto('/deskeeper-reservation');
    await page.getByTestId('desk-map').waitFor();
    const dayAfter = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(Date.now() + 2 * 86_400_000);
    const dateInput = page.locator('.atrium-desk-booking-controls .ant-picker input');
    await dateInput.click();
    await dateInput.press('Control+A');
    await dateInput.pressSequentially(dayAfter);
    await dateInput.press('Enter');
    await page.locator(`[data-testid="desk-map"][data-date="${dayAfter}"]`).waitFor();
    await page.getByTestId('desk-booking-part').getByText('Hours', { exact: true }).click();
    await pick(page, 'desk-booking-hours-from', '19:00');
    await pick(page, 'desk-booking-hours-to', '21:30');
    const free = page.locator('[data-testid^="desk-map-"][role="button"][data-state="free"]', { hasText: '1-Q-' }).first();
    await free.waitFor();
    const number = (await free.textContent())!.trim();
    await free.click();
    const dialog = page.locator('[data-testid="desk-book-dialog"] .ant-modal');
    await settled(dialog);
    expect(await dialog.textContent()).toContain('19:00–21:30');
    await shot(page, 'desks-09-hours-wide-en');
    expect(await axeViolations(page, 'en desk booking by hours')).toEqual([]);
    await clickSettled(dialog.getByTestId('desk-book-submit'));
    await page.getByText(`Desk ${number} is yours`, { exact: false }).waitFor();
    await expect.poll(async () => page.getByTestId('my-desk-bookings').textContent()).toContain('19:00–21:30');

    // Release the own desk for two days: the range picker takes typed dates.
    const mine = page.getByTestId(`my-desk-release-${own.result.id}`);
    await mine.waitFor();
    expect(await mine.textContent()).toContain('My assigned desk 1-Y-01');
    const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(Date.now() + 86_400_000);
    const [from, to] = [mine.locator('.ant-picker input').first(), mine.locator('.ant-picker input').last()];
    await from.click();
    await from.pressSequentially(tomorrow);
    await from.press('Enter');
    await to.click();
    await to.pressSequentially(dayAfter);
    await to.press('Enter');
    await clickSettled(page.getByTestId(`desk-release-submit-${own.result.id}`));
    await page.getByText('Desk 1-Y-01 is free for colleagues', { exact: false }).waitFor();
    await mine.locator('[data-testid^="desk-release-take-back-"]').first().waitFor();
    // The map of that day (the day after tomorrow) says the desk is released by its owner.
    await page.locator(`[data-testid="desk-map-${own.result.id}"]`).click();
    const ownDialog = page.locator('[data-testid="desk-book-dialog"] .ant-modal');
    await settled(ownDialog);
    expect(await ownDialog.getByTestId('desk-book-released').textContent()).toBe('Released by its owner for this day.');
    await ownDialog.getByText('Close', { exact: true }).click();
    await ownDialog.waitFor({ state: 'hidden' });
    await mine.scrollIntoViewIfNeeded();
    await shot(page, 'desks-10-release-wide-en');
    expect(await axeViolations(page, 'en desk release')).toEqual([]);
    await mine.locator('[data-testid^="desk-release-take-back-"]').first().click();
    await clickSettled(page.locator('[data-testid^="desk-release-take-back-confirm-"]').filter({ visible: true }).first());
    await page.getByText('Desk 1-Y-01 is yours again', { exact: false }).waitFor();
    await expect.poll(async () => mine.locator('[data-testid^="desk-release-take-back-"]').count()).toBe(0);
  });
});
