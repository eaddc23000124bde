import type { DirectoryUser } from '@atrium/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { preferencesStore } from '../../../shared/preferences/preferences-store';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const person = (id: number, overrides: Partial<DirectoryUser> = {}): DirectoryUser => ({
  id,
  userName: `user${id}`,
  email: `user${id}@example.test`,
  firstName: 'First',
  lastName: `Last${id}`,
  fullName: `First Last${id}`,
  usercode: `C${id}`,
  phone: null,
  gender: 'secret',
  avatar: null,
  department: { id: 1, name: 'Engineering' },
  role: { id: 2, name: 'Staff' },
  location: null,
  status: 'active',
  isPendingActivation: false,
  isSso: false,
  createdAt: 0,
  ...overrides,
});

function directoryApi() {
  return stubApi({
    'POST /user/getUserList': ({ body }) => {
      const { keyword } = body as { keyword?: string };
      const list = [person(1), person(7, { isPendingActivation: true, phone: '+44 1' })].filter((user) => !keyword || user.fullName.includes(keyword));
      return { result: { list, total: list.length, page: 1, pageSize: 15 } };
    },
    'GET /user/directoryOptions': { result: { departments: [{ id: 1, name: 'Engineering', parentId: null }], roles: [{ id: 2, name: 'Staff', isDefault: true }], locations: [] } },
    'POST /user/resendActivation': { result: null },
    'POST /user/activationLink': { result: { link: 'https://atrium.example.test/activate/Fresh-Token_0123456789abcdefghijklmnopqrstu', expiresAt: Date.UTC(2026, 10, 26, 9, 0) } },
  });
}

const open = (permissions: string[]) =>
  renderConsole({
    path: '/directory',
    user: makeUser({ id: 99, permissions }),
    menu: [makeEntry('userManagement', '', [makeEntry('directory', '/directory')])],
  });

