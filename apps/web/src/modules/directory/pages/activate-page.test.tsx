import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderConsole, stubApi } from '../../../test/render';

afterEach(() => {
  vi.restoreAllMocks();
});

const TOKEN = 'abcdefghijklmnopqrstuvwxyz0123456789';
const policy = { minLength: 10, expiryDays: null, needsUppercase: true, needsLowercase: false, needsNumber: true, needsSpecial: false };

describe('activation page', () => {
  it('shows the user name and the policy, checks the form, activates and sends to sign-in with a notice', async () => {
    const user = userEvent.setup();
    const seen = stubApi({
      'GET /user/checkActiveUserReq': { result: { valid: true, userName: 'nina.patel', passwordPolicy: policy } },
      'POST /user/activeUserAndSetPassword': { result: null },
    });
    const { router } = renderConsole({ path: `/activate/${TOKEN}` });
    expect(await screen.findByTestId('directory-activate-username')).toHaveValue('nina.patel');
    expect(screen.getByText('At least 10 characters')).toBeInTheDocument();
    expect(screen.getByText('An uppercase letter')).toBeInTheDocument();
    // No session is asked for on this page.
    expect(seen.some((request) => request.path === '/user/getCurrentUserInfo')).toBe(false);

    await user.type(screen.getByTestId('directory-activate-password'), 'short1A');
    await user.type(screen.getByTestId('directory-activate-confirm'), 'short1A');
    await user.click(screen.getByTestId('directory-activate-submit'));
    expect(await screen.findByText('The password must have at least 10 characters')).toBeInTheDocument();

    await user.clear(screen.getByTestId('directory-activate-password'));
    await user.type(screen.getByTestId('directory-activate-password'), 'Long-enough-1');
    await user.clear(screen.getByTestId('directory-activate-confirm'));
    await user.type(screen.getByTestId('directory-activate-confirm'), 'Long-enough-2');
    await user.click(screen.getByTestId('directory-activate-submit'));
    expect(await screen.findByText('The two passwords do not match')).toBeInTheDocument();

    await user.clear(screen.getByTestId('directory-activate-confirm'));
    await user.type(screen.getByTestId('directory-activate-confirm'), 'Long-enough-1');
    await user.click(screen.getByTestId('directory-activate-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(seen.find((request) => request.path === '/user/activeUserAndSetPassword')!.body).toEqual({ reqToken: TOKEN, password: 'Long-enough-1', confirmPassword: 'Long-enough-1' });
    expect(await screen.findByText('Your account is active. Sign in with your new password.')).toBeInTheDocument();
  });

  it('explains an unusable link', async () => {
    stubApi({ 'GET /user/checkActiveUserReq': { result: { valid: false, userName: null, passwordPolicy: null } } });
    renderConsole({ path: `/activate/${TOKEN}` });
    expect(await screen.findByTestId('directory-activate-invalid')).toHaveTextContent("This link can't be used");
  });
});
