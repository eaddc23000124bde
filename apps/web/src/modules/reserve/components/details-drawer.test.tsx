import type { CurrentUserInfo, Reservation } from '@atrium/contract';
import { screen, waitFor } from '@testing-library/react';
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
