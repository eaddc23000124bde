import type { OrganizationChart } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { buildDepartmentTree, groupByRole, membersBelow } from './organization-tree';

const chart: OrganizationChart = {
  departments: [
    { id: 1, parentId: null, name: 'Engineering', sortOrder: 0 },
    { id: 2, parentId: 1, name: 'Platform', sortOrder: 0 },
    { id: 3, parentId: null, name: 'Sales', sortOrder: 1 },
    { id: 4, parentId: 99, name: 'Orphan', sortOrder: 2 },
  ],
  roles: [
    { id: 10, name: 'Admin', description: null },
    { id: 11, name: 'Staff', description: null },
    { id: 12, name: 'Unused', description: null },
  ],
  members: [
    { id: 100, fullName: 'Ada', email: 'ada@x.test', departmentId: 2, roleId: 11, isActive: true },
    { id: 101, fullName: 'Bob', email: null, departmentId: 1, roleId: 10, isActive: true },
    { id: 102, fullName: 'Cy', email: null, departmentId: null, roleId: 11, isActive: false },
  ],
  isTruncated: false,
};

describe('organisation tree', () => {
  it('nests departments by parent, counting members below each; an unknown parent makes a top-level one', () => {
    const tree = buildDepartmentTree(chart, false);
    expect(tree.map((branch) => [branch.department.name, branch.total])).toEqual([
      ['Engineering', 2],
      ['Sales', 0],
      ['Orphan', 0],
    ]);
    expect(tree[0]!.children.map((branch) => branch.department.name)).toEqual(['Platform']);
    expect(membersBelow(tree[0]!).map((member) => member.fullName)).toEqual(['Bob', 'Ada']);
  });

  it('keeps only the branches that lead to a match when searching', () => {
    expect(buildDepartmentTree(chart, true).map((branch) => branch.department.name)).toEqual(['Engineering']);
  });

  it('groups each role by department path, people without one last', () => {
    const groups = groupByRole(chart, false);
    const staff = groups.find((group) => group.name === 'Staff')!;
    expect(staff.total).toBe(2);
    expect(staff.departments.map((department) => [department.path, department.members.map((member) => member.fullName)])).toEqual([
      ['Engineering / Platform', ['Ada']],
      ['', ['Cy']],
    ]);
    expect(groups.map((group) => group.name)).toEqual(['Admin', 'Staff', 'Unused']);
    expect(groupByRole(chart, true).map((group) => group.name)).toEqual(['Admin', 'Staff']);
  });
});
