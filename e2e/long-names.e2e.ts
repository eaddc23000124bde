import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeFirstSignIn, api, startServer, type RunningServer } from './support/server.js';
import { launchBrowser, networkQuiet, newContext, openInConsole, screenshot, signIn, waitForLanding } from './support/browser.js';

const FIRST_PASSWORD = 'Initial-pass-2026';
const PASSWORD = 'Long-names-2026';
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1440, height: 900 };

/** Words repeated up to exactly `length` characters, never ending on a space. */
const longText = (words: string, length: number) => {
  let text = '';
  while (text.length < length) text += `${words} `;
  return text.slice(0, length).replace(/\s$/, 'x');
};

// The longest names the forms allow (issue 17): 254 characters for rooms, locations, departments and
// meeting titles, 64 for a role and each part of a person's name, 100 for a notice, 50 for a door
// display; Latin with spaces (the layout that once made a table 3,559 px wide) and Chinese without.
const NAMES = {
  floor: longText('Riverside Exchange upper mezzanine floor', 254),
  room: longText('Panorama boardroom overlooking the river terrace', 254),
  department: longText('研发中心平台工程与基础设施质量保障部', 254),
  role: longText('Regional facilities coordinator', 64),
  first: longText('Maximiliana', 64),
  last: longText('Montgomery-Featherstonehaugh', 64),
  meeting: longText('Quarterly planning review with every regional office and partner', 254),
  notice: longText('Building-wide fire drill this afternoon please follow the wardens', 100),
  display: longText('Riverside boardroom door', 50),
  adminFirst: longText('Alexandrina', 64),
  adminLast: longText('Wolfeschlegelsteinhausenbergerdorff', 64),
};

/** Every list page with the records made below; `actions` when its rows carry buttons. */
const PAGES: Array<{ slug: string; path: (ids: Ids) => string; actions?: boolean; search?: [testId: string, text: string] }> = [
  { slug: 'meeting', path: () => '/meeting', actions: true, search: ['room-filter-keyword', 'Panorama'] },
  { slug: 'report', path: () => '/report' },
  { slug: 'broadcast', path: () => '/broadcast', actions: true },
  { slug: 'door-displays', path: () => '/door-displays', actions: true },
  { slug: 'blacklist', path: () => '/booker-blacklist', actions: true },
  { slug: 'approval', path: () => '/meeting-approval', actions: true },
  { slug: 'live', path: () => '/live' },
  { slug: 'room-board', path: () => '/roomBoard' },
  { slug: 'directory', path: () => '/directory', actions: true, search: ['directory-filter-keyword', 'Maximiliana'] },
  { slug: 'role', path: () => '/role' },
  { slug: 'role-members', path: (ids) => `/role-detail/${ids.role}/members`, actions: true },
  { slug: 'group', path: () => '/group' },
  { slug: 'group-detail', path: (ids) => `/group-detail/${ids.department}` },
  // Not right after the members: the walk opens each page in a tab other than the current one (openInConsole).
  { slug: 'role-permissions', path: (ids) => `/role-detail/${ids.role}/permissions` },
  { slug: 'manager', path: () => '/manager' },
  { slug: 'sso', path: () => '/sso-setting' },
  { slug: 'mail-outbox', path: () => '/mail-outbox' },
  { slug: 'operation-log', path: () => '/operation-log' },
  { slug: 'message-log', path: () => '/message-log' },
  { slug: 'reserve', path: () => '/reserve' },
  { slug: 'personal', path: () => '/personal' },
];

interface Ids {
  role: number;
  department: number;
}

