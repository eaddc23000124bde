import { FILTER_DEBOUNCE_MS, LANGS, PERMISSION_AREAS, permissionAreaDescriptionKey, type RoleCandidate, type RoleDetails, type RoleMember } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi, type StubAnswer, type StubRoute } from '../../../test/render';

afterEach(() => {
  vi.restoreAllMocks();
});

const ROLE: RoleDetails = {
  id: 5,
  name: 'Front desk',
  description: 'Greets visitors',
  parentId: null,
  level: 1,
  isDefault: false,
  memberCount: 2,
  canAddChild: true,
  permissions: ['records:view'],
  updatedAt: 0,
};

const member = (id: number, fullName: string): RoleMember => ({
  id,
  fullName,
  userName: fullName.toLowerCase().replace(' ', '.'),
  email: `${id}@example.test`,
  usercode: null,
  avatar: null,
  department: { id: 1, name: 'Facilities' },
  isActive: true,
});
const candidate = (id: number, fullName: string, roleId: number, roleName: string): RoleCandidate => ({
  id,
  fullName,
  userName: fullName.toLowerCase(),
  email: null,
  roleId,
  roleName,
});

const menu = [makeEntry('userManagement', '', [makeEntry('role', '/role')])];

function openDetail(path: string, { role = ROLE, permissions = ['roles:view', 'roles:edit', 'users:view', 'users:edit'], extra = {} }: { role?: RoleDetails; permissions?: string[]; extra?: Record<string, StubAnswer | StubRoute> } = {}) {
  const signedIn = makeUser({ permissions });
  const seen = stubApi({
    'GET /user/getCurrentUserInfo': { result: signedIn },
    'GET /user/getMenuList': { result: menu },
    'GET /tenant/role/details': { result: role },
    'GET /tenant/role/user/search': ({ query }) => ({
      result: { list: [member(11, 'Grace Adeyemi'), member(12, 'Sam Porter')], total: 2, page: Number(query.get('page')), pageSize: Number(query.get('pageSize')) },
    }),
    ...extra,
  });
  return { seen, ...renderConsole({ path, user: signedIn, menu }) };
}

const switchOf = (area: string, level: 'view' | 'edit') => screen.getByTestId(`permission-${area}-${level}`);

describe('role detail: permissions', () => {
  it('lists every area with a view and an edit switch, titled in the user language', async () => {
    openDetail('/role-detail/5/permissions');
    await screen.findByTestId('role-permissions');
    for (const area of PERMISSION_AREAS) {
      expect(switchOf(area, 'view')).toBeInTheDocument();
      expect(switchOf(area, 'edit')).toBeInTheDocument();
    }
    expect(switchOf('records', 'view')).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Visitor and reception display · Edit' })).not.toBeChecked();
    expect(screen.getByTestId('permissions-save')).toBeDisabled();
  });

  it('describes every permission area in one line, in both languages', async () => {
    for (const lang of LANGS) {
      const t = i18n.getFixedT(lang);
      const missing = PERMISSION_AREAS.filter((area) => {
        const key = permissionAreaDescriptionKey(area);
        return !i18n.exists(key, { lng: lang, fallbackLng: false }) || t(key).includes('\n') || t(key) === t(`permissions.${area}`);
      });
      expect(missing, lang).toEqual([]);
    }
    openDetail('/role-detail/5/permissions');
    await screen.findByTestId('role-permissions');
    for (const area of PERMISSION_AREAS) {
      expect(screen.getByTestId(`permission-${area}-description`)).toHaveTextContent(i18n.getFixedT('en-US')(permissionAreaDescriptionKey(area)));
    }
  });

  it('turns on view and users edit with an edit switch, holds users edit while needed, and saves the whole set', async () => {
    const user = userEvent.setup();
    const { seen } = openDetail('/role-detail/5/permissions', { extra: { 'PUT /tenant/role/permission': ({ body }) => ({ result: body }) } });
    await screen.findByTestId('role-permissions');

    await user.click(switchOf('visitorDisplay', 'edit'));
    expect(switchOf('visitorDisplay', 'view')).toBeChecked();
    expect(switchOf('users', 'edit')).toBeChecked();
    expect(switchOf('users', 'view')).toBeChecked();
    expect(switchOf('users', 'edit')).toBeDisabled();
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    // A view switched off takes its edit with it; users edit is then free again.
    await user.click(switchOf('visitorDisplay', 'view'));
    expect(switchOf('visitorDisplay', 'edit')).not.toBeChecked();
    expect(switchOf('users', 'edit')).toBeEnabled();
    await user.click(switchOf('visitorDisplay', 'edit'));

    await user.click(screen.getByTestId('permissions-save'));
    await waitFor(() =>
      expect(seen.find((request) => request.method === 'PUT')?.body).toEqual({
        roleId: 5,
        permissions: ['records:view', 'users:view', 'users:edit', 'visitorDisplay:view', 'visitorDisplay:edit'],
      }),
    );
    expect(await screen.findByText('Permissions saved. Members have them from their next action.')).toBeInTheDocument();
  });

  it('shows a reader the switches without letting them change', async () => {
    openDetail('/role-detail/5/permissions', { permissions: ['roles:view'] });
    await screen.findByTestId('role-permissions');
    expect(switchOf('records', 'view')).toBeDisabled();
    expect(screen.queryByTestId('permissions-save')).not.toBeInTheDocument();
    expect(screen.getByText("You can see this role's permissions but not change them.")).toBeInTheDocument();
  });
});

