import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, screenshot, WIDE } from './support/browser.js';
import { openAdminSession, type AdminSession } from './support/admin-session.js';
import { api } from './support/server.js';

const PASSWORD = 'Undo-journey-2026';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PHONE = { width: 390, height: 844 };
const TITLE = 'Undo me e2e';
const RUNNING = 'Running review e2e';

// The administrator cancels a meeting from its details and takes it back with the Undo in the success
// message, in English on a wide screen and in Chinese on a phone; ending a running meeting early,
// which has no undo, asks first.
describe('undo and confirmations', () => {
  let session: AdminSession;
  let page: Page;
  let token = '';
  let meetingId = 0;
  let roomId = 0;
  /** A room of its own, free now, for the running meeting. */
  let denId = 0;

  beforeAll(async () => {
    session = await openAdminSession(PASSWORD);
    ({ page } = session);
    const base = session.server.baseURL;
    token = (await api<{ token: string }>(base, 'POST', '/login', { userName: 'admin', password: PASSWORD })).result.token;
    const rooms = await api<{ list: Array<{ id: number; name: string }> }>(base, 'POST', '/location/findRoomList', { keyword: 'Camden', page: 1, pageSize: 15 }, token);
    roomId = rooms.result.list.find((room) => room.name === 'Camden')!.id;
    // Tomorrow 22:00-23:00 UTC, clear of the demo's meetings; a guest is invited.
    const start = Math.floor(Date.now() / DAY) * DAY + DAY + 22 * HOUR;
    const booked = await api<{ id: number }>(base, 'POST', '/meeting/reservation', { roomId, title: TITLE, startAt: start, endAt: start + HOUR, participants: [{ email: 'guest@example.org' }] }, token);
    expect(booked.returncode, booked.message).toBe(200);
    meetingId = booked.result.id;
    const camden = await api<{ floorId: number }>(base, 'GET', `/location/findRoomById?id=${roomId}`, undefined, token);
    const den = await api<{ id: number }>(base, 'POST', '/location/addMeetingRoom', { floorId: camden.result.floorId, name: 'Undo Den', capacity: 4 }, token);
    expect(den.returncode, den.message).toBe(200);
    denId = den.result.id;
  });
  afterAll(() => session?.close());

  const statusOf = async (id: number) => (await api<{ status: string }>(session.server.baseURL, 'GET', `/meeting/reservation?id=${id}`, undefined, token)).result.status;

  /** Opens the rooms timeline on the day with the one room, and the meeting's details. */
  async function openDetails(title: string, day: 'today' | 'tomorrow', room = { id: roomId, name: 'Camden' }): Promise<Locator> {
    await page.goto('/reserve');
    await page.getByTestId('page-reserve').waitFor();
    await page.getByTestId('reserve-view-timeline').click();
    if (day === 'tomorrow') await page.getByTestId('reserve-day-next').click();
    await page.getByTestId('reserve-room-search').locator('input').fill(room.name);
    const block = page.locator(`[data-testid="reserve-lane-${room.id}"] .reserve-grid-block`, { hasText: title });
    await block.click();
    const details = page.getByTestId('reserve-details');
    await details.waitFor();
    return details;
  }

  it('cancels without a question and undoes it from the success message', async () => {
    await openDetails(TITLE, 'tomorrow');
    await page.getByTestId('reserve-details-cancel').click();
    const notice = page.getByTestId('reserve-cancelled-notice');
    await notice.waitFor();
    // No confirmation came first: the undo stands in for it.
    expect(await page.locator('.ant-modal-confirm').count()).toBe(0);
    expect(await notice.textContent()).toContain('The meeting is cancelled');
    expect(await statusOf(meetingId)).toBe('cancelled');
    await screenshot(page, 'undo-01-cancelled-with-undo-wide-en');
    await notice.getByRole('button', { name: 'Undo' }).click();
    await page.getByText('The meeting is back; its attendees have been told').waitFor();
    expect(await statusOf(meetingId)).toBe('confirmed');
    await screenshot(page, 'undo-02-restored-wide-en');
    // The guest had the cancellation and then the meeting again, as an update.
    const outbox = await api<{ list: Array<{ subject: string; to: string }> }>(session.server.baseURL, 'GET', '/mail/outbox?page=1&pageSize=50&recipient=guest@example.org', undefined, token);
    const subjects = outbox.result.list.map((mail) => mail.subject);
    expect(subjects.some((subject) => subject.startsWith('Cancelled') && subject.includes(TITLE))).toBe(true);
    expect(subjects.some((subject) => subject.startsWith('Updated') && subject.includes(TITLE))).toBe(true);
  });

  it('in Chinese on a phone: cancels and undoes', async () => {
    await chooseLanguage(page, 'zh-CN');
    await page.setViewportSize(PHONE);
    await openDetails(TITLE, 'tomorrow');
    await page.getByTestId('reserve-details-cancel').click();
    const notice = page.getByTestId('reserve-cancelled-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('会议已取消');
    await screenshot(page, 'undo-03-cancelled-with-undo-phone-zh');
    await notice.getByRole('button', { name: '撤销' }).click();
    await page.getByText('会议已恢复，已通知参会人').waitFor();
    expect(await statusOf(meetingId)).toBe('confirmed');
    await page.setViewportSize(WIDE);
    await chooseLanguage(page, 'en-US');
  });

  it('ends a running meeting early only after a confirmation that says it cannot be undone', async () => {
    const now = Date.now();
    const running = await api<{ id: number }>(session.server.baseURL, 'POST', '/meeting/reservation', { roomId: denId, title: RUNNING, startAt: now - 60_000, endAt: now + HOUR }, token);
    expect(running.returncode, running.message).toBe(200);
    await openDetails(RUNNING, 'today', { id: denId, name: 'Undo Den' });
    await page.getByTestId('reserve-details-end').click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('This cannot be undone.');
    await page.waitForTimeout(500);
    await screenshot(page, 'undo-04-end-confirm-wide-en');
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await statusOf(running.result.id)).toBe('confirmed');
    await page.getByTestId('reserve-details-end').click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'End now' }).click();
    await page.getByText('The meeting has ended; the room is free').waitFor();
    const ended = await api<{ endedEarlyAt: number | null }>(session.server.baseURL, 'GET', `/meeting/reservation?id=${running.result.id}`, undefined, token);
    expect(ended.result.endedEarlyAt).not.toBeNull();
  });
});
