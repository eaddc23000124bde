import type { BroadcastWindow } from './broadcast.js';

/**
 * Which notice a door display shows, without zod: the display's page uses it, and a module that builds
 * schemas would bring them to that page (issue 19). The windows are broadcast.ts's `PadBroadcast`.
 */

/** The window a display shows at `now`: of those running, the latest to start (then the newest notice). */
export function currentPadBroadcast<T extends BroadcastWindow & { id: number }>(list: readonly T[], now: number): T | null {
  let shown: T | null = null;
  for (const window of list) {
    if (window.startAt > now || window.endAt <= now) continue;
    if (!shown || window.startAt > shown.startAt || (window.startAt === shown.startAt && window.id > shown.id)) shown = window;
  }
  return shown;
}
