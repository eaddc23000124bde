import { COOKIE_PREFIX, DEFAULT_COLOR } from '@atrium/contract';
import { isHexColor, resolveThemeName, THEMES } from '../theme/themes';

/** An open tab as it is saved: the page's path and the full address last shown in it. */
export interface SavedTab {
  path: string;
  fullPath: string;
  /** The title the page gave its tab (e.g. a role's name); absent: the page's own title. */
  title?: string;
}

/** Local preferences of one user on this device (spec 000 section 3, Local preferences). */
export interface Preferences {
  tabs: SavedTab[];
  sidebarCollapsed: boolean;
  themeName: string;
  color: string;
  darkMode: boolean;
  /** Hidden table columns per page route, e.g. `{ '/directory': ['phone'] }`. */
  columns: Record<string, string[]>;
}

export const DEFAULT_PREFERENCES: Preferences = {
  tabs: [],
  sidebarCollapsed: false,
  themeName: THEMES[0].name,
  color: DEFAULT_COLOR,
  darkMode: false,
  columns: {},
};

/** localStorage key of a user's preferences. */
export const preferencesKey = (userId: number) => `${COOKIE_PREFIX}prefs_${userId}`;

function isSavedTab(value: unknown): value is SavedTab {
  if (!value || typeof value !== 'object') return false;
  const { path, fullPath } = value as Record<string, unknown>;
  return typeof path === 'string' && path.startsWith('/') && typeof fullPath === 'string' && fullPath.startsWith(path);
}

/** Hidden columns per route: only string lists under route keys are kept. */
function parseColumns(value: unknown): Record<string, string[]> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const out: Record<string, string[]> = {};
  for (const [route, hidden] of Object.entries(value as Record<string, unknown>)) {
    if (route.startsWith('/') && Array.isArray(hidden)) out[route] = hidden.filter((key): key is string => typeof key === 'string');
  }
  return out;
}

/**
 * Reads saved preferences, keeping every valid field and defaulting the rest. `repaired` is true when
 * something had to change, notably an unknown theme name reset to the first theme (spec 000 section 4),
 * so the caller saves the repaired value.
 */
export function parsePreferences(raw: string | null): { preferences: Preferences; repaired: boolean } {
  if (raw === null) return { preferences: DEFAULT_PREFERENCES, repaired: false };
  let data: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(raw);
    data = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return { preferences: DEFAULT_PREFERENCES, repaired: true };
  }
  const tabs = Array.isArray(data.tabs)
    ? data.tabs.filter(isSavedTab).map(({ path, fullPath, title }) => (typeof title === 'string' && title !== '' ? { path, fullPath, title } : { path, fullPath }))
    : [];
  const preferences: Preferences = {
    tabs,
    sidebarCollapsed: typeof data.sidebarCollapsed === 'boolean' ? data.sidebarCollapsed : DEFAULT_PREFERENCES.sidebarCollapsed,
    themeName: resolveThemeName(data.themeName),
    color: isHexColor(data.color) ? data.color : DEFAULT_PREFERENCES.color,
    darkMode: typeof data.darkMode === 'boolean' ? data.darkMode : DEFAULT_PREFERENCES.darkMode,
    columns: parseColumns(data.columns),
  };
  // A stored field that had to change (an unknown theme, a broken tab) is saved back repaired.
  const repaired = Object.entries(preferences).some(
    ([key, value]) => key in data && JSON.stringify(data[key]) !== JSON.stringify(value),
  );
  return { preferences, repaired };
}
