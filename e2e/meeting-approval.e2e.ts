import { copyFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, NARROW, newContext, openFromMenu, screenshot, signIn, WIDE } from './support/browser.js';
import { openAdminSession, type AdminSession } from './support/admin-session.js';
import { api } from './support/server.js';

const PASSWORD = 'Meeting-approval-2026';
const HOST_PASSWORD = 'Host-of-meetings-2026';
const HOST = { userName: 'nina.host', email: 'nina.host@example.test', firstName: 'Nina', lastName: 'Host' };
const DAY = 24 * 60 * 60 * 1000;
const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
const SHOTS = '/tmp/shots-approval/';

/** Saves the screenshot under e2e/artifacts/ and a copy in the shots folder. */
async function shot(page: Page, name: string) {
  await screenshot(page, name);
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(`${artifacts}${name}.png`, `${SHOTS}${name}.png`);
}

/** The demo has many requests waiting: show 100 a page, as an approver looking for one would. */
async function showHundred(page: Page) {
  await page.locator('.ant-pagination-options .ant-select').click();
  await page.locator('.ant-select-item-option', { hasText: '100' }).click();
}

// A colleague books the Westminster training room, which needs approval; the administrator (an approver) approves one request
// and rejects another with a reason on /meeting-approval; the colleague's tab shows the outcome, in English and in Chinese.
describe('meeting approval', () => {
  let session: AdminSession;
  let page: Page;
  let hostToken = '';
  let approvedId = 0;
  let rejectedId = 0;

  beforeAll(async () => {
    session = await openAdminSession(PASSWORD);
    ({ page } = session);
    const base = session.server.baseURL;
    // The administrator adds the colleague (the default role: Staff).
    const admin = await api<{ token: string }>(base, 'POST', '/login', { userName: 'admin', password: PASSWORD });
    const created = await api<{ id: number }>(base, 'POST', '/user', HOST, admin.result.token);
    expect(created.returncode, created.message).toBe(200);
    // No SMTP here: the administrator hands out an activation link (the outbox keeps none, issue 16).
    const issued = await api<{ link: string }>(base, 'POST', '/user/activationLink', { id: created.result.id }, admin.result.token);
    expect(issued.returncode, issued.message).toBe(200);
    const reqToken = new URL(issued.result.link).pathname.split('/').pop()!;
    const activated = await api(base, 'POST', '/user/activeUserAndSetPassword', { reqToken, password: HOST_PASSWORD, confirmPassword: HOST_PASSWORD });
    expect(activated.returncode, activated.message).toBe(200);
    const login = await api<{ token: string }>(base, 'POST', '/login', { userName: HOST.userName, password: HOST_PASSWORD });
    hostToken = login.result.token;
    // Two requests, three weeks ahead (clear of the demo's week of meetings), at 10:00 and 14:00 UTC.
    const rooms = await api<{ list: Array<{ id: number; name: string }> }>(base, 'POST', '/location/findRoomList', { keyword: 'Westminster', page: 1, pageSize: 15 }, admin.result.token);
    const roomId = rooms.result.list.find((room) => room.name === 'Westminster')!.id;
    const day = Math.floor(Date.now() / DAY) * DAY + 21 * DAY;
    const book = async (title: string, hour: number) => {
      const answer = await api<{ id: number; status: string }>(base, 'POST', '/meeting/reservation', { roomId, title, startAt: day + hour * 3_600_000, endAt: day + (hour + 1) * 3_600_000 }, hostToken);
      expect([answer.returncode, answer.result.status], answer.message).toEqual([200, 'pending']);
      return answer.result.id;
    };
    approvedId = await book('Sales kick-off', 10);
    rejectedId = await book('Team offsite prep', 14);
  });
  afterAll(() => session?.close());

  it('shows the approver the requests to decide and approves one', async () => {
    await openFromMenu(page, 'meetingApproval');
    await page.getByTestId('page-meeting-approval').waitFor();
    await page.getByTestId('approval-settings').waitFor();
    await page.getByTestId('tab-approver').click();
    await page.locator('[data-testid^="approval-row-"]').first().waitFor();
    await showHundred(page);
    const row = page.getByTestId(`approval-row-${approvedId}`);
    await row.waitFor();
    expect(await row.textContent()).toContain('Westminster');
    expect(await row.textContent()).toContain('Nina Host');
    expect(await row.textContent()).toContain('Europe/London');
    await shot(page, 'approval-01-to-decide-wide-en');
    await row.getByTestId(`approve-${approvedId}`).click();
    await page.getByTestId('segment-decided').click();
    const decided = page.getByTestId(`approval-row-${approvedId}`);
    await expect.poll(() => decided.getByTestId(`approval-status-${approvedId}`).textContent()).toBe('Approved');
  });

  it('rejects the other only with a reason, in Chinese', async () => {
    await chooseLanguage(page, 'zh-CN');
    await page.getByTestId('segment-toDecide').click();
    const row = page.getByTestId(`approval-row-${rejectedId}`);
    await row.waitFor();
    await row.getByTestId(`reject-${rejectedId}`).click();
    // A rejection has no undo: the dialog says so before anything is sent.
    expect(await page.getByTestId('decision-irreversible').textContent()).toBe('将立即通知主持人并释放会议室；驳回后无法撤销。');
    await page.getByTestId('decision-submit').click();
    await page.getByText('请输入驳回原因').first().waitFor();
    await page.getByTestId('reject-reason').fill('培训室当天已安排全员培训');
    await page.getByRole('dialog').locator('.ant-form-item-explain-error').waitFor({ state: 'detached' });
    await shot(page, 'approval-02-reject-wide-zh');
    await page.getByTestId('decision-submit').click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByTestId('segment-decided').click();
    await expect.poll(() => page.getByTestId(`approval-status-${rejectedId}`).textContent()).toBe('已驳回');
    expect(await page.getByTestId('page-meeting-approval').textContent()).toContain('我审批的');
    await page.setViewportSize(NARROW);
    await shot(page, 'approval-03-decided-narrow-zh');
    await page.setViewportSize(WIDE);
  });

  it("shows the host's tab with the outcome, in both languages, at 375 and 1440 px", async () => {
    for (const [locale, approved, rejected] of [
      ['en-US', 'Approved', 'Rejected'],
      ['zh-CN', '已通过', '已驳回'],
    ] as const) {
      const context = await newContext(session.browser, session.server.baseURL, { viewport: NARROW, locale });
      const host = await context.newPage();
      await host.goto('/login');
      await signIn(host, HOST.userName, HOST_PASSWORD);
      await host.waitForURL((url) => !url.pathname.startsWith('/login'));
      await host.goto('/meeting-approval');
      await host.getByTestId('page-meeting-approval').waitFor();
      await expect.poll(() => host.getByTestId(`approval-status-${approvedId}`).textContent()).toBe(approved);
      expect(await host.getByTestId(`approval-status-${rejectedId}`).textContent()).toBe(rejected);
      expect(await host.getByTestId(`approval-row-${rejectedId}`).textContent()).toContain('培训室当天已安排全员培训');
      // A plain booker has no approver tab and no deadline setting.
      expect(await host.getByTestId('tab-approver').count()).toBe(0);
      expect(await host.getByTestId('approval-settings').count()).toBe(0);
      const tag = locale === 'en-US' ? 'en' : 'zh';
      await shot(host, `approval-04-host-narrow-${tag}`);
      await host.setViewportSize(WIDE);
      await shot(host, `approval-05-host-wide-${tag}`);
      await context.close();
    }
  });
});
