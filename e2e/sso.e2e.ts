import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestProvider, type TestProvider } from '../apps/server/src/test/oidc-provider.js';
import { launchBrowser, NARROW, newContext, screenshot, signIn, WIDE, waitForLanding } from './support/browser.js';
import { api, completeFirstSignIn, startServer, type RunningServer } from './support/server.js';

const FIRST_PASSWORD = 'First-Admin-Pass-1';
const PASSWORD = 'Sso-Admin-Pass-42';
const MEMBER_EMAIL = 'mia.chen@harbourview.example';

const shot = (page: Page, name: string) => screenshot(page, `sso-${name}`);

describe('single sign-on journey', () => {
  let server: RunningServer;
  let provider: TestProvider;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer((baseURL) => ({ ATRIUM_ADMIN_PASSWORD: FIRST_PASSWORD, PUBLIC_URL: baseURL }));
    await completeFirstSignIn(server.baseURL, FIRST_PASSWORD, PASSWORD);
    provider = await startTestProvider({ redirectUri: `${server.baseURL}/api/oauth/callback`, hasLoginForm: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await provider?.close();
    await server?.stop();
  });

  it('an administrator sets single sign-on up, and a member signs in through the provider', async () => {
    const admin = await newContext(browser, server.baseURL, { viewport: WIDE });
    const page = await admin.newPage();
    await page.goto('/login?redirect=%2Fsso-setting');
    await signIn(page, 'admin', PASSWORD);
    await page.getByTestId('page-sso-setting').waitFor();
    await page.getByTestId('sso-redirect-uri').getByText(`${server.baseURL}/api/oauth/callback`).waitFor();
    await shot(page, 'setting-empty-en-1440');

    // Turning SSO on for everyone before being an exception is refused with a clear message.
    await page.getByTestId('sso-enabled').click();
    await page.getByTestId('sso-issuer').fill(provider.issuer);
    await page.getByTestId('sso-client-id').fill(provider.clientId);
    await page.getByTestId('sso-client-secret').fill(provider.clientSecret);
    await page.getByTestId('sso-save').click();
    await page.getByTestId('sso-save-error').getByText(/lock you out/).waitFor();

    await page.getByTestId('sso-add-exception').click();
    const picker = page.getByTestId('sso-picker');
    await picker.getByTestId('sso-picker-search').fill('admin');
    await expect.poll(() => picker.locator('tbody tr.ant-table-row').count(), { timeout: 15_000 }).toBe(1);
    await picker.locator('tbody tr.ant-table-row').first().locator('.ant-checkbox-input').check();
    await shot(page, 'picker-en-1440');
    await page.getByTestId('sso-picker-submit').click();
    await page.getByTestId('sso-list-exception').locator('tbody tr.ant-table-row').first().waitFor();

    await page.getByTestId('sso-check').click();
    await page.getByTestId('sso-check-result').getByText(`${provider.issuer}/token`).waitFor();
    await page.getByTestId('sso-save').click();
    await page.getByText('Single sign-on setting saved').waitFor();
    await page.getByText(/A secret is saved/).waitFor();
    await shot(page, 'setting-en-1440');

    const login = await api<{ token: string }>(server.baseURL, 'POST', '/login', { userName: 'admin', password: PASSWORD });
    const created = await api<{ id: number }>(server.baseURL, 'POST', '/user/addSSOUser', { userName: 'mia.chen', email: MEMBER_EMAIL, fullName: 'Mia Chen' }, login.result.token);
    expect(created.returncode).toBe(200);

    const member = await newContext(browser, server.baseURL, { viewport: WIDE });
    const memberPage = await member.newPage();
    await memberPage.goto('/login');
    await memberPage.getByTestId('login-sso-link').waitFor();
    await shot(memberPage, 'login-en-1440');
    await memberPage.getByTestId('login-sso-link').click();
    await memberPage.getByTestId('page-login-sso').waitFor();
    await memberPage.getByTestId('login-sso-account').fill(MEMBER_EMAIL);
    await shot(memberPage, 'login-sso-en-1440');
    await memberPage.getByTestId('login-sso-submit').click();
    // The provider's own sign-in page, with the e-mail passed on as a hint.
    await memberPage.locator('#idp-submit').waitFor();
    expect(memberPage.url().startsWith(provider.issuer)).toBe(true);
    expect(await memberPage.locator('#email').inputValue()).toBe(MEMBER_EMAIL);
    await shot(memberPage, 'provider-1440');
    await memberPage.locator('#idp-submit').click();
    await waitForLanding(memberPage, 20_000);
    expect(new URL(memberPage.url()).origin).toBe(server.baseURL);
    await shot(memberPage, 'signed-in-en-1440');
    await member.close();

    // The member's password sign-in is refused with a pointer to SSO.
    const refused = await api(server.baseURL, 'POST', '/login', { userName: MEMBER_EMAIL, password: 'Anything-123' });
    expect(refused.returncode).toBe(1005);

    await page.goto('/directory');
    await page.getByTestId('page-directory').waitFor();
    await page.getByTestId('directory-filter-keyword').fill(MEMBER_EMAIL);
    await page.getByTestId(`user-sso-${created.result.id}`).waitFor();
    await shot(page, 'directory-en-1440');
    await admin.close();
  });

  // One browser per language; the width changes in place, as a turned tablet's would (a full load of the console
  // costs a journey about a second of CPU).
  it('looks right in both languages on wide and narrow screens', async () => {
    const widths = [[1440, WIDE], [375, NARROW]] as const;
    for (const [locale, lang] of [['en-US', 'en'], ['zh-CN', 'zh']] as const) {
      const context = await newContext(browser, server.baseURL, { viewport: WIDE, locale });
      const page = await context.newPage();
      await page.goto('/login-sso?error=notCovered');
      for (const [width, viewport] of widths) {
        await page.setViewportSize(viewport);
        await page.getByTestId('login-sso-error').waitFor();
        await shot(page, `login-sso-error-${lang}-${width}`);
      }
      await page.goto('/login?redirect=%2Fsso-setting');
      for (const [width, viewport] of widths) {
        await page.setViewportSize(viewport);
        await page.getByTestId('login-sso-link').waitFor();
        await shot(page, `login-${lang}-${width}`);
      }
      await signIn(page, 'admin', PASSWORD);
      await page.getByTestId('page-sso-setting').waitFor();
      for (const [width, viewport] of widths) {
        await page.setViewportSize(viewport);
        await page.getByTestId('sso-list-exception').locator('tbody tr.ant-table-row').first().waitFor();
        await shot(page, `setting-${lang}-${width}`);
      }
      await context.close();
    }
  });
});
