import { copyFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, NARROW, openFromMenu, screenshot, WIDE } from './support/browser.js';
import { openAdminSession, type AdminSession } from './support/admin-session.js';
import { api } from './support/server.js';

const PASSWORD = 'Booking-blacklist-2026';
const BARRED_PASSWORD = 'Barred-colleague-2026';
const BARRED = { userName: 'bea.barred', email: 'bea.barred@example.test', firstName: 'Bea', lastName: 'Barred' };
const REASON = 'Three no-shows in a row';
const DAY = 24 * 60 * 60 * 1000;
const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
const SHOTS = '/tmp/shots-blacklist/';

async function shot(page: Page, name: string) {
  await screenshot(page, name);
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(`${artifacts}${name}.png`, `${SHOTS}${name}.png`);
}

// The administrator bars a colleague from booking on /booker-blacklist; the colleague's booking is refused with the
// reason; in Chinese the administrator lifts the entry, the colleague books again, and the entry stays as history.
describe('booking blacklist', () => {
  let session: AdminSession;
  let page: Page;
  let barredToken = '';
  let roomId = 0;
  let day = 0;

  beforeAll(async () => {
    session = await openAdminSession(PASSWORD);
    ({ page } = session);
    const base = session.server.baseURL;
    const admin = await api<{ token: string }>(base, 'POST', '/login', { userName: 'admin', password: PASSWORD });
    const created = await api<{ id: number }>(base, 'POST', '/user', BARRED, admin.result.token);
    expect(created.returncode, created.message).toBe(200);
    // No SMTP here: the administrator hands out an activation link (the outbox keeps none, issue 16).
    const issued = await api<{ link: string }>(base, 'POST', '/user/activationLink', { id: created.result.id }, admin.result.token);
    expect(issued.returncode, issued.message).toBe(200);
    const reqToken = new URL(issued.result.link).pathname.split('/').pop()!;
    expect((await api(base, 'POST', '/user/activeUserAndSetPassword', { reqToken, password: BARRED_PASSWORD, confirmPassword: BARRED_PASSWORD })).returncode).toBe(200);
    barredToken = (await api<{ token: string }>(base, 'POST', '/login', { userName: BARRED.userName, password: BARRED_PASSWORD })).result.token;
    const rooms = await api<{ list: Array<{ id: number; name: string }> }>(base, 'POST', '/location/findRoomList', { keyword: 'Camden', page: 1, pageSize: 15 }, admin.result.token);
    roomId = rooms.result.list.find((room) => room.name === 'Camden')!.id;
    // Three weeks ahead, clear of the demo's week of meetings.
    day = Math.floor(Date.now() / DAY) * DAY + 21 * DAY;
  });
  afterAll(() => session?.close());

  const bookAsColleague = (hour: number) =>
    api(session.server.baseURL, 'POST', '/meeting/reservation', { roomId, title: 'Team sync', startAt: day + hour * 3_600_000, endAt: day + (hour + 1) * 3_600_000 }, barredToken);

  it('bars a colleague with a reason from the menu page; their booking is refused with it', async () => {
    await openFromMenu(page, 'bookerBlacklist');
    await page.getByTestId('page-blacklist').waitFor();
    await page.getByTestId('blacklist-add').click();
    await page.getByTestId('blacklist-person').click();
    await page.keyboard.type('Bea');
    const option = page.locator('.ant-select-item-option', { hasText: 'Bea Barred' }).filter({ visible: true }).first();
    await option.waitFor();
    await option.dispatchEvent('click');
    await page.getByTestId('blacklist-reason').fill(REASON);
    await shot(page, 'blacklist-01-add-wide-en');
    await page.getByTestId('blacklist-save').click();
    const row = page.locator('[data-testid^="blacklist-row-"]', { hasText: 'Bea Barred' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Barred');
    expect(await row.textContent()).toContain('Until lifted');
    await shot(page, 'blacklist-02-list-wide-en');
    const refused = await bookAsColleague(10);
    expect(refused.returncode).toBe(1014);
    expect(refused.message).toContain(REASON);
  });

  it('lifts the entry in Chinese; the colleague books again and the entry stays as history', async () => {
    await chooseLanguage(page, 'zh-CN');
    const row = page.locator('[data-testid^="blacklist-row-"]', { hasText: 'Bea Barred' });
    await expect.poll(async () => row.textContent()).toContain('禁止中');
    await row.locator('[data-testid^="blacklist-lift-"]').click();
    await page.getByTestId('blacklist-lift-confirm').click();
    await expect.poll(async () => row.textContent()).toContain('已解除');
    await shot(page, 'blacklist-03-lifted-wide-zh');
    const booked = await bookAsColleague(11);
    expect(booked.returncode, booked.message).toBe(200);
  });

  it('reads well on a phone', async () => {
    await page.setViewportSize(NARROW);
    await page.getByTestId('blacklist-table').waitFor();
    await shot(page, 'blacklist-04-list-narrow-zh');
    await page.setViewportSize(WIDE);
    await chooseLanguage(page, 'en-US');
  });
});
