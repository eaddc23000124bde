import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import jsQRPackage from 'jsqr';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, clickSettled, newContext, openFromMenu, screenshot, signIn, waitForLanding, WIDE } from './support/browser.js';
import { openAdminSession, type AdminSession } from './support/admin-session.js';

const PASSWORD = 'Platform-pages-2026';
const OPERATOR_PASSWORD = 'Operator-of-2026';
const PHONE = { width: 390, height: 844 };
const DAY_MS = 24 * 60 * 60 * 1000;
/** jsqr is CommonJS typed as an ES module's default export: whichever of the two the loader hands over. */
const jsQR = (jsQRPackage as unknown as { default?: typeof jsQRPackage.default }).default ?? (jsQRPackage as unknown as typeof jsQRPackage.default);
const repoRoot = fileURLToPath(new URL('../', import.meta.url));

/** `npm run licence -- <args>` as the operator of an installation runs it; answers what it printed. */
function licenceCli(args: string[]): string {
  return execFileSync('npm', ['run', '--silent', 'licence', '--', ...args], { cwd: repoRoot, encoding: 'utf8' }).trim();
}

/** A day `days` from today, as the CLI takes it (UTC). */
function dayFromToday(days: number): string {
  return new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
}

/** Reads the QR code on the page as a phone's camera would: from the pixels of the drawn image. */
async function scanQrCode(page: Page): Promise<string> {
  const pixels = await page.getByTestId('qr-image').evaluate((image: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    // A margin of white around the code, as a camera sees it on the screen.
    canvas.width = image.naturalWidth + 40;
    canvas.height = image.naturalHeight + 40;
    const draw = canvas.getContext('2d')!;
    draw.fillStyle = '#fff';
    draw.fillRect(0, 0, canvas.width, canvas.height);
    draw.drawImage(image, 20, 20);
    const data = draw.getImageData(0, 0, canvas.width, canvas.height);
    return { width: data.width, height: data.height, rgba: Array.from(data.data) };
  });
  const code = jsQR(Uint8ClampedArray.from(pixels.rgba), pixels.width, pixels.height);
  if (!code) throw new Error('no QR code could be read from the drawer');
  return code.data;
}

