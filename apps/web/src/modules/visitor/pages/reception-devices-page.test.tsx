import type { VisitorDevice } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';
import { DEVICE_REFRESH_MS, readReceptionPlace } from '../api/reception-devices.api';

afterEach(() => {
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
    'GET /visitor/place/receptionists': { result: [] },
    ...routes,
  });
}

describe('reception devices page', () => {
  it("lists each place's devices by kind, a waiting kiosk with its code, refreshes kiosks' status and remembers the place", async () => {
    const user = userEvent.setup();
    const seen = stubReception();
    const { queryClient } = renderConsole({ path: '/guider-location', user: makeUser({ permissions: ['roomsLocations:edit'] }), menu });
    const kiosks = await screen.findByTestId('reception-section-pad');
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
  });

  it('adds a badge printer with its stock and calibration, and a kiosk whose code it shows with where to type it', async () => {
    const user = userEvent.setup();
    const seen = stubReception({
      'POST /visitor/device/add': ({ body }) =>
        (body as { kind: string }).kind === 'printer'
          ? { message: 'The device has been added', result: device({ ...(body as Partial<VisitorDevice>), id: 9 }) }
          : { message: 'The device has been added', result: device({ id: 10, name: 'Side door kiosk', status: 'inactive', activationCode: '55321' }) },
    });
    renderConsole({ path: '/guider-location', user: makeUser({ permissions: ['roomsLocations:edit'] }), menu });
    await screen.findByTestId('reception-device-1');
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
    await user.click(await screen.findByTestId('reception-new-code-3'));
    expect(await screen.findByText(/signed out at once/)).toBeInTheDocument();
    expect(seen.some((request) => request.path === '/visitor/device/update')).toBe(false);
    await user.click(screen.getByTestId('reception-new-code-confirm'));
    await waitFor(() => expect(seen.find((request) => request.path === '/visitor/device/update')?.body).toEqual({ id: 3, regenerateCode: true }));
    expect(await screen.findByText('The device has been saved')).toBeInTheDocument();
    await user.click(screen.getByTestId('reception-delete-4'));
    await user.click(await screen.findByTestId('reception-delete-confirm'));
    await waitFor(() => expect(seen.find((request) => request.path === '/visitor/device/delete')?.body).toEqual({ ids: [4] }));
  });

  it('shows a viewer without rooms and locations edit the devices and the window, in Chinese, without changing them', async () => {
    setLang('zh-CN');
    stubReception();
    renderConsole({ path: '/guider-location', user: makeUser({ permissions: ['roomsLocations:view'] }), menu });
    const row = await screen.findByTestId('reception-device-1');
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
  });

  it("shows a viewer the place's walk-in link with its code and expiry, and prints a poster in both languages", async () => {
    const user = userEvent.setup();
    const link = { link: 'https://atrium.example.test/visit-register#place-20-token', expiresAt: Date.UTC(2027, 10, 29, 12), qr: 'data:image/png;base64,iVBORw0KGgo=' };
    const seen = stubReception({ 'GET /visitor/place/register-link': ({ query }) => (query.get('locationId') === '20' ? { result: link } : { status: 404, returncode: 1002, message: 'No such place' }) });
    renderConsole({ path: '/guider-location', user: makeUser({ permissions: ['roomsLocations:view'] }), menu });
    const card = await screen.findByTestId('reception-walk-in');
    expect(await within(card).findByTestId('reception-walk-in-qr')).toHaveAttribute('src', link.qr);
    expect(within(card).getByTestId('reception-walk-in-link')).toHaveTextContent(link.link);
    expect(within(card).getByTestId('reception-walk-in-expires')).toHaveTextContent('Valid until 2027-11-29');
    expect(seen.find((request) => request.path === '/visitor/place/register-link')?.query.get('locationId')).toBe('20');

    await user.click(within(card).getByTestId('reception-walk-in-print'));
    await waitFor(() => expect(document.querySelector('iframe.atrium-poster-frame')).not.toBeNull());
    const poster = new DOMParser().parseFromString(document.querySelector('iframe.atrium-poster-frame')!.getAttribute('srcdoc')!, 'text/html');
    expect(poster.querySelector('h1')?.textContent).toBe('Harbour House');
    expect([...poster.querySelectorAll('p[lang]')].map((line) => line.textContent)).toEqual(['Visitors without an invitation: scan to register', '没有邀请的访客：请扫码登记']);
    expect(poster.querySelector('img')?.getAttribute('src')).toBe(link.qr);
  });

  describe("a place's receptionists", () => {
    const ada = { id: 7, fullName: 'Ada Lovelace' };
    const grace = { id: 8, fullName: 'Grace Hopper' };
    const linus = { id: 9, fullName: 'Linus Li', email: 'linus@example.test', departmentName: null };

    /** The building has Ada and Grace, the floor nobody; a save keeps what was sent. */
    function stubReceptionists(routes: Parameters<typeof stubApi>[0] = {}) {
      const kept = new Map<string, Array<{ id: number; fullName: string }>>([['20', [ada, grace]]]);
      return stubReception({
        'GET /visitor/place/receptionists': ({ query }) => ({ result: kept.get(query.get('locationId') ?? '') ?? [] }),
        'GET /tenant/company/search': ({ query }) => ({ result: { users: query.get('keyword') === 'li' ? [linus] : [], departments: [], locations: [] } }),
        'POST /visitor/place/receptionists': ({ body }) => {
          const { locationId, userIds } = body as { locationId: number; userIds: number[] };
          kept.set(String(locationId), [ada, grace, linus].filter((person) => userIds.includes(person.id)));
          return { message: "The place's receptionists have been saved", result: kept.get(String(locationId)) };
        },
        ...routes,
      });
    }

    /** Opens the editor, takes Grace off and adds Linus, found by "li", then saves. */
    async function replaceGraceWithLinus(user: ReturnType<typeof userEvent.setup>) {
      const card = await screen.findByTestId('reception-receptionists');
      await user.click(await within(card).findByTestId('reception-receptionists-edit'));
      const picker = await screen.findByTestId('reception-receptionists-picker');
      const graceTag = within(picker).getByText('Grace Hopper').closest('.ant-select-selection-item') as HTMLElement;
      await user.click(within(graceTag).getByRole('img', { name: 'close', hidden: true }));
      await user.type(within(picker).getByRole('combobox'), 'li');
      const found = await screen.findByText('Linus Li', { selector: '.atrium-reception-colleague span' });
      // Namesakes are told apart by their e-mail address.
      expect(found.closest('.atrium-reception-colleague')).toHaveTextContent('linus@example.test');
      await user.click(found);
      await user.click(screen.getByTestId('reception-receptionists-save'));
    }

    it('lists them, and saves the colleagues chosen as the whole list', async () => {
      const user = userEvent.setup();
      const seen = stubReceptionists();
      renderConsole({ path: '/guider-location', user: makeUser({ permissions: ['roomsLocations:edit'] }), menu });
      const card = await screen.findByTestId('reception-receptionists');
      const list = await within(card).findByTestId('reception-receptionists-list');
      expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Ada Lovelace', 'Grace Hopper']);
      expect(card).toHaveTextContent("Receptionists of a place see only its visitors; a receptionist of no place sees the company's.");

      await replaceGraceWithLinus(user);
      await waitFor(() => expect(seen.filter((request) => request.path === '/visitor/place/receptionists' && request.method === 'POST').map((request) => request.body)).toEqual([{ locationId: 20, userIds: [7, 9] }]));
      // The search asked only for what was typed, once the typing paused.
      expect(seen.filter((request) => request.path === '/tenant/company/search').map((request) => request.query.get('keyword'))).toEqual(['li']);
      expect(await screen.findByText("The place's receptionists have been saved")).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByTestId('reception-receptionists-picker')).toBeNull());
      await waitFor(() => expect(within(card).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Ada Lovelace', 'Linus Li']));

      // The floor has none: the company's receptionists receive its visitors.
      await user.click(within(screen.getByTestId('reception-place')).getByRole('combobox'));
      await user.click(await screen.findByText('Harbour House · Lobby', { selector: '.ant-select-item-option-content' }));
      expect(await within(card).findByTestId('reception-receptionists-empty')).toHaveTextContent('Nobody yet: every receptionist of the company receives visitors here');
    });

    it("shows the server's refusal and keeps the editor open", async () => {
      const user = userEvent.setup();
      stubReceptionists({ 'POST /visitor/place/receptionists': { status: 422, returncode: 1005, message: "Linus Li's role has no reception area" } });
      renderConsole({ path: '/guider-location', user: makeUser({ permissions: ['roomsLocations:edit'] }), menu });
      await replaceGraceWithLinus(user);
      expect(await screen.findByText("Linus Li's role has no reception area")).toBeInTheDocument();
      expect(screen.getByTestId('reception-receptionists-picker')).toHaveTextContent('Linus Li');
      // Leaving the unsaved choice asks first.
      await user.click(screen.getByTestId('reception-receptionists-cancel'));
      await user.click(await screen.findByTestId('unsaved-discard'));
      await waitFor(() => expect(screen.queryByTestId('reception-receptionists-picker')).toBeNull());
      expect(within(screen.getByTestId('reception-receptionists-list')).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Ada Lovelace', 'Grace Hopper']);
    });

    it('shows a viewer without rooms and locations edit the names, in Chinese, without a way to change them', async () => {
      setLang('zh-CN');
      stubReceptionists();
      renderConsole({ path: '/guider-location', user: makeUser({ permissions: ['roomsLocations:view'] }), menu });
      const card = await screen.findByTestId('reception-receptionists');
      expect(await within(card).findByTestId('reception-receptionists-list')).toHaveTextContent('Ada Lovelace');
      expect(card).toHaveTextContent('前台人员');
      expect(card).toHaveTextContent('指定到某个位置的前台人员只看到该位置的访客；未指定位置的前台人员看到全公司的访客。');
      expect(within(card).queryByTestId('reception-receptionists-edit')).toBeNull();
    });
  });
});
