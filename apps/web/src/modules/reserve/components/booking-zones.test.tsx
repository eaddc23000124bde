import type { AvailableRoom, CurrentUserInfo, Reservation, ScheduleRoom } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider, type Session } from '../../../shared/session/session-context';
import { renderWithProviders, stubApi } from '../../../test/render';
import { emptyValues } from '../model/booking-form';
import { BookingFormDrawer } from './booking-form-drawer';

afterEach(() => vi.restoreAllMocks());

const LOTUS: AvailableRoom = { id: 9, name: 'Lotus', capacity: 8, equipment: [], locationPath: 'China / Shanghai / Pudong Tower / 3F', timeZone: 'Asia/Shanghai', needsApproval: false, occurrences: 1 };
const KEW: ScheduleRoom = {
  id: 7, name: 'Kew', capacity: 6, equipment: [], locationPath: 'UK / London / Riverside / 2F', timeZone: 'Europe/London', isAvailable: true, needsApproval: false,
  dayStartAt: 0, dayEndAt: 0, reservations: [], disabled: [],
};

function session(timeZone: string | null): Session {
  return { user: { id: 2, timeZone } as CurrentUserInfo, menu: [], menuNodes: [], menuItems: [], menuPaths: [] };
}

function booked(startAt: number): Reservation {
  return {
    id: 5, roomId: LOTUS.id, roomName: 'Lotus', timeZone: 'Asia/Shanghai', title: 'Plan', hostUserId: 2, hostName: 'Ada', startAt, endAt: startAt + 3_600_000,
    status: 'confirmed', privacy: 'public', channel: 'console', remarks: null, participants: [], visible: true, canEdit: true, createdAt: 0, updatedAt: 0, seriesId: null,
    occurrenceDate: null, isException: false, noticeMinutes: null, reminderMinutes: null, checkedInAt: null, checkInChannel: null, checkIn: null, bookedByName: null, endedEarlyAt: null, bookedEndAt: null,
    noShowAt: null, approvalDeadlineAt: null, decidedAt: null, decidedByName: null, decisionReason: null,
  };
}

/** New meeting 10:00-11:00 on 3 December 2026 with no room, in the viewer's zone (the form as the page opens it). */
function renderForm(viewerZone: string | null, onClose = vi.fn()) {
  const initial = { ...emptyValues(Date.UTC(2026, 11, 1, 9, 0), viewerZone ?? 'UTC'), date: '2026-12-03', start: '10:00', end: '11:00' };
  renderWithProviders(
    <SessionProvider value={session(viewerZone)}>
      <BookingFormDrawer open initial={initial} initialRoom={null} editing={null} askScope={async () => null} onClose={onClose} />
    </SessionProvider>,
  );
  return onClose;
}

describe('booking form across time zones (issue 17)', () => {
  it.each([
    ['London (UTC in winter)', null, Date.UTC(2026, 11, 3, 10, 0)],
    ['a third zone, New York', 'America/New_York', Date.UTC(2026, 11, 3, 15, 0)],
  ])('"Find a room" searches exactly the instant that is then booked in a Shanghai room, for a viewer in %s', async (_label, viewerZone, instant) => {
    vi.spyOn(Date, 'now').mockReturnValue(Date.UTC(2026, 11, 1, 9, 0));
    const seen = stubApi({
      'GET /meeting/schedule': { result: { date: '2026-12-03', places: [], total: 1, page: 1, pageSize: 100, list: [KEW] } },
      'GET /meeting/colleagues': { result: [] },
      'GET /meeting/available-rooms': { result: { list: [LOTUS], truncated: false } },
      'POST /meeting/reservation': ({ body }) => ({ result: { ...booked((body as { startAt: number }).startAt), reservation: booked((body as { startAt: number }).startAt), pending: false, seriesId: null, booked: 1, skipped: [] } }),
    });
    const user = userEvent.setup();
    const onClose = renderForm(viewerZone);
    await user.type(screen.getByTestId('reserve-title'), 'Plan');
    await user.click(screen.getByTestId('reserve-find-room'));
    await user.click(await screen.findByTestId('reserve-finder-search'));
    await user.click(await screen.findByTestId('reserve-finder-choose-9'));
    // The chosen room's zone never moves the chosen time: still 10:00-11:00 in the viewer's zone.
    expect(within(screen.getByTestId('reserve-start')).getByText('10:00')).toBeTruthy();
    await user.click(screen.getByTestId('reserve-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const search = seen.find((request) => request.path === '/meeting/available-rooms')!;
    const create = seen.find((request) => request.method === 'POST' && request.path === '/meeting/reservation')!;
    expect(Number(search.query.get('startAt'))).toBe(instant);
    expect(create.body).toMatchObject({ roomId: 9, startAt: instant, endAt: instant + 3_600_000 });
  });
});
