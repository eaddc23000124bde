import type { SmartAlarm, SmartRoom, SmartRoomDetail, SmartSensor } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

afterEach(() => {
  vi.restoreAllMocks();
});

const KEW: SmartRoom = {
  roomId: 7,
  name: 'Kew',
  path: 'United Kingdom / London / Riverside House / 2nd floor',
  enabled: true,
  responseDelaySeconds: 60,
  presenceCheckIn: true,
  ghostRelease: true,
  ghostGraceMinutes: 10,
  canTellAbsence: true,
  state: 'normal',
  presence: 'someone',
  presenceAt: 1,
  devices: { total: 2, online: 2, partiallyOnline: 0, offline: 0, inactive: 0 },
};
const QUIET: SmartRoom = { ...KEW, roomId: 8, name: 'Quiet', state: 'not_enabled', presence: 'unknown', presenceAt: null, devices: { total: 0, online: 0, partiallyOnline: 0, offline: 0, inactive: 0 } };

const detailOf = (lightsOn: boolean): SmartRoomDetail => ({
  ...KEW,
  deviceList: [
    {
      id: 31,
      name: 'Kew lights',
      kind: 'light',
      homieId: 'kew-lights',
      status: 'online',
      lastSeenAt: 2,
      controls: [
        { node: 'light', property: 'on', nodeType: 'light', datatype: 'boolean', format: null, unit: null, settable: true, value: String(lightsOn), at: 2 },
        { node: 'light', property: 'brightness', nodeType: 'light', datatype: 'integer', format: '0:100', unit: '%', settable: true, value: '70', at: 2 },
      ],
    },
    {
      id: 32,
      name: 'Kew AC',
      kind: 'air_conditioner',
      homieId: 'kew-ac',
      status: 'offline',
      lastSeenAt: null,
      controls: [{ node: 'climate', property: 'mode', nodeType: 'climate', datatype: 'enum', format: 'cool,heat,fan,auto', unit: null, settable: true, value: 'cool', at: 2 }],
    },
  ],
});

const DEVICE_ALARM: SmartAlarm = {
  id: 5,
  source: 'device',
  deviceId: 32,
  displayId: null,
  deviceName: 'Kew AC',
  kind: 'air_conditioner',
  roomId: 7,
  roomName: 'Kew',
  cause: 'disconnected',
  raisedAt: 3,
  clearedAt: null,
  acknowledgedAt: null,
  acknowledgedByName: null,
};
const DISPLAY_ALARM: SmartAlarm = { ...DEVICE_ALARM, id: 6, source: 'doorDisplay', deviceId: null, displayId: 41, deviceName: 'Kew door', kind: 'door_display' };

function openRooms({
  permissions = ['roomsLocations:view', 'roomsLocations:edit'],
  answer = 'acked' as 'acked' | 'failed' | 'timeout',
  alarms = [DEVICE_ALARM] as SmartAlarm[],
} = {}) {
  let lightsOn = false;
  const acknowledged = new Set<number>();
  const openAlarms = () => alarms.map((alarm) => (acknowledged.has(alarm.id) ? { ...alarm, acknowledgedAt: 4, acknowledgedByName: 'Ada Admin' } : alarm));
  const seen = stubApi({
    'GET /smart/rooms': ({ query }) => ({ result: [KEW, QUIET].filter((room) => !query.get('state') || room.state === query.get('state')) }),
    'GET /smart/rooms/7': () => ({ result: detailOf(lightsOn) }),
    'POST /smart/rooms/7/control': ({ body }) => {
      const { value } = body as { value: boolean };
      if (answer === 'acked') lightsOn = value;
      return { result: { commandId: 'c-1', result: answer, value: String(value) } };
    },
    'PUT /smart/rooms/7/settings': ({ body }) => ({ result: { ...detailOf(lightsOn), ...(body as object) } }),
    'GET /smart/alarms': ({ query }) => ({
      result: {
        list: query.get('state') === 'open' ? openAlarms() : [],
        total: query.get('state') === 'open' ? alarms.length : 0,
        page: 1,
        pageSize: 15,
        openCount: alarms.length,
        unacknowledgedCount: alarms.length - acknowledged.size,
      },
    }),
    ...Object.fromEntries(
      alarms.map((alarm) => [
        `POST /smart/alarms/${alarm.id}/acknowledge`,
        () => {
          acknowledged.add(alarm.id);
          return { result: null };
        },
      ]),
    ),
  });
  const menu = [makeEntry('smart', '', [makeEntry('smartLocation', '/smart-location'), makeEntry('smartInduction', '/smart-induction')])];
  return { seen, ...renderConsole({ path: '/smart-location', user: makeUser({ permissions }), menu }) };
}

