import type { SmartDeviceDetail, SmartDeviceRow } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

afterEach(() => {
  vi.restoreAllMocks();
});

const ONLINE: SmartDeviceRow = {
  id: 21,
  name: 'Kew lights',
  brand: 'Lumen',
  model: 'L-200',
  kind: 'light',
  serialNumber: 'LM-0001',
  ipAddress: '10.0.1.20',
  macAddress: 'AA:BB:CC:00:11:2F',
  homieId: 'kew-lights',
  roomId: 7,
  roomName: 'Kew',
  locationId: 7,
  state: 'ready',
  status: 'online',
  useStatus: 'in_use',
  isActivated: true,
  lastSeenAt: 1_700_000_000_000,
  createdAt: 1,
  updatedAt: 1,
};
const WAITING: SmartDeviceRow = { ...ONLINE, id: 22, name: 'Spare host', kind: 'central_host', homieId: 'spare-host', roomId: null, roomName: null, locationId: null, state: 'alert', status: 'partially_online', useStatus: 'waiting_to_bind' };
const OPTIONS = { rooms: [{ id: 7, name: 'Kew', floorName: '2nd floor' }], users: [{ id: 3, name: 'Dana Deployer', email: 'dana@example.test' }] };

function openDevices({ permissions = ['roomsLocations:view', 'roomsLocations:edit'], routes = {} as Parameters<typeof stubApi>[0] } = {}) {
  const seen = stubApi({
    'GET /smart/devices': () => ({ result: { list: [ONLINE, WAITING], total: 2, page: 1, pageSize: 15 } }),
    'GET /smart/devices/options': { result: OPTIONS },
    ...routes,
  });
  const menu = [makeEntry('smart', '', [makeEntry('smartEquipment', '/smart-equipment')])];
  return { seen, ...renderConsole({ path: '/smart-equipment', user: makeUser({ permissions }), menu }) };
}