/** What keeps a page usable, measured in the page: problems found, as sentences. */
function layoutProblems(names: string[]): string[] {
  const width = window.innerWidth;
  const problems: string[] = [];
  const isShown = (element: Element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
  };
  if (document.documentElement.scrollWidth > width + 1) problems.push(`the page is ${document.documentElement.scrollWidth}px wide in a ${width}px window`);
  for (const wrapper of document.querySelectorAll('.ant-table-wrapper')) {
    if (!isShown(wrapper)) continue;
    const box = wrapper.getBoundingClientRect();
    const parent = wrapper.parentElement!.getBoundingClientRect();
    if (box.right > parent.right + 1 || box.right > width + 1) problems.push(`a table is ${Math.round(box.width)}px wide in ${Math.round(parent.width)}px`);
    // No column grows with a name: when the table scrolls sideways, no column is wider than a cell's
    // content may make it, plus padding (a table that fits may spread its columns over the space).
    const table = wrapper.querySelector('.ant-table-container table');
    const container = wrapper.querySelector('.ant-table-container');
    const scrolls = table && container ? table.getBoundingClientRect().width > container.getBoundingClientRect().width + 1 : false;
    for (const header of scrolls ? wrapper.querySelectorAll('thead th') : []) {
      const columnWidth = header.getBoundingClientRect().width;
      if (columnWidth > Math.min(20 * 14, 0.7 * width) + 48) problems.push(`a column is ${Math.round(columnWidth)}px wide ("${(header.textContent ?? '').slice(0, 20)}")`);
    }
    // A row's controls (switches) are in sight too.
    for (const control of wrapper.querySelectorAll('.ant-table-tbody tr.ant-table-row .ant-switch')) {
      const at = control.getBoundingClientRect();
      if (at.right > Math.min(box.right, width) + 1) problems.push(`a row's switch is out of sight (${Math.round(at.right)} of ${Math.round(box.right)})`);
    }
    for (const cell of wrapper.querySelectorAll('.ant-table-tbody tr.ant-table-row .atrium-actions-column')) {
      const at = cell.getBoundingClientRect();
      if (at.width < 1 || at.left < box.left - 1 || at.right > Math.min(box.right, width) + 1) problems.push(`a row's actions are out of sight (${Math.round(at.left)}-${Math.round(at.right)} of ${Math.round(box.right)})`);
    }
  }
  // A name cut short says the whole of it on hover.
  for (const element of document.querySelectorAll('body *')) {
    if (element.children.length || !isShown(element)) continue;
    const text = element.textContent ?? '';
    const name = names.find((candidate) => text === candidate);
    if (!name) continue;
    const html = element as HTMLElement;
    if (html.scrollWidth > html.clientWidth + 1 && html.closest('[title]')?.getAttribute('title') !== name) problems.push(`"${name.slice(0, 24)}…" is cut without its full name on hover`);
  }
  return problems;
}