describe('role detail: members', () => {
  it('lists the members, pages by 15, 50 or 100, and searches after a pause in typing', async () => {
    const user = userEvent.setup();
    const { seen } = openDetail('/role-detail/5/members');
    expect(await screen.findByTestId('member-11')).toHaveTextContent('Grace Adeyemi');
    expect(screen.getByTestId('member-12')).toHaveTextContent('sam.porter');
    expect(seen.find((request) => request.path === '/tenant/role/user/search')?.query.toString()).toBe('roleId=5&page=1&pageSize=15');

    await user.click(screen.getByRole('combobox', { name: /page/i }));
    expect(screen.getAllByText(/^(15|50|100) \/ page$/).map((option) => option.textContent)).toEqual(expect.arrayContaining(['15 / page', '50 / page', '100 / page']));

    const searches = () => seen.filter((request) => request.path === '/tenant/role/user/search').length;
    const before = searches();
    await user.type(screen.getByTestId('role-member-search'), 'grace');
    expect(searches()).toBe(before);
    await waitFor(() => expect(seen.at(-1)?.query.get('keyword')).toBe('grace'), { timeout: FILTER_DEBOUNCE_MS + 2000 });
    expect(searches()).toBe(before + 1);
  });

  it('adds people with the picker, where current members cannot be chosen', async () => {
    const user = userEvent.setup();
    const { seen } = openDetail('/role-detail/5/members', {
      extra: {
        'GET /tenant/role/user/candidates': {
          result: { list: [candidate(11, 'Grace Adeyemi', 5, 'Front desk'), candidate(21, 'Liang Chen', 4, 'Staff')], total: 2, page: 1, pageSize: 15 },
        },
        'POST /tenant/role/user': { result: { moved: 1 } },
      },
    });
    await user.click(await screen.findByTestId('role-members-add'));
    const picker = await screen.findByTestId('member-picker');
    await within(picker).findByTestId('member-picker-candidate-21');
    expect(within(picker).getByRole('checkbox', { name: 'Grace Adeyemi' })).toBeDisabled();
    expect(within(picker).getByText('Already a member')).toBeInTheDocument();
    expect(screen.getByTestId('member-picker-submit')).toBeDisabled();

    await user.click(within(picker).getByRole('checkbox', { name: 'Liang Chen' }));
    await user.click(screen.getByTestId('member-picker-submit'));
    await waitFor(() => expect(seen.find((request) => request.method === 'POST')).toMatchObject({ path: '/tenant/role/user', body: { roleId: 5, userIds: [21] } }));
    expect(await screen.findByText('1 person moved to “Front desk”')).toBeInTheDocument();
  });

  it('removes a member after confirmation', async () => {
    const user = userEvent.setup();
    const { seen } = openDetail('/role-detail/5/members', { extra: { 'DELETE /tenant/role/user': { result: { moved: 1 } } } });
    await user.click(await screen.findByTestId('member-remove-12'));
    await user.click(await screen.findByTestId('member-remove-confirm'));
    await waitFor(() => expect(seen.find((request) => request.method === 'DELETE')).toMatchObject({ path: '/tenant/role/user', body: { roleId: 5, userIds: [12] } }));
  });

  it('goes back a page when the last member shown on a later page is removed', async () => {
    const user = userEvent.setup();
    let total = 16;
    const { seen } = openDetail('/role-detail/5/members', {
      extra: {
        'GET /tenant/role/user/search': ({ query }) => {
          const page = Number(query.get('page'));
          const list = page === 1 ? Array.from({ length: 15 }, (_, index) => member(100 + index, `Person ${index}`)) : total > 15 ? [member(12, 'Sam Porter')] : [];
          return { result: { list, total, page, pageSize: 15 } };
        },
        'DELETE /tenant/role/user': () => {
          total = 15;
          return { result: { moved: 1 } };
        },
      },
    });
    // The page's code loads on first use: give the first render time.
    await screen.findByTestId('member-100', {}, { timeout: 5000 });
    await user.click(screen.getByTitle('2'));
    await user.click(await screen.findByTestId('member-remove-12'));
    await user.click(await screen.findByTestId('member-remove-confirm'));
    await waitFor(() => expect(seen.some((request) => request.method === 'DELETE')).toBe(true));
    await waitFor(() => expect(seen.filter((request) => request.path === '/tenant/role/user/search').at(-1)?.query.get('page')).toBe('1'));
    expect(await screen.findByTestId('member-100')).toBeInTheDocument();
  });

  it('offers no removal from the default role, and says why', async () => {
    openDetail('/role-detail/5/members', { role: { ...ROLE, isDefault: true } });
    await screen.findByTestId('member-11');
    expect(screen.queryByTestId('member-remove-11')).not.toBeInTheDocument();
    expect(screen.getByText('Members cannot be removed from the default role: add them to another role instead.')).toBeInTheDocument();
  });
});

