import { FILTER_DEBOUNCE_MS } from '@atrium/contract';
import { useEffect, useState } from 'react';

/** `value` once it has stopped changing for `delayMs` (spec 000 section 9: search and filter debounce). */
export function useDebouncedValue<T>(value: T, delayMs: number = FILTER_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
