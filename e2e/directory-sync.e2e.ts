import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLdapServer, type TestLdapServer } from '../apps/server/src/test/ldap-server.js';
import { launchBrowser, NARROW, newContext, screenshot, signIn, WIDE } from './support/browser.js';
import { api, completeFirstSignIn, startServer, type RunningServer } from './support/server.js';

const FIRST_PASSWORD = 'First-Admin-Pass-1';
const PASSWORD = 'Ldap-Admin-Pass-42';
const BASE_DN = 'dc=harbourview,dc=example';
const BIND_DN = `cn=atrium,ou=service,${BASE_DN}`;
const BIND_PASSWORD = 'Bind-Secret-9';

const shot = (page: Page, name: string) => screenshot(page, `directory-sync-${name}`);

describe('directory sync (LDAP) journey', () => {
  let server: RunningServer;
  let ldap: TestLdapServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ ATRIUM_ADMIN_PASSWORD: FIRST_PASSWORD });
    await completeFirstSignIn(server.baseURL, FIRST_PASSWORD, PASSWORD);
    ldap = await startLdapServer({
      baseDn: BASE_DN,
      bindDn: BIND_DN,
      bindPassword: BIND_PASSWORD,
      entries: [
        // A person of the demo company: matched by user name and moved to the new department.
        { dn: `cn=Wang Fang,ou=people,${BASE_DN}`, attributes: { objectClass: 'person', sAMAccountName: 'wang.fang', mail: 'wang.fang@harbourview.example', givenName: '芳', sn: '王', department: 'Research' } },
        { dn: `cn=Qiao Ling,ou=people,${BASE_DN}`, attributes: { objectClass: 'person', sAMAccountName: 'qiao.ling', mail: 'qiao.ling@harbourview.example', givenName: '玲', sn: '乔', department: 'Research' } },
        { dn: `cn=Tom Hardy,ou=people,${BASE_DN}`, attributes: { objectClass: 'person', sAMAccountName: 'tom.hardy', mail: 'tom.hardy@harbourview.example', givenName: 'Tom', sn: 'Hardy', department: 'sales' } },
        { dn: `cn=Printer,ou=people,${BASE_DN}`, attributes: { objectClass: 'person', mail: 'printer@harbourview.example' } },
      ],
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await ldap?.close();
    await server?.stop();
  });

  it('an administrator connects the company directory, checks it and syncs', async () => {
    const context = await newContext(browser, server.baseURL, { viewport: WIDE });
    const page = await context.newPage();
    await page.goto('/login?redirect=%2Fsso-setting');
    await signIn(page, 'admin', PASSWORD);
    const card = page.getByTestId('ldap-card');
    await card.waitFor();
    await card.getByTestId('ldap-enabled').click();
    await card.getByTestId('ldap-url').fill(ldap.url);
    await card.getByTestId('ldap-base-dn').fill(BASE_DN);
    await card.getByTestId('ldap-bind-dn').fill(BIND_DN);
    await card.getByTestId('ldap-bind-password').fill('wrong');
    await card.getByTestId('ldap-check').click();
    await card.getByTestId('ldap-check-result').getByText(/refused the bind DN or password/).waitFor();
    await card.getByTestId('ldap-bind-password').fill(BIND_PASSWORD);
    await card.getByTestId('ldap-check').click();
    await card.getByTestId('ldap-check-result').getByText('Connected: the filter finds 4 entries').waitFor();
    await card.getByTestId('ldap-save').click();
    await page.getByText('Directory sync setting saved').waitFor();
    await page.getByTestId('ldap-card').getByText(/A password is saved/).waitFor();
    await page.getByTestId('ldap-card').getByTestId('ldap-sync').click();
    const report = page.getByTestId('ldap-report');
    await report.getByText('No user name (attribute sAMAccountName)').waitFor();
    await report.scrollIntoViewIfNeeded();
    await shot(page, 'report-en-1440');

    const login = await api<{ token: string }>(server.baseURL, 'POST', '/login', { userName: 'admin', password: PASSWORD });
    const byName = async (userName: string) => {
      const page = await api<{ list: Array<{ userName: string; lastName: string | null; department: { name: string } | null; isPendingActivation: boolean }> }>(
        server.baseURL,
        'POST',
        '/user/getUserList',
        { keyword: userName },
        login.result.token,
      );
      return page.result.list.find((user) => user.userName === userName);
    };
    expect(await byName('qiao.ling')).toMatchObject({ lastName: '乔', department: { name: 'Research' }, isPendingActivation: true });
    expect(await byName('wang.fang')).toMatchObject({ lastName: '王', department: { name: 'Research' }, isPendingActivation: false });
    await context.close();
  });

  it('looks right in both languages on wide and narrow screens', async () => {
    for (const [locale, lang] of [['en-US', 'en'], ['zh-CN', 'zh']] as const) {
      for (const [width, viewport] of [[1440, WIDE], [375, NARROW]] as const) {
        const context = await newContext(browser, server.baseURL, { viewport, locale });
        const page = await context.newPage();
        await page.goto('/login?redirect=%2Fsso-setting');
        await signIn(page, 'admin', PASSWORD);
        const card = page.getByTestId('ldap-card');
        await card.waitFor();
        await card.scrollIntoViewIfNeeded();
        await shot(page, `card-${lang}-${width}`);
        await page.getByTestId('ldap-report').scrollIntoViewIfNeeded();
        await shot(page, `report-${lang}-${width}`);
        await context.close();
      }
    }
  });
});
