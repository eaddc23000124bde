import { copyFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { LiveRoom, LiveRoomList } from '@atrium/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NARROW, WIDE, clickSettled, newContext, openFromMenu, openInConsole, screenshot, signIn, waitForLanding } from './support/browser.js';
import { openAdminSession, type AdminSession } from './support/admin-session.js';
import { api } from './support/server.js';

const PASSWORD = 'Room-board-2026';
const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
const SHOTS = '/tmp/shots-live/';

async function shot(page: Page, name: string) {
  await screenshot(page, name);
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(`${artifacts}${name}.png`, `${SHOTS}${name}.png`);
}

/** The row of a room on the board's list. */
const rowOf = (page: Page, roomId: number) => page.locator(`tr[data-room-id="${roomId}"]`);

// A receptionist keeps the room board open while a colleague books a room in another window: the
// board shows it taken without a reload. The administrator puts the board on the lobby screen with
// a secret link, then revokes it.
describe('room board and live status', () => {
  let session: AdminSession;
  let board: Page;
  let browser: Browser;
  let colleague: BrowserContext;
  let lobby: BrowserContext;
  let token = '';
  let room: LiveRoom;
  let linkUrl = '';

  beforeAll(async () => {
    session = await openAdminSession(PASSWORD);
    board = session.page;
    browser = session.browser;
  });
  afterAll(async () => {
    await colleague?.close();
    await lobby?.close();
    await session?.close();
  });

  it('shows every room with its state, in a list and as thumbnails', async () => {
    await openFromMenu(board, 'roomBoard');
    await board.getByTestId('page-room-board').waitFor();
    await board.locator('tr[data-room-id]').first().waitFor();
    expect(await board.locator('tr[data-room-id]').count()).toBeGreaterThan(10);
    await expect.poll(() => board.getByTestId('live-summary').textContent()).toMatch(/Free · \d+/);
    await shot(board, 'live-01-board-list-wide-en');
    await board.getByTestId('live-mode').getByText('Thumbnails').click();
    await board.locator('.live-card').first().waitFor();
    await shot(board, 'live-02-board-thumbnails-wide-en');
    await board.getByTestId('live-mode').getByText('List').click();
    await board.locator('tr[data-room-id]').first().waitFor();
  });

  it('shows a room taken as soon as a colleague books it in another window, without a reload', async () => {
    const login = await api<{ token: string }>(session.server.baseURL, 'POST', '/login', { userName: 'admin', password: PASSWORD });
    token = login.result.token;
    const states = await api<LiveRoomList>(session.server.baseURL, 'GET', '/live/rooms', undefined, token);
    const now = states.result.now;
    // A free room with nothing in the next hour.
    room = states.result.list.find((candidate) => candidate.state === 'free' && (candidate.next === null || candidate.next.startAt > now + 3_600_000))!;
    expect(room, 'a free room').toBeDefined();
    await expect.poll(() => rowOf(board, room.id).getAttribute('class')).toBeTruthy();
    expect(await rowOf(board, room.id).locator('.live-state-tag').getAttribute('data-state')).toBe('free');
    const marker = await board.evaluate(() => ((window as unknown as { liveMarker: number }).liveMarker = Math.random()));

    colleague = await newContext(browser, session.server.baseURL);
    const other = await colleague.newPage();
    await other.goto('/login');
    await signIn(other, 'admin', PASSWORD);
    await waitForLanding(other);
    const booked = await other.evaluate(
      async ({ roomId, startAt }) => {
        const response = await fetch('/api/meeting/reservation', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ roomId, title: 'Walk-in sync', startAt, endAt: startAt + 30 * 60_000 }),
        });
        return (await response.json()) as { returncode: number; message: string };
      },
      { roomId: room.id, startAt: Math.floor(now / 60_000) * 60_000 },
    );
    expect(booked.returncode, booked.message).toBe(200);

    const expected = room.signInEnabled ? 'busy' : 'inMeeting';
    await expect.poll(() => rowOf(board, room.id).locator('.live-state-tag').getAttribute('data-state'), { timeout: 10_000 }).toBe(expected);
    expect(await rowOf(board, room.id).textContent()).toContain('Walk-in sync');
    // The same page, never reloaded.
    expect(await board.evaluate(() => (window as unknown as { liveMarker: number }).liveMarker)).toBe(marker);
    await rowOf(board, room.id).scrollIntoViewIfNeeded();
    await shot(board, 'live-03-board-after-booking-wide-en');

    await openFromMenu(board, 'live');
    await board.getByTestId('page-live').waitFor();
    await board.getByTestId('live-underway').getByText('Walk-in sync').waitFor();
    await shot(board, 'live-04-live-now-wide-en');
  });

  it('puts the board on a lobby screen through a secret link, in both languages and on a phone', async () => {
    await openFromMenu(board, 'roomBoard');
    await board.getByTestId('live-links-open').click();
    await board.getByTestId('live-links-intro').waitFor();
    await board.getByTestId('live-link-name').fill('Lobby screen');
    await board.getByTestId('live-link-create').click();
    const created = board.getByTestId('live-created-link');
    await created.waitFor();
    linkUrl = (await created.textContent())!.trim();
    expect(linkUrl).toMatch(/\/flght-board\?token=[\w-]{43,}$/);
    await shot(board, 'live-05-links-created-wide-en');

    lobby = await newContext(browser, session.server.baseURL);
    const screen = await lobby.newPage();
    await screen.goto(linkUrl);
    await screen.getByTestId('public-board').waitFor();
    await screen.locator('.flight-card').first().waitFor();
    expect(await screen.locator('h1').textContent()).toBe('Lobby screen');
    const card = screen.locator(`.flight-card[data-room-id="${room.id}"]`);
    expect(await card.getAttribute('data-state')).not.toBe('free');
    expect(await card.textContent()).toContain('Walk-in sync');
    await shot(screen, 'live-06-public-board-wide-en');

    // Live on the public board too: the meeting is cancelled in the other window.
    const list = await api<{ list: { id: number; title: string }[] }>(
      session.server.baseURL,
      'GET',
      `/meeting/reservation/list?roomId=${room.id}&from=${Date.now() - 3_600_000}&to=${Date.now() + 3_600_000}`,
      undefined,
      token,
    );
    const meeting = list.result.list.find((item) => item.title === 'Walk-in sync')!;
    const cancelled = await api(session.server.baseURL, 'POST', '/meeting/reservation/cancel', { id: meeting.id }, token);
    expect(cancelled.returncode).toBe(200);
    await expect.poll(() => card.getAttribute('data-state'), { timeout: 10_000 }).toBe('free');

    await screen.goto(`${linkUrl}&lang=zh-CN`);
    await screen.locator('.flight-card').first().waitFor();
    await expect.poll(() => screen.locator('.flight-card').first().textContent()).toMatch(/空闲|已预订|会议中|维护中/);
    await shot(screen, 'live-07-public-board-wide-zh');

    const phone = await newContext(browser, session.server.baseURL, { viewport: NARROW, locale: 'zh-CN' });
    const small = await phone.newPage();
    await small.goto(linkUrl);
    await small.locator('.flight-card').first().waitFor();
    await shot(small, 'live-08-public-board-narrow-zh');
    await phone.close();
  });

  it('stops the link once revoked', async () => {
    const revoke = board.locator('[data-testid^="live-link-revoke-"]').first();
    await revoke.click();
    // Pressed once the question has settled: a press during its opening motion can miss (seen once in CI).
    await clickSettled(board.locator('.ant-popconfirm .ant-btn-primary'));
    await board.locator('.ant-tag', { hasText: 'Revoked' }).waitFor();
    const screen = lobby.pages()[0]!;
    await screen.goto(`${linkUrl}&lang=en-US`);
    await screen.getByText('This board link does not exist or has been revoked.').waitFor();
    await screen.goto(`${linkUrl}&lang=zh-CN`);
    await screen.getByText('该看板链接不存在或已被撤销。').waitFor();
    await shot(screen, 'live-09-public-board-revoked-wide-zh');
  });

  it('shows the board in Chinese on a phone', async () => {
    const phone = await newContext(browser, session.server.baseURL, { viewport: NARROW, locale: 'zh-CN' });
    const page = await phone.newPage();
    await page.goto('/login');
    await signIn(page, 'admin', PASSWORD);
    await waitForLanding(page);
    await openInConsole(page, '/roomBoard');
    await page.getByTestId('page-room-board').waitFor();
    // A phone starts with the thumbnails.
    await page.locator('.live-card').first().waitFor();
    expect(await page.getByTestId('live-summary').textContent()).toContain('空闲');
    await shot(page, 'live-10-board-thumbnails-narrow-zh');
    await page.getByTestId('live-mode').getByText('列表').click();
    await page.locator('tr[data-room-id]').first().waitFor();
    await shot(page, 'live-11-board-list-narrow-zh');
    // The same browser made wide (a full load of the console is a journey's dearest step).
    await page.setViewportSize(WIDE);
    await page.locator('tr[data-room-id]').first().waitFor();
    await shot(page, 'live-12-board-list-wide-zh');
    await phone.close();
  });
});
