import { useEffect, useEffectEvent } from 'react';

/**
 * Calls `onIdle` once nobody has touched, typed or scrolled for `ms` (a device's screen that goes back
 * to its start for the next person). Scrolling counts: a visitor reading a long text is not idle.
 */
export function useIdleTimeout(ms: number, onIdle: () => void) {
  const idle = useEffectEvent(onIdle);
  useEffect(() => {
    let timer = window.setTimeout(() => idle(), ms);
    const restart = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => idle(), ms);
    };
    // Captured on the document: scroll does not bubble, but its capture reaches the document.
    const events = ['pointerdown', 'keydown', 'input', 'scroll', 'wheel'] as const;
    events.forEach((name) => document.addEventListener(name, restart, { capture: true, passive: true }));
    return () => {
      window.clearTimeout(timer);
      events.forEach((name) => document.removeEventListener(name, restart, { capture: true }));
    };
  }, [ms]);
}
