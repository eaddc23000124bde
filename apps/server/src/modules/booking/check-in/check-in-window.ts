import { MINUTE_MS } from '../../../platform/clock.js';

/** A meeting's check-in window: from `before` minutes ahead of its start to `after` minutes past it. */
export function checkInWindow(signIn: { beforeMinutes: number; afterMinutes: number }, startAt: number): { opensAt: number; closesAt: number } {
  return { opensAt: startAt - signIn.beforeMinutes * MINUTE_MS, closesAt: startAt + signIn.afterMinutes * MINUTE_MS };
}
