import { useCallback, useEffect, useRef } from 'react';

/** How long a single click waits, so a double click does not also count as one (spec 000 section 4). */
export const SINGLE_CLICK_DELAY_MS = 300;

/**
 * Tells a single click from a double click: `onSingle` runs SINGLE_CLICK_DELAY_MS after a click
 * unless a second click came first, in which case only `onDouble` runs.
 */
export function useClickOrDoubleClick<T>(onSingle: (item: T) => void, onDouble: (item: T) => void) {
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancel = () => {
    if (pending.current) clearTimeout(pending.current);
    pending.current = null;
  };
  useEffect(() => cancel, []);
  const onClick = useCallback(
    (item: T) => {
      cancel();
      pending.current = setTimeout(() => {
        pending.current = null;
        onSingle(item);
      }, SINGLE_CLICK_DELAY_MS);
    },
    [onSingle],
  );
  const onDoubleClick = useCallback(
    (item: T) => {
      cancel();
      onDouble(item);
    },
    [onDouble],
  );
  return { onClick, onDoubleClick };
}
