import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/factories';
import { renderWithProviders, stubApi } from '../../../test/render';
import { ProfileForm } from './profile-form';
import { describeBrowser, SessionsCard } from './sessions-card';

afterEach(() => vi.restoreAllMocks());

const SESSIONS = [
  { id: 7, createdAt: Date.UTC(2026, 10, 21, 8), lastSeenAt: Date.UTC(2026, 10, 21, 9), ip: '10.0.0.7', userAgent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/150.0', isCurrent: true },
  { id: 3, createdAt: Date.UTC(2026, 10, 20, 8), lastSeenAt: Date.UTC(2026, 10, 20, 9), ip: '10.0.0.3', userAgent: 'Mozilla/5.0 (iPhone) Safari/605', isCurrent: false },
];

describe('describeBrowser', () => {
  it('names common browsers and systems', () => {
    expect(describeBrowser(SESSIONS[0]!.userAgent)).toEqual({ browser: 'Chrome', system: 'Windows' });
    expect(describeBrowser(SESSIONS[1]!.userAgent)).toEqual({ browser: 'Safari', system: 'iOS' });
    expect(describeBrowser(null)).toEqual({ browser: null, system: null });
  });
});

describe('SessionsCard', { timeout: 20_000 }, () => {
  it('marks the current session and signs out another one, then all the others', async () => {
    const user = userEvent.setup();
    let live = [...SESSIONS, { ...SESSIONS[1]!, id: 4, ip: '10.0.0.4', userAgent: null }];
    const seen = stubApi({
      'GET /user/sessions': () => ({ result: live }),
      'DELETE /user/sessions': ({ body }) => {
        const { id } = body as { id?: number };
        live = live.filter((session) => session.isCurrent || (id !== undefined && session.id !== id));
        return { result: null };
      },
    });
    const deletes = () => seen.filter((request) => request.method === 'DELETE').map((request) => request.body);
    renderWithProviders(<SessionsCard />);
    const current = await screen.findByTestId('personal-session-7');
    expect(within(current).getByText('This device')).toBeInTheDocument();
    expect(within(current).getByText('Chrome on Windows')).toBeInTheDocument();
    expect(within(current).queryByRole('button')).toBeNull();
    expect(screen.getByTestId('personal-session-3')).toHaveTextContent('10.0.0.3');
    expect(screen.getByTestId('personal-session-4')).toHaveTextContent('Unknown browser');

    await user.click(screen.getByTestId('personal-session-end-3'));
    await screen.findByText('Sign out this session?');
    // The confirmation's button comes last: the list's own links have the same name.
    await user.click(screen.getAllByRole('button', { name: 'Sign out' }).at(-1)!);
    await waitFor(() => expect(screen.queryByTestId('personal-session-3')).toBeNull());
    expect(deletes()).toEqual([{ id: 3 }]);

    await user.click(screen.getByTestId('personal-sessions-end-others'));
    await screen.findByText('Sign out every other session?');
    await user.click(screen.getAllByRole('button', { name: 'Sign out other sessions' }).at(-1)!);
    await waitFor(() => expect(screen.queryByTestId('personal-session-4')).toBeNull());
    expect(deletes()).toEqual([{ id: 3 }, {}]);
    expect(screen.getByTestId('personal-sessions-end-others')).toBeDisabled();
  });
});

describe('ProfileForm', { timeout: 20_000 }, () => {
  it('refuses a malformed phone, then sends the editable fields only', async () => {
    const user = userEvent.setup();
    const seen = stubApi({ 'PUT /user/profile': ({ body }) => ({ result: body }), 'GET /user/getCurrentUserInfo': { result: makeUser() } });
    const onClose = vi.fn();
    renderWithProviders(<ProfileForm user={makeUser()} open onClose={onClose} />);
    expect(screen.getByDisplayValue('ada')).toBeDisabled();
    await user.type(screen.getByTestId('personal-phone'), '12ab');
    await user.click(screen.getByTestId('personal-profile-submit'));
    expect(await screen.findByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(seen).toHaveLength(0);

    await user.clear(screen.getByTestId('personal-phone'));
    await user.type(screen.getByTestId('personal-phone'), '+44 20 7946 0000');
    await user.click(screen.getByLabelText('Female'));
    await user.click(screen.getByTestId('personal-profile-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // No zone chosen: the console follows the browser's (null).
    expect(seen[0]!.body).toEqual({ firstName: 'Ada', lastName: 'Lovelace', phone: '+44 20 7946 0000', gender: 'female', avatar: null, timeZone: null });
  });

  it("sets the viewer's own time zone, and goes back to the browser's (issue 17)", async () => {
    const user = userEvent.setup();
    const seen = stubApi({ 'PUT /user/profile': ({ body }) => ({ result: body }), 'GET /user/getCurrentUserInfo': { result: makeUser() } });
    const onClose = vi.fn();
    const { unmount } = renderWithProviders(<ProfileForm user={makeUser()} open onClose={onClose} />);
    const zone = within(screen.getByTestId('personal-time-zone')).getByRole('combobox');
    await user.click(zone);
    await user.type(zone, 'New York');
    await user.click(await screen.findByText('New York (America/New_York)', { selector: '.ant-select-item-option-content' }));
    await user.click(screen.getByTestId('personal-profile-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(seen[0]!.body).toMatchObject({ timeZone: 'America/New_York' });
    unmount();

    renderWithProviders(<ProfileForm user={makeUser({ timeZone: 'Asia/Shanghai' })} open onClose={onClose} />);
    expect(screen.getByTestId('personal-time-zone').textContent).toContain('Shanghai (Asia/Shanghai)');
    await user.click(within(screen.getByTestId('personal-time-zone')).getByRole('combobox'));
    await user.click(await screen.findByText(/^Follow this browser/, { selector: '.ant-select-item-option-content' }));
    await user.click(screen.getByTestId('personal-profile-submit'));
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1]!.body).toMatchObject({ timeZone: null });
  });
});
