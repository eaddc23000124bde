import type { RoleTreeNode } from '@atrium/contract';

/** The first role, depth first in display order, that `matches`. */
export function findRoleWhere(nodes: readonly RoleTreeNode[], matches: (role: RoleTreeNode) => boolean): RoleTreeNode | undefined {
  for (const node of nodes) {
    if (matches(node)) return node;
    const found = findRoleWhere(node.children, matches);
    if (found) return found;
  }
  return undefined;
}

/** The role with this id anywhere in the tree. */
export const findRole = (nodes: readonly RoleTreeNode[], id: number) => findRoleWhere(nodes, (role) => role.id === id);

/** The company's default role. */
export const findDefaultRole = (nodes: readonly RoleTreeNode[]) => findRoleWhere(nodes, (role) => role.isDefault);

/** The role's siblings (itself included) in display order, and its place among them. */
export function siblingsOf(nodes: readonly RoleTreeNode[], id: number): { siblings: readonly RoleTreeNode[]; index: number } | undefined {
  const index = nodes.findIndex((node) => node.id === id);
  if (index !== -1) return { siblings: nodes, index };
  for (const node of nodes) {
    const found = siblingsOf(node.children, id);
    if (found) return found;
  }
  return undefined;
}

/** Ids of every role with children, to expand the whole tree. */
export function parentIds(nodes: readonly RoleTreeNode[]): number[] {
  return nodes.flatMap((node) => (node.children.length > 0 ? [node.id, ...parentIds(node.children)] : []));
}

/** The roles whose name contains `keyword` (ignoring case), with their ancestors so they keep their place. */
export function filterRoles(nodes: readonly RoleTreeNode[], keyword: string): RoleTreeNode[] {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return [...nodes];
  return nodes.flatMap((node) => {
    const children = filterRoles(node.children, needle);
    return node.name.toLowerCase().includes(needle) || children.length > 0 ? [{ ...node, children }] : [];
  });
}
