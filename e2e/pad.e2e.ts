import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, newContext, screenshot } from './support/browser.js';
import { openAdminSession, type AdminSession } from './support/admin-session.js';
import { api } from './support/server.js';

const PASSWORD = 'Door-pad-2026';
const MINUTE = 60_000;
/** A door tablet on its side, a phone-sized display, and a wide screen. */
const LANDSCAPE = { width: 1280, height: 800 };
const PORTRAIT = { width: 390, height: 844 };
const WIDE = { width: 1440, height: 900 };

// A tablet at the door of a new room: activated with a code the admin issued, it shows the room,
// books it on the spot, ends that booking, checks the next meeting in, and, once the server's clock
// has passed a meeting's check-in window, shows it released while the host's mail sits in the outbox.
describe('door display page (/pad)', () => {
  let session: AdminSession;
  let context: BrowserContext;
  let page: Page;
  let token = '';
  let roomId = 0;
  let code = '';
  const offsetFile = join(mkdtempSync(join(tmpdir(), 'atrium-pad-')), 'offset');
  /** Moves the server's clock ahead of real time. */
  const setOffset = (ms: number) => writeFileSync(offsetFile, String(Math.round(ms)));

  beforeAll(async () => {
    setOffset(0);
    session = await openAdminSession(PASSWORD, { ATRIUM_CLOCK_OFFSET_FILE: offsetFile, SCHEDULER_TICK_SECONDS: '1' });
    const login = await api<{ token: string }>(session.server.baseURL, 'POST', '/login', { userName: 'admin', password: PASSWORD });
    token = login.result.token;
    const rooms = await api<{ id: number }[]>(session.server.baseURL, 'GET', '/deviceActivation/rooms', undefined, token);
    const someRoom = await api<{ floorId: number }>(session.server.baseURL, 'GET', `/location/findRoomById?id=${rooms.result[0]!.id}`, undefined, token);
    const added = await api<{ id: number }>(
      session.server.baseURL,
      'POST',
      '/location/addMeetingRoom',
      { floorId: someRoom.result.floorId, name: 'Lighthouse', capacity: 6, signInEnabled: true, signInBeforeMinutes: 10, signInAfterMinutes: 15 },
      token,
    );
    expect(added.returncode, added.message).toBe(200);
    roomId = added.result.id;
    const issued = await api<{ list: { activationCode: string }[] }>(session.server.baseURL, 'POST', '/deviceActivation/addDeviceActivationCode', { roomId }, token);
    code = issued.result.list[0]!.activationCode;
    context = await newContext(session.browser, session.server.baseURL, { viewport: LANDSCAPE });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await session?.close();
  });

  const book = (title: string, startAt: number, endAt: number) =>
    api<{ id: number }>(session.server.baseURL, 'POST', '/meeting/reservation', { roomId, title, startAt, endAt }, token);

  it('says a wrong code as an error, in both languages, then activates with the 5-digit code and shows the room free', async () => {
    await page.goto('/pad');
    await page.getByLabel('Activation code').fill('00000');
    await page.getByRole('button', { name: 'Activate' }).click();
    const wrong = page.getByRole('alert');
    await wrong.waitFor();
    // An error looks like one: a red box with a warning mark, the field marked invalid.
    expect(await wrong.getAttribute('class')).toContain('device-message-error');
    expect(await wrong.evaluate((element) => getComputedStyle(element).borderTopColor)).toBe('rgb(239, 68, 68)');
    expect(await page.getByLabel('Activation code').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'pad-01-activation-landscape-en');
    await page.getByRole('button', { name: 'Switch language' }).click();
    await page.setViewportSize(PORTRAIT);
    await page.getByLabel('激活码').fill('11111');
    await page.getByRole('button', { name: '激活' }).click();
    await expect.poll(() => wrong.textContent()).toMatch(/激活码/);
    await screenshot(page, 'pad-01b-activation-error-phone-zh');
    await page.getByRole('button', { name: '切换语言' }).click();
    await page.setViewportSize(LANDSCAPE);
    await page.getByLabel('Activation code').fill(code);
    await page.getByRole('button', { name: 'Activate' }).click();
    await page.getByRole('heading', { name: 'Lighthouse' }).waitFor();
    await page.getByText('Free', { exact: true }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('atrium.pad.deviceToken'))).toBeTruthy();
    await screenshot(page, 'pad-02-free-landscape-en');
  });

  it('shows the room with a booking screen in the console once its display is activated and online', async () => {
    const console = session.page;
    await console.goto('/meeting');
    await console.getByTestId('room-filter-keyword').fill('Lighthouse');
    const tag = console.getByTestId(`room-screen-${roomId}`);
    await expect.poll(() => tag.textContent(), { timeout: 8_000 }).toBe('Has a booking screen');
    await screenshot(console, 'pad-02b-room-list-booking-screen-wide-en');
    // The room drawer says it too, as a fact rather than a switch; in Chinese on a phone as well.
    await console.getByTestId(`room-edit-${roomId}`).click();
    const drawer = console.getByTestId('room-drawer');
    await expect.poll(() => drawer.getByTestId('room-door-display-status').textContent()).toBe('Has a booking screen');
    expect(await drawer.getByTestId('room-hasDoorDisplay').count()).toBe(0);
    await drawer.getByTestId('room-door-display-status').scrollIntoViewIfNeeded();
    await console.waitForTimeout(400);
    await screenshot(console, 'pad-02c-room-drawer-booking-screen-wide-en');
    await console.keyboard.press('Escape');
    await chooseLanguage(console, 'zh-CN');
    await console.setViewportSize(PORTRAIT);
    await console.getByTestId(`room-edit-${roomId}`).click();
    await expect.poll(() => console.getByTestId('room-door-display-status').textContent()).toBe('配有门口屏');
    await console.getByTestId('room-door-display-status').scrollIntoViewIfNeeded();
    await console.waitForTimeout(400);
    await screenshot(console, 'pad-02d-room-drawer-booking-screen-phone-zh');
    await console.keyboard.press('Escape');
    await console.setViewportSize(WIDE);
    await chooseLanguage(console, 'en-US');
  });

  it('books the room now, shows it busy, and ends it early', async () => {
    await page.getByRole('button', { name: 'Book now' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '15 minutes' }).click();
    await page.getByText('In use', { exact: true }).waitFor();
    await page.getByText('Booked at the door').first().waitFor();
    await screenshot(page, 'pad-03-busy-landscape-en');
    // Ending at the door cannot be undone: it is confirmed first, and "Keep it" keeps it.
    await page.getByRole('button', { name: 'End meeting' }).click();
    const confirm = page.getByRole('dialog', { name: 'End this meeting now?' });
    await confirm.waitFor();
    await screenshot(page, 'pad-03c-end-confirm-landscape-en');
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('In use', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'End meeting' }).click();
    await page.getByRole('dialog', { name: 'End this meeting now?' }).getByRole('button', { name: 'End meeting' }).click();
    await page.getByText('Free', { exact: true }).waitFor();
    const list = await api<{ list: { channel: string; endedEarlyAt: number | null }[] }>(
      session.server.baseURL,
      'GET',
      `/meeting/reservation/list?roomId=${roomId}&from=${Date.now() - 60 * MINUTE}&to=${Date.now() + 60 * MINUTE}`,
      undefined,
      token,
    );
    expect(list.result.list.every((meeting) => meeting.channel !== 'display' || meeting.endedEarlyAt !== null)).toBe(true);
  });

  it('shows a meeting booked and cancelled elsewhere at once, without a reload (the display\'s event stream)', async () => {
    const start = Math.ceil((Date.now() + 180 * MINUTE) / (5 * MINUTE)) * 5 * MINUTE;
    const live = await book('Live from the console', start, start + 30 * MINUTE);
    expect(live.returncode, live.message).toBe(200);
    // The fallback poll is a minute: seeing it within a few seconds means the stream carried it.
    await page.getByText('Live from the console').waitFor({ timeout: 8_000 });
    await screenshot(page, 'pad-03b-live-booking-landscape-en');
    const cancelled = await api(session.server.baseURL, 'POST', '/meeting/reservation/cancel', { id: live.result.id }, token);
    expect(cancelled.returncode, cancelled.message).toBe(200);
    await expect.poll(() => page.getByText('Live from the console').count(), { timeout: 8_000 }).toBe(0);
  });

  it('checks the next meeting in at the door, in Chinese and in portrait', async () => {
    const start = Math.ceil((Date.now() + 40 * MINUTE) / (5 * MINUTE)) * 5 * MINUTE;
    const review = await book('Pad review', start, start + 30 * MINUTE);
    expect(review.returncode, review.message).toBe(200);
    const ghost = await book('Ghost meeting', start + 60 * MINUTE, start + 90 * MINUTE);
    expect(ghost.returncode, ghost.message).toBe(200);
    // Five minutes before the review: its check-in window is open.
    setOffset(start - 5 * MINUTE - Date.now());
    await page.waitForTimeout(400);
    await page.reload();
    await page.getByRole('button', { name: /Check in/ }).waitFor();
    await screenshot(page, 'pad-04-check-in-due-landscape-en');
    await page.getByRole('button', { name: 'Switch language' }).click();
    await page.getByText('空闲', { exact: true }).waitFor();
    await page.setViewportSize(PORTRAIT);
    await screenshot(page, 'pad-05-check-in-due-portrait-zh');
    // The scheduler has told the host (the console's bell) that the check-in is due.
    await expect
      .poll(
        async () =>
          (await api<{ list: { event: string; params: { title: string | null } }[] }>(session.server.baseURL, 'GET', '/notification/list?page=1&pageSize=50', undefined, token)).result.list.some(
            (item) => item.event === 'checkInDue' && item.params.title === 'Pad review',
          ),
        { timeout: 15_000 },
      )
      .toBe(true);
    await page.getByRole('button', { name: /签到/ }).click();
    await page.getByText('签到成功').waitFor();
    await expect.poll(() => page.getByRole('button', { name: /签到/ }).count()).toBe(0);
    await screenshot(page, 'pad-06-checked-in-portrait-zh');
    const checked = await api<{ checkInChannel: string | null }>(session.server.baseURL, 'GET', `/meeting/reservation?id=${review.result.id}`, undefined, token);
    expect(checked.result.checkInChannel).toBe('display');
    // The host's "check in within …" notice in the console is marked done now that the meeting is checked in.
    const console = session.page;
    await console.goto('/reserve');
    await console.getByTestId('header-notifications').click();
    const notice = console.getByTestId('notification-item').filter({ hasText: 'Check in to “Pad review”' });
    await notice.first().waitFor({ timeout: 10_000 });
    await expect.poll(() => notice.first().locator('[data-testid^="notification-action-"]').textContent(), { timeout: 10_000 }).toBe('Done');
    await screenshot(console, 'pad-06b-bell-check-in-done-wide-en');
    await console.keyboard.press('Escape');
    await page.getByRole('button', { name: '切换语言' }).click();
    await page.setViewportSize(WIDE);
    await page.getByText('Ghost meeting').waitFor();
    await screenshot(page, 'pad-06c-wide-en');
    await page.setViewportSize(LANDSCAPE);
  });

  it('shows a no-show released once its window closed, and the host has the mail', async () => {
    const list = await api<{ list: { id: number; title: string; startAt: number }[] }>(
      session.server.baseURL,
      'GET',
      `/meeting/reservation/list?roomId=${roomId}&from=${Date.now()}&to=${Date.now() + 4 * 60 * MINUTE}`,
      undefined,
      token,
    );
    const ghost = list.result.list.find((meeting) => meeting.title === 'Ghost meeting')!;
    // The server's clock jumps past the ghost meeting's check-in window (start + 15 minutes).
    setOffset(ghost.startAt + 16 * MINUTE - Date.now());
    await expect
      .poll(async () => (await api<{ status: string }>(session.server.baseURL, 'GET', `/meeting/reservation?id=${ghost.id}`, undefined, token)).result.status, { timeout: 15_000 })
      .toBe('released');
    await page.reload();
    await page.getByRole('heading', { name: 'Lighthouse' }).waitFor();
    expect(await page.getByText('Ghost meeting').count()).toBe(0);
    await screenshot(page, 'pad-07-released-landscape-en');
    const outbox = await api<{ list: { subject: string }[] }>(session.server.baseURL, 'GET', '/mail/outbox?page=1&pageSize=15&recipient=admin@', undefined, token);
    expect(outbox.result.list.filter((mail) => mail.subject.includes('no check-in') && mail.subject.includes('Ghost meeting'))).toHaveLength(1);
    setOffset(0);
  });

  it("checks a colleague in through the room's QR code page (/check-in) in the console", async () => {
    const qr = await fetch(`${session.server.baseURL}/api/meeting/room/qr?roomId=${roomId}`, { headers: { token } });
    expect([qr.status, qr.headers.get('content-type')]).toEqual([200, 'image/png']);
    // The previous step set the server's clock back to real time; the server reads its offset file every 200 ms.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const start = Math.ceil((Date.now() + 3 * MINUTE) / MINUTE) * MINUTE;
    const standUp = await book('QR stand-up', start, start + 15 * MINUTE);
    expect(standUp.returncode, standUp.message).toBe(200);
    const console = session.page;
    await console.goto(`/check-in?room=${roomId}`);
    await console.getByText('You are checked in').waitFor();
    await console.getByText(/QR stand-up/).waitFor();
    await screenshot(console, 'pad-08-qr-check-in-wide-en');
    const checked = await api<{ checkInChannel: string | null }>(session.server.baseURL, 'GET', `/meeting/reservation?id=${standUp.result.id}`, undefined, token);
    expect(checked.result.checkInChannel).toBe('qr');
    await console.reload();
    await console.getByText('Could not check you in').waitFor();
  });
});
