import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, NARROW, openFromMenu, screenshot, WIDE } from './support/browser.js';
import { openAdminSession, type AdminSession } from './support/admin-session.js';

const PASSWORD = 'Roles-tour-2026';

/** The tree node of the role named `name`. */
const node = (page: Page, name: string) => page.locator('[data-testid^="role-node-"]', { hasText: name });

// An administrator arranges the demo company's roles: a new role, its permissions, a member, then its removal.
describe('roles', () => {
  let session: AdminSession;
  let page: Page;

  beforeAll(async () => {
    session = await openAdminSession(PASSWORD);
    ({ page } = session);
  });
  afterAll(() => session?.close());

  it("shows the demo company's role tree with member counts", async () => {
    await openFromMenu(page, 'role');
    await page.getByTestId('page-role').waitFor();
    await node(page, 'Receptionist').waitFor();
    const names = await page.locator('.atrium-role-node-name').allTextContents();
    expect(names).toEqual(['Administrator', 'People partner', 'Office manager', 'Receptionist', 'Meeting approver', 'Staff']);
    expect(await node(page, 'Staff').textContent()).toContain('Default');
    await expect.poll(() => page.getByTestId('role-summary-permissions').isVisible()).toBe(true);
    await screenshot(page, 'roles-01-tree-wide-en');
  });

  it('creates a child role, gives it permissions and a member', async () => {
    await node(page, 'Office manager').click();
    await page.getByTestId('role-action-add').hover();
    await page.getByTestId('role-action-add-child').click();
    await page.getByTestId('role-form-name').fill('Facilities team');
    await page.getByTestId('role-form-description').fill('Looks after rooms, screens and equipment');
    await page.getByTestId('role-form-submit').click();
    await node(page, 'Facilities team').waitFor();
    await expect.poll(() => page.getByTestId('role-summary-name').textContent()).toBe('Facilities team');

    await page.getByTestId('role-open-permissions').click();
    await page.getByTestId('page-role-detail').waitFor();
    await page.getByTestId('permission-roomsLocations-edit').click();
    expect(await page.getByTestId('permission-roomsLocations-view').getAttribute('aria-checked')).toBe('true');
    expect(await page.getByTestId('permission-users-edit').getAttribute('aria-checked')).toBe('true');
    await screenshot(page, 'roles-02-permissions-wide-en');
    await page.getByTestId('permissions-save').click();
    await expect.poll(() => page.getByTestId('permissions-save').isDisabled()).toBe(true);

    await page.getByTestId('role-tab-members').click();
    await page.waitForURL(/\/role-detail\/\d+\/members$/);
    expect(await page.locator('[data-testid^="tab-_role-detail"]').count()).toBe(1);
    // The console tab is named after the role.
    expect(await page.locator('[data-testid^="tab-_role-detail"]').textContent()).toContain('Facilities team');
    await page.getByTestId('role-members-add').click();
    await page.getByTestId('member-picker-search').fill('priya');
    await page.getByRole('checkbox', { name: 'Priya Raman' }).check();
    await screenshot(page, 'roles-03-member-picker');
    await page.getByTestId('member-picker-submit').click();
    await page.getByTestId('member-picker').waitFor({ state: 'detached' });
    await page.locator('[data-testid^="member-"]', { hasText: 'Priya Raman' }).first().waitFor();
    await screenshot(page, 'roles-04-members-wide-en');
  });

  it('reads in Chinese and on a phone', async () => {
    await chooseLanguage(page, 'zh-CN');
    await expect.poll(() => page.getByTestId('role-tab-permissions').textContent()).toBe('权限');
    await screenshot(page, 'roles-05-members-wide-zh');
    await page.setViewportSize(NARROW);
    await page.getByTestId('role-detail-back').click();
    await page.getByTestId('page-role').waitFor();
    await screenshot(page, 'roles-06-tree-narrow-zh');
    await page.setViewportSize(WIDE);
    await chooseLanguage(page, 'en-US');
  });

  it('deletes the role after confirmation; its member goes back to the default role', async () => {
    await node(page, 'Facilities team').click();
    expect(await page.getByTestId('role-summary-members').textContent()).toBe('1');
    await page.getByTestId('role-action-delete').click();
    await page.getByTestId('role-delete-confirm').click();
    await expect.poll(() => node(page, 'Facilities team').count()).toBe(0);
    await node(page, 'Staff').click();
    await expect.poll(() => page.getByTestId('role-summary-members').textContent()).toBe('31');
    await node(page, 'Staff').click();
    expect(await page.getByTestId('role-action-delete').isDisabled()).toBe(true);
  });

  it('finds every change in the operation log, named and filterable', async () => {
    await openFromMenu(page, 'operationLog');
    await page.getByTestId('page-operation-log').waitFor();
    const rows = page.locator('[data-testid^="log-row-"]');
    await expect.poll(() => rows.first().textContent()).toContain('Deleted a role');
    expect(await rows.first().textContent()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    // Newest first, above the demo company's older history; the first cell is the detail toggle.
    const actions = await page.locator('[data-testid^="log-row-"] td:nth-child(4)').allTextContents();
    expect(actions.slice(0, 4)).toEqual(['Deleted a role', 'Added role members', 'Changed role permissions', 'Created a role']);
    const listed = await rows.count();
    expect(listed).toBeGreaterThan(4);
    await screenshot(page, 'operation-log-01-wide-en');

    await page.getByTestId('log-filter-actor').fill('nobody by that name');
    await expect.poll(() => rows.count()).toBe(0);
    await page.getByTestId('log-filter-reset').click();
    await expect.poll(() => rows.count()).toBe(listed);

    await chooseLanguage(page, 'zh-CN');
    await expect.poll(() => rows.first().textContent()).toContain('删除角色');
    await screenshot(page, 'operation-log-02-wide-zh');
    await chooseLanguage(page, 'en-US');
  });
});
