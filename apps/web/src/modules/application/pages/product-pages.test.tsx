import type { Application, ApplicationList } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

const app = (key: Application['key'], extra: Partial<Application> = {}): Application => ({ key, icon: 'HomeOutlined', isBuilt: true, isEnabled: true, path: null, ...extra });

function open(path: string, canEdit: boolean) {
  let list: ApplicationList = {
    list: [
      app('rooms', { path: '/reserve' }),
      app('doorDisplays', { path: '/display-settings' }),
      app('messages', { isBuilt: false }),
      app('visitors', { isEnabled: false }),
      app('desks', { path: '/deskeeper-reservation' }),
      app('smartRooms', { path: '/smart-location' }),
      app('airQuality', { path: '/air-sensors' }),
      app('organisation', { isBuilt: false }),
    ],
    canEdit,
  };
  const seen = stubApi({
    'GET /company/application': () => ({ result: list }),
    'PUT /company/application': ({ body }) => {
      const { key, isEnabled } = body as { key: string; isEnabled: boolean };
      list = { ...list, list: list.list.map((entry) => (entry.key === key ? { ...entry, isEnabled } : entry)) };
      return { result: list };
    },
    'GET /user/getMenuList': () => ({ result: [] }),
    'GET /company/licence': () => ({
      result: {
        modules: [
          { module: 'desks', state: 'expiring', validUntil: Date.UTC(2026, 11, 20), seats: 50, licenceNumber: 'L-1' },
          { module: 'visitors', state: 'unlicensed', validUntil: null, seats: null, licenceNumber: null },
        ],
        licences: [],
        seatsUsed: 12,
        canEdit,
      },
    }),
  });
  renderConsole({ path, user: makeUser({ permissions: canEdit ? ['accountGlobal:edit', 'accountGlobal:view'] : [] }), menu: [] });
  return seen;
}

describe('the product pages, the switcher and the store', () => {
  it('shows what a product does, a screenshot of it, its state and the way in, to anybody signed in', async () => {
    open('/desks', false);
    const page = await screen.findByTestId('page-product-desks');
    expect(within(page).getByRole('heading', { name: 'Desks' })).toBeInTheDocument();
    expect(await within(page).findByTestId('product-status')).toHaveTextContent('On');
    expect(within(page).getByText(/Desks on floor maps/)).toBeInTheDocument();
    expect(within(page).getByRole('img', { name: 'Desks in the demo company' }).getAttribute('src')).toMatch(/desks.*\.webp$/);
    expect(within(page).getByTestId('product-open')).toHaveAttribute('href', '/deskeeper-reservation');
    expect(within(page).queryByTestId('app-switch-desks')).not.toBeInTheDocument();
    const licence = await within(page).findByTestId('product-licence');
    expect(licence).toHaveTextContent('Expiring');
    expect(licence).toHaveTextContent('12 / 50');
    expect(licence).toHaveTextContent('2026-12-20');
  });

  it('lets an administrator switch a product on from its page (the spelling /vistiors is the spec\'s)', async () => {
    const user = userEvent.setup();
    const seen = open('/vistiors', true);
    const page = await screen.findByTestId('page-product-visitors');
    expect(await within(page).findByTestId('product-status')).toHaveTextContent('Off');
    await user.click(within(page).getByTestId('app-switch-visitors'));
    await waitFor(() => expect(within(page).getByTestId('product-status')).toHaveTextContent('On'));
    expect(within(page).getByTestId('product-licence')).toHaveTextContent('Not licensed');
    expect(within(page).getByTestId('product-licence')).not.toHaveTextContent('Seats');
    expect(seen.filter((request) => request.method === 'PUT').map((request) => request.body)).toEqual([{ key: 'visitors', isEnabled: true }]);
  });

  it('lists the products on the switcher with their way in and their product page', async () => {
    open('/switcher', false);
    expect(await screen.findByTestId('switcher-open-control')).toHaveAttribute('href', '/smart-location');
    expect(screen.getByTestId('switcher-about-control')).toHaveAttribute('href', '/control');
    // Air quality's product page is its own first page: one link.
    expect(screen.getByTestId('switcher-open-air')).toHaveAttribute('href', '/air-sensors');
    expect(screen.queryByTestId('switcher-about-air')).not.toBeInTheDocument();
    expect(screen.queryByTestId('switcher-open-visitors')).not.toBeInTheDocument();
  });

  it("lists the Rooms system's applications in the store with the pages each brings", async () => {
    open('/store/roomsSystem', true);
    expect(await screen.findByTestId('store-pages-rooms')).toHaveTextContent('My reservations');
    expect(screen.getByTestId('store-pages-doorDisplays').textContent).not.toBe('');
    expect(screen.getByTestId('app-switch-rooms')).toBeInTheDocument();
    expect(screen.queryByTestId('app-switch-messages')).not.toBeInTheDocument();
  });
});
