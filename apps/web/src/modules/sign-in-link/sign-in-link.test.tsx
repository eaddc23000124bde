import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../shared/i18n/i18n';
import { makeMenu, makeUser } from '../../test/factories';
import { renderConsole, stubApi } from '../../test/render';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
const PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const signedInAs = { id: 9, avatar: null, fullName: 'Ann Phone', userName: 'ann', usercode: null, email: null, userGroupDto: { roomLocations: [] } };

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('QR drawer', () => {
  it("opens from the user's menu with a one-time code and its time left, and asks for a new one on demand", async () => {
    let issued = 0;
    const seen = stubApi({
      'GET /v2/wx/getQrCodePath': () => {
        issued += 1;
        return { result: { url: `https://atrium.test/single/${TOKEN.slice(0, 42)}${issued}`, expiresAt: Date.now() + 3 * 60_000, image: PIXEL } };
      },
    });
    const user = userEvent.setup();
    renderConsole({ path: '/index', user: makeUser(), menu: makeMenu() });
    await screen.findByTestId('page-index');
    // Nothing is asked before the drawer opens.
    expect(seen.some((request) => request.path === '/v2/wx/getQrCodePath')).toBe(false);
    await user.click(screen.getByTestId('header-user'));
    await user.click(await screen.findByTestId('user-qr'));

    const drawer = await screen.findByTestId('qr-drawer');
    expect(within(drawer).getByText('Sign in on your phone')).toBeInTheDocument();
    const image = await within(drawer).findByTestId('qr-image');
    expect(image).toHaveAttribute('src', PIXEL);
    expect(image).toHaveAttribute('alt', 'QR code that signs you in on a phone');
    await waitFor(() => expect(within(drawer).getByTestId('qr-expiry')).toHaveTextContent(/Valid for (3:00|2:59)/));
    expect(issued).toBe(1);
    await user.click(within(drawer).getByTestId('qr-refresh'));
    await waitFor(() => expect(issued).toBe(2));
    // Closed and opened again: a new code, never the one shown before.
    await user.click(within(drawer).getByRole('button', { name: /close/i }));
    await waitFor(() => expect(screen.queryByTestId('qr-image')).not.toBeInTheDocument());
    await user.click(screen.getByTestId('header-user'));
    await user.click(await screen.findByTestId('user-qr'));
    await screen.findByTestId('qr-image');
    await waitFor(() => expect(issued).toBe(3));
  });

  it('renews the code by itself before it expires', async () => {
    let issued = 0;
    stubApi({
      'GET /v2/wx/getQrCodePath': () => {
        issued += 1;
        // A code with 31 s left: the drawer asks again about a second later, 30 s before expiry.
        return { result: { url: 'https://atrium.test/single/x', expiresAt: Date.now() + 31_000, image: PIXEL } };
      },
    });
    const user = userEvent.setup();
    renderConsole({ path: '/index', user: makeUser(), menu: makeMenu() });
    await screen.findByTestId('page-index');
    await user.click(screen.getByTestId('header-user'));
    await user.click(await screen.findByTestId('user-qr'));
    await screen.findByTestId('qr-image');
    await waitFor(() => expect(issued).toBeGreaterThanOrEqual(2), { timeout: 4000 });
  });

  it('speaks Chinese and shows a refusal', async () => {
    setLang('zh-CN');
    stubApi({ 'GET /v2/wx/getQrCodePath': { status: 429, returncode: 1004, message: '同时生成的登录二维码过多，请几分钟后再打开二维码' } });
    const user = userEvent.setup();
    renderConsole({ path: '/index', user: makeUser(), menu: makeMenu() });
    await screen.findByTestId('page-index');
    await user.click(screen.getByTestId('header-user'));
    await user.click(await screen.findByText('手机扫码登录'));
    expect(await screen.findByTestId('qr-error')).toHaveTextContent('同时生成的登录二维码过多');
  });
});

describe('/single pages', () => {
  it('signs in by the link without asking for a session first, then opens the console', async () => {
    const seen = stubApi({
      'POST /sign-in-link/sign-in': { result: { ...signedInAs, token: 'session', isDefaultPassword: false, passwordExpired: false } },
      'GET /user/getCurrentUserInfo': { result: makeUser() },
      'GET /user/getMenuList': { result: makeMenu() },
    });
    const { router } = renderConsole({ path: `/single/${TOKEN}` });
    await waitFor(() => expect(router.state.location.pathname).not.toMatch(/^\/single/));
    const signIns = seen.filter((request) => request.path === '/sign-in-link/sign-in');
    expect(signIns).toHaveLength(1);
    expect(signIns[0]!.body).toEqual({ token: TOKEN });
    // The public page asked nothing of the session before signing in.
    expect(seen[0]!.path).toBe('/sign-in-link/sign-in');
    await screen.findByTestId('page-index');
  });

  it('sends a used or expired link to /single-error, which says so in both languages', async () => {
    stubApi({ 'POST /sign-in-link/sign-in': { status: 422, returncode: 1005, message: 'This sign-in link is invalid, already used or expired.' } });
    const { router } = renderConsole({ path: `/single/${TOKEN}` });
    await waitFor(() => expect(router.state.location.pathname).toBe('/single-error'));
    expect(await screen.findByText('This sign-in link cannot be used')).toBeInTheDocument();
    expect(screen.getByText(/already used, has expired or is not valid/)).toBeInTheDocument();
    await act(() => setLang('zh-CN'));
    expect(await screen.findByText('此登录链接无法使用')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByTestId('single-error-login'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