describe('smart devices page', () => {
  it('lists devices with their status and use status, filters by status, and hides changes from viewers', async () => {
    const user = userEvent.setup();
    const { seen } = openDevices({ permissions: ['roomsLocations:view'] });
    const table = await screen.findByTestId('smart-device-table');
    await waitFor(() => expect(table).toHaveTextContent('Kew lights'));
    expect(screen.getByTestId('smart-status-21')).toHaveTextContent('Online');
    expect(screen.getByTestId('smart-status-22')).toHaveTextContent('Partially online');
    expect(screen.getByTestId('smart-use-22')).toHaveTextContent('Waiting to bind');
    expect(table).toHaveTextContent('Lumen / L-200');
    expect(table).toHaveTextContent('AA:BB:CC:00:11:2F');
    expect(table).toHaveTextContent('Central host');
    expect(screen.queryByTestId('smart-add')).toBeNull();
    expect(screen.queryByTestId('smart-action-restart-21')).toBeNull();

    await user.click(screen.getByRole('combobox', { name: 'Any status' }));
    await user.click(await screen.findByText('Offline', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(seen.some((request) => request.path === '/smart/devices' && request.query.get('status') === 'offline')).toBe(true));
  });

  it('checks the form with the contract rules, shows the refused deployer under its field, and saves', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const { seen } = openDevices({
      routes: {
        'POST /smart/devices': ({ body }) => {
          attempts += 1;
          // The first answer refuses the deployers as the server does (400 naming the field).
          if (attempts === 1) return { status: 400, returncode: 1001, message: 'The same deployer cannot be added twice', result: { field: 'deployerIds' } };
          return { result: { ...ONLINE, id: 30, name: (body as { name: string }).name, properties: {}, deployers: [], commands: [] } satisfies SmartDeviceDetail };
        },
      },
    });
    await user.click(await screen.findByTestId('smart-add'));
    const form = await screen.findByTestId('smart-device-form');
    await user.click(within(form).getByTestId('smart-form-submit'));
    expect(await within(form).findByText('Device name required')).toBeInTheDocument();
    expect(within(form).getByText('Device IP address required')).toBeInTheDocument();
    expect(within(form).getByText("Choose the device's type")).toBeInTheDocument();

    await user.type(within(form).getByTestId('smart-form-name'), 'Kew projector');
    await user.click(within(within(form).getByTestId('smart-form-kind')).getByRole('combobox'));
    await user.click(await screen.findByText('Projector', { selector: '.ant-select-item-option-content' }));
    await user.type(within(form).getByTestId('smart-form-ip'), '10.0.1.300');
    await user.type(within(form).getByTestId('smart-form-mac'), 'AA:BB');
    await user.click(within(form).getByTestId('smart-form-submit'));
    expect(await within(form).findByText('Enter an IPv4 or IPv6 address, such as 192.168.1.20')).toBeInTheDocument();
    expect(within(form).getByText('Enter six pairs of hexadecimal digits, such as AA:BB:CC:DD:EE:FF')).toBeInTheDocument();
    expect(seen.some((request) => request.method === 'POST')).toBe(false);

    await user.clear(within(form).getByTestId('smart-form-ip'));
    await user.type(within(form).getByTestId('smart-form-ip'), '10.0.1.30');
    await user.clear(within(form).getByTestId('smart-form-mac'));
    await user.type(within(form).getByTestId('smart-form-mac'), 'aa-bb-cc-dd-ee-ff');
    await user.click(within(within(form).getByTestId('smart-form-deployers')).getByRole('combobox'));
    await user.click(await screen.findByText('Dana Deployer (dana@example.test)', { selector: '.ant-select-item-option-content' }));
    await user.click(within(form).getByTestId('smart-form-submit'));
    expect(await within(form).findByText('The same deployer cannot be added twice')).toBeInTheDocument();
    expect(seen.find((request) => request.method === 'POST')?.body).toEqual({
      name: 'Kew projector',
      kind: 'projector',
      brand: null,
      model: null,
      serialNumber: null,
      ipAddress: '10.0.1.30',
      macAddress: 'aa-bb-cc-dd-ee-ff',
      roomId: null,
      deployerIds: [3],
    });

    await user.click(within(form).getByTestId('smart-form-submit'));
    expect(await screen.findByText('Device Kew projector saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('smart-device-form')).toBeNull());
  });

  it('issues an activation code and shows it once with its expiry', async () => {
    const user = userEvent.setup();
    const { seen } = openDevices({ routes: { 'POST /smart/devices/22/activation-code': { result: { code: '04321', expiresAt: Date.UTC(2026, 10, 30, 12, 0) } } } });
    await user.click(await screen.findByTestId('smart-action-code-22'));
    expect(seen.some((request) => request.path.endsWith('/activation-code'))).toBe(false);
    await user.click(await screen.findByTestId('smart-code-submit'));
    expect(await screen.findByTestId('smart-code')).toHaveTextContent('04321');
    expect(screen.getByTestId('smart-code-result')).toHaveTextContent('Valid until 2026-11-30');
  });

  it('asks for the 6-digit safety password before a restart and says a wrong one under it', async () => {
    const user = userEvent.setup();
    const { seen } = openDevices({
      routes: {
        'POST /smart/devices/21/restart': ({ body }) =>
          (body as { safetyPassword: string }).safetyPassword === '135790'
            ? { result: { commandId: 'c0ffee', result: 'acked' } }
            : { status: 400, returncode: 1005, message: 'Restart failed because of wrong safety password' },
      },
    });
    await user.click(await screen.findByTestId('smart-action-restart-21'));
    const password = await screen.findByTestId('smart-restart-password');
    await user.type(password, '12');
    await user.click(screen.getByTestId('smart-restart-submit'));
    expect(await screen.findByText('Enter the 6 digits')).toBeInTheDocument();
    expect(seen.some((request) => request.path.endsWith('/restart'))).toBe(false);

    await user.clear(password);
    await user.type(password, '000000');
    await user.click(screen.getByTestId('smart-restart-submit'));
    expect(await screen.findByText('Restart failed because of wrong safety password')).toBeInTheDocument();

    await user.clear(password);
    await user.type(password, '135790');
    await user.click(screen.getByTestId('smart-restart-submit'));
    expect(await screen.findByTestId('smart-restart-result')).toHaveTextContent('The device acknowledged the restart.');
  });
});
