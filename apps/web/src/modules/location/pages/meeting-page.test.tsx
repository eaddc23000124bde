import type { LocationNode, Page, Room, RoomType } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { unsavedStore } from '../../../shared/forms/unsaved-store';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

afterEach(() => {
  unsavedStore.discard();
  vi.restoreAllMocks();
});

const node = (id: number, level: number, locationName: string, parentId: number | null, extra: Partial<LocationNode> = {}): LocationNode => ({
  id,
  parentId,
  level,
  locationName,
  sortOrder: 0,
  childLevel: [],
  hasChildren: true,
  childList: [],
  regionIconUrl: null,
  description: null,
  timeZone: null,
  address: null,
  effectiveTimeZone: null,
  effectiveAddress: null,
  ...extra,
});

const UK = node(1, 1, 'United Kingdom', null);
const CHINA = node(2, 1, 'China', null, { sortOrder: 1 });
const LONDON = node(3, 2, 'London', 1, { hasChildren: false, effectiveTimeZone: null });

const room: Room = {
  id: 40,
  name: 'Thames',
  capacity: 24,
  roomTypeId: 1,
  roomTypeName: 'Training room',
  roomTypeKind: 'standard',
  backgroundImage: null,
  equipment: ['projector', 'whiteboard'],
  isAvailable: true,
  needsApproval: false,
  signInEnabled: false,
  signInWay: 'manual',
  signInBeforeMinutes: 10,
  signInAfterMinutes: 15,
  oneClickStart: false,
  oneClickEnd: false,
  videoLink: null,
  calendarResource: null,
  hasDoorDisplay: false,
  doorDisplayStatus: 'none',
  bindExternalRooms: false,
  floorId: 9,
  locationPath: 'United Kingdom / London / Riverside House / Ground floor',
  timeZone: 'Europe/London',
  sortOrder: 0,
  createdAt: 0,
  updatedAt: 0,
};

const types: RoomType[] = [{ id: 1, name: 'Training room', typeCode: 'TRAIN', kind: 'standard', isEnabled: true, description: null, roomCount: 1, updatedAt: 0 }];

function openMeeting(permissions = ['roomsLocations:edit', 'roomsLocations:view'], rooms: Room[] = [room]) {
  const menu = [makeEntry('rooms', '', [makeEntry('meeting', '/meeting')])];
  const seen = stubApi({
    'GET /location/getLocationTree': ({ query }) => ({ result: query.get('parentId') === '1' ? [LONDON] : query.get('parentId') ? [] : [UK, CHINA] }),
    'POST /location/findRoomList': ({ body }) => {
      const filters = body as { capacityBand?: string; page: number; pageSize: number };
      const list = filters.capacityBand === '1-5' ? [] : rooms;
      return { result: { list, total: list.length, page: filters.page, pageSize: filters.pageSize } satisfies Page<Room> };
    },
    'GET /roomType/list': () => ({ result: types }),
    'GET /location/getLocationRegionInfo': () => ({ result: { id: 1, level: 1, locationName: 'United Kingdom', regionIconUrl: null, description: null, timeZone: null, address: null, effectiveTimeZone: null, effectiveAddress: null, path: [] } }),
    'POST /location/move': () => ({ result: { id: 2 } }),
    'GET /location/room/disablePeriods': () => ({ result: [] }),
  });
  return { seen, ...renderConsole({ path: '/meeting', user: makeUser({ permissions }), menu }) };
}

