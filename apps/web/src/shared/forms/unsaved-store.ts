type UnloadTarget = Pick<Window, 'addEventListener' | 'removeEventListener'>;

/**
 * Which console tabs hold a form with unsaved changes (issue 17), so the shell can ask before it
 * closes such a tab, signs out, or navigates away from a page that is not kept alive; while any form
 * is dirty, reloading or closing the browser page gets the browser's own question.
 *
 * Forms mark themselves from an effect. A page kept alive in a hidden tab has its effects cleaned up
 * (React's Activity) while its state, typed values included, stays: the shell tells the store which
 * tabs are hidden, and a release from a hidden tab keeps the mark. A form whose tab is shown, or that
 * belongs to no tab, is released for good.
 */
export function createUnsavedStore(target: UnloadTarget | null) {
  /** The dirty forms, each with the tab path of its page ('' outside the shell's pages). */
  const marks = new Map<symbol, string>();
  let hiddenTabs: ReadonlySet<string> = new Set();
  let version = 0;
  let isListening = false;
  const listeners = new Set<() => void>();

  const askBeforeUnload = (event: BeforeUnloadEvent) => {
    event.preventDefault();
    // Older browsers need a value; every current one shows its own text.
    event.returnValue = '';
  };

  const changed = () => {
    version += 1;
    const shouldListen = marks.size > 0;
    if (target && shouldListen !== isListening) {
      if (shouldListen) target.addEventListener('beforeunload', askBeforeUnload);
      else target.removeEventListener('beforeunload', askBeforeUnload);
      isListening = shouldListen;
    }
    listeners.forEach((listener) => listener());
  };

  const unmark = (id: symbol) => {
    if (marks.delete(id)) changed();
  };

  const forget = (keep: (path: string) => boolean) => {
    const before = marks.size;
    for (const [id, path] of marks) if (!keep(path)) marks.delete(id);
    if (marks.size !== before) changed();
  };

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Changes with every mark and release, for useSyncExternalStore. */
    getSnapshot: () => version,
    /** Form `id` of the page in tab `path` has unsaved changes. */
    mark(id: symbol, path: string) {
      if (marks.get(id) === path) return;
      marks.set(id, path);
      changed();
    },
    /** Form `id` is clean again. */
    unmark,
    /** Form `id` stops watching (its effect is cleaned up): clean unless its tab is only hidden. */
    release(id: symbol) {
      const path = marks.get(id);
      if (path !== undefined && !hiddenTabs.has(path)) unmark(id);
    },
    /** The tabs whose pages are kept alive while another tab shows (set by the shell). */
    setHiddenTabs(paths: Iterable<string>) {
      hiddenTabs = new Set(paths);
    },
    /** Whether any form is dirty, or any form of one of `paths` when given. */
    isDirty(paths?: readonly string[]) {
      return [...marks.values()].some((path) => !paths || paths.includes(path));
    },
    /** Drops the marks of the tabs `paths` (their changes are being discarded), or every mark. */
    discard(paths?: readonly string[]) {
      forget((path) => (paths ? !paths.includes(path) : false));
    },
  };
}

export type UnsavedStore = ReturnType<typeof createUnsavedStore>;

/** The console's store; asks through the browser before the page unloads while a form is dirty. */
export const unsavedStore = createUnsavedStore(typeof window === 'undefined' ? null : window);