// The platform around the modules (issue 23): the installation's operator makes a key and licences with the CLI; the
// company administrator installs one in the app centre; when it has expired (the server's clock moved on) the
// visitors' pages are read-only with a banner and refuse a change, until a renewed licence is installed. The operator
// signs in to the boss area, writes release notes in both languages and releases the version; the administrator
// sees them once, in Chinese. The administrator signs in on a phone (a second browser) by the QR code of the header.
describe('licences, release notes and sign-in by QR code', () => {
  let session: AdminSession;
  let page: Page;
  const keyDir = mkdtempSync(join(tmpdir(), 'atrium-licence-'));
  const privateKey = join(keyDir, 'operator.pem');
  const offsetFile = join(keyDir, 'clock-offset');
  /** Moves the server's clock ahead of real time. */
  const setOffset = (ms: number) => writeFileSync(offsetFile, String(Math.round(ms)));
  let publicKeys = '';

  const issue = (number: string, validUntil: string) =>
    licenceCli([
      'issue',
      '--private-key',
      privateKey,
      '--key-id',
      'e2e-2026',
      '--company',
      'harbourview',
      '--licensee',
      'Harbourview Technologies',
      '--number',
      number,
      '--valid-until',
      validUntil,
      '--modules',
      'visitors,desks',
      '--seats',
      '200',
    ]);

  /** Installs a licence token in the app centre's panel. */
  const install = async (token: string, number: string) => {
    await openFromMenu(page, 'application');
    await page.getByTestId('licence-panel').waitFor();
    await page.getByTestId('licence-token').fill(token);
    await page.getByTestId('licence-install').click();
    await page.getByText(`Licence ${number} installed`).first().waitFor();
  };

  beforeAll(async () => {
    setOffset(0);
    const made = licenceCli(['keygen', '--key-id', 'e2e-2026', '--private-key', privateKey]);
    publicKeys = /LICENCE_PUBLIC_KEYS=(\S+)/.exec(made)![1]!;
    session = await openAdminSession(PASSWORD, (baseURL) => ({
      PUBLIC_URL: baseURL,
      LICENCE_PUBLIC_KEYS: publicKeys,
      ATRIUM_OPERATOR_PASSWORD: OPERATOR_PASSWORD,
      ATRIUM_CLOCK_OFFSET_FILE: offsetFile,
    }));
    page = session.page;
  });

  afterAll(async () => {
    await session?.close();
    rmSync(keyDir, { recursive: true, force: true });
  });

  it('signs the administrator in on a phone by the QR code of the header, once', async () => {
    await page.getByTestId('header-user').click();
    await clickSettled(page.getByTestId('user-qr'));
    await page.getByTestId('qr-image').waitFor();
    await expect.poll(() => page.getByTestId('qr-expiry').textContent()).toMatch(/\d:\d\d/);
    await screenshot(page, 'platform-01-qr-drawer-wide-en');
    const link = await scanQrCode(page);
    expect(link).toMatch(new RegExp(`^${session.server.baseURL}/single/[\\w-]{43}$`));

    const phone = await newContext(session.browser, session.server.baseURL, { viewport: PHONE, locale: 'zh-CN' });
    try {
      const onPhone = await phone.newPage();
      await onPhone.goto(link);
      await waitForLanding(onPhone);
      expect(await onPhone.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
      expect(await onPhone.getByTestId('header-user').getAttribute('aria-label')).toBe(await page.getByTestId('header-user').getAttribute('aria-label'));
      await screenshot(onPhone, 'platform-02-signed-in-by-qr-phone-zh');
      // The link is spent: a second phone gets the page that says so.
      const second = await phone.browser()!.newContext({ baseURL: session.server.baseURL, viewport: PHONE, locale: 'zh-CN' });
      const again = await second.newPage();
      await again.goto(link);
      await again.getByTestId('page-single-error').waitFor();
      await screenshot(again, 'platform-03-link-used-phone-zh');
      await second.close();
    } finally {
      await phone.close();
    }
    await page.keyboard.press('Escape');
    await page.locator('.ant-drawer-open').waitFor({ state: 'detached' });
  });

  it('shows release notes an operator published to the company administrator once, in their language', async () => {
    const operator: BrowserContext = await newContext(session.browser, session.server.baseURL);
    try {
      const boss = await operator.newPage();
      await boss.goto('/boss/login');
      await boss.getByTestId('operator-login-user').fill('operator');
      await boss.getByTestId('operator-login-password').fill(OPERATOR_PASSWORD);
      await boss.getByTestId('operator-login-submit').click();
      await boss.waitForURL((url) => url.pathname === '/branch');
      const standard = boss.locator('[data-testid^="branch-row-"]', { hasText: 'Standard' });
      const branchId = (await standard.getAttribute('data-testid'))!.replace('branch-row-', '');
      await boss.getByTestId(`branch-instructions-${branchId}`).click();
      await boss.getByTestId('instructions-version').fill('0.2.0');
      await boss.getByTestId('instructions-notes-en').fill('Licences arrive: the app centre shows each module’s licence.');
      await boss.getByTestId('instructions-notes-zh').fill('新增许可管理：应用中心显示每个模块的许可。');
      await clickSettled(boss.getByTestId('instructions-save'));
      await boss.locator('.ant-modal-wrap').waitFor({ state: 'detached' });
      await boss.getByTestId(`branch-release-${branchId}`).click();
      await clickSettled(boss.getByTestId('branch-release-confirm'));
      await expect.poll(() => boss.getByTestId(`branch-version-${branchId}`).textContent()).toBe('0.2.0');
      await screenshot(boss, 'platform-04-branch-released-wide-en');
    } finally {
      await operator.close();
    }

    await chooseLanguage(page, 'zh-CN');
    await page.reload();
    const notes = page.getByTestId('release-notes');
    await expect.poll(() => notes.textContent(), { timeout: 15_000 }).toContain('新增许可管理');
    await screenshot(page, 'platform-05-release-notes-wide-zh');
    await clickSettled(page.getByTestId('release-notes-dismiss'));
    await notes.waitFor({ state: 'detached' });
    // Seen once: the next load, in either language, shows nothing.
    await chooseLanguage(page, 'en-US');
    await page.reload();
    await waitForLanding(page);
    await page.waitForLoadState('networkidle');
    expect(await notes.count()).toBe(0);
  });

  it('installs a licence made with the CLI, goes read-only when it has expired, and writes again once renewed', async () => {
    const first = issue('HV-2026-001', dayFromToday(60));
    expect(licenceCli(['verify', first, '--public-key', publicKeys])).toContain('HV-2026-001');
    await install(first, 'HV-2026-001');
    await expect.poll(() => page.getByTestId('licence-state-visitors').textContent()).toBe('Valid');
    // The demo's 30-day trial still licenses the rest, and says it ends soon.
    expect(await page.getByTestId('licence-state-smartRooms').textContent()).toBe('Expiring');
    await page.getByTestId('licence-panel').scrollIntoViewIfNeeded();
    await screenshot(page, 'platform-06-licence-installed-wide-en');

    // 76 days on: the licence ended 16 days ago, past its 14 days' grace; the demo's 30-day trial too. The session
    // has run out meanwhile.
    setOffset(76 * DAY_MS);
    await session.context.clearCookies();
    await page.goto('/login');
    await signIn(page, 'admin', PASSWORD);
    await waitForLanding(page);
    await openFromMenu(page, 'guiderSet');
    await page.getByTestId('page-visitor-settings').waitFor();
    const banner = page.getByTestId('licence-banner');
    await expect.poll(() => banner.getAttribute('data-state'), { timeout: 15_000 }).toBe('expired');
    expect(await banner.textContent()).toContain('read-only');
    // What was there is still shown; a new reason is refused.
    await page.locator('[data-testid^="visit-reason-row-"]', { hasText: 'Interview' }).waitFor();
    await page.getByTestId('visit-reason-add').click();
    await page.getByTestId('visit-reason-name').fill('Licence review');
    await clickSettled(page.getByTestId('visit-reason-save'));
    await page.getByText('This module is not licensed or its licence has expired').first().waitFor();
    expect(await page.locator('[data-testid^="visit-reason-row-"]', { hasText: 'Licence review' }).count()).toBe(0);
    await screenshot(page, 'platform-07-visitors-read-only-wide-en');
    // Emptied, the form has nothing to lose and closes without asking.
    await page.getByTestId('visit-reason-name').fill('');
    await page.keyboard.press('Escape');
    await page.locator('.ant-modal-wrap').waitFor({ state: 'detached' });
    await chooseLanguage(page, 'zh-CN');
    await expect.poll(() => banner.textContent()).toContain('只能查看');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'platform-08-visitors-read-only-phone-zh');
    await page.setViewportSize(WIDE);
    await chooseLanguage(page, 'en-US');

    const renewed = issue('HV-2026-002', dayFromToday(400));
    await install(renewed, 'HV-2026-002');
    await expect.poll(() => page.getByTestId('licence-state-visitors').textContent()).toBe('Valid');
    expect(await page.getByTestId('licence-state-smartRooms').textContent()).toBe('Expired');
    await openFromMenu(page, 'guiderSet');
    await page.getByTestId('page-visitor-settings').waitFor();
    await page.locator('[data-testid^="visit-reason-row-"]', { hasText: 'Interview' }).waitFor();
    expect(await banner.count()).toBe(0);
    await page.getByTestId('visit-reason-add').click();
    await page.getByTestId('visit-reason-name').fill('Licence review');
    await clickSettled(page.getByTestId('visit-reason-save'));
    await page.locator('.ant-modal-wrap').waitFor({ state: 'detached' });
    await page.locator('[data-testid^="visit-reason-row-"]', { hasText: 'Licence review' }).waitFor();
    await screenshot(page, 'platform-09-visitors-renewed-wide-en');
  });
});
