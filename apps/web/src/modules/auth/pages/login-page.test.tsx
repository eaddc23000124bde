import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeMenu, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

afterEach(() => {
  vi.restoreAllMocks();
});

const loginResult = (isDefaultPassword: boolean) => ({
  ...makeUser(),
  token: 'not-used-by-the-console',
  isDefaultPassword,
  passwordExpired: false,
});

/** An API whose session starts after a successful POST /login. */
function signInApi(options: { isDefaultPassword?: boolean } = {}) {
  let signedIn = false;
  return stubApi({
    'POST /login': ({ body }) => {
      const { password } = body as { password: string };
      if (password !== 'Right-pass-1') return { status: 400, returncode: 1008, message: 'Please enter the correct account and password' };
      signedIn = true;
      return { result: loginResult(options.isDefaultPassword ?? false) };
    },
    'GET /user/getCurrentUserInfo': () =>
      signedIn ? { result: makeUser({ mustChangePassword: options.isDefaultPassword ?? false }) } : { status: 401, returncode: 2001, message: 'Unauthorised' },
    'GET /user/getMenuList': () => ({ result: makeMenu() }),
    'POST /user/updateDefaultPassword': () => ({ result: null }),
    'GET /logout': () => ({ result: null }),
  });
}

describe('sign-in', () => {
  it('sends a visitor without a session to sign-in with the place they asked for', async () => {
    signInApi();
    const { router } = renderConsole({ path: '/personal?tab=1' });
    expect(screen.getByTestId('app-loading')).toBeInTheDocument();
    await screen.findByTestId('login-username');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Fpersonal%3Ftab%3D1');
  });

  it('requires the account and the password', async () => {
    const user = userEvent.setup();
    const seen = signInApi();
    renderConsole({ path: '/login' });
    await user.click(await screen.findByTestId('login-submit'));
    expect(await screen.findByText('Please enter your account')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    // Only the registration status (for the "Create a company" link) was asked for: no sign-in.
    expect(seen.filter((request) => request.path !== '/register/status')).toHaveLength(0);
  });

  it('shows and hides the password on request', async () => {
    const user = userEvent.setup();
    signInApi();
    renderConsole({ path: '/login' });
    const password = await screen.findByTestId('login-password');
    await user.type(password, 'secret');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('marks an empty field as invalid until it is filled, and names its message', async () => {
    const user = userEvent.setup();
    signInApi();
    renderConsole({ path: '/login' });
    await user.click(await screen.findByTestId('login-submit'));
    const account = screen.getByTestId('login-username');
    expect(account).toHaveAttribute('aria-invalid', 'true');
    expect(account).toHaveAccessibleDescription('Please enter your account');
    expect(account).toHaveFocus();
    await user.type(account, 'admin');
    expect(account).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Please enter your account')).not.toBeInTheDocument();
    expect(screen.getByTestId('login-password')).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows the server's refusal and stays on the form", async () => {
    const user = userEvent.setup();
    signInApi();
    const { router } = renderConsole({ path: '/login' });
    await user.type(await screen.findByTestId('login-username'), 'admin');
    await user.type(screen.getByTestId('login-password'), 'wrong');
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter the correct account and password');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('signs in, trims the account name, and returns to the page asked for', async () => {
    const user = userEvent.setup();
    const seen = signInApi();
    const { router } = renderConsole({ path: '/login?redirect=%2Fpersonal' });
    await user.type(await screen.findByTestId('login-username'), '  admin ');
    await user.type(screen.getByTestId('login-password'), 'Right-pass-1');
    await user.click(screen.getByTestId('login-submit'));
    await screen.findByTestId('page-personal');
    expect(router.state.location.pathname).toBe('/personal');
    const login = seen.find((request) => request.path === '/login')!;
    expect(login.body).toMatchObject({ userName: 'admin', password: 'Right-pass-1' });
    expect(login.headers.lang).toBe('en-US');
  });

  it('ignores a redirect to another site and opens the default page', async () => {
    const user = userEvent.setup();
    signInApi();
    const { router } = renderConsole({ path: '/login?redirect=https%3A%2F%2Fevil.example%2F' });
    await user.type(await screen.findByTestId('login-username'), 'admin');
    await user.type(screen.getByTestId('login-password'), 'Right-pass-1');
    await user.click(screen.getByTestId('login-submit'));
    await screen.findByTestId('page-index');
    expect(router.state.location.pathname).toBe('/index');
  });

  it('goes to /no-access when the menu cannot be loaded', async () => {
    stubApi({
      'GET /user/getCurrentUserInfo': { result: makeUser() },
      'GET /user/getMenuList': { status: 500, returncode: 500, message: 'Server internal error' },
    });
    const { router } = renderConsole({ path: '/index' });
    await screen.findByTestId('page-no-access');
    expect(router.state.location.pathname).toBe('/no-access');
  });
});

describe('first sign-in', () => {
  // Types many characters through two forms: over 5 s on a busy machine.
  it('forces a password change, checks it, then asks to sign in again with the user name kept', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    const seen = signInApi({ isDefaultPassword: true });
    renderConsole({ path: '/login' });
    await user.type(await screen.findByTestId('login-username'), 'admin');
    await user.type(screen.getByTestId('login-password'), 'Right-pass-1');
    await user.click(screen.getByTestId('login-submit'));

    const newPassword = await screen.findByTestId('change-password-new');
    expect(screen.getByText('First login, please change password')).toBeInTheDocument();

    await user.click(screen.getByTestId('change-password-submit'));
    expect(await screen.findByText('Please enter a password')).toBeInTheDocument();
    expect(screen.getByText('Please enter the new password again')).toBeInTheDocument();

    await user.type(newPassword, 'has space');
    await user.type(screen.getByTestId('change-password-confirm'), 'has space');
    expect(await screen.findByText('The password must not contain spaces')).toBeInTheDocument();

    await user.clear(newPassword);
    await user.type(newPassword, 'Brand-new-1');
    await user.clear(screen.getByTestId('change-password-confirm'));
    await user.type(screen.getByTestId('change-password-confirm'), 'Brand-new-2');
    await user.click(screen.getByTestId('change-password-submit'));
    expect(await screen.findByText('The two passwords do not match')).toBeInTheDocument();
    expect(seen.some((request) => request.path === '/user/updateDefaultPassword')).toBe(false);

    await user.clear(screen.getByTestId('change-password-confirm'));
    await user.type(screen.getByTestId('change-password-confirm'), 'Brand-new-1');
    await user.click(screen.getByTestId('change-password-submit'));
    expect(await screen.findByText('Password changed, please sign in again')).toBeInTheDocument();
    expect(screen.getByTestId('login-username')).toHaveValue('admin');
    expect(screen.getByTestId('login-password')).toHaveValue('');
    expect(seen.find((request) => request.path === '/user/updateDefaultPassword')!.body).toEqual({
      newPassword: 'Brand-new-1',
      confirmPassword: 'Brand-new-1',
    });
  });

  it('switches the language from the sign-in page', async () => {
    const user = userEvent.setup();
    signInApi();
    renderConsole({ path: '/login' });
    await user.click(await screen.findByTestId('login-lang'));
    await user.click(await screen.findByTestId('lang-option-zh-CN'));
    await waitFor(() => expect(screen.getByTestId('login-submit')).toHaveTextContent(/登\s*录/));
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('sends an expired password to the same change form, with its own message', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    const seen = stubApi({
      'POST /login': () => ({ result: { ...loginResult(false), passwordExpired: true } }),
      'POST /user/updateDefaultPassword': () => ({ result: null }),
    });
    renderConsole({ path: '/login' });
    await user.type(await screen.findByTestId('login-username'), 'admin');
    await user.type(screen.getByTestId('login-password'), 'Old-pass-1');
    await user.click(screen.getByTestId('login-submit'));
    await screen.findByTestId('change-password-new');
    expect(screen.getByText('Your password has expired, please change it')).toBeInTheDocument();
    expect(seen.some((request) => request.path === '/user/getMenuList')).toBe(false);
  });
});
