import type { Reservation } from '@atrium/contract';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n';
import { renderWithProviders, stubApi } from '../../../test/render';
import { MyCalendar, type CalendarScale } from './my-calendar';

const HOUR = 3_600_000;

function meeting(startAt: number): Reservation {
  return {
    id: 1, roomId: 7, roomName: 'Kew', timeZone: 'UTC', title: 'Design review', hostUserId: 2, hostName: 'Ada', startAt, endAt: startAt + HOUR,
    status: 'confirmed', privacy: 'public', channel: 'console', remarks: null, participants: [], visible: true, canEdit: true, createdAt: 0, updatedAt: 0, seriesId: null,
    occurrenceDate: null, isException: false, noticeMinutes: null, reminderMinutes: null, checkedInAt: null, checkInChannel: null, checkIn: null, bookedByName: null, endedEarlyAt: null, bookedEndAt: null,
    noShowAt: null, approvalDeadlineAt: null, decidedAt: null, decidedByName: null, decisionReason: null,
  };
}

function calendar(scale: CalendarScale, anchor: string, onNew = vi.fn()) {
  renderWithProviders(
    <MyCalendar scale={scale} anchor={dayjs(anchor)} phone={false} onScale={() => undefined} onAnchor={() => undefined} onOpen={() => undefined} onNew={onNew} />,
  );
  return onNew;
}

beforeEach(() => {
  // Only Date is fake: "today" is Tuesday 1 December 2026; timers stay real for the queries.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 11, 1, 9, 0) });
});
afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await act(() => i18n.changeLanguage('en-US'));
});

describe('my calendar: titles', () => {
  it.each([
    ['month', '2026-12-15', 'December 2026', '2026年12月'],
    ['week', '2026-12-02', 'Nov 29 – Dec 5, 2026', '2026年11月29日–12月5日'],
    ['day', '2026-12-01', 'Tuesday, December 1, 2026', '2026年12月1日星期二'],
  ] as const)('names the %s as each language writes it', async (scale, anchor, english, chinese) => {
    stubApi({ 'GET /meeting/reservation/mine': { result: { list: [] } } });
    calendar(scale, anchor);
    expect(screen.getByTestId('reserve-period-title')).toHaveTextContent(english);
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(screen.getByTestId('reserve-period-title')).toHaveTextContent(chinese);
  });

  it('heads each day of the list with its weekday and date', async () => {
    stubApi({ 'GET /meeting/reservation/mine': { result: { list: [meeting(new Date(2026, 11, 3, 10).getTime())] } } });
    calendar('list', '2026-12-01');
    expect(await screen.findByRole('heading', { name: 'Thu, Dec 3' })).toBeInTheDocument();
  });
});

/** Where a text appears: the test id of the nearest element that has one, for each appearance. */
const placesOf = (text: RegExp) => screen.queryAllByText(text).map((element) => element.closest('[data-testid]')?.getAttribute('data-testid') ?? element.tagName);

describe('my calendar: the day view', () => {
  it.each([
    ['with a meeting', [meeting(new Date(2026, 11, 1, 10).getTime())]],
    ['empty', []],
  ] as const)('says its day once, in the title, in both languages (%s)', async (_, list) => {
    stubApi({ 'GET /meeting/reservation/mine': { result: { list } } });
    calendar('day', '2026-12-01');
    await screen.findByTestId(list.length > 0 ? 'reserve-mine-1' : 'reserve-empty');
    expect(placesOf(/\bDec(ember)? 1\b/)).toEqual(['reserve-period-title']);
    expect(screen.queryByRole('heading')).toBeNull();
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(placesOf(/12月1日/)).toEqual(['reserve-period-title']);
  });
});

describe('my calendar: an empty period', () => {
  it('invites a booking in an empty week, from today', async () => {
    stubApi({ 'GET /meeting/reservation/mine': { result: { list: [] } } });
    const onNew = calendar('week', '2026-12-02');
    expect(await screen.findByTestId('reserve-empty')).toHaveTextContent('No meetings this week');
    await userEvent.click(screen.getByTestId('reserve-empty-book'));
    expect(onNew).toHaveBeenCalledWith('2026-12-01');
  });

  it('invites a booking on an empty day ahead, on that day', async () => {
    stubApi({ 'GET /meeting/reservation/mine': { result: { list: [] } } });
    const onNew = calendar('day', '2026-12-08');
    expect(await screen.findByTestId('reserve-empty')).toHaveTextContent('No meetings on this day');
    await userEvent.click(screen.getByTestId('reserve-empty-book'));
    expect(onNew).toHaveBeenCalledWith('2026-12-08');
  });

  it('offers no booking in a past week, and no invitation where there are meetings', async () => {
    stubApi({ 'GET /meeting/reservation/mine': { result: { list: [] } } });
    calendar('week', '2026-11-18');
    expect(await screen.findByTestId('reserve-empty')).toBeInTheDocument();
    expect(screen.queryByTestId('reserve-empty-book')).toBeNull();
  });

  it('shows no invitation in a week with a meeting', async () => {
    stubApi({ 'GET /meeting/reservation/mine': { result: { list: [meeting(new Date(2026, 11, 2, 10).getTime())] } } });
    calendar('week', '2026-12-02');
    expect(await screen.findByTestId('reserve-mine-1')).toBeInTheDocument();
    expect(screen.queryByTestId('reserve-empty')).toBeNull();
  });
});
