import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, clickSettled, launchBrowser, NARROW, newContext, openFromMenu, screenshot, signIn, WIDE, waitForLanding } from './support/browser.js';
import { startSmtpServer, waitForMail } from './support/mail.js';
import { api, startServer, type RunningServer } from './support/server.js';

const EMAIL = 'ada.founder@lighthouse.test';
const PASSWORD = 'Fresh-Start-2026';
const NEW_PASSWORD = 'Second-Chance-77';


/**
 * Screenshots of the page as it stands at 1440 and 375 px, in English and Chinese; the page is left
 * wide and in English. Switching the language keeps the wizard's state (no reload).
 */
async function shootAll(page: Page, name: string, langSwitch = 'public-lang') {
  const shoot = async (suffix: string) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `registration-${name}-${suffix}`);
  };
  await shoot('en-1440');
  await page.setViewportSize(NARROW);
  await shoot('en-375');
  await chooseLanguage(page, 'zh-CN', langSwitch);
  await shoot('zh-375');
  await page.setViewportSize(WIDE);
  await shoot('zh-1440');
  await chooseLanguage(page, 'en-US', langSwitch);
}

// A founder creates a company from the sign-in page, lands signed in, then recovers a forgotten password.
describe('registration and password recovery', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let browser: Browser;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer({ SMTP_URL: smtp.url });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  it('registers a company through every page, with the code from the mail, and lands in the console', async () => {
    const context = await newContext(browser, server.baseURL);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByTestId('login-register').waitFor();
    await shootAll(page, '0-login', 'login-lang');
    await page.getByTestId('login-register').click();
    await page.getByTestId('register-email').waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');
    await shootAll(page, '1-register');

    await page.getByTestId('register-email').fill(EMAIL);
    await page.getByTestId('register-submit').click();
    await page.getByTestId('register-code').waitFor();
    expect(await page.getByTestId('register-resend').isDisabled()).toBe(true);
    await shootAll(page, '2-code');
    const { text } = await waitForMail(smtp.received, EMAIL, 1, 15_000);
    const code = /\b(\d{6})\b/.exec(text)![1]!;
    await page.locator('[data-testid="register-code"] input').first().click();
    await page.keyboard.type(code);
    await page.getByTestId('register-code-submit').click();

    await page.getByTestId('register-pwd-password').waitFor();
    await page.getByTestId('register-pwd-password').fill(PASSWORD);
    await page.getByTestId('register-pwd-confirm').fill(PASSWORD);
    await shootAll(page, '3-password');
    await page.getByTestId('register-pwd-submit').click();

    await page.getByTestId('register-industry').waitFor();
    await page.getByText('Technology', { exact: true }).click();
    await page.getByText('6-10 people', { exact: true }).click();
    await shootAll(page, '4-type');
    await page.getByTestId('register-type-submit').click();

    await page.getByTestId('create-company-name').waitFor();
    await page.getByTestId('create-company-name').fill('Lighthouse Labs');
    await page.getByTestId('create-domain').fill('lighthouse');
    await page.getByTestId('create-full-name').fill('Ada Founder');
    await shootAll(page, '5-create');
    await page.getByTestId('create-submit').click();

    // Signed in as the new company's administrator, with the administration menu.
    await waitForLanding(page);
    await page.getByTestId('side-menu').waitFor();
    await openFromMenu(page, 'role');
    await page.getByTestId('page-role').waitFor();
    await screenshot(page, 'registration-6-console-en-1440');
    const login = await api<{ userName: string }>(server.baseURL, 'POST', '/login', { userName: EMAIL, password: PASSWORD });
    expect(login.result.userName).toBe(EMAIL);

    // Sign out through the header.
    await page.getByTestId('header-user').click();
    // The user menu opens with an animation: a click before it settles can miss (as shell.e2e.ts does it).
    await clickSettled(page.getByTestId('user-logout'));
    await page.getByRole('button', { name: 'Log out', exact: true }).click();
    await page.getByTestId('login-username').waitFor();
    await context.close();
  });

  it('resets the forgotten password from the mailed link and signs in with the new one', async () => {
    const context = await newContext(browser, server.baseURL);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByTestId('login-forgot').click();
    await page.getByTestId('retrieve-email').waitFor();
    await shootAll(page, '7-retrieve');
    await page.getByTestId('retrieve-email').fill(EMAIL);
    await page.getByTestId('retrieve-submit').click();
    await page.getByTestId('retrieve-sent').waitFor();
    await shootAll(page, '8-retrieve-sent');

    // The second mail to the address: the first was the registration code.
    const { text } = await waitForMail(smtp.received, EMAIL, 2, 15_000);
    const token = /\/reset\/([A-Za-z0-9_-]+)/.exec(text)![1]!;
    await page.goto(`/reset/${token}`);
    await page.getByTestId('reset-password').waitFor();
    expect(await page.getByTestId('reset-username').inputValue()).toBe(EMAIL);
    await shootAll(page, '9-reset');
    await page.getByTestId('reset-password').fill(NEW_PASSWORD);
    await page.getByTestId('reset-confirm').fill(NEW_PASSWORD);
    await page.getByTestId('reset-submit').click();
    await expect.poll(() => page.getByText('Your password has changed. Sign in with the new one.').count()).toBeGreaterThan(0);
    await screenshot(page, 'registration-10-login-notice-en-1440');

    // The link is used up.
    await page.goto(`/reset/${token}`);
    await page.getByTestId('reset-invalid').waitFor();
    await shootAll(page, '11-reset-invalid');

    await page.goto('/login');
    await signIn(page, EMAIL, NEW_PASSWORD);
    await waitForLanding(page);
    expect((await api(server.baseURL, 'POST', '/login', { userName: EMAIL, password: PASSWORD })).returncode).toBe(1008);
    await context.close();
  });
});
