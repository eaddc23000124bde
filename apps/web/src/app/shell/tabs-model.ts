import type { SavedTab as Tab } from '../../shared/preferences/preferences';

export type { Tab };

/** The index page's tab: always open, never closed (spec 000 section 2: closing all returns to it). */
export const INDEX_PATH = '/index';
export const INDEX_TAB: Tab = { path: INDEX_PATH, fullPath: INDEX_PATH };

/** A close command of the tab bar, relative to one tab. */
export type TabCommand = 'close' | 'close-left' | 'close-right' | 'close-others' | 'close-all';

/** Outcome of a close: the remaining tabs and, when the active tab went away, the tab to show instead. */
export interface CloseResult {
  tabs: Tab[];
  next?: Tab;
}

export const isClosable = (tab: Tab) => tab.path !== INDEX_PATH;

/** Test id of a tab: `tab-` and the path with slashes replaced by '_' (`/personal` gives `tab-_personal`). */
export const tabTestIdSuffix = (path: string) => path.replaceAll('/', '_');

/** The tabs with the index tab present (first, unless the user moved it). */
export function withIndexTab(tabs: readonly Tab[]): Tab[] {
  return tabs.some((tab) => tab.path === INDEX_PATH) ? [...tabs] : [INDEX_TAB, ...tabs];
}

/** Records a visit: appends a new tab, or updates the address shown in an open one (keeping its title). */
export function openTab(tabs: readonly Tab[], tab: Tab): Tab[] {
  const at = tabs.findIndex((t) => t.path === tab.path);
  if (at === -1) return [...tabs, tab];
  if (tabs[at]!.fullPath === tab.fullPath) return tabs as Tab[];
  return tabs.map((t, i) => (i === at ? { ...t, fullPath: tab.fullPath } : t));
}

/** Keeps the tabs `keep` accepts plus every unclosable one; picks `fallback` when the active tab went away. */
function closeWhere(tabs: readonly Tab[], activePath: string, keep: (tab: Tab, index: number) => boolean, fallback: () => Tab | undefined): CloseResult {
  const remaining = tabs.filter((tab, index) => !isClosable(tab) || keep(tab, index));
  const activeRemains = remaining.some((tab) => tab.path === activePath);
  return activeRemains ? { tabs: remaining } : { tabs: remaining, next: fallback() ?? remaining[0] };
}

/** Closes one tab; when it was active the tab on its right shows, else the one on its left. */
export function closeTab(tabs: readonly Tab[], path: string, activePath: string): CloseResult {
  const at = tabs.findIndex((tab) => tab.path === path);
  if (at === -1 || !isClosable(tabs[at]!)) return { tabs: [...tabs] };
  const remaining = tabs.filter((_, index) => index !== at);
  if (path !== activePath) return { tabs: remaining };
  return { tabs: remaining, next: tabs[at + 1] ?? tabs[at - 1] };
}

/** Closes the tabs left of `path`; if the active one was among them, `path` shows. */
export function closeLeft(tabs: readonly Tab[], path: string, activePath: string): CloseResult {
  const at = tabs.findIndex((tab) => tab.path === path);
  if (at === -1) return { tabs: [...tabs] };
  return closeWhere(tabs, activePath, (_, index) => index >= at, () => tabs[at]);
}

/** Closes the tabs right of `path`; if the active one was among them, `path` shows. */
export function closeRight(tabs: readonly Tab[], path: string, activePath: string): CloseResult {
  const at = tabs.findIndex((tab) => tab.path === path);
  if (at === -1) return { tabs: [...tabs] };
  return closeWhere(tabs, activePath, (_, index) => index <= at, () => tabs[at]);
}

/** Closes every tab but `path` (and the index tab); `path` shows if the active one went away. */
export function closeOthers(tabs: readonly Tab[], path: string, activePath: string): CloseResult {
  const target = tabs.find((tab) => tab.path === path);
  if (!target) return { tabs: [...tabs] };
  return closeWhere(tabs, activePath, (tab) => tab.path === path, () => target);
}

/** Closes every closable tab and returns to the index page. */
export function closeAll(tabs: readonly Tab[]): CloseResult {
  const remaining = withIndexTab(tabs.filter((tab) => !isClosable(tab)));
  return { tabs: remaining, next: remaining.find((tab) => tab.path === INDEX_PATH) };
}

/** Runs the close command `command` relative to the tab at `path`. */
export function runCloseCommand(command: TabCommand, tabs: readonly Tab[], path: string, activePath: string): CloseResult {
  switch (command) {
    case 'close':
      return closeTab(tabs, path, activePath);
    case 'close-left':
      return closeLeft(tabs, path, activePath);
    case 'close-right':
      return closeRight(tabs, path, activePath);
    case 'close-others':
      return closeOthers(tabs, path, activePath);
    case 'close-all':
      return closeAll(tabs);
  }
}

/** The paths of the tabs a close removes. */
export function closedPaths(tabs: readonly Tab[], { tabs: remaining }: CloseResult): string[] {
  return tabs.filter((tab) => !remaining.some((kept) => kept.path === tab.path)).map((tab) => tab.path);
}

/**
 * Moves the tab `fromPath` to the place of `toPath` (drag and drop): dropped on a tab to its left it
 * lands before that tab, dropped on a tab to its right it lands after it.
 */
export function moveTab(tabs: readonly Tab[], fromPath: string, toPath: string): Tab[] {
  const from = tabs.findIndex((tab) => tab.path === fromPath);
  const to = tabs.findIndex((tab) => tab.path === toPath);
  if (from === -1 || to === -1 || from === to) return [...tabs];
  const result = [...tabs];
  const [moved] = result.splice(from, 1);
  result.splice(to, 0, moved!);
  return result;
}