describe('directory page', () => {
  it('lists users, marks those not activated and resends their activation', async () => {
    const user = userEvent.setup();
    const seen = directoryApi();
    open(['users:view', 'users:edit']);
    expect(await screen.findByText('First Last1')).toBeInTheDocument();
    expect(screen.getByText('Not activated')).toBeInTheDocument();
    expect(screen.queryByTestId('directory-resend-1')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('directory-resend-7'));
    await waitFor(() => expect(seen.some((request) => request.path === '/user/resendActivation')).toBe(true));
    expect(seen.find((request) => request.path === '/user/resendActivation')!.body).toEqual({ id: 7 });
  });

  it('hands out a fresh activation link for a pending user in a modal with a copy button, its expiry and what it retires, in both languages', async () => {
    const user = userEvent.setup();
    const seen = directoryApi();
    open(['users:view', 'users:edit']);
    await screen.findByText('First Last7');
    expect(screen.queryByTestId('directory-activation-link-1')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('directory-activation-link-7'));
    const modal = await screen.findByTestId('activation-link-modal');
    expect(seen.find((request) => request.path === '/user/activationLink')!.body).toEqual({ id: 7 });
    expect(screen.getByText('Activation link for First Last7')).toBeInTheDocument();
    expect(modal).toHaveTextContent('https://atrium.example.test/activate/Fresh-Token_0123456789abcdefghijklmnopqrstu');
    expect(modal).toHaveTextContent('whoever opens it chooses the password of user7');
    expect(screen.getByTestId('activation-link-expiry')).toHaveTextContent('Works once, until 2026-11-26');
    expect(modal).toHaveTextContent('Earlier activation links of this user, the mailed one included, no longer work');
    expect(screen.getByTestId('activation-link-copy')).toHaveTextContent('Copy link');
    // The modal speaks the reader's language.
    act(() => setLang('zh-CN'));
    expect(await screen.findByText('First Last7 的激活链接')).toBeInTheDocument();
    expect(screen.getByTestId('activation-link-copy')).toHaveTextContent('复制链接');
    expect(screen.getByTestId('activation-link-modal')).toHaveTextContent('之前的激活链接（包括邮件中的链接）均已失效');
    await user.click(screen.getByTestId('activation-link-close'));
  });

  it('offers no activation link to a viewer', async () => {
    directoryApi();
    open(['users:view']);
    await screen.findByText('First Last7');
    expect(screen.queryByTestId('directory-activation-link-7')).not.toBeInTheDocument();
  });

  it('waits 500 ms after typing before filtering', async () => {
    const seen = directoryApi();
    open(['users:view']);
    await screen.findByText('First Last1');
    const lists = () => seen.filter((request) => request.path === '/user/getUserList');
    const before = lists().length;
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.change(screen.getByTestId('directory-filter-keyword'), { target: { value: 'Last7' } });
    await vi.advanceTimersByTimeAsync(300);
    expect(lists().length).toBe(before);
    await vi.advanceTimersByTimeAsync(300);
    await waitFor(() => expect(lists().at(-1)!.body).toMatchObject({ keyword: 'Last7', page: 1, pageSize: 15 }));
    vi.useRealTimers();
    await waitFor(() => expect(screen.queryByText('First Last1')).not.toBeInTheDocument());
  });

  it('opens filtered on the person the global search chose (?keyword=)', async () => {
    const seen = directoryApi();
    renderConsole({
      path: '/directory?keyword=Last7',
      user: makeUser({ id: 99, permissions: ['users:view'] }),
      menu: [makeEntry('userManagement', '', [makeEntry('directory', '/directory')])],
    });
    expect(await screen.findByText('First Last7')).toBeInTheDocument();
    expect(screen.getByTestId('directory-filter-keyword').querySelector('input') ?? screen.getByTestId('directory-filter-keyword')).toHaveValue('Last7');
    await waitFor(() => expect(seen.some((request) => request.path === '/user/getUserList' && (request.body as { keyword?: string }).keyword === 'Last7')).toBe(true));
    // The filtered answer replaces the first page once it arrives.
    await waitFor(() => expect(screen.queryByText('First Last1')).not.toBeInTheDocument());
  });

  it('offers no changes to a viewer', async () => {
    directoryApi();
    open(['users:view']);
    await screen.findByText('First Last1');
    expect(screen.queryByTestId('directory-create')).not.toBeInTheDocument();
    expect(screen.queryByTestId('directory-edit-1')).not.toBeInTheDocument();
  });

  it('hides a column and remembers it in the user’s preferences', async () => {
    const user = userEvent.setup();
    directoryApi();
    open(['users:view']);
    await screen.findByText('First Last1');
    const table = screen.getByTestId('directory-table');
    const headers = () => [...table.querySelectorAll('th')].map((th) => th.textContent);
    expect(headers()).toContain('User code');
    await user.click(screen.getByTestId('directory-columns'));
    await user.click(await screen.findByTestId('directory-columns-usercode'));
    await waitFor(() => expect(headers()).not.toContain('User code'));
    expect(preferencesStore.getSnapshot().preferences.columns['/directory']).toEqual(['usercode']);
    expect(JSON.parse(localStorage.getItem('atrium_v1_prefs_99')!).columns).toEqual({ '/directory': ['usercode'] });
  });

  it('opens the edit drawer with user name and e-mail read-only', async () => {
    const user = userEvent.setup();
    directoryApi();
    open(['users:view', 'users:edit']);
    await user.click(await screen.findByTestId('directory-edit-1'));
    const userName = await screen.findByTestId('directory-form-username');
    await waitFor(() => expect(userName).toHaveValue('user1'));
    expect(userName).toBeDisabled();
    expect(screen.getByTestId('directory-form-email')).toBeDisabled();
    expect(screen.getByText("User name and e-mail can't change after creation")).toBeInTheDocument();
  });

  it('asks before the user drawer drops unsaved changes (Cancel, Esc, ×); a reopened drawer starts clean (issue 17)', async () => {
    const user = userEvent.setup();
    directoryApi();
    open(['users:view', 'users:edit']);
    await user.click(await screen.findByTestId('directory-edit-1'));
    const firstName = await screen.findByTestId('directory-form-first-name');
    await waitFor(() => expect(firstName).toHaveValue('First'));
    // The closed questions stay in the page, hidden: each new one adds a Discard button.
    const questions = () => screen.queryAllByTestId('unsaved-discard').length;
    fireEvent.change(firstName, { target: { value: 'Firstly' } });

    await user.click(screen.getByTestId('directory-form-cancel'));
    await waitFor(() => expect(questions()).toBe(1));
    expect(screen.getAllByText('Discard your changes?').length).toBeGreaterThan(0);
    await user.click(screen.getByTestId('unsaved-keep'));
    expect(firstName).toHaveValue('Firstly');

    fireEvent.keyDown(firstName, { key: 'Escape' });
    await waitFor(() => expect(questions()).toBe(2));
    await user.click(screen.getAllByTestId('unsaved-keep').at(-1)!);
    expect(firstName).toHaveValue('Firstly');

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(questions()).toBe(3));
    await user.click(screen.getAllByTestId('unsaved-discard').at(-1)!);
    await waitFor(() => expect(screen.queryByTestId('directory-form-first-name')).not.toBeInTheDocument());

    // Opened again: the saved values, clean; Cancel closes without a question.
    await user.click(screen.getByTestId('directory-edit-1'));
    await waitFor(() => expect(screen.getByTestId('directory-form-first-name')).toHaveValue('First'));
    await user.click(screen.getByTestId('directory-form-cancel'));
    await waitFor(() => expect(screen.queryByTestId('directory-form-first-name')).not.toBeInTheDocument());
    expect(questions()).toBe(3);
  });

  it('says a refused new user once, under the field it names: no toast besides (issue 17)', async () => {
    const user = userEvent.setup();
    const seen = stubApi({
      'POST /user/getUserList': { result: { list: [person(1)], total: 1, page: 1, pageSize: 15 } },
      'GET /user/directoryOptions': { result: { departments: [{ id: 1, name: 'Engineering', parentId: null }], roles: [{ id: 2, name: 'Staff', isDefault: true }], locations: [] } },
      'POST /user': { status: 409, returncode: 1003, message: 'The user name ada.l is already in use', result: { field: 'userName' } },
    });
    open(['users:view', 'users:edit']);
    await user.click(await screen.findByTestId('directory-create'));
    await user.type(await screen.findByTestId('directory-form-username'), 'ada.l');
    await user.type(screen.getByTestId('directory-form-email'), 'ada@example.test');
    await user.type(screen.getByTestId('directory-form-first-name'), 'Ada');
    await user.type(screen.getByTestId('directory-form-last-name'), 'Lovelace');
    await user.click(screen.getByTestId('directory-form-submit'));
    await waitFor(() => expect(seen.some((request) => request.method === 'POST' && request.path === '/user')).toBe(true));
    const under = await screen.findByText('The user name ada.l is already in use', { selector: '.ant-form-item-explain-error' });
    expect(under.closest('.ant-form-item')!.querySelector('[data-testid="directory-form-username"]')).not.toBeNull();
    // Said once: not also in an alert or a toast.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getAllByText('The user name ada.l is already in use')).toHaveLength(1);
  });

  it('accepts csv, xls and xlsx files in the import dialog, and says so in both languages', async () => {
    const user = userEvent.setup();
    directoryApi();
    open(['users:view', 'users:edit']);
    await user.click(await screen.findByTestId('directory-import'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelector('input[type="file"]')).toHaveAttribute('accept', '.csv,.xls,.xlsx');
    expect(dialog).toHaveTextContent('A csv, xls (Excel 97 or later) or xlsx file (every sheet is read).');
    act(() => setLang('zh-CN'));
    await waitFor(() => expect(dialog).toHaveTextContent('csv、xls（Excel 97 及以上版本）或 xlsx 文件（读取所有工作表）。'));
  });
});
