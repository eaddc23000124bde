import type { Application, ApplicationList, LicenceOverview } from '@atrium/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

const app = (key: Application['key'], extra: Partial<Application> = {}): Application => ({ key, icon: 'HomeOutlined', isBuilt: true, isEnabled: true, path: null, ...extra });

const END = Date.UTC(2027, 5, 30, 23, 59, 59, 999);

/** Visitors licensed until END, desks expired, the rest never licensed; a valid token installs desks too. */
function licenceOverview(canEdit: boolean): LicenceOverview {
  return {
    modules: [
      { module: 'visitors', state: 'valid', validUntil: END, seats: 40, licenceNumber: 'LIC-1' },
      { module: 'desks', state: 'expired', validUntil: Date.UTC(2026, 0, 31, 23, 59, 59, 999), seats: 10, licenceNumber: 'LIC-0' },
      { module: 'smartRooms', state: 'unlicensed', validUntil: null, seats: null, licenceNumber: null },
      { module: 'airQuality', state: 'unlicensed', validUntil: null, seats: null, licenceNumber: null },
    ],
    licences: [
      { id: 1, number: 'LIC-1', serial: 'S-1', licensee: 'Harbourview', modules: ['visitors'], seats: 40, validUntil: END, keyId: 'acme-1', isTrial: false, state: 'valid', installedAt: 1 },
    ],
    seatsUsed: 12,
    canEdit,
  };
}

function openApplications(canEdit: boolean) {
  let list: ApplicationList = {
    list: [app('rooms', { path: '/display-settings' }), app('messages', { isBuilt: false }), app('visitors', { isEnabled: false })],
    canEdit,
  };
  let licence = licenceOverview(canEdit);
  const seen = stubApi({
    'GET /company/application': () => ({ result: list }),
    'PUT /company/application': ({ body }) => {
      const { key, isEnabled } = body as { key: string; isEnabled: boolean };
      list = { ...list, list: list.list.map((entry) => (entry.key === key ? { ...entry, isEnabled, path: isEnabled ? entry.path : null } : entry)) };
      return { result: list };
    },
    'GET /user/getMenuList': () => ({ result: [] }),
    'GET /company/licence': () => ({ result: licence }),
    'POST /company/licence': ({ body }) => {
      if ((body as { token: string }).token !== 'good-token') return { status: 422, returncode: 1005, message: 'The licence signature is not valid' };
      licence = { ...licence, modules: licence.modules.map((entry) => (entry.module === 'desks' ? { ...entry, state: 'valid', validUntil: END, licenceNumber: 'LIC-2' } : entry)) };
      return { result: licence, message: 'Licence LIC-2 installed' };
    },
  });
  const menu = [makeEntry('rooms', '', [makeEntry('displaySettings', '/display-settings')])];
  renderConsole({ path: '/application', user: makeUser({ permissions: canEdit ? ['accountGlobal:edit', 'accountGlobal:view'] : [] }), menu });
  return seen;
}

describe('app centre', () => {
  it('shows each application with its status and a way in', async () => {
    openApplications(false);
    expect(await screen.findByTestId('app-status-rooms')).toHaveTextContent('On');
    expect(screen.getByTestId('app-status-messages')).toHaveTextContent('Not in this build');
    expect(screen.getByTestId('app-status-visitors')).toHaveTextContent('Off');
    expect(screen.getByTestId('app-open-rooms')).toHaveAttribute('href', '/display-settings');
    expect(screen.queryByTestId('app-switch-rooms')).not.toBeInTheDocument();
  });

  it('lets an administrator switch a built application off, and asks for the menu again', async () => {
    const user = userEvent.setup();
    const seen = openApplications(true);
    await user.click(await screen.findByTestId('app-switch-rooms'));
    await waitFor(() => expect(screen.getByTestId('app-status-rooms')).toHaveTextContent('Off'));
    expect(seen.filter((request) => request.method === 'PUT').map((request) => request.body)).toEqual([{ key: 'rooms', isEnabled: false }]);
    await waitFor(() => expect(seen.some((request) => request.path === '/user/getMenuList')).toBe(true));
    expect(screen.queryByTestId('app-switch-messages')).not.toBeInTheDocument();
    expect(await screen.findByText('Rooms is off: its menu entries are hidden for everyone')).toBeInTheDocument();
  });

  it("shows each licensed module's state, seats and end, without the install form for a non-administrator", async () => {
    const seen = openApplications(false);
    expect(await screen.findByTestId('licence-state-visitors')).toHaveTextContent('Valid');
    expect(screen.getByTestId('licence-state-desks')).toHaveTextContent('Expired');
    expect(screen.getByTestId('licence-state-airQuality')).toHaveTextContent('Not licensed');
    const panel = screen.getByTestId('licence-panel');
    expect(panel).toHaveTextContent('12 / 40');
    expect(panel).toHaveTextContent('2027-06-30');
    expect(screen.getByTestId('licence-list')).toHaveTextContent('Harbourview');
    expect(screen.queryByTestId('licence-token')).not.toBeInTheDocument();
    expect(seen.some((request) => request.method === 'POST')).toBe(false);
  });

  it('lets an administrator install a licence: a refused token is said on the form, a good one updates the states', async () => {
    const user = userEvent.setup();
    const seen = openApplications(true);
    await user.type(await screen.findByTestId('licence-token'), 'forged-token');
    await user.click(screen.getByTestId('licence-install'));
    expect(await screen.findByTestId('licence-install-problem')).toHaveTextContent('The licence signature is not valid');
    expect(screen.getByTestId('licence-state-desks')).toHaveTextContent('Expired');
    await user.clear(screen.getByTestId('licence-token'));
    await user.type(screen.getByTestId('licence-token'), 'good-token');
    await user.click(screen.getByTestId('licence-install'));
    await waitFor(() => expect(screen.getByTestId('licence-state-desks')).toHaveTextContent('Valid'));
    expect(await screen.findByText('Licence LIC-2 installed')).toBeInTheDocument();
    expect(screen.queryByTestId('licence-install-problem')).not.toBeInTheDocument();
    expect(seen.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([{ token: 'forged-token' }, { token: 'good-token' }]);
  });
});
