import { useEffect, useRef } from 'react';

/** Whether a key press lands in a place where the user is typing: inputs, text areas, editable content. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('input, textarea, select')) return true;
  return (target instanceof HTMLElement && target.isContentEditable) || target.closest('[contenteditable]:not([contenteditable="false"])') !== null;
}

/** The keys a page answers (`event.key`: 'c', 'ArrowLeft', '?') and what each does. */
export type ShortcutMap = Readonly<Record<string, () => void>>;

/**
 * Single-key shortcuts of a page, on the document. Nothing fires while the user types in a field,
 * with Ctrl, Cmd or Alt held (the browser's and the system's own shortcuts), on a held-down repeat,
 * or while `enabled` is false (a drawer or dialog of the page is open).
 */
export function useShortcuts(shortcuts: ShortcutMap, enabled = true) {
  const current = useRef(shortcuts);
  useEffect(() => {
    current.current = shortcuts;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.repeat || event.defaultPrevented || isTypingTarget(event.target)) return;
      const action = current.current[event.key.length === 1 ? event.key.toLowerCase() : event.key] ?? current.current[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
