import { addDays, toZoned, type DeskAccessDepartment, type DeskAvailability, type DeskClosure, type DeskFloor } from '@atrium/contract';
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
const floor: DeskFloor = { floorId: 6, floorName: 'Floor 3', buildingId: 5, buildingName: 'Tower A', timeZone: ZONE, deskCount: 0, neighbourhoods: [], map: null };
const departments: DeskAccessDepartment[] = [
  { id: 1, name: 'Acme', parentId: null, path: 'Acme', memberCount: 2, deskBookingEnabled: true },
  { id: 2, name: 'Finance', parentId: 1, path: 'Acme / Finance', memberCount: 5, deskBookingEnabled: true },
  { id: 3, name: 'Sales', parentId: 1, path: 'Acme / Sales', memberCount: 7, deskBookingEnabled: false },
];
const closure: DeskClosure = { id: 9, buildingId: 5, buildingName: 'Tower A', firstDate: addDays(today, 2), lastDate: addDays(today, 3), name: 'Office move', createdAt: 1 };
const menu = [makeEntry('workstations', '', [makeEntry('stationStrategy', '/deskeeper-station-strategy'), makeEntry('deskeeperReservation', '/deskeeper-reservation')])];
const editor = makeUser({ permissions: ['roomsLocations:view', 'roomsLocations:edit', 'calendarRoomUse:view'] });

describe('desk access page', () => {
  it('switches desk booking for a department and for a selection, and finds a department by its path', async () => {
    const user = userEvent.setup();
    const seen = stubApi({
      'GET /desk/access/departments': { result: departments },
      'PUT /tenant/group/user/deskeeper-service': ({ body }) => ({ result: { updated: (body as { departmentIds: number[] }).departmentIds.length } }),
      'GET /desk/closures': { result: [] },
      'GET /desk/floors': { result: [floor] },
    });
    renderConsole({ path: '/deskeeper-station-strategy', user: editor, menu });
    const finance = await screen.findByTestId('desk-access-switch-2', {}, { timeout: 15_000 });
    expect(screen.getByTestId('page-desk-access')).toHaveTextContent('Desk access and closures');
    expect(finance).toBeChecked();
    expect(screen.getByTestId('desk-access-switch-3')).not.toBeChecked();
    await user.click(finance);
    await waitFor(() => expect(seen.find((request) => request.method === 'PUT')?.body).toEqual({ departmentIds: [2], enabled: false }));
    expect(await screen.findByText('Desk booking is off for 1 department')).toBeInTheDocument();

    await user.type(screen.getByTestId('desk-access-search').querySelector('input')!, 'sales');
    await waitFor(() => expect(screen.queryByTestId('desk-access-row-2')).not.toBeInTheDocument());
    await user.clear(screen.getByTestId('desk-access-search').querySelector('input')!);
    await screen.findByTestId('desk-access-row-2');
    await user.click(within(screen.getByTestId('desk-access-row-2')).getByRole('checkbox'));
    await user.click(within(screen.getByTestId('desk-access-row-3')).getByRole('checkbox'));
    await user.click(screen.getByTestId('desk-access-on'));
    await waitFor(() => expect(seen.filter((request) => request.method === 'PUT').at(-1)?.body).toEqual({ departmentIds: [2, 3], enabled: true }));
  });

  it('changes a closure after saying the bookings in its days will be cancelled, and tells how many were', async () => {
    const user = userEvent.setup();
    const seen = stubApi({
      'GET /desk/access/departments': { result: departments },
      'GET /desk/closures': { result: [closure] },
      'GET /desk/floors': { result: [floor] },
      'PUT /desk/closures': ({ body }) => ({ result: { closure: { ...closure, ...(body as object) }, cancelled: 3 } }),
    });
    renderConsole({ path: '/deskeeper-station-strategy', user: editor, menu });
    await user.click(await screen.findByRole('tab', { name: 'Closure days' }, { timeout: 15_000 }));
    const row = await screen.findByTestId('desk-closure-row-9');
    expect(row).toHaveTextContent('Office move');
    expect(row).toHaveTextContent('Tower A');
    await user.click(within(row).getByTestId('desk-closure-edit-9'));
    const dialog = await screen.findByTestId('desk-closure-dialog');
    const name = within(dialog).getByTestId('desk-closure-name');
    await user.clear(name);
    await user.type(name, 'Office move (2 days)');
    await user.click(screen.getByTestId('desk-closure-save'));
    expect((await screen.findAllByText('Cancel the desk bookings in these days?')).length).toBeGreaterThan(0);
    await user.click(screen.getByTestId('desk-closure-confirm'));
    await waitFor(() =>
      expect(seen.find((request) => request.method === 'PUT')?.body).toEqual({ id: 9, buildingId: 5, firstDate: closure.firstDate, lastDate: closure.lastDate, name: 'Office move (2 days)' }),
    );
    expect(await screen.findByText('The closure has been saved; 3 desk bookings were cancelled')).toBeInTheDocument();
  });

  it('shows a reader the switches and closures without changing them, in Chinese', async () => {
    setLang('zh-CN');
    stubApi({
      'GET /desk/access/departments': { result: departments },
      'GET /desk/closures': { result: [closure] },
      'GET /desk/floors': { result: [floor] },
    });
    renderConsole({ path: '/deskeeper-station-strategy', user: makeUser({ permissions: ['roomsLocations:view'] }), menu });
    expect(await screen.findByTestId('desk-access-switch-2', {}, { timeout: 15_000 })).toBeDisabled();
    expect(screen.getByTestId('page-desk-access')).toHaveTextContent('工位预订权限与停用日');
    expect(screen.queryByTestId('desk-closure-add')).not.toBeInTheDocument();
  });
});

