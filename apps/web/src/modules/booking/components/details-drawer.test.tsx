import type { CurrentUserInfo, Reservation } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider, type Session } from '../../../shared/session/session-context';
import { renderWithProviders, stubApi } from '../../../test/render';
import { DetailsDrawer } from './details-drawer';

afterEach(() => vi.restoreAllMocks());

const MINUTE = 60_000;
const ME = 2;
const SESSION = { user: { id: ME } as CurrentUserInfo, menu: [], menuNodes: [], menuItems: [], menuPaths: [] } satisfies Session;

/** A meeting that started a minute ago, hosted by the signed-in user, in a room with check-in. */
function meeting(overrides: Partial<Reservation> = {}): Reservation {
  const start = Date.now() - MINUTE;
  return {
    id: 41, roomId: 7, roomName: 'Kew', timeZone: 'UTC', title: 'Stand-up', hostUserId: ME, hostName: 'Ada', startAt: start, endAt: start + 30 * MINUTE,
    status: 'confirmed', privacy: 'public', channel: 'console', remarks: null, participants: [], visible: true, canEdit: true, createdAt: 0, updatedAt: 0, seriesId: null,
    occurrenceDate: null, isException: false, noticeMinutes: null, reminderMinutes: null, checkedInAt: null, checkInChannel: null,
    checkIn: { opensAt: start - 10 * MINUTE, closesAt: start + 15 * MINUTE, way: 'manual' }, bookedByName: null, endedEarlyAt: null, bookedEndAt: null,
    noShowAt: null, approvalDeadlineAt: null, decidedAt: null, decidedByName: null, decisionReason: null, ...overrides,
  };
}

function renderDrawer(reservation: Reservation) {
  const onClose = vi.fn();
  renderWithProviders(
    <SessionProvider value={SESSION}>
      <DetailsDrawer reservation={reservation} onClose={onClose} onEdit={() => undefined} askScope={async () => null} />
    </SessionProvider>,
  );
  return onClose;
}

describe('meeting details: check-in', () => {
  it('checks the host in from the console while the window is open', async () => {
    const seen = stubApi({ 'POST /meeting/reservation/check-in': { result: meeting({ checkedInAt: Date.now() }) } });
    const onClose = renderDrawer(meeting());
    expect(screen.getByTestId('reserve-details-check-in-state').textContent).toMatch(/^Opens at \d\d:\d\d, closes at \d\d:\d\d$/);
    await userEvent.click(screen.getByTestId('reserve-details-check-in'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(seen.find((request) => request.path === '/meeting/reservation/check-in')?.body).toEqual({ id: 41 });
  });

  it('asks to scan the QR code in a room that checks in by its code, and offers no button', () => {
    const start = Date.now() - MINUTE;
    renderDrawer(meeting({ checkIn: { opensAt: start - 10 * MINUTE, closesAt: start + 15 * MINUTE, way: 'qr' } }));
    expect(screen.getByTestId('reserve-details-check-in-state').textContent).toMatch(/^Scan the room's QR code at the door/);
    expect(screen.queryByTestId('reserve-details-check-in')).toBeNull();
    expect(screen.getByTestId('reserve-details-end')).toBeTruthy();
  });

  it('offers nothing to someone who neither hosts nor attends, and shows a done check-in', () => {
    renderDrawer(meeting({ hostUserId: 99, canEdit: false, checkedInAt: Date.UTC(2026, 10, 24, 9, 5) }));
    expect(screen.getByTestId('reserve-details-check-in-state').textContent).toBe('Checked in at 09:05');
    expect(screen.queryByTestId('reserve-details-check-in')).toBeNull();
    expect(screen.queryByTestId('reserve-details-end')).toBeNull();
  });
});

describe('meeting details: undo and confirmations', () => {
  const later = () => meeting({ startAt: Date.now() + 60 * MINUTE, endAt: Date.now() + 90 * MINUTE, checkIn: null });

  it('cancels at once and offers a short undo in the success message; undo brings the meeting back', async () => {
    const seen = stubApi({
      'POST /meeting/reservation/cancel': { result: later() },
      'POST /meeting/reservation/restore': { result: later(), message: 'The meeting is back; its attendees have been told' },
    });
    const onClose = renderDrawer(later());
    await userEvent.click(screen.getByTestId('reserve-details-cancel'));
    // Undo instead of a question: no dialog before the cancellation.
    await waitFor(() => expect(seen.some((request) => request.path === '/meeting/reservation/cancel')).toBe(true));
    expect(screen.queryByRole('dialog', { name: /Cancel this meeting/ })).toBeNull();
    expect(onClose).toHaveBeenCalled();
    const notice = await screen.findByTestId('reserve-cancelled-notice');
    expect(notice).toHaveTextContent('The meeting is cancelled');
    await userEvent.click(within(notice).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(seen.find((request) => request.path === '/meeting/reservation/restore')?.body).toEqual({ id: 41 }));
    expect(await screen.findByText('The meeting is back; its attendees have been told')).toBeInTheDocument();
  });

  it('says once why an undo failed (the slot was taken meanwhile)', async () => {
    stubApi({
      'POST /meeting/reservation/cancel': { result: later() },
      'POST /meeting/reservation/restore': { status: 409, returncode: 1003, message: 'The room is already booked from 10:00 to 11:00 ("Walk-in")' },
    });
    renderDrawer(later());
    await userEvent.click(screen.getByTestId('reserve-details-cancel'));
    await userEvent.click(within(await screen.findByTestId('reserve-cancelled-notice')).getByRole('button', { name: 'Undo' }));
    expect(await screen.findAllByText('The room is already booked from 10:00 to 11:00 ("Walk-in")')).toHaveLength(1);
  });

  it('ends a running meeting only once confirmed: it cannot be undone', async () => {
    const seen = stubApi({ 'POST /meeting/reservation/end': { result: meeting({ endedEarlyAt: Date.now() }) } });
    renderDrawer(meeting({ checkedInAt: Date.now() - MINUTE }));
    // The newest confirmation (one closing may linger while it fades).
    const confirmation = async () => {
      await waitFor(() => expect(document.querySelectorAll('.ant-modal-confirm').length).toBeGreaterThan(0));
      return [...document.querySelectorAll<HTMLElement>('.ant-modal-confirm')].at(-1)!;
    };
    await userEvent.click(screen.getByTestId('reserve-details-end'));
    const dialog = await confirmation();
    expect(dialog).toHaveTextContent('End this meeting now? The rest of its time becomes free.');
    expect(dialog).toHaveTextContent('This cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen.some((request) => request.path === '/meeting/reservation/end')).toBe(false);
    await userEvent.click(screen.getByTestId('reserve-details-end'));
    await userEvent.click(within(await confirmation()).getByRole('button', { name: 'End now' }));
    await waitFor(() => expect(seen.find((request) => request.path === '/meeting/reservation/end')?.body).toEqual({ id: 41 }));
  });
});
