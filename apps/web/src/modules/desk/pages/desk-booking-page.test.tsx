import { addDays, fromZoned, toZoned, type Desk, type DeskAvailability, type DeskBooking, type DeskFloor } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

afterEach(() => {
  vi.restoreAllMocks();
});

const ZONE = 'Europe/London';
const today = toZoned(Date.now(), ZONE).date;
const at = (time: string) => fromZoned(today, time, ZONE);
const floor: DeskFloor = { floorId: 6, floorName: 'Floor 3', buildingId: 5, buildingName: 'Tower A', timeZone: ZONE, deskCount: 3, neighbourhoods: [], map: null };
const base: Omit<Desk, 'id' | 'number' | 'mode' | 'position'> = { floorId: 6, equipment: [], neighbourhoodId: null, assignedUserId: null, assignedUserName: null, assignedDepartmentId: null, assignedDepartmentName: null, updatedAt: 1 };
const place = (x: number) => ({ x, y: 40, width: 60, height: 40, rotation: 0 });
const availability: DeskAvailability = {
  date: today,
  timeZone: ZONE,
  dayStartAt: at('08:00'),
  middayAt: at('13:00'),
  dayEndAt: at('18:00'),
  lastDate: addDays(today, 14),
  neighbourhoods: [{ id: 40, floorId: 6, name: 'Quiet', color: '#3366cc', departmentId: null, departmentName: null, deskCount: 1 }],
  map: null,
  rooms: [{ id: 301, floorId: 6, name: 'Boardroom', seats: 10, position: { x: 260, y: 20, width: 160, height: 90, rotation: 0 } }],
  desks: [
    { ...base, id: 101, number: 'A-1', mode: 'bookable', equipment: ['monitor'], neighbourhoodId: 40, position: place(20), closedReason: null, bookings: [] },
    { ...base, id: 102, number: 'A-2', mode: 'bookable', position: place(100), closedReason: null, bookings: [{ id: 9, startAt: at('13:00'), endAt: at('18:00'), userName: 'Fay Finance', isMine: false }] },
    { ...base, id: 103, number: 'A-3', mode: 'assigned', assignedUserName: 'Olive Owner', position: place(180), closedReason: 'assigned', bookings: [] },
  ],
};
const booking = (overrides: Partial<DeskBooking> = {}): DeskBooking => ({
  id: 77,
  deskId: 101,
  deskNumber: 'A-1',
  floorId: 6,
  floorName: 'Floor 3',
  buildingName: 'Tower A',
  timeZone: ZONE,
  userId: 1,
  userName: 'Bo Booker',
  startAt: at('08:00'),
  endAt: at('13:00'),
  status: 'confirmed',
  checkedInAt: null,
  checkInBy: at('08:30'),
  ...overrides,
});
const menu = [makeEntry('desks', '', [makeEntry('deskeeperReservation', '/deskeeper-reservation')])];
const booker = makeUser({ permissions: ['calendarRoomUse:view'] });

