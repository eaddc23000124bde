import { useSyncExternalStore } from 'react';
import { DEFAULT_PREFERENCES, parsePreferences, preferencesKey, type Preferences } from './preferences';

type PreferencesStorage = Pick<Storage, 'getItem' | 'setItem'>;

export interface PreferencesState {
  /** The signed-in user whose preferences these are; null before sign-in (defaults, never saved). */
  userId: number | null;
  preferences: Preferences;
}

/**
 * Holds the current user's preferences and saves every change to `storage` under the user's key.
 * Subscribable, so React reads it with useSyncExternalStore.
 */
export function createPreferencesStore(storage: PreferencesStorage | null) {
  let state: PreferencesState = { userId: null, preferences: DEFAULT_PREFERENCES };
  const listeners = new Set<() => void>();

  const emit = () => listeners.forEach((listener) => listener());
  const read = (key: string) => {
    try {
      return storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  const write = (userId: number, preferences: Preferences) => {
    try {
      storage?.setItem(preferencesKey(userId), JSON.stringify(preferences));
    } catch {
      // Storage full or disabled: preferences then last for this visit only.
    }
  };

  return {
    getSnapshot: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Loads the preferences of the user who just signed in, repairing and saving invalid ones. */
    activate(userId: number) {
      if (state.userId === userId) return;
      const { preferences, repaired } = parsePreferences(read(preferencesKey(userId)));
      if (repaired) write(userId, preferences);
      state = { userId, preferences };
      emit();
    },
    /** Back to the defaults after sign-out. */
    deactivate() {
      if (state.userId === null) return;
      state = { userId: null, preferences: DEFAULT_PREFERENCES };
      emit();
    },
    /** Applies a change and saves it for the current user. */
    update(change: (current: Preferences) => Partial<Preferences>) {
      const next = { ...state.preferences, ...change(state.preferences) };
      if ((Object.keys(next) as (keyof Preferences)[]).every((key) => next[key] === state.preferences[key])) return;
      state = { ...state, preferences: next };
      if (state.userId !== null) write(state.userId, next);
      emit();
    },
  };
}

export type PreferencesStore = ReturnType<typeof createPreferencesStore>;

/** The console's store, saved in localStorage. */
export const preferencesStore = createPreferencesStore(typeof localStorage === 'undefined' ? null : localStorage);

/** The current user's preferences; re-renders on change. */
export function usePreferences(store: PreferencesStore = preferencesStore): Preferences {
  return useSyncExternalStore(store.subscribe, () => store.getSnapshot().preferences);
}

/** The id of the user whose preferences are loaded. */
export function usePreferencesUserId(store: PreferencesStore = preferencesStore): number | null {
  return useSyncExternalStore(store.subscribe, () => store.getSnapshot().userId);
}
