import { DEFAULT_BOOKING_PREFERENCES, type Reservation, type ScheduleRoom } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '../../../test/render';
import { emptyValues } from '../model/booking-form';
import { BookingFormDrawer } from './booking-form-drawer';
import { CalendarShareDrawer } from './calendar-share-drawer';
import { RoomsGrid } from './rooms-grid';

afterEach(() => vi.restoreAllMocks());
// The forms below book 24 November 2026: the form's clock is the day before (past starts are refused).
beforeEach(() => vi.spyOn(Date, 'now').mockReturnValue(Date.UTC(2026, 10, 23, 9, 0)));

const DAY_START = Date.UTC(2026, 10, 24, 0, 0);
const HOUR = 3_600_000;

function meeting(overrides: Partial<Reservation>): Reservation {
  return {
    id: 1, roomId: 7, roomName: 'Kew', timeZone: 'Europe/London', title: 'Design review', hostUserId: 2, hostName: 'Ada', startAt: DAY_START + 9 * HOUR, endAt: DAY_START + 10 * HOUR,
    status: 'confirmed', privacy: 'public', channel: 'console', remarks: null, participants: [], visible: true, canEdit: false, createdAt: 0, updatedAt: 0, seriesId: null,
    occurrenceDate: null, isException: false, noticeMinutes: null, reminderMinutes: null, checkedInAt: null, checkInChannel: null, checkIn: null, bookedByName: null, endedEarlyAt: null, bookedEndAt: null,
    noShowAt: null, approvalDeadlineAt: null, decidedAt: null, decidedByName: null, decisionReason: null, ...overrides,
  };
}

const ROOM: ScheduleRoom = {
  id: 7, name: 'Kew', capacity: 6, equipment: [], locationPath: 'UK / London', timeZone: 'Europe/London', isAvailable: true, needsApproval: false,
  dayStartAt: DAY_START, dayEndAt: DAY_START + 24 * HOUR, disabled: [],
  reservations: [
    meeting({}),
    meeting({ id: 2, title: null, privacy: 'busy', visible: false, startAt: DAY_START + 11 * HOUR, endAt: DAY_START + 12 * HOUR }),
    meeting({ id: 3, title: null, hostName: null, privacy: 'private', visible: false, startAt: DAY_START + 13 * HOUR, endAt: DAY_START + 14 * HOUR }),
  ],
};

describe('rooms grid', () => {
  it('shows titles only when visible, else Busy or Private, at the room-zone times', () => {
    renderWithProviders(<RoomsGrid rooms={[ROOM]} date="2026-11-24" now={DAY_START} orientation="horizontal" onPick={() => undefined} onOpen={() => undefined} />);
    expect(screen.getByTestId('reserve-block-1').textContent).toBe('09:00–10:00 Design review');
    expect(screen.getByTestId('reserve-block-2').textContent).toBe('11:00–12:00 Busy');
    expect(screen.getByTestId('reserve-block-3').textContent).toBe('13:00–14:00 Private');
  });

  it('books by clicking or dragging over free time, and opens a meeting', () => {
    const onPick = vi.fn();
    const onOpen = vi.fn();
    renderWithProviders(<RoomsGrid rooms={[ROOM]} date="2026-11-24" now={DAY_START} orientation="vertical" onPick={onPick} onOpen={onOpen} />);
    const cell = screen.getByTestId('reserve-cell-7-20');
    fireEvent.pointerDown(cell, { button: 0 });
    fireEvent.pointerUp(cell);
    expect(onPick).toHaveBeenLastCalledWith(ROOM, 600, 660);
    fireEvent.pointerDown(screen.getByTestId('reserve-cell-7-30'), { button: 0 });
    fireEvent.pointerEnter(screen.getByTestId('reserve-cell-7-32'));
    fireEvent.pointerUp(screen.getByTestId('reserve-cell-7-32'));
    expect(onPick).toHaveBeenLastCalledWith(ROOM, 900, 990);
    fireEvent.click(screen.getByTestId('reserve-block-2'));
    expect(onOpen).toHaveBeenCalledWith(ROOM.reservations[1]);
  });
});

