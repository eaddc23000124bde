import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
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

/** Above every page: the navigation progress bar and the window title ('<page> - Atrium'). */
export function RootLayout() {
  const { t } = useTranslation();
  const titleKey = useRouteTitleKey();
  useEffect(() => {
    const product = t('common.appName');
    document.title = titleKey ? `${t(titleKey)} - ${product}` : product;
  }, [titleKey, t]);
  return (
    <>
      <NavProgress />
      <Outlet />
    </>
  );
}
