import { CHILD_LEVELS, type LocationLevel, type LocationNode, type LocationRegionInfo } from '@atrium/contract';
import type { LocationRecord } from './location.repository.js';

/** The company's live locations, indexed for walking the tree. */
export interface LocationIndex {
  byId: ReadonlyMap<number, LocationRecord>;
  /** Children in sibling order; key null holds the countries. */
  childrenOf(parentId: number | null): readonly LocationRecord[];
  /** The node and its ancestors, from the top down. */
  pathOf(id: number): LocationRecord[];
  /** The node and everything under it. */
  subtreeOf(id: number): LocationRecord[];
  /** Every node in tree order (depth first, siblings in order). */
  inTreeOrder(): LocationRecord[];
}

/** The index is kept in memory and shared between requests (see `loadLayout`): records and lists are frozen. */
export function indexLocations(records: LocationRecord[]): LocationIndex {
  const byId = new Map(records.map((record) => [record.id, Object.freeze(record)]));
  const children = new Map<number | null, LocationRecord[]>();
  for (const record of records) {
    // A node whose parent is gone (deleted) is gone with it.
    const parentKey = record.parentId !== null && byId.has(record.parentId) ? record.parentId : record.parentId === null ? null : undefined;
    if (parentKey === undefined) continue;
    const list = children.get(parentKey) ?? [];
    list.push(record);
    children.set(parentKey, list);
  }
  for (const list of children.values()) Object.freeze(list);
  const childrenOf = (parentId: number | null): readonly LocationRecord[] => children.get(parentId) ?? [];
  const walk = (parentId: number | null, out: LocationRecord[]) => {
    for (const child of childrenOf(parentId)) {
      out.push(child);
      walk(child.id, out);
    }
    return out;
  };
  return {
    byId,
    childrenOf,
    pathOf(id) {
      const path: LocationRecord[] = [];
      let current = byId.get(id);
      while (current) {
        path.unshift(current);
        current = current.parentId === null ? undefined : byId.get(current.parentId);
      }
      return path;
    },
    subtreeOf(id) {
      const self = byId.get(id);
      return self ? [self, ...walk(id, [])] : [];
    },
    inTreeOrder: () => walk(null, []),
  };
}

/** The nearest value along the path, from the node upwards. */
function inherited(path: LocationRecord[], pick: (record: LocationRecord) => string | null): string | null {
  for (let i = path.length - 1; i >= 0; i--) {
    const value = pick(path[i]!);
    if (value) return value;
  }
  return null;
}

export const effectiveTimeZone = (index: LocationIndex, id: number) => inherited(index.pathOf(id), (record) => record.timeZone);
export const effectiveAddress = (index: LocationIndex, id: number) => inherited(index.pathOf(id), (record) => record.address);

/** A node as the API answers it; children down to `maxLevel` when `withChildren`. */
export function presentNode(index: LocationIndex, record: LocationRecord, options: { withChildren: boolean; maxLevel: number }): LocationNode {
  const children = index.childrenOf(record.id).filter((child) => child.level <= options.maxLevel);
  return {
    id: record.id,
    parentId: record.parentId,
    level: record.level,
    locationName: record.name,
    sortOrder: record.sortOrder,
    childLevel: [...(CHILD_LEVELS[record.level as LocationLevel] ?? [])],
    hasChildren: children.length > 0,
    childList: options.withChildren ? children.map((child) => presentNode(index, child, options)) : [],
    regionIconUrl: record.regionIcon,
    description: record.description,
    timeZone: record.timeZone,
    address: record.address,
    effectiveTimeZone: effectiveTimeZone(index, record.id),
    effectiveAddress: effectiveAddress(index, record.id),
  };
}

/** Keeps the nodes whose name contains the keyword, with their ancestors (and the matches' subtrees). */
export function filterNodes(nodes: LocationNode[], keyword: string | undefined): LocationNode[] {
  const needle = keyword?.trim().toLowerCase();
  if (!needle) return nodes;
  const out: LocationNode[] = [];
  for (const node of nodes) {
    if (node.locationName.toLowerCase().includes(needle)) {
      out.push(node);
      continue;
    }
    const childList = filterNodes(node.childList, needle);
    if (childList.length > 0) out.push({ ...node, childList, hasChildren: true });
  }
  return out;
}

export function presentRegionInfo(index: LocationIndex, record: LocationRecord): LocationRegionInfo {
  return {
    id: record.id,
    level: record.level,
    locationName: record.name,
    regionIconUrl: record.regionIcon,
    description: record.description,
    timeZone: record.timeZone,
    address: record.address,
    effectiveTimeZone: effectiveTimeZone(index, record.id),
    effectiveAddress: effectiveAddress(index, record.id),
    path: index.pathOf(record.id).map((step) => ({ id: step.id, level: step.level, locationName: step.name })),
  };
}

/** "United Kingdom / London / Riverside House / 1st floor": the ancestors of a node, names joined. */
export const pathName = (index: LocationIndex, id: number) =>
  index
    .pathOf(id)
    .slice(0, -1)
    .map((step) => step.name)
    .join(' / ');
