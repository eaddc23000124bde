import type { VisitorDevice } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { preferencesStore } from '../../../shared/preferences/preferences-store';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';
import { DEVICE_REFRESH_MS, readReceptionPlace } from '../api/reception-devices.api';

afterEach(() => {
  setLang('en-US');
  preferencesStore.deactivate();
  localStorage.clear();
  vi.restoreAllMocks();
});

const NOW = Date.now();
const menu = [makeEntry('visitors', '', [makeEntry('guiderLocation', '/guider-location')])];
const harbour = { id: 20, name: 'Harbour House', buildingName: null, timeZone: 'Europe/London' };
const lobby = { id: 21, name: 'Lobby', buildingName: 'Harbour House', timeZone: 'Europe/London' };

const device = (overrides: Partial<VisitorDevice>): VisitorDevice => ({
  id: 1,
  kind: 'pad',
  name: 'Device',
  serial: null,
  location: harbour,
  status: null,
  activationCode: null,
  activatedAt: null,
  lastSeenAt: null,
  platform: null,
  appVersion: null,
  battery: null,
  network: null,
  ip: null,
  mac: null,
  printerId: null,
  stock: null,
  offsetXMm: 0,
  offsetYMm: 0,
  topic: null,
  ...overrides,
});

const printer = device({ id: 2, kind: 'printer', name: 'Front desk printer', serial: 'QL-820', stock: 'ql62x100', offsetXMm: 1.5, offsetYMm: -0.5 });
const waiting = device({ id: 1, name: 'Entrance kiosk', status: 'inactive', activationCode: '04321', printerId: 2 });
const online = device({ id: 3, name: 'Gate kiosk', status: 'online', activatedAt: NOW - 86_400_000, lastSeenAt: NOW - 30_000, battery: 84, network: 'wifi', ip: '10.0.4.12', mac: '00:1a:2b:3c:4d:5e', platform: 'android', appVersion: '1.2.0' });
const door = device({ id: 4, kind: 'door', name: 'Main entrance', topic: 'atrium/1/access/20/grant' });
const lobbyKiosk = device({ id: 5, name: 'Lobby kiosk', location: lobby, status: 'offline', activatedAt: NOW - 86_400_000, lastSeenAt: NOW - 3 * 3_600_000 });

/** The API of a company with a building and its floor, and devices at both. */
function stubReception(routes: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /visitor/locations': { result: [harbour, lobby] },
    'GET /visitor/device/list': ({ query }) => ({ result: query.get('locationId') === '21' ? [lobbyKiosk] : [waiting, online, printer, door] }),
    'GET /visitor/place': ({ query }) =>
      query.get('locationId') === '21' ? { result: { locationId: 21, signInHours: 3, source: 'building' } } : { result: { locationId: 20, signInHours: 3, source: 'place' } },
    ...routes,
  });
}

