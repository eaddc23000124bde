import { copyFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, textPart } from './support/mail.js';
import { chooseLanguage, NARROW, openFromMenu, screenshot, WIDE } from './support/browser.js';
import { openAdminSession, type AdminSession } from './support/admin-session.js';
import { api } from './support/server.js';

const PASSWORD = 'Console-bell-2026';
const TITLE = 'Bell check';
const MINUTE = 60_000;
const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
const SHOTS = '/tmp/shots-notifications/';

async function shot(page: Page, name: string) {
  await screenshot(page, name);
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(`${artifacts}${name}.png`, `${SHOTS}${name}.png`);
}

// The administrator books a meeting whose five-minute reminder is due in a few seconds. The reminder arrives at the
// local SMTP server and under the bell in the console; opening it marks it read and goes to the calendar. In Chinese
// the same notification is worded in Chinese, and the message log lists it as the console channel.
describe('in-console notifications', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let session: AdminSession;
  let page: Page;
  let adminEmail = '';

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // The scheduler offers its jobs every second, so the reminder is not a 30-second wait.
    session = await openAdminSession(PASSWORD, { SMTP_URL: smtp.url, SCHEDULER_TICK_SECONDS: '1' });
    ({ page } = session);
    const base = session.server.baseURL;
    const token = (await api<{ token: string }>(base, 'POST', '/login', { userName: 'admin', password: PASSWORD })).result.token;
    adminEmail = (await api<{ email: string }>(base, 'GET', '/user/getCurrentUserInfo', undefined, token)).result.email;
    const rooms = await api<{ list: Array<{ id: number; name: string }> }>(base, 'POST', '/location/findRoomList', { page: 1, pageSize: 100 }, token);
    // Its reminder moment is 20 seconds from now; a demo meeting at that time refuses a room, so try the rooms in turn.
    const startAt = Date.now() + 5 * MINUTE + 20_000;
    const refusals: string[] = [];
    for (const room of rooms.result.list) {
      const answer = await api(base, 'POST', '/meeting/reservation', { roomId: room.id, title: TITLE, startAt, endAt: startAt + 25 * MINUTE, reminderMinutes: 5 }, token);
      if (answer.returncode === 200) break;
      // Taken now, switched off, or under approval: the next room.
      refusals.push(`${room.name}: ${answer.message}`);
    }
    expect(refusals.length, refusals.join('; ')).toBeLessThan(rooms.result.list.length);
  });
  afterAll(async () => {
    await session?.close();
    await smtp?.close();
  });

  it('delivers the reminder by mail and under the bell; opening it marks it read', async () => {
    // The invitation, then the reminder. The demo company's own meetings, seeded around the clock's time, can send
    // the administrator reminders of theirs meanwhile: the mails are picked by their text, not counted.
    const adminMails = () => smtp.received.filter((mail) => mail.to.includes(adminEmail)).map(textPart);
    await expect
      .poll(() => adminMails().filter((text) => text.includes(`Reminder: "${TITLE}"`)).length, { timeout: 3 * 60_000, interval: 500 })
      .toBe(1);
    expect(adminMails().filter((text) => text.includes(`invites you to “${TITLE}”`))).toHaveLength(1);
    // The bell asks every 30 seconds; a reload asks at once.
    await page.reload();
    const badge = page.getByTestId('notification-badge');
    await expect.poll(async () => badge.textContent(), { timeout: 40_000 }).toMatch(/[1-9]/);
    const before = Number((await badge.textContent())?.replace(/\D/g, ''));
    await page.getByTestId('header-notifications').click();
    const item = page.getByTestId('notification-item').filter({ hasText: `“${TITLE}” starts in 5 minutes` });
    await item.waitFor();
    await shot(page, 'notifications-01-bell-wide-en');
    await item.click();
    await page.waitForURL(/\/reserve/);
    await expect.poll(async () => Number((await badge.textContent())?.replace(/\D/g, '') || 0)).toBe(before - 1);
  });

  it('reads in Chinese on a narrow screen, and the message log lists it as the console channel', async () => {
    await chooseLanguage(page, 'zh-CN');
    await page.setViewportSize(NARROW);
    await page.getByTestId('header-notifications').click();
    const item = page.getByTestId('notification-item').filter({ hasText: `“${TITLE}”将在 5 分钟后开始` });
    await item.waitFor();
    await shot(page, 'notifications-02-bell-narrow-zh');
    await page.keyboard.press('Escape');
    await page.setViewportSize(WIDE);
    await openFromMenu(page, 'messageLog');
    await page.getByTestId('page-message-log').waitFor();
    await page.getByTestId('message-channel').getByText('控制台').click();
    const row = page.locator('[data-testid^="message-row-"]', { hasText: `“${TITLE}”将在 5 分钟后开始` });
    await row.waitFor();
    expect(await row.textContent()).toContain('已读');
    await shot(page, 'notifications-03-message-log-wide-zh');
  });
});
