import { menuForPermissions, normalizePermissions, type MenuEntry, type Permission } from '@atrium/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, textPart } from '../apps/server/src/test/smtp.js';
import { openAdminSession, type AdminSession } from './support/admin-session.js';
import { chooseLanguage, NARROW, newContext, screenshot, signIn, WIDE, openFromMenu } from './support/browser.js';

const ADMIN_PASSWORD = 'Company-admin-2026';
const NEWCOMER_PASSWORD = 'Research-lab-2026';
const NEWCOMER = { userName: 'lena.park', email: 'lena.park@harbourview.example', firstName: 'Lena', lastName: 'Park' };
/** The role's permissions: a small menu (Directory, Personal, Operation log, and the API docs link). */
const GRANTED: Permission[] = ['users:view', 'operationLog:view'];

/** Every key of a menu answer, groups included, depth first. */
const menuKeys = (entries: MenuEntry[]): string[] => entries.flatMap((entry) => [entry.key, ...menuKeys(entry.children)]);
/** The keys of the side menu as the page shows it. */
const shownMenuKeys = async (page: Page) =>
  (await page.locator('[data-testid="side-menu"] [data-testid^="menu-item-"]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')!))).map(
    (id) => id.replace(/^menu-item-/, ''),
  );

/** Picks an option of an open antd Select or TreeSelect by its text. */
/**
 * Picks an option of an antd select and checks the select shows it: under load a click can land
 * while the dropdown is still opening, so a pick that did not take is tried again.
 */
async function pick(page: Page, testId: string, text: string) {
  const select = page.getByTestId(testId);
  for (let attempt = 1; ; attempt++) {
    await select.click();
    const option = page.locator('.ant-select-dropdown:visible').getByTitle(text, { exact: true });
    await option.waitFor();
    await option.click();
    const shown = await expect
      .poll(async () => (await select.textContent())?.includes(text), { timeout: 2_000 })
      .toBe(true)
      .then(() => true, () => false);
    if (shown || attempt === 3) {
      expect(await select.textContent()).toContain(text);
      return;
    }
    await page.keyboard.press('Escape');
  }
}

/**
 * Issue 3's journey in one flow: an administrator creates a department, a role with some
 * permissions and a user in both; the activation mail arrives over SMTP; the new user sets a
 * password, signs in and sees only the permitted menu; a permission taken away shows on their next
 * navigation. The administrator works in English, the new user in Chinese.
 */
