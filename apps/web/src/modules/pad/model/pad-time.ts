import { dateTimeFormat, type Lang } from '@atrium/contract';
import { useEffect, useState } from 'react';

/**
 * The door display's one time formatter: every time it shows is in its room's zone (UTC when the
 * room names none), in the display's language; the QR check-in page uses it too.
 */
export function padTime(ms: number, timeZone: string | null, lang: Lang): string {
  return dateTimeFormat(lang, { timeZone: timeZone ?? 'UTC', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms);
}

/** "Thu, Nov 26" / "11月26日周四": a day heading or the clock's date. */
export function padDay(ms: number, timeZone: string | null, lang: Lang): string {
  return dateTimeFormat(lang, { timeZone: timeZone ?? 'UTC', weekday: 'short', month: 'short', day: 'numeric' }).format(ms);
}

/** "2026-11-26": the room's calendar day, to group and compare days. */
export function padDayKey(ms: number, timeZone: string | null): string {
  return dateTimeFormat('en-CA', { timeZone: timeZone ?? 'UTC' }).format(ms);
}

/**
 * The server's time now, moved on every second: a tablet's own clock drifts, so the display counts
 * from the server's time when it last answered (`serverTime`, read at `readAt` by this clock).
 */
export function useServerNow(serverTime: number | undefined, readAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return serverTime === undefined ? now : now + (serverTime - readAt);
}
