import type { GroupMember, GroupNode, GroupStatistics } from '@atrium/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/render';
import { renderDepartmentPage } from './render-department-page';

afterEach(() => {
  vi.restoreAllMocks();
});

const base = { description: null, locationId: null, locationName: null, styleId: null, styleColor: null };
const TREE: GroupNode[] = [
  {
    ...base, id: 1, name: 'Engineering', groupCode: 'ENG', parentId: null, level: 1, leaf: false, memberCount: 1, totalMemberCount: 2,
    children: [{ ...base, id: 2, name: 'Platform', groupCode: null, parentId: 1, level: 2, leaf: true, memberCount: 1, totalMemberCount: 1, children: [] }],
  },
];
const member = (id: number, fullName: string, department: string): GroupMember => ({
  id, fullName, userName: fullName.toLowerCase(), usercode: null, email: null, phone: null, gender: 'female', avatar: null, isActive: true,
  role: { id: 1, name: 'Staff' }, department: { id, name: department },
});
const STATS: GroupStatistics = {
  groupId: 1, memberCount: 1, totalMemberCount: 2, subDepartmentCount: 1, descendantCount: 1,
  byRole: [{ roleId: 1, roleName: 'Staff', count: 2 }], byGender: { male: 0, female: 2, secret: 0 },
};


describe('DepartmentDetailPage', { timeout: 20_000 }, () => {
  it('shows statistics and the members of the branch, then only its own with the switch off', async () => {
    const user = userEvent.setup();
    const seen = stubApi({
      'GET /tenant/group/list': { result: TREE },
      'GET /tenant/group/user/statistics': { result: STATS },
      'POST /tenant/group/user/search': ({ body }) => {
        const { includeDescendants } = body as { includeDescendants: boolean };
        const list = includeDescendants ? [member(1, 'Ada', 'Engineering'), member(2, 'Grace', 'Platform')] : [member(1, 'Ada', 'Engineering')];
        return { result: { list, total: list.length, page: 1, pageSize: 15 } };
      },
    });
    renderDepartmentPage('/group-detail/1', ['departments:view']);
    await screen.findByTestId('page-group-detail', {}, { timeout: 5000 });
    expect(await screen.findByText('Grace', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('group-stats')).toHaveTextContent('Sub-departments1');
    expect(screen.getByTestId('group-stats')).toHaveTextContent('Female2');
    expect(seen.find((request) => request.path === '/tenant/group/user/search')!.body).toEqual({ groupId: 1, includeDescendants: true, page: 1, pageSize: 15 });

    await user.click(screen.getByTestId('group-members-descendants'));
    await waitFor(() => expect(screen.queryByText('Grace')).not.toBeInTheDocument());
    expect(seen.at(-1)!.body).toMatchObject({ includeDescendants: false });
    expect(seen.find((request) => request.path === '/tenant/group/user/statistics')).toBeDefined();
  });

  it('says so for a department that does not exist', async () => {
    stubApi({ 'GET /tenant/group/list': { result: TREE } });
    renderDepartmentPage('/group-detail/99', ['departments:view']);
    expect(await screen.findByText('This department does not exist', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