describe('booking form', () => {
  const schedule = { result: { date: '2026-11-24', places: [], total: 1, page: 1, pageSize: 100, list: [ROOM] } };

  it("refuses to save without the spec's required fields and says which", async () => {
    const seen = stubApi({ 'GET /meeting/schedule': schedule, 'GET /meeting/colleagues': { result: [] } });
    renderWithProviders(
      <BookingFormDrawer open initial={{ ...emptyValues(Date.now(), 'UTC'), date: null }} initialRoom={null} editing={null} askScope={async () => null} onClose={() => undefined} />,
    );
    await userEvent.click(screen.getByTestId('reserve-save'));
    expect(screen.getByTestId('reserve-error-roomId').textContent).toBe('Please choose the meeting room');
    expect(screen.getByTestId('reserve-error-title').textContent).toBe('Please enter the meeting title');
    expect(screen.getByTestId('reserve-error-date').textContent).toBe('Please choose the meeting date');
    expect(seen.some((request) => request.method === 'POST')).toBe(false);
  });

  it('checks a repeating meeting first and offers to book the free dates', async () => {
    const conflict = { reservationId: 9, title: 'Board', startAt: DAY_START + 7 * 24 * HOUR + 10 * HOUR, endAt: DAY_START + 7 * 24 * HOUR + 11 * HOUR };
    const seen = stubApi({
      'GET /meeting/schedule': schedule,
      'GET /meeting/colleagues': { result: [] },
      'POST /meeting/reservation/check': { result: { occurrences: [{ date: '2026-11-24', startAt: DAY_START + 10 * HOUR, endAt: DAY_START + 11 * HOUR, conflict: null, refusal: null }, { date: '2026-12-01', startAt: conflict.startAt, endAt: conflict.endAt, conflict, refusal: null }] } },
      'POST /meeting/reservation': { result: { ...meeting({ id: 5, seriesId: 3 }), reservation: meeting({ id: 5, seriesId: 3 }), pending: false, seriesId: 3, booked: 25, skipped: [{ date: '2026-12-25', startAt: 0, endAt: 1 }] } },
    });
    const onClose = vi.fn();
    renderWithProviders(
      <BookingFormDrawer
        open
        initial={{ ...emptyValues(Date.now(), 'Europe/London'), roomId: 7, title: 'Weekly sync', date: '2026-11-24', start: '10:00', end: '11:00', repeat: 'weekly' }}
        initialRoom={{ id: 7, name: 'Kew', timeZone: 'Europe/London' }}
        editing={null}
        askScope={async () => null}
        onClose={onClose}
      />,
    );
    expect(screen.getByTestId('reserve-weekdays')).toBeTruthy();
    await userEvent.click(screen.getByTestId('reserve-save'));
    await screen.findByText('2026-12-01');
    expect(screen.getByText('Board 10:00–11:00')).toBeTruthy();
    expect(seen.filter((request) => request.path === '/meeting/reservation')).toHaveLength(0);
    await userEvent.click(screen.getByTestId('reserve-clash-book-free'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const create = seen.find((request) => request.method === 'POST' && request.path === '/meeting/reservation')!;
    expect(create.body).toMatchObject({ roomId: 7, title: 'Weekly sync', repeat: { frequency: 'weekly', until: null }, bookFreeOnly: true, startAt: Date.UTC(2026, 10, 24, 10, 0) });
  });

  it("shows the server's clash message on a 409", async () => {
    stubApi({
      'GET /meeting/schedule': schedule,
      'GET /meeting/colleagues': { result: [] },
      'POST /meeting/reservation': { status: 409, returncode: 1003, message: 'The room is taken from 2026-11-24 10:00 to 2026-11-24 11:00 by "Board"', result: {} },
    });
    renderWithProviders(
      <BookingFormDrawer
        open
        initial={{ ...emptyValues(Date.now(), 'Europe/London'), roomId: 7, title: 'Sync', date: '2026-11-24', start: '10:00', end: '11:00' }}
        initialRoom={{ id: 7, name: 'Kew', timeZone: 'Europe/London' }}
        editing={null}
        askScope={async () => null}
        onClose={() => undefined}
      />,
    );
    await userEvent.click(screen.getByTestId('reserve-save'));
    expect((await screen.findByTestId('reserve-server-error')).textContent).toContain('"Board"');
  });

  it('sends one Idempotency-Key per attempt: the same after a network failure, a new one after an answer', async () => {
    const answers: Array<'drop' | 'clash' | 'book'> = ['drop', 'clash', 'book'];
    const seen = stubApi({
      'GET /meeting/schedule': schedule,
      'GET /meeting/colleagues': { result: [] },
      'POST /meeting/reservation': () => {
        const next = answers.shift();
        // The connection drops: the server may have booked it, the form never hears.
        if (next === 'drop') throw new TypeError('Failed to fetch');
        if (next === 'clash') return { status: 409, returncode: 1003, message: 'The room is taken by "Board"', result: { reservationId: 9 } };
        return { result: { ...meeting({ id: 5 }), reservation: meeting({ id: 5 }), pending: false, seriesId: null, booked: 1, skipped: [] } };
      },
    });
    const onClose = vi.fn();
    renderWithProviders(
      <BookingFormDrawer
        open
        initial={{ ...emptyValues(Date.now(), 'Europe/London'), roomId: 7, title: 'Sync', date: '2026-11-24', start: '10:00', end: '11:00' }}
        initialRoom={{ id: 7, name: 'Kew', timeZone: 'Europe/London' }}
        editing={null}
        askScope={async () => null}
        onClose={onClose}
      />,
    );
    const keys = () => seen.filter((request) => request.method === 'POST' && request.path === '/meeting/reservation').map((request) => request.headers['Idempotency-Key']);
    await userEvent.click(screen.getByTestId('reserve-save'));
    await screen.findByTestId('reserve-server-error');
    await userEvent.click(screen.getByTestId('reserve-save'));
    await waitFor(() => expect(screen.getByTestId('reserve-server-error').textContent).toContain('"Board"'));
    await userEvent.click(screen.getByTestId('reserve-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [dropped, retried, afterClash] = keys();
    expect(dropped).toMatch(/^[0-9a-f]{32}$/);
    expect(retried).toBe(dropped);
    expect(afterClash).toMatch(/^[0-9a-f]{32}$/);
    expect(afterClash).not.toBe(dropped);
  });
});

describe('booking for a colleague', () => {
  it('offers the colleagues whose calendar I edit or manage as host, not those I only read, and books for the one chosen', async () => {
    const seen = stubApi({
      'GET /meeting/schedule': { result: { date: '2026-11-24', places: [], total: 1, page: 1, pageSize: 100, list: [ROOM] } },
      'GET /meeting/colleagues': { result: [] },
      'GET /meeting/calendar/shares': {
        result: {
          ownerUserId: 1,
          canManage: true,
          shares: [],
          sharedWithMe: [
            { userId: 8, name: 'Grace Chief', level: 'editor', createdAt: 0 },
            { userId: 9, name: 'Reader Only', level: 'subscriber', createdAt: 0 },
          ],
        },
      },
      'POST /meeting/reservation': { result: { reservation: meeting({ id: 5, hostUserId: 8 }), pending: false, seriesId: null, booked: 1, skipped: [] } },
    });
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithProviders(
      <BookingFormDrawer
        open
        initial={{ ...emptyValues(Date.now(), 'Europe/London'), roomId: 7, title: 'Board prep', date: '2026-11-24', start: '10:00', end: '11:00' }}
        initialRoom={{ id: 7, name: 'Kew', timeZone: 'Europe/London' }}
        editing={null}
        askScope={async () => null}
        onClose={onClose}
      />,
    );
    const host = await screen.findByTestId('reserve-host');
    await user.click(within(host).getByRole('combobox'));
    expect(screen.queryByText('Reader Only', { selector: '.ant-select-item-option-content' })).toBeNull();
    await user.click(await screen.findByText('Grace Chief', { selector: '.ant-select-item-option-content' }));
    await user.click(screen.getByTestId('reserve-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(seen.find((request) => request.method === 'POST' && request.path === '/meeting/reservation')!.body).toMatchObject({ hostUserId: 8, title: 'Board prep' });
  });
});

describe("the company's booking rules in the form", () => {
  it('greys out days the company does not book on, names the bookable hours, and sends "no reminder" as such', async () => {
    const seen = stubApi({
      'GET /meeting/preferences': {
        result: {
          ...DEFAULT_BOOKING_PREFERENCES,
          bookableWeekdays: [1, 2, 3, 4, 5],
          bookableHours: { start: '08:00', end: '18:00' },
          defaultReminderMinutes: 30,
          updatedAt: null,
          updatedByName: null,
        },
      },
      'GET /meeting/schedule': { result: { date: '2026-11-24', places: [], total: 1, page: 1, pageSize: 100, list: [ROOM] } },
      'GET /meeting/colleagues': { result: [] },
      'GET /meeting/calendar/shares': { result: { ownerUserId: 1, canManage: true, shares: [], sharedWithMe: [] } },
      'POST /meeting/reservation': { result: { reservation: meeting({ id: 6 }), pending: false, seriesId: null, booked: 1, skipped: [] } },
    });
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithProviders(
      <BookingFormDrawer
        open
        initial={{ ...emptyValues(Date.now(), 'Europe/London'), roomId: 7, title: 'Quiet hour', date: '2026-11-24', start: '10:00', end: '11:00', reminderMinutes: null }}
        initialRoom={{ id: 7, name: 'Kew', timeZone: 'Europe/London' }}
        editing={null}
        askScope={async () => null}
        onClose={onClose}
      />,
    );
    expect(await screen.findByTestId('reserve-hours-note')).toHaveTextContent('from 08:00 to 18:00');
    await user.click(screen.getByTestId('reserve-date'));
    const cell = (date: string) => document.querySelector(`td[title="${date}"]`)!;
    await waitFor(() => expect(cell('2026-11-28')).toHaveClass('ant-picker-cell-disabled'));
    expect(cell('2026-11-27')).not.toHaveClass('ant-picker-cell-disabled');
    await user.click(screen.getByTestId('reserve-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(seen.find((request) => request.method === 'POST' && request.path === '/meeting/reservation')!.body).toMatchObject({ title: 'Quiet hour', reminderMinutes: null });
  });
});

describe('calendar sharing', () => {
  it('lists who sees my calendar, shares it with a colleague at a level, and stops sharing', async () => {
    const seen = stubApi({
      'GET /meeting/calendar/shares': { result: { ownerUserId: 1, canManage: true, shares: [{ userId: 5, name: 'Wang Fang', level: 'subscriber', createdAt: 0 }], sharedWithMe: [] } },
      'GET /meeting/colleagues': { result: [{ id: 5, fullName: 'Wang Fang', email: null }, { id: 6, fullName: 'Noah Fischer', email: null }] },
      'POST /meeting/calendar/share': { result: { ownerUserId: 1, canManage: true, shares: [], sharedWithMe: [] } },
      'POST /meeting/calendar/unshare': { result: null },
    });
    const user = userEvent.setup();
    renderWithProviders(<CalendarShareDrawer open phone={false} onClose={() => undefined} />);
    expect((await screen.findByTestId('reserve-share-5')).textContent).toContain('Wang Fang');
    // The colleague picker leaves out who already sees the calendar.
    await user.click(within(screen.getByTestId('reserve-share-colleague')).getByRole('combobox'));
    const option = await screen.findByText('Noah Fischer', { selector: '.ant-select-item-option-content' });
    expect(screen.queryByText('Wang Fang', { selector: '.ant-select-item-option-content' })).toBeNull();
    await user.click(option);
    await user.click(screen.getByTestId('reserve-share-add'));
    await waitFor(() => expect(seen.find((request) => request.path === '/meeting/calendar/share')?.body).toEqual({ granteeUserId: 6, level: 'visitor' }));
    expect(screen.getByText(/Visitors see only when you are busy/)).toBeTruthy();
    await user.click(screen.getByTestId('reserve-share-remove-5'));
    await waitFor(() => expect(seen.find((request) => request.path === '/meeting/calendar/unshare')?.body).toEqual({ granteeUserId: 5 }));
  });
});
