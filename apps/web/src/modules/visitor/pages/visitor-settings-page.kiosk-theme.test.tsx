import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

afterEach(() => {
  vi.restoreAllMocks();
});

const menu = [makeEntry('visitors', '', [makeEntry('guiderSet', '/guider-set')])];

describe('visitor settings page: kiosk theme', () => {
  it('saves the welcome lines and the accent colour, previewing the header, and refuses a colour that is not #rrggbb', async () => {
    const user = userEvent.setup();
    const seen = stubApi({
      'GET /visitor/reason/list': { result: [] },
      'GET /visitor/kiosk-theme': { result: { welcomeEn: null, welcomeZh: '欢迎', color: null } },
      'POST /visitor/kiosk-theme': { message: 'The visitor kiosk theme has been saved', result: null },
    });
    renderConsole({ path: '/guider-set', user: makeUser({ permissions: ['visitorDisplay:edit'] }), menu });
    await user.click(await screen.findByTestId('visitor-settings-kiosk-theme'));
    const welcome = await screen.findByTestId('kiosk-theme-welcome-en');
    expect(screen.getByTestId('kiosk-theme-welcome-zh')).toHaveValue('欢迎');
    // Until a line is set, the kiosk's own welcome.
    expect(screen.getByTestId('kiosk-theme-preview')).toHaveTextContent('Welcome to Harbourview');
    await user.type(welcome, 'Welcome to Harbour House');
    expect(screen.getByTestId('kiosk-theme-preview')).toHaveTextContent('Welcome to Harbour House');
    const color = screen.getByTestId('kiosk-theme-color');
    await user.type(color, '#12ab');
    await user.click(screen.getByTestId('kiosk-theme-save'));
    expect(await screen.findByText('A colour like #1677ff')).toBeInTheDocument();
    expect(seen.some((request) => request.method === 'POST' && request.path === '/visitor/kiosk-theme')).toBe(false);
    await user.type(color, 'EF');
    await waitFor(() => expect(screen.getByTestId('kiosk-theme-preview-header')).toHaveStyle({ background: '#12abef' }));
    await user.click(screen.getByTestId('kiosk-theme-save'));
    await waitFor(() =>
      expect(seen.find((request) => request.method === 'POST' && request.path === '/visitor/kiosk-theme')?.body).toEqual({ welcomeEn: 'Welcome to Harbour House', welcomeZh: '欢迎', color: '#12abef' }),
    );
    expect(await screen.findByText('The visitor kiosk theme has been saved')).toBeInTheDocument();
  });

  it('shows a reader the theme without Save', async () => {
    stubApi({ 'GET /visitor/reason/list': { result: [] }, 'GET /visitor/kiosk-theme': { result: { welcomeEn: 'Hello', welcomeZh: null, color: '#aa3300' } } });
    renderConsole({ path: '/guider-set', user: makeUser({ permissions: ['visitorDisplay:view'] }), menu });
    await userEvent.setup().click(await screen.findByTestId('visitor-settings-kiosk-theme'));
    expect(await screen.findByTestId('kiosk-theme-welcome-en')).toBeDisabled();
    expect(within(screen.getByTestId('kiosk-theme')).queryByTestId('kiosk-theme-save')).toBeNull();
  });
});
