import { ROLE_TREE_MAX_DEPTH, type RoleDetails, type RoleTreeNode } from '@atrium/contract';
import type { Role } from './role.repository.js';

/**
 * Depth of each role: 1 at the top, parent's plus one below. A role whose parent is missing counts
 * as top-level, so a damaged tree still shows every role.
 */
export function roleLevels(roles: readonly Role[]): Map<number, number> {
  const byId = new Map(roles.map((role) => [role.id, role]));
  const levels = new Map<number, number>();
  const levelOf = (role: Role, seen: Set<number>): number => {
    const known = levels.get(role.id);
    if (known !== undefined) return known;
    const parent = role.parentId === null ? undefined : byId.get(role.parentId);
    const level = parent && !seen.has(parent.id) ? levelOf(parent, seen.add(role.id)) + 1 : 1;
    levels.set(role.id, level);
    return level;
  };
  for (const role of roles) levelOf(role, new Set());
  return levels;
}

/** The role tree from the company's roles (already in sibling order) and their member counts. */
export function presentRoleTree(roles: readonly Role[], memberCounts: ReadonlyMap<number, number>): RoleTreeNode[] {
  const levels = roleLevels(roles);
  const nodes = new Map<number, RoleTreeNode>(
    roles.map((role) => {
      const level = levels.get(role.id)!;
      return [
        role.id,
        {
          id: role.id,
          name: role.name,
          description: role.description,
          parentId: role.parentId,
          level,
          isDefault: role.isDefault,
          memberCount: memberCounts.get(role.id) ?? 0,
          canAddChild: level < ROLE_TREE_MAX_DEPTH,
          children: [],
        },
      ];
    }),
  );
  const top: RoleTreeNode[] = [];
  for (const role of roles) {
    const node = nodes.get(role.id)!;
    const parent = node.level > 1 && role.parentId !== null ? nodes.get(role.parentId) : undefined;
    (parent ? parent.children : top).push(node);
  }
  return top;
}

export function presentRoleDetails(role: Role, level: number, memberCount: number): RoleDetails {
  return {
    id: role.id,
    name: role.name,
    description: role.description,
    parentId: role.parentId,
    level,
    isDefault: role.isDefault,
    memberCount,
    canAddChild: level < ROLE_TREE_MAX_DEPTH,
    permissions: [...role.permissions],
    updatedAt: role.updatedAt,
  };
}
