import type { OrganizationChart } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

const saved: string[] = [];
beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:organization'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (this.download) saved.push(this.download);
  });
});

afterEach(() => {
  saved.length = 0;
  vi.restoreAllMocks();
});

const CHART: OrganizationChart = {
  departments: [
    { id: 1, parentId: null, name: 'Engineering', sortOrder: 0 },
    { id: 2, parentId: 1, name: 'Platform', sortOrder: 0 },
    { id: 3, parentId: null, name: 'Sales', sortOrder: 1 },
  ],
  roles: [
    { id: 10, name: 'Administrator', description: null },
    { id: 11, name: 'Staff', description: null },
  ],
  members: [
    { id: 100, fullName: 'Ada Lovelace', email: 'ada@x.test', departmentId: 2, roleId: 11, isActive: true },
    { id: 101, fullName: 'Bob Builder', email: 'bob@x.test', departmentId: 3, roleId: 10, isActive: true },
    { id: 102, fullName: 'Cy Loner', email: null, departmentId: null, roleId: 11, isActive: false },
  ],
  isTruncated: false,
};

const menu = [makeEntry('organisation', '', [makeEntry('organizationalMembers', '/organizational-members'), makeEntry('organizationalRole', '/organizational-role')])];
const admin = makeUser({ permissions: ['users:view', 'roles:view'] });

/** Answers the export with a file, recording its query. */
function stubExport(seen: Array<{ path: string; query: URLSearchParams }>) {
  const fetchStub = vi.mocked(globalThis.fetch);
  const answer = fetchStub.getMockImplementation()!;
  fetchStub.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://console.test');
    if (url.pathname.endsWith('/export')) {
      seen.push({ path: url.pathname, query: url.searchParams });
      const name = url.pathname.includes('roles') ? 'organization-roles' : 'organization-members';
      return new Response('\uFEFFx\r\n', { status: 200, headers: { 'content-type': 'text/csv', 'content-disposition': `attachment; filename="${name}.${url.searchParams.get('format')}"` } });
    }
    return answer(input, init);
  });
}

describe('organisation members page', () => {
  it('shows the department tree with counts, lists the people of the chosen department and below, searches and exports', async () => {
    const user = userEvent.setup();
    const seen = stubApi({
      'GET /organization/members': ({ query }) => ({
        result: query.get('keyword') ? { ...CHART, members: CHART.members.filter((member) => member.fullName.toLowerCase().includes(query.get('keyword')!)) } : CHART,
      }),
    });
    const exports: Array<{ path: string; query: URLSearchParams }> = [];
    stubExport(exports);
    renderConsole({ path: '/organizational-members', user: admin, menu });

    expect(await screen.findByTestId('organization-department-1')).toHaveTextContent('Engineering1');
    expect(screen.getByTestId('organization-department-3')).toHaveTextContent('Sales1');
    expect(await screen.findByTestId('organization-member-102')).toHaveTextContent('No department');
    expect(screen.getByTestId('organization-member-100')).toHaveTextContent('Engineering / Platform');
    expect(screen.getByTestId('organization-member-100')).toHaveTextContent('Staff');

    await user.click(screen.getByTestId('organization-department-1'));
    await waitFor(() => expect(screen.queryByTestId('organization-member-101')).toBeNull());
    expect(screen.getByTestId('organization-member-100')).toBeInTheDocument();

    await user.type(screen.getByTestId('organization-search'), 'bob');
    await waitFor(() => expect(seen.some((request) => request.path === '/organization/members' && request.query.get('keyword') === 'bob')).toBe(true));
    // Only the path to a match stays in the tree.
    await waitFor(() => expect(screen.queryByTestId('organization-department-1')).toBeNull());
    expect(await screen.findByTestId('organization-member-101')).toBeInTheDocument();

    await user.click(screen.getByTestId('organization-export'));
    await user.click(await screen.findByTestId('organization-export-csv'));
    await waitFor(() => expect(saved).toEqual(['organization-members.csv']));
    expect([exports[0]!.query.get('keyword'), exports[0]!.query.get('format')]).toEqual(['bob', 'csv']);
  }, 60_000);
});

describe('organisation roles page', () => {
  it('lists each role with its holders by department, in Chinese too', async () => {
    const user = userEvent.setup();
    setLang('zh-CN');
    stubApi({ 'GET /organization/roles': { result: CHART } });
    renderConsole({ path: '/organizational-role', user: admin, menu });
    const staff = await screen.findByTestId('organization-role-11');
    expect(staff).toHaveTextContent('Staff2 人');
    await user.click(staff);
    const platform = await screen.findByTestId('organization-role-11-department-2');
    expect(platform).toHaveTextContent('Engineering / Platform');
    expect(within(platform).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByTestId('organization-role-11-department-none')).toHaveTextContent('无部门Cy Loner');
  }, 60_000);
});
