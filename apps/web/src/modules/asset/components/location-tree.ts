import type { AssetLocation } from '@atrium/contract';

export interface LocationNode {
  value: number;
  title: string;
  key: number;
  children: LocationNode[];
}

/** The company's location nodes as the tree a TreeSelect draws. */
export function locationTree(locations: AssetLocation[]): LocationNode[] {
  const nodes = new Map(locations.map((location) => [location.id, { value: location.id, key: location.id, title: location.name, children: [] as LocationNode[] }]));
  const roots: LocationNode[] = [];
  for (const location of locations) {
    const parent = location.parentId === null ? undefined : nodes.get(location.parentId);
    (parent ? parent.children : roots).push(nodes.get(location.id)!);
  }
  return roots;
}