describe('desk booking page', () => {
  it('draws the floor with each desk as it stands for the part chosen, and books a free desk for the morning', async () => {
    const user = userEvent.setup();
    const seen = stubApi({
      'GET /desk/booking/floors': { result: [floor] },
      'GET /desk/availability': { result: availability },
      'GET /desk/booking/mine': { result: [] },
      'POST /desk/book': { result: booking() },
    });
    renderConsole({ path: '/deskeeper-reservation', user: booker, menu });
    const map = await screen.findByTestId('desk-map', {}, { timeout: 15_000 });
    expect(seen.find((request) => request.path === '/desk/availability')!.query.get('date')).toBe(today);
    // The whole day: A-2 is taken in the afternoon, A-3 is kept for its owner.
    expect(['101', '102', '103'].map((id) => within(map).getByTestId(`desk-map-${id}`).getAttribute('data-state'))).toEqual(['free', 'taken', 'closed']);
    await user.click(screen.getByText('Morning', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(within(map).getByTestId('desk-map-102')).toHaveAttribute('data-state', 'free'));
    expect(within(map).getByRole('button', { name: 'Desk A-3, Not for you' })).toBeInTheDocument();
    // A room is drawn with its name and seats, a link to its booking (not a desk to book here).
    const room = within(map).getByRole('link', { name: 'Room Boardroom, 10 seats: book it on the room booking page' });
    expect(room).toHaveAttribute('href', '/reserve?room=301');
    expect(room).toHaveTextContent('Boardroom10 seats');

    await user.click(within(map).getByTestId('desk-map-103'));
    const closed = await screen.findByTestId('desk-book-dialog');
    expect(within(closed).getByTestId('desk-book-closed')).toHaveTextContent('This desk is kept for its owner.');
    expect(within(closed).getByTestId('desk-book-submit')).toBeDisabled();
    await user.click(within(closed).getByText('Close'));
    await waitFor(() => expect(screen.queryByTestId('desk-book-dialog')).not.toBeInTheDocument());

    await user.click(within(map).getByTestId('desk-map-101'));
    const dialog = await screen.findByTestId('desk-book-dialog');
    expect(dialog).toHaveTextContent('Quiet');
    expect(dialog).toHaveTextContent('Monitor');
    await user.click(within(dialog).getByTestId('desk-book-submit'));
    await waitFor(() => expect(seen.find((request) => request.method === 'POST' && request.path === '/desk/book')?.body).toEqual({ deskId: 101, date: today, part: 'am' }));
    expect(await screen.findByText(/Desk A-1 is yours/)).toBeInTheDocument();
  });

  it("judges the map for hours chosen on the floor's clock and books those hours", async () => {
    const user = userEvent.setup();
    const seen = stubApi({
      'GET /desk/booking/floors': { result: [floor] },
      'GET /desk/availability': { result: availability },
      'GET /desk/booking/mine': { result: [] },
      'POST /desk/book': { result: booking({ startAt: at('12:00'), endAt: at('14:00') }) },
    });
    renderConsole({ path: '/deskeeper-reservation', user: booker, menu });
    const map = await screen.findByTestId('desk-map', {}, { timeout: 15_000 });
    await user.click(screen.getByText('Hours', { selector: '.ant-segmented-item-label' }));
    // The first hours offered (09:00-12:00) leave A-2's afternoon booking aside.
    await waitFor(() => expect(within(map).getByTestId('desk-map-102')).toHaveAttribute('data-state', 'free'));
    await user.click(within(screen.getByTestId('desk-booking-hours-to')).getByRole('combobox'));
    await user.click(await screen.findByText('14:00', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(within(map).getByTestId('desk-map-102')).toHaveAttribute('data-state', 'taken'));
    await user.click(within(screen.getByTestId('desk-booking-hours-from')).getByRole('combobox'));
    // The "to" list stays in the document, hidden: the "from" list opened last is the last one.
    await user.click((await screen.findAllByText('12:00', { selector: '.ant-select-item-option-content' })).at(-1)!);

    await user.click(within(map).getByTestId('desk-map-101'));
    const dialog = await screen.findByTestId('desk-book-dialog');
    expect(dialog).toHaveTextContent('12:00–14:00');
    await user.click(within(dialog).getByTestId('desk-book-submit'));
    await waitFor(() => expect(seen.find((request) => request.method === 'POST' && request.path === '/desk/book')?.body).toEqual({ deskId: 101, date: today, part: 'hours', start: '12:00', end: '14:00' }));
    expect(await screen.findByText(/Desk A-1 is yours/)).toBeInTheDocument();
  });

  it("draws the floor's plan under the desks in the plan's own units, the desks still buttons with their states", async () => {
    stubApi({
      'GET /desk/booking/floors': { result: [floor] },
      'GET /desk/availability': { result: { ...availability, map: { contentType: 'image/png', size: 5000, width: 1600, height: 900, updatedAt: 42 } } },
      'GET /desk/booking/mine': { result: [] },
    });
    renderConsole({ path: '/deskeeper-reservation', user: booker, menu });
    const map = await screen.findByTestId('desk-map', {}, { timeout: 15_000 });
    expect(map).toHaveAttribute('viewBox', '0 0 1600 900');
    const plan = within(map).getByTestId('desk-map-plan');
    expect(plan).toHaveAttribute('href', '/api/desk/floor-map?floorId=6&v=42');
    expect([plan.getAttribute('width'), plan.getAttribute('height')]).toEqual(['1600', '900']);
    // Drawn first: the desks lie on top of it.
    expect(map.firstElementChild).toBe(plan);
    expect(within(map).getByRole('button', { name: 'Desk A-1, Free' })).toHaveAttribute('data-state', 'free');
  });

  it('lists desks in Chinese, cancels one of my bookings after asking, and checks me in from a desk QR code', async () => {
    setLang('zh-CN');
    const user = userEvent.setup();
    const seen = stubApi({
      'GET /desk/booking/floors': { result: [floor] },
      'GET /desk/availability': { result: availability },
      'GET /desk/booking/mine': { result: [booking({ id: 78, deskId: 102, deskNumber: 'A-2', startAt: at('13:00') + 86_400_000, endAt: at('18:00') + 86_400_000, checkInBy: null })] },
      'POST /desk/booking/cancel': { result: booking({ id: 78, status: 'cancelled' }) },
      'POST /desk/booking/check-in': { result: booking({ checkedInAt: Date.now() }) },
    });
    renderConsole({ path: '/deskeeper-reservation?checkIn=101', user: booker, menu });
    await waitFor(() => expect(seen.find((request) => request.path === '/desk/booking/check-in')?.body).toEqual({ id: 101 }));
    expect(await screen.findByText('您已在工位 A-1 签到')).toBeInTheDocument();

    await user.click(await screen.findByText('列表', { selector: '.ant-segmented-item-label' }));
    const row = await screen.findByTestId('desk-row-103');
    expect(row).toHaveTextContent('不可预订');
    expect(screen.getByTestId('desk-row-101')).toHaveTextContent('显示器');

    await user.click(await screen.findByTestId('desk-cancel-78'));
    await user.click(await screen.findByTestId('desk-cancel-confirm-78'));
    await waitFor(() => expect(seen.find((request) => request.path === '/desk/booking/cancel')?.body).toEqual({ id: 78 }));
  });
});
