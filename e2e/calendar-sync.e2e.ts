import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGoogleCalendarFake, type GoogleCalendarFake } from '../apps/server/src/test/google-calendar-fake.js';
import { startRadicale, type TestRadicale } from '../apps/server/src/test/radicale.js';
import { chooseLanguage, clickSettled, NARROW, openFromMenu, screenshot, WIDE } from './support/browser.js';
import { openAdminSession, type AdminSession } from './support/admin-session.js';
import { api } from './support/server.js';

const PASSWORD = 'Calendar-pages-2026';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const HARBOUR_CALENDAR = 'harbour@group.calendar.google.com';

const utc = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** An event as an outside calendar program writes it. */
function outsideEvent(uid: string, title: string, start: number, end: number, organiser: string) {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Outside//Calendar//EN', 'BEGIN:VEVENT', `UID:${uid}`, `DTSTAMP:${utc(start - HOUR)}`, `DTSTART:${utc(start)}`, `DTEND:${utc(end)}`, `SUMMARY:${title}`, `ORGANIZER:mailto:${organiser}`, 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n');
}

/** 10:00 UTC (10:00 in London in winter) on the first working day at least two days ahead. */
function workingMorning(): number {
  const day = new Date();
  day.setUTCHours(10, 0, 0, 0);
  day.setUTCDate(day.getUTCDate() + 2);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.getTime();
}

