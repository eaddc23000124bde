import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { preferencesKey } from '../../shared/preferences/preferences';
import { preferencesStore } from '../../shared/preferences/preferences-store';
import type { PageRoute } from '../../shared/routing/page-route';
import { makeEntry, makeMenu, makeUser } from '../../test/factories';
import { renderConsole, stubApi } from '../../test/render';
import { setWindowWidth } from '../../test/window-width';
import { SHELL_PAGES } from '../page-routes';

afterEach(() => {
  vi.restoreAllMocks();
});

const signedIn = (path = '/index', extra: Parameters<typeof renderConsole>[0] = {}) =>
  renderConsole({ path, user: makeUser(), menu: makeMenu(), ...extra });

const tabOrder = () => screen.getAllByTestId(/^tab-_/).map((tab) => tab.getAttribute('data-testid'));

describe('console shell', () => {
  it('opens the index page with its unclosable tab, greets the user and titles the window', async () => {
    signedIn();
    await screen.findByTestId('page-index');
    expect(screen.queryByTestId('app-loading')).not.toBeInTheDocument();
    expect(screen.getByTestId('tab-_index')).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByTestId('tab-close-_index')).not.toBeInTheDocument();
    expect(screen.getByText('Good', { exact: false })).toHaveTextContent(/Ada/);
    await waitFor(() => expect(document.title).toBe('Home - Atrium'));
  });

  it('opens a menu page as a tab and keeps a cached page alive while hidden', async () => {
    const user = userEvent.setup();
    signedIn();
    await screen.findByTestId('page-index');

    await user.click(screen.getByTestId('menu-item-personal'));
    const oldPassword = await screen.findByTestId('personal-old-password');
    expect(screen.getByTestId('tab-_personal')).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(document.title).toBe('Personal - Atrium'));
    await user.type(oldPassword, 'typed but not sent');

    await user.click(screen.getByTestId('tab-_index'));
    await waitFor(() => expect(screen.getByTestId('page-personal')).not.toBeVisible());
    expect(screen.getByTestId('page-index')).toBeVisible();

    await user.click(screen.getByTestId('tab-_personal'));
    await waitFor(() => expect(screen.getByTestId('page-personal')).toBeVisible());
    expect(screen.getByTestId('personal-old-password')).toHaveValue('typed but not sent');

    // Closing the tab forgets the page, after asking about what was typed: opened again, it starts empty.
    await user.click(screen.getByTestId('tab-close-_personal'));
    await user.click((await screen.findAllByTestId('unsaved-discard')).at(-1)!);
    await waitFor(() => expect(screen.queryByTestId('page-personal')).not.toBeInTheDocument());
    expect(screen.getByTestId('page-index')).toBeVisible();
    await user.click(screen.getByTestId('menu-item-personal'));
    expect(await screen.findByTestId('personal-old-password')).toHaveValue('');
    // Types character by character through a page with several cards: slow on a busy machine.
  });

  it('closes tabs from the context menu and saves them for the user', async () => {
    const user = userEvent.setup();
    const { router } = signedIn('/personal');
    await screen.findByTestId('page-personal');
    await waitFor(() => expect(tabOrder()).toEqual(['tab-_index', 'tab-_personal']));
    expect(JSON.parse(localStorage.getItem(preferencesKey(1))!).tabs.map((tab: { path: string }) => tab.path)).toEqual(['/index', '/personal']);

    await user.pointer({ keys: '[MouseRight]', target: screen.getByTestId('tab-_personal') });
    await user.click(await screen.findByTestId('tab-close-all'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'));
    expect(tabOrder()).toEqual(['tab-_index']);
  });

  it('restores saved tabs in their order and hides those the user may not open', async () => {
    localStorage.setItem(
      preferencesKey(1),
      JSON.stringify({
        tabs: [
          { path: '/personal', fullPath: '/personal' },
          { path: '/index', fullPath: '/index' },
          { path: '/gone', fullPath: '/gone' },
        ],
      }),
    );
    signedIn();
    await screen.findByTestId('page-index');
    expect(tabOrder()).toEqual(['tab-_personal', 'tab-_index']);
  });

  it('resets an invalid saved theme to the first theme and saves it', async () => {
    localStorage.setItem(preferencesKey(1), JSON.stringify({ themeName: 'polarNight', darkMode: true }));
    signedIn();
    await screen.findByTestId('page-index');
    expect(JSON.parse(localStorage.getItem(preferencesKey(1))!)).toMatchObject({ themeName: 'emerald', darkMode: true });
  });

  it('sends a known page the menu does not allow to /no-access', async () => {
    const directory: PageRoute = { path: '/directory', titleKey: 'menu.directory', load: async () => () => <div data-testid="page-directory" /> };
    const { router } = signedIn('/directory', { pages: [...SHELL_PAGES, directory] });
    await screen.findByTestId('page-no-access');
    expect(router.state.location.pathname).toBe('/no-access');
    expect(screen.queryByTestId('page-directory')).not.toBeInTheDocument();
  });

  it("follows a role change on the next navigation: the menu is asked again, a page no longer allowed is refused", async () => {
    const directory: PageRoute = { path: '/directory', titleKey: 'menu.directory', load: async () => () => <div data-testid="page-directory" /> };
    const withDirectory = makeMenu();
    withDirectory[0]!.children.unshift(makeEntry('directory', '/directory'));
    // The administrator has since taken the directory away from the role.
    const seen = stubApi({
      'GET /user/getMenuList': { result: makeMenu() },
      'GET /user/getCurrentUserInfo': { result: { ...makeUser(), role: { id: 2, name: 'Readers' } } },
    });
    const user = userEvent.setup();
    const { router } = renderConsole({ path: '/index', user: makeUser(), menu: withDirectory, pages: [...SHELL_PAGES, directory] });
    await screen.findByTestId('page-index');
    expect(screen.getByTestId('menu-item-directory')).toBeInTheDocument();
    expect(seen.filter((request) => request.path === '/user/getMenuList')).toHaveLength(0);

    await user.click(screen.getByTestId('menu-item-personal'));
    await screen.findByTestId('page-personal');
    await waitFor(() => expect(screen.queryByTestId('menu-item-directory')).not.toBeInTheDocument());
    expect(seen.filter((request) => request.path === '/user/getMenuList')).toHaveLength(1);
    // The header shows the user's role as the server has it now.
    await waitFor(() => expect(screen.getByTestId('header-user')).toHaveTextContent('Readers'));

    await act(() => router.navigate('/directory'));
    await screen.findByTestId('page-no-access');
    expect(screen.queryByTestId('page-directory')).not.toBeInTheDocument();
  });

  it('keeps the menu on screen when asking for it again fails', async () => {
    stubApi({ 'GET /user/getMenuList': { status: 500, returncode: 500, message: 'Server internal error' } });
    const user = userEvent.setup();
    signedIn();
    await screen.findByTestId('page-index');
    await user.click(screen.getByTestId('menu-item-personal'));
    await screen.findByTestId('page-personal');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('menu-item-personal')).toBeInTheDocument();
    expect(screen.queryByText('Server internal error')).not.toBeInTheDocument();
  });

  it('shows a 404 inside the shell for unknown paths, without a tab', async () => {
    signedIn('/no-such-page');
    await screen.findByTestId('page-not-found');
    expect(screen.getByTestId('side-menu')).toBeInTheDocument();
    expect(tabOrder()).toEqual(['tab-_index']);
  });

  it('says so when the menu is empty', async () => {
    renderConsole({ user: makeUser(), menu: [] });
    await screen.findByTestId('page-index');
    expect(within(screen.getByTestId('side-menu')).getByText('There is no side menu')).toBeInTheDocument();
  });

  it("warns 'temporary menu' for an entry without a target and opens external entries in a new tab", async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderConsole({ user: makeUser(), menu: [...makeMenu(), makeEntry('draft', '')] });
    await screen.findByTestId('page-index');

    await user.click(screen.getByTestId('menu-item-draft'));
    expect(await screen.findByText('Temporary menu')).toBeInTheDocument();

    await user.click(screen.getByTestId('menu-item-apiDocs'));
    expect(open).toHaveBeenCalledWith('/api/docs', '_blank', 'noopener,noreferrer');
  });

  it('highlights the list entry of a detail page', async () => {
    const roleDetail: PageRoute = { path: '/role-detail/:id/:tab', titleKey: 'menu.role', load: async () => () => <div data-testid="page-role-detail" /> };
    const menu = [makeEntry('userManagement', '', [makeEntry('role', '/role'), makeEntry('personal', '/personal')])];
    renderConsole({ path: '/role-detail/3/users', user: makeUser(), menu, pages: [roleDetail, ...SHELL_PAGES] });
    await screen.findByTestId('page-role-detail');
    expect(screen.getByTestId('menu-item-role')).toHaveClass('ant-menu-item-selected');
    expect(screen.getByTestId('tab-_role-detail_3_users')).toBeInTheDocument();
  });

  it('opens the search with s pressed twice, filters the menu and navigates with Enter', async () => {
    const user = userEvent.setup();
    const { router } = signedIn();
    await screen.findByTestId('page-index');

    await user.keyboard('s');
    expect(screen.queryByTestId('search-overlay')).not.toBeInTheDocument();
    await user.keyboard('s');
    const input = await screen.findByTestId('search-input');
    await waitFor(() => expect(input).toHaveFocus());
    expect(input).toHaveValue('');

    await user.type(input, 'perso');
    const results = screen.getAllByTestId('search-result');
    expect(results).toHaveLength(1);
    expect(results[0]).toHaveTextContent('User management / Personal');

    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/personal'));
    expect(screen.queryByTestId('search-overlay')).not.toBeInTheDocument();
  });

  it('closes the search with Escape and moves through results with the arrows', async () => {
    const user = userEvent.setup();
    signedIn();
    await screen.findByTestId('page-index');
    await user.click(screen.getByTestId('header-search'));
    await screen.findByTestId('search-input');
    const results = screen.getAllByTestId('search-result');
    expect(results.map((r) => r.textContent)).toEqual(['User management / Personal', 'Help / API documentation']);
    expect(results[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByTestId('search-result')[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('search-overlay')).not.toBeInTheDocument());
  });

  it("hides a header button's tooltip while its dialog is open, so the first Escape closes the dialog", async () => {
    const user = userEvent.setup();
    signedIn();
    await screen.findByTestId('page-index');
    const themeButton = screen.getByTestId('header-theme');
    await user.hover(themeButton);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent('Theme');
    await user.click(themeButton);
    const dialog = await screen.findByTestId('theme-dialog');
    await waitFor(() => expect(screen.queryByRole('tooltip', { name: 'Theme' })).not.toBeInTheDocument());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeVisible());
  });

  it('switches the language everywhere: texts, page language and cookie', async () => {
    const user = userEvent.setup();
    signedIn('/personal');
    await screen.findByTestId('page-personal');
    await user.click(screen.getByTestId('header-lang'));
    await user.click(await screen.findByTestId('lang-option-zh-CN'));
    await waitFor(() => expect(document.documentElement.lang).toBe('zh-CN'));
    expect(document.cookie).toContain('atrium_v1_lang=zh-chs');
    expect(i18n.language).toBe('zh-CN');
    expect(screen.getByTestId('tab-_personal')).toHaveTextContent('个人中心');
    await waitFor(() => expect(document.title).toBe('个人中心 - Atrium'));
    expect(within(screen.getByTestId('side-menu')).getByText('用户管理')).toBeInTheDocument();
  });

  it('collapses the side menu and remembers it for the user', async () => {
    const user = userEvent.setup();
    const first = signedIn();
    await screen.findByTestId('page-index');
    expect(screen.getByTestId('side-menu')).not.toHaveClass('ant-layout-sider-collapsed');
    await user.click(screen.getByTestId('menu-collapse'));
    expect(screen.getByTestId('side-menu')).toHaveClass('ant-layout-sider-collapsed');
    first.unmount();
    preferencesStore.deactivate();

    signedIn();
    await screen.findByTestId('page-index');
    expect(screen.getByTestId('side-menu')).toHaveClass('ant-layout-sider-collapsed');
  });

  it('sends a session that must change its password to the change form', async () => {
    const { router } = renderConsole({ user: makeUser({ mustChangePassword: true }) });
    await screen.findByTestId('change-password-new');
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByText('First login, please change password')).toBeInTheDocument();
  });

  it('asks before signing out, and a cancel says so and restores the colour', async () => {
    const user = userEvent.setup();
    signedIn();
    await screen.findByTestId('page-index');
    await user.click(screen.getByTestId('header-user'));
    await user.click(await screen.findByTestId('user-logout'));
    const greyed = () => document.querySelector('.atrium-greyed') !== null;
    expect(greyed()).toBe(true);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Cancel logout operation')).toBeInTheDocument();
    expect(greyed()).toBe(false);
  });

  it('signs out on OK and lands on the sign-in page with the session forgotten', async () => {
    const user = userEvent.setup();
    const seen = stubApi({
      'GET /logout': { result: null },
      'GET /user/getCurrentUserInfo': { status: 401, returncode: 2001, message: 'Unauthorised' },
    });
    const { router, queryClient } = signedIn('/personal');
    await screen.findByTestId('page-personal');
    await user.click(screen.getByTestId('header-user'));
    await user.click(await screen.findByTestId('user-logout'));
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await screen.findByTestId('login-username');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
    // The personal page lists the sessions when it opens, the header's bell asks for its unread count,
    // the sign-in page asks whether registration is open (the installation's, not the session's), the
    // shell asks for the company's version and unread release notes; signing out itself calls only /logout.
    const others = new Set(['/user/sessions', '/notification/unread-count', '/register/status', '/branch/releaseNotes']);
    expect(seen.map((request) => request.path).filter((path) => !others.has(path))).toEqual(['/logout']);
    // The registration status and the deployment profile are the installation's, not the session's.
    expect(queryClient.getQueryCache().getAll().filter((query) => query.queryKey[0] !== 'registration' && query.queryKey[0] !== 'deployment')).toHaveLength(0);
    expect(document.querySelector('.atrium-greyed')).toBeNull();
  });

  it('toggles full screen and follows the browser when it leaves full screen by itself', async () => {
    const user = userEvent.setup();
    let element: Element | null = null;
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => element });
    const request = vi.fn(async () => {
      element = document.documentElement;
      document.dispatchEvent(new Event('fullscreenchange'));
    });
    Object.defineProperty(document.documentElement, 'requestFullscreen', { configurable: true, value: request });
    signedIn();
    await screen.findByTestId('page-index');
    const button = screen.getByTestId('header-fullscreen');
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.click(button);
    expect(request).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    act(() => {
      element = null;
      document.dispatchEvent(new Event('fullscreenchange'));
    });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    Reflect.deleteProperty(document, 'fullscreenElement');
    Reflect.deleteProperty(document.documentElement, 'requestFullscreen');
  });

  it('puts the menu in a drawer on a narrow screen', async () => {
    const user = userEvent.setup();
    setWindowWidth(375);
    signedIn();
    await screen.findByTestId('page-index');
    expect(screen.queryByTestId('side-menu')).not.toBeInTheDocument();
    expect(screen.queryByTestId('header-fullscreen')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('menu-collapse'));
    const drawer = await screen.findByTestId('side-menu');
    await user.click(within(drawer).getByTestId('menu-item-personal'));
    await screen.findByTestId('page-personal');
    await waitFor(() => expect(screen.getByTestId('side-menu')).not.toBeVisible());
  });

  it('reorders tabs by drag and drop', async () => {
    signedIn('/personal');
    await screen.findByTestId('page-personal');
    await waitFor(() => expect(tabOrder()).toEqual(['tab-_index', 'tab-_personal']));
    const data = new Map<string, string>();
    const dataTransfer = { setData: (k: string, v: string) => data.set(k, v), getData: (k: string) => data.get(k) ?? '', effectAllowed: '', dropEffect: '' };
    act(() => {
      fireEvent.dragStart(screen.getByTestId('tab-_personal'), { dataTransfer });
      fireEvent.dragOver(screen.getByTestId('tab-_index'), { dataTransfer });
      fireEvent.drop(screen.getByTestId('tab-_index'), { dataTransfer });
    });
    await waitFor(() => expect(tabOrder()).toEqual(['tab-_personal', 'tab-_index']));
  });
});
