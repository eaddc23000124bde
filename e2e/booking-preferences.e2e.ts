import { copyFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { addDays, fromZoned, toZoned, weekdayOf } from '@atrium/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, NARROW, openFromMenu, screenshot, WIDE } from './support/browser.js';
import { openAdminSession, type AdminSession } from './support/admin-session.js';
import { api } from './support/server.js';

const PASSWORD = 'Booking-preferences-2026';
const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
const SHOTS = '/tmp/shots-preferences/';

async function shot(page: Page, name: string) {
  await screenshot(page, name);
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(`${artifacts}${name}.png`, `${SHOTS}${name}.png`);
}

// The administrator limits booking to weekdays from 08:00 to 18:00 on /booker-preferences; a booking at 19:00 is
// refused with the hours named, in both languages; the booking form names the hours and greys out the weekend.
describe('booking preferences', () => {
  let session: AdminSession;
  let page: Page;
  let token = '';
  let roomId = 0;
  let zone = 'UTC';
  /** A Wednesday three weeks ahead, in the room's zone. */
  let wednesday = '';

  beforeAll(async () => {
    session = await openAdminSession(PASSWORD);
    ({ page } = session);
    const base = session.server.baseURL;
    token = (await api<{ token: string }>(base, 'POST', '/login', { userName: 'admin', password: PASSWORD })).result.token;
    const rooms = await api<{ list: Array<{ id: number; name: string }> }>(base, 'POST', '/location/findRoomList', { keyword: 'Camden', page: 1, pageSize: 15 }, token);
    roomId = rooms.result.list.find((room) => room.name === 'Camden')!.id;
    const now = Date.now();
    const list = await api<{ timeZone: string | null }>(base, 'GET', `/meeting/reservation/list?roomId=${roomId}&from=${now}&to=${now + 3_600_000}`, undefined, token);
    zone = list.result.timeZone ?? 'UTC';
    wednesday = addDays(toZoned(now, zone).date, 21);
    while (weekdayOf(wednesday) !== 3) wednesday = addDays(wednesday, 1);
  });
  afterAll(() => session?.close());

  const bookAt = (date: string, start: string, end: string, lang = 'en-US') =>
    api(session.server.baseURL, 'POST', '/meeting/reservation', { roomId, title: 'Evening review', startAt: fromZoned(date, start, zone), endAt: fromZoned(date, end, zone) }, token, { lang });

  it('limits booking to weekdays within office hours from the menu page; a booking outside them is refused', async () => {
    await openFromMenu(page, 'bookerPreferences');
    await page.getByTestId('page-booker-preferences').waitFor();
    expect(await page.getByTestId('preferences-changed').textContent()).toContain('nobody has changed them yet');
    const days = page.getByTestId('preferences-days');
    await days.getByText('Sat', { exact: true }).click();
    await days.getByText('Sun', { exact: true }).click();
    await page.getByTestId('preferences-limit-hours').click();
    await page.getByTestId('preferences-day-end').waitFor();
    await shot(page, 'preferences-01-form-wide-en');
    await page.getByTestId('preferences-save').click();
    await page.getByText('Booking preferences saved').first().waitFor();
    await expect.poll(async () => page.getByTestId('preferences-changed').textContent()).toContain('Last changed by');
    const late = await bookAt(wednesday, '19:00', '20:00');
    expect([late.returncode, late.message]).toEqual([1005, `Rooms can be booked between 08:00 and 18:00 only (the room's time zone: ${zone})`]);
    const inHours = await bookAt(wednesday, '10:00', '11:00');
    expect(inHours.returncode, inHours.message).toBe(200);
  });

  it('names the hours in the booking form and greys out the weekend', async () => {
    await openFromMenu(page, 'reserve');
    await page.getByTestId('reserve-new').click();
    expect(await page.getByTestId('reserve-hours-note').textContent()).toContain('from 08:00 to 18:00');
    await page.getByTestId('reserve-date').click();
    const cells = page.locator('.ant-picker-dropdown td.ant-picker-cell-in-view').filter({ visible: true });
    await cells.first().waitFor();
    const days = await cells.evaluateAll((tds) => tds.map((td) => ({ date: td.getAttribute('title') ?? '', disabled: td.classList.contains('ant-picker-cell-disabled') })));
    const weekend = days.filter((day) => [0, 6].includes(weekdayOf(day.date)));
    expect(weekend.length).toBeGreaterThan(0);
    expect(weekend.every((day) => day.disabled)).toBe(true);
    // Weekdays within the book-ahead limit stay open.
    expect(days.some((day) => ![0, 6].includes(weekdayOf(day.date)) && !day.disabled)).toBe(true);
    await shot(page, 'preferences-02-booking-form-wide-en');
    await page.keyboard.press('Escape');
    await page.getByText('Cancel', { exact: true }).last().click();
  });

  it('reads in Chinese, refuses in Chinese, and fits a phone', async () => {
    await chooseLanguage(page, 'zh-CN');
    await openFromMenu(page, 'bookerPreferences');
    await expect.poll(async () => page.getByTestId('preferences-changed').textContent()).toContain('最近由');
    const late = await bookAt(wednesday, '07:00', '08:00', 'zh-CN');
    expect(late.message).toBe(`会议室仅可在 08:00 至 18:00 之间预订（会议室所在时区：${zone}）`);
    await page.setViewportSize(NARROW);
    await page.getByTestId('preferences-save').scrollIntoViewIfNeeded();
    await shot(page, 'preferences-03-form-narrow-zh');
    await page.setViewportSize(WIDE);
    await chooseLanguage(page, 'en-US');
  });
});
