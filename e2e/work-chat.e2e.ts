import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDingtalkFake } from '../apps/server/src/test/work-chat-fakes.js';
import { launchBrowser, newContext, screenshot, signIn, WIDE } from './support/browser.js';
import { api, completeFirstSignIn, startServer, type RunningServer } from './support/server.js';

const FIRST_PASSWORD = 'First-Admin-Pass-1';
const PASSWORD = 'Work-Chat-Admin-7';
const DINGTALK = { appKey: 'dingjourney01', corpId: 'dingcorpjourney', secret: 'Journey-DingTalk-Secret' };

const shot = (page: Page, name: string) => screenshot(page, `work-chat-${name}`);

// Decision 0024: an administrator connects the company's DingTalk app on /sso-setting, syncs its directory (a
// department and a person, with a department-to-role rule), and the person then signs in at /login-dingtalk through
// DingTalk's sign-in page (the fake of DingTalk's documented OAuth 2 calls) and lands in the console.
describe('work-chat directory and sign-in journey', () => {
  let server: RunningServer;
  let dingtalk: Awaited<ReturnType<typeof startDingtalkFake>>;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer((baseURL) => ({ ATRIUM_ADMIN_PASSWORD: FIRST_PASSWORD, PUBLIC_URL: baseURL }));
    await completeFirstSignIn(server.baseURL, FIRST_PASSWORD, PASSWORD);
    dingtalk = await startDingtalkFake({
      ...DINGTALK,
      departments: [{ dept_id: 20, name: 'Field Support', parent_id: 1 }],
      users: [{ userid: 'dora.ding', unionid: 'union-dora', name: '丁朵拉', org_email: 'dora.ding@harbourview.example', dept_id_list: [20], active: true }],
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await dingtalk?.close();
    await server?.stop();
  });

  it('connects DingTalk, syncs its people, and one of them signs in with DingTalk', async () => {
    const admin = await newContext(browser, server.baseURL, { viewport: WIDE });
    const page = await admin.newPage();
    await page.goto('/login?redirect=%2Fsso-setting');
    await signIn(page, 'admin', PASSWORD);
    const card = page.getByTestId('work-chat-card');
    await card.waitFor();
    await card.getByText('DingTalk', { exact: true }).click();
    await card.getByTestId('work-chat-redirect').getByText(`${server.baseURL}/api/oauth/work-chat/callback/dingtalk`).waitFor();
    await card.getByTestId('work-chat-enabled').click();
    await card.getByTestId('work-chat-sign-in').click();
    await card.getByTestId('work-chat-corp-id').fill(DINGTALK.corpId);
    await card.getByTestId('work-chat-app-key').fill(DINGTALK.appKey);
    await card.getByTestId('work-chat-secret').fill(DINGTALK.secret);
    await card.getByText('API address').click();
    await card.getByTestId('work-chat-base-url').fill(dingtalk.url);
    await card.getByText('Role mapping').click();
    await card.getByTestId('work-chat-role-mapping-add').click();
    await card.getByTestId('work-chat-role-mapping-group-0').fill('Field Support');
    await card.getByRole('combobox', { name: 'Role 1' }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await card.getByTestId('work-chat-save').click();
    await page.getByText('Setting saved').waitFor();
    await card.getByText(/A secret is saved/).waitFor();
    await expect.poll(() => card.getByTestId('work-chat-sync').isEnabled()).toBe(true);
    await card.getByTestId('work-chat-sync').click();
    const report = card.getByTestId('ldap-report');
    await report.waitFor();
    expect(await report.textContent()).toContain('Users created');
    await shot(page, 'setting-en-1440');
    await admin.close();

    // The synced person is linked to their DingTalk union id; the login page of the company offers DingTalk.
    const offered = await api<{ providers: string[] }>(server.baseURL, 'GET', '/oauth/work-chat/providers?domain=harbourview');
    expect(offered.result.providers).toEqual(['dingtalk']);

    dingtalk.signInAs('union-dora');
    const member = await newContext(browser, server.baseURL, { viewport: WIDE });
    const memberPage = await member.newPage();
    await memberPage.goto('/login?domain=harbourview');
    await memberPage.getByTestId('login-work-chat-dingtalk').waitFor();
    await shot(memberPage, 'login-en-1440');
    await memberPage.goto('/login-dingtalk');
    await memberPage.getByTestId('login-sso-account').fill('harbourview');
    await memberPage.getByTestId('login-sso-submit').click();
    // DingTalk's sign-in page sends the browser back with an authCode; the console opens with a session.
    await memberPage.waitForURL((url) => url.origin === server.baseURL && !url.pathname.startsWith('/login'), { timeout: 20_000 });
    const me = await memberPage.evaluate(async () => (await (await fetch('/api/user/getCurrentUserInfo')).json()) as { result: { userName: string } });
    expect(me.result.userName).toBe('dora.ding');
    await shot(memberPage, 'signed-in-en-1440');
    await member.close();
  });
});
