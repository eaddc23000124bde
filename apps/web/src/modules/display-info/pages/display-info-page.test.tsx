import { DEFAULT_INFO_FIELDS, type InfoShowSettingList, type Permission } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';
import { repeatedLabel } from '../components/info-show-card';

afterEach(() => vi.restoreAllMocks());

const LIST: InfoShowSettingList = {
  companyDefault: { id: 4, roomId: null, roomName: null, fields: DEFAULT_INFO_FIELDS, items: [{ label: 'Wi-Fi', value: 'Guest-Net' }, { label: 'Helpdesk', value: '4455' }], updatedAt: 1 },
  rooms: [{ id: 5, roomId: 21, roomName: 'North', fields: { ...DEFAULT_INFO_FIELDS, host: false }, items: [], updatedAt: 2 }],
  roomChoices: [
    { id: 21, name: 'North' },
    { id: 22, name: 'South' },
  ],
};

function openPage(permissions: Permission[] = ['reservationScreens:edit', 'reservationScreens:view']) {
  const seen = stubApi({
    'GET /customSetting/getInfoShowCustomSettingList': () => ({ result: LIST }),
    'POST /customSetting/addInfoShowCustomSetting': ({ body }) => ({ result: { ...LIST.companyDefault, ...(body as object) } }),
    'POST /customSetting/delInfoShowCustomSettingByID': () => ({ result: null }),
  });
  const menu = [makeEntry('rooms', '', [makeEntry('displaySettings', '/display-settings')])];
  renderConsole({ path: '/display-settings', user: makeUser({ permissions }), menu });
  return seen;
}

const sent = (seen: ReturnType<typeof stubApi>, path: string) => seen.filter((request) => request.path === path).map((request) => request.body);

describe('display settings page', () => {
  it('edits the shown fields and reorders, adds and removes information lines', async () => {
    const user = userEvent.setup();
    const seen = openPage();
    await screen.findByTestId('info-form');
    expect(screen.getByTestId('info-item-label-0')).toHaveValue('Wi-Fi');
    await user.click(screen.getByTestId('info-field-description'));
    await user.click(screen.getByTestId('info-item-down-0'));
    expect(screen.getByTestId('info-item-label-0')).toHaveValue('Helpdesk');
    await user.click(screen.getByTestId('info-item-add'));
    await user.type(screen.getByTestId('info-item-label-2'), 'Parking');
    await user.type(screen.getByTestId('info-item-value-2'), 'Level -2');
    await user.click(screen.getByTestId('info-item-delete-1'));
    await user.click(screen.getByTestId('info-save'));
    await waitFor(() => expect(sent(seen, '/customSetting/addInfoShowCustomSetting')).toHaveLength(1));
    expect(sent(seen, '/customSetting/addInfoShowCustomSetting')[0]).toEqual({
      id: 4,
      roomId: null,
      fields: { ...DEFAULT_INFO_FIELDS, description: true },
      items: [{ label: 'Helpdesk', value: '4455' }, { label: 'Parking', value: 'Level -2' }],
    });
    expect(await screen.findByText('Display information saved')).toBeInTheDocument();
  });

  it('refuses an empty line and a repeated label before sending', async () => {
    const user = userEvent.setup();
    const seen = openPage();
    await screen.findByTestId('info-form');
    await user.click(screen.getByTestId('info-item-add'));
    await user.type(screen.getByTestId('info-item-label-2'), 'wi-fi');
    await user.click(screen.getByTestId('info-save'));
    expect(await screen.findByText('Each line needs its own label')).toBeInTheDocument();
    expect(await screen.findByText('Enter a value')).toBeInTheDocument();
    expect(sent(seen, '/customSetting/addInfoShowCustomSetting')).toHaveLength(0);
    expect(repeatedLabel([{ label: 'A' }, { label: ' a ' }])).toBe('a');
    expect(repeatedLabel([{ label: 'A' }, { label: 'B' }])).toBeUndefined();
  });

  it("gives a room its own settings, starting from the company default, and takes them away again", async () => {
    const user = userEvent.setup();
    const seen = openPage();
    await screen.findByTestId('info-form');
    await user.click(within(screen.getByTestId('info-scope')).getByRole('combobox'));
    await user.click(await screen.findByTitle('South'));
    expect(await screen.findByTestId('info-room-default')).toHaveTextContent('This room shows the company default');
    expect(screen.getByTestId('info-item-label-0')).toHaveValue('Wi-Fi');
    expect(screen.queryByTestId('info-reset')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('info-field-host'));
    await user.click(screen.getByTestId('info-save'));
    await waitFor(() => expect(sent(seen, '/customSetting/addInfoShowCustomSetting')).toHaveLength(1));
    expect(sent(seen, '/customSetting/addInfoShowCustomSetting')[0]).toEqual({ roomId: 22, fields: { ...DEFAULT_INFO_FIELDS, host: false }, items: LIST.companyDefault.items });

    // North has its own settings: they can go, and North falls back to the default.
    await user.click(within(screen.getByTestId('info-scope')).getByRole('combobox'));
    await user.click(await screen.findByTitle('North'));
    await waitFor(() => expect(screen.getByTestId('info-field-host')).toHaveAttribute('aria-checked', 'false'));
    expect(screen.queryByTestId('info-room-default')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('info-reset'));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(sent(seen, '/customSetting/delInfoShowCustomSettingByID')).toEqual([{ id: 5 }]));
  });

  it('hides the buttons without edit, and asks nothing about notifications (they live on /message-remind)', async () => {
    const seen = openPage(['reservationScreens:view']);
    await screen.findByTestId('info-form');
    expect(screen.queryByTestId('info-save')).not.toBeInTheDocument();
    expect(screen.queryByTestId('info-item-add')).not.toBeInTheDocument();
    expect(seen.some((request) => request.path === '/config/notice/query')).toBe(false);
  });
});
