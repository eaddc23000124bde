import { copyFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from './support/mail.js';
import { chooseLanguage, NARROW, openFromMenu, screenshot, WIDE } from './support/browser.js';
import { openAdminSession, type AdminSession } from './support/admin-session.js';
import { api } from './support/server.js';

const PASSWORD = 'Message-log-2026';
const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
const SHOTS = '/tmp/shots-message-log/';

async function shot(page: Page, name: string) {
  await screenshot(page, name);
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(`${artifacts}${name}.png`, `${SHOTS}${name}.png`);
}

// The administrator invites two colleagues; the local SMTP server refuses one address. The message log shows both
// activation mails with their result, the refused one with its error code and what to do, in both languages.
describe('message log', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let session: AdminSession;
  let page: Page;

  beforeAll(async () => {
    smtp = await startSmtpServer({ rejectFor: /^bounce@/ });
    session = await openAdminSession(PASSWORD, { SMTP_URL: smtp.url });
    ({ page } = session);
    const base = session.server.baseURL;
    const token = (await api<{ token: string }>(base, 'POST', '/login', { userName: 'admin', password: PASSWORD })).result.token;
    for (const [userName, email, firstName] of [['mia.mail', 'mia.mail@example.test', 'Mia'], ['bo.bounce', 'bounce@example.test', 'Bo']] as const) {
      const created = await api(base, 'POST', '/user', { userName, email, firstName, lastName: 'Test' }, token);
      expect(created.returncode, created.message).toBe(200);
    }
  });
  afterAll(async () => {
    await session?.close();
    await smtp?.close();
  });

  it('shows each message with its event, operator and result; the refused one says what to do', async () => {
    await openFromMenu(page, 'messageLog');
    await page.getByTestId('page-message-log').waitFor();
    const refused = page.locator('[data-testid^="message-row-"]', { hasText: 'bounce@example.test' });
    await refused.waitFor();
    const text = await refused.textContent();
    expect(text).toContain('Account activation');
    expect(text).toContain('Atrium Administrator');
    expect(text).toContain('Failed');
    expect(text).toContain('550');
    expect(text).toContain('The mail server refused this address');
    expect(await page.locator('[data-testid^="message-row-"]', { hasText: 'mia.mail@example.test' }).textContent()).toContain('Sent');
    await shot(page, 'message-log-01-wide-en');
    await page.getByTestId('message-filter-keyword').fill('mia');
    await expect.poll(async () => page.locator('[data-testid^="message-row-"]').count()).toBe(1);
    await page.getByTestId('message-filter-keyword').fill('');
  });

  it('reads in Chinese and fits a phone', async () => {
    await chooseLanguage(page, 'zh-CN');
    const refused = page.locator('[data-testid^="message-row-"]', { hasText: 'bounce@example.test' });
    await expect.poll(async () => refused.textContent()).toContain('账号激活');
    expect(await refused.textContent()).toContain('邮件服务器拒收了该地址');
    await page.setViewportSize(NARROW);
    await shot(page, 'message-log-02-narrow-zh');
    await page.setViewportSize(WIDE);
    await chooseLanguage(page, 'en-US');
  });
});
