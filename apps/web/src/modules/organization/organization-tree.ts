import { departmentPath, type OrganizationChart, type OrganizationDepartment, type OrganizationMember } from '@atrium/contract';

/** A department of the chart with its own members and its sub-departments. */
export interface DepartmentBranch {
  department: OrganizationDepartment;
  members: OrganizationMember[];
  /** Members of this department and every department below it. */
  total: number;
  children: DepartmentBranch[];
}

/**
 * The department tree of a chart answer, siblings in their order. With `onlyMatches`, only the
 * departments that hold a member of the answer or have one below them stay (a search's result shows
 * the path down to each match).
 */
export function buildDepartmentTree(chart: Pick<OrganizationChart, 'departments' | 'members'>, onlyMatches: boolean): DepartmentBranch[] {
  const membersOf = new Map<number, OrganizationMember[]>();
  for (const member of chart.members) {
    if (member.departmentId === null) continue;
    const list = membersOf.get(member.departmentId) ?? [];
    list.push(member);
    membersOf.set(member.departmentId, list);
  }
  const known = new Set(chart.departments.map((department) => department.id));
  const childrenOf = new Map<number | null, OrganizationDepartment[]>();
  for (const department of chart.departments) {
    // A parent that is not in the answer makes the department a top-level one.
    const parent = department.parentId !== null && known.has(department.parentId) ? department.parentId : null;
    const list = childrenOf.get(parent) ?? [];
    list.push(department);
    childrenOf.set(parent, list);
  }
  const build = (parentId: number | null, seen: Set<number>): DepartmentBranch[] =>
    (childrenOf.get(parentId) ?? [])
      .filter((department) => !seen.has(department.id))
      .map((department) => {
        const children = build(department.id, new Set([...seen, department.id]));
        const members = membersOf.get(department.id) ?? [];
        return { department, members, children, total: members.length + children.reduce((sum, child) => sum + child.total, 0) };
      })
      .filter((branch) => !onlyMatches || branch.total > 0);
  return build(null, new Set());
}

/** The members of a branch and every branch below it. */
export function membersBelow(branch: DepartmentBranch): OrganizationMember[] {
  return [...branch.members, ...branch.children.flatMap(membersBelow)];
}

/** A role with its holders, grouped by department (people without one last, `departmentId` null). */
export interface RoleGroup {
  roleId: number;
  name: string;
  description: string | null;
  total: number;
  departments: Array<{ departmentId: number | null; path: string; members: OrganizationMember[] }>;
}

/** The roles of a chart answer, each with who holds it by department; with `onlyMatches`, roles nobody in the answer holds go. */
export function groupByRole(chart: OrganizationChart, onlyMatches: boolean): RoleGroup[] {
  const byId = new Map(chart.departments.map((department) => [department.id, department]));
  return chart.roles
    .map((role) => {
      const holders = chart.members.filter((member) => member.roleId === role.id);
      const groups = new Map<number | null, OrganizationMember[]>();
      for (const member of holders) {
        const key = member.departmentId !== null && byId.has(member.departmentId) ? member.departmentId : null;
        groups.set(key, [...(groups.get(key) ?? []), member]);
      }
      const departments = [...groups.entries()]
        .map(([departmentId, members]) => ({ departmentId, path: departmentId === null ? '' : departmentPath(byId, departmentId), members }))
        .sort((a, b) => (a.departmentId === null ? 1 : b.departmentId === null ? -1 : a.path.localeCompare(b.path)));
      return { roleId: role.id, name: role.name, description: role.description, total: holders.length, departments };
    })
    .filter((group) => !onlyMatches || group.total > 0);
}
