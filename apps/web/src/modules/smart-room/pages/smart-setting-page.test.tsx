import type { SmartPlan, SmartRoom, SmartRoomDetail, SmartScenes } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

afterEach(() => {
  vi.restoreAllMocks();
});

const ROOM: SmartRoom = {
  roomId: 7,
  name: 'Kew',
  path: 'London / Riverside House / 2nd floor',
  enabled: true,
  responseDelaySeconds: 60,
  presenceCheckIn: true,
  ghostRelease: true,
  ghostGraceMinutes: 10,
  canTellAbsence: true,
  state: 'normal',
  presence: 'someone',
  presenceAt: 1,
  devices: { total: 1, online: 1, partiallyOnline: 0, offline: 0, inactive: 0 },
};
const DETAIL: SmartRoomDetail = {
  ...ROOM,
  deviceList: [
    {
      id: 31,
      name: 'Kew lights',
      kind: 'light',
      homieId: 'kew-lights',
      status: 'online',
      lastSeenAt: 2,
      controls: [
        { node: 'light', property: 'on', nodeType: 'light', datatype: 'boolean', format: null, unit: null, settable: true, value: 'false', at: 2 },
        { node: 'light', property: 'brightness', nodeType: 'light', datatype: 'integer', format: '0:100', unit: '%', settable: true, value: '70', at: 2 },
      ],
    },
  ],
};

function openSettings(initial: SmartPlan = { entries: [{ dayOfWeek: [1, 2, 3, 4, 5], startTime: '08:00', endTime: '19:00' }] }) {
  let plan = initial;
  let scenes: SmartScenes = { on: [], off: [{ deviceId: 31, node: 'light', property: 'on', value: false }] };
  const seen = stubApi({
    'GET /smart/rooms': { result: [ROOM] },
    'GET /smart/rooms/7': { result: DETAIL },
    'GET /smart/rooms/7/plan': () => ({ result: plan }),
    'PUT /smart/rooms/7/plan': ({ body }) => {
      plan = body as SmartPlan;
      return { result: plan };
    },
    'GET /smart/rooms/7/scenes': () => ({ result: scenes }),
    'PUT /smart/rooms/7/scenes': ({ body }) => {
      scenes = body as SmartScenes;
      return { result: scenes };
    },
    'POST /smart/rooms/7/scenes/off/run': { result: { sent: 1, skipped: 0 } },
  });
  renderConsole({
    path: '/smart-setting',
    user: makeUser({ permissions: ['roomsLocations:view', 'roomsLocations:edit'] }),
    menu: [makeEntry('smart', '', [makeEntry('smartSetting', '/smart-setting')])],
  });
  return seen;
}

async function pickRoom(user: ReturnType<typeof userEvent.setup>) {
  await user.click(within(await screen.findByTestId('smart-setting-room')).getByRole('combobox'));
  await user.click(await screen.findByTitle('Kew (London / Riverside House / 2nd floor)'));
}

describe('smart settings page', () => {
  it('adds a plan entry locally and saves the whole list at its confirmation', async () => {
    const user = userEvent.setup();
    const seen = openSettings();
    await pickRoom(user);
    expect(await screen.findByTestId('smart-plan-entry-0')).toHaveTextContent('08:00 – 19:00');
    await user.click(screen.getByTestId('smart-plan-add'));
    const editor = screen.getByTestId('smart-plan-editor');
    // Weekdays by default; Saturday and Sunday instead.
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']) await user.click(within(editor).getByLabelText(day));
    await user.click(within(screen.getByTestId('smart-plan-end')).getByRole('combobox'));
    await user.click(await screen.findByTitle('07:00'));
    expect(editor).toHaveTextContent('The end must be after the start');
    expect(screen.getByTestId('smart-plan-confirm')).toBeDisabled();
    await user.click(within(screen.getByTestId('smart-plan-end')).getByRole('combobox'));
    await user.click(await screen.findByTitle('12:00'));
    await user.click(screen.getByTestId('smart-plan-confirm'));
    expect(await screen.findByText('Smart plan saved')).toBeInTheDocument();
    const put = seen.find((request) => request.method === 'PUT' && request.path === '/smart/rooms/7/plan');
    expect(put?.body).toEqual({
      entries: [
        { dayOfWeek: [1, 2, 3, 4, 5], startTime: '08:00', endTime: '19:00' },
        { dayOfWeek: [6, 7], startTime: '08:00', endTime: '12:00' },
      ],
    });
    await waitFor(() => expect(screen.getByTestId('smart-plan-entry-1')).toHaveTextContent('Sat'));
  });

  it("adds a scene step for one of the room's devices, saves both scenes and runs one", async () => {
    const user = userEvent.setup();
    const seen = openSettings();
    await pickRoom(user);
    await user.click(await screen.findByRole('tab', { name: 'Scenes' }));
    const on = await screen.findByTestId('smart-scene-on');
    expect(on).toHaveTextContent('No steps');
    await user.click(within(on).getByTestId('smart-step-add-on'));
    expect(within(on).getByTestId('smart-step-on-0')).toHaveTextContent('Kew lights');
    await user.click(screen.getByTestId('smart-scenes-save'));
    expect(await screen.findByText('Scenes saved')).toBeInTheDocument();
    expect(seen.find((request) => request.method === 'PUT' && request.path === '/smart/rooms/7/scenes')?.body).toEqual({
      on: [{ deviceId: 31, node: 'light', property: 'on', value: true }],
      off: [{ deviceId: 31, node: 'light', property: 'on', value: false }],
    });
    await user.click(screen.getByTestId('smart-scene-run-off'));
    expect(await screen.findByText('1 commands sent, 0 skipped')).toBeInTheDocument();
  });
});
