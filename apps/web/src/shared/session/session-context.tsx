import type { CurrentUserInfo, MenuEntry } from '@atrium/contract';
import { createContext, useContext } from 'react';
import type { FlatMenuItem, MenuNode } from '../menu/menu-model';

/** The signed-in user and their menu, available to every page inside the shell. */
export interface Session {
  user: CurrentUserInfo;
  /** The menu as the server sent it. */
  menu: MenuEntry[];
  /** The menu ready for display, with targets and placeholder paths. */
  menuNodes: MenuNode[];
  /** Selectable entries in menu order. */
  menuItems: FlatMenuItem[];
  /** Console paths of the menu: the input of the allowed-paths rule. */
  menuPaths: string[];
}

const SessionContext = createContext<Session | null>(null);

export const SessionProvider = SessionContext.Provider;

/** The session when signed in, else null (components also shown outside the shell, and their tests). */
export function useOptionalSession(): Session | null {
  return useContext(SessionContext);
}

/** The session; only for components rendered inside the signed-in part of the router. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside the signed-in shell');
  return session;
}
