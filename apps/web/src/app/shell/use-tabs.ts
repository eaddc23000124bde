import { isPathAllowed } from '@atrium/contract';
import App from 'antd/es/app';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { askDiscard } from '../../shared/forms/unsaved-changes';
import { unsavedStore } from '../../shared/forms/unsaved-store';
import { preferencesStore, usePreferences } from '../../shared/preferences/preferences-store';
import { tabPathOf, type PageRoute } from '../../shared/routing/page-route';
import { findShellPage } from '../page-routes';
import { useShellPages } from '../shell-pages';
import type { TabView } from './tabs-bar';
import { closedPaths, moveTab, openTab, runCloseCommand, withIndexTab, type CloseResult, type Tab, type TabCommand } from './tabs-model';

/** The address part of a tab's full path. */
const pathnameOf = (fullPath: string) => fullPath.split(/[?#]/)[0]!;

const sameTabs = (a: readonly Tab[], b: readonly Tab[]) =>
  a.length === b.length && a.every((tab, i) => tab.path === b[i]!.path && tab.fullPath === b[i]!.fullPath);

/**
 * The user's tabs: records every visited shell page as a tab, keeps them in the user's preferences,
 * and runs the close, select and move commands. Saved tabs the user may no longer open are hidden.
 * Closing tabs whose pages hold unsaved changes asks once first (issue 17).
 */
export function useTabs(page: PageRoute | undefined, menuPaths: readonly string[]) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { tabs: saved } = usePreferences();
  const location = useLocation();
  const navigate = useNavigate();
  const { pathname, search } = location;
  const pages = useShellPages();
  const activePath = tabPathOf(page, pathname);

  useEffect(() => {
    if (!page) return;
    preferencesStore.update(({ tabs }) => {
      const next = openTab(withIndexTab(tabs), { path: activePath, fullPath: pathname + search });
      return sameTabs(next, tabs) ? {} : { tabs: next };
    });
  }, [page, activePath, pathname, search]);

  const tabs: TabView[] = withIndexTab(saved).flatMap((tab) => {
    const address = pathnameOf(tab.fullPath);
    const tabPage = findShellPage(address, pages);
    return tabPage && isPathAllowed(address, menuPaths) ? [{ ...tab, title: tab.title ?? t(tabPage.titleKey) }] : [];
  });

  const apply = ({ tabs: remaining, next }: CloseResult) => {
    preferencesStore.update(() => ({ tabs: remaining }));
    if (next) void navigate(next.fullPath);
  };

  const run = (command: TabCommand, path: string) => {
    const result = runCloseCommand(command, tabs, path, activePath);
    const closing = closedPaths(tabs, result);
    if (!unsavedStore.isDirty(closing)) return apply(result);
    askDiscard(modal, t, {
      content: t('common.unsaved.tabContent'),
      onDiscard: () => {
        // Marked clean first, so leaving a page that is not kept alive does not ask again.
        unsavedStore.discard(closing);
        apply(result);
      },
    });
  };

  return {
    tabs,
    activePath,
    select: (tab: Tab) => {
      if (tab.fullPath !== pathname + search) void navigate(tab.fullPath);
    },
    run,
    move: (fromPath: string, toPath: string) => preferencesStore.update(() => ({ tabs: moveTab(tabs, fromPath, toPath) })),
  };
}
