import { alphaOfSwatch, type GroupListItem, type GroupNode, type Swatch } from '@atrium/contract';
import type { DepartmentRecord } from './department.repository.js';
import type { StyleRecord } from './department-style.repository.js';

/**
 * The department tree with member counts: each node's own members and the total of its branch.
 * Departments whose parent is missing (never, with the foreign key) would show at the top level.
 */
export function presentTree(records: readonly DepartmentRecord[], counts: ReadonlyMap<number | null, number>): GroupNode[] {
  const ids = new Set(records.map((record) => record.id));
  const childrenOf = new Map<number | null, DepartmentRecord[]>();
  for (const record of records) {
    const parent = record.parentId !== null && ids.has(record.parentId) ? record.parentId : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), record]);
  }
  const build = (parentId: number | null, level: number, seen: Set<number>): GroupNode[] =>
    (childrenOf.get(parentId) ?? [])
      .filter((record) => !seen.has(record.id))
      .map((record) => {
        const children = build(record.id, level + 1, new Set(seen).add(record.id));
        const memberCount = counts.get(record.id) ?? 0;
        return {
          id: record.id,
          name: record.name,
          groupCode: record.groupCode,
          parentId: record.parentId,
          description: record.description,
          locationId: record.locationId,
          locationName: record.locationName,
          styleId: record.styleId,
          styleColor: record.styleColor,
          level,
          leaf: children.length === 0,
          memberCount,
          totalMemberCount: memberCount + children.reduce((sum, child) => sum + child.totalMemberCount, 0),
          children,
        };
      });
  return build(null, 1, new Set());
}

/** Keeps the nodes whose name or code contains `keyword` (case-insensitive) and their ancestors. */
export function filterTree(nodes: readonly GroupNode[], keyword: string | undefined): GroupNode[] {
  const needle = keyword?.trim().toLowerCase();
  if (!needle) return [...nodes];
  const matches = (node: GroupNode) => node.name.toLowerCase().includes(needle) || (node.groupCode ?? '').toLowerCase().includes(needle);
  return nodes.flatMap((node) => {
    const children = filterTree(node.children, needle);
    return matches(node) || children.length > 0 ? [{ ...node, children, leaf: node.leaf }] : [];
  });
}

/** The tree flattened depth first, for pickers. */
export function presentFlatList(nodes: readonly GroupNode[]): GroupListItem[] {
  return nodes.flatMap((node) => [
    { id: node.id, name: node.name, groupCode: node.groupCode, parentId: node.parentId, level: node.level, styleColor: node.styleColor },
    ...presentFlatList(node.children),
  ]);
}

/** A node and all nodes below it. */
export function branchOf(node: GroupNode): GroupNode[] {
  return [node, ...node.children.flatMap(branchOf)];
}

export function findNode(nodes: readonly GroupNode[], id: number): GroupNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findNode(node.children, id);
    if (found) return found;
  }
  return undefined;
}

export const presentSwatch = (style: StyleRecord): Swatch => ({ id: style.id, color: style.color, alpha: alphaOfSwatch(style.color) });
