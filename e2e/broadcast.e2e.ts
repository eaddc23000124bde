import { copyFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, NARROW, newContext, openFromMenu, screenshot, WIDE } from './support/browser.js';
import { openAdminSession, type AdminSession } from './support/admin-session.js';
import { api } from './support/server.js';

const PASSWORD = 'Broadcast-notices-2026';
const LANDSCAPE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const MINUTE = 60_000;
const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
const SHOTS = '/tmp/shots-broadcast/';

async function shot(page: Page, name: string) {
  await screenshot(page, name);
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(`${artifacts}${name}.png`, `${SHOTS}${name}.png`);
}

/** A 480x300 PNG in two colours, to upload as the company's own image. */
function bannerPng(): Buffer {
  const [width, height] = [480, 300];
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = y * (width * 3 + 1) + 1 + x * 3;
      const isBand = y > height * 0.55 && y < height * 0.75;
      raw[at] = isBand ? 250 : 20 + Math.round((x / width) * 60);
      raw[at + 1] = isBand ? 200 : 90 + Math.round((y / height) * 80);
      raw[at + 2] = isBand ? 60 : 160;
    }
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

// An administrator publishes a notice on /broadcast for a new room's door display; the display,
// open at /pad, shows it over its screen without a reload and drops it when the notice is ended.
// In Chinese the administrator uploads the company's own image, publishes again to the room's
// location, and deletes the notice; the display follows each time.
describe('broadcast notices on door displays', () => {
  let session: AdminSession;
  let page: Page;
  let padContext: BrowserContext;
  let pad: Page;
  let token = '';
  let deviceLabel = '';
  let deviceId = 0;
  let roomId = 0;

  beforeAll(async () => {
    session = await openAdminSession(PASSWORD);
    ({ page } = session);
    const base = session.server.baseURL;
    token = (await api<{ token: string }>(base, 'POST', '/login', { userName: 'admin', password: PASSWORD })).result.token;
    const rooms = await api<{ id: number }[]>(base, 'GET', '/deviceActivation/rooms', undefined, token);
    const someRoom = await api<{ floorId: number }>(base, 'GET', `/location/findRoomById?id=${rooms.result[0]!.id}`, undefined, token);
    const added = await api<{ id: number }>(
      base,
      'POST',
      '/location/addMeetingRoom',
      { floorId: someRoom.result.floorId, name: 'Lantern', capacity: 8, signInEnabled: true, signInBeforeMinutes: 10, signInAfterMinutes: 15 },
      token,
    );
    expect(added.returncode, added.message).toBe(200);
    roomId = added.result.id;
    const issued = await api<{ list: { activationCode: string }[] }>(base, 'POST', '/deviceActivation/addDeviceActivationCode', { roomId: added.result.id, name: 'Lantern door' }, token);
    expect(issued.returncode, issued.message).toBe(200);
    padContext = await newContext(session.browser, base, { viewport: LANDSCAPE });
    pad = await padContext.newPage();
    await pad.goto('/pad');
    await pad.getByLabel('Activation code').fill(issued.result.list[0]!.activationCode);
    await pad.getByRole('button', { name: 'Activate' }).click();
    await pad.getByRole('heading', { name: 'Lantern' }).waitFor();
    const targets = await api<{ devices: { id: number; name: string; path: string }[] }>(base, 'GET', '/broadcast/targets', undefined, token);
    const device = targets.result.devices.find((candidate) => candidate.name === 'Lantern door')!;
    deviceLabel = `${device.name} · ${device.path}`;
    deviceId = device.id;
  });
  afterAll(async () => {
    await padContext?.close();
    await session?.close();
  });

  const row = (title: string) => page.locator('[data-testid^="broadcast-row-"]', { hasText: title });

  it('publishes a notice to the display from the console; the display shows it at once', async () => {
    await openFromMenu(page, 'broadcast');
    await page.getByTestId('page-broadcast').waitFor();
    await page.getByTestId('broadcast-create').click();
    await page.getByTestId('broadcast-title').fill('Fire drill at 3 pm');
    await page.getByTestId('broadcast-image-default:safety').click();
    await page.getByTestId('broadcast-devices').click();
    await page.keyboard.type('Lantern');
    const option = page.locator('.ant-select-item-option', { hasText: deviceLabel }).filter({ visible: true }).first();
    await option.waitFor();
    await option.dispatchEvent('click');
    await page.keyboard.press('Escape');
    await shot(page, 'broadcast-01-create-wide-en');
    await page.getByTestId('broadcast-save').click();
    await row('Fire drill at 3 pm').waitFor();
    await expect.poll(async () => row('Fire drill at 3 pm').textContent()).toContain('Ongoing');
    await shot(page, 'broadcast-02-list-wide-en');
    // The display's stream carries it: no reload, well within the minute of the fallback read.
    await pad.getByTestId('pad-broadcast').getByText('Fire drill at 3 pm').waitFor({ timeout: 8_000 });
    // It shares the screen: the room's state and its button stay in sight.
    await pad.getByText('Free', { exact: true }).waitFor();
    expect(await pad.getByRole('button', { name: 'Book now' }).isVisible()).toBe(true);
    await pad.waitForTimeout(500);
    await shot(pad, 'broadcast-03-pad-notice-landscape-en');
  });

  it('ends the notice now; the display goes back to the room', async () => {
    await row('Fire drill at 3 pm').locator('[data-testid^="broadcast-end-"]').click();
    await page.getByTestId('broadcast-end-confirm').click();
    await expect.poll(async () => row('Fire drill at 3 pm').textContent()).toContain('Ended');
    await expect.poll(() => pad.getByTestId('pad-broadcast').count(), { timeout: 8_000 }).toBe(0);
    await pad.getByText('Free', { exact: true }).waitFor();
  });

  it('in Chinese: uploads an image, publishes to the room by its location, deletes the notice', async () => {
    await chooseLanguage(page, 'zh-CN');
    await expect.poll(async () => row('Fire drill at 3 pm').textContent()).toContain('已结束');
    await page.getByTestId('broadcast-create').click();
    await page.getByTestId('broadcast-title').fill('欢迎参观：今天下午开放日');
    await page.locator('[data-testid="broadcast-image-picker"] input[type=file]').setInputFiles({ name: 'open-day.png', mimeType: 'image/png', buffer: bannerPng() });
    await page.locator('[data-testid^="broadcast-image-custom:"]').first().waitFor();
    await expect.poll(() => page.locator('[data-testid^="broadcast-image-custom:"][aria-checked="true"]').count()).toBe(1);
    // The room itself as the location: its display is reached through it.
    await page.getByTestId('broadcast-locations').click();
    await page.keyboard.type('Lantern');
    const node = page.locator('.ant-select-tree-node-content-wrapper', { hasText: 'Lantern' }).filter({ visible: true }).first();
    await node.waitFor();
    await node.click();
    await page.keyboard.press('Escape');
    await shot(page, 'broadcast-04-create-wide-zh');
    await page.getByTestId('broadcast-save').click();
    await row('欢迎参观').waitFor();
    await expect.poll(async () => row('欢迎参观').textContent()).toContain('进行中');
    await pad.getByRole('button', { name: 'Switch language' }).click();
    await pad.getByTestId('pad-broadcast').getByText('欢迎参观：今天下午开放日').waitFor({ timeout: 8_000 });
    await expect.poll(() => pad.locator('.pad-broadcast-image').count()).toBe(1);
    await pad.getByText('空闲', { exact: true }).waitFor();
    await pad.waitForTimeout(500);
    await shot(pad, 'broadcast-05-pad-notice-landscape-zh');
    await shot(page, 'broadcast-06-list-wide-zh');
    await row('欢迎参观').locator('[data-testid^="broadcast-delete-"]').click();
    await page.getByTestId('broadcast-delete-confirm').click();
    await expect.poll(() => row('欢迎参观').count()).toBe(0);
    await expect.poll(() => pad.getByTestId('pad-broadcast').count(), { timeout: 8_000 }).toBe(0);
    await pad.getByText('空闲', { exact: true }).waitFor();
  });

  it('reads well on a phone', async () => {
    await page.setViewportSize(NARROW);
    await page.getByTestId('broadcast-table').waitFor();
    await shot(page, 'broadcast-07-list-narrow-zh');
    await page.getByTestId('broadcast-create').click();
    await page.getByTestId('broadcast-drawer').waitFor();
    await page.waitForTimeout(400);
    await shot(page, 'broadcast-08-create-narrow-zh');
    await page.keyboard.press('Escape');
    await page.setViewportSize(WIDE);
    await chooseLanguage(page, 'en-US');
  });

  it('leaves the room usable while a notice runs: a check-in due under it is shown and works, on a tablet, a phone and a wide screen, in both languages', async () => {
    const base = session.server.baseURL;
    // A meeting about to start in the room: its check-in window is open.
    const start = Math.ceil((Date.now() + 5 * MINUTE) / MINUTE) * MINUTE;
    const kickoff = await api<{ id: number }>(base, 'POST', '/meeting/reservation', { roomId, title: 'Quarterly kickoff', startAt: start, endAt: start + 30 * MINUTE }, token);
    expect(kickoff.returncode, kickoff.message).toBe(200);
    const notice = await api<{ id: number }>(
      base,
      'POST',
      '/broadcast/create',
      { title: 'Fire drill at 3 pm: leave by the east stairs, not the lifts', image: 'default:safety', deviceIds: [deviceId], startAt: Date.now() - MINUTE, endAt: Date.now() + 30 * MINUTE },
      token,
    );
    expect(notice.returncode, notice.message).toBe(200);
    const banner = pad.getByTestId('pad-broadcast');
    // The display still speaks Chinese from the step before.
    await pad.getByRole('button', { name: '切换语言' }).click();
    /** The button is in sight and nothing lies over its middle: a tap reaches it. */
    const reachable = (name: RegExp) =>
      pad.getByRole('button', { name }).evaluate((button) => {
        button.scrollIntoView({ block: 'nearest' });
        const box = button.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return box.width > 0 && box.bottom <= window.innerHeight && (top === button || button.contains(top));
      });
    for (const [lang, checkIn, free] of [
      ['en', /^Check in/, 'Free'],
      ['zh', /^签到/, '空闲'],
    ] as const) {
      if (lang === 'zh') await pad.getByRole('button', { name: 'Switch language' }).click();
      await banner.waitFor({ timeout: 8_000 });
      for (const [size, viewport] of [
        ['tablet', LANDSCAPE],
        ['phone', PHONE],
        ['wide', WIDE],
      ] as const) {
        await pad.setViewportSize(viewport);
        await pad.getByRole('button', { name: checkIn }).waitFor({ timeout: 8_000 });
        await pad.getByText(free, { exact: true }).waitFor();
        expect(await banner.textContent()).toContain('Fire drill at 3 pm');
        expect(await reachable(checkIn), `${lang} ${size}`).toBe(true);
        await pad.waitForTimeout(300);
        await shot(pad, `broadcast-09-notice-with-check-in-${size}-${lang}`);
        await pad.evaluate(() => window.scrollTo(0, 0));
      }
    }
    // The button works under the notice.
    await pad.getByRole('button', { name: /^签到/ }).click();
    await pad.getByText('签到成功').waitFor();
    const checked = await api<{ checkInChannel: string | null }>(base, 'GET', `/meeting/reservation?id=${kickoff.result.id}`, undefined, token);
    expect(checked.result.checkInChannel).toBe('display');
    expect(await banner.isVisible()).toBe(true);
    await api(base, 'POST', '/broadcast/end', { id: notice.result.id }, token);
    await expect.poll(() => banner.count(), { timeout: 8_000 }).toBe(0);
    await pad.getByRole('button', { name: '切换语言' }).click();
    await pad.setViewportSize(LANDSCAPE);
  });
});
