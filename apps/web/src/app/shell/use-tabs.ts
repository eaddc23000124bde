import { isPathAllowed } from '@atrium/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { preferencesStore, usePreferences } from '../../shared/preferences/preferences-store';
import type { PageRoute } from '../../shared/routing/page-route';
import { findShellPage } from '../page-routes';
import { useShellPages } from '../shell-pages';
import type { TabCommand, TabView } from './tabs-bar';
import { closeAll, closeLeft, closeOthers, closeRight, closeTab, moveTab, openTab, withIndexTab, type CloseResult, type Tab } from './tabs-model';

const sameTabs = (a: readonly Tab[], b: readonly Tab[]) =>
  a.length === b.length && a.every((tab, i) => tab.path === b[i]!.path && tab.fullPath === b[i]!.fullPath);

/**
 * The user's tabs: records every visited shell page as a tab, keeps them in the user's preferences,
 * and runs the close, select and move commands. Saved tabs the user may no longer open are hidden.
 */
export function useTabs(page: PageRoute | undefined, menuPaths: readonly string[]) {
  const { t } = useTranslation();
  const { tabs: saved } = usePreferences();
  const location = useLocation();
  const navigate = useNavigate();
  const { pathname, search } = location;
  const pages = useShellPages();

  useEffect(() => {
    if (!page) return;
    preferencesStore.update(({ tabs }) => {
      const next = openTab(withIndexTab(tabs), { path: pathname, fullPath: pathname + search });
      return sameTabs(next, tabs) ? {} : { tabs: next };
    });
  }, [page, pathname, search]);

  const tabs: TabView[] = withIndexTab(saved).flatMap((tab) => {
    const tabPage = findShellPage(tab.path, pages);
    return tabPage && isPathAllowed(tab.path, menuPaths) ? [{ ...tab, title: t(tabPage.titleKey) }] : [];
  });

  const apply = ({ tabs: remaining, next }: CloseResult) => {
    preferencesStore.update(() => ({ tabs: remaining }));
    if (next) void navigate(next.fullPath);
  };

  const run = (command: TabCommand, path: string) => {
    switch (command) {
      case 'close':
        return apply(closeTab(tabs, path, pathname));
      case 'close-left':
        return apply(closeLeft(tabs, path, pathname));
      case 'close-right':
        return apply(closeRight(tabs, path, pathname));
      case 'close-others':
        return apply(closeOthers(tabs, path, pathname));
      case 'close-all':
        return apply(closeAll(tabs));
    }
  };

  return {
    tabs,
    activePath: pathname,
    select: (tab: Tab) => {
      if (tab.fullPath !== pathname + search) void navigate(tab.fullPath);
    },
    run,
    move: (fromPath: string, toPath: string) => preferencesStore.update(() => ({ tabs: moveTab(tabs, fromPath, toPath) })),
  };
}