describe('desk booking page: access and closures', () => {
  const availability: DeskAvailability = { date: today, timeZone: ZONE, dayStartAt: 0, middayAt: 0, dayEndAt: 0, lastDate: addDays(today, 14), neighbourhoods: [], map: null, rooms: [], desks: [] };
  const booker = makeUser({ permissions: ['calendarRoomUse:view'] });

  it('says when desk booking is not turned on for the reader\'s department, with no desks to book', async () => {
    stubApi({
      'GET /desk/booking/floors': { result: [{ ...floor, deskCount: 1 }] },
      'GET /desk/availability': { result: availability },
      'GET /desk/booking/mine': { result: [] },
      'GET /desk/booking/access': { result: { canBook: false, closures: [] } },
    });
    renderConsole({ path: '/deskeeper-reservation', user: booker, menu });
    expect(await screen.findByTestId('desk-booking-not-allowed')).toHaveTextContent('Desk booking is not turned on for your department');
    expect(screen.queryByTestId('desk-booking-date')).not.toBeInTheDocument();
  });

  it('names the closure of a closed day and disables it in the date picker', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /desk/booking/floors': { result: [{ ...floor, deskCount: 1 }] },
      'GET /desk/availability': { result: availability },
      'GET /desk/booking/mine': { result: [] },
      'GET /desk/booking/access': { result: { canBook: true, closures: [{ id: 9, firstDate: today, lastDate: addDays(today, 1), name: 'Office move' }] } },
    });
    renderConsole({ path: '/deskeeper-reservation', user: booker, menu });
    expect(await screen.findByTestId('desk-booking-closed-day')).toHaveTextContent('Desks cannot be booked on this day: Office move');
    await user.click(screen.getByTestId('desk-booking-date'));
    const closed = await screen.findByTestId(`desk-closed-day-${addDays(today, 1)}`);
    expect(closed).toHaveAttribute('title', 'Office move');
    expect(closed.closest('td')).toHaveClass('ant-picker-cell-disabled');
  });
});
