import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, NARROW, WIDE, screenshot, openFromMenu } from './support/browser.js';
import { openAdminSession, type AdminSession } from './support/admin-session.js';

const PASSWORD = 'Displays-tour-2026';


// The demo admin sets what the door displays show and how booking mail goes out, then switches
// the rooms application off and on again in the app centre.
describe('display settings and the app centre', () => {
  let session: AdminSession;
  let page: Page;

  beforeAll(async () => {
    session = await openAdminSession(PASSWORD);
    ({ page } = session);
  });
  afterAll(() => session?.close());

  it('edits the information the displays show, for the company and for one room', async () => {
    await openFromMenu(page, 'displaySettings');
    await page.getByTestId('page-display-settings').waitFor();
    await page.getByTestId('info-form').waitFor();
    await page.getByTestId('info-field-description').click();
    await page.getByTestId('info-item-add').click();
    await page.getByTestId('info-item-label-0').fill('Wi-Fi');
    await page.getByTestId('info-item-value-0').fill('Guest-Net');
    await page.getByTestId('info-item-add').click();
    await page.getByTestId('info-item-label-1').fill('Helpdesk');
    await page.getByTestId('info-item-value-1').fill('4455');
    await page.getByTestId('info-item-up-1').click();
    await page.getByTestId('info-save').click();
    await page.getByText('Display information saved').first().waitFor();
    await screenshot(page, 'display-01-info-wide-en');

    await page.reload();
    await page.getByTestId('info-form').waitFor();
    expect(await page.getByTestId('info-item-label-0').inputValue()).toBe('Helpdesk');
    expect(await page.getByTestId('info-field-description').getAttribute('aria-checked')).toBe('true');

    // One room that differs: it starts from the company default and gets its own entry.
    await page.getByTestId('info-scope').click();
    await page.keyboard.type('Thames');
    await page.locator('.ant-select-item-option', { hasText: 'Thames' }).click();
    await page.getByTestId('info-room-default').waitFor();
    expect(await page.getByTestId('info-item-label-0').inputValue()).toBe('Helpdesk');
    await page.getByTestId('info-field-participants').click();
    await page.getByTestId('info-save').click();
    await page.getByTestId('info-reset').waitFor();
    expect(await page.getByTestId('info-room-default').count()).toBe(0);
    expect(await page.getByTestId('info-field-participants').getAttribute('aria-checked')).toBe('false');
  });

  it('changes a notification setting under Messages, Reminders', async () => {
    await openFromMenu(page, 'messageRemind');
    await page.getByTestId('page-message-remind').waitFor();
    const card = page.getByTestId('notice-card');
    await card.getByTestId('notice-minutes').click();
    await page.locator('.ant-select-item-option', { hasText: '30 minutes before' }).click();
    await card.getByTestId('notice-event-checkInDue').click();
    await card.getByTestId('notice-footer').fill('Questions? Call the front desk on 4455.');
    await card.getByTestId('notice-save').click();
    await page.getByText('Notification settings saved').first().waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'display-02-notice-wide-en');
    await page.reload();
    await page.getByTestId('notice-form').waitFor();
    expect(await page.getByTestId('notice-minutes').textContent()).toContain('30 minutes before');
    expect(await page.getByTestId('notice-footer').inputValue()).toBe('Questions? Call the front desk on 4455.');
    await openFromMenu(page, 'displaySettings');
    await page.getByTestId('info-form').waitFor();
  });

  it('reads in Chinese, wide and on a phone', async () => {
    await chooseLanguage(page, 'zh-CN');
    await expect.poll(() => page.getByTestId('info-card').textContent()).toContain('显示信息');
    await page.getByTestId('info-field-time').click();
    await page.getByTestId('info-save').click();
    await page.getByText('显示信息已保存').first().waitFor();
    await screenshot(page, 'display-03-wide-zh');
    await page.setViewportSize(NARROW);
    await screenshot(page, 'display-04-narrow-zh');
    // The reminders page is still open as a tab (the side menu is a drawer on a phone).
    await page.getByTestId('tab-_message-remind').click();
    await page.getByTestId('notice-card').waitFor();
    expect(await page.getByTestId('notice-minutes').textContent()).toContain('提前 30 分钟');
    await screenshot(page, 'display-05-notice-narrow-zh');
    await page.getByTestId('tab-_display-settings').click();
    await page.getByTestId('info-card').waitFor();
    await chooseLanguage(page, 'en-US');
    await expect.poll(() => page.getByTestId('info-card').textContent()).toContain('Information shown');
    await page.getByTestId('info-card').scrollIntoViewIfNeeded();
    await screenshot(page, 'display-06-narrow-en');
    await page.setViewportSize(WIDE);
  });

  it('switches the rooms application off in the app centre, and its menu entries vanish', async () => {
    await openFromMenu(page, 'application');
    await page.getByTestId('page-application').waitFor();
    await expect.poll(() => page.getByTestId('app-status-rooms').textContent()).toBe('On');
    // Every application has its pages now, the organisation's among them.
    expect(await page.getByTestId('app-status-airQuality').textContent()).toBe('On');
    expect(await page.getByTestId('app-status-organisation').textContent()).toBe('On');
    expect(await page.getByTestId('menu-item-rooms').count()).toBe(1);
    await screenshot(page, 'display-07-apps-wide-en');

    await page.getByTestId('app-switch-rooms').click();
    await expect.poll(() => page.getByTestId('app-status-rooms').textContent()).toBe('Off');
    await expect.poll(() => page.getByTestId('menu-item-rooms').count()).toBe(0);
    await page.reload();
    await page.getByTestId('page-application').waitFor();
    expect(await page.getByTestId('menu-item-rooms').count()).toBe(0);
    await screenshot(page, 'display-08-apps-off-wide-en');

    await chooseLanguage(page, 'zh-CN');
    await expect.poll(() => page.getByTestId('app-status-rooms').textContent()).toBe('已关闭');
    await page.getByTestId('app-switch-rooms').click();
    await expect.poll(() => page.getByTestId('app-status-rooms').textContent()).toBe('已开启');
    await expect.poll(() => page.getByTestId('menu-item-rooms').count()).toBe(1);
    await screenshot(page, 'display-09-apps-wide-zh');
    await page.setViewportSize(NARROW);
    await screenshot(page, 'display-10-apps-narrow-zh');
    await page.setViewportSize(WIDE);
    await chooseLanguage(page, 'en-US');
  });
});
