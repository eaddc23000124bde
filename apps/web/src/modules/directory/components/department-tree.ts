import type { DirectoryOptions } from '@atrium/contract';

export interface DepartmentNode {
  value: number;
  title: string;
  children: DepartmentNode[];
}

/** The flat department list as a tree for TreeSelect; orphans (parent unknown) become roots. */
export function departmentTree(departments: DirectoryOptions['departments']): DepartmentNode[] {
  const nodes = new Map(departments.map((department) => [department.id, { value: department.id, title: department.name, children: [] as DepartmentNode[] }]));
  const roots: DepartmentNode[] = [];
  for (const department of departments) {
    const node = nodes.get(department.id)!;
    const parent = department.parentId !== null ? nodes.get(department.parentId) : undefined;
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}
