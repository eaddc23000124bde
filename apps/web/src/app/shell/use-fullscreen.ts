import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
};

/** Full-screen state of the page, following the browser (F11, Escape) as well as the toggle. */
export function useFullscreen() {
  const isFullscreen = useSyncExternalStore(subscribe, () => document.fullscreenElement !== null && document.fullscreenElement !== undefined);
  const toggle = () => {
    const change = isFullscreen ? document.exitFullscreen?.() : document.documentElement.requestFullscreen?.();
    // Refused (no user gesture, iframe without permission): the state simply stays as it is.
    change?.catch(() => undefined);
  };
  return { isFullscreen, toggle };
}
