import { describe, expect, it, vi } from 'vitest';
import { createUnsavedStore } from './unsaved-store';

/** A window stand-in that records the beforeunload listener. */
function fakeWindow() {
  const listeners = new Set<EventListenerOrEventListenerObject>();
  return {
    listeners,
    addEventListener: vi.fn((_type: string, listener: EventListenerOrEventListenerObject) => void listeners.add(listener)),
    removeEventListener: vi.fn((_type: string, listener: EventListenerOrEventListenerObject) => void listeners.delete(listener)),
  };
}

describe('unsaved store', () => {
  it('knows which tabs hold dirty forms, and forgets a form marked clean', () => {
    const store = createUnsavedStore(null);
    const profile = Symbol('profile');
    const password = Symbol('password');
    const company = Symbol('company');
    store.mark(profile, '/personal');
    store.mark(password, '/personal');
    store.mark(company, '/company');
    expect(store.isDirty()).toBe(true);
    expect(store.isDirty(['/personal'])).toBe(true);
    expect(store.isDirty(['/index', '/role'])).toBe(false);
    store.unmark(profile);
    expect(store.isDirty(['/personal'])).toBe(true);
    store.unmark(password);
    expect(store.isDirty(['/personal'])).toBe(false);
    expect(store.isDirty()).toBe(true);
  });

  it('keeps the mark of a form whose tab is only hidden, and drops it once the tab is shown or gone', () => {
    const store = createUnsavedStore(null);
    const form = Symbol('form');
    store.mark(form, '/company');
    store.setHiddenTabs(['/company']);
    // The hidden page's effects are cleaned up; its typed values stay.
    store.release(form);
    expect(store.isDirty(['/company'])).toBe(true);
    store.setHiddenTabs([]);
    store.release(form);
    expect(store.isDirty(['/company'])).toBe(false);
  });

  it('drops the marks of discarded tabs, or all of them', () => {
    const store = createUnsavedStore(null);
    store.mark(Symbol('a'), '/a');
    store.mark(Symbol('b'), '/b');
    store.mark(Symbol('outside'), '');
    store.discard(['/a']);
    expect(store.isDirty(['/a'])).toBe(false);
    expect(store.isDirty(['/b'])).toBe(true);
    store.discard();
    expect(store.isDirty()).toBe(false);
  });

  it('asks the browser before unloading while any form is dirty, and only then', () => {
    const target = fakeWindow();
    const store = createUnsavedStore(target);
    const first = Symbol('first');
    const second = Symbol('second');
    store.mark(first, '/a');
    store.mark(second, '/b');
    expect(target.addEventListener).toHaveBeenCalledTimes(1);
    expect(target.listeners.size).toBe(1);
    const event = new Event('beforeunload', { cancelable: true });
    (([...target.listeners][0]) as EventListener)(event);
    expect(event.defaultPrevented).toBe(true);
    store.unmark(first);
    expect(target.listeners.size).toBe(1);
    store.unmark(second);
    expect(target.listeners.size).toBe(0);
  });

  it('tells subscribers of every change, not of repeated marks', () => {
    const store = createUnsavedStore(null);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const form = Symbol('form');
    store.mark(form, '/a');
    store.mark(form, '/a');
    store.unmark(form);
    store.unmark(form);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.mark(form, '/a');
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
