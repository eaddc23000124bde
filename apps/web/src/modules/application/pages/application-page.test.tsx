import type { Application, ApplicationList } from '@atrium/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

const app = (key: Application['key'], extra: Partial<Application> = {}): Application => ({ key, icon: 'HomeOutlined', isBuilt: true, isEnabled: true, path: null, ...extra });

function openApplications(canEdit: boolean) {
  let list: ApplicationList = {
    list: [app('rooms', { path: '/display-settings' }), app('messages', { isBuilt: false }), app('visitors', { isEnabled: false })],
    canEdit,
  };
  const seen = stubApi({
    'GET /company/application': () => ({ result: list }),
    'PUT /company/application': ({ body }) => {
      const { key, isEnabled } = body as { key: string; isEnabled: boolean };
      list = { ...list, list: list.list.map((entry) => (entry.key === key ? { ...entry, isEnabled, path: isEnabled ? entry.path : null } : entry)) };
      return { result: list };
    },
    'GET /user/getMenuList': () => ({ result: [] }),
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
});