describe('reception devices page', () => {
  it("lists each place's devices by kind, a waiting kiosk with its code, refreshes kiosks' status and remembers the place", async () => {
    const user = userEvent.setup();
    const seen = stubReception();
    const { queryClient } = renderConsole({ path: '/guider-location', user: makeUser({ permissions: ['roomsLocations:edit'] }), menu });
    const kiosks = await screen.findByTestId('reception-section-pad', {}, { timeout: 8000 });
    const waitingRow = await within(kiosks).findByTestId('reception-device-1');
    expect(within(waitingRow).getByTestId('reception-status-1')).toHaveTextContent('Not activated');
    expect(within(waitingRow).getByTestId('reception-code-1')).toHaveTextContent('04321');
    expect(waitingRow).toHaveTextContent('Front desk printer');
    const onlineRow = within(kiosks).getByTestId('reception-device-3');
    expect(within(onlineRow).getByTestId('reception-status-3')).toHaveTextContent('Online');
    expect(onlineRow).toHaveTextContent('84%');
    expect(onlineRow).toHaveTextContent('Wi-Fi · 10.0.4.12');
    expect(onlineRow).toHaveTextContent('00:1a:2b:3c:4d:5e');
    expect(onlineRow).toHaveTextContent('android 1.2.0');
    expect(within(onlineRow).queryByTestId('reception-code-3')).toBeNull();
    const printers = screen.getByTestId('reception-section-printer');
    expect(within(printers).getByTestId('reception-device-2')).toHaveTextContent(/Front desk printer.*QL-820.*Brother QL 62 × 100 mm.*X \+1.5 mm · Y -0.5 mm.*Entrance kiosk/);
    expect(within(screen.getByTestId('reception-section-door')).getByTestId('reception-device-4')).toHaveTextContent('atrium/1/access/20/grant');
    expect(await screen.findByTestId('reception-sign-in-source')).toHaveTextContent('Set here');
    expect(screen.getByTestId('reception-sign-in-hours')).toHaveValue('3');
    // Kiosks report every minute: the list is read again every 30 seconds.
    const query = queryClient.getQueryCache().find({ queryKey: ['visitor', 'reception', 'devices', 20] });
    expect(query?.observers[0]?.options.refetchInterval).toBe(DEVICE_REFRESH_MS);

    // The floor: its own devices, its building's window.
    await user.click(within(screen.getByTestId('reception-place')).getByRole('combobox'));
    await user.click(await screen.findByText('Harbour House · Lobby', { selector: '.ant-select-item-option-content' }));
    expect(await within(screen.getByTestId('reception-section-pad')).findByTestId('reception-device-5')).toHaveTextContent('Lobby kiosk');
    expect(screen.queryByTestId('reception-device-1')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('reception-sign-in-source')).toHaveTextContent('From the building'));
    expect(seen.some((request) => request.path === '/visitor/device/list' && request.query.get('locationId') === '21')).toBe(true);
    expect(readReceptionPlace(1)).toBe(21);
  }, 30_000);

  it('adds a badge printer with its stock and calibration, and a kiosk whose code it shows with where to type it', async () => {
    const user = userEvent.setup();
    const seen = stubReception({
      'POST /visitor/device/add': ({ body }) =>
        (body as { kind: string }).kind === 'printer'
          ? { message: 'The device has been added', result: device({ ...(body as Partial<VisitorDevice>), id: 9 }) }
          : { message: 'The device has been added', result: device({ id: 10, name: 'Side door kiosk', status: 'inactive', activationCode: '55321' }) },
    });
    renderConsole({ path: '/guider-location', user: makeUser({ permissions: ['roomsLocations:edit'] }), menu });
    await screen.findByTestId('reception-device-1', {}, { timeout: 8000 });
    await user.click(screen.getByTestId('reception-device-add'));
    await user.click(within(await screen.findByTestId('reception-device-kind')).getByText('Badge printer'));
    await user.type(screen.getByTestId('reception-device-name'), 'Back office printer');
    await user.type(screen.getByTestId('reception-device-serial'), 'DY-450');
    await user.click(within(screen.getByTestId('reception-device-stock')).getByRole('combobox'));
    await user.click(await screen.findByText('Dymo 54 × 25 mm', { selector: '.ant-select-item-option-content' }));
    const offsetX = screen.getByTestId('reception-device-offset-x');
    await user.clear(offsetX);
    await user.type(offsetX, '12');
    await user.click(screen.getByTestId('reception-device-save'));
    // Past the calibration's limit: said under the field, nothing sent.
    expect(await screen.findByText('A number from -10 to 10 mm, with at most one decimal')).toBeInTheDocument();
    await user.clear(offsetX);
    await user.type(offsetX, '1.5');
    const offsetY = screen.getByTestId('reception-device-offset-y');
    await user.clear(offsetY);
    await user.type(offsetY, '-0,5');
    await user.click(screen.getByTestId('reception-device-save'));
    await waitFor(() =>
      expect(seen.filter((request) => request.path === '/visitor/device/add').map((request) => request.body)).toEqual([
        { kind: 'printer', name: 'Back office printer', locationId: 20, serial: 'DY-450', stock: 'dymo54x25', offsetXMm: 1.5, offsetYMm: -0.5 },
      ]),
    );
    expect(await screen.findByText('The device has been added')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('reception-device-form')).toBeNull());

    // A kiosk printing to the place's printer: its code, big, and the kiosk page's address.
    await user.click(screen.getByTestId('reception-device-add'));
    await user.type(await screen.findByTestId('reception-device-name'), 'Side door kiosk');
    await user.click(within(screen.getByTestId('reception-device-printer')).getByRole('combobox'));
    await user.click(await screen.findByText('Front desk printer', { selector: '.ant-select-item-option-content' }));
    await user.click(screen.getByTestId('reception-device-save'));
    await waitFor(() => expect(seen.filter((request) => request.path === '/visitor/device/add')[1]?.body).toEqual({ kind: 'pad', name: 'Side door kiosk', locationId: 20, printerId: 2 }));
    const issued = await screen.findByTestId('reception-issued');
    expect(within(issued).getByTestId('reception-issued-code')).toHaveTextContent('55321');
    expect(issued).toHaveTextContent(`Open ${window.location.origin}/visitor-kiosk on the tablet and type this code`);
  }, 45_000);

  it('gives a kiosk a new code after a warning that it signs out, and deletes after confirming', async () => {
    const user = userEvent.setup();
    const seen = stubReception({
      'POST /visitor/device/update': { message: 'The device has been saved', result: null },
      'POST /visitor/device/delete': { message: 'The devices have been deleted', result: null },
    });
    renderConsole({ path: '/guider-location', user: makeUser({ permissions: ['roomsLocations:edit'] }), menu });
    await user.click(await screen.findByTestId('reception-new-code-3', {}, { timeout: 8000 }));
    expect(await screen.findByText(/signed out at once/)).toBeInTheDocument();
    expect(seen.some((request) => request.path === '/visitor/device/update')).toBe(false);
    await user.click(screen.getByTestId('reception-new-code-confirm'));
    await waitFor(() => expect(seen.find((request) => request.path === '/visitor/device/update')?.body).toEqual({ id: 3, regenerateCode: true }));
    expect(await screen.findByText('The device has been saved')).toBeInTheDocument();
    await user.click(screen.getByTestId('reception-delete-4'));
    await user.click(await screen.findByTestId('reception-delete-confirm'));
    await waitFor(() => expect(seen.find((request) => request.path === '/visitor/device/delete')?.body).toEqual({ ids: [4] }));
  }, 30_000);

  it('shows a viewer without rooms and locations edit the devices and the window, in Chinese, without changing them', async () => {
    setLang('zh-CN');
    stubReception();
    renderConsole({ path: '/guider-location', user: makeUser({ permissions: ['roomsLocations:view'] }), menu });
    const row = await screen.findByTestId('reception-device-1', {}, { timeout: 8000 });
    expect(within(row).getByTestId('reception-status-1')).toHaveTextContent('未激活');
    expect(within(row).getByTestId('reception-code-1')).toHaveTextContent('04321');
    expect(screen.getByTestId('reception-section-door')).toHaveTextContent('门禁控制器');
    expect(screen.queryByTestId('reception-device-add')).toBeNull();
    expect(screen.queryByTestId('reception-edit-1')).toBeNull();
    expect(screen.queryByTestId('reception-delete-1')).toBeNull();
    expect(screen.queryByTestId('reception-new-code-1')).toBeNull();
    expect(await screen.findByTestId('reception-sign-in')).toHaveTextContent('签到时段');
    expect(screen.queryByTestId('reception-sign-in-save')).toBeNull();
    expect(screen.getByTestId('reception-sign-in-hours')).toBeDisabled();
  }, 30_000);
});
