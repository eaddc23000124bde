import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '../../../test/render';
import { ChangePasswordForm } from './change-password-form';

afterEach(() => vi.restoreAllMocks());

describe('ChangePasswordForm', () => {
  it('requires the three fields and the data-testids sit on the inputs', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ChangePasswordForm />);
    expect(screen.getByTestId('personal-old-password').tagName).toBe('INPUT');
    await user.click(screen.getByTestId('personal-submit'));
    expect(await screen.findByText('Please enter your current password')).toBeInTheDocument();
    expect(screen.getByText('Please enter a password')).toBeInTheDocument();
    expect(screen.getByText('Please enter the new password again')).toBeInTheDocument();
  });

  it('refuses a new password equal to the old one before asking the server', async () => {
    const user = userEvent.setup();
    const seen = stubApi({ 'POST /user/updateUserPassword': { result: null } });
    renderWithProviders(<ChangePasswordForm />);
    await user.type(screen.getByTestId('personal-old-password'), 'Same-pass-1');
    await user.type(screen.getByTestId('personal-new-password'), 'Same-pass-1');
    await user.type(screen.getByTestId('personal-confirm-password'), 'Same-pass-1');
    await user.click(screen.getByTestId('personal-submit'));
    expect(await screen.findByText('The new password must differ from the old one')).toBeInTheDocument();
    expect(seen).toHaveLength(0);
  });

  it("sends a valid change, shows the server's refusal, then succeeds and clears the form", async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const seen = stubApi({
      'POST /user/updateUserPassword': () =>
        ++attempts === 1 ? { status: 422, returncode: 1005, message: 'Wrong password' } : { result: null },
    });
    renderWithProviders(<ChangePasswordForm />);
    await user.type(screen.getByTestId('personal-old-password'), 'Old-pass-1');
    await user.type(screen.getByTestId('personal-new-password'), 'New-pass-1');
    await user.type(screen.getByTestId('personal-confirm-password'), 'New-pass-1');
    await user.click(screen.getByTestId('personal-submit'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong password');
    expect(seen[0]!.body).toEqual({ oldPassword: 'Old-pass-1', newPassword: 'New-pass-1', confirmPassword: 'New-pass-1' });

    await user.click(screen.getByTestId('personal-submit'));
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(screen.getByTestId('personal-old-password')).toHaveValue('');
  });
});
