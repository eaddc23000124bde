import { DEFAULT_BOOKING_PREFERENCES, type CurrentUserInfo, type Reservation, type ScheduleRoom } from '@atrium/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n';
import { SessionProvider, type Session } from '../../../shared/session/session-context';
import { renderWithProviders, stubApi } from '../../../test/render';
import { BookingPage } from './booking-page';

const HOUR = 3_600_000;
const SESSION = { user: { id: 2 } as CurrentUserInfo, menu: [], menuNodes: [], menuItems: [], menuPaths: ['/reserve'] } satisfies Session;
// "Now" is Tuesday 1 December 2026, 09:00 local.
const NOW = new Date(2026, 11, 1, 9, 0).getTime();

const ROOM: ScheduleRoom = {
  id: 7, name: 'Kew', capacity: 6, equipment: [], locationPath: 'UK / London', timeZone: 'Europe/London', isAvailable: true, needsApproval: false,
  dayStartAt: 0, dayEndAt: 0, disabled: [], reservations: [],
};

const MEETING: Reservation = {
  id: 5, roomId: 7, roomName: 'Kew', timeZone: 'Europe/London', title: 'Roadmap review', hostUserId: 3, hostName: 'Grace', startAt: NOW + 2 * 24 * HOUR, endAt: NOW + 2 * 24 * HOUR + HOUR,
  status: 'confirmed', privacy: 'public', channel: 'console', remarks: null, participants: [], visible: true, canEdit: false, createdAt: 0, updatedAt: 0, seriesId: null,
  occurrenceDate: null, isException: false, noticeMinutes: null, reminderMinutes: null, checkedInAt: null, checkInChannel: null, checkIn: null, bookedByName: null, endedEarlyAt: null, bookedEndAt: null,
  noShowAt: null, approvalDeadlineAt: null, decidedAt: null, decidedByName: null, decisionReason: null,
};

function page(path = '/reserve') {
  const seen = stubApi({
    'GET /meeting/preferences': { result: { ...DEFAULT_BOOKING_PREFERENCES, updatedAt: null, updatedByName: null } },
    'GET /meeting/calendar/shares': { result: { ownerUserId: 2, canManage: true, shares: [], sharedWithMe: [{ userId: 9, name: 'Grace Hopper', level: 'subscriber', createdAt: 0 }] } },
    'GET /meeting/calendar/events': { result: { ownerUserId: 9, level: 'subscriber', list: [] } },
    'GET /meeting/reservation/mine': { result: { list: [] } },
    'GET /meeting/reservation': { result: MEETING },
    'GET /meeting/schedule': { result: { date: '2026-12-01', places: [], total: 1, page: 1, pageSize: 100, list: [ROOM] } },
    'GET /meeting/colleagues': { result: [] },
  });
  renderWithProviders(
    <SessionProvider value={SESSION}>
      <BookingPage />
    </SessionProvider>,
    { path },
  );
  return seen;
}

const key = (name: string, target: Element = document.body) => fireEvent.keyDown(target, { key: name });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await act(() => i18n.changeLanguage('en-US'));
});

describe('reserve page: keyboard shortcuts', () => {
  it('lists the shortcuts on ?, in both languages', async () => {
    page();
    await screen.findByTestId('reserve-period-title');
    key('?');
    expect(await screen.findByTestId('reserve-shortcut-newMeeting')).toHaveTextContent('New meeting');
    expect(screen.getByTestId('reserve-shortcut-today')).toHaveTextContent('Go to today');
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(screen.getByTestId('reserve-shortcut-newMeeting')).toHaveTextContent('新建会议');
  });

  it('moves by period, switches scale and view, and comes back to today', async () => {
    page();
    expect(await screen.findByTestId('reserve-period-title')).toHaveTextContent('Nov 29 – Dec 5, 2026');
    key('ArrowRight');
    expect(screen.getByTestId('reserve-period-title')).toHaveTextContent('Dec 6 – 12, 2026');
    key('m');
    expect(screen.getByTestId('reserve-period-title')).toHaveTextContent('December 2026');
    key('j');
    expect(screen.getByTestId('reserve-period-title')).toHaveTextContent('January 2027');
    key('t');
    expect(screen.getByTestId('reserve-period-title')).toHaveTextContent('December 2026');
    key('2');
    expect(await screen.findByTestId('reserve-grid-horizontal')).toBeInTheDocument();
    expect(screen.getByTestId('reserve-day-title')).toHaveTextContent('Tuesday, December 1, 2026');
    key('ArrowLeft');
    expect(screen.getByTestId('reserve-day-title')).toHaveTextContent('Monday, November 30, 2026');
    key('3');
    expect(await screen.findByTestId('reserve-grid-vertical')).toBeInTheDocument();
  });

  it('opens a new meeting on c, but not while typing in a field', async () => {
    page();
    key('2');
    const search = (await screen.findByTestId('reserve-room-search')).querySelector('input')!;
    await userEvent.type(search, 'c');
    key('c', search);
    expect(screen.queryByText('Book a room')).toBeNull();
    key('c');
    expect(await screen.findByText('Book a room')).toBeInTheDocument();
  });
});

describe("reserve page: the global search's links", () => {
  it('opens a meeting found by the search', async () => {
    const seen = page('/reserve?meeting=5');
    expect(await screen.findByText('Roadmap review')).toBeInTheDocument();
    expect(seen.some((request) => request.path === '/meeting/reservation' && request.query.get('id') === '5')).toBe(true);
  });

  it("opens a room's timeline, that room alone", async () => {
    const seen = page('/reserve?room=7');
    expect(await screen.findByTestId('reserve-grid-horizontal')).toBeInTheDocument();
    await waitFor(() => expect(seen.some((request) => request.path === '/meeting/schedule' && request.query.get('locationId') === '7')).toBe(true));
    expect(await screen.findByTestId('reserve-room-focus')).toHaveTextContent('Kew');
  });

  it("shows a colleague's calendar shared with me", async () => {
    const seen = page('/reserve?calendar=9');
    await waitFor(() => expect(seen.some((request) => request.path === '/meeting/calendar/events' && request.query.get('ownerUserId') === '9')).toBe(true));
  });
});
