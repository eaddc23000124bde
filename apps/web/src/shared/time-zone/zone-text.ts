import { daysBetween, toZoned } from '@atrium/contract';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The place an IANA zone is named after, from its id: `America/New_York` → `New York`. */
export function zoneCity(zone: string): string {
  const last = zone.split('/').pop() ?? zone;
  return last.replace(/_/g, ' ');
}

/** A zone's name for the reader: the locale's (locales/<lang>/zones.json) when listed, else its city. */
export function zoneName(zone: string, t: Translate): string {
  return t(`zones.${zone}`, { defaultValue: zoneCity(zone) });
}

/** `HH:mm` of an instant in the zone. */
export const clockIn = (ms: number, zone: string) => toZoned(ms, zone).time;

/** `HH:mm–HH:mm` of a span in the zone; an end on a later day says how many days later: `23:00–00:00 (+1)`. */
export function spanIn(startAt: number, endAt: number, zone: string): string {
  const start = toZoned(startAt, zone);
  const end = toZoned(endAt, zone);
  const later = daysBetween(start.date, end.date);
  return `${start.time}–${end.time}${later > 0 ? ` (+${later})` : ''}`;
}

/** Whether two zones show an instant differently (date or time): then a time in one must say which. */
export function showsDifferently(ms: number, zone: string, other: string): boolean {
  if (zone === other) return false;
  const a = toZoned(ms, zone);
  const b = toZoned(ms, other);
  return a.date !== b.date || a.time !== b.time;
}

/**
 * A span in the room's zone with the zone named ("09:00–10:00 London"), or null when the viewer's
 * zone shows it the same: the issue-17 rule that a time in another zone says so.
 */
export function roomLocalText(span: { startAt: number; endAt: number }, roomZone: string | null, viewerZone: string, t: Translate): string | null {
  if (!roomZone || !showsDifferently(span.startAt, roomZone, viewerZone)) return null;
  return t('booking.zone.local', { time: spanIn(span.startAt, span.endAt, roomZone), zone: zoneName(roomZone, t) });
}

/** "09:00–10:00 London · 04:00–05:00 your time", or the viewer's time alone when the zones agree. */
export function pairText(span: { startAt: number; endAt: number }, roomZone: string | null, viewerZone: string, t: Translate): string {
  const here = spanIn(span.startAt, span.endAt, viewerZone);
  if (!roomZone || !showsDifferently(span.startAt, roomZone, viewerZone)) return here;
  return t('booking.zone.pair', { there: spanIn(span.startAt, span.endAt, roomZone), zone: zoneName(roomZone, t), here });
}

/** Whole and half hours between two zones at an instant: positive when `zone` is ahead of `viewerZone`. */
export function hoursAhead(ms: number, zone: string, viewerZone: string): number {
  const wall = (z: string) => {
    const { date, time } = toZoned(ms, z);
    return Date.parse(`${date}T${time}:00Z`);
  };
  return (wall(zone) - wall(viewerZone)) / 3_600_000;
}
