import { STANDARD_DEPLOYMENT_PROFILE } from '@atrium/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeMenu, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

afterEach(() => {
  vi.restoreAllMocks();
});

const PROXY_PROFILE = { ...STANDARD_DEPLOYMENT_PROFILE, name: 'customer', signInPage: 'proxy' as const };

describe("sign-in by the deployment profile's page", () => {
  it('takes the session the trusted reverse proxy vouches for and opens the console', async () => {
    let signedIn = false;
    const seen = stubApi({
      'GET /beike/getToken': () => {
        signedIn = true;
        return { result: { ...makeUser(), token: 'unused', isDefaultPassword: false, passwordExpired: false } };
      },
      'GET /user/getCurrentUserInfo': () => (signedIn ? { result: makeUser() } : { status: 401, returncode: 2001, message: 'Unauthorised' }),
      'GET /user/getMenuList': () => ({ result: makeMenu() }),
    });
    const { router } = renderConsole({ path: '/login', deployment: PROXY_PROFILE });
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'));
    expect(seen.filter((request) => request.path === '/beike/getToken')).toHaveLength(1);
    // Draws the sign-in page and then the console: slow on a busy machine.
  });

  it('keeps the form when the proxy vouches for nobody, and never asks in the standard console', async () => {
    const seen = stubApi({ 'GET /beike/getToken': { status: 403, returncode: 1014, message: 'The request did not come from the trusted reverse proxy' } });
    renderConsole({ path: '/login', deployment: PROXY_PROFILE });
    await screen.findByTestId('login-username');
    await waitFor(() => expect(seen.some((request) => request.path === '/beike/getToken')).toBe(true));
    expect(screen.getByTestId('login-username')).toBeInTheDocument();
    vi.restoreAllMocks();

    const standard = stubApi({});
    renderConsole({ path: '/login' });
    await screen.findAllByTestId('login-username');
    expect(standard.some((request) => request.path === '/beike/getToken')).toBe(false);
  });
});
