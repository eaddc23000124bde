import { FILTER_DEBOUNCE_MS, PERMISSION_AREAS, type CompanyOwner, type Manager } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

afterEach(() => {
  vi.restoreAllMocks();
});

const manager = (id: number, fullName: string, extra: Partial<Manager> = {}): Manager => ({
  id,
  fullName,
  userName: fullName.toLowerCase().replace(' ', '.'),
  email: `${fullName.toLowerCase().replace(' ', '.')}@example.test`,
  avatar: null,
  department: { id: 3, name: 'Executive' },
  role: { id: 7, name: 'Administrator' },
  areas: ['roles', 'users'],
  isOwner: false,
  ...extra,
});

const OWNER = manager(1, 'Ada Lovelace', { isOwner: true, areas: [...PERMISSION_AREAS] });
const DEPUTY = manager(2, 'Grace Hopper', { role: { id: 8, name: 'Deputies' }, areas: ['accountGlobal', 'globalSettings', 'roles', 'reports', 'departments', 'users'] });
const FACILITIES = manager(3, 'Alan Turing', { role: { id: 9, name: 'Facilities' }, areas: ['roomsLocations', 'users'], department: null });

function openManagers({ isCaller = true, needsSafetyPassword = false, permissions = ['accountGlobal:edit', 'accountGlobal:view'] } = {}) {
  const menu = [makeEntry('userManagement', '', [makeEntry('manager', '/manager')])];
  let owner: CompanyOwner = {
    owner: { id: OWNER.id, fullName: OWNER.fullName, userName: OWNER.userName, email: OWNER.email, role: OWNER.role },
    isCaller,
    needsSafetyPassword,
  };
  const seen = stubApi({
    'GET /manager/owner': () => ({ result: owner }),
    'GET /manager/list': ({ query }) => {
      const list = query.get('area') === 'roles' ? [OWNER, DEPUTY] : [OWNER, DEPUTY, FACILITIES];
      return { result: { list, total: list.length, page: Number(query.get('page')), pageSize: Number(query.get('pageSize')) } };
    },
    'PUT /manager/owner': () => {
      owner = { ...owner, isCaller: false, owner: { id: DEPUTY.id, fullName: DEPUTY.fullName, userName: DEPUTY.userName, email: DEPUTY.email, role: DEPUTY.role } };
      return { result: owner };
    },
  });
  return { seen, ...renderConsole({ path: '/manager', user: makeUser({ id: isCaller ? OWNER.id : 5, permissions }), menu }) };
}

const listQueries = (seen: ReturnType<typeof openManagers>['seen']) =>
  seen.filter((request) => request.path === '/manager/list').map((request) => Object.fromEntries(request.query));

describe('managers page', () => {
  it('shows the owner and the administrators with their role and translated areas', async () => {
    const { seen } = openManagers();
    const card = await screen.findByTestId('manager-owner');
    await waitFor(() => expect(within(card).getByTestId('manager-owner-name')).toHaveTextContent('Ada Lovelace'));
    expect(card).toHaveTextContent('You');
    const owner = await screen.findByTestId('manager-1');
    expect(within(owner).getByTestId('manager-owner-tag')).toHaveTextContent('Owner');
    expect(screen.queryAllByTestId('manager-owner-tag')).toHaveLength(1);
    const row = screen.getByTestId('manager-3').closest('tr')!;
    expect(row).toHaveTextContent('Rooms and locations');
    // Every area in one tag; a long list folds after four.
    expect(within(owner.closest('tr')!).getByTestId('manager-every-area')).toHaveTextContent('Every area');
    const deputy = screen.getByTestId('manager-2').closest('tr')!;
    expect(deputy).toHaveTextContent('Role management');
    expect(deputy).toHaveTextContent('+2');
    expect(deputy).not.toHaveTextContent('Users');
    expect(screen.getByTestId('manager-role-2')).toHaveAttribute('href', '/role-detail/8/members');
    expect(listQueries(seen)[0]).toEqual({ page: '1', pageSize: '15' });
  });

  it('filters by keyword after a pause in typing, and by area', async () => {
    const user = userEvent.setup();
    const { seen } = openManagers();
    await screen.findByTestId('manager-1');
    await user.type(screen.getByTestId('manager-filter-keyword'), 'grace');
    await waitFor(() => expect(listQueries(seen).at(-1)).toEqual({ page: '1', pageSize: '15', keyword: 'grace' }), { timeout: FILTER_DEBOUNCE_MS + 2000 });
    await user.click(screen.getByRole('combobox', { name: 'All areas' }));
    await user.click(await screen.findByTitle('Role management'));
    await waitFor(() => expect(listQueries(seen).at(-1)).toEqual({ page: '1', pageSize: '15', keyword: 'grace', area: 'roles' }));
  });

  it('lets the owner transfer ownership to an eligible administrator with the safety password and a confirmation', async () => {
    const user = userEvent.setup();
    const { seen } = openManagers({ needsSafetyPassword: true });
    await screen.findByTestId('manager-1');
    await user.click(await screen.findByTestId('manager-transfer'));
    const dialog = await screen.findByRole('dialog');
    // Candidates are the role managers, never the owner.
    await waitFor(() => expect(listQueries(seen).some((query) => query.area === 'roles')).toBe(true));
    await user.click(within(dialog).getByRole('combobox'));
    // Options by their title: names elsewhere on the page carry the same title (the whole name on hover).
    const option = (name: string) => document.querySelector<HTMLElement>(`.ant-select-item-option[title="${name}"]`);
    await waitFor(() => expect(option('Grace Hopper')).not.toBeNull());
    expect(option('Ada Lovelace')).toBeNull();
    await user.click(option('Grace Hopper')!);
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(await within(dialog).findByText('Exactly 6 digits')).toBeInTheDocument();
    expect(within(dialog).getByText('Please confirm the transfer')).toBeInTheDocument();
    await user.type(within(dialog).getByTestId('transfer-safety-password'), '135790');
    await user.click(within(dialog).getByTestId('transfer-confirm'));
    expect(within(dialog).getByText('I understand that Grace Hopper will own the company account instead of me')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(seen.find((request) => request.method === 'PUT')?.body).toEqual({ userId: 2, safetyPassword: '135790' }));
    expect(await screen.findByText('Ownership transferred to Grace Hopper')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('manager-owner-name')).toHaveTextContent('Grace Hopper'));
  });

  it('lets nobody but the owner start a transfer', async () => {
    openManagers({ isCaller: false });
    await screen.findByTestId('manager-1');
    await waitFor(() => expect(screen.getByTestId('manager-transfer')).toBeDisabled());
  });

  it('hides the transfer from a viewer of the area', async () => {
    openManagers({ isCaller: false, permissions: ['accountGlobal:view'] });
    await screen.findByTestId('manager-1');
    expect(screen.queryByTestId('manager-transfer')).toBeNull();
  });
});
