import { createContext, useContext } from 'react';
import type { PageRoute } from '../shared/routing/page-route';
import { SHELL_PAGES } from './page-routes';

const ShellPagesContext = createContext<readonly PageRoute[]>(SHELL_PAGES);

/** Provides the shell's pages to the router's components (tests add pages the build lacks). */
export const ShellPagesProvider = ShellPagesContext.Provider;

/** The pages the shell can show: the menu, the tabs and the default page are built from them. */
export function useShellPages(): readonly PageRoute[] {
  return useContext(ShellPagesContext);
}