describe('/meeting', () => {
  it('shows the tree by level and the rooms, filtered by capacity band', async () => {
    const { seen } = openMeeting();
    await screen.findByText('United Kingdom');
    expect(screen.getByText('China')).toBeInTheDocument();
    const table = await screen.findByTestId('room-list');
    await waitFor(() => expect(table).toHaveTextContent('Thames'));
    expect(table).toHaveTextContent('Projector');

    await userEvent.click(within(table).getByLabelText('Capacity'));
    await userEvent.click(await screen.findByText('1-5 people'));
    await waitFor(() => expect(table).toHaveTextContent('No rooms match'));
    const lastList = seen.filter((request) => request.path === '/location/findRoomList').at(-1)!;
    expect(lastList.body).toMatchObject({ capacityBand: '1-5', page: 1, pageSize: 15 });
  });

  it('offers the actions of each level and keeps the first node from moving up', async () => {
    const { seen } = openMeeting();
    await screen.findByText('United Kingdom');
    await userEvent.click(screen.getByTestId('location-node-actions-root'));
    expect(await screen.findByText('Add country')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByTestId('location-node-actions-1'));
    const addCity = await screen.findByText('Add city');
    const menu = addCity.closest('.ant-dropdown-menu') as HTMLElement;
    expect(within(menu).getByTestId('location-action-moveUp')).toHaveAttribute('aria-disabled', 'true');
    expect(within(menu).getByTestId('location-action-moveDown')).not.toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(within(menu).getByTestId('location-action-moveDown'));
    await waitFor(() => expect(seen.some((request) => request.path === '/location/move')).toBe(true));
    expect(seen.find((request) => request.path === '/location/move')!.body).toEqual({ id: 1, direction: 'down' });
  });

  it('clears a capacity above the limit with a message saying the range, never saving a clamped one (spec 000 section 5)', async () => {
    const user = userEvent.setup();
    const { seen } = openMeeting();
    const table = await screen.findByTestId('room-list');
    await waitFor(() => expect(table).toHaveTextContent('Thames'));
    await user.click(screen.getByTestId('room-edit-40'));
    const capacity = await screen.findByTestId('room-capacity');
    expect(capacity).toHaveValue('24');
    await user.clear(capacity);
    await user.type(capacity, '99999');
    await user.click(screen.getByTestId('room-save'));
    expect(capacity).toHaveValue('');
    expect(await screen.findByText('Enter a whole number from 1 to 10000')).toBeInTheDocument();
    await user.type(capacity, '-3');
    expect(capacity).toHaveValue('3');
    expect(seen.some((request) => request.path === '/location/updateRoomInfo')).toBe(false);
  });

  it('shows no changes to a viewer', async () => {
    openMeeting(['roomsLocations:view']);
    await screen.findByText('United Kingdom');
    expect(screen.queryByTestId('location-node-actions-root')).toBeNull();
    expect(screen.queryByTestId('room-add')).toBeNull();
  });

  it("shows a room's booking screen as its door displays are: online, offline, waiting for activation, or none; the form has no switch for it", async () => {
    const rooms: Room[] = [
      { ...room, id: 41, name: 'Kew', hasDoorDisplay: true, doorDisplayStatus: 'online' },
      { ...room, id: 42, name: 'Richmond', doorDisplayStatus: 'offline' },
      { ...room, id: 43, name: 'Putney', doorDisplayStatus: 'inactive' },
      { ...room, id: 44, name: 'Fulham' },
    ];
    openMeeting(undefined, rooms);
    const table = await screen.findByTestId('room-list');
    await waitFor(() => expect(table).toHaveTextContent('Kew'));
    const row = (id: number) => screen.getByTestId(`room-row-${id}`).closest('tr') as HTMLElement;
    expect(within(row(41)).getByTestId('room-screen-41')).toHaveTextContent('Has a booking screen');
    expect(within(row(42)).getByTestId('room-screen-42')).toHaveTextContent('Booking screen offline');
    expect(within(row(43)).getByTestId('room-screen-43')).toHaveTextContent('Booking screen not activated');
    expect(within(row(44)).queryByTestId('room-screen-44')).toBeNull();
    await userEvent.click(screen.getByTestId('room-edit-41'));
    const drawer = await screen.findByTestId('room-drawer');
    expect(within(drawer).getByTestId('room-door-display-status')).toHaveTextContent('Has a booking screen');
    expect(within(drawer).queryByTestId('room-hasDoorDisplay')).toBeNull();
  });
  it('asks before the room drawer drops unsaved changes, the room form or a disable period being entered; a name changed back is not asked about (issue 17)', async () => {
    const user = userEvent.setup();
    openMeeting();
    const table = await screen.findByTestId('room-list');
    await waitFor(() => expect(table).toHaveTextContent('Thames'));
    await user.click(screen.getByTestId('room-edit-40'));
    const name = await screen.findByTestId('room-name');
    // The closed questions stay in the page, hidden: each new one adds a Discard button.
    const questions = () => screen.queryAllByTestId('unsaved-discard').length;

    fireEvent.change(name, { target: { value: 'Thames North' } });
    expect(unsavedStore.isDirty(['/meeting'])).toBe(true);
    await user.click(screen.getByTestId('room-cancel'));
    await waitFor(() => expect(questions()).toBe(1));
    await user.click(screen.getByTestId('unsaved-keep'));
    expect(name).toHaveValue('Thames North');

    fireEvent.change(name, { target: { value: 'Thames' } });
    await waitFor(() => expect(unsavedStore.isDirty(['/meeting'])).toBe(false));
    fireEvent.change(screen.getByTestId('room-period-reason'), { target: { value: 'Painting' } });
    await user.click(screen.getByTestId('room-cancel'));
    await waitFor(() => expect(questions()).toBe(2));
    await user.click(screen.getAllByTestId('unsaved-discard').at(-1)!);
    await waitFor(() => expect(screen.queryByTestId('room-name')).not.toBeInTheDocument());
    expect(unsavedStore.isDirty()).toBe(false);
  });
});
