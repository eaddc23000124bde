import { DETAIL_PARENTS, type MenuEntry } from '@atrium/contract';

/** What selecting a menu entry does (spec 000 section 2). */
export type MenuTarget =
  /** Navigate to a console page. */
  | { kind: 'route'; path: string }
  /** Open an address in a new browser tab. */
  | { kind: 'external'; url: string }
  /** No target: warn 'temporary menu'. */
  | { kind: 'none' };

/** A menu entry ready for the shell: title key, icon, target and children. */
export interface MenuNode {
  key: string;
  /** The console path, or a generated placeholder for an entry without one. */
  path: string;
  titleKey: string;
  icon: string;
  target: MenuTarget;
  children: MenuNode[];
}

/** A selectable entry with the title keys of its ancestors, for search and the home page. */
export interface FlatMenuItem {
  key: string;
  path: string;
  icon: string;
  target: MenuTarget;
  /** Title keys from the top group down to the entry. */
  titleKeys: string[];
}

const PLACEHOLDER_PREFIX = '/menu-placeholder/';

/** Path given to an entry that has no path and no children (spec 000 section 2). */
export const placeholderPath = (key: string) => `${PLACEHOLDER_PREFIX}${key}`;

/**
 * Turns the server's menu into shell nodes. An entry with children is a group; a leaf opens its
 * external address, or its page when the console has one (`hasPage`), and otherwise has no target.
 */
export function buildMenu(entries: readonly MenuEntry[], hasPage: (path: string) => boolean): MenuNode[] {
  return entries.map((entry) => {
    const titleKey = entry.title || `menu.${entry.key}`;
    const children = buildMenu(entry.children ?? [], hasPage);
    const path = entry.path || placeholderPath(entry.key);
    let target: MenuTarget = { kind: 'none' };
    if (children.length === 0) {
      if (entry.externalUrl) target = { kind: 'external', url: entry.externalUrl };
      else if (entry.path && hasPage(entry.path)) target = { kind: 'route', path: entry.path };
    }
    return { key: entry.key, path, titleKey, icon: entry.icon, target, children };
  });
}

/** The selectable entries in menu order, each with its ancestors' title keys. */
export function flattenMenu(nodes: readonly MenuNode[], ancestors: string[] = []): FlatMenuItem[] {
  return nodes.flatMap((node) => {
    const titleKeys = [...ancestors, node.titleKey];
    if (node.children.length > 0) return flattenMenu(node.children, titleKeys);
    return [{ key: node.key, path: node.path, icon: node.icon, target: node.target, titleKeys }];
  });
}

/** The full title of an entry, its ancestors' titles joined by ' / ' ('User management / Personal'). */
export function fullTitle(item: Pick<FlatMenuItem, 'titleKeys'>, translate: (key: string) => string): string {
  return item.titleKeys.map((key) => translate(key)).join(' / ');
}

/**
 * The key of the entry to highlight for a path: the entry of that page, or for a detail page the entry
 * of its list page (spec 000 section 2: role-detail highlights role, and so on).
 */
export function menuKeyForPath(pathname: string, items: readonly FlatMenuItem[]): string | undefined {
  const byPath = (path: string) => items.find((item) => item.path === path)?.key;
  const own = byPath(pathname);
  if (own) return own;
  for (const [prefix, parent] of Object.entries(DETAIL_PARENTS)) {
    if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return byPath(parent);
  }
  return undefined;
}

/** Keys of the groups above the entry `key`, outermost first; undefined when the menu lacks it. */
export function ancestorKeys(nodes: readonly MenuNode[], key: string, trail: string[] = []): string[] | undefined {
  for (const node of nodes) {
    if (node.key === key) return trail;
    const found = ancestorKeys(node.children, key, [...trail, node.key]);
    if (found) return found;
  }
  return undefined;
}

/** Keys of every group in the menu. */
export function departmentKeys(nodes: readonly MenuNode[]): string[] {
  return nodes.flatMap((node) => (node.children.length > 0 ? [node.key, ...departmentKeys(node.children)] : []));
}
