import { useEffect, useRef } from 'react';
import { isTypingTarget } from '../../shared/hooks/use-shortcuts';

export { isTypingTarget };

/**
 * Recognises a key pressed twice within `windowMs` outside text fields (spec 000 section 2: the letter
 * s pressed repeatedly opens the search). Any other key, a modifier or typing in a field starts over.
 */
export function createDoubleKeyDetector(key: string, windowMs: number, now: () => number = () => Date.now()) {
  let last = Number.NEGATIVE_INFINITY;
  return (event: Pick<KeyboardEvent, 'key' | 'target' | 'ctrlKey' | 'metaKey' | 'altKey' | 'repeat'>): boolean => {
    const isKey = event.key.toLowerCase() === key && !event.ctrlKey && !event.metaKey && !event.altKey;
    if (!isKey || event.repeat || isTypingTarget(event.target)) {
      last = Number.NEGATIVE_INFINITY;
      return false;
    }
    const time = now();
    if (time - last <= windowMs) {
      last = Number.NEGATIVE_INFINITY;
      return true;
    }
    last = time;
    return false;
  };
}

/** Double-press window of the search hotkey, in milliseconds. */
export const DOUBLE_PRESS_MS = 500;

/** Calls `onTrigger` when `key` is pressed twice quickly anywhere outside a text field. */
export function useDoubleKeyPress(key: string, onTrigger: () => void, enabled = true) {
  const trigger = useRef(onTrigger);
  useEffect(() => {
    trigger.current = onTrigger;
  });
  useEffect(() => {
    if (!enabled) return;
    const detect = createDoubleKeyDetector(key, DOUBLE_PRESS_MS);
    const onKeyDown = (event: KeyboardEvent) => {
      if (!detect(event)) return;
      // Keeps the second letter out of the search box that is about to take focus.
      event.preventDefault();
      trigger.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [key, enabled]);
}
