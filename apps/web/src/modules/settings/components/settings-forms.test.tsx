import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { unsavedStore } from '../../../shared/forms/unsaved-store';
import { PageTabContext } from '../../../shared/routing/page-tab';
import { renderWithProviders, stubApi } from '../../../test/render';
import { PasswordPolicyForm } from './password-policy-form';
import { SafetyPasswordForm } from './safety-password-form';

afterEach(() => {
  unsavedStore.discard();
  vi.restoreAllMocks();
});

const POLICY = { minLength: 10, expiryDays: 90, needsUppercase: true, needsLowercase: false, needsNumber: true, needsSpecial: false };

describe('PasswordPolicyForm', { timeout: 20_000 }, () => {
  it('refuses a minimum length out of bounds before asking the server', async () => {
    const user = userEvent.setup();
    const seen = stubApi({ 'POST /passStrategy/updatePassStrategy': { result: POLICY } });
    renderWithProviders(<PasswordPolicyForm policy={POLICY} canEdit />);
    const minLength = screen.getByTestId('settings-min-length');
    expect(minLength).toHaveValue('10');
    await user.clear(minLength);
    await user.type(minLength, '5');
    await user.click(screen.getByTestId('settings-policy-submit'));
    expect(await screen.findByText('The minimum length must be between 6 and 64')).toBeInTheDocument();
    expect(seen).toHaveLength(0);
  });

  it('sends the whole policy, the character classes as booleans', async () => {
    const user = userEvent.setup();
    const seen = stubApi({ 'POST /passStrategy/updatePassStrategy': ({ body }) => ({ result: body }) });
    renderWithProviders(<PasswordPolicyForm policy={POLICY} canEdit />);
    await user.click(screen.getByLabelText('A special character'));
    await user.click(screen.getByTestId('settings-policy-submit'));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.body).toEqual({ ...POLICY, needsSpecial: true });
    expect(await screen.findByText('Password policy saved')).toBeInTheDocument();
  });

  it("marks its page's tab unsaved while changed, so closing the tab asks; unchecked again or saved, it is clean (issue 17)", async () => {
    const user = userEvent.setup();
    stubApi({ 'POST /passStrategy/updatePassStrategy': ({ body }) => ({ result: body }) });
    renderWithProviders(
      <PageTabContext value="/settings">
        <PasswordPolicyForm policy={POLICY} canEdit />
      </PageTabContext>,
    );
    const special = screen.getByLabelText('A special character');
    await user.click(special);
    await waitFor(() => expect(unsavedStore.isDirty(['/settings'])).toBe(true));
    await user.click(special);
    await waitFor(() => expect(unsavedStore.isDirty(['/settings'])).toBe(false));
    await user.click(special);
    await waitFor(() => expect(unsavedStore.isDirty(['/settings'])).toBe(true));
    await user.click(screen.getByTestId('settings-policy-submit'));
    expect(await screen.findByText('Password policy saved')).toBeInTheDocument();
    await waitFor(() => expect(unsavedStore.isDirty()).toBe(false));
  });

  it('shows the policy read-only without the edit permission', () => {
    renderWithProviders(<PasswordPolicyForm policy={{ ...POLICY, expiryDays: null }} canEdit={false} />);
    expect(screen.queryByTestId('settings-policy-submit')).toBeNull();
    expect(screen.getByText('Never')).toBeInTheDocument();
    expect(screen.getByTestId('settings-min-length')).toBeDisabled();
  });
});

describe('SafetyPasswordForm', { timeout: 20_000 }, () => {
  it('asks for exactly 6 digits, twice the same', async () => {
    const user = userEvent.setup();
    const seen = stubApi({ 'PUT /safety-password': { result: null } });
    renderWithProviders(<SafetyPasswordForm status={{ isSet: false, updatedAt: null }} canEdit />);
    expect(screen.queryByTestId('settings-safety-current')).toBeNull();
    await user.type(screen.getByTestId('settings-safety-new'), '12a45');
    await user.type(screen.getByTestId('settings-safety-confirm'), '123456');
    await user.click(screen.getByTestId('settings-safety-submit'));
    expect(await screen.findByText('The safety password is exactly 6 digits')).toBeInTheDocument();
    expect(screen.getByText('The two entries do not match')).toBeInTheDocument();
    expect(seen).toHaveLength(0);

    await user.clear(screen.getByTestId('settings-safety-new'));
    await user.type(screen.getByTestId('settings-safety-new'), '123456');
    await user.click(screen.getByTestId('settings-safety-submit'));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.body).toEqual({ newPassword: '123456', confirmPassword: '123456' });
  });

  it("needs the current one once set, and shows the server's refusal", async () => {
    const user = userEvent.setup();
    const seen = stubApi({ 'PUT /safety-password': { status: 400, returncode: 1005, message: 'Safety password wrong' } });
    renderWithProviders(<SafetyPasswordForm status={{ isSet: true, updatedAt: Date.UTC(2026, 10, 1, 9) }} canEdit />);
    expect(screen.getByTestId('settings-safety-status')).toHaveTextContent('Set');
    await user.type(screen.getByTestId('settings-safety-new'), '654321');
    await user.type(screen.getByTestId('settings-safety-confirm'), '654321');
    await user.click(screen.getByTestId('settings-safety-submit'));
    expect(await screen.findByText('Please enter the current safety password')).toBeInTheDocument();
    await user.type(screen.getByTestId('settings-safety-current'), '000000');
    await user.click(screen.getByTestId('settings-safety-submit'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Safety password wrong');
    expect(seen[0]!.body).toEqual({ currentPassword: '000000', newPassword: '654321', confirmPassword: '654321' });
  });
});
