import type { AvailableRoom, CurrentUserInfo, Reservation, ScheduleRoom } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider, type Session } from '../../../shared/session/session-context';
import { renderWithProviders, stubApi } from '../../../test/render';
import dayjs from 'dayjs';
import { setLang } from '../../../shared/i18n/i18n';
import { emptyValues } from '../model/booking-form';
import { BookingFormDrawer } from './booking-form-drawer';
import { DetailsDrawer } from './details-drawer';
import { MyCalendar } from './my-calendar';
import { RoomsGrid } from './rooms-grid';

afterEach(() => {
  vi.restoreAllMocks();
});

const LOTUS: AvailableRoom = { id: 9, name: 'Lotus', capacity: 8, equipment: [], locationPath: 'China / Shanghai / Pudong Tower / 3F', timeZone: 'Asia/Shanghai', needsApproval: false, occurrences: 1, air: null };
const KEW: ScheduleRoom = {
  id: 7, name: 'Kew', capacity: 6, equipment: [], locationPath: 'UK / London / Riverside / 2F', timeZone: 'Europe/London', isAvailable: true, needsApproval: false,
  dayStartAt: 0, dayEndAt: 0, reservations: [], disabled: [],
};

function session(timeZone: string | null): Session {
  return { user: { id: 2, timeZone } as CurrentUserInfo, menu: [], menuNodes: [], menuItems: [], menuPaths: [] };
}

