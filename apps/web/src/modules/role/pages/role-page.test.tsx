import type { RoleDetails, RoleTreeNode } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi, type StubAnswer, type StubRoute } from '../../../test/render';

afterEach(() => {
  vi.restoreAllMocks();
});

const role = (id: number, name: string, extra: Partial<RoleTreeNode> = {}): RoleTreeNode => ({
  id,
  name,
  description: null,
  parentId: null,
  level: 1,
  isDefault: false,
  memberCount: 0,
  canAddChild: true,
  children: [],
  ...extra,
});

const TREE: RoleTreeNode[] = [
  role(1, 'Administrator', { memberCount: 1, description: 'Everything' }),
  role(2, 'Office manager', { memberCount: 1, children: [role(3, 'Receptionist', { parentId: 2, level: 2, memberCount: 1 })] }),
  role(4, 'Staff', { isDefault: true, memberCount: 9 }),
];

const detailsOf = (id: number): RoleDetails => ({
  id,
  name: `Role ${id}`,
  description: null,
  parentId: null,
  level: 1,
  isDefault: false,
  memberCount: 0,
  canAddChild: true,
  permissions: id === 1 ? ['reports:view', 'reports:edit', 'users:view', 'users:edit'] : ['calendarRoomUse:view'],
  updatedAt: 0,
});

const menu = [makeEntry('userManagement', '', [makeEntry('role', '/role'), makeEntry('personal', '/personal')])];

function openRolePage(permissions = ['roles:view', 'roles:edit', 'users:view', 'users:edit'], extra: Record<string, StubAnswer | StubRoute> = {}) {
  const signedIn = makeUser({ permissions });
  const seen = stubApi({
    // A change reads the session again: the caller's own role may have changed.
    'GET /user/getCurrentUserInfo': { result: signedIn },
    'GET /user/getMenuList': { result: menu },
    'GET /tenant/role/tree': { result: TREE },
    'GET /tenant/role/details': ({ query }) => ({ result: detailsOf(Number(query.get('id'))) }),
    ...extra,
  });
  const view = renderConsole({ path: '/role', user: signedIn, menu });
  return { seen, ...view };
}

