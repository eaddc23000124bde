import type { AssetCategory } from '@atrium/contract';
import { TreeSelect } from 'antd';

export interface CategoryNode {
  value: number;
  title: string;
  key: number;
  children: CategoryNode[];
}

/** The flat, depth-first list as a tree of nodes (what antd's Tree and TreeSelect draw). */
export function categoryTree(categories: AssetCategory[]): CategoryNode[] {
  const nodes = new Map(categories.map((category) => [category.id, { value: category.id, key: category.id, title: category.name, children: [] as CategoryNode[] }]));
  const roots: CategoryNode[] = [];
  for (const category of categories) {
    const node = nodes.get(category.id)!;
    const parent = category.parentId === null ? undefined : nodes.get(category.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** A category picked in the tree. */
export function CategoryTreeSelect({ categories, testId, ...props }: { categories: AssetCategory[]; value?: number; onChange?: (value: number | undefined) => void; placeholder?: string; allowClear?: boolean; testId?: string; 'aria-label'?: string }) {
  return <TreeSelect<number> treeData={categoryTree(categories)} treeDefaultExpandAll showSearch treeNodeFilterProp="title" style={{ minWidth: 200 }} data-testid={testId} {...props} />;
}
