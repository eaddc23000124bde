import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches } from 'react-router';
import { usePreferences } from '../shared/preferences/preferences-store';
import type { RouteHandle } from '../shared/routing/page-route';
import { NavProgress } from './shell/nav-progress';

/** The title key of the deepest matched route that has one. */
export function useRouteTitleKey(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]!.handle as RouteHandle | undefined;
    if (handle?.titleKey) return handle.titleKey;
  }
  return undefined;
}

/** The title a page gave the console tab this address belongs to (a role's name, say), if any. */
function useNamedTabTitle(): string | undefined {
  const { tabs } = usePreferences();
  const { pathname } = useLocation();
  return tabs.find((tab) => tab.title !== undefined && (pathname === tab.path || pathname.startsWith(`${tab.path}/`)))?.title;
}

/**
 * Above every page: the navigation progress bar and the window title ('<page> - Atrium'), where
 * the page is the name its tab was given, else the route's title.
 */
export function RootLayout() {
  const { t } = useTranslation();
  const titleKey = useRouteTitleKey();
  const tabTitle = useNamedTabTitle();
  useEffect(() => {
    const product = t('common.appName');
    const page = tabTitle ?? (titleKey ? t(titleKey) : undefined);
    document.title = page ? `${page} - ${product}` : product;
  }, [tabTitle, titleKey, t]);
  return (
    <>
      <NavProgress />
      <Outlet />
    </>
  );
}
