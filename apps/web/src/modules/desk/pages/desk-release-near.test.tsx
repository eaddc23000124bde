import { addDays, fromZoned, toZoned, type Desk, type DeskAvailability, type DeskBooking, type DeskFloor, type DeskNear, type DeskSeriesResult, type ReleasableDesk } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
  neighbourhoods: [],
  map: null,
  rooms: [],
  desks: [
    { ...base, id: 101, number: 'A-1', mode: 'bookable', position: place(20), closedReason: null, bookings: [] },
    { ...base, id: 102, number: 'A-2', mode: 'bookable', position: place(100), closedReason: null, bookings: [{ id: 9, startAt: at('08:00'), endAt: at('18:00'), userName: 'Cara Colleague', isMine: false }] },
    { ...base, id: 103, number: 'A-3', mode: 'assigned', assignedUserName: 'Olive Owner', position: place(180), closedReason: null, isReleased: true, bookings: [] },
  ],
};
const ownDesk = (releases: ReleasableDesk['releases']): ReleasableDesk => ({ deskId: 103, deskNumber: 'A-3', floorId: 6, floorName: 'Floor 3', buildingName: 'Tower A', timeZone: ZONE, today, releases });
const booked: DeskBooking = {
  id: 80, deskId: 101, deskNumber: 'A-1', floorId: 6, floorName: 'Floor 3', buildingName: 'Tower A', timeZone: ZONE, userId: 1, userName: 'Bo Booker',
  startAt: at('08:00'), endAt: at('18:00'), status: 'confirmed', checkedInAt: null, checkInBy: null,
};
const menu = [makeEntry('desks', '', [makeEntry('deskeeperReservation', '/deskeeper-reservation')])];
const booker = makeUser({ permissions: ['calendarRoomUse:view'] });