describe('smart rooms page', () => {
  it("shows each room's state and presence, counts the states, and filters by state", async () => {
    const user = userEvent.setup();
    const { seen } = openRooms();
    expect(await screen.findByTestId('smart-room-state-7')).toHaveTextContent('Normal');
    expect(screen.getByTestId('smart-room-presence-7')).toHaveTextContent('Someone');
    expect(screen.getByTestId('smart-room-state-8')).toHaveTextContent('Not enabled');
    expect(screen.getByTestId('smart-room-8')).toHaveTextContent('No smart devices');
    expect(screen.getByTestId('smart-room-7')).toHaveTextContent('2 of 2 devices online');
    expect(screen.getByTestId('smart-summary')).toHaveTextContent('2 rooms');
    expect(screen.getByTestId('smart-summary')).toHaveTextContent('Normal: 1');

    await user.click(within(screen.getByTestId('smart-filter-state')).getByRole('combobox'));
    await user.click(await screen.findByTitle('Not enabled'));
    await waitFor(() => expect(screen.queryByTestId('smart-room-7')).toBeNull());
    expect(seen.some((request) => request.path === '/smart/rooms' && request.query.get('state') === 'not_enabled')).toBe(true);
  });

  it("switches a room's lights and shows the device's acknowledgement; an offline device cannot be set", async () => {
    const user = userEvent.setup();
    const { seen } = openRooms();
    await user.click(await screen.findByTestId('smart-room-7'));
    const drawer = await screen.findByTestId('smart-room-drawer');
    const lights = await within(drawer).findByTestId('smart-control-31-light-on');
    expect(lights).not.toBeChecked();
    expect(within(drawer).getByTestId('smart-control-31-light-brightness-value')).toHaveTextContent('70 %');
    // The AC is offline: its mode is shown, not settable.
    expect(within(within(drawer).getByTestId('smart-device-32')).getByRole('combobox')).toBeDisabled();
    await user.click(lights);
    expect(await screen.findByText('Kew lights · Power: the device confirmed')).toBeInTheDocument();
    expect(seen.find((request) => request.path === '/smart/rooms/7/control')?.body).toEqual({ deviceId: 31, node: 'light', property: 'on', value: true });
    await waitFor(() => expect(within(drawer).getByTestId('smart-control-31-light-on')).toBeChecked());
  });

  it('counts the open alarms nobody acknowledged, and acknowledges one', async () => {
    const user = userEvent.setup();
    const { seen } = openRooms();
    await waitFor(() => expect(screen.getByTestId('smart-alarm-badge')).toHaveTextContent('1'));
    await user.click(screen.getByTestId('smart-alarms-open'));
    const drawer = await screen.findByTestId('smart-alarms-drawer');
    expect(await within(drawer).findByText('Disconnected')).toBeInTheDocument();
    await user.click(within(drawer).getByTestId('smart-alarm-ack-5'));
    expect(await within(drawer).findByText('Ada Admin')).toBeInTheDocument();
    expect(seen.some((request) => request.method === 'POST' && request.path === '/smart/alarms/5/acknowledge')).toBe(true);
    await waitFor(() => expect(screen.getByTestId('smart-alarm-badge')).not.toHaveTextContent('1'));
  });

  it("lists a door display's alarm with its kind, counts it in the badge, and acknowledges it", async () => {
    const user = userEvent.setup();
    const { seen } = openRooms({ alarms: [DEVICE_ALARM, DISPLAY_ALARM] });
    await waitFor(() => expect(screen.getByTestId('smart-alarm-badge')).toHaveTextContent('2'));
    await user.click(screen.getByTestId('smart-alarms-open'));
    const drawer = await screen.findByTestId('smart-alarms-drawer');
    const row = (await within(drawer).findByText('Kew door')).closest('tr');
    expect(row).toHaveTextContent('Door display');
    expect(row).toHaveTextContent('Disconnected');
    expect(within(drawer).getByText('Kew AC').closest('tr')).toHaveTextContent('Air conditioner');
    await user.click(within(drawer).getByTestId('smart-alarm-ack-6'));
    expect(await within(drawer).findByText('Ada Admin')).toBeInTheDocument();
    expect(seen.some((request) => request.method === 'POST' && request.path === '/smart/alarms/6/acknowledge')).toBe(true);
    await waitFor(() => expect(screen.getByTestId('smart-alarm-badge')).toHaveTextContent('1'));
  });

  it('says so when the device refuses', async () => {
    const user = userEvent.setup();
    openRooms({ answer: 'failed' });
    await user.click(await screen.findByTestId('smart-room-7'));
    await user.click(await within(await screen.findByTestId('smart-room-drawer')).findByTestId('smart-control-31-light-on'));
    expect(await screen.findByText('Kew lights · Power: the device refused the change')).toBeInTheDocument();
  });

  it('saves the response delay', async () => {
    const user = userEvent.setup();
    const { seen } = openRooms();
    await user.click(await screen.findByTestId('smart-room-7'));
    const drawer = await screen.findByTestId('smart-room-drawer');
    const delay = await within(drawer).findByTestId('smart-settings-delay');
    await user.clear(delay);
    await user.type(delay, '90');
    expect(within(drawer).getByTestId('smart-settings-absence')).toHaveTextContent('can tell it is empty');
    // Without the empty-room release, its time to answer means nothing.
    await user.click(within(drawer).getByTestId('smart-settings-ghost-release'));
    expect(within(drawer).getByTestId('smart-settings-grace')).toBeDisabled();
    await user.click(within(drawer).getByTestId('smart-settings-ghost-release'));
    await user.click(within(drawer).getByTestId('smart-settings-save'));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(seen.find((request) => request.path === '/smart/rooms/7/settings')?.body).toEqual({ enabled: true, responseDelaySeconds: 90, presenceCheckIn: true, ghostRelease: true, ghostGraceMinutes: 10 });
  });

  it('gives a viewer the state but no way to change it', async () => {
    const user = userEvent.setup();
    openRooms({ permissions: ['roomsLocations:view'] });
    await user.click(await screen.findByTestId('smart-room-7'));
    const drawer = await screen.findByTestId('smart-room-drawer');
    expect(await within(drawer).findByTestId('smart-control-31-light-on')).toBeDisabled();
    expect(within(drawer).queryByTestId('smart-settings-save')).toBeNull();
    expect(drawer).toHaveTextContent('changing them needs the edit permission');
  });
});

