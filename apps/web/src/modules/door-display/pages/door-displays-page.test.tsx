import type { DoorDisplay, LightCycle } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

afterEach(() => {
  vi.restoreAllMocks();
});

const DISPLAY: DoorDisplay = {
  id: 11,
  name: 'Boardroom',
  roomId: 7,
  roomName: 'Boardroom',
  locationPath: ['United Kingdom', 'London', 'Riverside House', '2nd floor'],
  activationCode: null,
  status: 'online',
  platform: 'android',
  appVersion: '3.4.1',
  activatedAt: 1,
  lastSeenAt: 2,
  createdAt: 1,
};
const WAITING: DoorDisplay = { ...DISPLAY, id: 12, name: 'Kew', roomId: 8, roomName: 'Kew', activationCode: '04321', status: 'inactive', platform: null, appVersion: null, lastSeenAt: null };

function openDisplays({ permissions = ['reservationScreens:edit', 'reservationScreens:view'], cycles = [] as LightCycle[] } = {}) {
  let stored = [...cycles];
  const seen = stubApi({
    'POST /deviceActivation/findRoomDeviceActivationList': () => ({ result: { list: [DISPLAY, WAITING], total: 2, page: 1, pageSize: 15 } }),
    'GET /deviceActivation/rooms': { result: [{ id: 7, name: 'Boardroom', path: ['United Kingdom'] }] },
    'GET /deviceLightCycle/findDeviceLightCycleList': () => ({ result: stored }),
    'POST /deviceLightCycle/addDeviceLightCycle': ({ body }) => {
      stored = [{ id: 99, ...(body as Omit<LightCycle, 'id'>) }];
      return { result: { id: 99 } };
    },
    'POST /deviceLightCycle/delDeviceLightCycle': () => {
      stored = [];
      return { result: null };
    },
  });
  const menu = [makeEntry('rooms', '', [makeEntry('doorDisplays', '/door-displays')])];
  return { seen, ...renderConsole({ path: '/door-displays', user: makeUser({ permissions }), menu }) };
}

describe('door displays page', () => {
  it('lists displays with their status, path and code, and hides changes from viewers', async () => {
    openDisplays({ permissions: ['reservationScreens:view'] });
    const table = await screen.findByTestId('door-display-table');
    await waitFor(() => expect(table).toHaveTextContent('Boardroom'));
    expect(screen.getByTestId('door-status-11')).toHaveTextContent('Online');
    expect(screen.getByTestId('door-status-12')).toHaveTextContent('Inactive');
    expect(screen.getByTestId('door-code-12')).toHaveTextContent('04321');
    expect(table).toHaveTextContent('United Kingdom / London / Riverside House / 2nd floor');
    expect(screen.queryByTestId('door-add-code')).toBeNull();
    expect(screen.queryByTestId('door-action-cancel-11')).toBeNull();
    expect(screen.getByTestId('door-action-cycle-11')).toBeInTheDocument();
  });

  it('edits one light cycle at a time: default 08:00-18:00 on workdays, cancel removes a new entry, add only without a cycle', async () => {
    const user = userEvent.setup();
    const { seen } = openDisplays();
    await user.click(await screen.findByTestId('door-action-cycle-11'));
    const drawer = await screen.findByTestId('light-cycle-drawer');
    await user.click(await within(drawer).findByTestId('light-cycle-add'));
    expect(within(drawer).getByTestId('light-cycle-range')).toHaveTextContent('08:00 - 18:00');
    expect(within(drawer).queryByTestId('light-cycle-add')).toBeNull();
    await user.click(within(drawer).getByTestId('light-cycle-cancel'));
    expect(within(drawer).queryByTestId('light-cycle-editor')).toBeNull();

    await user.click(within(drawer).getByTestId('light-cycle-add'));
    await user.click(within(drawer).getByTestId('light-cycle-save'));
    await waitFor(() => expect(within(drawer).getByTestId('light-cycle-days-label')).toHaveTextContent('Workday'));
    expect(seen.find((request) => request.path === '/deviceLightCycle/addDeviceLightCycle')?.body).toEqual({ deviceId: 11, weekday: '1,2,3,4,5', startTime: '08:00', endTime: '18:00' });
    expect(within(drawer).queryByTestId('light-cycle-add')).toBeNull();
    expect(await screen.findByText('Light cycle added')).toBeInTheDocument();
  });

  it('asks before deleting a cycle, and shows seven days as everyday', async () => {
    const user = userEvent.setup();
    const { seen } = openDisplays({ cycles: [{ id: 5, deviceId: 11, weekday: '0,1,2,3,4,5,6', startTime: '07:00', endTime: '23:59' }] });
    await user.click(await screen.findByTestId('door-action-cycle-11'));
    const drawer = await screen.findByTestId('light-cycle-drawer');
    await waitFor(() => expect(within(drawer).getByTestId('light-cycle-days-label')).toHaveTextContent('Everyday'));
    expect(within(drawer).getByTestId('light-cycle-hours')).toHaveTextContent('07:00 - 23:59');
    await user.click(within(drawer).getByTestId('light-cycle-delete'));
    expect(seen.some((request) => request.path === '/deviceLightCycle/delDeviceLightCycle')).toBe(false);
    await user.click(await screen.findByTestId('light-cycle-delete-ok'));
    await waitFor(() => expect(seen.some((request) => request.path === '/deviceLightCycle/delDeviceLightCycle')).toBe(true));
    expect(await screen.findByText('Light cycle deleted')).toBeInTheDocument();
    await within(drawer).findByTestId('light-cycle-add');
  });
});