describe('company administration journey', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let session: AdminSession;
  let admin: Page;
  let browser: Browser;
  let newcomerContext: BrowserContext;
  let newcomer: Page;
  let roleId: number;
  let activationLink: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    session = await openAdminSession(ADMIN_PASSWORD, { SMTP_URL: smtp.url });
    ({ page: admin, browser } = session);
  });
  afterAll(async () => {
    await newcomerContext?.close();
    await session?.close();
    await smtp?.close();
  });

  it('creates the department Research', async () => {
    await openFromMenu(admin, 'group');
    await admin.getByTestId('page-group').waitFor();
    await admin.getByTestId('group-create').click();
    await admin.getByTestId('group-form-name').fill('Research');
    await admin.getByTestId('group-form-code').fill('RES');
    await admin.getByTestId('group-form-save').click();
    await admin.locator('[data-testid^="group-node-"]', { hasText: 'Research' }).waitFor();
    await screenshot(admin, 'company-admin-01-department-1440-en');
  });

  it('creates the role Researchers with view of users and of the operation log', async () => {
    await openFromMenu(admin, 'role');
    await admin.getByTestId('page-role').waitFor();
    await admin.getByTestId('role-new').click();
    await admin.getByTestId('role-form-name').fill('Researchers');
    await admin.getByTestId('role-form-description').fill('The research lab: reads the directory and the log of changes');
    await admin.getByTestId('role-form-submit').click();
    const node = admin.locator('[data-testid^="role-node-"]', { hasText: 'Researchers' });
    await node.waitFor();
    roleId = Number((await node.getAttribute('data-testid'))!.replace('role-node-', ''));
    await expect.poll(() => admin.getByTestId('role-summary-name').textContent()).toBe('Researchers');

    await admin.getByTestId('role-open-permissions').click();
    await admin.getByTestId('page-role-detail').waitFor();
    for (const permission of GRANTED) await admin.getByTestId(`permission-${permission.replace(':', '-')}`).click();
    expect(await admin.getByTestId('permission-users-edit').getAttribute('aria-checked')).toBe('false');
    await screenshot(admin, 'company-admin-02-permissions-1440-en');
    await admin.getByTestId('permissions-save').click();
    await expect.poll(() => admin.getByTestId('permissions-save').isDisabled()).toBe(true);
  });

  it('creates a user in both; the activation mail arrives over SMTP and is in the outbox without its link', async () => {
    await openFromMenu(admin, 'directory');
    await admin.getByTestId('page-directory').waitFor();
    await admin.getByTestId('directory-create').click();
    await admin.getByTestId('directory-form-username').fill(NEWCOMER.userName);
    await admin.getByTestId('directory-form-email').fill(NEWCOMER.email);
    await admin.getByTestId('directory-form-first-name').fill(NEWCOMER.firstName);
    await admin.getByTestId('directory-form-last-name').fill(NEWCOMER.lastName);
    await pick(admin, 'directory-form-department', 'Research');
    await pick(admin, 'directory-form-role', 'Researchers');
    await screenshot(admin, 'company-admin-03-new-user-1440-en');
    await admin.getByTestId('directory-form-submit').click();
    await admin.getByTestId('directory-filter-keyword').fill(NEWCOMER.userName);
    const rows = admin.getByTestId('directory-table').locator('tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
    expect(await rows.first().textContent()).toMatch(/Research.*Researchers/);
    await admin.getByText('Not activated').first().waitFor();

    await expect.poll(() => smtp.received.filter((mail) => mail.to.includes(NEWCOMER.email)).length, { timeout: 15_000 }).toBe(1);
    const mail = smtp.received.find((candidate) => candidate.to.includes(NEWCOMER.email))!;
    const text = textPart(mail);
    expect(text).toContain(NEWCOMER.userName);
    activationLink = /https?:\/\/\S+\/activate\/[A-Za-z0-9_-]+/.exec(text)![0];

    await openFromMenu(admin, 'mailOutbox');
    await admin.getByTestId('page-mail-outbox').waitFor();
    const row = admin.getByTestId('mail-table').locator('tr.ant-table-row', { hasText: NEWCOMER.email });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/Sent/i);
    await row.click();
    // The outbox keeps a marker: the link went to the recipient only (issue 16).
    await expect.poll(() => admin.getByTestId('mail-text').innerText()).toContain('[link sent to the recipient only / 链接仅发送给收件人]');
    expect(await admin.getByTestId('mail-text').innerText()).not.toContain(new URL(activationLink).pathname);
    await screenshot(admin, 'company-admin-04-outbox-1440-en');
  });

  it('lets the new user, in Chinese, set a password, sign in and see only the permitted menu', async () => {
    newcomerContext = await newContext(browser, session.server.baseURL, { viewport: NARROW });
    newcomer = await newcomerContext.newPage();
    await newcomer.goto(new URL(activationLink).pathname);
    await newcomer.getByTestId('directory-activate-username').waitFor();
    await chooseLanguage(newcomer, 'zh-CN', 'activate-lang');
    expect(await newcomer.getByTestId('directory-activate-username').inputValue()).toBe(NEWCOMER.userName);
    await screenshot(newcomer, 'company-admin-05-activate-375-zh');
    await newcomer.getByTestId('directory-activate-password').fill(NEWCOMER_PASSWORD);
    await newcomer.getByTestId('directory-activate-confirm').fill(NEWCOMER_PASSWORD);
    await newcomer.getByTestId('directory-activate-submit').click();
    await newcomer.getByTestId('page-login').waitFor();
    await newcomer.getByText('账号已激活').waitFor();

    await newcomer.setViewportSize(WIDE);
    await signIn(newcomer, NEWCOMER.userName, NEWCOMER_PASSWORD);
    await newcomer.waitForURL((url) => !url.pathname.startsWith('/login'));
    await newcomer.getByTestId('side-menu').waitFor();
    const expected = menuKeys(menuForPermissions(new Set(normalizePermissions(GRANTED))));
    expect(expected).toEqual(expect.arrayContaining(['directory', 'operationLog', 'personal']));
    expect(expected).not.toContain('role');
    await expect.poll(() => shownMenuKeys(newcomer)).toEqual(expected);
    await openFromMenu(newcomer, 'operationLog');
    await newcomer.getByTestId('page-operation-log').waitFor();
    await screenshot(newcomer, 'company-admin-06-menu-1440-zh');

    await newcomer.setViewportSize(NARROW);
    await newcomer.getByTestId('menu-collapse').click();
    await expect.poll(() => shownMenuKeys(newcomer)).toEqual(expected);
    await screenshot(newcomer, 'company-admin-07-menu-375-zh');
    await newcomer.keyboard.press('Escape');
    await newcomer.setViewportSize(WIDE);

    // A page the role does not allow, typed into the address bar.
    await newcomer.goto('/role');
    await newcomer.waitForURL('**/no-access');
    await newcomer.getByTestId('page-no-access').waitFor();
    await screenshot(newcomer, 'company-admin-08-no-access-1440-zh');
    await newcomer.goto('/directory');
    await newcomer.getByTestId('page-directory').waitFor();
  });

  it("shows a permission taken from the role on the new user's next navigation, without signing in again", async () => {
    await admin.goto(`/role-detail/${roleId}/permissions`);
    await admin.getByTestId('page-role-detail').waitFor();
    await expect.poll(() => admin.getByTestId('permission-operationLog-view').getAttribute('aria-checked')).toBe('true');
    await admin.getByTestId('permission-operationLog-view').click();
    await admin.getByTestId('permissions-save').click();
    await expect.poll(() => admin.getByTestId('permissions-save').isDisabled()).toBe(true);
    await screenshot(admin, 'company-admin-09-permission-removed-1440-en');

    // The entry is still on screen; the next navigation asks the server again.
    expect(await shownMenuKeys(newcomer)).toContain('operationLog');
    await openFromMenu(newcomer, 'personal');
    await newcomer.getByTestId('page-personal').waitFor();
    const expected = menuKeys(menuForPermissions(new Set(normalizePermissions(['users:view']))));
    await expect.poll(() => shownMenuKeys(newcomer)).toEqual(expected);
    expect(expected).not.toContain('operationLog');
    // The profile's list of what the role allows follows too (操作日志: the operation log).
    await expect.poll(() => newcomer.getByTestId('personal-profile').textContent()).not.toContain('操作日志');
    expect(await newcomer.getByTestId('personal-profile').textContent()).toContain('Researchers');
    await screenshot(newcomer, 'company-admin-10-menu-after-1440-zh');
    await newcomer.goto('/operation-log');
    await newcomer.waitForURL('**/no-access');
    await newcomer.setViewportSize(NARROW);
    await screenshot(newcomer, 'company-admin-11-no-access-375-zh');

    await admin.setViewportSize(NARROW);
    await admin.goto('/directory');
    await admin.getByTestId('page-directory').waitFor();
    await screenshot(admin, 'company-admin-12-directory-375-en');
  });
});