describe('roles page', () => {
  it('shows the tree with member counts and the first role, and what it allows', async () => {
    openRolePage();
    await screen.findByTestId('role-node-3');
    expect(screen.getByTestId('role-node-4')).toHaveTextContent('Staff');
    expect(screen.getByTestId('role-node-4')).toHaveTextContent('Default');
    expect(screen.getByTestId('role-node-4')).toHaveTextContent('9');
    expect(screen.getByTestId('role-summary-name')).toHaveTextContent('Administrator');
    expect(await screen.findByTestId('role-summary-permissions')).toHaveTextContent('Use reports · Edit');
  });

  it('filters the tree by name, keeping the parents of a match', async () => {
    const user = userEvent.setup();
    openRolePage();
    await screen.findByTestId('role-node-3');
    await user.type(screen.getByTestId('role-search'), 'recep');
    expect(screen.getByTestId('role-node-2')).toBeInTheDocument();
    expect(screen.getByTestId('role-node-3')).toBeInTheDocument();
    expect(screen.queryByTestId('role-node-1')).not.toBeInTheDocument();
    await user.clear(screen.getByTestId('role-search'));
    await user.type(screen.getByTestId('role-search'), 'nobody');
    expect(screen.getByText('No role matches')).toBeInTheDocument();
  });

  it('moves a role among its siblings, never past the first or last', async () => {
    const user = userEvent.setup();
    const { seen } = openRolePage(undefined, { 'PUT /tenant/role/swap': { result: null } });
    await screen.findByTestId('role-node-1');
    expect(screen.getByTestId('role-action-up')).toBeDisabled();
    expect(screen.getByTestId('role-action-down')).toBeEnabled();

    await user.click(screen.getByTestId('role-node-3'));
    // The only child of its parent: nowhere to go.
    await waitFor(() => expect(screen.getByTestId('role-summary-name')).toHaveTextContent('Receptionist'));
    expect(screen.getByTestId('role-action-up')).toBeDisabled();
    expect(screen.getByTestId('role-action-down')).toBeDisabled();

    await user.click(screen.getByTestId('role-node-4'));
    expect(screen.getByTestId('role-action-down')).toBeDisabled();
    await user.click(screen.getByTestId('role-action-up'));
    await waitFor(() => expect(seen.find((r) => r.method === 'PUT')).toMatchObject({ path: '/tenant/role/swap', body: { id: 4, otherId: 2 } }));
  });

  it('cannot delete the default role, nor a role with child roles, and asks before deleting another', async () => {
    const user = userEvent.setup();
    const { seen } = openRolePage(undefined, { 'DELETE /tenant/role': { result: { movedMembers: 1, defaultRoleName: 'Staff' } } });
    await user.click(await screen.findByTestId('role-node-4'));
    expect(screen.getByTestId('role-action-delete')).toBeDisabled();
    await user.click(screen.getByTestId('role-node-2'));
    expect(screen.getByTestId('role-action-delete')).toBeDisabled();

    await user.click(screen.getByTestId('role-node-3'));
    await user.click(screen.getByTestId('role-action-delete'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete the role “Receptionist”?');
    expect(dialog).toHaveTextContent('Its member will move to the default role “Staff”.');
    await user.click(within(dialog).getByTestId('role-delete-confirm'));
    await waitFor(() => expect(seen.find((r) => r.method === 'DELETE')).toMatchObject({ path: '/tenant/role', body: { id: 3 } }));
    expect(await screen.findByText('Role deleted; 1 member moved to “Staff”')).toBeInTheDocument();
  });

  it('creates a child role under the selected one and selects it', async () => {
    const user = userEvent.setup();
    const { seen } = openRolePage(undefined, { 'POST /tenant/role': { result: { id: 3 } } });
    await user.click(await screen.findByTestId('role-node-2'));
    await user.hover(screen.getByTestId('role-action-add'));
    await user.click(await screen.findByTestId('role-action-add-child'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('New role under “Office manager”');
    await user.click(within(dialog).getByTestId('role-form-submit'));
    expect(await within(dialog).findByText("Please enter the role's name")).toBeInTheDocument();
    await user.type(within(dialog).getByTestId('role-form-name'), '  Front desk ');
    await user.type(within(dialog).getByTestId('role-form-description'), 'Greets visitors');
    await user.click(within(dialog).getByTestId('role-form-submit'));
    await waitFor(() =>
      expect(seen.find((r) => r.method === 'POST')).toMatchObject({ path: '/tenant/role', body: { name: 'Front desk', description: 'Greets visitors', parentId: 2 } }),
    );
    await waitFor(() => expect(screen.getByTestId('role-summary-name')).toHaveTextContent('Receptionist'));
  });

  it('asks before the role form drops an edited name; unchanged, it closes at once (issue 17)', async () => {
    const user = userEvent.setup();
    const { seen } = openRolePage();
    await user.click(await screen.findByTestId('role-node-2'));
    await user.click(screen.getByTestId('role-action-edit'));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByTestId('role-form-name');
    expect(name).toHaveValue('Office manager');
    // The closed questions stay in the page, hidden: each new one adds a Discard button.
    const questions = () => screen.queryAllByTestId('unsaved-discard').length;

    fireEvent.change(name, { target: { value: 'Office lead' } });
    await user.click(within(dialog).getByTestId('role-form-cancel'));
    await waitFor(() => expect(questions()).toBe(1));
    await user.click(screen.getByTestId('unsaved-keep'));
    expect(name).toHaveValue('Office lead');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(questions()).toBe(2));
    await user.click(screen.getAllByTestId('unsaved-discard').at(-1)!);
    await waitFor(() => expect(screen.queryByTestId('role-form-name')).not.toBeInTheDocument());
    expect(seen.some((request) => request.method === 'PUT' || request.method === 'POST')).toBe(false);

    await user.click(screen.getByTestId('role-action-edit'));
    await screen.findByTestId('role-form-name');
    await user.click(screen.getByTestId('role-form-cancel'));
    await waitFor(() => expect(screen.queryByTestId('role-form-name')).not.toBeInTheDocument());
    expect(questions()).toBe(2);
  });

  it('shows a reader no actions', async () => {
    openRolePage(['roles:view']);
    await screen.findByTestId('role-summary-name');
    expect(screen.queryByTestId('role-new')).not.toBeInTheDocument();
    expect(screen.queryByTestId('role-action-edit')).not.toBeInTheDocument();
    expect(screen.getByTestId('role-open-permissions')).toBeInTheDocument();
  });
});