describe('presence sensors page', () => {
  const SENSOR: SmartSensor = { deviceId: 41, name: 'Kew presence', homieId: 'kew-presence', roomId: 7, roomName: 'Kew', status: 'online', method: 'radar', presence: 'present', presenceAt: 5, responseDelaySeconds: 60 };

  it('lists sensors with presence, method and delay, and filters by presence', async () => {
    const user = userEvent.setup();
    const seen = stubApi({
      'GET /smart/sensors': ({ query }) => ({ result: query.get('presence') === 'absent' ? [] : [SENSOR, { ...SENSOR, deviceId: 42, name: 'Hall PIR', method: null, presence: 'unknown', status: 'offline', presenceAt: null }] }),
    });
    renderConsole({ path: '/smart-induction', user: makeUser({ permissions: ['roomsLocations:view'] }), menu: [makeEntry('smart', '', [makeEntry('smartInduction', '/smart-induction')])] });
    expect(await screen.findByTestId('smart-sensor-presence-41')).toHaveTextContent('Present');
    expect(screen.getByTestId('smart-sensor-presence-42')).toHaveTextContent('Unknown');
    expect(screen.getByTestId('smart-sensor-status-42')).toHaveTextContent('Offline');
    const table = screen.getByTestId('smart-sensor-table');
    expect(table).toHaveTextContent('Radar');
    expect(table).toHaveTextContent('Not reported');
    expect(table).toHaveTextContent('60 s');
    await user.click(within(screen.getByTestId('smart-sensor-filter')).getByRole('combobox'));
    await user.click(await screen.findByTitle('Absent'));
    expect(await screen.findByText(/No presence sensors yet/)).toBeInTheDocument();
    expect(seen.some((request) => request.query.get('presence') === 'absent')).toBe(true);
  });
});