// Calendar accounts (issue 24, decision 0023): the administrator connects a CalDAV account on Debian's Radicale at
// /account (a wrong password is refused in the dialog), links a room to one of its calendars; a meeting booked in
// Atrium appears in the calendar and an event written there becomes a booking; an outside event that clashes is
// declined (removed, listed with its reason); the account's password changed at the service shows the room failing
// with the catalogue's message while a booking waits to be written; the write given up after its retries is listed
// with a Retry, which writes it once the new password is given; in Chinese on a phone too. Then a Google account is
// connected against the Google fake, authorised at its consent page, and a room kept in step both ways.
describe('calendar accounts with a CalDAV server', () => {
  let session: AdminSession;
  let page: Page;
  let radicale: TestRadicale;
  let google: GoogleCalendarFake;
  let calendarUrl = '';
  let token = '';
  let roomId = 0;
  let harbourId = 0;
  const morning = workingMorning();

  /**
   * Books the room through the booking form, as a person does: /reserve's rooms timeline on the morning's day,
   * the room found by name, its 10:00 half hour clicked (an hour from there), a title, saved. Answers the meeting's id.
   */
  const bookInForm = async (title: string) => {
    await openFromMenu(page, 'reserve');
    await page.getByTestId('reserve-view-timeline').click();
    const days = Math.round((morning - Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate(), 10)) / DAY);
    for (let day = 0; day < days; day++) await page.getByTestId('reserve-day-next').click();
    await page.getByTestId('reserve-room-search').locator('input').fill('Lighthouse');
    const lane = page.getByTestId(`reserve-lane-${roomId}`);
    await lane.waitFor();
    // Half hours from midnight in the viewer's zone (the journeys' browser runs on UTC): 20 is 10:00.
    await page.getByTestId(`reserve-cell-${roomId}-20`).click();
    await page.getByTestId('reserve-title').fill(title);
    await screenshot(page, 'calendar-03a-booking-form-wide-en');
    await page.getByTestId('reserve-save').click();
    await page.getByTestId('reserve-title').waitFor({ state: 'detached' });
    await lane.locator('.reserve-grid-block', { hasText: title }).waitFor();
    const answer = await api<{ list: { id: number; title: string; startAt: number }[] }>(session.server.baseURL, 'GET', `/meeting/reservation/list?roomId=${roomId}&from=${morning - 2 * HOUR}&to=${morning + 12 * HOUR}`, undefined, token);
    const meeting = answer.result.list.find((item) => item.title === title);
    expect(meeting?.startAt).toBe(morning);
    return meeting!.id;
  };
  const book = async (title: string, start: number, end: number, room = roomId) => {
    const booked = await api<{ id: number }>(session.server.baseURL, 'POST', '/meeting/reservation', { roomId: room, title, startAt: start, endAt: end }, token);
    expect(booked.returncode, booked.message).toBe(200);
    return booked.result.id;
  };
  /** The objects of the calendar, as a calendar program lists them. */
  const outsideObjects = async () =>
    ((await (await radicale.request('PROPFIND', calendarUrl, undefined, { depth: '1' })).text()).match(/[^/<>]+\.ics/g) ?? []).map((name) => decodeURIComponent(name));
  const roomTitles = async (room = roomId) => {
    const answer = await api<{ list: { title: string }[] }>(session.server.baseURL, 'GET', `/meeting/reservation/list?roomId=${room}&from=${morning - 2 * HOUR}&to=${morning + 12 * HOUR}`, undefined, token);
    return answer.result.list.map((meeting) => meeting.title);
  };
  /**
   * Links a room to a calendar through a connection's "Link a room" dialog (`scope`: the page, or one connection's card),
   * a screenshot of the filled dialog when named.
   */
  const linkRoom = async (scope: Page | Locator, room: string, calendar: string, shot?: string) => {
    await scope.getByTestId('calendar-link-room').click();
    await page.getByTestId('calendar-link-room-select').click();
    await page.keyboard.type(room);
    // antd's options answer a click event (a pointer click can land while the list still slides in).
    await page.locator('.ant-select-item-option', { hasText: room }).filter({ visible: true }).first().dispatchEvent('click');
    // The calendars are asked of the service as the dialog opens.
    const calendars = page.getByTestId('calendar-link-calendar-select');
    await expect.poll(() => calendars.getAttribute('class')).not.toContain('ant-select-disabled');
    await calendars.click();
    await page.locator('.ant-select-item-option', { hasText: calendar }).filter({ visible: true }).first().dispatchEvent('click');
    if (shot) await screenshot(page, shot);
    await clickSettled(page.getByTestId('calendar-link-save'));
    await page.locator('.ant-modal-wrap').waitFor({ state: 'detached' });
  };
  const syncNow = async () => {
    await page.getByTestId('calendar-sync-now').click();
    await page.getByText('Synchronised').first().waitFor();
  };

  beforeAll(async () => {
    radicale = await startRadicale({ user: 'rooms', password: 'radicale-secret' });
    calendarUrl = await radicale.makeCalendar('lighthouse', 'Lighthouse room');
    google = await startGoogleCalendarFake();
    google.addCalendar(HARBOUR_CALENDAR, 'Harbour room');
    // The consent comes back to PUBLIC_URL's callback, in the browser that asked for it (its consent cookie).
    session = await openAdminSession(PASSWORD, (baseURL) => ({ PUBLIC_URL: baseURL }));
    page = session.page;
    const login = await api<{ token: string }>(session.server.baseURL, 'POST', '/login', { userName: 'admin', password: PASSWORD });
    token = login.result.token;
    const rooms = await api<{ id: number }[]>(session.server.baseURL, 'GET', '/deviceActivation/rooms', undefined, token);
    const someRoom = await api<{ floorId: number }>(session.server.baseURL, 'GET', `/location/findRoomById?id=${rooms.result[0]!.id}`, undefined, token);
    const added = await api<{ id: number }>(session.server.baseURL, 'POST', '/location/addMeetingRoom', { floorId: someRoom.result.floorId, name: 'Lighthouse', capacity: 6 }, token);
    expect(added.returncode, added.message).toBe(200);
    roomId = added.result.id;
    const harbour = await api<{ id: number }>(session.server.baseURL, 'POST', '/location/addMeetingRoom', { floorId: someRoom.result.floorId, name: 'Harbour', capacity: 8 }, token);
    expect(harbour.returncode, harbour.message).toBe(200);
    harbourId = harbour.result.id;
  });

  afterAll(async () => {
    await session?.close();
    await radicale?.stop();
    await google?.stop();
  });

  it('connects the CalDAV account, refusing a wrong password in the dialog', async () => {
    await openFromMenu(page, 'account');
    await page.getByTestId('calendar-empty').waitFor();
    await page.getByTestId('calendar-connect').click();
    await page.getByTestId('calendar-form-name').fill('Rooms on Radicale');
    await page.getByTestId('calendar-form-server').fill(radicale.url);
    await page.getByTestId('calendar-form-account').fill('rooms');
    await page.getByTestId('calendar-form-credential').fill('not-the-password');
    await clickSettled(page.getByTestId('calendar-connect-save'));
    await expect.poll(() => page.getByTestId('calendar-form-problem').textContent()).toBe('Token invalid');
    await screenshot(page, 'calendar-01-connect-refused-wide-en');
    await page.getByTestId('calendar-form-credential').fill('radicale-secret');
    await page.getByTestId('calendar-connect-save').click();
    await page.locator('[data-testid^="calendar-connection-"]').waitFor();
    await page.locator('.ant-modal-wrap').waitFor({ state: 'detached' });
  });

  it('links the room to one of the account’s calendars', async () => {
    await linkRoom(page, 'Lighthouse', 'Lighthouse room', 'calendar-02-link-room-wide-en');
    await expect.poll(() => page.getByTestId(`calendar-link-${roomId}`).textContent()).toContain('Lighthouse room');
  });

  it('writes a meeting booked in Atrium to the calendar, and books an event written there', async () => {
    const meetingId = await bookInForm('Atrium planning');
    await expect.poll(async () => (await outsideObjects()).some((name) => name.startsWith(`reservation-${meetingId}@`)), { timeout: 20_000 }).toBe(true);
    await openFromMenu(page, 'account');
    await page.getByTestId(`calendar-link-${roomId}`).waitFor();
    const written = await radicale.request('PUT', `${calendarUrl}supplier-call.ics`, outsideEvent('supplier-call', 'Supplier call', morning + 3 * HOUR, morning + 4 * HOUR, 'admin@harbourview.example'), { 'content-type': 'text/calendar' });
    expect(written.status).toBe(201);
    await syncNow();
    await expect.poll(roomTitles).toEqual(['Atrium planning', 'Supplier call']);
    await expect.poll(() => page.getByTestId(`calendar-health-${roomId}`).textContent()).toBe('In sync');
    await screenshot(page, 'calendar-03-in-sync-wide-en');
  });

  it('declines an outside event that clashes with a booking, and lists it with the reason', async () => {
    await radicale.request('PUT', `${calendarUrl}clash.ics`, outsideEvent('clash', 'Clashing call', morning + HOUR / 2, morning + (3 * HOUR) / 2, 'visitor@outside.test'), { 'content-type': 'text/calendar' });
    await syncNow();
    const declines = page.getByTestId('calendar-declines');
    await expect.poll(() => declines.textContent()).toContain('Clashing call');
    expect(await declines.textContent()).toContain('visitor@outside.test');
    expect(await roomTitles()).toEqual(['Atrium planning', 'Supplier call']);
    expect((await radicale.request('GET', `${calendarUrl}clash.ics`)).status).toBe(404);
    await declines.scrollIntoViewIfNeeded();
    await screenshot(page, 'calendar-04-declined-wide-en');
  });

  it('shows the room failing while the account’s password is wrong, gives the write up after its retries, and writes it on Retry with the new password', async () => {
    radicale.setPassword('changed-at-the-service');
    await book('Booked while broken', morning + 5 * HOUR, morning + 6 * HOUR);
    await syncNow();
    await expect.poll(() => page.getByTestId(`calendar-health-${roomId}`).textContent(), { timeout: 15_000 }).toBe('Failing');
    expect(await page.getByTestId(`calendar-health-message-${roomId}`).textContent()).toContain('Calendar resource invalid or failed to sync');
    expect(await page.getByTestId(`calendar-link-${roomId}`).textContent()).toMatch(/\d+ waiting/);
    await screenshot(page, 'calendar-05-failing-wide-en');

    // Each "Sync now" brings the waiting write's back-off forward and counts an attempt; after the last retry it is
    // given up, listed with a Retry.
    const failedAfterSync = async () => {
      const answered = page.waitForResponse((response) => response.url().includes('/api/third-party/sync'));
      await page.getByTestId('calendar-sync-now').click();
      const answer = (await (await answered).json()) as { result: { links: { roomId: number; failedPushes: unknown[] }[] } };
      return answer.result.links.find((link) => link.roomId === roomId)?.failedPushes.length ?? 0;
    };
    let givenUp = 0;
    for (let tries = 0; tries < 8 && givenUp === 0; tries++) givenUp = await failedAfterSync();
    expect(givenUp).toBe(1);
    await expect.poll(() => page.getByTestId(`calendar-failed-${roomId}`).textContent()).toBe('1 failed');
    expect(await page.getByTestId(`calendar-link-${roomId}`).textContent()).not.toMatch(/waiting/);
    await screenshot(page, 'calendar-05b-given-up-wide-en');
    await chooseLanguage(page, 'zh-CN');
    await expect.poll(() => page.getByTestId(`calendar-health-message-${roomId}`).textContent()).toContain('日历资源无效或同步失败');
    expect(await page.getByTestId(`calendar-retry-${roomId}`).textContent()).toBe('重试');
    await page.setViewportSize(NARROW);
    // On a phone the failing room says why above the links table (its sync column would be scrolled out of sight).
    const failing = page.getByTestId(`calendar-failing-${roomId}`);
    await failing.waitFor();
    expect(await failing.textContent()).toContain('Lighthouse: 日历资源无效或同步失败');
    expect(await page.getByTestId(`calendar-failing-retry-${roomId}`).textContent()).toBe('重试');
    await failing.scrollIntoViewIfNeeded();
    await screenshot(page, 'calendar-06-failing-narrow-zh');
    await page.setViewportSize(WIDE);
    await failing.waitFor({ state: 'hidden' });
    await chooseLanguage(page, 'en-US');

    await page.getByTestId('calendar-credential').click();
    await page.getByTestId('calendar-credential-value').fill('changed-at-the-service');
    await clickSettled(page.getByTestId('calendar-credential-save'));
    await page.locator('.ant-modal-wrap').waitFor({ state: 'detached' });
    // A given-up write waits for the person: a sync with the new password does not write it, Retry does.
    expect(await failedAfterSync()).toBe(1);
    await page.getByTestId(`calendar-retry-${roomId}`).click();
    await page.getByText('Synchronised').first().waitFor();
    await expect.poll(() => page.getByTestId(`calendar-health-${roomId}`).textContent(), { timeout: 15_000 }).toBe('In sync');
    await expect.poll(async () => (await outsideObjects()).filter((name) => name.startsWith('reservation-')).length, { timeout: 15_000 }).toBe(2);
    await expect.poll(() => page.getByTestId(`calendar-link-${roomId}`).textContent()).not.toMatch(/waiting|failed/);
    await screenshot(page, 'calendar-07-mended-wide-en');
  });

  it('connects a Google account, authorised at Google’s consent page, and keeps a room in step both ways', async () => {
    await page.getByTestId('calendar-connect').click();
    // The radio's test id is on antd's hidden input: the button is clicked by its label.
    await page.getByTestId('calendar-form-kind').getByText('Google Calendar').click();
    // The form says which callback address to register with Google.
    expect(await page.getByTestId('calendar-form-oauth-help').textContent()).toContain(`${session.server.baseURL}/api/third-party/oauth/callback`);
    await page.getByTestId('calendar-form-name').fill('Rooms on Google');
    await page.getByTestId('calendar-form-server').fill(google.url);
    await page.getByTestId('calendar-form-account').fill(google.clientId);
    await page.getByTestId('calendar-form-credential').fill(google.clientSecret);
    await screenshot(page, 'calendar-08-connect-google-wide-en');
    await clickSettled(page.getByTestId('calendar-connect-save'));
    await page.locator('.ant-modal-wrap').waitFor({ state: 'detached' });
    const card = page.locator('[data-testid^="calendar-connection-"]', { hasText: 'Rooms on Google' });
    await card.locator('[data-testid^="calendar-unauthorised-"]').waitFor();
    // Nothing is asked of Google before the consent.
    expect(google.requests).toEqual([]);

    // Authorise: to Google's consent page (approved at once by the fake) and back to /account.
    await card.getByTestId('calendar-authorise').click();
    await page.getByTestId('calendar-consent-success').waitFor();
    expect(new URL(page.url()).pathname).toBe('/account');
    expect(await page.getByTestId('calendar-consent-success').textContent()).toContain('The calendar account is authorised');
    await card.locator('[data-testid^="calendar-unauthorised-"]').waitFor({ state: 'detached' });
    expect(google.requests.some((request) => request.path === '/token' && request.body.includes('grant_type=authorization_code'))).toBe(true);

    await linkRoom(card, 'Harbour', 'Harbour room');
    await expect.poll(() => card.getByTestId(`calendar-link-${harbourId}`).textContent()).toContain('Harbour room');
    // Google opens push channels to https addresses only: on the journey's http address the link is polled.
    expect(google.channels()).toEqual([]);

    // A meeting booked in Atrium is written to Google.
    await book('Harbour review', morning + HOUR, morning + 2 * HOUR, harbourId);
    await expect.poll(() => google.events(HARBOUR_CALENDAR).filter((event) => event.status !== 'cancelled').map((event) => event.summary), { timeout: 20_000 }).toEqual(['Harbour review']);

    // An event made at Google becomes a booking at the next pull (Sync now here).
    google.insertOutside(HARBOUR_CALENDAR, { summary: 'Ferry schedule call', start: { dateTime: new Date(morning + 3 * HOUR).toISOString() }, end: { dateTime: new Date(morning + 4 * HOUR).toISOString() }, organizer: { email: 'admin@harbourview.example' } });
    await card.getByTestId('calendar-sync-now').click();
    await expect.poll(() => roomTitles(harbourId), { timeout: 20_000 }).toEqual(['Harbour review', 'Ferry schedule call']);
    await expect.poll(() => card.getByTestId(`calendar-health-${harbourId}`).textContent(), { timeout: 15_000 }).toBe('In sync');
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'calendar-09-google-in-sync-wide-en');
    await chooseLanguage(page, 'zh-CN');
    await expect.poll(() => card.getByTestId(`calendar-health-${harbourId}`).textContent()).toBe('同步正常');
    await page.setViewportSize(NARROW);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'calendar-10-google-narrow-zh');
    await page.setViewportSize(WIDE);
    await chooseLanguage(page, 'en-US');
  });
});