describe('role detail: tabs', () => {
  it('switches between members and permissions in one console tab, the address following', async () => {
    const user = userEvent.setup();
    const { router } = openDetail('/role-detail/5/members');
    await screen.findByTestId('member-11');
    expect(screen.getByTestId('role-detail-name')).toHaveTextContent('Front desk');
    expect(screen.getByTestId('menu-item-role')).toHaveClass('ant-menu-item-selected');

    await user.click(screen.getByTestId('role-tab-permissions'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/role-detail/5/permissions'));
    await screen.findByTestId('role-permissions');
    expect(screen.getAllByTestId(/^tab-_role-detail/).map((tab) => tab.getAttribute('data-testid'))).toEqual(['tab-_role-detail_5']);
  });

  it("titles the console tab and the window with the role's name, on either inner tab", async () => {
    const user = userEvent.setup();
    openDetail('/role-detail/5/members');
    await waitFor(() => expect(screen.getByTestId('tab-_role-detail_5')).toHaveTextContent('Front desk'));
    expect(screen.getByTestId('tab-_role-detail_5')).not.toHaveTextContent('Role details');
    await waitFor(() => expect(document.title).toBe('Front desk - Atrium'));
    await user.click(screen.getByTestId('role-tab-permissions'));
    await screen.findByTestId('role-permissions');
    expect(screen.getByTestId('tab-_role-detail_5')).toHaveTextContent('Front desk');
    expect(document.title).toBe('Front desk - Atrium');
  });

  it('opens the members when the address names no known tab', async () => {
    const { router } = openDetail('/role-detail/5/nonsense');
    await waitFor(() => expect(router.state.location.pathname).toBe('/role-detail/5/members'));
  });

  it('says when the role does not exist', async () => {
    openDetail('/role-detail/99/members', { extra: { 'GET /tenant/role/details': { status: 404, returncode: 1002, message: 'The record does not exist' } } });
    expect(await screen.findByText('This role does not exist')).toBeInTheDocument();
    expect(screen.getByTestId('role-detail-back')).toBeInTheDocument();
  });
});
