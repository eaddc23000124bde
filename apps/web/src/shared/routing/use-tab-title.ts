import { useEffect } from 'react';
import type { SavedTab } from '../preferences/preferences';
import { preferencesStore, usePreferences } from '../preferences/preferences-store';

/** The tabs with the tab at `path` named `title`; the same array when nothing changes. */
export function titleTab(tabs: SavedTab[], path: string, title: string): SavedTab[] {
  return tabs.some((tab) => tab.path === path && tab.title !== title) ? tabs.map((tab) => (tab.path === path ? { ...tab, title } : tab)) : tabs;
}

/**
 * Names the console tab at `tabPath` (see PageRoute.tabPath) once the page knows a better title than
 * its route's, such as a role's name. The title is saved with the tab, so it survives a reload.
 */
export function useTabTitle(tabPath: string, title: string | undefined): void {
  const { tabs } = usePreferences();
  // The shell opens the tab after the page's first render: name it once it is there.
  const needsTitle = title !== undefined && tabs.some((tab) => tab.path === tabPath && tab.title !== title);
  useEffect(() => {
    if (!needsTitle || title === undefined) return;
    preferencesStore.update((current) => {
      const next = titleTab(current.tabs, tabPath, title);
      return next === current.tabs ? {} : { tabs: next };
    });
  }, [needsTitle, tabPath, title]);
}
