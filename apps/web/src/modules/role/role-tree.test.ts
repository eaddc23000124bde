import type { RoleTreeNode } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { filterRoles, findDefaultRole, findRole, parentIds, siblingsOf } from './role-tree';

const node = (id: number, name: string, children: RoleTreeNode[] = []): RoleTreeNode => ({
  id,
  name,
  description: null,
  parentId: null,
  level: 1,
  isDefault: false,
  memberCount: 0,
  canAddChild: true,
  children,
});

const tree = [node(1, 'Administrator'), node(2, 'Office manager', [node(3, 'Receptionist'), node(4, 'Cleaner')]), node(5, 'Staff')];

describe('role tree', () => {
  it('finds a role and its siblings at any depth', () => {
    expect(findRole(tree, 4)?.name).toBe('Cleaner');
    expect(findRole(tree, 9)).toBeUndefined();
    expect(siblingsOf(tree, 4)).toMatchObject({ index: 1, siblings: [{ id: 3 }, { id: 4 }] });
    expect(siblingsOf(tree, 5)?.index).toBe(2);
    expect(findDefaultRole(tree)).toBeUndefined();
    expect(findDefaultRole([node(1, 'A', [{ ...node(2, 'B'), isDefault: true }])])?.name).toBe('B');
  });

  it('keeps matching roles with their ancestors, ignoring case', () => {
    expect(filterRoles(tree, 'RECEP')).toEqual([{ ...tree[1], children: [tree[1]!.children[0]] }]);
    expect(filterRoles(tree, 'manager').map((role) => role.children.length)).toEqual([0]);
    expect(filterRoles(tree, '  ')).toEqual(tree);
    expect(filterRoles(tree, 'nobody')).toEqual([]);
  });

  it('lists the roles that have children', () => {
    expect(parentIds(tree)).toEqual([2]);
  });
});
