import { STANDARD_DEPLOYMENT_PROFILE, type DeploymentProfile } from '@atrium/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preferencesStore } from '../preferences/preferences-store';
import { makeEntry, makeMenu, makeUser } from '../../test/factories';
import { renderConsole, stubApi } from '../../test/render';

afterEach(() => {
  vi.restoreAllMocks();
});

const VARIANT: DeploymentProfile = {
  name: 'customer',
  homePage: '/roomBoard',
  signInPage: 'form',
  ssoDomain: null,
  hiddenEntries: ['myAccount'],
  help: { url: 'https://help.example/', rules: [{ url: 'https://help.example/team', userIds: [501], departmentIds: [] }] },
  showUserCode: true,
  hasExternalSignOut: true,
};

const menuWith = (...paths: string[]) => [...makeMenu(), makeEntry('tools', '', paths.map((path) => makeEntry(path.slice(1), path)))];

describe('deployment profile in the console', () => {
  it("opens `/` on the profile's home page, on /reserve without it, and on the welcome page without either", async () => {
    stubApi({});
    const variant = renderConsole({ path: '/', user: makeUser(), menu: menuWith('/reserve', '/roomBoard'), deployment: VARIANT });
    await waitFor(() => expect(variant.router.state.location.pathname).toBe('/roomBoard'));
    variant.unmount();
    preferencesStore.deactivate();

    const noBoard = renderConsole({ path: '/', user: makeUser(), menu: menuWith('/reserve'), deployment: VARIANT });
    await waitFor(() => expect(noBoard.router.state.location.pathname).toBe('/reserve'));
    noBoard.unmount();
    preferencesStore.deactivate();

    const standard = renderConsole({ path: '/', user: makeUser(), menu: menuWith('/roomBoard'), deployment: STANDARD_DEPLOYMENT_PROFILE });
    await waitFor(() => expect(standard.router.state.location.pathname).toBe('/index'));
    // Three consoles drawn in a row: slow on a busy machine.
  });

  it('shows the user code and the help link, hides my account', async () => {
    const user = userEvent.setup();
    stubApi({});
    renderConsole({ user: makeUser({ usercode: 'E-1024' }), menu: makeMenu(), deployment: VARIANT });
    await screen.findByTestId('page-index');
    expect(screen.getByTestId('header-usercode')).toHaveTextContent('User code: E-1024');
    expect(screen.getByTestId('header-help')).toHaveAttribute('href', 'https://help.example/');
    await user.click(screen.getByTestId('header-user'));
    await screen.findByTestId('user-logout');
    expect(screen.queryByTestId('user-my-account')).not.toBeInTheDocument();
  });

  it("gives a user a rule names that rule's help link", async () => {
    stubApi({});
    renderConsole({ user: makeUser({ id: 501, usercode: 'E-501' }), menu: makeMenu(), deployment: VARIANT });
    await screen.findByTestId('page-index');
    expect(screen.getByTestId('header-help')).toHaveAttribute('href', 'https://help.example/team');
  });

  it('shows neither, and keeps my account, in the standard console', async () => {
    const user = userEvent.setup();
    stubApi({});
    renderConsole({ user: makeUser({ usercode: 'E-1024' }), menu: makeMenu() });
    await screen.findByTestId('page-index');
    expect(screen.queryByTestId('header-usercode')).not.toBeInTheDocument();
    expect(screen.queryByTestId('header-help')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('header-user'));
    expect(await screen.findByTestId('user-my-account')).toBeInTheDocument();
  });
});