describe('long names and Chinese text on every list page', () => {
  let server: RunningServer;
  let browser: Browser;
  let ids: Ids;
  let codes: string[] = [];

  beforeAll(async () => {
    // This journey opens each of its 21 pages four times over from one address, with their data: more requests a
    // minute than the default 600 on a fast machine.
    server = await startServer({ ATRIUM_ADMIN_PASSWORD: FIRST_PASSWORD, RATE_LIMIT_PER_MINUTE: '5000' });
    await completeFirstSignIn(server.baseURL, FIRST_PASSWORD, PASSWORD);
    const base = server.baseURL;
    const token = (await api<{ token: string }>(base, 'POST', '/login', { userName: 'admin', password: PASSWORD })).result.token;
    const call = async <T>(method: string, path: string, body?: unknown) => {
      const answer = await api<T>(base, method, path, body, token);
      expect(answer.returncode, `${path}: ${answer.message}`).toBe(200);
      return answer.result;
    };
    await call('PUT', '/user/profile', { firstName: NAMES.adminFirst, lastName: NAMES.adminLast, gender: 'secret' });
    const country = await call<{ id: number }>('POST', '/location/addLocation', { level: 1, parentId: null, locationName: '中华人民共和国上海市浦东新区陆家嘴金融贸易区世纪大道' });
    const city = await call<{ id: number }>('POST', '/location/addLocation', { level: 2, parentId: country.id, locationName: 'London' });
    const building = await call<{ id: number }>('POST', '/location/addLocation', { level: 5, parentId: city.id, locationName: 'Riverside House', timeZone: 'UTC' });
    const floor = await call<{ id: number }>('POST', '/location/addLocation', { level: 6, parentId: building.id, locationName: NAMES.floor });
    const room = await call<{ id: number }>('POST', '/location/addMeetingRoom', { floorId: floor.id, name: NAMES.room, capacity: 12, needsApproval: true, hasDoorDisplay: true });
    const department = await call<{ id: number }>('POST', '/group', { name: NAMES.department });
    const role = await call<{ id: number }>('POST', '/tenant/role', { name: NAMES.role });
    const person = await call<{ id: number }>('POST', '/user', {
      userName: 'maximiliana.featherstonehaugh',
      email: 'maximiliana.montgomery-featherstonehaugh@riverside-exchange-holdings.example',
      firstName: NAMES.first,
      lastName: NAMES.last,
      departmentId: department.id,
      roleId: role.id,
    });
    await call('POST', '/user', { userName: 'li.wei', email: 'li.wei@riverside.example', firstName: '伟', lastName: '李', departmentId: department.id, roleId: role.id });
    await call('POST', '/meeting/blacklist/add', { userId: person.id, reason: longText('Repeatedly booked the boardroom and never came', 254) });
    const issued = await call<{ list: Array<{ activationCode: string }> }>('POST', '/deviceActivation/addDeviceActivationCode', { roomId: room.id, name: NAMES.display, count: 2 });
    codes = issued.list.map((code) => code.activationCode);
    // Tomorrow (or Monday) at 10:00 UTC, inside any bookable hours.
    const start = new Date();
    start.setUTCDate(start.getUTCDate() + 1);
    while ([0, 6].includes(start.getUTCDay())) start.setUTCDate(start.getUTCDate() + 1);
    start.setUTCHours(10, 0, 0, 0);
    await call('POST', '/meeting/reservation', { roomId: room.id, title: NAMES.meeting, startAt: start.getTime(), endAt: start.getTime() + 3_600_000, participants: [{ userId: person.id }] });
    const now = Date.now();
    await call('POST', '/broadcast/create', { title: NAMES.notice, image: 'default:safety', locationIds: [building.id], startAt: now + 3_600_000, endAt: now + 7_200_000, timeZone: 'UTC' });
    ids = { role: role.id, department: department.id };
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const names = Object.values(NAMES).concat([`${NAMES.first} ${NAMES.last}`, `${NAMES.adminFirst} ${NAMES.adminLast}`]);

  for (const locale of ['en-US', 'zh-CN'] as const) {
    for (const [size, viewport] of [['wide', DESK], ['phone', PHONE]] as const) {
      it(`keeps every list page usable in ${locale} at ${viewport.width}x${viewport.height}`, { timeout: 600_000 }, async () => {
        const context = await newContext(browser, server.baseURL, { viewport, locale });
        const page: Page = await context.newPage();
        await page.goto('/login');
        await signIn(page, 'admin', PASSWORD);
        await waitForLanding(page, 30_000);
        const found: string[] = [];
        // Each page opened inside the console, as its menu and links open them (loading the whole console again for
        // every page was most of this walk's time).
        for (const { slug, path, actions, search } of PAGES) {
          await openInConsole(page, path(ids)).catch((error: Error) => {
            throw new Error(`${error.message}\nserver output:\n${server.output().slice(-3000)}`);
          });
          await page.locator('[data-testid^="page-"]:visible').first().waitFor();
          // A list longer than a page shows the long name once filtered to it.
          if (search) {
            await page.getByTestId(search[0]).fill(search[1]);
            await page.waitForTimeout(800);
          }
          // Lists settle: their data has come, no spinner.
          await networkQuiet(page);
          await expect.poll(() => page.locator('.ant-spin-spinning:visible').count(), { timeout: 15_000 }).toBe(0);
          await page.waitForTimeout(300);
          // The screenshot shows a long name where there is one.
          await page.evaluate((candidates) => {
            const leaf = [...document.querySelectorAll('body *')].find((element) => !element.children.length && candidates.some((name) => element.textContent === name) && element.getBoundingClientRect().height > 0);
            leaf?.scrollIntoView({ block: 'center', inline: 'nearest' });
          }, names);
          await screenshot(page, `long-names-${slug}-${locale}-${size}`);
          const problems = await page.evaluate(layoutProblems, names);
          found.push(...problems.map((problem) => `${path(ids)}: ${problem}`));
          // A page that lists rows in a table shows their actions (a phone may list cards instead).
          if (actions && (await page.locator('.ant-table-wrapper:visible').count()) > 0) {
            const cells = await page.locator('.ant-table-tbody .atrium-actions-column:visible').count();
            if (cells === 0) found.push(`${path(ids)}: no row shows its actions column`);
          }
        }
        // The operation log says what changed in words: no keys, no JSON.
        await openInConsole(page, '/operation-log');
        await page.locator('.ant-table-row:visible').first().waitFor();
        await page.locator('.ant-table-row-expand-icon:visible').first().click();
        const detail = page.locator('[data-testid^="log-detail-"]:visible').first();
        await detail.waitFor();
        await screenshot(page, `long-names-operation-log-detail-${locale}-${size}`);
        const words = await detail.innerText();
        if (/[{}"]|\b[a-z]+[A-Z]\w*\b/.test(words)) found.push(`/operation-log: the detail shows keys or JSON: ${words.slice(0, 120)}`);
        // A capacity out of range is cleared with a message saying the range, never clamped.
        await openInConsole(page, '/meeting');
        await page.getByTestId('room-filter-keyword').fill('Panorama');
        await page.locator('[data-testid^="room-edit-"]:visible').first().click();
        const capacity = page.getByTestId('room-capacity');
        await capacity.fill('99999');
        await capacity.blur();
        await page.locator('.ant-form-item-explain-error:visible').first().waitFor();
        await screenshot(page, `long-names-room-capacity-${locale}-${size}`);
        if ((await capacity.inputValue()) !== '') found.push(`room capacity kept "${await capacity.inputValue()}"`);
        const message = (await page.locator('.ant-form-item-explain-error:visible').first().textContent()) ?? '';
        if (!message.includes('10000')) found.push(`room capacity message does not say the range: ${message}`);
        await context.close();
        expect(found).toEqual([]);
      });
    }
  }

  // The door display of the room with the longest name, with its meeting of the longest title.
  for (const [index, [locale, viewport]] of ([['en-US', { width: 1280, height: 800 }], ['zh-CN', { width: 800, height: 1280 }]] as const).entries()) {
    it(`keeps the door display usable in ${locale} at ${viewport.width}x${viewport.height}`, async () => {
      const context = await browser.newContext({ baseURL: server.baseURL, viewport, locale });
      const page = await context.newPage();
      await page.goto('/pad');
      await page.locator('input').first().fill(codes[index]!);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: NAMES.room }).waitFor();
      await page.waitForTimeout(500);
      await screenshot(page, `long-names-pad-${locale}-${viewport.width > viewport.height ? 'landscape' : 'portrait'}`);
      const problems = await page.evaluate(layoutProblems, names);
      // Every button of the display is in sight.
      const hidden = await page.evaluate(() =>
        [...document.querySelectorAll('button')]
          .filter((button) => button.getBoundingClientRect().width > 0)
          .filter((button) => {
            const box = button.getBoundingClientRect();
            return box.right > window.innerWidth + 1 || box.bottom > window.innerHeight + 1 || box.left < -1;
          })
          .map((button) => button.textContent ?? ''),
      );
      await context.close();
      expect([...problems, ...hidden.map((text) => `the button "${text}" is out of sight`)]).toEqual([]);
    });
  }
});
