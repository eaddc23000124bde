import { toZoned } from '@atrium/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, screenshot, signIn, waitForLanding } from './support/browser.js';
import { openAdminSession, type AdminSession } from './support/admin-session.js';
import { startSmtpServer } from './support/mail.js';
import { api } from './support/server.js';

const PASSWORD = 'Booking-form-2026';
const BARRED_PASSWORD = 'Barred-colleague-2026';
const BARRED = { userName: 'bea.barred', email: 'bea.barred@example.test', firstName: 'Bea', lastName: 'Barred' };
const REASON = 'Three no-shows in a row';
const PHONE = { width: 390, height: 844 };

// Issue 17, the booking form's manners in Chromium: a barred colleague is told when the form opens (both languages,
// wide and phone); a new form starts from the demo's defaults (notice 15 minutes); unsaved changes are asked about;
// and a form never shows the browser's own validation bubble, only the product's message in the chosen language.
describe('the booking form', () => {
  let session: AdminSession;
  let page: Page;
  let barredEndsAt = 0;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const contexts: BrowserContext[] = [];

  async function signInAsBarred(options: { locale: string; viewport: { width: number; height: number } }): Promise<Page> {
    const context = await session.browser.newContext({ baseURL: session.server.baseURL, timezoneId: 'Europe/London', ...options });
    contexts.push(context);
    const barredPage = await context.newPage();
    await barredPage.goto('/login');
    await signIn(barredPage, BARRED.userName, BARRED_PASSWORD);
    await waitForLanding(barredPage);
    return barredPage;
  }

  beforeAll(async () => {
    // Registration open (it needs mail): its e-mail form is the console's one form the browser would validate itself.
    smtp = await startSmtpServer();
    session = await openAdminSession(PASSWORD, { SMTP_URL: smtp.url });
    ({ page } = session);
    const base = session.server.baseURL;
    const admin = (await api<{ token: string }>(base, 'POST', '/login', { userName: 'admin', password: PASSWORD })).result.token;
    const created = await api<{ id: number }>(base, 'POST', '/user', BARRED, admin);
    expect(created.returncode, created.message).toBe(200);
    const issued = await api<{ link: string }>(base, 'POST', '/user/activationLink', { id: created.result.id }, admin);
    const reqToken = new URL(issued.result.link).pathname.split('/').pop()!;
    expect((await api(base, 'POST', '/user/activeUserAndSetPassword', { reqToken, password: BARRED_PASSWORD, confirmPassword: BARRED_PASSWORD })).returncode).toBe(200);
    barredEndsAt = Math.floor(Date.now() / 3_600_000) * 3_600_000 + 3 * 86_400_000;
    const barred = await api(base, 'POST', '/meeting/blacklist/add', { userId: created.result.id, reason: REASON, endsAt: barredEndsAt }, admin);
    expect(barred.returncode, barred.message).toBe(200);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await session?.close();
    await smtp?.close();
  });

  it('tells a barred colleague when the form opens, with the reason and the end, and lets them fill in nothing', async () => {
    const barred = await signInAsBarred({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
    await barred.getByTestId('page-reserve').waitFor();
    await barred.getByTestId('reserve-new').click();
    const notice = barred.getByTestId('reserve-barred');
    await notice.waitFor();
    const until = toZoned(barredEndsAt, 'Europe/London');
    expect(await notice.textContent()).toContain(`You cannot book rooms at the moment`);
    expect(await notice.textContent()).toContain(`until ${until.date} ${until.time}`);
    expect(await notice.textContent()).toContain(REASON);
    expect(await barred.getByTestId('reserve-title').isDisabled()).toBe(true);
    expect(await barred.getByTestId('reserve-save').isDisabled()).toBe(true);
    await screenshot(barred, 'form-01-barred-wide-en');
  });

  it('says so in Chinese on a phone too', async () => {
    const barred = await signInAsBarred({ locale: 'zh-CN', viewport: PHONE });
    await barred.getByTestId('page-reserve').waitFor();
    if (!(await barred.getByText('新建会议').first().isVisible())) {
      await chooseLanguage(barred, 'zh-CN');
    }
    await barred.getByTestId('reserve-new').click();
    const notice = barred.getByTestId('reserve-barred');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('您目前不能预订会议室');
    expect(await notice.textContent()).toContain(`原因：${REASON}`);
    await screenshot(barred, 'form-02-barred-narrow-zh');
  });

  it("starts from the demo's defaults and asks before unsaved changes are dropped", async () => {
    await page.getByTestId('page-reserve').waitFor();
    await page.getByTestId('reserve-new').click();
    await page.getByTestId('reserve-title').waitFor();
    // The demo's notification settings: notice 15 minutes before, reminder 15 minutes before; public by default.
    expect(await page.getByTestId('reserve-notice').textContent()).toContain('15 minutes');
    expect(await page.getByTestId('reserve-reminder').textContent()).toContain('15 minutes');
    expect(await page.getByTestId('reserve-privacy').getByLabel('Public').isChecked()).toBe(true);
    // Nothing typed: Cancel closes at once.
    await page.getByTestId('reserve-cancel').click();
    await page.getByTestId('reserve-title').waitFor({ state: 'detached' });
    await page.getByTestId('reserve-new').click();
    await page.getByTestId('reserve-title').fill('Half-typed');
    await page.getByTestId('reserve-cancel').click();
    await page.getByTestId('unsaved-keep').waitFor();
    await screenshot(page, 'form-03-unsaved-wide-en');
    await page.getByTestId('unsaved-keep').click();
    expect(await page.getByTestId('reserve-title').inputValue()).toBe('Half-typed');
    // The drawer's own close button asks too.
    await page.locator('.ant-drawer-close').click();
    await page.locator('.ant-modal-confirm', { has: page.getByTestId('unsaved-discard') }).last().waitFor();
    await page.getByTestId('unsaved-discard').last().click();
    await page.getByTestId('reserve-title').waitFor({ state: 'detached' });
  });

  it("answers a malformed e-mail address with its own message, in Chinese, never the browser's bubble", async () => {
    // The registration form submits with a real submit button over an e-mail input: the browser would validate it.
    const context = await session.browser.newContext({ baseURL: session.server.baseURL, locale: 'zh-CN', viewport: PHONE });
    contexts.push(context);
    const visitor = await context.newPage();
    await visitor.goto('/register');
    await visitor.getByTestId('register-email').waitFor();
    // The page speaks the browser's language: Chinese.
    await visitor.getByText('创建您的公司').first().waitFor();
    await visitor.evaluate(() => {
      const counter = window as unknown as { invalidEvents: number };
      counter.invalidEvents = 0;
      document.addEventListener('invalid', () => (counter.invalidEvents += 1), true);
    });
    await visitor.getByTestId('register-email').fill('not-an-address');
    await visitor.getByTestId('register-submit').click();
    await visitor.getByText('请输入有效的邮箱地址').waitFor();
    // The browser fires `invalid` before it shows its bubble (in its own language): it never does.
    expect(await visitor.evaluate(() => (window as unknown as { invalidEvents: number }).invalidEvents)).toBe(0);
    await screenshot(visitor, 'form-04-own-message-narrow-zh');
  });
});
