import { DEFAULT_COLOR } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, parsePreferences, preferencesKey } from './preferences';
import { createPreferencesStore } from './preferences-store';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

describe('parsePreferences', () => {
  it('keeps hidden columns per route and drops anything else', () => {
    const { preferences, repaired } = parsePreferences(JSON.stringify({ columns: { '/directory': ['phone', 3], nope: ['x'], '/mail-outbox': 'x' } }));
    expect(preferences.columns).toEqual({ '/directory': ['phone'] });
    expect(repaired).toBe(true);
  });

  it('gives the defaults when nothing is saved', () => {
    expect(parsePreferences(null)).toEqual({ preferences: DEFAULT_PREFERENCES, repaired: false });
    expect(DEFAULT_PREFERENCES.color).toBe(DEFAULT_COLOR);
    expect(DEFAULT_PREFERENCES.themeName).toBe('emerald');
  });

  it('reads valid preferences as they are', () => {
    const saved = {
      tabs: [{ path: '/personal', fullPath: '/personal?x=1' }],
      sidebarCollapsed: true,
      themeName: 'emerald',
      color: '#13c2c2',
      darkMode: true,
      columns: { '/directory': ['phone', 'usercode'] },
    };
    expect(parsePreferences(JSON.stringify(saved))).toEqual({ preferences: saved, repaired: false });
  });

  it('resets an unknown theme to the first theme and asks for a save', () => {
    const { preferences, repaired } = parsePreferences(JSON.stringify({ themeName: 'atlantis', darkMode: true }));
    expect(preferences.themeName).toBe('emerald');
    expect(preferences.darkMode).toBe(true);
    expect(repaired).toBe(true);
  });

  it('keeps the titles pages gave their tabs, and drops empty ones', () => {
    const { preferences } = parsePreferences(
      JSON.stringify({ tabs: [{ path: '/role-detail/5', fullPath: '/role-detail/5/members', title: 'Front desk' }, { path: '/a', fullPath: '/a', title: '' }] }),
    );
    expect(preferences.tabs).toEqual([{ path: '/role-detail/5', fullPath: '/role-detail/5/members', title: 'Front desk' }, { path: '/a', fullPath: '/a' }]);
  });

  it('drops broken tabs and bad colours', () => {
    const { preferences, repaired } = parsePreferences(
      JSON.stringify({ tabs: [{ path: 'nope', fullPath: 'nope' }, { path: '/a', fullPath: '/a' }, 7], color: 'red' }),
    );
    expect(preferences.tabs).toEqual([{ path: '/a', fullPath: '/a' }]);
    expect(preferences.color).toBe(DEFAULT_COLOR);
    expect(repaired).toBe(true);
  });

  it('survives garbage', () => {
    expect(parsePreferences('{not json')).toEqual({ preferences: DEFAULT_PREFERENCES, repaired: true });
    expect(parsePreferences('42').preferences).toEqual(DEFAULT_PREFERENCES);
  });
});

describe('preferences store', () => {
  it('keeps preferences per user and saves each change', () => {
    const storage = memoryStorage();
    const store = createPreferencesStore(storage);
    store.activate(1);
    store.update(() => ({ sidebarCollapsed: true, tabs: [{ path: '/personal', fullPath: '/personal' }] }));
    store.activate(2);
    expect(store.getSnapshot().preferences.sidebarCollapsed).toBe(false);
    store.update(() => ({ darkMode: true }));

    const reloaded = createPreferencesStore(storage);
    reloaded.activate(1);
    expect(reloaded.getSnapshot().preferences).toMatchObject({ sidebarCollapsed: true, darkMode: false });
    expect(reloaded.getSnapshot().preferences.tabs).toEqual([{ path: '/personal', fullPath: '/personal' }]);
    reloaded.activate(2);
    expect(reloaded.getSnapshot().preferences).toMatchObject({ sidebarCollapsed: false, darkMode: true });
  });

  it('saves the repaired theme when a user with an invalid one signs in', () => {
    const storage = memoryStorage({ [preferencesKey(5)]: JSON.stringify({ themeName: 'polarNight' }) });
    const store = createPreferencesStore(storage);
    store.activate(5);
    expect(store.getSnapshot().preferences.themeName).toBe('emerald');
    expect(JSON.parse(storage.data.get(preferencesKey(5))!).themeName).toBe('emerald');
  });

  it('saves nothing before sign-in and notifies subscribers', () => {
    const storage = memoryStorage();
    const store = createPreferencesStore(storage);
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    store.update(() => ({ darkMode: true }));
    expect(storage.data.size).toBe(0);
    expect(calls).toBe(1);
    store.update(() => ({ darkMode: true }));
    expect(calls).toBe(1);
    unsubscribe();
    store.activate(3);
    expect(calls).toBe(1);
  });

  it('returns to the defaults after sign-out', () => {
    const store = createPreferencesStore(memoryStorage());
    store.activate(1);
    store.update(() => ({ darkMode: true }));
    store.deactivate();
    expect(store.getSnapshot()).toEqual({ userId: null, preferences: DEFAULT_PREFERENCES });
  });
});
