import type { BlacklistEntry } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

afterEach(() => {
  vi.restoreAllMocks();
});

const NOW = Date.now();
function entry(overrides: Partial<BlacklistEntry> = {}): BlacklistEntry {
  return {
    id: 3,
    userId: 12,
    fullName: 'Barry Booker',
    userName: 'barry',
    email: 'barry@example.com',
    reason: 'Three no-shows in a row',
    startsAt: NOW - 3_600_000,
    endsAt: null,
    liftedAt: null,
    liftedByName: null,
    createdByName: 'Atrium Administrator',
    createdAt: NOW - 3_600_000,
    state: 'active',
    ...overrides,
  };
}
const page = (list: BlacklistEntry[]) => ({ result: { list, total: list.length, page: 1, pageSize: 15 } });
const menu = [makeEntry('rooms', '', [makeEntry('bookerBlacklist', '/booker-blacklist')])];

describe('booking blacklist page', () => {
  it('lists who is barred, and lifts an entry after confirming', async () => {
    const user = userEvent.setup();
    const seen = stubApi({
      'GET /meeting/blacklist/list': page([entry(), entry({ id: 4, fullName: 'Lena Lifted', state: 'lifted', liftedAt: NOW - 60_000, liftedByName: 'Atrium Administrator' })]),
      'POST /meeting/blacklist/lift': { result: null },
    });
    renderConsole({ path: '/booker-blacklist', user: makeUser({ permissions: ['reservationScreens:view', 'reservationScreens:edit'] }), menu });
    const row = await screen.findByTestId('blacklist-row-3');
    expect(row).toHaveTextContent('Three no-shows in a row');
    expect(row).toHaveTextContent('Until lifted');
    expect(within(row).getByTestId('blacklist-state-3')).toHaveTextContent('Barred');
    // History: a lifted entry shows when and by whom, and offers nothing.
    const history = screen.getByTestId('blacklist-row-4');
    expect(history).toHaveTextContent('lifted by Atrium Administrator');
    expect(within(history).queryByTestId('blacklist-lift-4')).toBeNull();
    await user.click(within(row).getByTestId('blacklist-lift-3'));
    await user.click(await screen.findByTestId('blacklist-lift-confirm'));
    await waitFor(() => expect(seen.find((request) => request.path === '/meeting/blacklist/lift')?.body).toEqual({ id: 3 }));
  });

  it('bars a colleague with a reason until the end of a chosen day, and requires the reason', async () => {
    const user = userEvent.setup();
    const seen = stubApi({
      'GET /meeting/blacklist/list': page([]),
      'GET /meeting/blacklist/candidates': { result: [{ id: 21, fullName: 'Olga Other', userName: 'olga', email: null }] },
      'POST /meeting/blacklist/add': { result: { id: 9 } },
    });
    renderConsole({ path: '/booker-blacklist', user: makeUser({ permissions: ['reservationScreens:view', 'reservationScreens:edit'] }), menu });
    await user.click(await screen.findByTestId('blacklist-add'));
    await user.click(screen.getByTestId('blacklist-save'));
    expect(await screen.findByText('Please choose a colleague')).toBeInTheDocument();
    expect(screen.getByText('Please enter a reason')).toBeInTheDocument();
    await user.click(within(screen.getByTestId('blacklist-person')).getByRole('combobox'));
    await user.click(await screen.findByText('Olga Other', { selector: '.ant-select-item-option-content' }));
    await user.type(screen.getByTestId('blacklist-reason'), 'Booked rooms she never used');
    await user.click(screen.getByTestId('blacklist-save'));
    await waitFor(() => expect(seen.find((request) => request.path === '/meeting/blacklist/add')?.body).toEqual({ userId: 21, reason: 'Booked rooms she never used', endsAt: null }));
  });

  it('shows readers the list without the buttons, in Chinese', async () => {
    setLang('zh-CN');
    stubApi({ 'GET /meeting/blacklist/list': page([entry()]) });
    renderConsole({ path: '/booker-blacklist', user: makeUser({ permissions: ['reservationScreens:view'] }), menu });
    const row = await screen.findByTestId('blacklist-row-3');
    expect(within(row).getByTestId('blacklist-state-3')).toHaveTextContent('禁止中');
    expect(row).toHaveTextContent('直至解除');
    expect(screen.queryByTestId('blacklist-add')).toBeNull();
    expect(within(row).queryByTestId('blacklist-lift-3')).toBeNull();
  });
});
