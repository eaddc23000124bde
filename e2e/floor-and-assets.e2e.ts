import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdminSession, type AdminSession } from './support/admin-session.js';
import { axeViolations } from './support/axe.js';
import { chooseLanguage, openFromMenu, screenshot, WIDE } from './support/browser.js';

const PASSWORD = 'Floor-assets-2026';
const PHONE = { width: 390, height: 844 };

/** A floor plan drawn as SVG: walls, a kitchen and a meeting corner, 1000 x 600 units (the demo's desks fit it). */
const PLAN = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 600" width="1000" height="600">
  <rect x="4" y="4" width="992" height="592" fill="#fafafa" stroke="#555" stroke-width="6"/>
  <rect x="20" y="20" width="300" height="260" fill="#e8f0fe" stroke="#333"/>
  <text x="40" y="60" font-size="28">Kitchen</text>
  <rect x="660" y="20" width="320" height="260" fill="#fff7e0" stroke="#333"/>
  <text x="680" y="60" font-size="28">Meeting</text>
</svg>`;

// The administrator draws the first floor: uploads its plan, moves a desk on it by keyboard, places a room again and
// saves; the booking map on a phone shows the plan under the desks, and the room as a link to its booking. Then exports the assets as a spreadsheet, in English and in Chinese.
describe('floor map and assets', () => {
  let session: AdminSession;
  let page: Page;

  beforeAll(async () => {
    session = await openAdminSession(PASSWORD);
    ({ page } = session);
  });
  afterAll(() => session?.close());

  it('uploads a floor plan, moves a desk and places a room on it, saves; the booking map shows the plan and the room on a phone', async () => {
    await openFromMenu(page, 'deskeeperConfiguration');
    await page.getByTestId('page-desk-map').waitFor();
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'atrium-plan-')), 'first-floor.svg');
    writeFileSync(file, PLAN);
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('desk-plan-upload-button').click();
    await (await chooser).setFiles(file);
    // The demo's floor shows its own plan already: the upload has ended when the page says the plan is saved (a scan
    // meanwhile found the upload button's faded loading text; the server loads its SVG sanitiser on the first upload).
    await page.getByText('The floor plan has been saved').waitFor();
    await page.getByTestId('desk-editor-plan').waitFor();

    // A desk moved three steps right by keyboard: the change waits for Save.
    const desk = page.locator('[data-testid^="desk-editor-"][role="button"]', { hasText: '1-A-01' });
    await desk.waitFor();
    const before = Number(await desk.getAttribute('data-x'));
    await desk.focus();
    for (let step = 0; step < 3; step++) await page.keyboard.press('ArrowRight');
    await expect.poll(async () => Number(await desk.getAttribute('data-x'))).toBeGreaterThan(before);
    const moved = Number(await desk.getAttribute('data-x'));
    expect(await page.getByTestId('desk-map-changes').textContent()).toContain('1');
    await screenshot(page, 'floor-01-editor-wide-en');
    expect(await axeViolations(page, 'en map editor')).toEqual([]);
    await page.getByTestId('desk-map-save').click();
    await page.getByText('The map has been saved').waitFor();
    await page.reload();
    const reread = page.locator('[data-testid^="desk-editor-"][role="button"]', { hasText: '1-A-01' });
    await reread.waitFor();
    expect(Number(await reread.getAttribute('data-x'))).toBe(moved);

    // A room (the demo placed the floor's rooms) taken off the map, placed again from the list beside it, moved down, saved.
    const room = page.locator('[data-kind="room"]', { hasText: 'Greenwich' });
    await room.waitFor();
    const roomId = Number((await room.getAttribute('data-testid'))!.replace('desk-editor-', ''));
    await room.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Delete');
    await page.getByTestId('desk-editor-unplaced-rooms').getByText('Greenwich').waitFor();
    await page.getByTestId(`desk-editor-place-${roomId}`).click();
    await room.waitFor();
    await room.focus();
    for (let step = 0; step < 2; step++) await page.keyboard.press('ArrowDown');
    const roomY = Number(await room.getAttribute('data-y'));
    await screenshot(page, 'floor-02-editor-room-wide-en');
    await page.getByTestId('desk-map-save').click();
    await page.getByText('The map has been saved').waitFor();
    await page.reload();
    const placedRoom = page.getByTestId(`desk-editor-${roomId}`);
    await placedRoom.waitFor();
    expect([await placedRoom.getAttribute('data-kind'), Number(await placedRoom.getAttribute('data-y'))]).toEqual(['room', roomY]);

    // The booking map in a 390 x 844 window, in Chinese, with the plan under the desks and the room on it: a link to its booking.
    await chooseLanguage(page, 'zh-CN');
    await openFromMenu(page, 'deskeeperReservation');
    await page.setViewportSize(PHONE);
    await page.getByTestId('desk-map').waitFor();
    await page.getByTestId('desk-map-plan').waitFor();
    const roomLink = page.getByTestId(`desk-map-room-${roomId}`);
    await roomLink.waitFor();
    expect(await roomLink.getAttribute('href')).toBe(`/reserve?room=${roomId}`);
    expect(await roomLink.textContent()).toContain('Greenwich');
    await roomLink.scrollIntoViewIfNeeded();
    await screenshot(page, 'floor-03-booking-plan-phone-zh');
    expect(await axeViolations(page, 'zh booking map with a room')).toEqual([]);
    await roomLink.click();
    await page.waitForURL(/\/reserve/);
    await page.setViewportSize(WIDE);
    await chooseLanguage(page, 'en-US');

    // The live view draws the floor's rooms too, each free or busy and until when.
    await openFromMenu(page, 'deskeeperLive');
    const live = page.getByTestId('desk-live-map');
    await live.waitFor();
    await live.getByTestId(`desk-live-room-${roomId}`).waitFor();
    expect(await live.getByTestId(`desk-live-room-${roomId}`).getAttribute('data-state')).toMatch(/^(free|busy|closed)$/);
    await screenshot(page, 'floor-04-live-wide-en');
  });

  it('exports the assets as xlsx, in English and in Chinese', async () => {
    await openFromMenu(page, 'deskeeperAssets');
    const table = page.locator('[data-testid^="asset-row-"]').first();
    await table.waitFor();
    await screenshot(page, 'assets-01-list-wide-en');
    expect(await axeViolations(page, 'en assets')).toEqual([]);
    const download = page.waitForEvent('download');
    await page.getByTestId('asset-export').click();
    const saved = await download;
    expect(saved.suggestedFilename()).toMatch(/\.xlsx$/);
    // An xlsx is a zip: its first bytes are PK.
    const bytes = readFileSync((await saved.path())!);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    expect(bytes.length).toBeGreaterThan(2000);

    await chooseLanguage(page, 'zh-CN');
    await page.setViewportSize(PHONE);
    await page.locator('[data-testid^="asset-row-"]').first().waitFor();
    await screenshot(page, 'assets-02-list-phone-zh');
    const again = page.waitForEvent('download');
    await page.getByTestId('asset-export').click();
    expect((await again).suggestedFilename()).toMatch(/\.xlsx$/);
    await page.setViewportSize(WIDE);
    await chooseLanguage(page, 'en-US');
  });
});