describe('desk booking page: away days and "book next to"', () => {
  it('lets the owner release their desk for days and take a release back; a released desk shows as free with a hint', async () => {
    const user = userEvent.setup();
    const later = addDays(today, 3);
    const seen = stubApi({
      'GET /desk/booking/floors': { result: [floor] },
      'GET /desk/availability': { result: availability },
      'GET /desk/booking/mine': { result: [] },
      'GET /desk/releases': { result: [ownDesk([{ id: 5, firstDay: later, lastDay: addDays(later, 1), createdAt: 1, bookedDays: [{ date: later, userName: 'Bo Booker' }] }])] },
      'POST /desk/releases': { result: ownDesk([]) },
      'DELETE /desk/releases': { result: ownDesk([]) },
    });
    renderConsole({ path: '/deskeeper-reservation', user: booker, menu });
    await screen.findByTestId('desk-map', {}, { timeout: 40_000 });
    const mine = await screen.findByTestId('my-desk-release-103');
    expect(mine).toHaveTextContent('My assigned desk A-3');
    expect(within(screen.getByTestId('desk-release-5')).getByText(/Booked by colleagues \(stays released\): .*\(Bo Booker\)/)).toBeInTheDocument();

    await user.click(within(mine).getAllByRole('textbox')[0]!);
    const from = addDays(today, 1);
    const to = addDays(today, 2);
    // The range picker's panels: pick two dates by their cell titles.
    await user.click(document.querySelector(`td[title="${from}"]`)!);
    await user.click(document.querySelector(`td[title="${to}"]`)!);
    await user.click(within(mine).getByTestId('desk-release-submit-103'));
    await waitFor(() => expect(seen.find((request) => request.method === 'POST' && request.path === '/desk/releases')?.body).toEqual({ deskId: 103, firstDay: from, lastDay: to }));
    expect(await screen.findByText(/Desk A-3 is free for colleagues/)).toBeInTheDocument();

    await user.click(screen.getByTestId('desk-release-take-back-5'));
    await user.click(await screen.findByTestId('desk-release-take-back-confirm-5'));
    await waitFor(() => expect(seen.find((request) => request.method === 'DELETE' && request.path === '/desk/releases')?.body).toEqual({ id: 5 }));

    // On the map the released desk is free; its dialog says why.
    const map = screen.getByTestId('desk-map');
    expect(within(map).getByTestId('desk-map-103')).toHaveAttribute('data-state', 'free');
    await user.click(within(map).getByTestId('desk-map-103'));
    const dialog = await screen.findByTestId('desk-book-dialog');
    expect(within(dialog).getByTestId('desk-book-released')).toHaveTextContent('Released by its owner for this day.');
    expect(within(dialog).getByTestId('desk-book-submit')).toBeEnabled();
  }, 60_000);

  it('finds a colleague, marks where they sit and the nearest free desks, and books the nearest in one click', async () => {
    const user = userEvent.setup();
    const near: DeskNear = {
      userId: 12,
      userName: 'Cara Colleague',
      booking: { deskId: 102, deskNumber: 'A-2', floorId: 6, floorName: 'Floor 3', startAt: at('08:00'), endAt: at('18:00') },
      desks: [
        { deskId: 101, deskNumber: 'A-1', distance: 80, isSameNeighbourhood: false },
        { deskId: 103, deskNumber: 'A-3', distance: 80, isSameNeighbourhood: false },
      ],
    };
    const seen = stubApi({
      'GET /desk/booking/floors': { result: [floor] },
      'GET /desk/availability': { result: availability },
      'GET /desk/booking/mine': { result: [] },
      'GET /desk/releases': { result: [] },
      'GET /meeting/colleagues': { result: [{ id: 12, fullName: 'Cara Colleague', email: null }] },
      'GET /desk/booking/near': { result: near },
      'POST /desk/book': { result: booked },
    });
    renderConsole({ path: '/deskeeper-reservation', user: booker, menu });
    const map = await screen.findByTestId('desk-map', {}, { timeout: 15_000 });
    await user.type(within(screen.getByTestId('desk-near-search')).getByRole('combobox'), 'Cara');
    await user.click(await screen.findByText('Cara Colleague', { selector: '.ant-select-item-option-content' }));
    const answer = await screen.findByTestId('desk-near-answer');
    expect(answer).toHaveTextContent('Cara Colleague sits at desk A-2 (Floor 3).');
    const query = seen.find((request) => request.path === '/desk/booking/near')!.query;
    expect([query.get('userId'), query.get('floorId'), query.get('date'), query.get('part')]).toEqual(['12', '6', today, 'day']);
    await waitFor(() => expect(within(map).getByTestId('desk-map-102')).toHaveClass('is-colleague'));
    expect(within(map).getByTestId('desk-map-101')).toHaveClass('is-near');

    await user.click(within(answer).getByTestId('desk-near-book'));
    await waitFor(() => expect(seen.find((request) => request.method === 'POST' && request.path === '/desk/book')?.body).toEqual({ deskId: 101, date: today, part: 'day' }));
    expect(await screen.findByText(/Desk A-1 is yours/)).toBeInTheDocument();
  }, 60_000);

  it('books a desk weekly and shows each week booked or refused with the server\'s reason', async () => {
    const user = userEvent.setup();
    const results: DeskSeriesResult = [
      { date: today, booking: booked, refusal: null },
      { date: addDays(today, 7), booking: null, refusal: 'Desk A-1 is already booked between 08:00 and 18:00' },
    ];
    const seen = stubApi({
      'GET /desk/booking/floors': { result: [floor] },
      'GET /desk/availability': { result: availability },
      'GET /desk/booking/mine': { result: [] },
      'GET /desk/releases': { result: [] },
      'POST /desk/book/series': { result: results },
    });
    renderConsole({ path: '/deskeeper-reservation', user: booker, menu });
    const map = await screen.findByTestId('desk-map', {}, { timeout: 40_000 });
    await user.click(within(map).getByTestId('desk-map-101'));
    const dialog = await screen.findByTestId('desk-book-dialog');
    await user.click(within(within(dialog).getByTestId('desk-book-weeks')).getByRole('combobox'));
    await user.click(await screen.findByText('2 weeks', { selector: '.ant-select-item-option-content' }));
    await user.click(within(dialog).getByTestId('desk-book-submit'));
    await waitFor(() => expect(seen.find((request) => request.path === '/desk/book/series')?.body).toEqual({ deskId: 101, date: today, part: 'day', weeks: 2 }));
    expect(await screen.findByText('1 of 2 weeks booked')).toBeInTheDocument();
    expect(within(dialog).getByTestId(`desk-series-${addDays(today, 7)}`)).toHaveTextContent('Desk A-1 is already booked between 08:00 and 18:00');
    expect(within(dialog).getByTestId(`desk-series-${today}`)).toHaveTextContent('booked');
  }, 60_000);
});
