import type { GroupNode, Permission, Swatch } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/render';
import { renderDepartmentPage } from './render-department-page';

afterEach(() => {
  vi.restoreAllMocks();
});

const node = (id: number, name: string, extra: Partial<GroupNode> = {}): GroupNode => ({
  id, name, groupCode: null, parentId: null, description: null, locationId: null, locationName: null, styleId: null, styleColor: null,
  level: 1, leaf: true, memberCount: 0, totalMemberCount: 0, children: [], ...extra,
});

const TREE: GroupNode[] = [
  node(1, 'Engineering', {
    groupCode: 'ENG', leaf: false, memberCount: 2, totalMemberCount: 5, styleId: 10, styleColor: '#409EFF',
    children: [node(2, 'Platform', { parentId: 1, level: 2, memberCount: 3, totalMemberCount: 3, groupCode: 'ENG-PLT' })],
  }),
  node(3, 'Sales', { memberCount: 4, totalMemberCount: 4 }),
];
const SWATCHES: Swatch[] = [{ id: 10, color: '#409EFF', alpha: 100 }, { id: 11, color: '#73D13D', alpha: 100 }];

const openPage = (permissions: Permission[] = ['departments:edit', 'departments:view', 'users:edit', 'users:view']) => renderDepartmentPage('/group', permissions);

const defaultRoutes = () => ({
  'GET /tenant/group/list': { result: TREE },
  'GET /tenant/group/style-table': { result: SWATCHES },
  'GET /userGroup/getList': { result: [{ id: 1, name: 'Engineering', groupCode: 'ENG', parentId: null, level: 1, styleColor: null }] },
  'GET /tenant/group/list-of-location-or-group': { result: [] },
});

describe('DepartmentPage', { timeout: 20_000 }, () => {
  it('shows the tree with codes and member counts (own / with sub-departments)', async () => {
    stubApi(defaultRoutes());
    openPage();
    const engineering = await screen.findByTestId('group-node-1', {}, { timeout: 5000 });
    expect(engineering).toHaveTextContent('Engineering');
    expect(engineering).toHaveTextContent('ENG');
    expect(engineering).toHaveTextContent('2 / 5');
    expect(screen.getByTestId('group-node-2')).toHaveTextContent('3');
    expect(screen.getAllByTestId('group-swatch')).toHaveLength(2);
  });

  it('searches 500 ms after typing stops', async () => {
    const seen = stubApi(defaultRoutes());
    openPage();
    await screen.findByTestId('group-node-1', {}, { timeout: 5000 });
    const calls = () => seen.filter((request) => request.path === '/tenant/group/list').length;
    const before = calls();
    fireEvent.change(screen.getByTestId('group-search'), { target: { value: 'pl' } });
    fireEvent.change(screen.getByTestId('group-search'), { target: { value: 'plt' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls()).toBe(before);
    await waitFor(() => expect(calls()).toBe(before + 1), { timeout: 1500 });
    const fetchMock = vi.mocked(globalThis.fetch);
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toContain('keyword=plt');
  });

  it('creates a sub-department from the selected one', async () => {
    const user = userEvent.setup();
    const seen = stubApi({ ...defaultRoutes(), 'POST /group': { result: { id: 9 } } });
    openPage();
    await user.click(await screen.findByText('Platform', {}, { timeout: 5000 }));
    expect(screen.getByTestId('group-selected')).toHaveTextContent('Platform');
    await user.click(screen.getByTestId('group-add-child'));
    await user.type(await screen.findByTestId('group-form-name'), '  Site Reliability ');
    await user.type(screen.getByTestId('group-form-code'), 'ENG-SRE');
    await user.click(screen.getByTestId('group-form-save'));
    await waitFor(() => expect(seen.find((request) => request.method === 'POST' && request.path === '/group')).toBeDefined());
    expect(seen.find((request) => request.path === '/group')!.body).toEqual({ name: 'Site Reliability', parentId: 2, groupCode: 'ENG-SRE', description: null, locationId: null });
  });

  it('requires a name before saving', async () => {
    const user = userEvent.setup();
    const seen = stubApi(defaultRoutes());
    openPage();
    await user.click(await screen.findByTestId('group-create', {}, { timeout: 5000 }));
    await user.click(await screen.findByTestId('group-form-save'));
    expect(await screen.findByText('Please enter a name of at most 254 characters')).toBeInTheDocument();
    expect(seen.some((request) => request.method === 'POST')).toBe(false);
  });

  it("asks before deleting and shows the server's refusal", async () => {
    const user = userEvent.setup();
    const seen = stubApi({
      ...defaultRoutes(),
      'DELETE /group': { status: 422, returncode: 1005, message: 'The department still has 4 member(s); move them to another department first' },
    });
    openPage();
    await user.click(await screen.findByText('Sales', {}, { timeout: 5000 }));
    await user.click(screen.getByTestId('group-delete'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete Sales?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The department still has 4 member(s); move them to another department first')).toBeInTheDocument();
    expect(seen.find((request) => request.method === 'DELETE')!.body).toEqual({ id: 3 });
  });

  it('paints the selected department with a single click on a swatch', async () => {
    const user = userEvent.setup();
    const seen = stubApi({ ...defaultRoutes(), 'PUT /tenant/group/style': { result: null } });
    openPage();
    await user.click(await screen.findByText('Sales', {}, { timeout: 5000 }));
    await user.click(screen.getAllByTestId('group-swatch')[1]!);
    await waitFor(() => expect(seen.find((request) => request.path === '/tenant/group/style')?.body).toEqual({ groupId: 3, styleId: 11 }));
  });

  it('adds a colour through the editor, normalising nothing the server would refuse', async () => {
    const user = userEvent.setup();
    const seen = stubApi({ ...defaultRoutes(), 'POST /tenant/group/style-table': { result: { id: 12, color: '#123456', alpha: 100 } } });
    openPage();
    await user.click(await screen.findByTestId('group-swatch-add', {}, { timeout: 5000 }));
    const hex = await screen.findByTestId('group-swatch-hex');
    await user.clear(hex);
    await user.type(hex, 'red');
    await user.click(screen.getByTestId('group-swatch-save'));
    expect(await screen.findByText('Enter a colour as #RGB or #RRGGBB')).toBeInTheDocument();
    await user.clear(hex);
    await user.type(hex, '#123456');
    await user.clear(screen.getByTestId('group-swatch-alpha'));
    await user.click(screen.getByTestId('group-swatch-save'));
    await waitFor(() => expect(seen.find((request) => request.method === 'POST')?.body).toEqual({ color: '#123456', alpha: 100 }));
  });

  it('shows a viewer the tree and palette without editing controls', async () => {
    stubApi(defaultRoutes());
    openPage(['departments:view']);
    await screen.findByTestId('group-node-1', {}, { timeout: 5000 });
    expect(screen.queryByTestId('group-create')).not.toBeInTheDocument();
    expect(screen.queryByTestId('group-swatch-add')).not.toBeInTheDocument();
  });
});
