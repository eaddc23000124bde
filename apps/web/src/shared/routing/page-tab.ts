import { createContext, useContext } from 'react';

/**
 * The console tab (its tab path, see `PageRoute.tabPath`) of the page a component renders in,
 * provided by the shell around each page; '' outside the shell's pages. Drawers and modals portal
 * out of the page's DOM but stay in its React tree, so they read their page's tab too.
 */
export const PageTabContext = createContext('');

/** The tab path of the page this component belongs to; '' outside a shell page. */
export function usePageTab(): string {
  return useContext(PageTabContext);
}