function booked(startAt: number, overrides: Partial<Reservation> = {}): Reservation {
  return {
    id: 5, roomId: LOTUS.id, roomName: 'Lotus', timeZone: 'Asia/Shanghai', title: 'Plan', hostUserId: 2, hostName: 'Ada', startAt, endAt: startAt + 3_600_000,
    status: 'confirmed', privacy: 'public', channel: 'console', remarks: null, participants: [], visible: true, canEdit: true, createdAt: 0, updatedAt: 0, seriesId: null,
    occurrenceDate: null, isException: false, noticeMinutes: null, reminderMinutes: null, checkedInAt: null, checkInChannel: null, checkIn: null, bookedByName: null, endedEarlyAt: null, bookedEndAt: null,
    noShowAt: null, approvalDeadlineAt: null, decidedAt: null, decidedByName: null, decisionReason: null, ...overrides,
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

const NEW_YORK = session('America/New_York');
// Friday 4 December 2026 in New York: 09:00 there is 14:00 in London; 20:00 there is 09:00 on the 5th in Shanghai.
const LONDON_14 = booked(Date.UTC(2026, 11, 4, 14, 0), { id: 61, roomId: 7, roomName: 'Kew', timeZone: 'Europe/London', title: 'London review' });
const SHANGHAI_09 = booked(Date.UTC(2026, 11, 5, 1, 0), { id: 62, title: 'Shanghai stand-up' });

describe("the viewer's zone everywhere on /reserve (issue 17)", () => {
  it("fills My calendar's days by the viewer's zone, in order, each time in another zone saying so", async () => {
    vi.spyOn(Date, 'now').mockReturnValue(Date.UTC(2026, 11, 1, 9, 0));
    const seen = stubApi({ 'GET /meeting/reservation/mine': { result: { list: [SHANGHAI_09, LONDON_14] } } });
    renderWithProviders(
      <SessionProvider value={NEW_YORK}>
        <MyCalendar scale="week" anchor={dayjs('2026-12-04')} phone={false} onScale={() => undefined} onAnchor={() => undefined} onOpen={() => undefined} onNew={() => undefined} />
      </SessionProvider>,
    );
    const friday = await screen.findByTestId('reserve-cell-day-2026-12-04');
    await waitFor(() => expect(within(friday).queryByTestId('reserve-mine-62')).not.toBeNull());
    // The week is cut at New York's midnights: Sunday 29 November 05:00 UTC to Sunday 6 December 05:00 UTC.
    const mine = seen.find((request) => request.path === '/meeting/reservation/mine')!;
    expect([Number(mine.query.get('from')), Number(mine.query.get('to'))]).toEqual([Date.UTC(2026, 10, 29, 5, 0), Date.UTC(2026, 11, 6, 5, 0)]);
    // Both on Friday (the Shanghai meeting is Saturday there), by start.
    expect([...friday.querySelectorAll('[data-testid^="reserve-mine-6"]')].map((item) => item.getAttribute('data-testid'))).toEqual(['reserve-mine-61', 'reserve-mine-62']);
    expect(screen.getByTestId('reserve-mine-61').textContent).toContain('09:00–10:00');
    expect(screen.getByTestId('reserve-mine-local-61').textContent).toBe('14:00–15:00 London');
    expect(screen.getByTestId('reserve-mine-62').textContent).toContain('20:00–21:00');
    expect(screen.getByTestId('reserve-mine-local-62').textContent).toBe('09:00–10:00 Shanghai');
    expect(screen.getByTestId('reserve-cell-day-2026-12-05').textContent).not.toContain('Shanghai stand-up');
    expect(screen.getByTestId('reserve-viewer-zone').textContent).toContain('Times in your time zone: New York');
  });

  it("lays the rooms timeline on the viewer's clock and names each room's own", async () => {
    const kew = { ...KEW, dayStartAt: Date.UTC(2026, 11, 4, 5, 0), dayEndAt: Date.UTC(2026, 11, 5, 5, 0), reservations: [LONDON_14] };
    // Now is 07:00 in New York: the now line and the greyed past follow the viewer's clock too.
    const now = Date.UTC(2026, 11, 4, 12, 0);
    renderWithProviders(<RoomsGrid rooms={[kew]} date="2026-12-04" now={now} zone="America/New_York" orientation="horizontal" onPick={() => undefined} onOpen={() => undefined} />);
    const block = screen.getByTestId('reserve-block-61');
    expect(block.textContent).toBe('09:00–10:00 London review');
    expect(screen.getByTestId('reserve-now-7').style.left).toBe(`${(7 / 24) * 100}%`);
    await userEvent.hover(block);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('14:00–15:00 London · 09:00–10:00 your time London review');
    expect(block.style.left).toBe(`${(9 / 24) * 100}%`);
    expect(screen.getByTestId('reserve-room-clock-7').textContent).toBe('6 · London +5 h');
  });

  it('shows a meeting in another zone on both clocks in the details, in Chinese too', async () => {
    const { unmount } = renderWithProviders(
      <SessionProvider value={NEW_YORK}>
        <DetailsDrawer reservation={LONDON_14} onClose={() => undefined} onEdit={() => undefined} askScope={async () => null} />
      </SessionProvider>,
    );
    expect((await screen.findByTestId('reserve-details-time')).textContent).toBe('2026-12-04 09:00–10:00');
    expect(screen.getByTestId('reserve-details-local').textContent).toBe('2026-12-04 14:00–15:00 London');
    unmount();
    setLang('zh-CN');
    renderWithProviders(
      <SessionProvider value={NEW_YORK}>
        <DetailsDrawer reservation={SHANGHAI_09} onClose={() => undefined} onEdit={() => undefined} askScope={async () => null} />
      </SessionProvider>,
    );
    expect((await screen.findByTestId('reserve-details-time')).textContent).toBe('2026-12-04 20:00–21:00');
    expect(screen.getByTestId('reserve-details-local').textContent).toBe('上海 2026-12-05 09:00–10:00');
  });

  it("always says the form's zone, shows a room in another zone on both clocks, and switches to the room's clock without moving the meeting", async () => {
    vi.spyOn(Date, 'now').mockReturnValue(Date.UTC(2026, 11, 1, 9, 0));
    const seen = stubApi({
      'GET /meeting/schedule': { result: { date: '2026-12-04', places: [], total: 1, page: 1, pageSize: 100, list: [KEW] } },
      'GET /meeting/colleagues': { result: [] },
      'POST /meeting/reservation': ({ body }) => ({ result: { ...booked((body as { startAt: number }).startAt), reservation: booked((body as { startAt: number }).startAt), pending: false, seriesId: null, booked: 1, skipped: [] } }),
    });
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithProviders(
      <SessionProvider value={NEW_YORK}>
        <BookingFormDrawer
          open
          initial={{ ...emptyValues(Date.UTC(2026, 11, 1, 9, 0), 'America/New_York'), roomId: 9, title: 'Plan', date: '2026-12-04', start: '20:00', end: '21:00' }}
          initialRoom={{ id: 9, name: 'Lotus', timeZone: 'Asia/Shanghai' }}
          editing={null}
          askScope={async () => null}
          onClose={onClose}
        />
      </SessionProvider>,
    );
    expect(screen.getByTestId('reserve-zone-note').textContent).toContain('Times in your time zone: New York');
    expect(screen.getByTestId('reserve-zone-pair').textContent).toBe('09:00–10:00 Shanghai · 20:00–21:00 your time');
    await user.click(screen.getByTestId('reserve-zone-switch'));
    expect(screen.getByTestId('reserve-zone-note').textContent).toContain("Times in the room's time zone: Shanghai");
    expect(within(screen.getByTestId('reserve-start')).getByText('09:00')).toBeTruthy();
    const date = screen.getByTestId('reserve-date');
    expect((date instanceof HTMLInputElement ? date : date.querySelector('input')!).value).toBe('2026-12-05');
    await user.click(screen.getByTestId('reserve-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(seen.find((request) => request.method === 'POST')!.body).toMatchObject({ startAt: Date.UTC(2026, 11, 5, 1, 0), endAt: Date.UTC(2026, 11, 5, 2, 0) });
  });
});

describe('a room on the same clock as the viewer (issue 17)', () => {
  it('adds no second clock and no switch: London in winter reads as UTC', () => {
    vi.spyOn(Date, 'now').mockReturnValue(Date.UTC(2026, 11, 1, 9, 0));
    stubApi({ 'GET /meeting/schedule': { result: { date: '2026-12-04', places: [], total: 1, page: 1, pageSize: 100, list: [KEW] } }, 'GET /meeting/colleagues': { result: [] } });
    renderWithProviders(
      <SessionProvider value={session(null)}>
        <BookingFormDrawer
          open
          initial={{ ...emptyValues(Date.UTC(2026, 11, 1, 9, 0), 'UTC'), roomId: 7, title: 'Plan', date: '2026-12-04', start: '10:00', end: '11:00' }}
          initialRoom={{ id: 7, name: 'Kew', timeZone: 'Europe/London' }}
          editing={null}
          askScope={async () => null}
          onClose={() => undefined}
        />
      </SessionProvider>,
    );
    expect(screen.getByTestId('reserve-zone-note').textContent).toBe('Times in your time zone: UTC');
    expect(screen.queryByTestId('reserve-zone-pair')).toBeNull();
    expect(screen.queryByTestId('reserve-zone-switch')).toBeNull();
  });
});
